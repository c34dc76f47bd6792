package host

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sobjects/sobjects/plugins"
)

// newJSEngine is newEngine with the JavaScript examples (plugins/js) deployed too.
func newJSEngine(b *testing.B, opts Options) *Engine {
	e := newEngine(b, opts)
	for _, class := range plugins.JSExampleClasses {
		deployJS(b, e, class, plugins.JSExamples())
	}
	deployJS(b, e, "JSTest", jsBundle("", `
class JSTest extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS b (k INTEGER PRIMARY KEY, v BLOB)");
    this.kib = new Uint8Array(1024).fill(7);
  }
  noop() {}
  bytesIn(b) {}
  bytesOut() { return this.kib.buffer; }
  blobPut() { this.ctx.storage.sql.exec("INSERT OR REPLACE INTO b VALUES (1, ?)", this.kib); }
  blobGet() { return this.ctx.storage.sql.exec("SELECT v FROM b WHERE k = 1").one().v.byteLength; }
  select() { this.ctx.storage.sql.exec("SELECT 1 AS one").one(); }
  selectN(n) { for (let i = 0; i < n; i++) this.ctx.storage.sql.exec("SELECT 1 AS one").one(); }
}
return { JSTest };`))
	return e
}

// BenchmarkJSCallNoop is BenchmarkCallNoop for a JavaScript object: the dispatcher of
// sdk-js/runtime.js calls an empty method.
func BenchmarkJSCallNoop(b *testing.B) {
	benchCall(b, newJSEngine(b, Options{}), "JSTest", "noop", nil)
}

// BenchmarkJSCallBytes is BenchmarkJSCallNoop with 1 KiB of bytes crossing: as the
// method's ArrayBuffer argument (in), as its result (out), bound to a SQL statement
// (sql-put) and read back from one (sql-get).
func BenchmarkJSCallBytes(b *testing.B) {
	e := newJSEngine(b, Options{})
	arg := []byte(`{"$t":"ArrayBuffer","v":"` + base64.StdEncoding.EncodeToString(make([]byte, 1024)) + `"}`)
	for _, c := range []struct {
		name, method string
		input        []byte
	}{{"in", "bytesIn", arg}, {"out", "bytesOut", nil}, {"sql-put", "blobPut", nil}, {"sql-get", "blobGet", nil}} {
		b.Run(c.name, func(b *testing.B) { benchCall(b, e, "JSTest", c.method, c.input) })
	}
}

// BenchmarkJSCallSelect adds one sql.exec of a one-row SELECT and .one() to the no-op
// call; BenchmarkCallSQLSelect is the same from Rust.
func BenchmarkJSCallSelect(b *testing.B) {
	benchCall(b, newJSEngine(b, Options{}), "JSTest", "select", nil)
}

// BenchmarkCallSQLSelect is the testkit's sql method running the same SELECT from Rust.
func BenchmarkCallSQLSelect(b *testing.B) {
	benchCall(b, newEngine(b, Options{}), "testkit", "sql", []byte(`{"sql":"SELECT 1 AS one"}`))
}

// BenchmarkJSHostCall is the cost of one sql.exec of a one-row SELECT from JavaScript
// alone: a method runs 1,000 of them, and each counts as an op.
func BenchmarkJSHostCall(b *testing.B) {
	e := newJSEngine(b, Options{})
	ctx := context.Background()
	for b.Loop() {
		if _, err := e.Call(ctx, "JSTest", "a", "selectN", []byte("1000")); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000/1000, "µs/sql.exec")
}

// BenchmarkJSCounterIncrement is BenchmarkCounterIncrement for the JavaScript counter.
func BenchmarkJSCounterIncrement(b *testing.B) {
	benchCall(b, newJSEngine(b, Options{}), "JsCounter", "increment", []byte(`{"by":1}`))
}

// BenchmarkJSActivation measures the first call to a new JavaScript counter: a new
// engine instance, runtime.js and the bundle evaluated, a new database, the
// constructor (its CREATE TABLE), and get.
func BenchmarkJSActivation(b *testing.B) {
	e := newJSEngine(b, Options{IdleEvict: -1})
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		if _, err := e.Call(ctx, "JsCounter", fmt.Sprint("cold-", i), "get", nil); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	reportLatency(b, lat)
}

// BenchmarkJSInstance measures the engine instance alone: instantiate the engine and
// evaluate runtime.js and the examples' bundle.
func BenchmarkJSInstance(b *testing.B) {
	e := newJSEngine(b, Options{})
	p, err := e.reg.current("JsCounter")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		inst, err := p.code.Instantiate(ctx, "x")
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
		inst.Close()
	}
	reportLatency(b, lat)
}

