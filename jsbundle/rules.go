package jsbundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
)

// ModuleType is the type of a non-JavaScript module, as wrangler's module rules name
// it (https://developers.cloudflare.com/workers/wrangler/configuration/#bundling).
type ModuleType string

// The module types a bundle holds. An import of a Text module is its file as a
// string (UTF-8), of a Data module an ArrayBuffer of its bytes, of a CompiledWasm
// module a stand-in for a WebAssembly.Module: sobjects' JavaScript engine has no
// WebAssembly, so the project loads and any use of the module (or of the global
// WebAssembly, which the stand-in defines when the engine lacks one) throws an Error
// that names the file.
const (
	ModuleText         ModuleType = "Text"
	ModuleData         ModuleType = "Data"
	ModuleCompiledWasm ModuleType = "CompiledWasm"
)

// Rule is one of a wrangler file's module rules (rules = [{type, globs,
// fallthrough}]): imports whose path matches one of Globs are modules of Type.
type Rule struct {
	// Type is Text, Data or CompiledWasm; ESModule and CommonJS rules are accepted and
	// change nothing (esbuild bundles JavaScript by its extension).
	Type string `json:"type"`
	// Globs are matched against the import's path as written ("./page.html"): *
	// matches within one path segment, ** across segments, ? one character.
	Globs []string `json:"globs"`
	// Fallthrough, when true, lets later rules of the same Type apply too; otherwise
	// the rule is the last of its type (wrangler drops the later ones, the default
	// rules of that type included).
	Fallthrough bool `json:"fallthrough,omitempty"`
}

// DefaultRules are wrangler's default module rules, which follow a project's own:
// .txt, .html and .sql files are Text, .bin files Data, .wasm files CompiledWasm.
var DefaultRules = []Rule{
	{Type: string(ModuleText), Globs: []string{"**/*.txt", "**/*.html", "**/*.sql"}},
	{Type: string(ModuleData), Globs: []string{"**/*.bin"}},
	{Type: string(ModuleCompiledWasm), Globs: []string{"**/*.wasm", "**/*.wasm?module"}},
}

// Module is a non-JavaScript module of a bundle (Project.Modules).
type Module struct {
	// Path is the file's path relative to the project's folder, with slashes.
	Path string     `json:"path"`
	Type ModuleType `json:"type"`
}

// ruleTypes are the types a rule may have: wrangler's, less Python's.
var ruleTypes = []string{"ESModule", "CommonJS", string(ModuleCompiledWasm), string(ModuleText), string(ModuleData)}

// readRules reads the wrangler file's rules (raw["rules"]) into p.rules, the rules
// that apply in order: the project's, then DefaultRules, without the rules that a
// rule of the same type before them without fallthrough completes (as wrangler's
// parseRules does), and without the JavaScript ones.
func (p *Project) readRules(raw map[string]any) error {
	var user []Rule
	if v, ok := raw["rules"]; ok {
		b, err := json.Marshal(v)
		if err == nil {
			err = json.Unmarshal(b, &user)
		}
		if err != nil {
			return fmt.Errorf("%w: rules: want a list of {type, globs, fallthrough}: %v", ErrConfig, err)
		}
	}
	for i, r := range user {
		switch {
		case strings.HasPrefix(r.Type, "Python"):
			return fmt.Errorf("%w: rules[%d]: sobjects runs no Python modules (type %s)", ErrConfig, i, r.Type)
		case !slices.Contains(ruleTypes, r.Type):
			return fmt.Errorf("%w: rules[%d]: type %q is not one of %s", ErrConfig, i, r.Type, strings.Join(ruleTypes, ", "))
		case len(r.Globs) == 0:
			return fmt.Errorf("%w: rules[%d]: globs is empty", ErrConfig, i)
		}
	}
	completed := map[string]bool{}
	p.rules = nil
	for _, r := range slices.Concat(user, DefaultRules) {
		if completed[r.Type] {
			continue
		}
		if !r.Fallthrough {
			completed[r.Type] = true
		}
		if r.Type == "ESModule" || r.Type == "CommonJS" {
			continue
		}
		cr := compiledRule{typ: ModuleType(r.Type)}
		for _, g := range r.Globs {
			cr.globs = append(cr.globs, globRegexp(g))
		}
		p.rules = append(p.rules, cr)
	}
	return nil
}

