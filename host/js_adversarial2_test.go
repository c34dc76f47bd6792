package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
)

// Second round of adversarial tests of JavaScript objects: call completion (the host
// drains promise jobs), snapshots, the stack guard, strings across the boundary, Workers
// and stubs. Each test states what a user would expect; the ones that pass are kept as
// regression tests of what held up.

// ---- call completion ----

const jsAdv2Jobs = `
class Jobs extends DurableObject {
  async put(v) { this.ctx.storage.kv.put("k", v); return v; }
  async get() { return this.ctx.storage.kv.get("k") ?? null; }
  // An endless microtask chain the method awaits, and one it leaves behind.
  async chainAwaited() { this.ctx.storage.kv.put("k", "chainAwaited"); const f = () => Promise.resolve().then(f); await f(); }
  async chainLeft() { this.ctx.storage.kv.put("k", "chainLeft"); const f = () => Promise.resolve().then(f); f(); return 1; }
  // A transaction whose callback waits forever, not awaited by the method.
  async txnLeftOpen() { this.ctx.storage.transaction(async () => { this.ctx.storage.kv.put("k", "txnLeftOpen"); await new Promise(() => {}); }); return 1; }
  async txn(v) { return await this.ctx.storage.transaction(async () => { this.ctx.storage.kv.put("k", v); return v; }); }
  // blockConcurrencyWhile in a method, not awaited, whose callback fails later.
  async blockFails() { this.ctx.blockConcurrencyWhile(async () => { await null; throw new Error("blocker of an earlier call"); }); return "started"; }
  async ping() { return "pong"; }
  // An Error whose stack getter throws (a library that decorates errors lazily).
  async badStack() { const e = new Error("the real failure"); Object.defineProperty(e, "stack", { get() { throw new Error("stack getter"); } }); throw e; }
  async fireAndForget() { (async () => { await null; throw new Error("rejection nobody handles"); })(); return 1; }
  async microtaskThrows() { queueMicrotask(() => { throw new Error("microtask that throws"); }); return 1; }
}
return { Jobs };`

// Endless promise-job chains end at the time limit, roll back, and leave the object
// working (these held up).
func TestJSAdv2EndlessJobChains(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 500 * time.Millisecond})
	deployJS(t, e, "Jobs", jsBundle("", jsAdv2Jobs))
	jsAdvMust(t, e, "Jobs", "j", "put", `"base"`)
	for _, m := range []string{"chainAwaited", "chainLeft"} {
		if _, err := jsAdvCall(t, e, "Jobs", "j", m, ""); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want the time limit", m, err)
		}
		if out := jsAdvMust(t, e, "Jobs", "j", "get", ""); out != `"base"` {
			t.Errorf("after %s: %s, want its write rolled back", m, out)
		}
	}
}

// A call that fails because it returned with a storage.transaction still open (its
// callback waits forever) is rolled back, but the instance is kept: runtime.js's queue
// of transactions now waits on that transaction forever, so the next call that uses
// storage.transaction — however correct — fails with "can never settle".
func TestJSAdv2StuckTransactionQueueFailsLaterCalls(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsAdv2Jobs))
	if _, err := jsAdvCall(t, e, "Jobs", "t", "txnLeftOpen", ""); err == nil {
		t.Fatal("a method that returned with a transaction open succeeded")
	}
	if out, err := jsAdvCall(t, e, "Jobs", "t", "txn", `"second"`); err != nil || out != `"second"` {
		t.Fatalf("a correct transaction in the next call: %q %v (the earlier call's transaction still blocks the queue)", out, err)
	}
}

// blockConcurrencyWhile started by one call (not awaited) whose callback rejects: the
// next, unrelated call fails with the earlier call's error. On Cloudflare the object is
// reset when the callback throws; the next call runs on a fresh instance.
func TestJSAdv2RejectedBlockerFailsNextCall(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsAdv2Jobs))
	jsAdvCall(t, e, "Jobs", "b", "blockFails", "") // may fail or succeed: that call started the blocker
	if out, err := jsAdvCall(t, e, "Jobs", "b", "ping", ""); err != nil || out != `"pong"` {
		t.Fatalf("ping after another call's blocker failed: %q %v", out, err)
	}
}

