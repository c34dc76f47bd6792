package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// A splittable object over HTTP: calls answer per leaf, a split keeps every key, and
// the errors of keyed calls have their own codes.
func TestSplittableOverHTTP(t *testing.T) {
	v := start(t, Options{})
	type leaves struct {
		Leaves []struct {
			Leaf      string          `json:"leaf"`
			Positions []int           `json:"positions"`
			Result    json.RawMessage `json:"result"`
			Rows      int             `json:"rows"`
		} `json:"leaves"`
	}
	call := func(method, path, body string) leaves {
		t.Helper()
		status, b, _ := v.do(method, path, []byte(body))
		var l leaves
		if err := json.Unmarshal(b, &l); status != http.StatusOK || err != nil {
			t.Fatalf("%s %s: %d %s", method, path, status, b)
		}
		return l
	}
	call("POST", "/v1/objects/ledger/acct/add", `{"keys":["a","b","c","d"],"payloads":[1,2,3,4]}`)
	l := call("POST", "/v1/objects/ledger/acct/_split", `{"leaf":""}`)
	if len(l.Leaves) != 2 || l.Leaves[0].Rows+l.Leaves[1].Rows != 4 {
		t.Fatalf("after the split: %+v", l)
	}
	l = call("POST", "/v1/objects/ledger/acct/get", `{"keys":["a","b","c","d"]}`)
	got := map[int]string{}
	for _, leaf := range l.Leaves {
		var vals []json.RawMessage
		json.Unmarshal(leaf.Result, &vals)
		for i, p := range leaf.Positions {
			got[p] = string(vals[i])
		}
	}
	if got[0] != "1" || got[1] != "2" || got[2] != "3" || got[3] != "4" {
		t.Fatalf("values after the split: %v", got)
	}
	l = call("POST", "/v1/objects/ledger/acct/_scan/stats", "")
	if len(l.Leaves) != 2 {
		t.Fatalf("scan: %+v", l)
	}
	v.problem("POST", "/v1/objects/ledger/acct/add?one_leaf=true", []byte(`{"keys":["a","b","c","d"],"payloads":[1,1,1,1]}`), 409, "spans_leaves")
	v.problem("POST", "/v1/objects/ledger/acct/add", []byte(`{"keys":"a"}`), 400, "bad_input")
	v.problem("POST", "/v1/objects/ledger/acct/_split", []byte(`{"leaf":""}`), 409, "stale_leaf")
	v.problem("POST", "/v1/objects/ledger/acct/_split", []byte(`{}`), 400, "bad_input")
	v.problem("GET", "/v1/objects/counter/c/_leaves", nil, 400, "not_splittable")
	v.problem("POST", "/v1/objects/ledger/acct/_scan/nope", nil, 404, "method_not_found")
	// DELETE removes every leaf: the object starts over as one empty leaf.
	if status, b, _ := v.do("DELETE", "/v1/objects/ledger/acct", nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", status, b)
	}
	l = call("POST", "/v1/objects/ledger/acct/get", `{"keys":["a","b","c","d"]}`)
	if len(l.Leaves) != 1 || string(l.Leaves[0].Result) != "[null,null,null,null]" {
		t.Fatalf("after the delete: %+v", l)
	}
}
