package host

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// benchCall measures one method in one object, reporting p50 and p99 latency and
// calls/s.
func benchCall(b *testing.B, e *Engine, class, method string, input []byte) {
	benchCalls(b, e, class, method, func(int) []byte { return input })
}

// benchCalls is benchCall with the input of call i from input(i).
func benchCalls(b *testing.B, e *Engine, class, method string, input func(i int) []byte) {
	ctx := context.Background()
	if _, err := e.Call(ctx, class, "bench", method, input(-1)); err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		in := input(i)
		start := time.Now()
		if _, err := e.Call(ctx, class, "bench", method, in); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, lat)
}

func reportLatency(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkCallNoop is the whole in-process call path: lookup, input gate, call context,
// the wasm call, commit of an empty transaction.
func BenchmarkCallNoop(b *testing.B) {
	benchCall(b, newEngine(b, Options{}), "testkit", "noop", nil)
}

// BenchmarkCallNow adds one host-function round trip (now_ms) to the noop call; the
// difference from BenchmarkCallNoop is the cost of a round trip.
func BenchmarkCallNow(b *testing.B) {
	benchCall(b, newEngine(b, Options{}), "testkit", "now", nil)
}

// BenchmarkCounterIncrement reads and writes one row and commits (relaxed durability).
func BenchmarkCounterIncrement(b *testing.B) {
	benchCall(b, newEngine(b, Options{}), "counter", "increment", []byte(`{"by":1}`))
}

// BenchmarkColdActivation measures the first call to a new object: instantiate the
// plugin, open (create) its database, run init, call get.
func BenchmarkColdActivation(b *testing.B) {
	e := newEngine(b, Options{IdleEvict: -1})
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if _, err := e.Call(ctx, "counter", fmt.Sprint("cold-", i), "get", nil); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, lat)
}

// BenchmarkReactivation measures the first call to an object that exists on disk but
// is not resident: instantiate, reopen the database, run init, call get.
func BenchmarkReactivation(b *testing.B) {
	benchReactivation(b, newEngine(b, Options{IdleEvict: -1}), "counter")
}

// benchReactivation calls get on 256 objects of class, each incremented once, evicting
// them all before each round of 256, and reports the latency of those first calls.
func benchReactivation(b *testing.B, e *Engine, class string) {
	ctx := context.Background()
	const n = 256
	for i := range n {
		if _, err := e.Call(ctx, class, fmt.Sprint("warm-", i), "increment", nil); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		if i%n == 0 {
			b.StopTimer()
			e.evictIdle(time.Now().Add(time.Hour))
			b.StartTimer()
		}
		start := time.Now()
		if _, err := e.Call(ctx, class, fmt.Sprint("warm-", i%n), "get", nil); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, lat)
}

// BenchmarkResidentObjects activates b.N×1,000 objects and reports the heap and the
// process's resident memory per object.
func BenchmarkResidentObjects(b *testing.B) {
	for range b.N {
		e := newEngine(b, Options{IdleEvict: -1})
		ctx := context.Background()
		const n = 10000
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rss0 := rssBytes()
		for i := range n {
			if _, err := e.Call(ctx, "counter", fmt.Sprint("r-", i), "increment", nil); err != nil {
				b.Fatal(err)
			}
		}
		var after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(rssBytes())/(1<<30), "rss-after-gc-GiB")
		debug.FreeOSMemory() // what a long-running server's scavenger gets to, minus garbage
		if got := e.Resident(); got != n {
			b.Fatalf("%d resident, want %d", got, n)
		}
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n/1024, "heap-KiB/object")
		b.ReportMetric(float64(rssBytes()-rss0)/n/1024, "rss-KiB/object")
		b.ReportMetric(float64(rssBytes())/(1<<30), "rss-GiB")
		e.Close(ctx)
	}
}

// BenchmarkKV measures the kv plugin's put and get of a 1 KiB value in one object.
// Each put writes a new value: putting the same bytes again changes no page, and the
// commit then writes nothing.
func BenchmarkKV(b *testing.B) {
	e := newEngine(b, Options{})
	put := []byte(`{"key":"k1","value":"` + strings.Repeat("x", 1024) + `"}`)
	at := bytes.Index(put, []byte("xxxx"))
	b.Run("put", func(b *testing.B) {
		benchCalls(b, e, "kv", "put", func(i int) []byte {
			copy(put[at:], fmt.Sprintf("%016x", uint64(i)))
			return put
		})
	})
	b.Run("get", func(b *testing.B) { benchCall(b, e, "kv", "get", []byte(`{"key":"k1"}`)) })
}

// BenchmarkEcho passes 1 KiB in and out of the plugin, without host functions.
func BenchmarkEcho(b *testing.B) {
	benchCall(b, newEngine(b, Options{}), "testkit", "echo", []byte(strings.Repeat("x", 1024)))
}