// A method that throws an Error whose stack getter throws: runtime.js's messageOf
// throws inside the dispatcher's catch, the dispatcher never reports its end, and the
// call fails with "the call's promise can never settle" — the real error is lost and
// the message points the user at the wrong bug.
func TestJSAdv2ThrowingStackGetterReportedAsNeverSettles(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsAdv2Jobs))
	_, err := jsAdvCall(t, e, "Jobs", "s", "badStack", "")
	if err == nil {
		t.Fatal("badStack succeeded")
	}
	if strings.Contains(err.Error(), "never settle") || !strings.Contains(err.Error(), "the real failure") {
		t.Fatalf("a thrown Error with a throwing stack getter: %v, want the error's message", err)
	}
}

// syncWriter is an io.Writer for a slog handler, safe to read after the calls.
type syncWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// Errors of the work a call leaves (README: "part of the call") are logged, as
// Cloudflare logs them ("Uncaught (in promise)"): an exception thrown by a queued
// microtask and a rejection nobody handles (the engine's rejection tracker forwards it
// to the host, js_jobs_test.go).
func TestJSAdv2UncaughtJobErrorsAreLogged(t *testing.T) {
	var w syncWriter
	e := newEngine(t, Options{Logger: slog.New(slog.NewTextHandler(&w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Jobs", jsBundle("", jsAdv2Jobs))
	for m, text := range map[string]string{"microtaskThrows": "microtask that throws", "fireAndForget": "rejection nobody handles"} {
		jsAdvMust(t, e, "Jobs", "l", m, "")
		if !strings.Contains(w.String(), text) {
			t.Errorf("%s: the error %q left by the call is in no log", m, text)
		}
	}
}

// Cloudflare's documented use of blockConcurrencyWhile in the constructor is to load
// state or migrate a schema. When the callback fails, the object is reset; the writes
// it made before failing must not stay. Here they are committed with the constructor
// (init), so a failed initialization is half applied: the retry sees its writes (a
// counter counts the failed run, a migration runs twice).
func TestJSAdv2FailedConstructorBlockerWritesPersist(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Init", jsBundle("", `
let failedOnce = false;
class Init extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.kv.put("inits", (ctx.storage.kv.get("inits") ?? 0) + 1);
      await null;
      if (!failedOnce) { failedOnce = true; throw new Error("the first initialization fails"); }
    });
  }
  async inits() { return this.ctx.storage.kv.get("inits"); }
}
return { Init };`))
	if _, err := jsAdvCall(t, e, "Init", "i", "inits", ""); err == nil || !strings.Contains(err.Error(), "first initialization fails") {
		t.Fatalf("first call: %v, want the initialization's error", err)
	}
	if out := jsAdvMust(t, e, "Init", "i", "inits", ""); out != "1" {
		t.Fatalf("after one failed and one successful initialization the counter is %s, want 1 (the failed one's write kept)", out)
	}
}

// ---- the stack guard ----

// Deep recursion of many shapes fails as a trap, and the object answers again with its
// data intact (these held up).
func TestJSAdv2DeepRecursionShapes(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 2 * time.Second})
	deployJS(t, e, "Deep", jsBundle("", `
class Deep extends DurableObject {
  async put(v) { this.ctx.storage.kv.put("k", v); return v; }
  async get() { return this.ctx.storage.kv.get("k") ?? null; }
  arr(n) { let o = []; for (let i = 0; i < n; i++) o = [o]; return o; }
  async parse(n) { this.ctx.storage.kv.put("k", "x"); return typeof JSON.parse("[".repeat(n) + "]".repeat(n)); }
  async ret(n) { this.ctx.storage.kv.put("k", "x"); return this.arr(n); }
  async store(n) { this.ctx.storage.kv.put("k", this.arr(n)); }
  async lookahead(n) { this.ctx.storage.kv.put("k", "x"); return new RegExp("(?=".repeat(n) + "a" + ")".repeat(n)).test("a"); }
  async sort(n) { this.ctx.storage.kv.put("k", "x"); let d = 0; const cmp = (a, b) => { if (d++ < n) [3, 2, 1].sort(cmp); return a - b; }; return [2, 1].sort(cmp); }
  async proxy(n) { this.ctx.storage.kv.put("k", "x"); let p = {}; for (let i = 0; i < n; i++) p = new Proxy(p, {}); return p.x; }
  async join(n) { this.ctx.storage.kv.put("k", "x"); return String(this.arr(n)).length; }
  async gen(n) { this.ctx.storage.kv.put("k", "x"); function* g(k) { if (k > 0) yield* g(k - 1); yield k; } return [...g(n)].length; }
  async asyncRec(n) { this.ctx.storage.kv.put("k", "x"); const f = async (k) => (k === 0 ? 0 : (await f(k - 1)) + 1); return await f(n); }
  async evalDeep(n) { this.ctx.storage.kv.put("k", "x"); return eval("(".repeat(n) + "1" + ")".repeat(n)); }
  async getter() { this.ctx.storage.kv.put("k", "x"); const o = { get x() { return this.x; } }; return o.x; }
  async hostAtDepth() { this.ctx.storage.kv.put("k", "x"); const f = (n) => { this.ctx.storage.kv.get("k"); this.ctx.storage.sql.exec("SELECT ?", "y".repeat(n % 50)); return f(n + 1) + 1; }; return f(0); }
}
return { Deep };`))
	jsAdvMust(t, e, "Deep", "d", "put", `"base"`)
	for _, m := range []string{"parse", "ret", "store", "lookahead", "sort", "proxy", "join", "gen", "asyncRec", "evalDeep", "getter", "hostAtDepth"} {
		in := "100000"
		if _, err := jsAdvCall(t, e, "Deep", "d", m, in); !errors.Is(err, ErrTrap) || !strings.Contains(err.Error(), "stack overflow") {
			t.Errorf("%s: %v, want a stack overflow", m, err)
		}
		if out := jsAdvMust(t, e, "Deep", "d", "get", ""); out != `"base"` {
			t.Fatalf("after %s: %s, want the data as it was", m, out)
		}
	}
}

// Method input comes from any HTTP client. Deeply nested JSON input overflows the
// engine's stack in the dispatcher (JSON.parse, fromWire): the call is a trap (500)
// instead of bad_input (400), and the instance is discarded, so one request resets any
// object's in-memory state.
func TestJSAdv2DeepInputResetsObject(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Mem", jsBundle("", `
class Mem extends DurableObject {
  async hit() { this.n = (this.n ?? 0) + 1; return this.n; }
  async take(v) { return 1; }
}
return { Mem };`))
	jsAdvMust(t, e, "Mem", "m", "hit", "")
	for _, in := range []string{
		strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
		`{"$t":"args","v":[` + strings.Repeat(`{"a":`, 50000) + "1" + strings.Repeat("}", 50000) + "]}",
	} {
		_, err := jsAdvCall(t, e, "Mem", "m", "take", in)
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput {
			t.Errorf("deeply nested input (%.20s...): %v, want bad_input", in, err)
		}
	}
	if out := jsAdvMust(t, e, "Mem", "m", "hit", ""); out != "2" {
		t.Fatalf("the object's in-memory state after bad input: hit answered %s, want 2", out)
	}
}

// ---- snapshots ----

// Module state belongs to one object's instance: another object of the class does not
// see it, and an instance discarded at the time limit starts from the bundle's state
// (these held up).
func TestJSAdv2SnapshotModuleState(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 500 * time.Millisecond})
	deployJS(t, e, "Snap", jsBundle("", `
const cache = new Map();
class Snap extends DurableObject {
  async set(v) { cache.set("v", v); globalThis.leak = v; Array.prototype.poisoned = v; }
  async look() { return { cache: [...cache], leak: globalThis.leak ?? null, poisoned: [].poisoned ?? null }; }
  async spin() { for (;;) {} }
}
return { Snap };`))
	const fresh = `{"cache":[],"leak":null,"poisoned":null}`
	jsAdvMust(t, e, "Snap", "a", "set", `"A"`)
	if out := jsAdvMust(t, e, "Snap", "b", "look", ""); out != fresh {
		t.Fatalf("object b sees object a's module state: %s", out)
	}
	if out := jsAdvMust(t, e, "Snap", "a", "look", ""); out != `{"cache":[["v","A"]],"leak":"A","poisoned":"A"}` {
		t.Fatalf("object a lost its own state: %s", out)
	}
	jsAdvCall(t, e, "Snap", "a", "spin", "")
	if out := jsAdvMust(t, e, "Snap", "a", "look", ""); out != fresh {
		t.Fatalf("after its instance was discarded, object a sees %s", out)
	}
}

// ---- strings across the boundary ----

// SQL text holding NUL is cut at the NUL by SQLite: what follows is silently dropped.
// "DELETE ... WHERE v = 'drop'<NUL> AND 0" deletes a row the whole statement would not,
// and the second of two statements never runs. Refusing such text (bad_input), or
// running all of it, is what a user expects.
func TestJSAdv2SQLTextWithNULIsTruncated(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "SqlNul", jsBundle("", `
class SqlNul extends DurableObject {
  async run() {
    const s = this.ctx.storage.sql;
    s.exec("CREATE TABLE t(v TEXT)");
    s.exec("INSERT INTO t VALUES ('keep'), ('drop')");
    try { s.exec("DELETE FROM t WHERE v = 'drop'\0 AND 0"); } catch (e) { return "refused"; }
    return s.exec("SELECT v FROM t ORDER BY v").toArray().map((r) => r.v);
  }
}
return { SqlNul };`))
	if out := jsAdvMust(t, e, "SqlNul", "s", "run", ""); out != `"refused"` && out != `["drop","keep"]` {
		t.Fatalf("after DELETE ... WHERE v = 'drop'\\0 AND 0 the rows are %s: the statement ran cut at the NUL", out)
	}
}

const jsAdv2Decode = `
class Dec extends DurableObject {
  // Decodes each byte sequence, alone (short: runtime.js decodes it) and followed by
  // 100 "a" (long: the host decodes it), and returns the code points before the "a"s.
  async decode(seqs) {
    const points = (u) => Array.from(new TextDecoder().decode(u), (c) => c.codePointAt(0));
    return seqs.map((b) => {
      const long = new Uint8Array(b.length + 100).fill(0x61);
      long.set(b);
      const l = points(long);
      while (l[l.length - 1] === 0x61) l.pop();
      return [points(new Uint8Array(b)), l];
    });
  }
  async fatal() { try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0x61, 0xff])); return "accepted"; } catch (e) { return e.name; } }
  async stream() { const d = new TextDecoder(); return d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + d.decode(new Uint8Array([0xac])); }
  async encodeInto() { const u = new Uint8Array(8); const r = new TextEncoder().encodeInto("h€", u); return [r.read, r.written, ...u.slice(0, r.written)]; }
  async fetch(request) { return new Response(JSON.stringify(Array.from(await request.text(), (c) => c.codePointAt(0)))); }
}
return { Dec };`

// TextDecoder (WHATWG Encoding) never decodes an overlong form, a surrogate or a code
// point past U+10FFFF: each is U+FFFD per maximal subpart. runtime.js's own decoder,
// used for inputs up to 64 bytes, decodes C0 80 to NUL and C0 AF / E0 80 AF to "/" (the
// classic filter bypass), ED A0 80 to a lone surrogate and F4 90 80 80 to two; the host's
// decoder (longer inputs) gets all of them right. Request.text() of a short body too.
func TestJSAdv2TextDecoderAcceptsOverlongForms(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsAdv2Decode))
	seqs := `[[192,128],[192,175],[224,128,175],[237,160,128],[244,144,128,128]]`
	out := jsAdvMust(t, e, "Dec", "d", "decode", seqs)
	var got [][2][]int
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0xfffd, 0xfffd}, {0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd, 0xfffd}}
	for i, w := range want {
		for j, how := range []string{"short", "long"} {
			if !slices.Equal(got[i][j], w) {
				t.Errorf("sequence %d decoded %s: %v, want %v", i, how, got[i][j], w)
			}
		}
	}
	resp, err := e.Fetch(context.Background(), "Dec", "d", FetchRequest{Method: "POST", URL: "/", Body: []byte{0x2e, 0x2e, 0xc0, 0xaf}})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "[46,46,65533,65533]" {
		t.Errorf(`request.text() of the body ".." C0 AF: %s, want [46,46,65533,65533] (not "../")`, resp.Body)
	}
}

// TextDecoder strips a leading byte order mark unless ignoreBOM is set (WHATWG
// Encoding, "decode"), and so does Response/Request.text(). Both keep it here.
func TestJSAdv2TextDecoderKeepsBOM(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsAdv2Decode))
	out := jsAdvMust(t, e, "Dec", "d", "decode", `[[239,187,191,98]]`)
	if out != `[[[98],[98]]]` {
		t.Errorf("TextDecoder on EF BB BF 62 (short, long): %s, want [[[98],[98]]] (the BOM dropped)", out)
	}
}

// new TextDecoder("utf-8", {fatal: true}) must throw a TypeError on invalid input: code
// uses it to validate UTF-8. The option is ignored and invalid input is accepted.
func TestJSAdv2TextDecoderFatalIgnored(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsAdv2Decode))
	if out := jsAdvMust(t, e, "Dec", "d", "fatal", ""); out != `"TypeError"` {
		t.Fatalf("fatal TextDecoder on 61 FF: %s, want a TypeError", out)
	}
}

// decode(chunk, {stream: true}) keeps an incomplete sequence for the next chunk: "€"
// split as E2 82 | AC decodes to "€". The option is ignored: two U+FFFD.
func TestJSAdv2TextDecoderStreamIgnored(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsAdv2Decode))
	if out := jsAdvMust(t, e, "Dec", "d", "stream", ""); out != `"€"` {
		t.Fatalf("streaming decode of E2 82 | AC: %s, want \"€\"", out)
	}
}

// TextEncoder.encodeInto is part of the Encoding standard every Workers runtime has
// (libraries such as wasm-bindgen's glue and protobuf encoders use it).
func TestJSAdv2TextEncoderEncodeIntoMissing(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsAdv2Decode))
	if out, err := jsAdvCall(t, e, "Dec", "d", "encodeInto", ""); err != nil || out != "[2,4,104,226,130,172]" {
		t.Fatalf("encodeInto(\"h€\"): %s %v, want [2,4,104,226,130,172]", out, err)
	}
}

// Headers refuses values with NUL, CR or LF (Fetch standard; workerd throws "Invalid
// header value"). Here they are accepted and reach the fetch response as they are, so
// a header built from user input can carry a NUL to the HTTP layer.
func TestJSAdv2HeaderValuesNotValidated(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Hdr", jsBundle("", `
class Hdr extends DurableObject {
  async fetch(request) {
    try { return new Response("ok", { headers: { "x-user": new URL(request.url).searchParams.get("v") } }); }
    catch (e) { return new Response(e.name, { status: 400 }); }
  }
}
return { Hdr };`))
	resp, err := e.Fetch(context.Background(), "Hdr", "h", FetchRequest{Method: "GET", URL: "/?v=a%00b%0D%0Ac"})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range resp.Headers {
		if strings.ContainsAny(h[1], "\x00\r\n") {
			t.Fatalf("header %s: %q reaches the response (status %d)", h[0], h[1], resp.Status)
		}
	}
}

// ---- Workers ----

// A Worker is stateless on Cloudflare (its ExecutionContext has no storage). A Worker
// class here gets ctx.storage, a database of its own per worker-N instance, which the
// server picks round-robin: state written by one request is seen by some later ones
// and not others. (A module Worker's ctx has no storage: the two kinds differ.)
func TestJSAdv2WorkerHasStorage(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"wstore","bindings":{},"vars":{}}`
	deployJS(t, e, "wstore", jsBundle(manifest, `
const { WorkerEntrypoint } = globalThis.__sobjects_workers;
class W extends WorkerEntrypoint {
  async fetch(request) {
    if (this.ctx.storage === undefined) return new Response("no storage");
    const n = (this.ctx.storage.kv.get("n") ?? 0) + 1;
    this.ctx.storage.kv.put("n", n);
    return new Response("stored " + n);
  }
}
return { default: W };`))
	resp, err := e.Fetch(context.Background(), "wstore", "worker-0", FetchRequest{Method: "GET", URL: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "no storage" {
		t.Fatalf("a Worker class writes to durable storage of its own: %q", resp.Body)
	}
}
