package host

import (
	"context"
	"fmt"
	"runtime/debug"
	"testing"
)

// Resident objects of a class share the pages of its snapshot they do not write to:
// each adds to the process's proportional set size (pssBytes) much less than its
// engine's memory, most of which is the snapshot of a top level that built 8 MiB of
// data, where a copy of the snapshot per object would add all of it.
func TestJSResidentObjectsShareTheSnapshotsPages(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	deployJS(t, e, "Big", jsBundle("", `
const big = "x".repeat(8 << 20);
class Big extends DurableObject { async get(k) { return big.charCodeAt(k) - 115; } }
return { Big };`))
	ctx := context.Background()
	const n = 20
	debug.FreeOSMemory()
	pss0 := pssBytes()
	if pss0 == 0 {
		t.Skip("no /proc/self/smaps_rollup")
	}
	for i := range n {
		if out, err := e.Call(ctx, "Big", fmt.Sprint("b-", i), "get", []byte("5")); err != nil || string(out) != "5" {
			t.Fatalf("get: %s %v", out, err)
		}
	}
	debug.FreeOSMemory()
	perObject := (pssBytes() - pss0) / n
	var linear int64
	e.mu.Lock()
	for _, o := range e.objects {
		if o.inst != nil {
			linear = max(linear, o.inst.linearBytes())
		}
	}
	e.mu.Unlock()
	if linear < 8<<20 {
		t.Fatalf("the engine's memory is %d KiB: the top level did not build its data", linear>>10)
	}
	if perObject > linear/4 {
		t.Errorf("each object adds %d KiB to the process's memory, of %d KiB of engine memory: the snapshot's pages are not shared", perObject>>10, linear>>10)
	}
	t.Logf("%d KiB per object, %d KiB of engine memory each", perObject>>10, linear>>10)
}
