package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
)

// jsBundle makes a bundle as package jsbundle would, from a script that assigns
// __sobjects_exports (host tests cannot import jsbundle's esbuild).
func jsBundle(manifest, script string) []byte {
	if manifest == "" {
		manifest = `{"name":"test","bindings":{},"vars":{}}`
	}
	return []byte(jsBundleMarker + "\nglobalThis.__sobjects_manifest = " + manifest + ";\n" +
		"var __sobjects_exports = (() => { const { DurableObject } = globalThis.__sobjects_workers;\n" + script + "\n})();\n")
}

const jsCounter = `
class Counter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY, value INTEGER NOT NULL)");
  }
  async increment(arg = {}) {
    const by = arg.by ?? 1;
    return { value: this.ctx.storage.sql.exec("INSERT INTO counter(id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", by).one().value };
  }
  async get() {
    const rows = this.ctx.storage.sql.exec("SELECT value FROM counter WHERE id = 1").toArray();
    return { value: rows.length ? rows[0].value : 0 };
  }
  noop() {}
  async boom() { throw new Error("boom"); }
  async fetch(request) { return new Response("hi " + new URL(request.url).pathname); }
}
return { Counter };`

func deployJS(t testing.TB, e *Engine, class string, bundle []byte) ClassInfo {
	t.Helper()
	info, err := e.Deploy(context.Background(), class, bundle)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func TestJSCounter(t *testing.T) {
	e := newEngine(t, Options{})
	info := deployJS(t, e, "JSCounter", jsBundle("", jsCounter))
	if strings.Join(info.Methods, ",") != "boom,get,increment,noop" {
		t.Fatalf("methods %v", info.Methods)
	}
	for i := 1; i <= 3; i++ {
		m := mustCall(t, e, "JSCounter", "a", "increment", `{"by":2}`)
		if m["value"] != float64(2*i) {
			t.Fatalf("increment %d: %v", i, m)
		}
	}
	if m := mustCall(t, e, "JSCounter", "a", "get", ""); m["value"] != float64(6) {
		t.Fatalf("get: %v", m)
	}
	_, err := e.Call(context.Background(), "JSCounter", "a", "boom", nil)
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeInternal || !strings.Contains(ae.Message, "boom") {
		t.Fatalf("boom: %v", err)
	}
	resp, err := e.Fetch(context.Background(), "JSCounter", "a", FetchRequest{Method: "GET", URL: "/x"})
	if err != nil || string(resp.Body) != "hi /x" {
		t.Fatalf("fetch: %+v %v", resp, err)
	}
}

const jsBad = `
class Bad extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS t(v TEXT)");
    if (ctx.storage.kv.get("fail_constructor")) throw new Error("constructor refuses");
  }
  async put({ v }) { this.ctx.storage.sql.exec("INSERT INTO t(v) VALUES (?)", v); return this.count(); }
  count() { return this.ctx.storage.sql.exec("SELECT count(*) AS n FROM t").one().n; }
  async failConstructor() { this.ctx.storage.kv.put("fail_constructor", true); }
  async spin() { this.ctx.storage.sql.exec("INSERT INTO t(v) VALUES ('spin')"); for (;;) {} }
  async hog() { this.ctx.storage.sql.exec("INSERT INTO t(v) VALUES ('hog')"); const keep = []; for (;;) keep.push(new Array(1 << 16).fill(1)); }
  async deep(n) { const f = (k) => (k === 0 ? 0 : f(k - 1) + 1); return f(n); }
  async recurse() { this.ctx.storage.sql.exec("INSERT INTO t(v) VALUES ('deep')"); const f = (n) => f(n + 1) + 1; return f(0); }
  async missing() { return new WebSocketPair(); }
  async badSQL() { return this.ctx.storage.sql.exec("SELEC nonsense").toArray(); }
  async reserved() { return this.ctx.storage.sql.exec("SELECT * FROM _sobjects_kv").toArray(); }
}
return { Bad };`

// Bad input from a JavaScript object: each a clear error, and the object's data intact.
func TestJSBadInput(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 2 * time.Second, MemoryLimitBytes: 64 << 20})
	ctx := context.Background()
	deployJS(t, e, "Bad", jsBundle("", jsBad))
	call := func(method, input string) (string, error) {
		out, err := e.Call(ctx, "Bad", "b", method, []byte(input))
		return string(out), err
	}
	if out, err := call("put", `{"v":"a"}`); err != nil || out != "1" {
		t.Fatalf("put: %q %v", out, err)
	}
	// Recursion a thousand calls deep fits the engine's stack (quickJSStack).
	if out, err := call("deep", "1000"); err != nil || out != "1000" {
		t.Fatalf("deep: %q %v", out, err)
	}
	for _, c := range []struct {
		method string
		want   error
		text   string
	}{
		{"spin", context.DeadlineExceeded, "time limit"},
		{"hog", ErrMemoryLimit, "out of memory"},
		{"recurse", ErrTrap, "stack overflow"},
		{"missing", nil, "WebSocketPair is not defined"},
		{"badSQL", nil, "syntax error"},
		{"reserved", nil, "_sobjects_"},
		{"nope", ErrMethodNotFound, "no method"},
	} {
		_, err := call(c.method, "")
		t.Logf("%s: %v", c.method, err)
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v, want %v containing %q", c.method, err, c.want, c.text)
		}
		// The failed call's write is rolled back, the earlier one kept, and the object
		// answers again.
		if out, err := call("count", ""); err != nil || out != "1" {
			t.Fatalf("after %s: count %q %v", c.method, out, err)
		}
	}

	// A constructor that throws fails every call of that activation, clearly, and
	// loses nothing.
	if _, err := call("failConstructor", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := call("spin", ""); !errors.Is(err, context.DeadlineExceeded) { // a fresh instance next
		t.Fatal(err)
	}
	_, err := call("count", "")
	if err == nil || !strings.Contains(err.Error(), "constructor refuses") {
		t.Fatalf("constructor: %v", err)
	}
}

