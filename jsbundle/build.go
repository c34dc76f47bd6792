package jsbundle

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

// ExportsGlobal and WorkersGlobal are the globals a bundle defines and expects:
// evaluating a bundle sets globalThis.__sobjects_exports to the entry module's exports;
// the engine sets globalThis.__sobjects_workers, which cloudflare:workers re-exports,
// before it evaluates a bundle.
const (
	ExportsGlobal = "__sobjects_exports"
	WorkersGlobal = "__sobjects_workers"
)

// provided are the names the virtual module cloudflare:workers exports that the host
// implements.
var provided = []string{"DurableObject", "RpcTarget", "SobjectsError", "WorkerEntrypoint", "default", "env", "exports", "waitUntil"}

// stubbed are the other names Cloudflare's cloudflare:workers exports (the value
// exports of its module declaration in @cloudflare/workers-types): the virtual module
// exports them too, so that a project importing one loads, and using one throws an
// Error that names it (runtime.js). They are listed in Project.Stubbed.
var stubbed = []string{"RpcStub", "WorkflowEntrypoint", "WorkflowStep", "cache", "tracing", "withEnv", "withEnvAndExports", "withExports"}

// virtualModules are the imports that resolve to the virtual module.
var virtualModules = []string{"cloudflare:workers", "sobjects:workers"}

// virtualNamespace is esbuild's namespace of the virtual module.
const virtualNamespace = "sobjects"

// virtualSource is the virtual module: it re-exports the engine's global. extra are
// names imported from it that the host does not provide (already in Unsupported): they
// are exported too, so the build succeeds and the project can be inspected.
func virtualSource(extra []string) string {
	var b strings.Builder
	b.WriteString("const w = globalThis." + WorkersGlobal + ";\n")
	for _, n := range slices.Concat(provided, stubbed) {
		if n != "default" {
			fmt.Fprintf(&b, "export const %s = w.%s;\n", n, n)
		}
	}
	for _, n := range extra {
		fmt.Fprintf(&b, "export const %s = w.%s;\n", n, n)
	}
	b.WriteString("export default w;\n")
	return b.String()
}

// BuildError is a failed build: esbuild's error messages, each with its place.
type BuildError struct {
	// Project is the project's name.
	Project string
	// Messages are the errors, in esbuild's order.
	Messages []Message
}

// Message is one error of a build.
type Message struct {
	// File is the file's path relative to the project's folder (for Bundle, NAME.js);
	// empty when the error has no place.
	File string `json:"file,omitempty"`
	// Line is 1-based; Column is 1-based, in bytes. Both 0 when the error has no place.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Text is esbuild's message, with its notes after "; ".
	Text string `json:"text"`
}

func (m Message) String() string {
	if m.File == "" {
		return m.Text
	}
	return fmt.Sprintf("%s:%d:%d: %s", m.File, m.Line, m.Column, m.Text)
}

func (e *BuildError) Error() string {
	msgs := make([]string, len(e.Messages))
	for i, m := range e.Messages {
		msgs[i] = m.String()
	}
	return fmt.Sprintf("bundle %s: %s", e.Project, strings.Join(msgs, "\n"))
}

func buildError(project string, msgs []api.Message) *BuildError {
	e := &BuildError{Project: project}
	for _, m := range msgs {
		text := m.Text
		if pkg, ok := strings.CutPrefix(text, "Could not resolve "); ok && !strings.HasPrefix(pkg, `".`) {
			// esbuild's note would have it external, which the host cannot run.
			text += "; is it installed? (npm install " + strings.Trim(pkg, `"`) + ")"
			m.Notes = nil
		}
		for _, n := range m.Notes {
			if n.Text != "" {
				text += "; " + n.Text
			}
		}
		msg := Message{Text: text}
		if l := m.Location; l != nil {
			msg.File, msg.Line, msg.Column = l.File, l.Line, l.Column+1
		}
		e.Messages = append(e.Messages, msg)
	}
	return e
}

// entry is what to build: a file in a folder, or a source without one.
type entry struct {
	dir, main          string // Load
	source, sourcefile string // Bundle
}

// recorder collects the unsupported APIs found by the resolver plugin, which esbuild
// may call from several goroutines.
type recorder struct {
	mu    sync.Mutex
	found map[string]bool // guarded by mu
}

