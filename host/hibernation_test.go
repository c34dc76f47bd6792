package host

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// remembered is testkit's answer to remember.
type remembered struct {
	Remembered []string `json:"remembered"` // in the instance's memory
	Stored     []string `json:"stored"`     // in storage, before the call
	Calls      int      `json:"calls"`
	Inits      int      `json:"inits"`
}

func remember(e *Engine, class, name, s string) (remembered, error) {
	var r remembered
	out, err := e.Call(context.Background(), class, name, "remember", []byte(`{"s": "`+s+`"}`))
	if err != nil {
		return r, err
	}
	return r, json.Unmarshal(out, &r)
}

func mustRemember(t *testing.T, e *Engine, class, name, s string) remembered {
	t.Helper()
	r, err := remember(e, class, name, s)
	if err != nil {
		t.Fatalf("remember %s: %v", s, err)
	}
	return r
}

// An evicted object of a hibernating class comes back with its instance's memory as it
// was, heap included, without running init: after an idle eviction and after the
// engine restarts. The same plugin in a class that does not hibernate starts over.
func TestHibernationKeepsAnInstancesMemory(t *testing.T) {
	dir := t.TempDir()
	var reg *prometheus.Registry
	open := func() *Engine {
		reg = prometheus.NewRegistry()
		e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache,
			Hibernate: map[string]bool{"kit": true}, Registerer: reg})
		if err != nil {
			t.Fatal(err)
		}
		deploy(t, e, "kit", "testkit")
		deploy(t, e, "plain", "testkit")
		return e
	}
	e := open()
	mustRemember(t, e, "kit", "x", "a")
	mustRemember(t, e, "plain", "x", "a")
	if r := mustRemember(t, e, "kit", "x", "b"); !slices.Equal(r.Remembered, []string{"a", "b"}) || r.Inits != 1 {
		t.Fatalf("before any eviction: %+v", r)
	}
	e.evictIdle(time.Now().Add(time.Hour))
	if n := e.Resident(); n != 0 {
		t.Fatalf("%d objects resident after evicting all", n)
	}
	if got := metricValue(t, reg, "sobjects_hibernations_total", "outcome", "written"); got != 1 {
		t.Fatalf("%v hibernations, want 1 (the hibernating class's object)", got)
	}
	r := mustRemember(t, e, "kit", "x", "c")
	if !slices.Equal(r.Remembered, []string{"a", "b", "c"}) || r.Calls != 3 || r.Inits != 1 {
		t.Fatalf("after an eviction: %+v, want a, b, c in memory, 3 calls and init run once", r)
	}
	if p := mustRemember(t, e, "plain", "x", "b"); !slices.Equal(p.Remembered, []string{"b"}) || p.Inits != 1 {
		t.Fatalf("a class that does not hibernate, after an eviction: %+v, want only b (a new instance)", p)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	e = open()
	defer e.Close(context.Background())
	r = mustRemember(t, e, "kit", "x", "d")
	if !slices.Equal(r.Remembered, []string{"a", "b", "c", "d"}) || r.Inits != 1 || !slices.Equal(r.Stored, []string{"a", "b", "c"}) {
		t.Fatalf("after a restart: %+v, want a, b, c, d, init run once", r)
	}
	if got := metricValue(t, reg, "sobjects_hibernation_restores_total", "outcome", "restored"); got != 1 {
		t.Fatalf("%v restores after the restart, want 1", got)
	}
}

