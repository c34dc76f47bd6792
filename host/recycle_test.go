package host

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
)

// jsSpike is a JavaScript class whose spike method allocates {"mib": n} MiB once, in
// arrays it drops before returning, and writes to its KV and SQL storage; read answers
// what is stored.
const jsSpike = `
class Spike extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS t(v TEXT NOT NULL)");
  }
  async spike(arg) {
    const chunks = [];
    for (let i = 0; i < arg.mib; i++) chunks.push(new Uint8Array(1 << 20).fill(i & 255));
    let sum = 0;
    for (const c of chunks) sum += c[c.length - 1];
    const n = ((await this.ctx.storage.get("spikes")) ?? 0) + 1;
    await this.ctx.storage.put("spikes", n);
    this.ctx.storage.sql.exec("INSERT INTO t(v) VALUES (?)", "spike " + n);
    return { sum, spikes: n };
  }
  async read() {
    const rows = this.ctx.storage.sql.exec("SELECT v FROM t ORDER BY rowid").toArray().map(r => r.v);
    return { spikes: (await this.ctx.storage.get("spikes")) ?? 0, rows };
  }
}
return { Spike };`

// recycles is what sobjects_recycles_total says.
func recycles(e *Engine) int {
	var m dto.Metric
	if err := e.metrics.recycles.Write(&m); err != nil {
		panic(err)
	}
	return int(m.GetCounter().GetValue())
}

// freedBytes is what the engine counts as freed towards giving memory back to the OS.
func freedBytes(e *Engine) int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.freed
}