func (r *recorder) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.found[s] = true
}

// build bundles e into p.Bundle and sets p's Unsupported, HasDefault and Classes.
//
// It builds twice. The first build, in ESM format with cloudflare:workers external,
// shows which names the code imports from it (what esbuild keeps of TypeScript imports
// is what is used as a value) and the entry's exports. The second is the bundle: IIFE
// format, cloudflare:workers the virtual module.
func (p *Project) build(e *entry) error {
	rec := &recorder{found: map[string]bool{}}
	p.mods = &modules{found: map[Module]bool{}}
	for _, b := range p.Unsupported {
		rec.add(b)
	}
	first := api.Build(p.options(e, rec, api.FormatESModule, nil))
	if len(first.Errors) > 0 {
		return buildError(p.Name, first.Errors)
	}
	script := string(first.OutputFiles[0].Contents)
	missing := missingNames(script)
	for _, n := range missing {
		rec.add(n.module + "." + n.name)
	}
	p.Stubbed = stubbedNames(script)
	exports, err := entryExports(first.Metafile)
	if err != nil {
		return fmt.Errorf("bundle %s: %w", p.Name, err)
	}
	for _, x := range exports {
		if x == "default" {
			p.HasDefault = true
		} else {
			p.Classes = append(p.Classes, x)
		}
	}
	sort.Strings(p.Classes)
	if p.Classes == nil {
		p.Classes = []string{}
	}
	if p.Bindings == nil {
		p.Bindings = []Binding{}
	}

	var extra []string
	for _, n := range missing {
		extra = append(extra, n.name)
	}
	slices.Sort(extra)
	second := api.Build(p.options(e, rec, api.FormatIIFE, slices.Compact(extra)))
	if len(second.Errors) > 0 {
		return buildError(p.Name, second.Errors)
	}
	for _, w := range second.Warnings {
		// An import of a name the virtual module lacks, through a namespace the first
		// build could not follow.
		if m := undefinedImport.FindStringSubmatch(w.Text); m != nil && strings.Contains(w.Text, virtualNamespace+":") {
			rec.add("cloudflare:workers." + m[1])
		}
	}
	p.Unsupported = make([]string, 0, len(rec.found))
	for s := range rec.found {
		p.Unsupported = append(p.Unsupported, s)
	}
	sort.Strings(p.Unsupported)
	p.Modules = p.mods.list()
	var out, srcMap []byte
	for _, f := range second.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			srcMap = f.Contents
		} else {
			out = f.Contents
		}
	}
	return p.assemble(out, srcMap)
}

var undefinedImport = regexp.MustCompile(`^Import "([^"]+)" will always be undefined`)

// options are the esbuild options of one build of e.
func (p *Project) options(e *entry, rec *recorder, format api.Format, extra []string) api.BuildOptions {
	o := api.BuildOptions{
		Bundle:        true,
		Write:         false,
		Metafile:      true,
		Format:        format,
		Platform:      api.PlatformNeutral,
		Target:        api.ES2022,
		Charset:       api.CharsetUTF8,
		LogLevel:      api.LogLevelSilent,
		Conditions:    []string{"workerd", "worker", "browser"},
		MainFields:    []string{"browser", "module", "main"},
		Outfile:       "bundle.js",
		Sourcemap:     api.SourceMapNone,
		LegalComments: api.LegalCommentsEndOfFile,
		Loader: map[string]api.Loader{
			".js": api.LoaderJS, ".mjs": api.LoaderJS, ".cjs": api.LoaderJS, ".jsx": api.LoaderJSX,
			".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS, ".tsx": api.LoaderTSX,
			".json": api.LoaderJSON,
		},
		Plugins: []api.Plugin{resolver(rec, format == api.FormatESModule, extra, e.dir == "", p.node)},
	}
	if e.dir != "" && len(p.rules) > 0 {
		o.Plugins = append(o.Plugins, rulesPlugin(p.rules, e.dir, p.mods)) // rules.go
	}
	if p.node != nil {
		if !p.node.alsOnly {
			o.Inject = []string{nodeGlobalsPath}
		}
		if format == api.FormatIIFE && p.node.asyncHooks.Load() {
			o.Supported = lowerAsync // the first build, ESM, saw node:async_hooks
		}
	}
	if format == api.FormatIIFE {
		o.GlobalName = ExportsGlobal
		// A map for err.stack (SourceMapPrefix); the sources themselves stay out of it.
		o.Sourcemap, o.SourcesContent = api.SourceMapExternal, api.SourcesContentExclude
	}
	if e.dir == "" {
		// An upload has no folder: nothing outside it is read, not even a tsconfig.json.
		o.Stdin = &api.StdinOptions{Contents: e.source, Sourcefile: e.sourcefile, Loader: api.LoaderJS}
		o.TsconfigRaw = "{}"
	} else {
		o.AbsWorkingDir = e.dir
		o.EntryPoints = []string{"./" + e.main}
	}
	return o
}

