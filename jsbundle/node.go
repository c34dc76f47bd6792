package jsbundle

import (
	"io/fs"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/evanw/esbuild/pkg/api"

	node "github.com/sobjects/sobjects/sdk-js/node"
)

// Node.js compatibility (https://developers.cloudflare.com/workers/runtime-apis/nodejs/):
// under the nodejs_compat compatibility flag (or nodejs_compat_v2, or a compatibility
// date from nodeCompatDate on), an import of one of nodeModules, as node:NAME or as
// the bare NAME, resolves to its source in package node, bundled like any module of
// the project; Buffer, process, global, setImmediate and clearImmediate are globals
// (nodeGlobals, injected: bundled only when the code names them). Without the flag, or for a module package node lacks
// (node:fs, ...), the import is an unsupported API, as before.

// nodeNamespace is esbuild's namespace of the modules of package node.
const nodeNamespace = "sobjects-node"

// nodeGlobalsPath is the module esbuild injects under nodejs_compat: its exports are
// the globals workerd adds under the flag (Buffer, process, global, setImmediate,
// clearImmediate), each bundled only when the code names it.
const nodeGlobalsPath = "sobjects:node-globals"

const nodeGlobals = `export { Buffer } from "node:buffer";
export { default as process } from "node:process";
export { setImmediate, clearImmediate } from "node:timers";
export const global = globalThis;
`

// The compatibility dates of workerd's Node.js flags: from nodeCompatDate on,
// nodejs_compat is on unless no_nodejs_compat is set; from populateEnvDate on (with
// nodejs_compat), process.env holds the vars unless
// nodejs_compat_do_not_populate_process_env is set.
const (
	nodeCompatDate  = "2026-08-04"
	populateEnvDate = "2025-04-01"
)

// nodeModules maps the name of each module of package node ("buffer",
// "stream/promises", "_host" for the internal ones) to its file.
var nodeModules = func() map[string]string {
	m := map[string]string{}
	files, _ := fs.Glob(node.Sources, "*.js")
	for _, f := range files {
		name := strings.TrimSuffix(f, ".js")
		m[strings.ReplaceAll(name, "-", "/")] = f
	}
	m["_config"] = "" // written by load: the project's nodeConfig
	return m
}()

// nodeConfig is how a project's Node.js modules are built; nil when nodejs_compat is
// off.
type nodeConfig struct {
	populateEnv bool // process.env holds the vars
	alsOnly     bool // nodejs_als without nodejs_compat: node:async_hooks only, no globals

	// asyncHooks is set once a build resolves node:async_hooks. The bundle then has
	// its async functions lowered to generators (lowerAsync), whose awaits go through
	// Promise.prototype.then, which AsyncLocalStorage wraps: so the store follows an
	// await, which the engine gives no other hook for.
	asyncHooks atomic.Bool
}

// lowerAsync are the esbuild features turned off for a bundle that uses
// AsyncLocalStorage: esbuild writes async functions, async generators and for await
// with generators and promise callbacks instead.
var lowerAsync = map[string]bool{"async-await": false, "async-generator": false, "for-await": false}

// nodeCompat reads the Node.js compatibility of a wrangler file's compatibility_date
// and compatibility_flags: nil when it is off; node:async_hooks alone under nodejs_als
// (https://developers.cloudflare.com/workers/configuration/compatibility-flags/).
func nodeCompat(date string, flags []string) *nodeConfig {
	has := func(f string) bool { return slices.Contains(flags, f) }
	on := has("nodejs_compat") || has("nodejs_compat_v2") || (date >= nodeCompatDate && !has("no_nodejs_compat"))
	if !on {
		if has("nodejs_als") {
			return &nodeConfig{alsOnly: true}
		}
		return nil
	}
	populate := has("nodejs_compat_populate_process_env") || (date >= populateEnvDate && !has("nodejs_compat_do_not_populate_process_env"))
	return &nodeConfig{populateEnv: populate}
}

// cjsPrefix starts the path of the CommonJS face of a module of package node: what
// require() gives, the module's default export (require("events") is EventEmitter, as
// in Node.js, not the namespace of the ES module).
const cjsPrefix = "cjs:"

// resolve resolves the import a to a module of package node: ok is false when package
// node does not provide it. Internal modules (node:_host) resolve for the modules of
// package node only.
func (c *nodeConfig) resolve(a api.OnResolveArgs) (r api.OnResolveResult, ok bool) {
	if c == nil {
		return r, false
	}
	if a.Path == nodeGlobalsPath {
		return api.OnResolveResult{Path: "globals", Namespace: nodeNamespace, SideEffects: api.SideEffectsFalse}, true
	}
	name := strings.TrimPrefix(a.Path, "node:")
	if _, provided := nodeModules[name]; !provided || (strings.HasPrefix(name, "_") && a.Namespace != nodeNamespace) {
		return r, false
	}
	if c.alsOnly && name != "async_hooks" && a.Namespace != nodeNamespace {
		return r, false
	}
	if name == "async_hooks" {
		c.asyncHooks.Store(true)
	}
	if (a.Kind == api.ResolveJSRequireCall || a.Kind == api.ResolveJSRequireResolve) && !strings.HasPrefix(a.Importer, cjsPrefix) {
		return api.OnResolveResult{Path: cjsPrefix + name, Namespace: nodeNamespace}, true
	}
	// Side-effect free: a module nothing uses (Buffer, when the code never names it)
	// is left out.
	return api.OnResolveResult{Path: name, Namespace: nodeNamespace, SideEffects: api.SideEffectsFalse}, true
}

// load is the source of the module of package node named name.
func (c *nodeConfig) load(name string) (api.OnLoadResult, error) {
	var src string
	switch {
	case strings.HasPrefix(name, cjsPrefix):
		src = "module.exports = require(\"node:" + strings.TrimPrefix(name, cjsPrefix) + "\").default;\n"
	case name == "globals":
		src = nodeGlobals
	case name == "_config":
		src = "export const populateEnv = " + map[bool]string{true: "true", false: "false"}[c.populateEnv] + ";\n"
	default:
		b, err := fs.ReadFile(node.Sources, nodeModules[name])
		if err != nil {
			return api.OnLoadResult{}, err
		}
		src = string(b)
	}
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
}
