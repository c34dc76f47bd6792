package host

import (
	"context"
	"testing"

	"github.com/sobjects/sobjects/storage"
)

// jsNotes keeps a Map only in memory, persisted through ctx.storage.memory: each set is
// a journal entry, snapshot writes the whole Map as an image of two chunks, and the
// constructor rebuilds the Map from the image and the entries after it.
const jsNotes = `
class Notes extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.notes = new Map();
    const dec = new TextDecoder();
    for (const { image, data } of ctx.storage.memory.read()) {
      const entries = JSON.parse(dec.decode(data));
      if (image) for (const [k, v] of entries) this.notes.set(k, v);
      else this.notes.set(entries[0], entries[1]);
    }
  }
  set({ k, v }) { this.notes.set(k, v); this.ctx.storage.memory.append(JSON.stringify([k, v])); return { size: this.notes.size }; }
  bad({ k }) { this.ctx.storage.memory.append(JSON.stringify([k, "lost"])); throw new Error("no"); }
  all() { return Object.fromEntries(this.notes); }
  snapshot() {
    const all = [...this.notes], half = Math.ceil(all.length / 2);
    const img = this.ctx.storage.memory.beginImage();
    img.write(JSON.stringify(all.slice(0, half)));
    img.write(new TextEncoder().encode(JSON.stringify(all.slice(half))));
    img.commit();
    return this.ctx.storage.memory.stats();
  }
  leaveOpen() { this.ctx.storage.memory.beginImage(); }
  stats() { return this.ctx.storage.memory.stats(); }
}
return { Notes };`

// A JavaScript object keeps its in-memory state through durable memory: after the
// engine restarts its constructor finds the journal, then an image and the journal
// after it; a call that threw after appending keeps its entry, as a JavaScript call
// that throws keeps its other writes (as on Cloudflare); a call that returns with an
// image being written fails, and the image is dropped.
func TestJSDurableMemory(t *testing.T) {
	dir := t.TempDir()
	open := func() *Engine {
		e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache})
		if err != nil {
			t.Fatal(err)
		}
		deployJS(t, e, "Notes", jsBundle("", jsNotes))
		return e
	}
	e := open()
	for _, kv := range [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}} {
		mustCall(t, e, "Notes", "n", "set", `{"k":"`+kv[0]+`","v":"`+kv[1]+`"}`)
	}
	if _, err := e.Call(context.Background(), "Notes", "n", "bad", []byte(`{"k":"c"}`)); err == nil {
		t.Fatal("bad did not fail")
	}
	e.Close(context.Background())

	e = open()
	if m := mustCall(t, e, "Notes", "n", "all", ""); len(m) != 3 || m["a"] != "3" || m["b"] != "2" || m["c"] != "lost" {
		t.Fatalf("after a restart, from the journal: %v, want a=3 b=2 c=lost", m)
	}
	if st := mustCall(t, e, "Notes", "n", "snapshot", ""); st["generation"] != 2.0 || st["journalBytes"] != 0.0 || st["imageBytes"].(float64) == 0 {
		t.Fatalf("stats after the image: %v", st)
	}
	mustCall(t, e, "Notes", "n", "set", `{"k":"d","v":"4"}`)
	if _, err := e.Call(context.Background(), "Notes", "n", "leaveOpen", nil); err == nil {
		t.Fatal("a call that returned with an image being written succeeded")
	}
	e.Close(context.Background())

	e = open()
	defer e.Close(context.Background())
	if m := mustCall(t, e, "Notes", "n", "all", ""); len(m) != 4 || m["a"] != "3" || m["d"] != "4" {
		t.Fatalf("after a restart, from the image and the journal: %v", m)
	}
	if st := mustCall(t, e, "Notes", "n", "stats", ""); st["generation"] != 2.0 {
		t.Fatalf("the image left open changed the generation: %v", st)
	}
}

// A class's durable memory policy (Options.MemoryPolicies) decides when stats say a new
// image is due: a journal of a few bytes is not due by the default rule (64 KiB) and is
// under a policy of 10 bytes.
func TestDurableMemoryPolicyPerClass(t *testing.T) {
	for _, c := range []struct {
		policies map[string]storage.MemoryPolicy
		due      bool
	}{
		{nil, false},
		{map[string]storage.MemoryPolicy{"Notes": {MinJournalBytes: 10}}, true},
		{map[string]storage.MemoryPolicy{"Other": {MinJournalBytes: 10}}, false},
	} {
		e := newEngine(t, Options{MemoryPolicies: c.policies})
		deployJS(t, e, "Notes", jsBundle("", jsNotes))
		mustCall(t, e, "Notes", "n", "set", `{"k":"some key","v":"some value"}`)
		if st := mustCall(t, e, "Notes", "n", "stats", ""); st["due"] != c.due {
			t.Errorf("policies %v: stats %v, want due %v", c.policies, st, c.due)
		}
	}
	if _, err := New(context.Background(), Options{DataDir: t.TempDir(), MemoryPolicies: map[string]storage.MemoryPolicy{"x": {DeadShare: -1}}}); err == nil {
		t.Error("a negative policy field was taken")
	}
}