// resolved marks a resolve that the resolver plugin started itself.
type resolved struct{}

// resolver is the plugin that resolves cloudflare:workers to the virtual module (or,
// when external is set, leaves it external), the Node.js modules of package node when
// node is set (node.go), and records unsupported imports, leaving them external. With
// isolated set (an upload), every other import is an error.
func resolver(rec *recorder, external bool, extra []string, isolated bool, node *nodeConfig) api.Plugin {
	return api.Plugin{
		Name: "sobjects",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `^[a-z]+:`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if r, ok := node.resolve(a); ok {
					return r, nil
				}
				switch {
				case slices.Contains(virtualModules, a.Path):
					if external {
						return api.OnResolveResult{Path: a.Path, External: true}, nil
					}
					return api.OnResolveResult{Path: "workers", Namespace: virtualNamespace}, nil
				case strings.HasPrefix(a.Path, "cloudflare:"), strings.HasPrefix(a.Path, "sobjects:"), strings.HasPrefix(a.Path, "node:"):
					rec.add(a.Path)
					return api.OnResolveResult{Path: a.Path, External: true}, nil
				}
				return api.OnResolveResult{}, nil // data:, https: and the like: esbuild's own errors
			})
			b.OnResolve(api.OnResolveOptions{Filter: `^[^./]`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.PluginData == (resolved{}) || a.Namespace == virtualNamespace {
					return api.OnResolveResult{}, nil
				}
				if r, ok := node.resolve(a); ok {
					return r, nil // as on Cloudflare, before a package of the same name
				}
				top, _, _ := strings.Cut(a.Path, "/")
				builtin := nodeBuiltins[top]
				if isolated {
					if builtin {
						rec.add(a.Path)
						return api.OnResolveResult{Path: a.Path, External: true}, nil
					}
					return api.OnResolveResult{}, fmt.Errorf("an uploaded module can import only cloudflare:workers; bundle %q into it with `sobjects deploy` (which reads node_modules)", a.Path)
				}
				if !builtin {
					return api.OnResolveResult{}, nil
				}
				// A package in node_modules of the same name (events, buffer, ...) wins.
				r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, Namespace: a.Namespace,
					ResolveDir: a.ResolveDir, Kind: a.Kind, PluginData: resolved{}, With: a.With})
				if len(r.Errors) == 0 && !r.External {
					return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, Suffix: r.Suffix}, nil
				}
				rec.add(a.Path)
				return api.OnResolveResult{Path: a.Path, External: true}, nil
			})
			b.OnResolve(api.OnResolveOptions{Filter: `^\.{0,2}/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if isolated && a.Kind != api.ResolveEntryPoint {
					return api.OnResolveResult{}, fmt.Errorf("an uploaded module can import only cloudflare:workers; bundle %q into it with `sobjects deploy`", a.Path)
				}
				return api.OnResolveResult{}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: virtualNamespace}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
				src := virtualSource(extra)
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nodeNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				return node.load(a.Path)
			})
		},
	}
}

// stubbedNames lists, sorted, the names of stubbed that esbuild's ESM output script
// imports from cloudflare:workers or sobjects:workers (as missingNames finds them).
func stubbedNames(script string) []string {
	out := []string{}
	for _, n := range importedNames(script) {
		if slices.Contains(stubbed, n.name) && !slices.Contains(out, n.name) {
			out = append(out, n.name)
		}
	}
	slices.Sort(out)
	return out
}

// missingName is a name imported from a virtual module that the host does not provide.
type missingName struct{ module, name string }

var (
	// importFrom matches the imports of an external module in esbuild's ESM output:
	//   import def, { a, b as c } from "cloudflare:workers";
	//   import * as ns from "cloudflare:workers";
	//   export { a, b as c } from "cloudflare:workers";
	importFrom = regexp.MustCompile(`(?m)^(import|export)\s+(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([\w$]+))?\s*from\s*"((?:cloudflare|sobjects):workers)"`)
	ident      = regexp.MustCompile(`^[\w$]+$`)
)

// missingNames lists the names that esbuild's ESM output script imports from
// cloudflare:workers or sobjects:workers and that the host neither provides nor stubs.
func missingNames(script string) []missingName {
	var out []missingName
	for _, n := range importedNames(script) {
		if !slices.Contains(provided, n.name) && !slices.Contains(stubbed, n.name) {
			out = append(out, n)
		}
	}
	return out
}

// importedNames lists, without duplicates, the names that esbuild's ESM output script
// imports from cloudflare:workers or sobjects:workers: named imports and re-exports,
// and properties read from a namespace or default import.
func importedNames(script string) []missingName {
	var out []missingName
	seen := map[missingName]bool{}
	add := func(module, name string) {
		n := missingName{module, name}
		if ident.MatchString(name) && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, m := range importFrom.FindAllStringSubmatch(script, -1) {
		kind, def, named, ns, module := m[1], m[2], m[3], m[4], m[5]
		for _, spec := range strings.Split(named, ",") {
			name, _, _ := strings.Cut(strings.TrimSpace(spec), " as ")
			if name = strings.TrimSpace(name); name != "" {
				add(module, name)
			}
		}
		for _, local := range []string{def, ns} {
			if local == "" || kind != "import" {
				continue
			}
			props := regexp.MustCompile(`(?:^|[^\w$.])` + regexp.QuoteMeta(local) + `\.([\w$]+)`)
			for _, pm := range props.FindAllStringSubmatch(script, -1) {
				add(module, pm[1])
			}
		}
	}
	return out
}

// entryExports returns the exports of the entry module from esbuild's metafile.
func entryExports(metafile string) ([]string, error) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string   `json:"entryPoint"`
			Exports    []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("esbuild metafile: %w", err)
	}
	for _, o := range meta.Outputs {
		if o.EntryPoint != "" {
			return o.Exports, nil
		}
	}
	return nil, nil
}

var (
	// toCommonJS matches the end of esbuild's IIFE script: the entry's exports object.
	toCommonJS = regexp.MustCompile(`return __toCommonJS\(([\w$]+)\);\s*\}\)\(\);\s*$`)
	// requireCall matches the require() of an external module in esbuild's script.
	requireCall = regexp.MustCompile(`__require\("([^"]+)"\)`)
)

// scriptExports reads the entry's exports from an IIFE script esbuild wrote, best
// effort: the properties given to __export for the object __toCommonJS returns.
func scriptExports(script string) (classes []string, hasDefault bool) {
	classes = []string{}
	m := toCommonJS.FindStringSubmatch(script)
	if m == nil {
		return classes, false
	}
	start := strings.Index(script, "__export("+m[1]+", {")
	if start < 0 {
		return classes, false
	}
	body := script[start+len("__export("+m[1]+", {"):]
	end := strings.Index(body, "});")
	if end < 0 {
		return classes, false
	}
	for _, line := range strings.Split(body[:end], "\n") {
		name, _, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok {
			continue
		}
		if name = strings.Trim(strings.TrimSpace(name), `"`); name == "default" {
			hasDefault = true
		} else if name != "" {
			classes = append(classes, name)
		}
	}
	sort.Strings(classes)
	return classes, hasDefault
}

// scriptRequires lists the modules a script esbuild wrote would require() at run time:
// the unsupported imports it was built with.
func scriptRequires(script string) []string {
	out := []string{}
	for _, m := range requireCall.FindAllStringSubmatch(script, -1) {
		out = append(out, m[1])
	}
	sort.Strings(out)
	return slices.Compact(out)
}
