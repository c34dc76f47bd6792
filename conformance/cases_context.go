package conformance

// The context cases: the ctx a Worker's fetch, an entrypoint and a Durable Object get
// (fixtures/context). Routes: /<op>.

const docProps = "https://developers.cloudflare.com/workers/runtime-apis/context/#props"

// propsNone is what describe (fixtures/context/worker.js) says of a ctx.props that no
// caller set: an empty plain object, the same at each read.
const propsNone = `{"has":true,"type":"object","json":"{}","plain":true,"same":true}`

// propsMissing is what it says of a ctx without props.
const propsMissing = `{"has":false,"type":"undefined","plain":false,"same":true}`

var _ = register(
	Case{
		Name:    "context/props-worker",
		Fixture: "context",
		Doc:     "workerd: a Worker's fetch gets ctx.props, an empty object when nothing set props (a request from the Internet). " + docProps,
		Steps:   []Request{crpcGet("/props-worker")},
		Check:   body(0, propsNone),
		Wrong:   crpcBodies(propsMissing),
	},
	Case{
		Name:    "context/props-writable",
		Fixture: "context",
		Doc:     "workerd: ctx.props is an ordinary object: the Worker may add to it. " + docProps,
		Steps:   []Request{crpcGet("/props-writable")},
		Check:   body(0, `{"seen":1}`),
		Wrong:   Observation{{Status: 500, Body: "Internal Server Error"}},
	},
	Case{
		Name:    "context/props-entrypoint",
		Fixture: "context",
		Doc:     "workerd: an entrypoint called through a service binding without props has this.ctx.props, an empty object. " + docProps,
		Steps:   []Request{crpcGet("/props-entrypoint")},
		Check:   body(0, propsNone),
		Wrong:   crpcBodies(propsMissing),
	},
	Case{
		Name:    "context/props-durable-object",
		Fixture: "context",
		Doc:     "workerd: a Durable Object's ctx has props too, an empty object. " + docProps,
		Steps:   []Request{crpcGet("/props-object")},
		Check:   body(0, propsNone),
		Wrong:   crpcBodies(propsMissing),
	},
)
