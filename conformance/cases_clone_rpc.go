package conformance

// RPC cases of values as structured clone keeps them, beyond cases_rpc.go's: more
// typed arrays, holes, Error classes, and class instances, which RPC refuses.

var crpcCloneValues = []crpcValue{
	{"int16array", `{"type":"Int16Array","length":2,"hex":"feff0300"}`, `{"type":"Uint8Array","length":4,"hex":"feff0300"}`, "an Int16Array keeps its element type"},
	{"dataview", `{"type":"DataView","hex":"0102ff"}`, `{"type":"Uint8Array","length":3,"hex":"0102ff"}`, "a DataView stays a DataView of the same bytes"},
	{"holes", `{"type":"Array","items":[{"type":"number","value":1},{"type":"hole"},{"type":"number","value":3}]}`, `{"type":"Array","items":[{"type":"number","value":1},{"type":"null"},{"type":"number","value":3}]}`, "an array keeps its holes"},
	{"typeerror", `{"type":"Error","name":"TypeError","message":"bad type","isError":true}`, `{"type":"Error","name":"Error","message":"bad type","isError":true}`, "a TypeError value stays a TypeError"},
}

func crpcCloneCases() []Case {
	var cs []Case
	for _, v := range crpcCloneValues {
		cs = append(cs, Case{
			Name:    "rpc/roundtrip-" + v.kind,
			Fixture: "rpc",
			Doc:     "An RPC argument and result cross by structured clone: " + v.rule + ". " + docRPC,
			Steps:   []Request{crpcGet("/echo/{obj}?v=" + v.kind)},
			Check:   body(0, `{"value":`+v.want+`}`),
			Wrong:   crpcBodies(`{"value":` + v.wrong + `}`),
		})
	}
	return cs
}

var _ = register(crpcCloneCases()...)

var _ = register(
	Case{
		Name:    "rpc/class-instance-unclonable",
		Fixture: "rpc",
		Doc: "workerd: a class instance (not an RpcTarget) cannot be sent over RPC: a DataCloneError " +
			"(Could not serialize object of type \"Point\"), where storage keeps it as a plain object. " + docRPC,
		Steps: []Request{crpcGet("/echo/{obj}?v=instance")},
		Check: crpcThrown("DataCloneError", `Could not serialize object of type "Point"`),
		Wrong: crpcBodies(`{"value":{"type":"object","fields":{"x":{"type":"number","value":3},"y":{"type":"number","value":4}}}}`),
	},
)