// A hibernated state is used only by the class version that wrote it: after a deploy
// the object runs init on the new version, and the state is gone, so that going back
// to the old version does not bring back memory older than storage.
func TestHibernationStateOfAnotherVersionIsDropped(t *testing.T) {
	e, err := New(context.Background(), Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Hibernate: map[string]bool{"*": true}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	v1, err := plugins.Wasm("testkit")
	if err != nil {
		t.Fatal(err)
	}
	// The same code with a custom section more: another version.
	v2 := append(slices.Clone(v1), 0x00, 0x05, 0x03, 'v', '2', '!', 1)
	if _, err := e.Deploy(context.Background(), "kit", v1); err != nil {
		t.Fatal(err)
	}
	mustRemember(t, e, "kit", "x", "a")
	e.evictIdle(time.Now().Add(time.Hour))
	if _, err := e.Deploy(context.Background(), "kit", v2); err != nil {
		t.Fatal(err)
	}
	if r := mustRemember(t, e, "kit", "x", "b"); !slices.Equal(r.Remembered, []string{"b"}) || !slices.Equal(r.Stored, []string{"a"}) {
		t.Fatalf("on a new version: %+v, want a new instance (only b in memory) over storage's a", r)
	}
	if _, err := e.Deploy(context.Background(), "kit", v1); err != nil { // back to v1, whose state was dropped
		t.Fatal(err)
	}
	if r := mustRemember(t, e, "kit", "x", "c"); !slices.Equal(r.Remembered, []string{"c"}) || !slices.Equal(r.Stored, []string{"b"}) {
		t.Fatalf("back on the first version: %+v, want a new instance over storage's b", r)
	}
}

// The server is killed at every step of a workload of calls, hibernations and
// restores (the file system stops after its k-th operation, for every k, as a crash
// and as a power loss would stop it), and started again: each time, an object that
// comes back from a hibernated state finds in memory exactly what storage holds, and
// one that does not runs init.
func TestHibernationCrashAtEveryStep(t *testing.T) {
	workload := func(e *Engine) {
		for _, s := range []string{"a", "b", "-", "c", "d", "-", "e", "-"} {
			if s == "-" {
				e.evictIdle(time.Now().Add(time.Hour))
				continue
			}
			remember(e, "kit", "x", s) // on a failing disk it fails: what storage and memory hold is checked after
		}
	}
	open := func(dir, vfs string) *Engine {
		e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache, VFS: vfs,
			Hibernate: map[string]bool{"kit": true}})
		if err != nil {
			t.Fatal(err)
		}
		deploy(t, e, "kit", "testkit")
		return e
	}
	count := faultfs.New(faultfs.Crash, -1)
	e := open(t.TempDir(), count.Register())
	workload(e)
	e.Close(context.Background())
	count.Unregister()
	total := count.Ops()
	restored := 0
	for _, mode := range []faultfs.Mode{faultfs.Crash, faultfs.PowerLoss, faultfs.FailIO} {
		for k := range total + 1 {
			dir := t.TempDir()
			fsys := faultfs.New(mode, k)
			e := open(dir, fsys.Register())
			workload(e)
			e.Close(context.Background())
			fsys.Unregister()

			e = open(dir, "")
			r, err := remember(e, "kit", "x", "probe")
			e.Close(context.Background())
			if err != nil {
				t.Fatalf("%s k=%d: after the restart: %v", mode, k, err)
			}
			want := append(slices.Clone(r.Stored), "probe")
			if !slices.Equal(r.Remembered, want) && !slices.Equal(r.Remembered, []string{"probe"}) {
				t.Fatalf("%s k=%d: memory holds %v over storage's %v: want storage's and the probe, or a new instance", mode, k, r.Remembered, r.Stored)
			}
			if len(r.Remembered) > 1 {
				restored++
			}
		}
	}
	if restored == 0 {
		t.Fatal("no run came back from a hibernated state")
	}
	t.Logf("%d fault points over %d operations; %d came back hibernated", 3*(total+1), total, restored)
}

// jsRemember keeps a list only in memory (its constructor does not load it) and the
// same list in storage; a timer left pending or a stub sent keeps it from hibernating.
const jsRemember = `
let constructed = 0;
class Remember extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    constructed++;
    this.list = [];
    this.big = new Map();
  }
  remember({ s }) {
    const stored = this.ctx.storage.kv.get("remembered") ?? [];
    this.list.push(s);
    for (let i = 0; i < 100; i++) this.big.set(s + i, { s, i, at: "x".repeat(20) });
    this.ctx.storage.kv.put("remembered", this.list);
    return { remembered: this.list, stored, calls: this.list.length, inits: constructed };
  }
  later() { setTimeout(() => {}, 3600000); return {}; }
}
return { Remember };`

