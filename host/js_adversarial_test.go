package host

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
)

// Adversarial tests of JavaScript objects: each test states what a user (or an
// attacker) would expect and fails while the runtime does otherwise.

// jsAdvCall calls a method and returns its output as a string.
func jsAdvCall(t *testing.T, e *Engine, class, name, method, input string) (string, error) {
	t.Helper()
	out, err := e.Call(context.Background(), class, name, method, []byte(input))
	return string(out), err
}

func jsAdvMust(t *testing.T, e *Engine, class, name, method, input string) string {
	t.Helper()
	out, err := jsAdvCall(t, e, class, name, method, input)
	if err != nil {
		t.Fatalf("%s.%s(%s): %v", class, method, input, err)
	}
	return out
}

const jsAdvLeak = `
class Leak extends DurableObject {
  // Work a call starts and does not await (ctx.waitUntil's documented "accepted and
  // ignored", a forgotten await, a fire-and-forget log write).
  async failLater() {
    const s = this.ctx.storage;
    (async () => { for (let i = 0; i < 10; i++) await null; s.kv.put("from_failed_call", 1); })();
    throw new Error("this call fails: none of its writes may persist");
  }
  async succeedLater() {
    const s = this.ctx.storage;
    this.ctx.waitUntil((async () => { for (let i = 0; i < 10; i++) await null; s.kv.put("from_ok_call", 1); })());
    return 1;
  }
  // An ordinary method that awaits a little: the leftover jobs of earlier calls run
  // inside it, in its transaction.
  async busy() { for (let i = 0; i < 20; i++) await null; return "ok"; }
  peek() { return { failed: this.ctx.storage.kv.get("from_failed_call") ?? null, ok: this.ctx.storage.kv.get("from_ok_call") ?? null }; }
}
return { Leak };`

// A failed call rolls back its writes (README, Limits; ABI.md 11 "A method that throws
// fails the call and rolls back its writes"). Promise jobs the failed call left queued
// run later, inside another call's transaction, and their writes commit with it.
func TestJSAdvFailedCallWritesCommitLater(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Leak", jsBundle("", jsAdvLeak))
	if _, err := jsAdvCall(t, e, "Leak", "a", "failLater", ""); err == nil {
		t.Fatal("failLater succeeded")
	}
	jsAdvMust(t, e, "Leak", "a", "busy", "")
	if out := jsAdvMust(t, e, "Leak", "a", "peek", ""); strings.Contains(out, `"failed":1`) {
		t.Fatalf("a write of a call that failed (and was rolled back) was committed by a later call: %s", out)
	}
}

// Work a successful call left pending (ctx.waitUntil, documented as "a call ends when
// its method returns") is neither finished in that call nor dropped: it runs piecemeal
// in later calls, so the call's write is not there when the call has returned.
func TestJSAdvWaitUntilWorkRunsInLaterCalls(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Leak", jsBundle("", jsAdvLeak))
	jsAdvMust(t, e, "Leak", "b", "succeedLater", "")
	out := jsAdvMust(t, e, "Leak", "b", "peek", "")
	if !strings.Contains(out, `"ok":1`) {
		jsAdvMust(t, e, "Leak", "b", "busy", "")
		later := jsAdvMust(t, e, "Leak", "b", "peek", "")
		t.Fatalf("the write of a call that returned success is missing after it (%s); it appears after an unrelated later call ran (%s)", out, later)
	}
}