// compiledRule is a Rule that applies, its globs as regular expressions.
type compiledRule struct {
	typ   ModuleType
	globs []*regexp.Regexp
}

// globRegexp is glob as an anchored regular expression: "**/" matches any number of
// leading segments (none included), "**" anything, "*" anything but "/", "?" one
// character but "/"; a leading "./" of the path is optional.
func globRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`^(?:\./)?`)
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; {
		case strings.HasPrefix(glob[i:], "**/"):
			b.WriteString(`(?:[^/]*/)*`)
			i += 2
		case strings.HasPrefix(glob[i:], "**"):
			b.WriteString(`.*`)
			i++
		case c == '*':
			b.WriteString(`[^/]*`)
		case c == '?':
			b.WriteString(`[^/]`)
		default:
			r, n := utf8.DecodeRuneInString(glob[i:])
			b.WriteString(regexp.QuoteMeta(string(r))) // U+FFFD for a byte that is not UTF-8
			i += n - 1
		}
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

// rulesFilter is the filter of rulesPlugin's resolver: a path one of the globs of
// rules matches, or the bytes of a Data module.
func rulesFilter(rules []compiledRule) string {
	alts := []string{"^" + regexp.QuoteMeta(bytesNamespace+":")}
	for _, r := range rules {
		for _, g := range r.globs {
			alts = append(alts, g.String())
		}
	}
	return "(?:" + strings.Join(alts, ")|(?:") + ")"
}

// matchRule returns the type of the first rule one of whose globs matches path.
func matchRule(rules []compiledRule, path string) (ModuleType, bool) {
	for _, r := range rules {
		for _, g := range r.globs {
			if g.MatchString(path) {
				return r.typ, true
			}
		}
	}
	return "", false
}

// Namespaces of esbuild for the modules of rules: a module of a rule, and the bytes of
// a Data module (which its module turns into an ArrayBuffer).
const (
	moduleNamespace = "sobjects-module"
	bytesNamespace  = "sobjects-bytes"
)

// modules records the non-JavaScript modules a build includes, which esbuild's
// callbacks may report from several goroutines.
type modules struct {
	mu    sync.Mutex
	found map[Module]bool // guarded by mu
}

func (m *modules) add(mod Module) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.found[mod] = true
}

// list returns the modules found, sorted by path; nil for none.
func (m *modules) list() []Module {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Module
	for mod := range m.found {
		out = append(out, mod)
	}
	slices.SortFunc(out, func(a, b Module) int { return strings.Compare(a.Path, b.Path) })
	return slices.CompactFunc(out, func(a, b Module) bool { return a.Path == b.Path })
}

