package jsbundle

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// checkStructure checks what the engine relies on without running the script: the
// marker line, a manifest line whose JSON matches p, and the exports global.
func checkStructure(t *testing.T, p *Project) {
	t.Helper()
	if !IsBundle(p.Bundle) {
		t.Fatalf("bundle does not start with the marker line:\n%.200s", p.Bundle)
	}
	lines := strings.SplitN(string(p.Bundle), "\n", 3)
	if len(lines) < 3 || lines[0] != Marker {
		t.Fatalf("first line %q", lines[0])
	}
	js, ok := strings.CutPrefix(lines[1], "globalThis.__sobjects_manifest = ")
	js, ok2 := strings.CutSuffix(js, ";")
	if !ok || !ok2 {
		t.Fatalf("second line %q", lines[1])
	}
	var m struct {
		Name     string                       `json:"name"`
		Bindings map[string]map[string]string `json:"bindings"`
		Vars     map[string]any               `json:"vars"`
	}
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("manifest %s: %v", js, err)
	}
	if m.Name != p.Name || m.Bindings == nil || m.Vars == nil || len(m.Bindings) != len(p.Bindings) {
		t.Fatalf("manifest %s for %+v", js, p)
	}
	for _, b := range p.Bindings {
		if m.Bindings[b.Name]["class"] != b.Class {
			t.Fatalf("manifest %s lacks binding %+v", js, b)
		}
	}
	script, mapLine := cutSourceMap([]byte(lines[2]))
	if !bytes.HasPrefix(mapLine, []byte(SourceMapPrefix)) || !bytes.HasSuffix(mapLine, []byte("\n")) {
		t.Fatalf("bundle does not end with its source map line:\n%s", lines[2])
	}
	lines[2] = string(script)
	if !strings.HasPrefix(lines[2], "var "+ExportsGlobal+" = (() => {") || !strings.HasSuffix(lines[2], "})();\n") {
		t.Fatalf("script is not an IIFE assigned to %s:\n%s", ExportsGlobal, lines[2])
	}
	if strings.Contains(lines[2], "\nimport ") || strings.Contains(lines[2], "\nexport ") {
		t.Fatalf("script has module syntax:\n%s", lines[2])
	}
}

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name, path  string
		want        Project // Bundle, Dir and Vars are not compared here
		vars        string  // JSON of Vars
		contains    []string
		notContains []string
	}{
		{
			name: "OKToml", path: "testdata/toml",
			want: Project{Name: "counter-worker", Main: "src/index.ts", Bindings: []Binding{{"COUNTER", "Counter"}}, Migrated: []string{"Counter"},
				Unsupported: []string{}, Stubbed: []string{}, HasDefault: true, Classes: []string{"Counter"}, CompatibilityDate: "2025-01-01"},
			vars:        `{"GREETING":"hello","LIMIT":10}`,
			contains:    []string{"var Counter = class extends DurableObject", "globalThis.__sobjects_workers", "var greet = "},
			notContains: []string{"interface Env", "private count", ": Promise<number>", "satisfies"},
		},
		{
			name: "OKJsonc", path: "testdata/jsonc",
			want: Project{Name: "chat", Main: "src/index.js", Bindings: []Binding{{"ALARMS", "Alarm"}, {"ROOMS", "Room"}},
				Unsupported: []string{}, Stubbed: []string{}, Classes: []string{"Alarm", "Room"}},
			vars: `{"CONFIG":{"max":100,"url":"http://example.com/a//b"},"ROOM":"lobby"}`,
		},
		{
			name: "OKWranglerFile", path: "testdata/jsonc/wrangler.jsonc",
			want: Project{Name: "chat", Main: "src/index.js", Bindings: []Binding{{"ALARMS", "Alarm"}, {"ROOMS", "Room"}},
				Unsupported: []string{}, Stubbed: []string{}, Classes: []string{"Alarm", "Room"}},
			vars: `{"CONFIG":{"max":100,"url":"http://example.com/a//b"},"ROOM":"lobby"}`,
		},
		{
			name: "OKSingleTypeScript", path: "testdata/single/counter.ts",
			want:        Project{Name: "counter", Main: "counter.ts", Bindings: []Binding{}, Unsupported: []string{}, Stubbed: []string{}, Classes: []string{"Counter"}},
			vars:        `{}`,
			contains:    []string{"increment() {", "++this.value"},
			notContains: []string{"type Count", ": Count", "private"},
		},
		{
			name: "OKUnsupported", path: "testdata/unsupported",
			want: Project{Name: "unsupported", Main: "index.js", Bindings: []Binding{{"MINE", "Mine"}},
				Unsupported: []string{"cloudflare:sockets", "durable_objects.bindings.THEIRS.script_name", "node:fs", "path"},
				Stubbed:     []string{"WorkflowEntrypoint"},
				Classes:     []string{"Flow", "Mine"}},
			vars:     `{}`,
			contains: []string{`__require("node:fs")`, `__require("cloudflare:sockets")`},
		},
		{
			// TypeScript drops imports it takes for types: a class it uses as a value is
			// still found. Cloudflare's WorkflowEntrypoint is stubbed (the project loads),
			// and waitUntil is provided.
			name: "OKUnsupportedTypeScript", path: "testdata/unsupported_ts/index.ts",
			want: Project{Name: "index", Main: "index.ts", Bindings: []Binding{},
				Unsupported: []string{}, Stubbed: []string{"WorkflowEntrypoint"},
				Classes: []string{"Counter", "Flow"}},
			vars: `{}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			checkStructure(t, p)
			vars, _ := json.Marshal(p.Vars)
			if string(vars) != tc.vars {
				t.Errorf("vars %s, want %s", vars, tc.vars)
			}
			abs, _ := filepath.Abs(tc.path)
			if p.Dir != abs && p.Dir != filepath.Dir(abs) {
				t.Errorf("dir %s for %s", p.Dir, abs)
			}
			got := *p
			got.Bundle, got.Dir, got.Vars = nil, "", nil
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
			if (len(tc.want.Unsupported) == 0) != (p.Check() == nil) {
				t.Errorf("Check: %v", p.Check())
			}
			for _, s := range tc.contains {
				if !bytes.Contains(p.Bundle, []byte(s)) {
					t.Errorf("bundle lacks %q:\n%s", s, p.Bundle)
				}
			}
			for _, s := range tc.notContains {
				if bytes.Contains(p.Bundle, []byte(s)) {
					t.Errorf("bundle has %q:\n%s", s, p.Bundle)
				}
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "nomainfile/wrangler.toml", "name = \"x\"\nmain = \"src/missing.js\"\n")
	write(t, dir, "badtoml/wrangler.toml", "main = \"a.js\"\nname = \n")
	write(t, dir, "badjsonc/wrangler.jsonc", "{\n  // the name\n  \"name\": \"x\" \"main\": \"a.js\"\n}\n")
	write(t, dir, "badjson/wrangler.json", `{"name": "x", "main": 3}`)
	write(t, dir, "twice/wrangler.toml", "main = \"a.js\"\n[[durable_objects.bindings]]\nname = \"A\"\nclass_name = \"A\"\n[[durable_objects.bindings]]\nname = \"A\"\nclass_name = \"B\"\n")
	write(t, dir, "twice/a.js", "export class A {}\n")
	write(t, dir, "empty/README.md", "nothing here")
	write(t, dir, "nopkg/wrangler.toml", "main = \"a.js\"\n")
	write(t, dir, "nopkg/a.js", "import pad from \"left-pad\";\nexport default { fetch() { return pad } };\n")
	write(t, dir, "notjs.txt", "hello")
	for _, tc := range []struct {
		name, path string
		is         error
		want       string
	}{
		{"ErrNoMain", "testdata/nomain", ErrNoMain, "set main"},
		{"ErrNoMainFile", filepath.Join(dir, "nomainfile"), ErrNoMain, `main "src/missing.js" is not a file`},
		{"ErrNoConfig", filepath.Join(dir, "empty"), ErrNoConfig, "wrangler.toml"},
		// A syntax error says where it is.
		{"ErrTOML", filepath.Join(dir, "badtoml"), ErrConfig, "wrangler.toml:2:8:"},
		{"ErrJSONCSyntax", filepath.Join(dir, "badjsonc"), ErrConfig, "wrangler.jsonc:3:15:"},
		{"ErrJSON", filepath.Join(dir, "badjson"), ErrConfig, "wrangler.json"},
		{"ErrBoundTwice", filepath.Join(dir, "twice"), ErrConfig, "A is bound twice"},
		{"ErrNotJS", filepath.Join(dir, "notjs.txt"), ErrNotJS, "notjs.txt"},
		{"ErrMissing", filepath.Join(dir, "missing.js"), os.ErrNotExist, "missing.js"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.path)
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %v with %q", err, tc.is, tc.want)
			}
		})
	}
	t.Run("ErrSyntax", func(t *testing.T) {
		_, err := Load("testdata/syntax")
		var be *BuildError
		if !errors.As(err, &be) || len(be.Messages) != 1 {
			t.Fatalf("err %v, want a *BuildError with one message", err)
		}
		if m := be.Messages[0]; m.File != "index.js" || m.Line != 5 || m.Column != 22 || !strings.Contains(m.Text, `Unexpected ";"`) {
			t.Fatalf("message %+v", m)
		}
		if !strings.Contains(err.Error(), `index.js:5:22: Unexpected ";"`) {
			t.Fatalf("error %q", err)
		}
	})
	t.Run("ErrPackageNotFound", func(t *testing.T) {
		_, err := Load(filepath.Join(dir, "nopkg"))
		var be *BuildError
		if !errors.As(err, &be) || !strings.Contains(err.Error(), `a.js:1:17: Could not resolve "left-pad"; is it installed? (npm install left-pad)`) {
			t.Fatalf("err %v", err)
		}
	})
}

// TestLoadNodeModules: packages in node_modules beside the project, or above it, are
// bundled, one named like a Node built-in (events) included.
func TestLoadNodeModules(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "node_modules/left-pad/package.json", `{"name": "left-pad", "main": "./index.js"}`)
	write(t, dir, "node_modules/left-pad/index.js", "module.exports = (s, n) => String(s).padStart(n, ' ');\n")
	write(t, dir, "node_modules/events/package.json", `{"name": "events", "exports": {"workerd": "./workerd.mjs", "default": "./node.js"}}`)
	write(t, dir, "node_modules/events/workerd.mjs", "export class EventEmitter { on() { return 'polyfilled for workerd'; } }\n")
	write(t, dir, "node_modules/events/node.js", "module.exports = require('node:events');\n")
	write(t, dir, "app/wrangler.toml", "name = \"app\"\nmain = \"src/index.js\"\n")
	write(t, dir, "app/src/index.js", `import pad from "left-pad";
import { EventEmitter } from "events";
export default { fetch() { return new Response(pad("x", 3) + new EventEmitter().on()); } };
`)
	p, err := Load(filepath.Join(dir, "app"))
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, p)
	if len(p.Unsupported) != 0 || !p.HasDefault || len(p.Classes) != 0 {
		t.Fatalf("project %+v", p)
	}
	for _, s := range []string{"padStart", "polyfilled for workerd"} {
		if !bytes.Contains(p.Bundle, []byte(s)) {
			t.Fatalf("bundle lacks %q:\n%s", s, p.Bundle)
		}
	}
	if bytes.Contains(p.Bundle, []byte(`__require("`)) {
		t.Fatalf("bundle requires something:\n%s", p.Bundle)
	}
}

func TestBundle(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		src := []byte(`import { DurableObject, env } from "cloudflare:workers";
export class Counter extends DurableObject { get() { return env.X; } }
export default { fetch() { return new Response("hi"); } };
`)
		p, err := Bundle("counter", src)
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, p)
		if p.Name != "counter" || !p.HasDefault || !reflect.DeepEqual(p.Classes, []string{"Counter"}) || len(p.Unsupported) != 0 {
			t.Fatalf("project %+v", p)
		}
		// A bundle comes back as it is, with what its manifest and script say.
		q, err := Bundle("other", p.Bundle)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(q.Bundle, p.Bundle) || q.Name != "counter" || !q.HasDefault ||
			!reflect.DeepEqual(q.Classes, p.Classes) || len(q.Unsupported) != 0 {
			t.Fatalf("round trip %+v", q)
		}
	})
	t.Run("OKRoundTripLoaded", func(t *testing.T) {
		for _, path := range []string{"testdata/toml", "testdata/jsonc", "testdata/unsupported"} {
			p, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Bundle("x", p.Bundle)
			if err != nil {
				t.Fatal(err)
			}
			pv, _ := json.Marshal(p.Vars)
			qv, _ := json.Marshal(q.Vars)
			if q.Name != p.Name || !reflect.DeepEqual(q.Bindings, p.Bindings) || string(pv) != string(qv) ||
				q.HasDefault != p.HasDefault || !reflect.DeepEqual(q.Classes, p.Classes) {
				t.Fatalf("%s: round trip\n got %+v\nwant %+v", path, q, p)
			}
			// What a finished bundle would require() at run time is still unsupported.
			if (q.Check() == nil) != (p.Check() == nil) {
				t.Fatalf("%s: Check %v, loaded %v", path, q.Check(), p.Check())
			}
		}
	})
	t.Run("OKUnsupported", func(t *testing.T) {
		p, err := Bundle("x", []byte(`import { connect } from "cloudflare:sockets";
import fs from "fs";
import { WorkflowEntrypoint, NoSuchExport } from "cloudflare:workers";
export class X extends WorkflowEntrypoint { f() { return [connect, fs, NoSuchExport]; } }
`))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"cloudflare:sockets", "cloudflare:workers.NoSuchExport", "fs"}
		if !reflect.DeepEqual(p.Unsupported, want) || !errors.Is(p.Check(), ErrUnsupported) {
			t.Fatalf("unsupported %v (%v), want %v", p.Unsupported, p.Check(), want)
		}
		if !reflect.DeepEqual(p.Stubbed, []string{"WorkflowEntrypoint"}) {
			t.Fatalf("stubbed %v, want [WorkflowEntrypoint]", p.Stubbed)
		}
		if !strings.Contains(p.Check().Error(), "cloudflare:sockets, cloudflare:workers.NoSuchExport, fs") {
			t.Fatalf("Check: %v", p.Check())
		}
	})
	for _, tc := range []struct {
		name, src string
		is        error
		want      string
	}{
		{"ErrSyntax", "export class {", nil, "x.js:1:14: Expected identifier"},
		{"ErrRelativeImport", `import "./other.js";`, nil, "an uploaded module can import only cloudflare:workers"},
		{"ErrPackage", `import "left-pad";`, nil, `"left-pad"`},
		{"ErrNotUTF8", "\xff\xfe\x00garbage", ErrNotJS, "neither WebAssembly"},
		{"ErrBadBundle", Marker + "\nvar x = 1;\n", ErrBadBundle, "second line"},
		{"ErrBadManifest", Marker + "\nglobalThis.__sobjects_manifest = {;\n", ErrBadBundle, "manifest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Bundle("x", []byte(tc.src))
			var be *BuildError
			if err == nil || !strings.Contains(err.Error(), tc.want) ||
				(tc.is != nil && !errors.Is(err, tc.is)) || (tc.is == nil && !errors.As(err, &be)) {
				t.Fatalf("err %v, want %v with %q", err, tc.is, tc.want)
			}
		})
	}
}

