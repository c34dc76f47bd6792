package jsbundle

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sobjects/sobjects/internal/assets"
)

// Marker is the first line of every bundle, followed by "\n". The engine tells a
// bundle from a WebAssembly module by it.
const Marker = "/*sobjects-js-bundle v1*/"

// manifestPrefix and manifestSuffix surround the manifest's JSON on a bundle's second
// line.
const (
	manifestPrefix = "globalThis.__sobjects_manifest = "
	manifestSuffix = ";"
)

// Errors of Load, Bundle and Project.Check. A failed build is a *BuildError.
var (
	// ErrNoConfig: the folder given to Load has no wrangler.json, wrangler.jsonc or
	// wrangler.toml.
	ErrNoConfig = errors.New("no wrangler.json, wrangler.jsonc or wrangler.toml")
	// ErrNoMain: the wrangler file names no entry module (main), or the file it names
	// does not exist.
	ErrNoMain = errors.New("no entry module")
	// ErrConfig: the wrangler file cannot be parsed or has a field of the wrong type.
	ErrConfig = errors.New("invalid wrangler configuration")
	// ErrNotJS: a path given to Load is neither a folder nor a .js, .mjs, .cjs, .jsx,
	// .ts, .mts or .tsx file, or a source given to Bundle is not UTF-8 text.
	ErrNotJS = errors.New("not a JavaScript project")
	// ErrBadBundle: a text that starts with Marker has no valid manifest line.
	ErrBadBundle = errors.New("invalid bundle")
	// ErrUnsupported: the project uses APIs the host does not provide (Check).
	ErrUnsupported = errors.New("unsupported APIs")
	// ErrNoEnv: the wrangler file has no environment of the name given to LoadEnv, or
	// LoadEnv was given a single file, which has none.
	ErrNoEnv = errors.New("no such wrangler environment")
)

