package conformance

import (
	"encoding/json"
	"strconv"
	"strings"
)

// The ids cases: names and ids of Durable Objects (fixtures/ids). The route's ?n= is
// the object's name (else the path's object). Ids differ between runtimes, so the
// fixture answers their shape ({"hex64": true}) and comparisons, never their value.
// Cases that only compute ids use fixed names; those that store use names built on
// {obj}.

const (
	docNamespace = "https://developers.cloudflare.com/durable-objects/api/namespace/"
	docID        = "https://developers.cloudflare.com/durable-objects/api/id/"
	docStub      = "https://developers.cloudflare.com/durable-objects/api/stub/"
)

// cidsShape is a case that idFromName(name) (sent percent-encoded as q) is a 64-digit
// hex id, the same id each time, whose name property is the name (nameLength UTF-16
// code units).
func cidsShape(what, q, name string, nameLength int, rule string) Case {
	want := `{"hex64":true,"name":` + cidsJSON(name) + `,"nameLength":` + strconv.Itoa(nameLength) + `,"equalsAgain":true,"sameString":true}`
	return Case{
		Name:    "ids/name-" + what,
		Fixture: "ids",
		Doc:     "idFromName accepts any string (" + rule + "): the id is 64 hex digits, the same for the same name, and id.name is the name. " + docNamespace,
		Steps:   []Request{crpcGet("/shape/x?n=" + q)},
		Check:   body(0, want),
		Wrong:   crpcBodies(`{"hex64":false,"name":` + cidsJSON(strings.ReplaceAll(name, "/", "")) + `,"nameLength":0,"equalsAgain":false,"sameString":false}`),
	}
}

// cidsJSON is s as a JSON string.
func cidsJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