// rulesPlugin is the esbuild plugin that makes the imports matching rules modules of
// their type, relative to dir (the project's folder) in mods.
func rulesPlugin(rules []compiledRule, dir string, mods *modules) api.Plugin {
	return api.Plugin{
		Name: "sobjects-rules",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: rulesFilter(rules)}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Namespace == moduleNamespace && strings.HasPrefix(a.Path, bytesNamespace+":") {
					return api.OnResolveResult{Path: strings.TrimPrefix(a.Path, bytesNamespace+":"), Namespace: bytesNamespace}, nil
				}
				typ, ok := matchRule(rules, a.Path)
				if !ok || a.Kind == api.ResolveEntryPoint {
					return api.OnResolveResult{}, nil
				}
				file, _, _ := strings.Cut(a.Path, "?") // x.wasm?module
				if !filepath.IsAbs(file) {
					file = filepath.Join(a.ResolveDir, filepath.FromSlash(file))
				}
				if fi, err := os.Stat(file); err != nil || fi.IsDir() {
					if err == nil || errors.Is(err, os.ErrNotExist) {
						return api.OnResolveResult{}, fmt.Errorf("%s module %q: no such file %s", typ, a.Path, file)
					}
					return api.OnResolveResult{}, fmt.Errorf("%s module %q: %v", typ, a.Path, err)
				}
				rel, err := filepath.Rel(dir, file)
				if err != nil || strings.HasPrefix(rel, "..") {
					rel = file
				}
				mods.add(Module{Path: filepath.ToSlash(rel), Type: typ})
				return api.OnResolveResult{Path: file, Namespace: moduleNamespace, PluginData: typ}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: moduleNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				typ, _ := a.PluginData.(ModuleType)
				rel, err := filepath.Rel(dir, a.Path)
				if err != nil || strings.HasPrefix(rel, "..") {
					rel = a.Path
				}
				rel = filepath.ToSlash(rel)
				switch typ {
				case ModuleText:
					b, err := os.ReadFile(a.Path)
					if err != nil {
						return api.OnLoadResult{}, err
					}
					s := string(b)
					return api.OnLoadResult{Contents: &s, Loader: api.LoaderText}, nil
				case ModuleData:
					path, _ := json.Marshal(bytesNamespace + ":" + a.Path)
					s := "import bytes from " + string(path) + ";\nexport default bytes.buffer;\n"
					return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS, ResolveDir: filepath.Dir(a.Path)}, nil
				default:
					s := wasmStandIn(rel)
					return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS}, nil
				}
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: bytesNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				b, err := os.ReadFile(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				s := string(b)
				return api.OnLoadResult{Contents: &s, Loader: api.LoaderBinary}, nil
			})
		},
	}
}

// wasmStandIn is the module of a CompiledWasm import of file: a stand-in for its
// WebAssembly.Module, every use of which throws an Error naming file; and, when the
// engine has no WebAssembly, a global WebAssembly whose every function throws it too.
func wasmStandIn(file string) string {
	msg, _ := json.Marshal("sobjects cannot run WebAssembly: " + file +
		" is a CompiledWasm module (wrangler's module rules), and sobjects' JavaScript engine has no WebAssembly")
	return `const message = ` + string(msg) + `;
const fail = () => { throw new Error(message); };
if (typeof globalThis.WebAssembly === "undefined") {
  globalThis.WebAssembly = new Proxy({}, {
    get(t, k) { return typeof k === "symbol" ? undefined : fail; },
  });
}
export default new Proxy(Object.create(null), {
  get(t, k) { if (k === Symbol.toStringTag) return "WebAssembly.Module"; fail(); },
  set: fail, has: fail, ownKeys: fail, defineProperty: fail, deleteProperty: fail,
  getOwnPropertyDescriptor: fail, apply: fail, construct: fail,
});
`
}

// dropHandled removes from p.Ignored and p.IgnoredBindings the settings that
// ignoredSettings lists and this package acts on after all: module rules and static
// assets (assets.go), and adds the parts of the assets setting it does not act on.
func (p *Project) dropHandled() {
	drop := []string{"rules"}
	if p.Assets != nil {
		drop = append(drop, "assets")
		if b := p.Assets.Config.Binding; b != "" {
			drop = append(drop, "assets."+b)
			delete(p.IgnoredBindings, b)
			if len(p.IgnoredBindings) == 0 {
				p.IgnoredBindings = nil
			}
		}
	}
	p.Ignored = slices.DeleteFunc(p.Ignored, func(s string) bool { return slices.Contains(drop, s) })
	p.Ignored = append(p.Ignored, p.assetsIgnored...)
	slices.Sort(p.Ignored)
	p.Ignored = slices.Compact(p.Ignored)
}