// Project is a bundled JavaScript project.
type Project struct {
	// Name is wrangler's name; without one, the folder's name. For a single file it is
	// the file's name without its extension; for Bundle, the name it was given.
	Name string `json:"name"`
	// Dir is the project's folder (absolute); empty for Bundle.
	Dir string `json:"dir,omitempty"`
	// Main is the entry module, relative to Dir; empty for Bundle.
	Main string `json:"main,omitempty"`
	// Env is the wrangler environment the project was loaded for (LoadEnv); empty for
	// the top level. Its Durable Object classes are deployed under names of their own
	// (DeployedClass).
	Env string `json:"env,omitempty"`
	// NotInherited lists, sorted, the keys the top level of the wrangler file sets that
	// an environment does not inherit (vars, durable_objects, kv_namespaces, ...) and
	// Env does not set: the project has none of them, as wrangler, which warns of
	// the same. Nil without Env.
	NotInherited []string `json:"not_inherited,omitempty"`
	// Bundle is the bundle: Marker, the manifest line and the script.
	Bundle []byte `json:"-"`
	// Bindings are the Durable Object bindings, sorted by Name.
	Bindings []Binding `json:"bindings"`
	// Services are the service bindings of the wrangler file to this Worker itself
	// (services entries whose service is Name), sorted by Name: env.NAME calls its
	// entrypoint by RPC and fetch. Service bindings to other Workers are ignored.
	Services []Service `json:"services,omitempty"`
	// Migrated are the classes the wrangler file's migrations give storage
	// (new_classes, new_sqlite_classes), sorted: Durable Object classes that
	// ctx.exports offers even without a binding (DeployClasses deploys them).
	Migrated []string `json:"migrated,omitempty"`
	// Vars are wrangler's vars: JSON values (strings, numbers, booleans, arrays,
	// objects) by name, and the local secrets (Secrets), strings. Never nil.
	Vars map[string]any `json:"vars"`
	// Secrets are the names, sorted, of the vars that come from the project's local
	// secrets (devvars.go): .dev.vars beside the wrangler file (.dev.vars.ENV for the
	// environment ENV, when it exists), or, without one, the .env files, in dotenv
	// syntax, as wrangler dev reads them. Their values, strings, are in Vars, over vars
	// of the same name, and in the bundle; inspect prints only their names.
	// SecretsFiles are the files they came from, relative to Dir. Both nil for none.
	Secrets      []string `json:"secrets,omitempty"`
	SecretsFiles []string `json:"secrets_files,omitempty"`
	// Unsupported lists, sorted and without duplicates, what the project uses that the
	// host does not provide: module names ("cloudflare:sockets", "node:fs", "fs"),
	// names missing from cloudflare:workers ("cloudflare:workers.WorkflowEntrypoint"),
	// and bindings to another Worker ("durable_objects.bindings.NAME.script_name").
	Unsupported []string `json:"unsupported"`
	// Ignored lists, sorted, the settings of the wrangler file that sobjects does not
	// act on, as dotted paths: bindings ("kv_namespaces.MY_KV", "r2_buckets.FILES",
	// "queues.producers.JOBS", "ai.AI"), triggers ("triggers.crons"), "routes",
	// top-level-only keys set in the environment loaded ("env.staging.keep_vars"),
	// compatibility flags sobjects does not know
	// ("compatibility_flags.FLAG"), migrations it does not apply
	// ("migrations.v2.renamed_classes"), and every key it does not know ("limits",
	// "placement", "observability", ...). Nil for a single file and a bundle. Check
	// does not refuse them; `sobjects inspect --strict` does.
	Ignored []string `json:"ignored,omitempty"`
	// IgnoredBindings are the env bindings among Ignored, binding name -> setting
	// ("MY_KV" -> "kv_namespaces.MY_KV"), less those a var or a Durable Object binding
	// of the same name provides. In the bundle's manifest: env.MY_KV is a stand-in whose
	// every use (env.MY_KV.get(...)) throws an Error naming the binding and saying
	// sobjects does not provide it.
	IgnoredBindings map[string]string `json:"ignored_bindings,omitempty"`
	// Stubbed lists, sorted, the names the project imports from cloudflare:workers that
	// Cloudflare provides and sobjects defines without implementing them
	// (WorkflowEntrypoint, RpcStub, withEnv, ...): the project loads, and using one
	// throws an Error that names it. Never nil; Check does not refuse them.
	Stubbed []string `json:"stubbed"`
	// HasDefault says the entry module has a default export (a Worker's fetch handler).
	HasDefault bool `json:"has_default"`
	// Classes are the entry module's exports other than default, sorted: a superset of
	// the classes that extend DurableObject.
	Classes []string `json:"classes"`
	// NodeCompat says the wrangler file turns Node.js compatibility on
	// (compatibility_flags has nodejs_compat or nodejs_compat_v2, or the
	// compatibility_date is 2026-08-04 or later without no_nodejs_compat): node:buffer,
	// node:events, ... (package node's modules) and their bare names resolve to
	// sobjects' modules, and Buffer, process, global, setImmediate and clearImmediate
	// are globals. Only Load reads it.
	NodeCompat bool `json:"nodejs_compat,omitempty"`
	// CompatibilityDate and CompatibilityFlags are the wrangler file's
	// compatibility_date ("" for none) and compatibility_flags, as written. sobjects has
	// one behaviour whatever the date but for Node.js compatibility (NodeCompat) and
	// static assets' navigation requests, which the date turns on as on Cloudflare; the
	// flags it does not act on are in Ignored ("compatibility_flags.FLAG"). Empty for a
	// single file and a bundle.
	CompatibilityDate  string   `json:"compatibility_date,omitempty"`
	CompatibilityFlags []string `json:"compatibility_flags,omitempty"`
	// Modules are the non-JavaScript modules the bundle holds, sorted by Path: the
	// imports that the wrangler file's rules and DefaultRules make Text, Data or
	// CompiledWasm modules (rules.go). Nil when there are none.
	Modules []Module `json:"modules,omitempty"`
	// Assets are the project's static assets (the wrangler file's assets setting,
	// assets.go): the bundle carries their files after its script. Nil for none.
	Assets *Assets `json:"assets,omitempty"`

	node          *nodeConfig    // set when NodeCompat is
	rules         []compiledRule // the module rules that apply, in order (readRules); nil for Bundle
	mods          *modules       // the modules the build found
	assetsIgnored []string       // the fields of the assets setting Load does not act on (readAssets)
}

