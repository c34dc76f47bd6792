package conformance

// More ids cases (fixtures/ids): names with NUL, ids of another namespace, the id's
// text, and what an id shows of itself.

var _ = register(
	cidsShape("nul", "a%00b", "a\x00b", 3, "NUL"),
	Case{
		Name:    "ids/id-from-string-other-namespace",
		Fixture: "ids",
		Doc:     "workerd: idFromString of an id another namespace made throws a TypeError: an id carries a check of its namespace.",
		Steps:   []Request{crpcGet("/other-namespace/x?n=shared")},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "ids/get-other-namespace",
		Fixture: "ids",
		Doc:     "workerd: get() of an id another namespace made gives a stub, and its object is not the object of the same name in this namespace (what one stores, the other does not read). " + docNamespace,
		Steps:   []Request{crpcGet("/put/x?n={obj}&v=1"), crpcGet("/get-other-namespace/x?n={obj}")},
		Check:   all(body(0, `{"value":"1"}`), body(1, `{"atGet":null,"atCall":null,"value":null}`)),
		Wrong:   crpcBodies(`{"value":"1"}`, `{"atGet":"TypeError","atCall":"TypeError"}`),
	},
	Case{
		Name:    "ids/id-from-string-upper-case",
		Fixture: "ids",
		Doc:     "workerd: idFromString takes the id's hex digits in upper case too: the id is the same (equals, the same toString) and reaches the same object. " + docNamespace,
		Steps:   []Request{crpcGet("/put/x?n={obj}&v=u"), crpcGet("/upper-case/x?n={obj}")},
		Check:   body(1, `{"equals":true,"string":true,"value":"u"}`),
		Wrong:   crpcBodies(`{"value":"u"}`, `{"equals":false,"string":false,"value":null}`),
	},
	Case{
		Name:    "ids/id-shape",
		Fixture: "ids",
		Doc:     "workerd: an id's own fields are jurisdiction (undefined) and name, its hex digits are not among them (JSON.stringify shows the name only), a unique id has a name field, undefined, and String(id) is toString(). " + docID,
		Steps:   []Request{crpcGet("/shape-of-id/x?n=shown")},
		Check:   body(0, `{"json":"{\"name\":\"shown\"}","keys":["jurisdiction","name"],"jurisdiction":true,"uniqueName":true,"string":true,"nameOwn":true}`),
		Wrong:   crpcBodies(`{"json":"{\"name\":\"shown\"}","keys":["name"],"jurisdiction":true,"uniqueName":true,"string":true,"nameOwn":true}`),
	},
)
