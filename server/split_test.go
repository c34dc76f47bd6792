package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/sobjects/sobjects/storage"
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
	// Keys on two leaves, one of them refused by the plugin: 207 with the answer of the
	// leaf that applied and the error of the other.
	var k0, k1 string
	for i := 0; k0 == "" || k1 == ""; i++ {
		k := fmt.Sprint("p", i)
		if storage.PrefixOwns("0", storage.KeyHash(k)) {
			k0 = k
		} else {
			k1 = k
		}
	}
	status, b, _ := v.do("POST", "/v1/objects/ledger/acct/add", []byte(fmt.Sprintf(`{"keys":[%q,%q],"payloads":[1,"x"]}`, k0, k1)))
	var partial struct {
		Leaves []struct {
			Leaf      string `json:"leaf"`
			Positions []int  `json:"positions"`
		} `json:"leaves"`
		Errors []struct {
			Leaf      string `json:"leaf"`
			Positions []int  `json:"positions"`
			Status    int    `json:"status"`
			Code      string `json:"code"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(b, &partial); err != nil || status != http.StatusMultiStatus ||
		len(partial.Leaves) != 1 || partial.Leaves[0].Leaf != "0" || len(partial.Errors) != 1 ||
		partial.Errors[0].Leaf != "1" || partial.Errors[0].Positions[0] != 1 || partial.Errors[0].Code != "bad_input" || partial.Errors[0].Status != 400 {
		t.Fatalf("a call one leaf refused: %d %s", status, b)
	}
	v.problem("POST", "/v1/objects/ledger/acct/add", []byte(`{"keys":["a","a"],"payloads":[1,1]}`), 400, "bad_input")
	v.problem("POST", "/v1/objects/ledger/acct/nope", []byte(`not json`), 404, "method_not_found")
	v.problem("POST", "/v1/objects/counter/c/increment?one_leaf=true", nil, 400, "not_splittable")
	// Describing an object that does not exist does not create it.
	l = call("GET", "/v1/objects/ledger/never/_leaves", "")
	if len(l.Leaves) != 1 || l.Leaves[0].Rows != 0 {
		t.Fatalf("leaves of a new object: %+v", l)
	}
	if _, b, _ := v.do("GET", "/v1/objects/ledger/never", nil); !bytes.Contains(b, []byte(`"exists":false`)) {
		t.Fatalf("describing the leaves created the object: %s", b)
	}
	// DELETE removes every leaf: the object starts over as one empty leaf.
	if status, b, _ := v.do("DELETE", "/v1/objects/ledger/acct", nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", status, b)
	}
	l = call("POST", "/v1/objects/ledger/acct/get", `{"keys":["a","b","c","d"]}`)
	if len(l.Leaves) != 1 || string(l.Leaves[0].Result) != "[null,null,null,null]" {
		t.Fatalf("after the delete: %+v", l)
	}
}
