package jsbundle

import (
	"encoding/base64"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestLoadModuleRules: wrangler's default rules make .html, .txt and .sql imports Text,
// .bin Data and .wasm CompiledWasm modules; a project's rule with fallthrough adds its
// globs (.md) to them; the bundle holds each file and Modules lists them.
func TestLoadModuleRules(t *testing.T) {
	p, err := Load("testdata/rules")
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, p)
	want := []Module{
		{"notes/note.txt", ModuleText}, {"src/README.md", ModuleText}, {"src/add.wasm", ModuleCompiledWasm},
		{"src/blob.bin", ModuleData}, {"src/query.sql", ModuleText}, {"src/static/page.html", ModuleText},
	}
	if !reflect.DeepEqual(p.Modules, want) {
		t.Fatalf("modules %+v, want %+v", p.Modules, want)
	}
	b := string(p.Bundle)
	for _, s := range []string{`"<h1>héllo</h1>\n"`, `"a note\n"`, `"# Readme\n"`, `"SELECT 1;\n"`,
		base64.StdEncoding.EncodeToString([]byte{0, 1, 0xfe, 0xff}), ".buffer", "src/add.wasm is a CompiledWasm module"} {
		if !strings.Contains(b, s) {
			t.Errorf("bundle lacks %s", s)
		}
	}
	if slices.Contains(p.Ignored, "rules") {
		t.Fatalf("ignored %v lists rules, which Load acts on", p.Ignored)
	}
}

// TestLoadChatDemoImportsItsPage: cloudflare/workers-chat-demo imports its page as a
// bare "chat.html", which its rule (type Data, fallthrough false) makes an
// ArrayBuffer instead of the default Text.
func TestLoadChatDemoImportsItsPage(t *testing.T) {
	p, err := Load("testdata/chatdemo")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Module{{"src/chat.html", ModuleData}}; !reflect.DeepEqual(p.Modules, want) {
		t.Fatalf("modules %+v, want %+v", p.Modules, want)
	}
	if !strings.Contains(string(p.Bundle), base64.StdEncoding.EncodeToString([]byte("<!DOCTYPE html>\n<html>"))[:20]) {
		t.Fatalf("bundle lacks the page's bytes")
	}
	if strings.Contains(string(p.Bundle), "Edge Chat Demo") {
		t.Fatalf("the page is a Text module, want Data")
	}
	if !reflect.DeepEqual(p.DeployClasses(), []string{"ChatRoom", "edge-chat-demo"}) {
		t.Fatalf("classes %v", p.DeployClasses())
	}
}

// TestLoadSingleFileDefaultRules: a single file without a wrangler file has the
// default rules too.
func TestLoadSingleFileDefaultRules(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "w.js", "import t from \"./t.txt\";\nexport default { fetch() { return new Response(t); } };\n")
	write(t, dir, "t.txt", "text")
	p, err := Load(filepath.Join(dir, "w.js"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []Module{{"t.txt", ModuleText}}; !reflect.DeepEqual(p.Modules, want) {
		t.Fatalf("modules %+v, want %+v", p.Modules, want)
	}
}

func TestLoadModuleRulesErrors(t *testing.T) {
	dir := t.TempDir()
	main := "main = \"w.js\"\n"
	write(t, dir, "python/wrangler.toml", main+"[[rules]]\ntype = \"PythonModule\"\nglobs = [\"**/*.py\"]\n")
	write(t, dir, "python/w.js", "export default {};\n")
	write(t, dir, "unknown/wrangler.toml", main+"[[rules]]\ntype = \"Markdown\"\nglobs = [\"**/*.md\"]\n")
	write(t, dir, "unknown/w.js", "export default {};\n")
	write(t, dir, "noglobs/wrangler.toml", main+"[[rules]]\ntype = \"Text\"\n")
	write(t, dir, "noglobs/w.js", "export default {};\n")
	write(t, dir, "notlist/wrangler.json", `{"main": "w.js", "rules": {"type": "Text"}}`)
	write(t, dir, "notlist/w.js", "export default {};\n")
	for _, tc := range []struct{ name, want string }{
		{"python", "rules[0]: sobjects runs no Python modules (type PythonModule)"},
		{"unknown", `rules[0]: type "Markdown" is not one of ESModule, CommonJS, CompiledWasm, Text, Data`},
		{"noglobs", "rules[0]: globs is empty"},
		{"notlist", "rules: want a list of {type, globs, fallthrough}"},
	} {
		t.Run("Err"+tc.name, func(t *testing.T) {
			_, err := Load(filepath.Join(dir, tc.name))
			if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want ErrConfig with %q", err, tc.want)
			}
		})
	}
	t.Run("ErrNoSuchFile", func(t *testing.T) {
		write(t, dir, "missing/wrangler.toml", main)
		write(t, dir, "missing/w.js", "import p from \"./gone.html\";\nexport default { p };\n")
		_, err := Load(filepath.Join(dir, "missing"))
		var be *BuildError
		if !errors.As(err, &be) || !strings.Contains(err.Error(), `w.js:1:15: Text module "./gone.html": no such file`) {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("ErrNoFallthroughDropsDefaults", func(t *testing.T) {
		// A Text rule without fallthrough is the last Text rule: .html is no longer Text,
		// and esbuild has no loader for it, as with wrangler.
		write(t, dir, "nofall/wrangler.toml", main+"[[rules]]\ntype = \"Text\"\nglobs = [\"**/*.md\"]\n")
		write(t, dir, "nofall/w.js", "import a from \"./a.md\";\nimport b from \"./b.html\";\nexport default { a, b };\n")
		write(t, dir, "nofall/a.md", "a")
		write(t, dir, "nofall/b.html", "b")
		_, err := Load(filepath.Join(dir, "nofall"))
		if err == nil || !strings.Contains(err.Error(), "b.html") || strings.Contains(err.Error(), "a.md") {
			t.Fatalf("err %v, want one about b.html only", err)
		}
	})
}

func TestGlobRegexp(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"**/*.html", "./page.html", true},
		{"**/*.html", "page.html", true},
		{"**/*.html", "../a/b/page.html", true},
		{"**/*.html", "./page.htm", false},
		{"*.txt", "./a.txt", true},
		{"*.txt", "./d/a.txt", false},
		{"**/*.wasm?module", "./a.wasm?module", true},
		{"**/*.wasm", "./a.wasm?module", false},
		{"data/?.bin", "data/a.bin", true},
		{"data/?.bin", "data/ab.bin", false},
		{"**/*.c++", "x.c++", true},
		{"**/*.é", "a/b.é", true},
		{"**/*.é", "a/b.e", false},
		{"*.\xff", "a.\xff", true}, // not UTF-8: no panic, matched as U+FFFD
	} {
		if got := globRegexp(tc.glob).MatchString(tc.path); got != tc.want {
			t.Errorf("%q matches %q: %v, want %v", tc.glob, tc.path, got, tc.want)
		}
	}
}
