package host

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
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

// An engine closed while a JavaScript call still runs (its Close given up waiting)
// closes the engine's runtime under the call: the call runs on in memory that is still
// there until its time limit stops it, and fails; the process does not fault.
func TestJSEngineClosedUnderARunningCall(t *testing.T) {
	e, err := New(context.Background(), Options{DataDir: t.TempDir(), CallTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	deployJS(t, e, "Loop", jsBundle("", `
class Loop extends DurableObject {
  async ping() { return 1; }
  async spin() { const a = []; for (;;) { a.push({ n: a.length }); if (a.length > 1000) a.length = 0; } }
}
return { Loop };`))
	ctx := context.Background()
	if _, err := e.Call(ctx, "Loop", "a", "ping", nil); err != nil { // resident, restored from the snapshot
		t.Fatal(err)
	}
	done := make(chan error, 1)
	started := make(chan struct{})
	go func() {
		close(started)
		_, err := e.Call(ctx, "Loop", "a", "spin", nil)
		done <- err
	}()
	<-started
	for e.inflight.Load() == 0 { // until the call is in
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // and in its loop
	closeCtx, cancel := context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	if err := e.Close(closeCtx); err == nil || !strings.Contains(err.Error(), "still running") {
		t.Errorf("Close = %v, want it to say a call is still running", err)
	}
	if err := <-done; err == nil {
		t.Error("the call that ran past the engine's close succeeded")
	}
}