// A JavaScript object of a hibernating class comes back with its engine's memory (its
// fields and the module's variables) after an eviction and after a restart, without
// running its constructor again: the class's snapshot, which its state is compared
// with, is kept beside the compilation cache. With another cache the bundle is
// evaluated anew, drawing other random numbers at its top level, so the state is stale:
// the object is constructed again, over its storage. One with a timer pending is
// evicted as before and constructed again.
func TestHibernationKeepsAJavaScriptObjectsMemory(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	var reg *prometheus.Registry
	open := func() *Engine {
		reg = prometheus.NewRegistry()
		e, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: cache,
			Hibernate: map[string]bool{"Remember": true}, Registerer: reg})
		if err != nil {
			t.Fatal(err)
		}
		deployJS(t, e, "Remember", jsBundle("", jsRemember))
		return e
	}
	e := open()
	mustRemember(t, e, "Remember", "x", "a")
	mustRemember(t, e, "Remember", "x", "b")
	e.evictIdle(time.Now().Add(time.Hour))
	if got := metricValue(t, reg, "sobjects_hibernations_total", "outcome", "written"); got != 1 {
		t.Fatalf("%v hibernations written, want 1", got)
	}
	r := mustRemember(t, e, "Remember", "x", "c")
	if !slices.Equal(r.Remembered, []string{"a", "b", "c"}) || r.Inits != 1 {
		t.Fatalf("after an eviction: %+v, want a, b, c and one construction", r)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	e = open()
	r = mustRemember(t, e, "Remember", "x", "d")
	if !slices.Equal(r.Remembered, []string{"a", "b", "c", "d"}) || r.Inits != 1 || !slices.Equal(r.Stored, []string{"a", "b", "c"}) {
		t.Fatalf("after a restart: %+v, want a, b, c, d and one construction", r)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	cache = t.TempDir() // another snapshot
	e = open()
	defer e.Close(context.Background())
	r = mustRemember(t, e, "Remember", "x", "e")
	if !slices.Equal(r.Remembered, []string{"e"}) || r.Inits != 1 || !slices.Equal(r.Stored, []string{"a", "b", "c", "d"}) {
		t.Fatalf("after a restart with another snapshot: %+v, want a new instance over storage's a, b, c, d", r)
	}
	if got, stale := metricValue(t, reg, "sobjects_hibernation_restores_total", "outcome", "restored"), metricValue(t, reg, "sobjects_hibernation_restores_total", "outcome", "stale"); got != 0 || stale != 1 {
		t.Fatalf("%v states restored and %v stale with another snapshot, want 0 and 1", got, stale)
	}
	mustRemember(t, e, "Remember", "x", "f")
	e.evictIdle(time.Now().Add(time.Hour))
	if r := mustRemember(t, e, "Remember", "x", "g"); !slices.Equal(r.Remembered, []string{"e", "f", "g"}) {
		t.Fatalf("after an eviction on the restarted engine: %+v, want e, f, g", r)
	}
	mustCall(t, e, "Remember", "x", "later", "") // a timer due in an hour, past what keeps an object resident
	e.evictIdle(time.Now().Add(time.Hour))
	if got := metricValue(t, reg, "sobjects_hibernations_total", "outcome", "refused"); got != 1 {
		t.Fatalf("%v hibernations refused, want 1 (a timer was pending)", got)
	}
	if r := mustRemember(t, e, "Remember", "x", "h"); !slices.Equal(r.Remembered, []string{"h"}) || r.Inits != 1 {
		t.Fatalf("after an eviction with a timer pending: %+v, want a new instance", r)
	}
}

// Under "*" a class mapped to false stays resident.
func TestHibernateEveryClassButOne(t *testing.T) {
	e := newEngine(t, Options{Hibernate: map[string]bool{"*": true, "testkit": false}})
	if !e.hibernates("counter") || e.hibernates("testkit") {
		t.Fatalf("counter hibernates %v, testkit %v: want true, false", e.hibernates("counter"), e.hibernates("testkit"))
	}
	mustRemember(t, e, "testkit", "x", "a")
	e.evictIdle(time.Now().Add(time.Hour))
	if r := mustRemember(t, e, "testkit", "x", "b"); !slices.Equal(r.Remembered, []string{"b"}) {
		t.Fatalf("a class kept resident, after an eviction: %+v, want a new instance", r)
	}
}
