package conformance

// The modules cases: imports of non-JavaScript files, as wrangler's module rules
// (its defaults and a project's rules) make them modules of type Text, Data or
// CompiledWasm (fixtures/modules, which workerd runs with those modules in its config).

const docModuleRules = "https://developers.cloudflare.com/workers/wrangler/bundling/#including-non-javascript-modules"
const docRulesConfig = "https://developers.cloudflare.com/workers/wrangler/configuration/#bundling"

var _ = register(
	Case{
		Name:    "modules/text-default-rules",
		Fixture: "modules",
		Doc:     "By wrangler's default rules, importing a .html, .txt or .sql file gives its contents as a string (a Text module), UTF-8 decoded. " + docModuleRules,
		Steps:   []Request{crpcGet("/text")},
		Check: body(0, `{"page":"<!DOCTYPE html>\n<title>Modules ✓</title>\n<p>héllo</p>\n","note":"a note\nwith two lines\n",`+
			`"query":"SELECT 1;\n","kinds":["string","string","string"]}`),
		Wrong: crpcBodies(`{"page":"<!DOCTYPE html>\n<title>Modules \u00e2\u009c\u0093</title>\n<p>h\u00c3\u00a9llo</p>\n","note":"a note\nwith two lines\n",` +
			`"query":"SELECT 1;\n","kinds":["string","string","string"]}`),
	},
	Case{
		Name:    "modules/data-is-arraybuffer",
		Fixture: "modules",
		Doc:     "By wrangler's default rules, importing a .bin file gives its bytes as an ArrayBuffer (a Data module, not a typed array), one instance for every importer. " + docModuleRules,
		Steps:   []Request{crpcGet("/data")},
		Check: body(0, `{"tag":"[object ArrayBuffer]","isArrayBuffer":true,"isView":false,"byteLength":6,`+
			`"hex":"00017f80feff","sameInstance":true}`),
		Wrong: crpcBodies(`{"tag":"[object Uint8Array]","isArrayBuffer":false,"isView":true,"byteLength":6,` +
			`"hex":"00017f80feff","sameInstance":true}`),
	},
	Case{
		Name:    "modules/project-rules-fallthrough",
		Fixture: "modules",
		Doc:     "A project's rules = [{type, globs, fallthrough = true}] add globs to a type on top of the default rules: .md files as Text, .dat files as Data. " + docRulesConfig,
		Steps:   []Request{crpcGet("/rules")},
		Check:   body(0, `{"readme":"# Readme\n","table":"[object ArrayBuffer]","tableHex":"deadbeef"}`),
		Wrong:   crpcBodies(`{"readme":{},"table":"[object ArrayBuffer]","tableHex":"deadbeef"}`),
	},
	Case{
		Name:    "modules/nested-relative-import",
		Fixture: "modules",
		Doc:     "A Text module's import path is relative to the importing module, in a subfolder too. " + docModuleRules,
		Steps:   []Request{crpcGet("/nested")},
		Check:   body(0, `{"nested":"nested text\n"}`),
		Wrong:   crpcBodies(`{"nested":"a note\nwith two lines\n"}`),
	},
	Case{
		Name:    "modules/html-page-response",
		Fixture: "modules",
		Doc:     "An imported .html page answered as new Response(page) reaches the client byte for byte with the content type given. " + docModuleRules,
		Steps:   []Request{{Method: "GET", Path: "/page", Keep: []string{"content-type"}}},
		Check: all(status(0, 200), header(0, "content-type", "text/html;charset=UTF-8"),
			body(0, "<!DOCTYPE html>\n<title>Modules ✓</title>\n<p>héllo</p>\n")),
		Wrong: Observation{{Status: 200, Headers: map[string]string{"content-type": "text/plain;charset=UTF-8"},
			Body: "<!DOCTYPE html>\n<title>Modules ✓</title>\n<p>héllo</p>\n"}},
	},
	Case{
		Name:    "modules/wasm-import-loads",
		Fixture: "modules",
		Doc:     "By wrangler's default rules a .wasm import is a CompiledWasm module, a WebAssembly.Module object: a Worker that imports one loads and serves its routes. " + docModuleRules,
		Steps:   []Request{crpcGet("/wasm-import")},
		Check:   body(0, `{"type":"object","isNull":false}`),
		Wrong:   crpcBodies(`{"type":"string","isNull":false}`),
	},
	Case{
		Name:    "modules/imports-in-object",
		Fixture: "modules",
		Doc:     "A Durable Object class of the Worker sees the same Text and Data modules as the Worker. " + docModuleRules,
		Steps:   []Request{crpcGet("/object/{obj}")},
		Check:   body(0, `{"page":54,"blob":"00017f80feff"}`),
		Wrong:   crpcBodies(`{"page":0,"blob":""}`),
	},
)