// Bundles that cannot run are refused at deploy with a clear error.
func TestJSBadBundles(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 2 * time.Second})
	for _, c := range []struct{ name, script, text string }{
		{"syntax", "class A extends DurableObject { m( { }", "SyntaxError"},
		{"throws", "throw new Error('top level throws');", "top level throws"},
		{"undefined", "return { A: missingGlobal };", "missingGlobal is not defined"},
		{"loops", "for (;;) {}", "did not finish"},
		{"noclass", "return { helper: 1 };", "exports no class"},
	} {
		_, err := e.Deploy(context.Background(), "B"+c.name, jsBundle("", c.script))
		if !errors.Is(err, ErrInvalidPlugin) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v, want ErrInvalidPlugin containing %q", c.name, err, c.text)
		}
	}
	if _, err := e.Deploy(context.Background(), "Bnomarker", []byte("export class A {}")); !errors.Is(err, ErrInvalidPlugin) {
		t.Errorf("plain JS: %v", err)
	}
}

const jsEnv = `
class Store extends DurableObject {
  async fetch(request) {
    const body = await request.text();
    return new Response(request.method + " " + new URL(request.url).pathname + " " + body, { status: 201, headers: { "x-store": this.ctx.id.name } });
  }
  async add(a, b) { return a + b; }
  async types(v) { return v; }
  async whoami() { return { name: this.ctx.id.name, id: this.ctx.id.toString(), greeting: this.env.GREETING }; }
}
class Front extends DurableObject {
  async viaFetch(body) {
    const stub = this.env.STORE.get(this.env.STORE.idFromName("s1"));
    const res = await stub.fetch("http://store/path", { method: "POST", body });
    return { status: res.status, header: res.headers.get("x-store"), text: await res.text() };
  }
  async viaFetchBytes() {
    const req = new Request("http://store/b", { method: "PUT", body: new TextEncoder().encode("bytes ✓") });
    const res = await this.env.STORE.getByName("s1").fetch(req);
    return await res.text();
  }
  async viaRPC() {
    const stub = this.env.STORE.getByName("s2");
    const id = this.env.STORE.idFromString(stub.id.toString());
    return { sum: await stub.add(2, 3), who: await this.env.STORE.get(id).whoami() };
  }
  async roundTrip() {
    const v = { d: new Date(5), m: new Map([["k", 1n]]), s: new Set([1, "x"]), u: new Uint8Array([1, 2, 255]), n: undefined, big: 12345678901234567890n, nested: [{ $t: "looks tagged" }] };
    const back = await this.env.STORE.getByName("s3").types(v);
    return {
      date: back.d instanceof Date && back.d.getTime() === 5,
      map: back.m instanceof Map && back.m.get("k") === 1n,
      set: back.s instanceof Set && back.s.has("x") && back.s.size === 2,
      bytes: back.u instanceof Uint8Array && back.u.join(",") === "1,2,255",
      undef: "n" in back && back.n === undefined,
      big: back.big === 12345678901234567890n,
      nested: back.nested[0].$t === "looks tagged",
    };
  }
}
return { Store, Front };`

