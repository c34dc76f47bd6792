package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkerdConfig: the config generated from a wrangler project, checked as text
// (no workerd needed): every module embedded, the entry first; a SQLite-backed
// namespace per bound class; the bindings, vars and compatibility settings of the
// wrangler file; the socket and the disk.
func TestWorkerdConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("wrangler.toml", `name = "two"
main = "src/worker.js"
compatibility_date = "2025-02-03"
compatibility_flags = ["nodejs_compat"]

[vars]
GREETING = "hi \"there\""
LIMIT = 3

[[durable_objects.bindings]]
name = "A"
class_name = "Alpha"

[[durable_objects.bindings]]
name = "A2"
class_name = "Alpha"

[[durable_objects.bindings]]
name = "B"
class_name = "Beta"
`)
	write("src/worker.js", `import { DurableObject } from "cloudflare:workers";
import { helper } from "./a/helper.js";
export class Alpha extends DurableObject {}
export class Beta extends DurableObject {}
export default { fetch() { return new Response(helper()); } };
`)
	write("src/a/helper.js", `export function helper() { return "ok"; }`)
	write("node_modules/x/index.js", `export const x = 1;`)
	work := t.TempDir()
	cfg, err := workerdConfig(dir, work, 4321)
	if err != nil {
		t.Fatal(err)
	}
	s := string(cfg)
	for _, want := range []string{
		`address = "127.0.0.1:4321"`,
		`(name = "do-disk", disk = (path = "` + filepath.Join(work, "data") + `", writable = true))`,
		`compatibilityDate = "2025-02-03"`,
		`compatibilityFlags = ["nodejs_compat"]`,
		"modules = [\n    (name = \"src/worker.js\", esModule = embed \"modules/src/worker.js\"),\n    (name = \"src/a/helper.js\", esModule = embed \"modules/src/a/helper.js\"),\n  ]",
		`(className = "Alpha", uniqueKey = "conformance-two-Alpha", enableSql = true)`,
		`(className = "Beta", uniqueKey = "conformance-two-Beta", enableSql = true)`,
		`(name = "A", durableObjectNamespace = "Alpha")`,
		`(name = "A2", durableObjectNamespace = "Alpha")`,
		`(name = "B", durableObjectNamespace = "Beta")`,
		`(name = "GREETING", text = "hi \"there\"")`,
		`(name = "LIMIT", json = "3")`,
		`durableObjectStorage = (localDisk = "do-disk")`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the config lacks %s\n%s", want, s)
		}
	}
	if n := strings.Count(s, `className = "Alpha"`); n != 1 {
		t.Errorf("%d namespaces of class Alpha, want 1 for its two bindings", n)
	}
	if strings.Contains(s, "node_modules") {
		t.Errorf("node_modules embedded:\n%s", s)
	}
	if raw, err := os.ReadFile(filepath.Join(work, "modules", "src", "a", "helper.js")); err != nil || !strings.Contains(string(raw), "helper") {
		t.Errorf("the helper module was not copied beside the config: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(work, "data")); err != nil || !fi.IsDir() {
		t.Errorf("no data folder: %v", err)
	}

	// Without compatibility settings: the default date, no flags.
	write("wrangler.toml", "name = \"two\"\nmain = \"src/worker.js\"\n")
	cfg, err = workerdConfig(dir, t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(cfg); !strings.Contains(s, `compatibilityDate = "2025-01-01"`) || strings.Contains(s, "compatibilityFlags") {
		t.Errorf("without compatibility settings:\n%s", s)
	}
}

func TestCapnpText(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:    `"plain"`,
		`a "b" \c`: `"a \"b\" \\c"`,
		"l1\nl2\t": `"l1\nl2\x09"`,
		"ünï":      `"ünï"`,
	} {
		if got := capnpText(in); got != want {
			t.Errorf("capnpText(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestFindWorkerd: SOBJECTS_WORKERD wins, and one that names no file is an error,
// not a machine without workerd.
func TestFindWorkerd(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "workerd")
	if err := os.WriteFile(bin, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SOBJECTS_WORKERD", bin)
	if got, _, err := FindWorkerd(); err != nil || got != bin {
		t.Errorf("SOBJECTS_WORKERD=%s: got %q, %v", bin, got, err)
	}
	t.Setenv("SOBJECTS_WORKERD", bin+".missing")
	if _, _, err := FindWorkerd(); err == nil {
		t.Error("SOBJECTS_WORKERD naming no file: no error")
	}
	t.Setenv("SOBJECTS_WORKERD", "")
	t.Setenv("HOME", t.TempDir())
	if got, why, err := FindWorkerd(); err != nil || got != "" || !strings.Contains(why, WorkerdVersion) {
		t.Errorf("no workerd anywhere: got %q, %q, %v; want a reason naming %s", got, why, err, WorkerdVersion)
	}
}
