package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// jsTestdata is the folder of the JavaScript projects of package jsbundle's tests.
func jsTestdata(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("../../jsbundle/testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestInspectJS(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"OK", []string{jsTestdata(t, "toml")}, 0, []string{
			"project:     counter-worker", "bindings:    COUNTER -> Counter", "vars:        GREETING, LIMIT",
			"classes:     Counter", "worker:      yes", "unsupported APIs: none", "stubbed APIs: none", "ignored settings: none"}},
		{"OKStrict", []string{jsTestdata(t, "jsonc"), "--strict"}, 0, []string{"bindings:    ALARMS -> Alarm, ROOMS -> Room", "worker:      no"}},
		{"OKSingleFile", []string{jsTestdata(t, "single/counter.ts")}, 0, []string{"project:     counter ", "classes:     Counter"}},
		// What run refuses fails inspect too, strict or not, after the listing.
		{"ErrUnsupported", []string{jsTestdata(t, "unsupported")}, 1, []string{
			"unsupported APIs: cloudflare:sockets, durable_objects.bindings.THEIRS.script_name, node:fs, path",
			"stubbed APIs: WorkflowEntrypoint", "(run and deploy refuse it)"}},
		{"ErrUnsupportedStrict", []string{jsTestdata(t, "unsupported"), "--strict"}, 1, []string{"unsupported APIs: cloudflare:sockets"}},
		{"ErrBindingToAClassNotExported", []string{jsTestdata(t, "unexported")}, 1, []string{
			"binding X names class Missing, which index.js does not export (it exports Room) (run and deploy refuse it)"}},
		// A project that only imports what sobjects stubs loads; --strict still fails it.
		{"OKStubbedNotStrict", []string{jsTestdata(t, "unsupported_ts/index.ts")}, 0, []string{"unsupported APIs: none", "stubbed APIs: WorkflowEntrypoint"}},
		{"ErrStubbedStrict", []string{jsTestdata(t, "unsupported_ts/index.ts"), "--strict"}, 1, []string{"stubbed APIs: WorkflowEntrypoint", "index.ts uses stubbed APIs (listed above)"}},
		// Wrangler settings sobjects ignores are listed by name; --strict fails on them.
		{"OKIgnoredNotStrict", []string{jsTestdata(t, "ignored")}, 0, []string{"unsupported APIs: none",
			"ignored settings: ai.AI, compatibility_flags.no_global_navigator, d1_databases.DB, durable_objects.bindings.MINE.environment, kv_namespaces.MY_KV, "}},
		// The compatibility date is printed, and the flags sobjects honours and ignores.
		{"OKCompatibility", []string{jsTestdata(t, "ignored")}, 0, []string{"compatibility: date 2025-01-01; flags honoured: nodejs_compat; flags ignored: no_global_navigator\n"}},
		{"ErrIgnoredStrict", []string{jsTestdata(t, "ignored"), "--strict"}, 1, []string{"ignored settings: ai.AI, ", "triggers.crons"}},
		// --env applies a wrangler environment: its name, and none of the top level's
		// bindings, which an environment does not inherit; an unknown one is an error.
		{"OKEnv", []string{jsTestdata(t, "ignored"), "--env", "staging"}, 0, []string{"project:     ignored-staging ",
			"environment: staging ([env.staging] of the wrangler file; not inherited from the top level: ai, d1_databases, durable_objects, kv_namespaces, queues, r2_buckets, services, vars)",
			"bindings:    none", "ignored settings: compatibility_flags.no_global_navigator, limits, migrations.v2.renamed_classes, observability, placement, routes, triggers.crons\n"}},
		{"ErrEnvUnknown", []string{jsTestdata(t, "ignored"), "--env", "prod"}, 1, []string{`no such wrangler environment: "prod" (it defines staging;`}},
		// Under nodejs_compat the Node.js modules sobjects provides are no unsupported API;
		// without it they are, as is any it does not provide.
		{"OKNodeCompatStrict", []string{jsTestdata(t, "node"), "--strict"}, 0, []string{"nodejs_compat: yes", "unsupported APIs: none"}},
		{"ErrNodeModulesWithoutFlagStrict", []string{jsTestdata(t, "node_off"), "--strict"}, 1, []string{"unsupported APIs: events, node:buffer, node:fs"}},
		// Non-JavaScript modules are listed with their type; WebAssembly fails --strict.
		{"OKModules", []string{jsTestdata(t, "rules")}, 0, []string{"modules:     notes/note.txt (Text), src/README.md (Text), " +
			"src/add.wasm (CompiledWasm: sobjects has no WebAssembly, a use throws), src/blob.bin (Data), src/query.sql (Text), src/static/page.html (Text)"}},
		{"ErrWasmModuleStrict", []string{jsTestdata(t, "rules"), "--strict"}, 1, []string{"src/add.wasm (CompiledWasm"}},
		{"OKChatDemoStrict", []string{jsTestdata(t, "chatdemo"), "--strict"}, 0, []string{"modules:     src/chat.html (Data)"}},
		{"OKAssets", []string{jsTestdata(t, "assets")}, 0, []string{"assets:      ", "public (5 files, 96 bytes; binding ASSETS, html_handling auto-trailing-slash, not_found_handling 404-page, run_worker_first /api/*)",
			"ignored settings: assets.experimental_serve_directly", "rules: 4 redirects, 1 header rules (_redirects, _headers); warning: _redirects:6: want SOURCE DESTINATION [STATUS], not 1 words"}},
		{"OKAssetsOnly", []string{jsTestdata(t, "assets_only"), "--strict"}, 0, []string{"main none: static assets only", "worker:      yes", "binding ASSETS"}},
		{"ErrSyntax", []string{jsTestdata(t, "syntax")}, 1, []string{`index.js:5:22: Unexpected ";"`}},
		{"ErrNoMain", []string{jsTestdata(t, "nomain"), "--strict"}, 1, []string{"no entry module"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := cli(t, t.TempDir(), append([]string{"inspect"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Fatalf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
	t.Run("OKJSON", func(t *testing.T) {
		code, out := cli(t, t.TempDir(), "inspect", "--json", "--strict", jsTestdata(t, "unsupported"))
		var got struct {
			Name        string            `json:"name"`
			Bindings    []json.RawMessage `json:"bindings"`
			Vars        map[string]any    `json:"vars"`
			Classes     []string          `json:"classes"`
			HasDefault  bool              `json:"has_default"`
			Unsupported []string          `json:"unsupported"`
			Stubbed     []string          `json:"stubbed"`
			BundleBytes int               `json:"bundle_bytes"`
		}
		if code != 1 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("exit %d:\n%s", code, out)
		}
		if got.Name != "unsupported" || len(got.Bindings) != 1 || got.Vars == nil || strings.Join(got.Classes, ",") != "Flow,Mine" ||
			got.HasDefault || len(got.Unsupported) != 4 || strings.Join(got.Stubbed, ",") != "WorkflowEntrypoint" || got.BundleBytes == 0 {
			t.Fatalf("JSON %+v", got)
		}
	})
	t.Run("ErrWasmStrict", func(t *testing.T) {
		root, _ := filepath.Abs("../..")
		code, out := cli(t, t.TempDir(), "inspect", "--strict", filepath.Join(root, "host/testdata/abi_v2.wasm"))
		if code != 1 || !strings.Contains(out, "unknown ABI version 2") {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
}

// TestDeployJSRefused: run and deploy refuse a project with unsupported APIs before
// anything opens or is sent.
func TestDeployJSRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"deploy", jsTestdata(t, "unsupported"), "--url", "http://127.0.0.1:1"},
		{"run", jsTestdata(t, "unsupported"), "--listen", "127.0.0.1:1", "--data-dir", filepath.Join(dir, "data")},
	} {
		code, out := cli(t, dir, args...)
		if code != 1 || !strings.Contains(out, "unsupported APIs: cloudflare:sockets, durable_objects.bindings.THEIRS.script_name") {
			t.Fatalf("%v: exit %d:\n%s", args, code, out)
		}
	}
	code, out := cli(t, t.TempDir(), "run", jsTestdata(t, "syntax"))
	if code != 1 || !strings.Contains(out, `index.js:5:22: Unexpected ";"`) {
		t.Fatalf("run syntax: exit %d:\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "data")); !os.IsNotExist(err) {
		t.Fatalf("run opened its data directory before refusing: %v", err)
	}
}

// deploy warns of the wrangler settings sobjects ignores, and deploys the project all
// the same (here to no server).
func TestDeployJSWarnsOfIgnoredSettings(t *testing.T) {
	code, out := cli(t, t.TempDir(), "deploy", jsTestdata(t, "ignored"), "--url", "http://127.0.0.1:1")
	if !strings.Contains(out, "warning: project ignored: sobjects ignores these settings of its wrangler file: ai.AI, compatibility_flags.no_global_navigator, ") ||
		!strings.Contains(out, "127.0.0.1:1") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if _, out := cli(t, t.TempDir(), "deploy", jsTestdata(t, "toml"), "--url", "http://127.0.0.1:1"); strings.Contains(out, "warning") {
		t.Fatalf("a project without ignored settings got a warning:\n%s", out)
	}
}

func TestRunConfigJS(t *testing.T) {
	toml := jsTestdata(t, "toml")
	args := []string{toml, jsTestdata(t, "single/counter.ts"), "c=" + jsTestdata(t, "single/counter.ts"), "x.wasm"}
	wd, _ := os.Getwd()
	os.Chdir(t.TempDir())
	defer os.Chdir(wd)
	cfg, err := loadRunConfig(newRunCmd(), args)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.projects) != 2 || cfg.classes["c"] == "" || cfg.classes["x"] != "x.wasm" || len(cfg.classes) != 2 {
		t.Fatalf("projects %v, classes %v", cfg.projects, cfg.classes)
	}
	projects, worker, err := loadProjects(cfg.projects, "")
	if err != nil || worker != "counter-worker" || len(projects) != 2 {
		t.Fatalf("projects %v, worker %q: %v", projects, worker, err)
	}
	if got := strings.Join(projects[0].DeployClasses(), ","); got != "Counter,counter-worker" {
		t.Fatalf("classes of the toml project: %s", got)
	}
	if got := strings.Join(projects[1].DeployClasses(), ","); got != "Counter" {
		t.Fatalf("classes of the single file: %s", got)
	}
	if _, _, err := loadProjects([]string{toml, toml}, ""); err == nil || !strings.Contains(err.Error(), "two Workers") {
		t.Fatalf("two Workers: %v", err)
	}
}

// TestDeployProjects deploys a bundle to an engine as each of its classes and calls a
// method of its Durable Object class, written in TypeScript.
func TestDeployProjects(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	projects, _, err := loadProjects([]string{jsTestdata(t, "toml")}, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := deployProjects(context.Background(), e, projects); err != nil {
		t.Fatal(err)
	}
	for _, class := range []string{"Counter", "counter-worker"} {
		if _, err := e.Class(class); err != nil {
			t.Fatalf("class %s: %v", class, err)
		}
	}
	for i, want := range []string{"1", "3"} {
		out, err := e.Call(context.Background(), "Counter", "a", "increment", []byte(`2`)[:i])
		if err != nil || string(out) != want {
			t.Fatalf("increment %d: %s %v, want %s", i, out, err, want)
		}
	}
}

// A TypeScript project's errors name its own files and lines (the bundle's source
// map), in the error the caller gets; and a binding of its wrangler file that sobjects
// ignores throws where the code reads it.
func TestDeployedProjectErrorsNameTheSource(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	projects, _, err := loadProjects([]string{jsTestdata(t, "sourcemap"), jsTestdata(t, "ignored")}, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := deployProjects(context.Background(), e, projects); err != nil {
		t.Fatal(err)
	}
	_, err = e.Call(context.Background(), "Obj", "a", "fail", nil)
	if err == nil || !strings.Contains(err.Error(), "Error: fail on line 16\n    at fail (src/object.ts:16:") {
		t.Errorf("fail: %v", err)
	}
	_, err = e.Call(context.Background(), "Obj", "a", "size", []byte(`-1`))
	if err == nil || !strings.Contains(err.Error(), "RangeError: negative size: -1\n    at check (src/lib.ts:9:") || !strings.Contains(err.Error(), "at size (src/object.ts:12:") {
		t.Errorf("size: %v", err)
	}
	if out, err := e.Call(context.Background(), "Obj", "a", "size", []byte(`3`)); err != nil || string(out) != "3" {
		t.Errorf("size 3: %s %v", out, err)
	}
	_, err = e.Call(context.Background(), "Mine", "a", "kv", nil)
	if err == nil || !strings.Contains(err.Error(), "env.MY_KV.get: sobjects does not provide the binding kv_namespaces.MY_KV") {
		t.Errorf("kv: %v", err)
	}
	if out, err := e.Call(context.Background(), "Mine", "a", "shadowed", nil); err != nil || !strings.Contains(string(out), "a var wins") {
		t.Errorf("shadowed: %s %v", out, err)
	}
}

// run, deploy and inspect take --env: the environment's project is served; an
// environment the wrangler file lacks, or --env without a project, is refused before
// anything opens or is sent.
func TestRunDeployEnv(t *testing.T) {
	cmd := newRunCmd()
	cmd.Flags().Set("env", "staging")
	ignored := jsTestdata(t, "ignored")
	wd, _ := os.Getwd()
	os.Chdir(t.TempDir())
	cfg, err := loadRunConfig(cmd, []string{ignored})
	if err != nil || cfg.env != "staging" {
		t.Fatalf("env %q: %v", cfg.env, err)
	}
	projects, _, err := loadProjects(cfg.projects, cfg.env)
	if err != nil || len(projects) != 1 || projects[0].Name != "ignored-staging" || len(projects[0].Bindings) != 0 {
		t.Fatalf("projects %v: %v", projects, err)
	}
	if _, err := loadRunConfig(cmd, nil); err == nil || !strings.Contains(err.Error(), "--env staging: no JavaScript project") {
		t.Fatalf("--env without a project: %v", err)
	}
	os.Chdir(wd)
	dir := t.TempDir()
	for _, args := range [][]string{
		{"deploy", jsTestdata(t, "ignored"), "--env", "prod", "--url", "http://127.0.0.1:1"},
		{"run", jsTestdata(t, "ignored"), "--env", "prod", "--listen", "127.0.0.1:1", "--data-dir", filepath.Join(dir, "data")},
	} {
		code, out := cli(t, dir, args...)
		if code != 1 || !strings.Contains(out, `no such wrangler environment: "prod" (it defines staging`) || strings.Contains(out, "127.0.0.1:1") {
			t.Fatalf("%v: exit %d:\n%s", args, code, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "data")); !os.IsNotExist(err) {
		t.Fatalf("run opened its data directory before refusing: %v", err)
	}
	// As wrangler, deploy warns of the top level's bindings and vars the environment lacks.
	code, out := cli(t, dir, "deploy", jsTestdata(t, "ignored"), "--env", "staging", "--url", "http://127.0.0.1:1")
	if !strings.Contains(out, "warning: project ignored-staging: [env.staging] does not inherit the top level's ai, d1_databases, durable_objects, ") ||
		!strings.Contains(out, "127.0.0.1:1") {
		t.Fatalf("deploy --env staging: exit %d:\n%s", code, out)
	}
	code, out = cli(t, dir, "run", "--cf-header", "bad header", "--data-dir", filepath.Join(dir, "data"))
	if code == 0 || !strings.Contains(out, `--cf-header: "bad header" is not a header name`) {
		t.Fatalf("bad --cf-header: exit %d:\n%s", code, out)
	}
}

// Each wrangler environment has its own Durable Objects, as on Cloudflare, where it is
// a Worker of its own: the top level and [env.staging] of one project, deployed on one
// engine, are different classes (Cart and Cart.staging), and what one writes, through
// a binding (one with script_name naming the Worker itself too) or ctx.exports, the
// other does not see.
func TestEnvironmentsHaveTheirOwnObjects(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	ctx := context.Background()
	for _, env := range []string{"", "staging"} {
		projects, _, err := loadProjects([]string{jsTestdata(t, "envs")}, env)
		if err != nil {
			t.Fatal(err)
		}
		if err := deployProjects(ctx, e, projects); err != nil {
			t.Fatal(err)
		}
	}
	for _, class := range []string{"Cart", "Log", "Audit", "shop", "Cart.staging", "Log.staging", "Audit.staging", "shop-staging"} {
		if _, err := e.Class(class); err != nil {
			t.Fatalf("class %s: %v", class, err)
		}
	}
	call := func(class, name, method, input string) string {
		t.Helper()
		out, err := e.Call(ctx, class, name, method, []byte(input))
		if err != nil {
			t.Fatalf("%s %s.%s: %v", class, name, method, err)
		}
		return string(out)
	}
	if got := call("Cart", "c", "put", `"top"`); got != `"top"` {
		t.Fatalf("put top: %s", got)
	}
	if got := call("Cart.staging", "c", "get", ``); got != `null` {
		t.Fatalf("staging's cart is %s after the top level's put: the environments share it", got)
	}
	call("Cart.staging", "c", "put", `"staged"`)
	for _, c := range []struct{ class, name, method, want string }{
		{"Cart", "c", "get", `"top"`},
		{"Cart.staging", "c", "get", `"staged"`},
		{"Log", "log", "lines", `["put top"]`},
		{"Log.staging", "log", "lines", `["put staged"]`},
		{"Audit", "audit", "lines", `["put top"]`},
		{"Audit.staging", "audit", "lines", `["put staged"]`},
	} {
		if got := call(c.class, c.name, c.method, ""); got != c.want {
			t.Errorf("%s %s.%s = %s, want %s", c.class, c.name, c.method, got, c.want)
		}
	}
}

// inspect prints the names of a project's local secrets (.dev.vars) and where they
// come from, never their values, in text and in JSON.
func TestInspectHidesSecrets(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"wrangler.toml": "name = \"s\"\nmain = \"a.js\"\n[vars]\nPUBLIC = \"shown\"\nTOKEN = \"placeholder\"\n",
		"a.js":          "export default { fetch(r, env) { return new Response(env.TOKEN) } };\n",
		".dev.vars":     "TOKEN=hunter2-secret\nAPI_KEY=\"k-secret\"\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"inspect", dir}, {"inspect", dir, "--json"}} {
		code, out := cli(t, t.TempDir(), args...)
		if code != 0 || strings.Contains(out, "hunter2") || strings.Contains(out, "k-secret") || strings.Contains(out, "placeholder") || !strings.Contains(out, "shown") || !strings.Contains(out, "API_KEY") {
			t.Errorf("%v: exit %d, want the names of the secrets and none of their values:\n%s", args, code, out)
		}
	}
	if _, out := cli(t, t.TempDir(), "inspect", dir); !strings.Contains(out, "vars:        PUBLIC\n") || !strings.Contains(out, "secrets:     API_KEY, TOKEN (from .dev.vars; values not shown)") {
		t.Errorf("inspect:\n%s", out)
	}
}