// Two transactions in flight at once (Promise.all / allSettled over
// storage.transaction): the one that throws must roll back its own writes, the one that
// succeeds must keep its own. The savepoints are matched by depth, not by transaction,
// so the failing one rolls back the other's savepoint and its own write is committed.
func TestJSAdvInterleavedTransactions(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Txn", jsBundle("", `
class Txn extends DurableObject {
  async both() {
    const s = this.ctx.storage;
    const r = await Promise.allSettled([
      s.transaction(async () => { s.kv.put("a", 1); await null; throw new Error("A fails"); }),
      s.transaction(async () => { await null; s.kv.put("b", 1); await null; }),
    ]);
    return { a: s.kv.get("a") ?? null, b: s.kv.get("b") ?? null, status: r.map((x) => x.status) };
  }
}
return { Txn };`))
	out := jsAdvMust(t, e, "Txn", "t", "both", "")
	var r struct {
		A, B   any
		Status []string
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Status, ",") != "rejected,fulfilled" {
		t.Fatalf("statuses %v", r.Status)
	}
	if r.A != nil || r.B != float64(1) {
		t.Fatalf("after a failed and a successful transaction: a=%v (want null: its transaction threw), b=%v (want 1: its transaction committed)", r.A, r.B)
	}
}

// Cloudflare's own counter example: the constructor loads state inside
// blockConcurrencyWhile, which guarantees no call is delivered before it finishes. Here
// the first call runs before the callback resumes, sees undefined, and loses counts.
func TestJSAdvBlockConcurrencyWhileInConstructor(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "BCW", jsBundle("", `
class BCW extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => { this.value = (await ctx.storage.get("value")) ?? 0; });
  }
  async increment() { this.value++; await this.ctx.storage.put("value", this.value); return this.value; }
}
return { BCW };`))
	var got []string
	for range 3 {
		got = append(got, jsAdvMust(t, e, "BCW", "c", "increment", ""))
	}
	if strings.Join(got, ",") != "1,2,3" {
		t.Fatalf("three increments answered %v, want 1,2,3 (blockConcurrencyWhile in the constructor did not block the first call)", got)
	}
}

// KV keys are strings; a NUL inside one must not make it the same key as its prefix.
// An attacker who controls part of a key ("user:" + name) could otherwise overwrite
// another user's record with name "admin\u0000x". Refusing such keys would do too.
func TestJSAdvKVKeysWithNULCollide(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "NulKey", jsBundle("", `
class NulKey extends DurableObject {
  async run() {
    const kv = this.ctx.storage.kv;
    kv.put("user:admin", "admin's record");
    try { kv.put("user:admin\u0000x", "attacker's record"); } catch (e) { return { refused: String(e) }; }
    return { admin: kv.get("user:admin"), other: kv.get("user:admin\u0000x") ?? null, keys: [...kv.list()].map(([k]) => k) };
  }
}
return { NulKey };`))
	out := jsAdvMust(t, e, "NulKey", "n", "run", "")
	if strings.Contains(out, "refused") {
		return
	}
	var r struct {
		Admin, Other string
		Keys         []string
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Admin != "admin's record" || len(r.Keys) != 2 {
		t.Fatalf("putting key \"user:admin\\u0000x\" overwrote \"user:admin\": %s", out)
	}
}

// The engine's own modules (qjs:std, qjs:os, qjs:bjson) stay reachable by dynamic
// import although runtime.js deletes their globals; they must give a script nothing
// outside its instance: no file (no directory is mounted), no environment, no process,
// and no timer that outlives or stalls a call.
func TestJSAdvEngineModulesReachable(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Mods", jsBundle("", `
class Mods extends DurableObject {
  async probe() {
    const std = await import("qjs:std"), os = await import("qjs:os");
    const out = {};
    const tryIt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = "threw"; } };
    tryIt("loadFile", () => std.loadFile("/etc/passwd"));
    tryIt("open", () => std.open("/etc/hostname", "r"));
    tryIt("env", () => std.getenv("HOME") ?? std.getenv("PATH") ?? null);
    tryIt("readdir", () => os.readdir("/")[0].length);
    tryIt("exec", () => os.exec(["/bin/true"]));
    return out;
  }
  async timer() { const os = await import("qjs:os"); await new Promise((r) => os.setTimeout(r, 10)); return "fired"; }
}
return { Mods };`))
	out := jsAdvMust(t, e, "Mods", "m", "probe", "")
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	for k, v := range got {
		if v != nil && v != "threw" && v != float64(0) {
			t.Errorf("%s from the engine's modules gave %v", k, v)
		}
	}
	if _, err := jsAdvCall(t, e, "Mods", "m", "timer", ""); err == nil || !strings.Contains(err.Error(), "never settle") {
		t.Errorf("a timer of the engine's: %v, want the call to fail at once (nothing runs it)", err)
	}
}

// A module Worker's fetch(request, env, ctx) gets an empty object as ctx: the common
// ctx.waitUntil(...) (and ctx.passThroughOnException()) throw "not a function".
func TestJSAdvWorkerCtxWaitUntil(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"wctx","bindings":{},"vars":{}}`
	src := `return { default: { async fetch(request, env, ctx) { ctx.waitUntil(Promise.resolve()); return new Response("ok"); } } };`
	deployJS(t, e, "wctx", jsBundle(manifest, src))
	resp, err := e.Fetch(context.Background(), "wctx", "worker-0", FetchRequest{Method: "GET", URL: "/"})
	if err != nil || string(resp.Body) != "ok" {
		t.Fatalf("Worker using ctx.waitUntil: %d %q %v", resp.Status, resp.Body, err)
	}
}

