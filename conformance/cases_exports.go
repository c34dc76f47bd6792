package conformance

// The exports cases: ctx.exports, the Worker's own exports as bindings, and service
// bindings to the Worker itself (fixtures/exports, compatibility flag
// enable_ctx_exports). Routes: /<op>/<obj>.

const (
	docExports  = "https://developers.cloudflare.com/workers/runtime-apis/context/#exports"
	docServices = "https://developers.cloudflare.com/workers/runtime-apis/bindings/service-bindings/rpc/"
)

var _ = register(
	Case{
		Name:    "exports/keys",
		Fixture: "exports",
		Doc:     "workerd: ctx.exports has a binding for each exported class (a namespace for one that extends DurableObject, a service for the others, even one that extends nothing) and for the default export.",
		Steps:   []Request{crpcGet("/keys/x")},
		Check:   all(field(0, "keys", `["Api","ExportsCounter","Plain","default"]`), field(0, "counter", `"function"`), field(0, "plain", "true"), field(0, "same", "true")),
		Wrong:   crpcBodies(`{"keys":["Api","ExportsCounter","default"],"api":"object","counter":"function","plain":false,"same":true}`),
		// workerd's service stub is a function (typeof "function"); sobjects' an object.
		MayDiffer: []string{"0.body.api"},
	},
	Case{
		Name:    "exports/plain-class-no-rpc",
		Fixture: "exports",
		Doc:     "workerd: the service ctx.exports has for an exported class that does not extend WorkerEntrypoint has no RPC methods: calling one is a TypeError (it is not a function).",
		Steps:   []Request{crpcGet("/plain/x")},
		Check:   field(0, "error", `"TypeError"`),
		Wrong:   crpcBodies(`{"value":"plain"}`),
		// The engine's own words: V8's "x.Plain.hi is not a function", QuickJS's "not a function".
		MayDiffer: []string{"0.body.message"},
	},
	Case{
		Name:    "exports/entrypoint-rpc",
		Fixture: "exports",
		Doc:     "ctx.exports.Api of a WorkerEntrypoint class is a service: its methods are called by RPC. " + docExports,
		Steps:   []Request{crpcGet("/greet/x"), crpcGet("/add/x")},
		Check:   all(body(0, `{"value":"hello exports"}`), body(1, `{"value":5}`)),
		Wrong:   crpcBodies(`{"error":"TypeError","message":"x"}`, `{"value":5}`),
	},
	Case{
		Name:    "exports/entrypoint-fetch",
		Fixture: "exports",
		Doc:     "ctx.exports.Api.fetch calls the entrypoint's fetch with the request. " + docExports,
		Steps:   []Request{crpcGet("/fetch/x")},
		Check:   body(0, `{"status":200,"text":"api POST /some/path"}`),
		Wrong:   crpcBodies(`{"status":500,"text":""}`),
	},
	Case{
		Name:    "exports/durable-object-namespace",
		Fixture: "exports",
		Doc:     "ctx.exports.ExportsCounter is the class's namespace: the object it names is the one env's binding names. " + docExports,
		Steps:   []Request{crpcGet("/counter/{obj}")},
		Check:   body(0, `{"a":1,"b":2}`),
		Wrong:   crpcBodies(`{"a":1,"b":1}`),
	},
	Case{
		Name:    "exports/inside-durable-object",
		Fixture: "exports",
		Doc:     "A Durable Object's ctx.exports calls the Worker's entrypoints too. " + docExports,
		Steps:   []Request{crpcGet("/from-object/{obj}")},
		Check:   body(0, `{"value":"hello object"}`),
		Wrong:   crpcBodies(`{"error":"TypeError","message":"x"}`),
	},
	Case{
		Name:    "exports/entrypoint-env-and-ctx",
		Fixture: "exports",
		Doc:     "An entrypoint called through ctx.exports has the Worker's env and a ctx with exports. " + docServices,
		Steps:   []Request{crpcGet("/entrypoint-env/{obj}")},
		Check:   body(0, `{"value":{"hasEnv":"function","viaExports":1}}`),
		Wrong:   crpcBodies(`{"value":{"hasEnv":"undefined","viaExports":1}}`),
	},
	Case{
		Name:    "exports/entrypoint-error",
		Fixture: "exports",
		Doc:     "An error an entrypoint throws reaches the caller with its class and message. " + docServices,
		Steps:   []Request{crpcGet("/entrypoint-error/x")},
		Check:   body(0, `{"error":"RangeError","message":"from the entrypoint"}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"RangeError: from the entrypoint"}`),
	},
	Case{
		Name:    "exports/module-exports",
		Fixture: "exports",
		Doc:     "exports imported from cloudflare:workers are ctx.exports. " + docExports,
		Steps:   []Request{crpcGet("/module-exports/x")},
		Check:   body(0, `{"value":"hello module"}`),
		Wrong:   crpcBodies(`{"error":"Error","message":"exports.Api from cloudflare:workers is not supported by sobjects"}`),
	},
	Case{
		Name:    "exports/default-fetch",
		Fixture: "exports",
		Doc:     "ctx.exports.default is the Worker's default export as a service: its fetch answers. " + docExports,
		Steps:   []Request{crpcGet("/default-fetch/x")},
		Check:   body(0, `{"status":200,"text":"pong PUT"}`),
		Wrong:   crpcBodies(`{"status":500,"text":""}`),
	},
	Case{
		Name:    "exports/service-named-entrypoint",
		Fixture: "exports",
		Doc:     "A service binding to the Worker itself with an entrypoint reaches that WorkerEntrypoint class, by RPC and by fetch. " + docServices,
		Steps:   []Request{crpcGet("/service-greet/x"), crpcGet("/service-fetch/x")},
		Check:   all(body(0, `{"value":"hello service"}`), body(1, `{"status":200,"text":"api GET /via/service"}`)),
		Wrong:   crpcBodies(`{"error":"Error","message":"x"}`, `{"status":500,"text":""}`),
	},
	Case{
		Name:    "exports/service-default",
		Fixture: "exports",
		Doc:     "A service binding to the Worker itself without an entrypoint reaches its default export. https://developers.cloudflare.com/workers/runtime-apis/bindings/service-bindings/",
		Steps:   []Request{crpcGet("/service-default/x")},
		Check:   body(0, `{"status":200,"text":"pong GET"}`),
		Wrong:   crpcBodies(`{"status":500,"text":""}`),
	},
	Case{
		Name:    "exports/service-missing-method",
		Fixture: "exports",
		Doc:     "workerd: a method an entrypoint lacks rejects with a TypeError.",
		Steps:   []Request{crpcGet("/missing-method/x")},
		Check:   field(0, "error", `"TypeError"`),
		Wrong:   crpcBodies(`{"value":null}`),
	},
)
