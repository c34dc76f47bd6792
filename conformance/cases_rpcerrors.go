package conformance

import "fmt"

// The rpcerrors cases: errors and members across a call from one object to another
// (fixtures/rpcerrors), where the relay object either lets the peer's error go to the
// Worker or catches it itself. A caught error is answered as {"error": name,
// "message", "isError", "isTypeError", "isRangeError", "isDOMException", "remote"}.

// crpcerr is the answer for a caught error of class name (one of Error, TypeError,
// RangeError or a DOMException's name) with message, remote or not.
func crpcerr(name, message string, remote bool) string {
	dom := name != "Error" && name != "TypeError" && name != "RangeError"
	return fmt.Sprintf(`{"error":%q,"message":%q,"isError":true,"isTypeError":%t,"isRangeError":%t,"isDOMException":%t,"remote":%t}`,
		name, message, name == "TypeError", name == "RangeError", dom, remote)
}

var _ = register(
	Case{
		Name:    "rpc/error-passed-on",
		Fixture: "rpcerrors",
		Doc:     "An error an object's call to another object rejects with, not caught there, reaches the Worker with its class (TypeError), message and remote true. " + docRPCErrors,
		Steps:   []Request{crpcGet("/relay-type/{obj}")},
		Check:   body(0, crpcerr("TypeError", "peer type failure", true)),
		Wrong:   crpcBodies(`{"error":"Error","message":"TypeError: peer type failure","isError":true,"isTypeError":false,"isRangeError":false,"isDOMException":false,"remote":true}`),
	},
	Case{
		Name:    "rpc/error-passed-on-range",
		Fixture: "rpcerrors",
		Doc:     "A RangeError passed on by an object that called another arrives as a RangeError. " + docRPCErrors,
		Steps:   []Request{crpcGet("/relay-range/{obj}")},
		Check:   body(0, crpcerr("RangeError", "peer range failure", true)),
		Wrong:   crpcBodies(crpcerr("Error", "peer range failure", true)),
	},
	Case{
		Name:    "rpc/error-caught-in-object",
		Fixture: "rpcerrors",
		Doc:     "An object that calls another catches the error it throws as its own class, with remote true. " + docRPCErrors,
		Steps:   []Request{crpcGet("/catch-in-object/{obj}")},
		Check:   body(0, crpcerr("TypeError", "peer type failure", true)),
		Wrong:   crpcBodies(`{"error":"SobjectsError","message":"TypeError: peer type failure","isError":true,"isTypeError":false,"isRangeError":false,"isDOMException":false,"remote":false}`),
	},
	Case{
		Name:    "rpc/error-domexception",
		Fixture: "rpcerrors",
		Doc:     "A DOMException thrown by a method arrives as a DOMException with its name and message. " + docRPCErrors,
		Steps:   []Request{crpcGet("/dom/{obj}")},
		Check:   all(field(0, "error", `"NotFoundError"`), field(0, "message", `"peer lost it"`), field(0, "isDOMException", "true")),
		Wrong:   crpcBodies(crpcerr("Error", "NotFoundError: peer lost it", true)),
	},
	Case{
		Name:      "rpc/missing-method-in-object",
		Fixture:   "rpcerrors",
		Doc:       "workerd: an object calling a method another object does not define gets a TypeError (\"The RPC receiver does not implement the method\").",
		Steps:     []Request{crpcGet("/missing-in-object/{obj}")},
		Check:     all(field(0, "error", `"TypeError"`), field(0, "isTypeError", "true")),
		Wrong:     crpcBodies(`{"value":null}`),
		MayDiffer: []string{"0.body.message", "0.body.remote"},
	},
	Case{
		Name:    "rpc/getter-in-object",
		Fixture: "rpcerrors",
		Doc:     "An object reads another object's getter by awaiting stub.greeting. " + docRPCVisible,
		Steps:   []Request{crpcGet("/getter-in-object/{obj}")},
		Check:   body(0, `{"value":"hello from the peer"}`),
		Wrong:   crpcBodies(`{"value":null}`),
	},
	Case{
		Name:    "rpc/thrown-value",
		Fixture: "rpcerrors",
		Doc:     "workerd: a value a method throws that is not an Error (a string) rejects the caller's call with an Error whose message is that string, remote true.",
		Steps:   []Request{crpcGet("/thrown-value/{obj}")},
		Check:   body(0, `{"type":"object","isError":true,"name":"Error","message":"a thrown string","remote":true}`),
		Wrong:   crpcBodies(`{"type":"object","isError":true,"name":"SobjectsError","message":"uncaught \"a thrown string\"","remote":false}`),
	},
)