const jsAdvText = `
class Text extends DurableObject {
  async encode(n) { return Array.from(new TextEncoder().encode("\ud800" + "a".repeat(n)).slice(0, 3)); }
  async decode(n) { const b = new Uint8Array(n).fill(97); b[0] = 0xff; b[1] = 0xff; return Array.from(new TextDecoder().decode(b).slice(0, 3), (c) => c.charCodeAt(0)); }
  async fetch(request) { return new Response("\ud800" + "a".repeat(100)); }
}
return { Text };`

// TextEncoder must always produce UTF-8 (a lone surrogate becomes U+FFFD, EF BF BD).
// Strings over 64 characters are encoded by the host from the engine's C string, which
// keeps the surrogate as ED A0 80: invalid UTF-8, and different from a short string. A
// Response body string goes the same way, so invalid UTF-8 reaches HTTP clients.
func TestJSAdvTextEncoderLoneSurrogate(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Text", jsBundle("", jsAdvText))
	for _, n := range []string{"10", "100"} {
		if out := jsAdvMust(t, e, "Text", "t", "encode", n); out != "[239,191,189]" {
			t.Errorf("TextEncoder on a lone surrogate and %s more characters starts %s, want [239,191,189]", n, out)
		}
	}
	resp, err := e.Fetch(context.Background(), "Text", "t", FetchRequest{Method: "GET", URL: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(resp.Body) {
		t.Errorf("the body of new Response(string) is not UTF-8: starts % x", resp.Body[:6])
	}
}

// TextDecoder replaces each invalid byte with U+FFFD (WHATWG Encoding: [ff ff] decodes to
// two). Inputs over 64 bytes are decoded by the host with bytes.ToValidUTF8, which makes
// one U+FFFD of a whole run: the result depends on the input's length.
func TestJSAdvTextDecoderDependsOnLength(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Text", jsBundle("", jsAdvText))
	for _, n := range []string{"10", "100"} {
		if out := jsAdvMust(t, e, "Text", "t", "decode", n); out != "[65533,65533,97]" {
			t.Errorf("TextDecoder on ff ff and %s-2 more bytes starts %s, want [65533,65533,97]", n, out)
		}
	}
}

// Malformed tagged values in a method's input (from an HTTP client or a Rust caller)
// are bad input (400), not an internal error (500) with the runtime's stack trace.
func TestJSAdvMalformedTaggedInput(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "JSCounter", jsBundle("", jsCounter))
	for _, in := range []string{
		`{"$t":"BigInt","v":"not a number"}`,
		`{"$t":"Map","v":5}`,
		`{"$t":"Uint8Array","v":"!!!"}`,
		`{"by":{"$t":"Set","v":null}}`,
	} {
		_, err := e.Call(context.Background(), "JSCounter", "x", "increment", []byte(in))
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput {
			t.Errorf("input %s: %v, want bad_input", in, err)
		}
	}
}

// storage.deleteAll() on Cloudflare's SQLite-backed objects "removes the entire contents
// of a Durable Object's private SQLite database, including both SQL data and key-value
// data". Here it deletes the KV pairs only: SQL rows a user meant to erase remain.
func TestJSAdvDeleteAllKeepsSQLData(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Wipe", jsBundle("", `
class Wipe extends DurableObject {
  async fill() { this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS personal(data TEXT)"); this.ctx.storage.sql.exec("INSERT INTO personal VALUES ('secret')"); await this.ctx.storage.put("k", 1); }
  async wipe() { await this.ctx.storage.deleteAll(); }
  async left() { return this.ctx.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'personal'").one().n; }
}
return { Wipe };`))
	jsAdvMust(t, e, "Wipe", "w", "fill", "")
	jsAdvMust(t, e, "Wipe", "w", "wipe", "")
	if out := jsAdvMust(t, e, "Wipe", "w", "left", ""); out != "0" {
		t.Fatalf("after deleteAll() the SQL table with the object's data is still there")
	}
}

// The memory limit bounds an instance (README: 128 MiB of linear memory). Arguments
// of host calls are copied into Go buffers that keep their largest size for the life of
// the instance: one refused 50 MB SQL text leaves 50 MB of Go heap per resident object,
// outside any limit.
func TestJSAdvHostKeepsHugeArguments(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Big", jsBundle("", `
class Big extends DurableObject {
  async sql(n) { try { this.ctx.storage.sql.exec("SELECT 1 -- " + "x".repeat(n)); } catch (e) { return e.code; } }
  async kv(n) { try { this.ctx.storage.kv.put("k", "x".repeat(n)); } catch (e) { return e.code; } }
}
return { Big };`))
	if out := jsAdvMust(t, e, "Big", "b", "sql", "50000000"); out != `"too_large"` {
		t.Fatalf("sql: %s", out)
	}
	if out := jsAdvMust(t, e, "Big", "b", "kv", "20000000"); out != `"too_large"` {
		t.Fatalf("kv: %s", out)
	}
	o := e.object("Big", "b")
	if o.inst == nil || o.inst.js == nil {
		t.Fatal("the object is not resident")
	}
	js := o.inst.js
	const bound = 4 << 20
	for name, c := range map[string]int{"argA": cap(js.argA), "argB": cap(js.argB), "msg": cap(js.msg), "fetchBody": cap(js.fetchBody)} {
		if c > bound {
			t.Errorf("after the call the host still holds %s of %d MB for the idle object", name, c>>20)
		}
	}
}

// A method awaiting a promise that nothing can settle (there are no timers or I/O to
// settle it) spins the engine's event loop for the whole time limit (30 s by default),
// holding the object's thread, instead of failing at once as workerd does ("the script
// will never generate a response").
func TestJSAdvNeverSettlingPromise(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: time.Second})
	deployJS(t, e, "Hang", jsBundle("", `
class Hang extends DurableObject { async wait() { await new Promise(() => {}); } }
return { Hang };`))
	_, err := jsAdvCall(t, e, "Hang", "h", "wait", "")
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("awaiting a promise that can never settle: %v, want an immediate error", err)
	}
}

// Math.random at the bundle's top level runs before any seeding: every deployment of
// every bundle, on every server, gets the same numbers (here: two unrelated classes).
func TestJSAdvTopLevelMathRandomIsFixed(t *testing.T) {
	e := newEngine(t, Options{})
	for _, class := range []string{"RandA", "RandB"} {
		deployJS(t, e, class, jsBundle("", `const TOP = Math.random();
class `+class+` extends DurableObject { async top() { return TOP; } }
return { `+class+` };`))
	}
	a := jsAdvMust(t, e, "RandA", "x", "top", "")
	b := jsAdvMust(t, e, "RandB", "x", "top", "")
	if a == b {
		t.Fatalf("Math.random() at the top level of two different bundles is %s in both", a)
	}
}
