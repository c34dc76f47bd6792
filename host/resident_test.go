package host

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/plugins"
)

// residentOf reports whether the object has a plugin instance, as GET
// /v1/objects/{class}/{name} says.
func residentOf(t *testing.T, e *Engine, class, name string) bool {
	t.Helper()
	info, err := e.Describe(class, name)
	if err != nil {
		t.Fatal(err)
	}
	return info.Resident
}

// counted is the memory one resident counter counts.
func counted(t *testing.T) int64 {
	t.Helper()
	e := newEngine(t, Options{IdleEvict: -1})
	mustCall(t, e, "counter", "probe", "increment", "")
	return e.ResidentBytes()
}

func TestResidentInstancesBoundedByBudget(t *testing.T) {
	one := counted(t)
	budget := 8 * one
	e := newEngine(t, Options{IdleEvict: -1, MemoryBudgetBytes: budget})
	const n = 40
	for i := range n {
		name := fmt.Sprint("c-", i)
		mustCall(t, e, "counter", name, "increment", "")
		mustCall(t, e, "counter", name, "increment", "")
		if got := e.ResidentBytes(); got > budget {
			t.Fatalf("after %d objects, resident objects count %d bytes, over the budget of %d", i+1, got, budget)
		}
	}
	if got := e.Resident(); got > 8 || got < 2 {
		t.Fatalf("%d objects resident under a budget of 8 objects' memory", got)
	}
	// The least recently used went first: the first objects are gone, the last is not.
	if residentOf(t, e, "counter", "c-0") || !residentOf(t, e, "counter", fmt.Sprint("c-", n-1)) {
		t.Fatalf("c-0 resident %v, c-%d resident %v: want the oldest evicted and the newest kept",
			residentOf(t, e, "counter", "c-0"), n-1, residentOf(t, e, "counter", fmt.Sprint("c-", n-1)))
	}
	// Evicted objects kept their data: each comes back with its count.
	for i := range n {
		if got := mustCall(t, e, "counter", fmt.Sprint("c-", i), "get", "")["value"]; got != 2.0 {
			t.Fatalf("c-%d holds %v after eviction, want 2", i, got)
		}
	}
}

func TestResidentInstancesBoundedByCount(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1, MaxResident: 5})
	for _, class := range plugins.JSExampleClasses {
		deployJS(t, e, class, plugins.JSExamples())
	}
	for i := range 30 {
		class := "counter"
		if i%2 == 1 {
			class = "JsCounter"
		}
		if _, err := e.Call(context.Background(), class, fmt.Sprint("o-", i), "increment", nil); err != nil {
			t.Fatal(err)
		}
		if got := e.Resident(); got > 5 {
			t.Fatalf("after %d objects, %d resident: over the bound of 5", i+1, got)
		}
	}
	for i := range 30 {
		class := "counter"
		if i%2 == 1 {
			class = "JsCounter"
		}
		out, err := e.Call(context.Background(), class, fmt.Sprint("o-", i), "get", nil)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != `{"value":1}` && string(out) != "1" {
			t.Fatalf("%s o-%d answers %s after eviction, want its count of 1", class, i, out)
		}
	}
}

// hold keeps the object class/name busy (its input gate taken, its instance resident)
// until the returned function is called.
func hold(t *testing.T, e *Engine, class, name string) (release func()) {
	t.Helper()
	started, done := make(chan struct{}), make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		_, err := e.Run(context.Background(), class, name, func(tx *Tx) ([]byte, error) {
			close(started)
			<-done
			return nil, nil
		})
		errc <- err
	}()
	select {
	case <-started:
	case err := <-errc:
		t.Fatalf("hold %s/%s: %v", class, name, err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			close(done)
			if err := <-errc; err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(release) // before the engine closes, which waits for the held call
	return release
}

// namesOnThreads returns n object names of class whose objects are pinned to n
// different worker threads, so that one held busy blocks none of the others.
func namesOnThreads(e *Engine, class string, n int) []string {
	var names []string
	used := map[int]bool{}
	for i := 0; len(names) < n; i++ {
		name := fmt.Sprint("t-", i)
		if slot := e.slotOf(ObjectID(class, name)); !used[slot] {
			used[slot] = true
			names = append(names, name)
		}
	}
	return names
}

func TestActivationRefusedWhenNothingEvictable(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1, MaxResident: 2, Threads: 3})
	n := namesOnThreads(e, "counter", 3)
	a, b, c := n[0], n[1], n[2]
	mustCall(t, e, "counter", c, "increment", "")
	releaseA := hold(t, e, "counter", a)
	releaseB := hold(t, e, "counter", b) // evicts c, the one idle object
	if residentOf(t, e, "counter", c) {
		t.Fatal("c still resident: the idle object should have made room for b")
	}
	_, err := e.Call(context.Background(), "counter", c, "increment", nil)
	var ce *CallError
	if !errors.Is(err, ErrOverloaded) || !errors.As(err, &ce) || ce.Name != c {
		t.Fatalf("call with both resident objects busy: %v, want ErrOverloaded for c", err)
	}
	// Nothing of the refused call ran.
	releaseA()
	if got := mustCall(t, e, "counter", c, "get", "")["value"]; got != 1.0 {
		t.Fatalf("c holds %v, want 1: the refused increment must not apply", got)
	}
	releaseB()
	if got := e.Resident(); got > 2 {
		t.Fatalf("%d resident, over the bound of 2", got)
	}
}