// BenchmarkJSResidentObjects activates 1,000 JavaScript counters and reports the
// engine memory and the process's resident memory per object.
func BenchmarkJSResidentObjects(b *testing.B) {
	for range b.N {
		e := newJSEngine(b, Options{IdleEvict: -1})
		const n = 1000
		rss, pss := residentMemory(b, e, "JsCounter", n)
		var wasm uint64
		e.mu.Lock()
		for _, o := range e.objects {
			if o.inst != nil {
				wasm += uint64(o.inst.impl.LinearBytes())
			}
		}
		e.mu.Unlock()
		b.ReportMetric(float64(wasm)/n/1024, "engine-memory-KiB/object")
		b.ReportMetric(rss, "rss-KiB/object")
		b.ReportMetric(pss, "pss-KiB/object")
		e.Close(context.Background())
	}
}

// BenchmarkJSWorkerFetch serves conformance/fixtures/bench/worker.js (the benchmark
// app) as sobjects run does: its Worker (class bench, object worker-0) gets each
// request and reaches one Bench object by stub.fetch() (inc, put, get) or by RPC
// (rpc-inc, ...); values are 1 KiB.
func BenchmarkJSWorkerFetch(b *testing.B) {
	src, err := os.ReadFile("../conformance/fixtures/bench/worker.js")
	if err != nil {
		b.Fatal(err)
	}
	script := strings.NewReplacer(`import { DurableObject } from "cloudflare:workers";`, "",
		"export class Bench", "class Bench", "export default {", "const worker = {").Replace(string(src)) +
		"\nreturn { Bench, default: worker };"
	e := newEngine(b, Options{})
	bundle := jsBundle(`{"name":"bench","bindings":{"BENCH":{"class":"Bench"}},"vars":{}}`, script)
	deployJS(b, e, "Bench", bundle)
	deployJS(b, e, "bench", bundle)
	ctx := context.Background()
	value := bytes.Repeat([]byte("v"), 1024)
	for _, c := range []struct{ name, method, url string }{
		{"inc", "GET", "/inc?name=one"}, {"put", "POST", "/put?name=one&key=a"}, {"get", "GET", "/get?name=one&key=a"},
		{"rpc-inc", "GET", "/rpc/inc?name=one"}, {"rpc-put", "POST", "/rpc/put?name=one&key=a"}, {"rpc-get", "GET", "/rpc/get?name=one&key=a"},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := FetchRequest{Method: c.method, URL: c.url, Headers: [][2]string{{"host", "127.0.0.1:8080"}}}
			if c.method == "POST" {
				req.Body = value
			}
			lat := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				start := time.Now()
				resp, err := e.Fetch(ctx, "bench", "worker-0", req)
				if err != nil || resp.Status != 200 {
					b.Fatalf("%s %s: %d %v", c.method, c.url, resp.Status, err)
				}
				lat = append(lat, time.Since(start))
			}
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
			reportLatency(b, lat)
		})
	}
}

// processCPU is the CPU time the process has used (user and system): on a shared
// machine, a benchmark's cost per op is steadier in it than in wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// jsPath runs one piece of the request path of runtime.js n times in one call, so that
// its cost shows apart from the call's.
const jsPath = `
const kib = new Uint8Array(1024).map((_, i) => i * 7);
const b64 = btoa(String.fromCharCode.apply(null, Array.from(kib)));
class JSPath extends DurableObject {
  noop() {}
  blobIn(n) { for (let i = 0; i < n; i++) this.ctx.storage.sql.exec("SELECT length(?) AS n", kib).one(); }
  blobOut(n) { for (let i = 0; i < n; i++) this.ctx.storage.sql.exec("SELECT zeroblob(1024) AS v").one(); }
  select(n) { for (let i = 0; i < n; i++) this.ctx.storage.sql.exec("SELECT 1 AS n").one(); }
  request(n) { for (let i = 0; i < n; i++) new Request("http://one/get?name=one&key=a", { method: "POST", headers: [["host", "one"]], body: kib }); }
  response(n) { for (let i = 0; i < n; i++) new Response(kib, { status: 200 }); }
  url(n) { for (let i = 0; i < n; i++) new URL("http://one/get?name=one&key=a").searchParams.get("key"); }
  async arrayBuffer(n) { for (let i = 0; i < n; i++) await new Response(kib).arrayBuffer(); }
  btoa(n) { const s = String.fromCharCode.apply(null, Array.from(kib)); for (let i = 0; i < n; i++) btoa(s); }
  atob(n) { for (let i = 0; i < n; i++) atob(b64); }
  echo(b) { return b; }
}
return { JSPath };`

// BenchmarkJSPath measures the pieces of a request's way through runtime.js: each
// sub-benchmark runs one 1,000 times in one method call and reports µs per run
// (the call's own cost spread over the 1,000).
func BenchmarkJSPath(b *testing.B) {
	e := newEngine(b, Options{})
	deployJS(b, e, "JSPath", jsBundle("", jsPath))
	ctx := context.Background()
	for _, m := range []string{"select", "blobIn", "blobOut", "request", "response", "url", "arrayBuffer", "btoa", "atob"} {
		b.Run(m, func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Call(ctx, "JSPath", "a", m, []byte("1000")); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000/1000, "µs/run")
		})
	}
}