// env bindings: stubs reach other objects by RPC and by fetch, with structured values.
func TestJSEnvAndStubs(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"t","bindings":{"STORE":{"class":"Store"}},"vars":{"GREETING":"hi"}}`
	deployJS(t, e, "Store", jsBundle(manifest, jsEnv))
	deployJS(t, e, "Front", jsBundle(manifest, jsEnv))
	for _, c := range []struct{ method, input, want string }{
		{"viaFetch", `"payload"`, `{"status":201,"header":"s1","text":"POST /path payload"}`},
		{"viaFetchBytes", "", `"PUT /b bytes ✓"`},
		{"viaRPC", "", `{"sum":5,"who":{"name":"s2","id":"7332","greeting":"hi"}}`},
		{"roundTrip", "", `{"date":true,"map":true,"set":true,"bytes":true,"undef":true,"big":true,"nested":true}`},
	} {
		out, err := e.Call(context.Background(), "Front", "f", c.method, []byte(c.input))
		if err != nil || string(out) != c.want {
			t.Errorf("%s: %s %v, want %s", c.method, out, err, c.want)
		}
	}
}

// Instances start from a snapshot of the evaluated bundle: each object still gets the
// bundle's module state fresh, and its own random numbers.
func TestJSInstancesAreIndependent(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Fresh", jsBundle("", `
let hits = 0;
const started = Math.random();
class Fresh extends DurableObject {
  async hit() { hits++; return { hits, started, random: Math.random(), uuid: crypto.randomUUID() }; }
}
return { Fresh };`))
	ctx := context.Background()
	seen := map[string]bool{}
	for _, name := range []string{"a", "b", "c"} {
		for want := 1; want <= 2; want++ {
			out, err := e.Call(ctx, "Fresh", name, "hit", nil)
			if err != nil {
				t.Fatal(err)
			}
			var r struct {
				Hits            int
				Started, Random float64
				UUID            string
			}
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err)
			}
			if r.Hits != want {
				t.Fatalf("object %s call %d: module state %d, want %d", name, want, r.Hits, want)
			}
			for _, v := range []string{fmt.Sprint(r.Random), r.UUID} {
				if seen[v] {
					t.Fatalf("object %s repeats %s", name, v)
				}
				seen[v] = true
			}
		}
	}
}

// What Cloudflare code expects of the runtime beyond storage: the real time, a Worker
// class, a transaction object with the storage API, clear refusals of values that
// cannot travel, codes given as numbers.
func TestJSPortability(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"port","bindings":{},"vars":{}}`
	deployJS(t, e, "P", jsBundle(manifest, `
const { WorkerEntrypoint, SobjectsError } = globalThis.__sobjects_workers;
class P extends DurableObject {
  async now() { return { date: new Date().getTime(), now: Date.now() }; }
  async txn() {
    await this.ctx.storage.transaction(async (txn) => { await txn.put("k", 1); txn.rollback(); });
    await this.ctx.storage.transaction(async (txn) => { await txn.put("k", (await txn.get("k") ?? 0) + 2); });
    return this.ctx.storage.get("k");
  }
  async promise() { return { p: this.ctx.storage.get("k") }; }
  async cycle() { const a = { n: 1 }; a.self = a; return a; }
  async shared() { const a = { n: 1 }; return [a, a]; }
  async coded() { throw new SobjectsError(3, "number code"); }
}
class Front extends WorkerEntrypoint {
  async fetch(request) { return new Response("worker class at " + new URL(request.url).pathname); }
}
return { P, default: Front };`))
	deployJS(t, e, "port", jsBundle(manifest, `
const { WorkerEntrypoint } = globalThis.__sobjects_workers;
class Front extends WorkerEntrypoint {
  async fetch(request) { return new Response("worker class at " + new URL(request.url).pathname); }
}
return { default: Front };`))
	ctx := context.Background()
	call := func(method string) ([]byte, error) { return e.Call(ctx, "P", "p", method, nil) }

	before := time.Now().UnixMilli()
	out, err := call("now")
	var now struct{ Date, Now int64 }
	if err != nil || json.Unmarshal(out, &now) != nil || now.Date < before || now.Now < before || now.Date > time.Now().UnixMilli() {
		t.Fatalf("new Date() and Date.now(): %s %v, want times after %d", out, err, before)
	}
	if out, err := call("txn"); err != nil || string(out) != "2" {
		t.Fatalf("transaction: %s %v, want 2 (the rolled-back put undone)", out, err)
	}
	if _, err := call("promise"); err == nil || !strings.Contains(err.Error(), "await it") {
		t.Fatalf("returning a promise: %v", err)
	}
	if _, err := call("cycle"); err == nil || !strings.Contains(err.Error(), "contains itself") {
		t.Fatalf("returning a cycle: %v", err)
	}
	if out, err := call("shared"); err != nil || string(out) != `[{"n":1},{"n":1}]` {
		t.Fatalf("a value twice, not a cycle: %s %v", out, err)
	}
	var ae *abi.Error
	if _, err := call("coded"); !errors.As(err, &ae) || ae.Code != abi.CodeConflict || ae.Message != "number code" {
		t.Fatalf("SobjectsError(3): %v", err)
	}
	resp, err := e.Fetch(ctx, "port", "worker-0", FetchRequest{Method: "GET", URL: "/x"})
	if err != nil || string(resp.Body) != "worker class at /x" {
		t.Fatalf("Worker class: %q %v", resp.Body, err)
	}
}