// BenchmarkExtism compares calls of Extism plugins with native ones (docs/performance.md,
// "Extism plugins"): a no-op call (the noop of testdata/extism_kit.wat against testkit's),
// one host-function round trip (now: one now_ms), and the counter's get, which runs one
// sql_exec (plugins/extism-as and plugins/extism-go against plugins/counter).
func BenchmarkExtism(b *testing.B) {
	e := newEngine(b, Options{})
	for _, c := range extismCounters {
		wasm, err := os.ReadFile(c.path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := e.Deploy(context.Background(), c.class, wasm); err != nil {
			b.Fatal(err)
		}
	}
	kit, err := os.ReadFile("testdata/extism_kit.wasm")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := e.Deploy(context.Background(), "extism-kit", kit); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, class, method string }{
		{"noop/native", "testkit", "noop"},
		{"noop/extism", "extism-kit", "noop"},
		{"now/native", "testkit", "now"},
		{"now/extism", "extism-kit", "now"},
		{"get/native", "counter", "get"},
		{"get/extism-as", "extism-as", "get"},
		{"get/extism-go", "extism-go", "get"},
	} {
		b.Run(c.name, func(b *testing.B) { benchCall(b, e, c.class, c.method, nil) })
	}
}

// BenchmarkExtismResidentObjects activates 500 objects of each Extism counter and
// reports the process's resident memory per object.
func BenchmarkExtismResidentObjects(b *testing.B) {
	for _, c := range extismCounters {
		b.Run(c.class, func(b *testing.B) {
			for range b.N {
				e := newExtismEngine(b, Options{IdleEvict: -1})
				rss, pss := residentMemory(b, e, c.class, 500)
				b.ReportMetric(rss, "rss-KiB/object")
				b.ReportMetric(pss, "pss-KiB/object")
				e.Close(context.Background())
			}
		})
	}
}

// residentMemory makes n new objects of class resident (one increment each) and
// returns the process's resident memory they added, in KiB per object: its RSS, which
// counts a page that several mappings share once in each, and its PSS, which counts
// such a page once in all (pssBytes).
func residentMemory(b *testing.B, e *Engine, class string, n int) (rss, pss float64) {
	ctx := context.Background()
	runtime.GC()
	rss0, pss0 := rssBytes(), pssBytes()
	for i := range n {
		if _, err := e.Call(ctx, class, fmt.Sprint("r-", i), "increment", nil); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	if got := e.Resident(); got < n {
		b.Fatalf("%d resident, want %d", got, n)
	}
	return float64(rssBytes()-rss0) / float64(n) / 1024, float64(pssBytes()-pss0) / float64(n) / 1024
}

// BenchmarkHibernatedActivation is BenchmarkReactivation for the Rust counter and the
// JavaScript counter, each with its class hibernating (the instance comes back from
// its state: no instantiation from scratch, no init or constructor) and without (init
// runs). state-B is the bytes of a state as written (compressed), per object.
func BenchmarkHibernatedActivation(b *testing.B) {
	for _, lang := range []string{"rust", "js"} {
		for _, mode := range []string{"init", "hibernated"} {
			b.Run(lang+"/"+mode, func(b *testing.B) {
				class := "counter"
				opts := Options{IdleEvict: -1, Registerer: prometheus.NewRegistry()}
				if lang == "js" {
					class = "JSCounter"
				}
				if mode == "hibernated" {
					opts.Hibernate = map[string]bool{class: true}
				}
				e := newEngine(b, opts)
				if lang == "js" {
					deployJS(b, e, class, jsBundle("", jsCounter))
				}
				benchReactivation(b, e, class)
				reg := opts.Registerer.(*prometheus.Registry)
				if written := metricValue(b, reg, "sobjects_hibernations_total", "outcome", "written"); written > 0 {
					b.ReportMetric(metricValue(b, reg, "sobjects_hibernation_bytes_total")/written, "state-B")
				}
				if mode == "hibernated" && metricValue(b, reg, "sobjects_hibernation_restores_total", "outcome", "restored") == 0 {
					b.Fatal("no activation restored a state")
				}
			})
		}
	}
}

// BenchmarkHibernatedObjects keeps 100,000 objects that each hold state in memory
// (testkit's remember: a list in the instance's heap, and in storage) with their class
// hibernating: each is called once, then all of them once more in the same order, the
// least recently used evicted (hibernated) to stay under 1,000 resident. It reports the
// process's peak RSS, the bytes written per hibernation, and the p50 of the second
// calls, each a wake-up from a state.
func BenchmarkHibernatedObjects(b *testing.B) {
	const n = 100_000
	for range b.N {
		reg := prometheus.NewRegistry()
		e := newEngine(b, Options{IdleEvict: -1, MaxResident: 1000, Hibernate: map[string]bool{"testkit": true}, Registerer: reg})
		ctx := context.Background()
		lat := make([]time.Duration, 0, n)
		for pass := range 2 {
			for i := range n {
				start := time.Now()
				out, err := e.Call(ctx, "testkit", fmt.Sprint("o", i), "remember", []byte(`{"s": "`+fmt.Sprint(pass)+`"}`))
				if err != nil {
					b.Fatal(err)
				}
				if pass == 1 {
					lat = append(lat, time.Since(start))
					if !bytes.Contains(out, []byte(`"remembered":["0","1"]`)) {
						b.Fatalf("object %d on its second call: %s, want the list it had", i, out)
					}
				}
			}
		}
		reportLatency(b, lat)
		b.ReportMetric(float64(peakRSSBytes())/(1<<30), "peak-rss-GiB")
		b.ReportMetric(metricValue(b, reg, "sobjects_hibernation_bytes_total")/metricValue(b, reg, "sobjects_hibernations_total", "outcome", "written"), "state-B")
		b.ReportMetric(metricValue(b, reg, "sobjects_hibernation_restores_total", "outcome", "restored"), "restores")
	}
}