// Binding is a Durable Object binding: env.Name is a namespace of the objects of
// class Class, the project's export (class_name), deployed as
// Project.DeployedClass(Class).
type Binding struct {
	Name  string `json:"name"`
	Class string `json:"class"`
}

// Check returns nil when the host provides everything the project uses, else an error
// that wraps ErrUnsupported and names each unsupported API; or one that wraps ErrConfig
// when a binding names a class the entry module does not export.
func (p *Project) Check() error {
	for _, b := range p.Bindings {
		if !slices.Contains(p.Classes, b.Class) && len(p.Classes) > 0 {
			return fmt.Errorf("%w: binding %s names class %s, which %s does not export (it exports %s)",
				ErrConfig, b.Name, b.Class, cmp.Or(p.Main, p.Name), strings.Join(p.Classes, ", "))
		}
	}
	if len(p.Unsupported) == 0 {
		return nil
	}
	var hints []string
	for _, u := range p.Unsupported {
		if strings.HasPrefix(u, "cloudflare:workers.") {
			hints = append(hints, "of cloudflare:workers, the host provides DurableObject, WorkerEntrypoint, RpcTarget, SobjectsError, env and waitUntil, and stubs Cloudflare's other exports")
			break
		}
	}
	for _, u := range p.Unsupported {
		if _, ok := nodeModules[strings.TrimPrefix(u, "node:")]; ok && !p.NodeCompat {
			hints = append(hints, `Node.js modules such as `+u+` are provided with compatibility_flags = ["nodejs_compat"] in the wrangler file`)
			break
		}
	}
	msg := strings.Join(p.Unsupported, ", ")
	if len(hints) > 0 {
		msg += " (" + strings.Join(hints, "; ") + ")"
	}
	return fmt.Errorf("%w: %s", ErrUnsupported, msg)
}

// DeployedClass is the class an export of the project's (a Durable Object class) is
// deployed as: export itself at the top level; in an environment (Env), export, "."
// and Env ("Room.staging"), so that each environment has namespaces of its own, as on
// Cloudflare, where an environment is a Worker of its own
// (https://developers.cloudflare.com/workers/wrangler/environments/). No export name
// holds a "." (it is a JavaScript identifier), so the two never meet.
func (p *Project) DeployedClass(export string) string {
	if p.Env == "" {
		return export
	}
	return export + "." + p.Env
}