func TestIsBundle(t *testing.T) {
	for in, want := range map[string]bool{
		Marker + "\n":             true,
		Marker:                    false,
		"\x00asm\x01\x00\x00\x00": false,
		"export class X {}":       false,
		" " + Marker + "\n":       false,
	} {
		if IsBundle([]byte(in)) != want {
			t.Errorf("IsBundle(%q) != %v", in, want)
		}
	}
}

func TestIsProjectPath(t *testing.T) {
	for in, want := range map[string]bool{
		"testdata/toml": true, "a.js": true, "a.mjs": true, "a.ts": true, "wrangler.toml": true,
		"a.wasm": false, "missing-folder": false,
	} {
		if IsProjectPath(in) != want {
			t.Errorf("IsProjectPath(%q) != %v", in, want)
		}
	}
}

func TestStripJSONC(t *testing.T) {
	in := `{
  // a comment with "quotes" and a, trailing comma,
  "a": "http://x//y /* not a comment */", /* a
  block */ "b": [1, 2,],
  "c": {"d": "\"//\"",},
}`
	var got map[string]any
	if err := json.Unmarshal(stripJSONC([]byte(in)), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stripJSONC([]byte(in)))
	}
	want := map[string]any{"a": "http://x//y /* not a comment */", "b": []any{1.0, 2.0}, "c": map[string]any{"d": `"//"`}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A binding to a class the entry module does not export is refused before anything runs.
func TestCheckBindingClass(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("wrangler.toml", "name = \"w\"\nmain = \"index.js\"\n[[durable_objects.bindings]]\nname = \"A\"\nclass_name = \"Audit\"\n")
	write("index.js", "import { DurableObject } from \"cloudflare:workers\";\nexport class AuditLog extends DurableObject {}\n")
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "Audit") || !strings.Contains(err.Error(), "AuditLog") {
		t.Fatalf("Check: %v, want ErrConfig naming Audit and the exports", err)
	}
}