// spikeRead calls read on Spike/name and checks it holds spikes writes.
func spikeRead(t *testing.T, e *Engine, name string, spikes int) {
	t.Helper()
	out, err := e.Call(context.Background(), "Spike", name, "read", nil)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Spikes int      `json:"spikes"`
		Rows   []string `json:"rows"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("read: %s: %v", out, err)
	}
	if got.Spikes != spikes || len(got.Rows) != spikes || (spikes > 0 && got.Rows[spikes-1] != fmt.Sprint("spike ", spikes)) {
		t.Fatalf("read: %s, want %d spikes in KV and as many rows", out, spikes)
	}
}

func spikeEngine(t *testing.T, opts Options) *Engine {
	t.Helper()
	opts.IdleEvict = -1
	e := newEngine(t, opts)
	deployJS(t, e, "Spike", jsBundle("", jsSpike))
	return e
}

// jsSpikeKeeping is jsSpike whose constructor keeps mib MiB for as long as the
// instance lives.
func jsSpikeKeeping(mib int) []byte {
	return jsBundle("", strings.Replace(jsSpike, "super(ctx, env);",
		fmt.Sprintf("super(ctx, env); this.kept = new Uint8Array(%d << 20).fill(1);", mib), 1))
}

func spike(t *testing.T, e *Engine, name string, mib int) {
	t.Helper()
	if _, err := e.Call(context.Background(), "Spike", name, "spike", fmt.Appendf(nil, `{"mib":%d}`, mib)); err != nil {
		t.Fatal(err)
	}
}

func TestRecycleJSInstanceAfterMemorySpike(t *testing.T) {
	e := spikeEngine(t, Options{})
	spikeRead(t, e, "a", 0)
	before := e.ResidentBytes()
	spike(t, e, "a", 24)
	if got := recycles(e); got != 1 {
		t.Fatalf("%d recycles after a call that grew the instance by 24 MiB, want 1", got)
	}
	if residentOf(t, e, "Spike", "a") {
		t.Fatal("the object is still resident after its instance was recycled")
	}
	if got := freedBytes(e); got < 24<<20 {
		t.Fatalf("%d bytes counted as freed after recycling an instance that grew by 24 MiB", got)
	}
	// The next call gets a fresh instance that sees everything stored.
	spikeRead(t, e, "a", 1)
	if !residentOf(t, e, "Spike", "a") {
		t.Fatal("the object is not resident after its next call")
	}
	if got := e.ResidentBytes(); got > before+before/2 {
		t.Fatalf("the fresh instance counts %d bytes, the first counted %d before its spike", got, before)
	}
	spike(t, e, "a", 1) // and works
	spikeRead(t, e, "a", 2)
	if got := recycles(e); got != 1 {
		t.Fatalf("%d recycles, want still 1: the fresh instance did not grow", got)
	}
}

func TestRecycleSparesInstanceUnderThreshold(t *testing.T) {
	e := spikeEngine(t, Options{})
	spike(t, e, "a", 4)
	spikeRead(t, e, "a", 1)
	if got := recycles(e); got != 0 || !residentOf(t, e, "Spike", "a") {
		t.Fatalf("after a 4 MiB spike: %d recycles, resident %v; want 0 and resident (under %d MiB)",
			got, residentOf(t, e, "Spike", "a"), DefaultRecycleMinBytes>>20)
	}
}

// The factor is of the memory after init: an instance that starts large may grow more.
func TestRecycleSparesInstanceLargeAfterInit(t *testing.T) {
	e := spikeEngine(t, Options{})
	deployJS(t, e, "Spike", jsSpikeKeeping(8))
	spike(t, e, "a", 12) // over DefaultRecycleMinBytes, under 4 times what init left
	spikeRead(t, e, "a", 1)
	if got := recycles(e); got != 0 || !residentOf(t, e, "Spike", "a") {
		t.Fatalf("after a 12 MiB spike of an instance 8 MiB large after init: %d recycles, resident %v; want 0 and resident",
			got, residentOf(t, e, "Spike", "a"))
	}
	// With a factor of 2, the same spike recycles it.
	e = spikeEngine(t, Options{RecycleFactor: 2})
	deployJS(t, e, "Spike", jsSpikeKeeping(8))
	spike(t, e, "a", 12)
	if got := recycles(e); got != 1 {
		t.Fatalf("with a factor of 2: %d recycles after the same spike, want 1", got)
	}
	spikeRead(t, e, "a", 1)
}

func TestRecycleOff(t *testing.T) {
	e := spikeEngine(t, Options{RecycleFactor: -1})
	spike(t, e, "a", 24)
	spike(t, e, "a", 24)
	spikeRead(t, e, "a", 2)
	if got := recycles(e); got != 0 || !residentOf(t, e, "Spike", "a") {
		t.Fatalf("with recycling off: %d recycles, resident %v; want 0 and resident", got, residentOf(t, e, "Spike", "a"))
	}
}

// An object that needs the memory at every call is recycled ever more rarely, not at
// every batch.
func TestRecycleBacksOffForSteadyNeed(t *testing.T) {
	e := spikeEngine(t, Options{})
	const calls = 16
	for range calls {
		spike(t, e, "a", 24)
	}
	spikeRead(t, e, "a", calls)
	if got := recycles(e); got < 2 || got > calls/3 {
		t.Fatalf("%d recycles in %d calls that each grew the instance by 24 MiB; want a few (backing off), not one per call", got, calls)
	}
}

// A native (Rust) instance grown by a large input is recycled too.
func TestRecycleNativeInstanceAfterLargeInput(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	ctx := context.Background()
	mustCall(t, e, "testkit", "n", "sql", `{"sql":"CREATE TABLE t(v TEXT)"}`)
	mustCall(t, e, "testkit", "n", "sql", `{"sql":"INSERT INTO t VALUES ('kept')"}`)
	if got := recycles(e); got != 0 {
		t.Fatalf("%d recycles before any growth", got)
	}
	big := strings.Repeat("x", 20<<20)
	out, err := e.Call(ctx, "testkit", "n", "echo", []byte(big))
	if err != nil || len(out) != len(big) {
		t.Fatalf("echo of 20 MiB: %d bytes, %v", len(out), err)
	}
	if got := recycles(e); got != 1 || residentOf(t, e, "testkit", "n") {
		t.Fatalf("after a 20 MiB echo: %d recycles, resident %v; want 1 and not resident", got, residentOf(t, e, "testkit", "n"))
	}
	if got := mustCall(t, e, "testkit", "n", "count_t", "")["n"]; got != 1.0 {
		t.Fatalf("count_t after the recycle: %v, want 1", got)
	}
}

// BenchmarkMemoryAfterRecycle makes ten JavaScript objects each allocate 24 MiB once,
// in one call, and reports the process's resident memory: before (after a
// debug.FreeOSMemory, so that garbage of the set-up does not count), after those calls
// as the engine leaves it (once its own debug.FreeOSMemory after large frees has run),
// the same after one more debug.FreeOSMemory, and with the ten resident again after one
// more call each. The sub-benchmarks are recycling on (the
// defaults) and off (RecycleFactor -1, as before recycling); run each in a process of
// its own (-bench MemoryAfterRecycle/on, /off), as memory one freed is reused by the
// next.
func BenchmarkMemoryAfterRecycle(b *testing.B) {
	for _, c := range []struct {
		name   string
		factor float64
	}{{"on", 0}, {"off", -1}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				e := newEngine(b, Options{IdleEvict: -1, RecycleFactor: c.factor})
				deployJS(b, e, "Spike", jsBundle("", jsSpike))
				ctx := context.Background()
				for i := range 10 { // instantiated once, so that the engine's own memory is in rss0
					if _, err := e.Call(ctx, "Spike", fmt.Sprint("s-", i), "read", nil); err != nil {
						b.Fatal(err)
					}
				}
				debug.FreeOSMemory()
				rss0 := rssBytes()
				for i := range 10 {
					if _, err := e.Call(ctx, "Spike", fmt.Sprint("s-", i), "spike", []byte(`{"mib":24}`)); err != nil {
						b.Fatal(err)
					}
				}
				// debug.FreeOSMemory runs in the background, the last one at the end of its
				// rate-limit window.
				for i := 0; i < 1000 && c.factor >= 0; i++ {
					e.mu.Lock()
					done := !e.freeDue && e.freed < freeOSMemoryAfter && e.freedOS.Load() > 0
					e.mu.Unlock()
					if done {
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
				rss1 := rssBytes()
				debug.FreeOSMemory()
				rss1f := rssBytes()
				for i := range 10 {
					if _, err := e.Call(ctx, "Spike", fmt.Sprint("s-", i), "read", nil); err != nil {
						b.Fatal(err)
					}
				}
				rss2 := rssBytes()
				b.ReportMetric(float64(rss0)/(1<<20), "rss-before-MiB")
				b.ReportMetric(float64(rss1)/(1<<20), "rss-after-MiB")
				b.ReportMetric(float64(rss1f)/(1<<20), "rss-after-free-MiB")
				b.ReportMetric(float64(rss2)/(1<<20), "rss-resident-MiB")
				b.ReportMetric(float64(e.ResidentBytes())/(1<<20), "counted-MiB")
				b.ReportMetric(float64(recycles(e)), "recycles")
				e.Close(ctx)
			}
		})
	}
}