// DeployClasses are the classes a project is deployed as: the class of each binding
// and each of Migrated that it exports, or, when it has no binding, each of Classes,
// each as DeployedClass names it; and Name too when the project has a default export
// (a Worker). Sorted, without duplicates.
func (p *Project) DeployClasses() []string {
	var out []string
	for _, b := range p.Bindings {
		out = append(out, p.DeployedClass(b.Class))
	}
	for _, c := range p.Migrated {
		if slices.Contains(p.Classes, c) {
			out = append(out, p.DeployedClass(c))
		}
	}
	if len(p.Bindings) == 0 {
		for _, c := range p.Classes {
			out = append(out, p.DeployedClass(c))
		}
	}
	if p.HasDefault {
		out = append(out, p.Name)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// IsBundle says whether b is a bundle: it starts with Marker and "\n".
func IsBundle(b []byte) bool {
	return bytes.HasPrefix(b, []byte(Marker+"\n"))
}

// jsExtensions are the file names Load takes as a single-file project.
var jsExtensions = []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".tsx"}

// IsProjectPath says whether path names a JavaScript project for Load: an existing
// folder, a wrangler file, or a file whose name ends in a JavaScript or TypeScript
// extension (.js, .mjs, .cjs, .jsx, .ts, .mts, .tsx).
func IsProjectPath(path string) bool {
	if slices.Contains(jsExtensions, strings.ToLower(filepath.Ext(path))) || slices.Contains(configFiles, filepath.Base(path)) {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// Load bundles the project at path: a folder with a wrangler file (wrangler.json,
// wrangler.jsonc or wrangler.toml, tried in that order, as wrangler does), that file
// itself, or a single JavaScript or TypeScript file (then Name is its name without the
// extension and there are no bindings or vars). Of the wrangler file it reads name,
// main, vars, durable_objects.bindings, rules (rules.go) and assets (assets.go; a
// project with assets and no main gets a Worker that serves them)
// (https://developers.cloudflare.com/workers/wrangler/configuration/); it ignores the
// other fields and lists them in Ignored (environments, [env.NAME], are LoadEnv's). Imports resolve as wrangler
// resolves them: relative files, and packages from node_modules folders at or above
// the project (the "workerd", "worker" and "browser" conditions and the browser,
// module and main fields of package.json).
//
// Load reads files only; the bundle has no size limit of its own (the host refuses
// uploads over abi.DefaultMaxUploadBytes). It is safe to call from many goroutines.
//
// # Errors
//
// ErrNotJS, ErrNoConfig, ErrNoMain or ErrConfig, naming the file; a *BuildError with
// esbuild's messages (file:line:col) for syntax errors and imports that do not resolve.
// Unsupported APIs are no error: see Project.Unsupported and Project.Check.
func Load(path string) (*Project, error) { return LoadEnv(path, "") }

// LoadEnv is Load for the wrangler environment env ([env.NAME] of the wrangler file),
// as `wrangler deploy --env NAME` reads it
// (https://developers.cloudflare.com/workers/wrangler/environments/): the
// environment's keys override the top level's; vars and the bindings
// (durable_objects, kv_namespaces, ...) are not inherited, only the environment's
// count; name is the environment's own or, without one, the top-level name followed by
// "-" and env. Its Durable Object classes are deployed as CLASS.ENV
// (Project.DeployedClass), and its bindings and ctx.exports reach those, so that
// environments deployed on one server have their own objects, as on Cloudflare. An
// empty env is Load. A top-level-only key set in the environment
// (keep_vars, send_metrics, ...) is listed in Ignored as "env.NAME.KEY"; the other
// environments are not listed.
//
// # Errors
//
// As Load; ErrNoEnv when the wrangler file has no environment env (naming those it
// has), env holds other than letters, digits, '_' and '-', or path is a single file.
func LoadEnv(path, env string) (*Project, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	p := &Project{Vars: map[string]any{}, Env: env}
	switch {
	case fi.IsDir() || slices.Contains(configFiles, filepath.Base(abs)):
		cfgPath := abs
		if fi.IsDir() {
			if cfgPath, err = findConfig(abs); err != nil {
				return nil, err
			}
		}
		if err := p.readConfig(cfgPath); err != nil {
			return nil, err
		}
	case slices.Contains(jsExtensions, strings.ToLower(filepath.Ext(abs))):
		if env != "" {
			return nil, fmt.Errorf("load %s: %w: %q: a single file has no wrangler environments", path, ErrNoEnv, env)
		}
		p.Dir, p.Main = filepath.Dir(abs), filepath.Base(abs)
		p.Name = strings.TrimSuffix(p.Main, filepath.Ext(p.Main))
		if err := p.readRules(nil); err != nil { // DefaultRules
			return nil, err
		}
	default:
		return nil, fmt.Errorf("load %s: %w: want a folder with a wrangler file, or a .js, .mjs or .ts file", path, ErrNotJS)
	}
	e := &entry{dir: p.Dir, main: p.Main}
	if p.Main == "" {
		e = assetsOnlyEntry(p) // assets.go
	}
	if err := p.build(e); err != nil {
		return nil, err
	}
	if err := p.appendAssets(); err != nil { // assets.go
		return nil, err
	}
	p.rules, p.mods, p.assetsIgnored = nil, nil, nil // the build's
	return p, nil
}

// Bundle bundles one ES module, source, as the project name: what the REST upload of
// a class receives when it is not WebAssembly. The module may import
// cloudflare:workers (or sobjects:workers) and nothing else: it has no folder to
// resolve other files or packages from. A source that is already a bundle (IsBundle)
// comes back as it is, with the Project read from its manifest (Name from the
// manifest; HasDefault and Classes read from the script, best effort; Unsupported
// lists the modules it would require()).
//
// The source is untrusted: esbuild runs in a child process (this program, re-executed;
// package jsbundle's init serves it), with a stack of ChildMaxStackBytes and a time
// limit of ChildTimeout, so a source that exhausts esbuild's stack (a million nested
// brackets, a chain of a million operators) fails its build and nothing else. At most
// GOMAXPROCS children run at once; more calls wait. A bundle is read in process.
//
// # Errors
//
// ErrNotJS when source is not UTF-8; ErrBadBundle for a bundle without a valid
// manifest; a *BuildError for syntax errors, imports other than the ones above, a
// source nested too deeply for esbuild (naming the line of its deepest brackets) and a
// build over the time limit; another error when the child cannot run.
func Bundle(name string, source []byte) (*Project, error) {
	return BundleContext(context.Background(), name, source)
}

// BundleContext is Bundle that gives up when ctx ends (an upload whose client has gone):
// while it waits for a child slot, or while its child runs, which is then killed and
// frees its slot. The error then wraps ctx.Err() (errors.Is(err, context.Canceled)).
func BundleContext(ctx context.Context, name string, source []byte) (*Project, error) {
	if IsBundle(source) {
		return parseBundle(source)
	}
	if !utf8.Valid(source) {
		return nil, fmt.Errorf("bundle %s: %w: neither WebAssembly (no \\0asm magic) nor UTF-8 text", name, ErrNotJS)
	}
	return bundleInChild(ctx, name, source)
}

// bundleHere is Bundle's build of a source that is not a bundle, in this process.
func bundleHere(name string, source []byte) (*Project, error) {
	p := &Project{Name: name, Vars: map[string]any{}}
	if err := p.build(&entry{source: string(source), sourcefile: name + ".js"}); err != nil {
		return nil, err
	}
	return p, nil
}

// Service is a service binding to the Worker itself.
type Service struct {
	Name       string `json:"name"`       // env.Name
	Entrypoint string `json:"entrypoint"` // the export it calls: "default", or a class that extends WorkerEntrypoint
}

// manifest is the JSON on a bundle's second line.
type manifest struct {
	Name     string                     `json:"name"`
	Bindings map[string]manifestBinding `json:"bindings"`
	Vars     map[string]any             `json:"vars"`
	// Ignored are Project.IgnoredBindings.
	Ignored map[string]string `json:"ignored,omitempty"`
	// Services are Project.Services: binding name -> {"entrypoint": export}.
	Services map[string]manifestService `json:"services,omitempty"`
	// Exports are Project.Classes: the host lets the bundle call them (ctx.exports).
	Exports []string `json:"exports,omitempty"`
	// Env is Project.Env; Classes, only in an environment, maps each of Exports to
	// the class it is deployed as (Project.DeployedClass): the bindings' classes are
	// those, and the engine, which calls a class by the deployed name, runs the
	// export it maps from.
	Env     string            `json:"env,omitempty"`
	Classes map[string]string `json:"classes,omitempty"`
	// Assets names the binding of the project's static assets, when it has one.
	Assets *manifestAssets `json:"assets,omitempty"`
}

type manifestService struct {
	Entrypoint string `json:"entrypoint"`
}

type manifestAssets struct {
	Binding string `json:"binding"`
}

type manifestBinding struct {
	Class string `json:"class"`
}

// assemble writes p.Bundle from the manifest, esbuild's script and its source map
// (nil for none).
func (p *Project) assemble(script, srcMap []byte) error {
	m := manifest{Name: p.Name, Bindings: map[string]manifestBinding{}, Vars: p.Vars, Ignored: p.IgnoredBindings, Exports: p.Classes}
	for _, b := range p.Bindings {
		m.Bindings[b.Name] = manifestBinding{Class: p.DeployedClass(b.Class)}
	}
	if p.Env != "" {
		m.Env, m.Classes = p.Env, map[string]string{}
		for _, c := range p.Classes {
			m.Classes[c] = p.DeployedClass(c)
		}
	}
	for _, sv := range p.Services {
		if m.Services == nil {
			m.Services = map[string]manifestService{}
		}
		m.Services[sv.Name] = manifestService{Entrypoint: sv.Entrypoint}
	}
	if p.Assets != nil && p.Assets.Config.Binding != "" {
		m.Assets = &manifestAssets{Binding: p.Assets.Config.Binding}
	}
	js, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("bundle %s: manifest: %w", p.Name, err)
	}
	var buf bytes.Buffer
	buf.Grow(len(Marker) + len(manifestPrefix) + len(js) + len(script) + 4)
	buf.WriteString(Marker + "\n" + manifestPrefix)
	buf.Write(js)
	buf.WriteString(manifestSuffix + "\n")
	buf.Write(script)
	if srcMap != nil {
		line, err := sourceMapLine(srcMap, 2) // the marker and the manifest
		if err != nil {
			return fmt.Errorf("bundle %s: %w", p.Name, err)
		}
		if !bytes.HasSuffix(script, []byte("\n")) {
			buf.WriteByte('\n')
		}
		buf.Write(line)
	}
	p.Bundle = buf.Bytes()
	return nil
}

// parseBundle reads a Project back from a bundle.
func parseBundle(b []byte) (*Project, error) {
	main, set, err := assets.Cut(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadBundle, err)
	}
	rest := main[len(Marker)+1:]
	line, script, _ := bytes.Cut(rest, []byte("\n"))
	js, ok := bytes.CutPrefix(line, []byte(manifestPrefix))
	if ok {
		js, ok = bytes.CutSuffix(js, []byte(manifestSuffix))
	}
	if !ok {
		return nil, fmt.Errorf("%w: the second line is not %s{...}%s", ErrBadBundle, manifestPrefix, manifestSuffix)
	}
	var m manifest
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrBadBundle, err)
	}
	p := &Project{Name: m.Name, Env: m.Env, Bundle: b, Vars: m.Vars, IgnoredBindings: m.Ignored}
	for name, sv := range m.Services {
		p.Services = append(p.Services, Service{Name: name, Entrypoint: sv.Entrypoint})
	}
	slices.SortFunc(p.Services, func(a, b Service) int { return strings.Compare(a.Name, b.Name) })
	if set != nil {
		p.Assets = &Assets{Config: set.Config, Files: set.Len(), Bytes: set.Bytes()}
	}
	for _, s := range m.Ignored {
		p.Ignored = append(p.Ignored, s)
	}
	slices.Sort(p.Ignored)
	if p.Vars == nil {
		p.Vars = map[string]any{}
	}
	for name, mb := range m.Bindings {
		class := mb.Class
		for export, deployed := range m.Classes {
			if deployed == mb.Class {
				class = export
			}
		}
		p.Bindings = append(p.Bindings, Binding{Name: name, Class: class})
	}
	slices.SortFunc(p.Bindings, func(a, b Binding) int { return strings.Compare(a.Name, b.Name) })
	script, _ = cutSourceMap(script)
	p.Classes, p.HasDefault = scriptExports(string(script))
	p.Unsupported = scriptRequires(string(script))
	p.Stubbed = []string{} // what the bundle's author imported is compiled away
	if p.Bindings == nil {
		p.Bindings = []Binding{}
	}
	return p, nil
}
