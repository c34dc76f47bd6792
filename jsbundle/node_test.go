package jsbundle

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var updateNode = flag.Bool("update", false, "rewrite ../host/testdata/node.bundle.js from testdata/node")

// Under nodejs_compat, node:NAME and the bare NAME resolve to sobjects' modules, and
// nothing is left unsupported.
func TestNodeCompatResolvesNodeModules(t *testing.T) {
	p, err := Load("testdata/node")
	if err != nil {
		t.Fatal(err)
	}
	if !p.NodeCompat || len(p.Unsupported) != 0 {
		t.Fatalf("NodeCompat %v, Unsupported %v; want true and none", p.NodeCompat, p.Unsupported)
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	checkStructure(t, p)
	script := string(p.Bundle)
	for _, want := range []string{"extends Uint8Array", "function EventEmitter(", "var AsyncLocalStorage = class", "function createHash("} {
		if !strings.Contains(script, want) {
			t.Errorf("bundle lacks %q", want)
		}
	}
	if r := scriptRequires(script); len(r) != 0 {
		t.Errorf("bundle requires %v at run time", r)
	}
	// require() gives a module's default export, as in Node.js.
	if !strings.Contains(script, `module.exports = (init_events(), __toCommonJS(events_exports)).default;`) {
		t.Error(`require("events") is not EventEmitter`)
	}
}

// Without the flag, a node:* import and a bare built-in name are unsupported APIs, as
// before, listed for inspect; the refusal names the flag that would provide them.
func TestNodeCompatOffLeavesNodeModulesUnsupported(t *testing.T) {
	p, err := Load("testdata/node_off")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"events", "node:buffer", "node:fs"}; p.NodeCompat || !reflect.DeepEqual(p.Unsupported, want) {
		t.Fatalf("NodeCompat %v, Unsupported %v; want false and %v", p.NodeCompat, p.Unsupported, want)
	}
	if err := p.Check(); err == nil || !strings.Contains(err.Error(), "node:buffer") || !strings.Contains(err.Error(), `compatibility_flags = ["nodejs_compat"]`) {
		t.Fatalf("Check: %v, want it to name node:buffer and the flag that provides it", err)
	}
}

// With the flag, a module sobjects does not provide (node:fs) is still unsupported,
// while those it provides resolve.
func TestNodeCompatListsModulesNotProvided(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"wrangler.toml": "name = \"x\"\nmain = \"index.js\"\ncompatibility_flags = [\"nodejs_compat_v2\"]\n",
		"index.js":      "import { Buffer } from 'node:buffer';\nimport fs from 'fs';\nimport { connect } from 'node:net';\nexport const f = () => [Buffer.from(fs.readFileSync('x')), connect];\n",
	})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"fs", "node:net"}; !reflect.DeepEqual(p.Unsupported, want) {
		t.Fatalf("Unsupported %v, want %v", p.Unsupported, want)
	}
}

// Buffer, process, global and setImmediate are globals under nodejs_compat, bundled
// only when the code names them; a project that names none gets none of the modules.
func TestNodeCompatGlobalsOnlyWhenNamed(t *testing.T) {
	for _, tc := range []struct {
		name, source string
		want, absent []string
	}{
		{"Neither", "export class A { f() { return 1; } }", nil, []string{"extends Uint8Array", "EventEmitter"}},
		{"Buffer", "export class A { f() { return Buffer.from('x'); } }", []string{"extends Uint8Array"}, []string{"EventEmitter"}},
		{"Process", "export class A { f() { return process.env.X; } }", []string{"var process = new EventEmitter()"}, []string{"extends Uint8Array"}},
		{"GlobalAndSetImmediate", "export class A { f() { return [global.x, setImmediate(() => {})]; } }", []string{"var global = globalThis", "clearImmediate"}, []string{"extends Uint8Array", "EventEmitter"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"wrangler.toml": "name = \"x\"\nmain = \"index.js\"\ncompatibility_flags = [\"nodejs_compat\"]\n",
				"index.js":      tc.source,
			})
			p, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.want {
				if !bytes.Contains(p.Bundle, []byte(s)) {
					t.Errorf("bundle lacks %q", s)
				}
			}
			for _, s := range tc.absent {
				if bytes.Contains(p.Bundle, []byte(s)) {
					t.Errorf("bundle has %q", s)
				}
			}
		})
	}
}

// A bare name resolves to sobjects' module under nodejs_compat even where node_modules
// has a package of that name (as on Cloudflare), and to the package without the flag.
func TestNodeCompatBuiltinBeforePackage(t *testing.T) {
	for _, tc := range []struct {
		flags, want string
	}{
		{`compatibility_flags = ["nodejs_compat"]`, "function EventEmitter("},
		{``, "the events package"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{
			"wrangler.toml":                    "name = \"x\"\nmain = \"index.js\"\n" + tc.flags + "\n",
			"index.js":                         "import E from 'events';\nexport const f = () => new E();\n",
			"node_modules/events/package.json": `{"name":"events","main":"index.js"}`,
			"node_modules/events/index.js":     "module.exports = function E() { this.what = 'the events package'; };\n",
		})
		p, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(p.Bundle, []byte(tc.want)) {
			t.Errorf("%s: bundle lacks %q", tc.flags, tc.want)
		}
	}
}