// BenchmarkMemoryAfterEviction makes 500 JavaScript objects resident, evicts them, and
// reports the process's resident memory before they came, with them, and after they
// left (debug.FreeOSMemory after a large eviction gives it back), and the Go heap in
// use.
func BenchmarkMemoryAfterEviction(b *testing.B) {
	for range b.N {
		e := newJSEngine(b, Options{IdleEvict: -1})
		ctx := context.Background()
		rss0 := rssBytes()
		for i := range 500 {
			if _, err := e.Call(ctx, "JsCounter", fmt.Sprint("r-", i), "increment", nil); err != nil {
				b.Fatal(err)
			}
		}
		rss1 := rssBytes()
		e.evictIdle(time.Now().Add(time.Hour))
		for i := 0; i < 500 && e.freedOS.Load() == 0; i++ { // FreeOSMemory runs in the background
			time.Sleep(10 * time.Millisecond)
		}
		rss2 := rssBytes()
		b.ReportMetric(float64(rss0)/(1<<20), "rss-before-MiB")
		b.ReportMetric(float64(rss1)/(1<<20), "rss-resident-MiB")
		b.ReportMetric(float64(rss2)/(1<<20), "rss-after-MiB")
		e.Close(ctx)
	}
}

// TestMemoryGivenBackAfterLastEvictionBatch evicts objects in several batches inside one
// rate-limit window of debug.FreeOSMemory, as the idle evictor does when objects pass
// their idle time one after another, and checks that memory is given back after the
// last batch, at the end of the window, not only after the first.
func TestMemoryGivenBackAfterLastEvictionBatch(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	var later []func()
	e.mu.Lock()
	e.freeClock = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e.freeLater = func(d time.Duration, f func()) {
		mu.Lock()
		defer mu.Unlock()
		if d <= 0 || d > freeOSMemoryEvery {
			t.Errorf("free scheduled in %v, want within the window of %v", d, freeOSMemoryEvery)
		}
		later = append(later, f)
	}
	e.mu.Unlock()
	waitFrees := func(n int64) {
		t.Helper()
		for e.freedOS.Load() < n { // runs in the background; the test's timeout bounds this
			time.Sleep(time.Millisecond)
		}
	}
	one := counted(t)
	perBatch := int(freeOSMemoryAfter/one) + 1 // each batch frees enough to be worth a free
	batch := func(b int) {
		t.Helper()
		for i := range perBatch {
			mustCall(t, e, "counter", fmt.Sprint("b", b, "-", i), "increment", "")
		}
		e.evictIdle(time.Now().Add(time.Hour))
		if got := e.Resident(); got != 0 {
			t.Fatalf("batch %d: %d objects resident after evicting all", b, got)
		}
	}
	batch(0)
	waitFrees(1)
	for b := 1; b <= 3; b++ { // inside the window: one free is scheduled, not run
		mu.Lock()
		now = now.Add(time.Second)
		mu.Unlock()
		batch(b)
	}
	mu.Lock()
	pending := later
	later = nil
	now = now.Add(freeOSMemoryEvery)
	mu.Unlock()
	if len(pending) != 1 || e.freedOS.Load() != 1 {
		t.Fatalf("after 3 batches inside the window: %d frees scheduled, %d run; want 1 scheduled, 1 run",
			len(pending), e.freedOS.Load())
	}
	pending[0]() // the end of the window
	waitFrees(2)
	e.mu.Lock()
	freed := e.freed
	e.mu.Unlock()
	if freed != 0 {
		t.Fatalf("%d bytes still counted as freed after the scheduled free ran", freed)
	}
}
