package host

import (
	"context"
	"encoding/json"
	"testing"
)

// jsSnapshotState is a class whose top level leaves state in the snapshot the
// instances start from: a global counter and a few MiB of data, so that growing the
// memory and writing over the snapshot's pages both happen.
const jsSnapshotState = `
globalThis.started = 0;
const table = new Array(1 << 18).fill(0).map((_, i) => i);
class S extends DurableObject {
  async touch() {
    globalThis.started++;
    table[7] = -1;
    this.grown = new Array(1 << 18).fill(1); // past the snapshot's memory
    return { started: globalThis.started, seven: table[7], grown: this.grown.length };
  }
  async look() { return { started: globalThis.started, seven: table[7], grown: this.grown?.length ?? 0 }; }
}
return { S };`

// Objects of a class start from the class's snapshot apart: what one writes over its
// pages, or in memory it grew, is its own, seen by its next calls and by no other
// object, including objects activated after it and the object itself once evicted
// and activated again.
func TestJSObjectsStartFromTheSnapshotApart(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1, MaxResident: 2})
	deployJS(t, e, "S", jsBundle("", jsSnapshotState))
	ctx := context.Background()
	type state struct{ Started, Seven, Grown int }
	call := func(name, method string) state {
		t.Helper()
		out, err := e.Call(ctx, "S", name, method, nil)
		var s state
		if err == nil {
			err = json.Unmarshal(out, &s)
		}
		if err != nil {
			t.Fatalf("%s.%s: %v", name, method, err)
		}
		return s
	}
	if got := call("a", "touch"); got != (state{1, -1, 1 << 18}) {
		t.Fatalf("a's first touch: %+v", got)
	}
	if got := call("a", "look"); got != (state{1, -1, 1 << 18}) {
		t.Fatalf("a's next call: %+v", got)
	}
	if got := call("b", "look"); got != (state{0, 7, 0}) {
		t.Fatalf("b, activated after a wrote: %+v", got)
	}
	if got := call("b", "touch"); got != (state{1, -1, 1 << 18}) {
		t.Fatalf("b's touch: %+v", got)
	}
	call("c", "look") // evicts a, the least recently used
	if got := call("a", "look"); got != (state{0, 7, 0}) {
		t.Fatalf("a, activated again: %+v", got)
	}
}
