package server

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/internal/testetcd"
	"github.com/sobjects/sobjects/plugins"
)

// keyedAnswer is the body of a keyed call or a scan, and of GET .../_leaves.
type keyedAnswer struct {
	Leaves []struct {
		Leaf      string          `json:"leaf"`
		Object    string          `json:"object"`
		Node      string          `json:"node"`
		Rows      int             `json:"rows"`
		Positions []int           `json:"positions"`
		Result    json.RawMessage `json:"result"`
	} `json:"leaves"`
}

// keyed calls a splittable object's route through cn and decodes the answer.
func (cn *clusterNode) keyed(method, path, body string) keyedAnswer {
	cn.t.Helper()
	status, b := cn.do(method, path, []byte(body))
	var a keyedAnswer
	if err := json.Unmarshal(b, &a); status != 200 || err != nil {
		cn.t.Fatalf("%s %s through %s: %d %s", method, path, cn.name, status, b)
	}
	return a
}

// values reads the ledger's keys through cn: value by key.
func (cn *clusterNode) values(name string, keys []string) map[string]string {
	cn.t.Helper()
	body, _ := json.Marshal(map[string]any{"keys": keys})
	a := cn.keyed("POST", "/v1/objects/ledger/"+name+"/get", string(body))
	got := map[string]string{}
	for _, l := range a.Leaves {
		var vals []json.RawMessage
		if err := json.Unmarshal(l.Result, &vals); err != nil {
			cn.t.Fatalf("leaf %q answered %s", l.Leaf, l.Result)
		}
		for i, p := range l.Positions {
			got[keys[p]] = string(vals[i])
		}
	}
	return got
}

// TestClusterSpreadsTheLeavesOfASplitObjectOverItsNodes splits a ledger into eight
// leaves through three nodes: each new leaf goes to the node placement puts it on, so
// the leaves live on more than one node, each held by exactly the node that says it
// serves it; every key reads and adds through every node, a scan reaches every leaf, a
// node that closes hands its leaves over without losing a key, and a Delete through any
// node takes every leaf.
func TestClusterSpreadsTheLeavesOfASplitObjectOverItsNodes(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	nodes := []*clusterNode{
		startClusterNode(t, etcd, srv, "n0", 0), startClusterNode(t, etcd, srv, "n1", 0), startClusterNode(t, etcd, srv, "n2", 0),
	}
	wasm, _ := plugins.Wasm("ledger")
	for _, cn := range nodes {
		if err := cn.n.Engine().DeployIfAbsent(context.Background(), "ledger", wasm); err != nil {
			t.Fatal(err)
		}
	}
	keys := make([]string, 200)
	ones := make([]int, len(keys))
	for i := range keys {
		keys[i], ones[i] = fmt.Sprint("k", i), 1
	}
	add, _ := json.Marshal(map[string]any{"keys": keys, "payloads": ones})
	nodes[0].keyed("POST", "/v1/objects/ledger/acct/add", string(add))

	// Eight leaves, each split asked of another node than the one that owns it.
	for i, bits := range []string{"", "0", "1", "00", "01", "10", "11"} {
		nodes[i%3].keyed("POST", "/v1/objects/ledger/acct/_split", fmt.Sprintf(`{"leaf":%q}`, bits))
	}
	where := map[string]int{}
	for _, cn := range nodes {
		a := cn.keyed("GET", "/v1/objects/ledger/acct/_leaves", "")
		rows := 0
		for _, l := range a.Leaves {
			rows += l.Rows
			where[l.Node]++
			var holders []string
			for _, other := range nodes {
				if _, ok := other.n.Cluster().Holds(objectKey("ledger", l.Object)); ok {
					holders = append(holders, other.name)
				}
			}
			if len(holders) != 1 || holders[0] != l.Node {
				t.Errorf("through %s: leaf %q says it is served by %q; held by %v", cn.name, l.Leaf, l.Node, holders)
			}
		}
		if len(a.Leaves) != 8 || rows != len(keys) {
			t.Fatalf("through %s: %d leaves holding %d rows, want 8 holding %d", cn.name, len(a.Leaves), rows, len(keys))
		}
	}
	if len(where) < 2 {
		t.Fatalf("the leaves live on %v: one node", where)
	}
	t.Logf("leaves by node (three looks): %v", where)

	// Every key, through every node: one add each, then read everywhere.
	for _, cn := range nodes {
		cn.keyed("POST", "/v1/objects/ledger/acct/add", string(add))
	}
	for _, cn := range nodes {
		for k, v := range cn.values("acct", keys) {
			if v != "4" {
				t.Fatalf("through %s: %s = %s, want 4", cn.name, k, v)
			}
		}
	}
	if a := nodes[1].keyed("POST", "/v1/objects/ledger/acct/_scan/stats", ""); len(a.Leaves) != 8 {
		t.Fatalf("a scan answered %d leaves, want 8", len(a.Leaves))
	}

	// The node that serves the most leaves closes: its leaves go on elsewhere, whole.
	gone := nodes[0]
	for _, cn := range nodes {
		if where[cn.name] > where[gone.name] {
			gone = cn
		}
	}
	if err := gone.n.Close(context.Background()); err != nil {
		t.Fatalf("close %s: %v", gone.name, err)
	}
	var rest []*clusterNode
	for _, cn := range nodes {
		if cn != gone {
			rest = append(rest, cn)
		}
	}
	rest[0].keyed("POST", "/v1/objects/ledger/acct/add", string(add))
	for _, cn := range rest {
		for k, v := range cn.values("acct", keys) {
			if v != "5" {
				t.Fatalf("through %s after %s closed: %s = %s, want 5", cn.name, gone.name, k, v)
			}
		}
		for _, l := range cn.keyed("GET", "/v1/objects/ledger/acct/_leaves", "").Leaves {
			if l.Node == gone.name {
				t.Fatalf("leaf %q is still said to be on %s, which closed", l.Leaf, gone.name)
			}
		}
	}

	// A Delete through either node takes every leaf, wherever it lives.
	if status, b := rest[1].do("DELETE", "/v1/objects/ledger/acct", nil); status != 204 {
		t.Fatalf("delete through %s: %d %s", rest[1].name, status, b)
	}
	a := rest[0].keyed("GET", "/v1/objects/ledger/acct/_leaves", "")
	if len(a.Leaves) != 1 || a.Leaves[0].Rows != 0 {
		t.Fatalf("after the delete: %+v", a)
	}
	for k, v := range rest[0].values("acct", keys[:10]) {
		if v != "null" {
			t.Fatalf("after the delete %s = %s", k, v)
		}
	}
}
