package jsbundle

import (
	"bytes"
	"reflect"
	"testing"
)

// Every wrangler setting sobjects does not act on is listed by name, bindings as
// KEY.BINDING; the ones that define env bindings go into the manifest, except a name a
// var already provides; Check does not refuse them.
func TestLoadListsIgnoredSettings(t *testing.T) {
	p, err := Load("testdata/ignored")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ai.AI", "compatibility_flags.no_global_navigator", "d1_databases.DB",
		"durable_objects.bindings.MINE.environment", "kv_namespaces.MY_KV", "kv_namespaces.SHADOWED",
		"limits", "migrations.v2.renamed_classes", "observability", "placement", "queues.consumers.jobs",
		"queues.producers.JOBS", "r2_buckets.FILES", "routes", "services.AUTH", "triggers.crons",
	}
	if !reflect.DeepEqual(p.Ignored, want) {
		t.Errorf("ignored\n%q\nwant\n%q", p.Ignored, want)
	}
	wantBindings := map[string]string{"AI": "ai.AI", "DB": "d1_databases.DB", "MY_KV": "kv_namespaces.MY_KV",
		"JOBS": "queues.producers.JOBS", "FILES": "r2_buckets.FILES", "AUTH": "services.AUTH"}
	if !reflect.DeepEqual(p.IgnoredBindings, wantBindings) {
		t.Errorf("ignored bindings %v, want %v", p.IgnoredBindings, wantBindings)
	}
	if err := p.Check(); err != nil {
		t.Errorf("Check: %v (ignored settings are no reason to refuse a project)", err)
	}
	if !bytes.Contains(p.Bundle, []byte(`"ignored":{"AI":"ai.AI",`)) {
		t.Errorf("manifest lacks the ignored bindings:\n%s", bytes.SplitN(p.Bundle, []byte("\n"), 3)[1])
	}
	q, err := Bundle("again", p.Bundle)
	if err != nil || !reflect.DeepEqual(q.IgnoredBindings, wantBindings) {
		t.Errorf("read back: %v %v", q.IgnoredBindings, err)
	}
}

// A wrangler.jsonc's ignored settings are found as a wrangler.toml's; a project that
// uses only what sobjects acts on lists none.
func TestLoadIgnoredSettingsJSONC(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "w/wrangler.jsonc", `{
  "name": "w", "main": "a.js", "compatibility_date": "2025-01-01", "$schema": "x",
  "compatibility_flags": ["assets_navigation_prefers_asset_serving", "assets_navigation_has_no_effect", "nodejs_als"],
  // comments and trailing commas, as wrangler writes them
  "vectorize": [{ "binding": "VEC", "index_name": "i" }],
  "send_email": [{ "name": "MAIL" }],
  "browser": { "binding": "BROWSER" },
  "unsafe": { "bindings": [{ "name": "RL", "type": "ratelimit" }] },
  "tail_consumers": [{ "service": "tail" }],
  "wasm_modules": { "MOD": "m.wasm" },
  "some_future_key": 1,
}`)
	write(t, dir, "w/a.js", "export default { fetch() { return new Response('') } };\n")
	p, err := Load(dir + "/w")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"browser.BROWSER", "send_email.MAIL", "some_future_key", "tail_consumers.tail", "unsafe.bindings.RL", "vectorize.VEC", "wasm_modules.MOD"}
	if !reflect.DeepEqual(p.Ignored, want) {
		t.Errorf("ignored %q, want %q", p.Ignored, want)
	}
	if p.CompatibilityDate != "2025-01-01" || len(p.CompatibilityFlags) != 3 {
		t.Errorf("compatibility date %q flags %q, as the file says", p.CompatibilityDate, p.CompatibilityFlags)
	}
	if len(p.IgnoredBindings) != 5 || p.IgnoredBindings["MAIL"] != "send_email.MAIL" || p.IgnoredBindings["RL"] != "unsafe.bindings.RL" {
		t.Errorf("ignored bindings %v", p.IgnoredBindings)
	}
	for _, path := range []string{"testdata/toml", "testdata/jsonc"} {
		if p, err := Load(path); err != nil || p.Ignored != nil || p.IgnoredBindings != nil {
			t.Errorf("%s: ignored %q %v (%v)", path, p.Ignored, p.IgnoredBindings, err)
		}
	}
}
