package jsbundle

import (
	"fmt"
	"slices"
	"sort"
)

// actedOn are the top-level keys of a wrangler file that sobjects reads (name, main,
// vars, durable_objects, migrations, compatibility_flags; durable_objects, migrations
// and compatibility_flags are walked further by ignoredSettings) or that change nothing
// about how a project runs on sobjects: the schema, the compatibility date (sobjects
// has one behaviour, today's), and deployment settings of Cloudflare's dashboard and
// wrangler itself.
var actedOn = []string{"$schema", "name", "main", "vars", "durable_objects", "migrations", "compatibility_date", "compatibility_flags",
	"account_id", "workers_dev", "preview_urls", "send_metrics", "keep_vars", "upload_source_maps", "logpush"}

// knownFlags are the compatibility flags whose behaviour sobjects has without being
// asked: what nodejs_compat enables is what sobjects provides (and inspect lists the
// node: modules a project imports that it does not); the assets_navigation flags are
// read by readAssets.
var knownFlags = []string{"nodejs_compat", "nodejs_compat_v2", "nodejs_als", "no_nodejs_compat", "no_nodejs_compat_v2",
	"nodejs_compat_populate_process_env", "nodejs_compat_do_not_populate_process_env",
	"assets_navigation_prefers_asset_serving", "assets_navigation_has_no_effect"}

// bindingKeys are the top-level keys whose entries define env bindings: a list of
// tables each naming its binding in the first of its fields given, or (a nil list) one
// table with a binding field, or (bindingMaps) a table of NAME = value.
var bindingKeys = map[string][]string{
	"kv_namespaces": {"binding"}, "r2_buckets": {"binding"}, "d1_databases": {"binding"}, "services": {"binding"},
	"vectorize": {"binding"}, "hyperdrive": {"binding"}, "analytics_engine_datasets": {"binding"},
	"workflows": {"binding"}, "send_email": {"name"}, "dispatch_namespaces": {"binding"},
	"mtls_certificates": {"binding"}, "pipelines": {"binding", "pipeline"}, "secrets_store_secrets": {"binding"},
	"ratelimits": {"name"}, "worker_loaders": {"binding"},
	"ai": nil, "browser": nil, "images": nil, "version_metadata": nil, "assets": nil,
}

// bindingMaps are the top-level tables of NAME = value that define env bindings.
var bindingMaps = []string{"wasm_modules", "text_blobs", "data_blobs"}

// entryNames are the fields that name an entry of a list that defines no binding
// (tail_consumers, queues.consumers, routes), tried in order.
var entryNames = []string{"binding", "name", "service", "queue", "pattern"}

// ignoredSettings lists, sorted, the settings of the wrangler file raw that sobjects
// does not act on, as dotted paths ("kv_namespaces.MY_KV", "triggers.crons",
// "compatibility_flags.FLAG", "migrations.v2.renamed_classes"), and
// returns the env bindings among them: binding name -> setting.
func ignoredSettings(raw map[string]any) (ignored []string, bindings map[string]string) {
	add := func(s string) { ignored = append(ignored, s) }
	bind := func(name, s string) {
		add(s)
		if name != "" {
			if bindings == nil {
				bindings = map[string]string{}
			}
			bindings[name] = s
		}
	}
	for key, v := range raw {
		switch {
		case key == "durable_objects":
			do, _ := v.(map[string]any)
			for k, dv := range do {
				if k != "bindings" {
					add("durable_objects." + k)
					continue
				}
				list, _ := dv.([]any)
				for _, b := range list {
					t, _ := b.(map[string]any)
					for f := range t {
						if f != "name" && f != "class_name" && f != "script_name" {
							add(fmt.Sprintf("durable_objects.bindings.%v.%s", t["name"], f))
						}
					}
				}
			}
		case key == "migrations":
			list, _ := v.([]any)
			for i, m := range list {
				t, _ := m.(map[string]any)
				tag := fmt.Sprint(t["tag"])
				if t["tag"] == nil {
					tag = fmt.Sprint(i)
				}
				for f := range t {
					if f != "tag" && f != "new_classes" && f != "new_sqlite_classes" {
						add("migrations." + tag + "." + f)
					}
				}
			}
		case key == "compatibility_flags":
			list, _ := v.([]any)
			for _, f := range list {
				if s := fmt.Sprint(f); !slices.Contains(knownFlags, s) {
					add("compatibility_flags." + s)
				}
			}
		case slices.Contains(actedOn, key):
		case key == "queues":
			q, _ := v.(map[string]any)
			for k, qv := range q {
				list, ok := qv.([]any)
				if !ok {
					add("queues." + k)
					continue
				}
				for _, e := range list {
					t, _ := e.(map[string]any)
					if k == "producers" {
						name := nameOf(t, "binding")
						bind(name, "queues.producers."+name)
					} else {
						add("queues." + k + "." + nameOf(t, "queue"))
					}
				}
			}
		case key == "triggers" || key == "env" || key == "unsafe":
			t, _ := v.(map[string]any)
			for k := range t {
				if key == "unsafe" && k == "bindings" {
					list, _ := t[k].([]any)
					for _, e := range list {
						name := nameOf(asTable(e), "name")
						bind(name, "unsafe.bindings."+name)
					}
					continue
				}
				add(key + "." + k)
			}
			if len(t) == 0 {
				add(key)
			}
		case slices.Contains(bindingMaps, key):
			t, _ := v.(map[string]any)
			for k := range t {
				bind(k, key+"."+k)
			}
		default:
			fields, isBinding := bindingKeys[key]
			switch list := v.(type) {
			case []any:
				if len(list) == 0 {
					add(key)
				}
				for _, e := range list {
					t, ok := e.(map[string]any)
					if !ok {
						add(key) // routes = ["example.com/*"]
						break
					}
					if isBinding {
						name := nameOf(t, fields...)
						bind(name, key+"."+name)
					} else if name := nameOf(t, entryNames...); name != "" {
						add(key + "." + name)
					} else {
						add(key)
					}
				}
			case map[string]any:
				if name, ok := list["binding"].(string); ok && isBinding {
					bind(name, key+"."+name)
				} else {
					add(key)
				}
			default:
				add(key)
			}
		}
	}
	sort.Strings(ignored)
	return slices.Compact(ignored), bindings
}

// asTable is v as a table, or nil.
func asTable(v any) map[string]any { t, _ := v.(map[string]any); return t }

// nameOf is the first of fields that t has as a string, or "".
func nameOf(t map[string]any, fields ...string) string {
	for _, f := range fields {
		if s, ok := t[f].(string); ok && s != "" {
			return s
		}
	}
	return ""
}