// A project that imports node:async_hooks has its async functions lowered to
// generators, so AsyncLocalStorage's store follows an await; one that does not keeps
// them.
func TestNodeCompatAsyncHooksLowersAsyncFunctions(t *testing.T) {
	for _, tc := range []struct {
		name, source string
		lowered      bool
	}{
		{"AsyncHooks", "import { AsyncLocalStorage } from 'node:async_hooks';\nexport const als = new AsyncLocalStorage();\nexport async function f() { await null; return als.getStore(); }\n", true},
		{"Other", "import { Buffer } from 'node:buffer';\nexport async function f() { await null; return Buffer.from('x'); }\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"wrangler.toml": "name = \"x\"\nmain = \"index.js\"\ncompatibility_flags = [\"nodejs_compat\"]\n",
				"index.js":      tc.source,
			})
			p, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := !bytes.Contains(p.Bundle, []byte("async function f(")); got != tc.lowered {
				t.Fatalf("lowered %v, want %v:\n%s", got, tc.lowered, p.Bundle)
			}
		})
	}
}

// nodeCompat reads the flags and dates as workerd does.
func TestNodeCompatFlagsAndDates(t *testing.T) {
	for _, tc := range []struct {
		date    string
		flags   []string
		on, env bool
	}{
		{"2025-01-01", nil, false, false},
		{"2025-01-01", []string{"nodejs_compat"}, true, false},
		{"2025-01-01", []string{"nodejs_compat_v2"}, true, false},
		{"2025-01-01", []string{"nodejs_compat", "nodejs_compat_populate_process_env"}, true, true},
		{"2025-04-01", []string{"nodejs_compat"}, true, true},
		{"2025-05-01", []string{"nodejs_compat", "nodejs_compat_do_not_populate_process_env"}, true, false},
		{"2026-08-04", nil, true, true},
		{"2026-08-04", []string{"no_nodejs_compat"}, false, false},
	} {
		c := nodeCompat(tc.date, tc.flags)
		if on := c != nil; on != tc.on || (on && c.populateEnv != tc.env) {
			t.Errorf("nodeCompat(%q, %v) = %+v, want on %v, populateEnv %v", tc.date, tc.flags, c, tc.on, tc.env)
		}
	}
}

// nodejs_als alone gives node:async_hooks and nothing else: no other module, no
// globals.
func TestNodeALSFlagGivesAsyncHooksOnly(t *testing.T) {
	if c := nodeCompat("2025-01-01", []string{"nodejs_als"}); c == nil || !c.alsOnly {
		t.Fatalf("nodeCompat(nodejs_als) = %+v", c)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"wrangler.toml": "name = \"x\"\nmain = \"index.js\"\ncompatibility_flags = [\"nodejs_als\"]\n",
		"index.js":      "import { AsyncLocalStorage } from 'node:async_hooks';\nimport { Buffer } from 'node:buffer';\nexport const f = () => [new AsyncLocalStorage(), Buffer, typeof process];\n",
	})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"node:buffer"}; p.NodeCompat || !reflect.DeepEqual(p.Unsupported, want) {
		t.Fatalf("NodeCompat %v, Unsupported %v; want false and %v", p.NodeCompat, p.Unsupported, want)
	}
	if !bytes.Contains(p.Bundle, []byte("var AsyncLocalStorage = class")) || bytes.Contains(p.Bundle, []byte("new EventEmitter()")) {
		t.Fatal("the bundle should have AsyncLocalStorage and no process")
	}
}

// An internal module of package node (node:_host) is not for projects: it is an
// unsupported import there.
func TestNodeCompatInternalModulesAreNotImportable(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"wrangler.toml": "name = \"x\"\nmain = \"index.js\"\ncompatibility_flags = [\"nodejs_compat\"]\n",
		"index.js":      "import { digest } from 'node:_host';\nexport const f = () => digest;\n",
	})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"node:_host"}; !reflect.DeepEqual(p.Unsupported, want) {
		t.Fatalf("Unsupported %v, want %v", p.Unsupported, want)
	}
}

// The bundle host/js_node_test.go runs is what testdata/node bundles to.
func TestNodeBundleForHost(t *testing.T) {
	p, err := Load("testdata/node")
	if err != nil {
		t.Fatal(err)
	}
	const path = "../host/testdata/node.bundle.js"
	if *updateNode {
		if err := os.WriteFile(path, p.Bundle, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, p.Bundle) {
		t.Fatal("host/testdata/node.bundle.js is stale: go test ./jsbundle -run TestNodeBundleForHost -update")
	}
}

// writeFiles writes files (path relative to dir: content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