var _ = register(
	cidsShape("plain", "plain", "plain", 5, "a plain word"),
	cidsShape("slashes-dots-spaces", "a%2F..%2Fb%20c", "a/../b c", 8, `"/", ".." and spaces`),
	cidsShape("unicode", "%E2%9C%93%F0%9F%98%80", "✓😀", 3, "non-ASCII and astral characters"),
	cidsShape("empty", "", "", 0, "the empty string"),
	cidsShape("400-bytes", strings.Repeat("z", 400), strings.Repeat("z", 400), 400, "400 bytes"),
	cidsShape("multibyte-long", strings.Repeat("%C3%A9", 200), strings.Repeat("é", 200), 200, "200 two-byte characters, 400 bytes of UTF-8"),
	Case{
		Name:    "ids/same-name-same-object",
		Fixture: "ids",
		Doc:     "The same name always reaches the same object: what one request stores through idFromName(name), the next reads. " + docNamespace,
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/get/{obj}")},
		Check:   all(body(0, `{"value":"1"}`), body(1, `{"value":"1"}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"value":null}`),
	},
	Case{
		Name:    "ids/names-never-share",
		Fixture: "ids",
		Doc:     "Two names are two objects: a value stored under one is not seen under another. " + docNamespace,
		Steps:   []Request{crpcGet("/put/{obj}?v=1"), crpcGet("/get/x?n={obj}-2")},
		Check:   all(body(0, `{"value":"1"}`), body(1, `{"value":null}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"value":"1"}`),
	},
	Case{
		Name:    "ids/names-case-sensitive",
		Fixture: "ids",
		Doc:     "Names are compared exactly: \"<obj>-A\" and \"<obj>-a\" are two objects. " + docNamespace,
		Steps:   []Request{crpcGet("/put/x?n={obj}-A&v=1"), crpcGet("/get/x?n={obj}-a"), crpcGet("/get/x?n={obj}-A")},
		Check:   all(body(1, `{"value":null}`), body(2, `{"value":"1"}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"value":"1"}`, `{"value":"1"}`),
	},
	Case{
		Name:    "ids/names-not-normalized",
		Fixture: "ids",
		Doc:     "workerd: a name is its exact string: é precomposed (U+00E9) and e with a combining accent (U+0065 U+0301) name two objects.",
		Steps:   []Request{crpcGet("/put/x?n={obj}-%C3%A9&v=1"), crpcGet("/get/x?n={obj}-e%CC%81")},
		Check:   all(body(0, `{"value":"1"}`), body(1, `{"value":null}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"value":"1"}`),
	},
	Case{
		Name:    "ids/names-with-path-syntax",
		Fixture: "ids",
		Doc:     "A name holding \"/..\" is not a path: \"<obj>/..\" and \"<obj>\" are two objects, and the first keeps its value. " + docNamespace,
		Steps: []Request{crpcGet("/put/x?n={obj}%2F..&v=1"), crpcGet("/get/x?n={obj}"),
			crpcGet("/get/x?n={obj}%2F..")},
		Check: all(body(0, `{"value":"1"}`), body(1, `{"value":null}`), body(2, `{"value":"1"}`)),
		Wrong: crpcBodies(`{"value":"1"}`, `{"value":"1"}`, `{"value":"1"}`),
	},
	Case{
		Name:    "ids/different-names-different-ids",
		Fixture: "ids",
		Doc:     "idFromName of two names gives two ids: equals is false and the strings differ. " + docID,
		Steps:   []Request{crpcGet("/differ/x?n=one")},
		Check:   body(0, `{"equals":false,"sameString":false}`),
		Wrong:   crpcBodies(`{"equals":true,"sameString":true}`),
	},
	Case{
		Name:    "ids/id-from-string-roundtrip",
		Fixture: "ids",
		Doc:     "idFromString(id.toString()) is the same id (equals) and its stub reaches the same object. " + docNamespace,
		Steps:   []Request{crpcGet("/put/{obj}?v=x"), crpcGet("/via-string/{obj}")},
		Check:   body(1, `{"equals":true,"sameString":true,"value":"x"}`),
		Wrong:   crpcBodies(`{"value":"x"}`, `{"equals":true,"sameString":true,"value":null}`),
	},
	Case{
		Name:    "ids/id-from-string-garbage",
		Fixture: "ids",
		Doc:     "idFromString of a string that is not 64 hex digits throws a TypeError. " + docNamespace,
		Steps:   []Request{crpcGet("/from-string/x?s=zz")},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "ids/id-from-string-empty",
		Fixture: "ids",
		Doc:     "idFromString(\"\") throws a TypeError. " + docNamespace,
		Steps:   []Request{crpcGet("/from-string/x?s=")},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "ids/id-from-string-forged",
		Fixture: "ids",
		Doc:     "workerd: idFromString of 64 hex digits that no namespace method made (all f) throws a TypeError: an id carries a check of its namespace.",
		Steps:   []Request{crpcGet("/from-string/x?s=" + strings.Repeat("f", 64))},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "ids/new-unique-id",
		Fixture: "ids",
		Doc:     "newUniqueId gives a new 64-hex-digit id each call, with no name; its object keeps state reachable again through idFromString, and another unique id is another object. " + docNamespace,
		Steps:   []Request{crpcGet("/unique/x")},
		Check:   body(0, `{"hex64":true,"distinct":true,"name":"undefined","value":"unique","otherValue":null,"back":"unique"}`),
		Wrong:   crpcBodies(`{"hex64":true,"distinct":false,"name":"","value":"unique","otherValue":"unique","back":"unique"}`),
	},
	Case{
		Name:    "ids/get-by-name",
		Fixture: "ids",
		Doc:     "getByName(name) is the stub of idFromName(name): what one stores, the other reads. " + docNamespace,
		Steps:   []Request{crpcGet("/by-name-put/{obj}?v=3"), crpcGet("/get/{obj}"), crpcGet("/by-name-get/{obj}")},
		Check:   all(body(0, `{"value":"3"}`), body(1, `{"value":"3"}`), body(2, `{"value":"3"}`)),
		Wrong:   crpcBodies(`{"value":"3"}`, `{"value":null}`, `{"value":"3"}`),
	},
	Case{
		Name:    "ids/ctx-id-matches-caller",
		Fixture: "ids",
		Doc:     "Inside the object, ctx.id is the id the caller made (the same 64 hex digits). https://developers.cloudflare.com/durable-objects/api/state/",
		Steps:   []Request{crpcGet("/ctx-id/{obj}")},
		Check:   all(field(0, "same", "true"), field(0, "hex64", "true")),
		Wrong:   crpcBodies(`{"same":false,"hex64":true,"name":null}`),
		// Cloudflare documents ctx.id.name as unavailable inside the object; workerd
		// 2026 has it.
		MayDiffer: []string{"0.body.name"},
	},
	Case{
		Name:    "ids/unique-ctx-id",
		Fixture: "ids",
		Doc:     "Inside an object made from newUniqueId, ctx.id is that id. https://developers.cloudflare.com/durable-objects/api/state/",
		Steps:   []Request{crpcGet("/unique-ctx-id/x")},
		Check:   body(0, `{"same":true}`),
		Wrong:   crpcBodies(`{"same":false}`),
	},
	Case{
		Name:    "ids/stub-id",
		Fixture: "ids",
		Doc:     "A stub's id property equals the id it was made from, name included. " + docStub,
		Steps:   []Request{crpcGet("/stub-id/x?n=stubname")},
		Check:   body(0, `{"equals":true,"name":"stubname"}`),
		Wrong:   crpcBodies(`{"equals":false,"name":null}`),
	},
	Case{
		Name:    "ids/fetch-and-rpc-same-object",
		Fixture: "ids",
		Doc:     "A stub's fetch and its RPC methods reach one object: a value stored over fetch is read over RPC. " + docStub,
		Steps:   []Request{crpcGet("/fetch/{obj}?v=7"), crpcGet("/get/{obj}")},
		Check:   all(body(0, `{"value":"7"}`), body(1, `{"value":"7"}`)),
		Wrong:   crpcBodies(`{"value":"7"}`, `{"value":null}`),
	},
)
