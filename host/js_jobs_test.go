package host

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
)

// Work a JavaScript call starts without awaiting it (a promise job, ctx.waitUntil's) is
// part of the call (ABI.md section 11): when it runs out of memory, out of time, traps,
// or can never end, the call fails, its writes roll back and the instance (its module
// state) is discarded. An ordinary rejection nobody handles is logged and the call
// succeeds, as in workerd.

const jsJobs = `
let calls = 0; // module state: survives only as long as the instance
const fill = (s) => { const a = []; for (let i = 0;; i++) { s.exec("INSERT INTO t VALUES (?)", i); a.push("x".repeat(1 << 16) + i); } };
class Jobs extends DurableObject {
  constructor(ctx, env) { super(ctx, env); ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS t(x)"); }
  rows() { return this.ctx.storage.sql.exec("SELECT count(*) AS n FROM t").one().n; }
  calls() { return ++calls; }
  oomWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; fill(s); })()); return 1; }
  oomNotAwaited() { calls++; const s = this.ctx.storage.sql; (async () => { await null; fill(s); })(); return 1; }
  oomMicrotask() { calls++; const s = this.ctx.storage.sql; queueMicrotask(() => fill(s)); return 1; }
  oomCaughtLater() { calls++; const s = this.ctx.storage.sql; const p = (async () => { await null; fill(s); })(); return (async () => { for (let i = 0; i < 3; i++) await null; try { await p; } catch {} return 1; })(); }
  oomCaught() { calls++; const s = this.ctx.storage.sql; try { fill(s); } catch (e) { s.exec("INSERT INTO t VALUES (?)", "caught " + e); return "caught " + e; } }
  oomCaughtInJob() { calls++; const s = this.ctx.storage.sql; Promise.resolve().then(() => { try { fill(s); } catch (e) { s.exec("INSERT INTO t VALUES (?)", "caught " + e); } }); return 1; }
  oomCaughtInWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; try { fill(s); } catch (e) { s.exec("INSERT INTO t VALUES (?)", "caught " + e); } })()); return 1; }
  loopWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; s.exec("INSERT INTO t VALUES (1)"); for (;;) {} })()); return 1; }
  // Nesting that deep overflows the stack in the engine's C code (JSON.parse), a trap;
  // recursion of script functions would throw a RangeError instead.
  deepWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; s.exec("INSERT INTO t VALUES (1)"); JSON.parse("[".repeat(1e5) + "]".repeat(1e5)); })()); return 1; }
  stuckWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; s.exec("INSERT INTO t VALUES (1)"); await new Promise(() => {}); })()); return 1; }
  okWaitUntil() { calls++; const s = this.ctx.storage.sql; this.ctx.waitUntil((async () => { await null; s.exec("INSERT INTO t VALUES (1)"); })()); return 1; }
  rejectWaitUntil() { calls++; this.ctx.waitUntil((async () => { await null; throw new Error("waitUntil work failed"); })()); return 1; }
  rejectNotAwaited() { calls++; const s = this.ctx.storage.sql; (async () => { await null; s.exec("INSERT INTO t VALUES (1)"); throw new Error("rejection nobody handles"); })(); return 1; }
  rejectHandledLater() { calls++; const p = Promise.reject(new Error("handled later")); return (async () => { await null; await null; p.catch(() => {}); return 1; })(); }
}
return { Jobs };`

func jsJobsEngine(t *testing.T) (*Engine, *syncWriter) {
	t.Helper()
	w := &syncWriter{}
	e := newEngine(t, Options{CallTimeout: 2 * time.Second, MemoryLimitBytes: 32 << 20,
		Logger: slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Jobs", jsBundle("", jsJobs))
	return e, w
}

// jsJobsFailed checks that a call of method failed with want, kept none of its writes
// and left a fresh instance behind (the module's counter starts over).
func jsJobsFailed(t *testing.T, e *Engine, method string, want error) {
	t.Helper()
	jsJobsFailedWith(t, e, method, want.Error(), func(err error) bool { return errors.Is(err, want) })
}

func jsJobsFailedWith(t *testing.T, e *Engine, method, want string, is func(error) bool) {
	t.Helper()
	name := "o-" + method
	if out := jsMust(t, e, "Jobs", name, "calls", ""); out != "1" {
		t.Fatalf("calls: %s", out)
	}
	out, err := jsCall(t, e, "Jobs", name, method, "")
	if !is(err) {
		t.Errorf("%s: %q, %v; want %s", method, out, err, want)
	}
	if rows := jsMust(t, e, "Jobs", name, "rows", ""); rows != "0" {
		t.Errorf("%s failed but %s of its rows were committed", method, rows)
	}
	if n := jsMust(t, e, "Jobs", name, "calls", ""); n != "1" {
		t.Errorf("after %s failed the instance kept its module state (calls = %s, want 1 on a fresh instance)", method, n)
	}
}

func TestJSJobOutOfMemoryFailsTheCall(t *testing.T) {
	e, w := jsJobsEngine(t)
	for _, m := range []string{"oomWaitUntil", "oomNotAwaited", "oomMicrotask", "oomCaughtLater"} {
		jsJobsFailed(t, e, m, ErrMemoryLimit)
	}
	if !strings.Contains(w.String(), "out of memory") {
		t.Errorf("the out of memory errors of the jobs are in no log:\n%s", w)
	}
}

// Out of memory ends the call even where the script catches it, as exceeding the memory
// limit ends the isolate on workerd: the call fails with the memory limit, what it wrote
// (also in its catch) rolls back, and the next call gets a fresh instance.
func TestJSCaughtOutOfMemoryFailsTheCall(t *testing.T) {
	e, _ := jsJobsEngine(t)
	for _, m := range []string{"oomCaught", "oomCaughtInJob", "oomCaughtInWaitUntil"} {
		jsJobsFailed(t, e, m, ErrMemoryLimit)
	}
}

func TestJSJobTimeLimitFailsTheCall(t *testing.T) {
	e, _ := jsJobsEngine(t)
	jsJobsFailed(t, e, "loopWaitUntil", context.DeadlineExceeded)
}

func TestJSJobTrapFailsTheCall(t *testing.T) {
	e, _ := jsJobsEngine(t)
	jsJobsFailed(t, e, "deepWaitUntil", ErrTrap)
}

func TestJSWaitUntilThatNeverSettlesFailsTheCall(t *testing.T) {
	e, _ := jsJobsEngine(t)
	const want = "a promise given to ctx.waitUntil can never settle"
	jsJobsFailedWith(t, e, "stuckWaitUntil", "internal: "+want, func(err error) bool {
		var ae *abi.Error
		return errors.As(err, &ae) && ae.Code == abi.CodeInternal && strings.Contains(ae.Message, want)
	})
	if out, err := jsCall(t, e, "Jobs", "o-stuckWaitUntil", "okWaitUntil", ""); err != nil || out != "1" {
		t.Fatalf("okWaitUntil: %q %v", out, err)
	}
	if rows := jsMust(t, e, "Jobs", "o-stuckWaitUntil", "rows", ""); rows != "1" {
		t.Fatalf("a waitUntil that settles: %s rows, want its 1", rows)
	}
}

// An ordinary rejection (not a limit) that nobody handles is logged, and the call
// succeeds with its writes, as in workerd; one handled before the call ends is not
// logged.
func TestJSUnhandledRejectionIsLogged(t *testing.T) {
	e, w := jsJobsEngine(t)
	for _, m := range []string{"rejectNotAwaited", "rejectWaitUntil", "rejectHandledLater"} {
		if out, err := jsCall(t, e, "Jobs", "r", m, ""); err != nil || out != "1" {
			t.Fatalf("%s: %q %v, want success", m, out, err)
		}
	}
	if rows := jsMust(t, e, "Jobs", "r", "rows", ""); rows != "1" {
		t.Errorf("rejectNotAwaited's write: %s rows, want 1", rows)
	}
	if n := jsMust(t, e, "Jobs", "r", "calls", ""); n != "4" {
		t.Errorf("calls = %s after three successful calls, want 4 (same instance)", n)
	}
	logs := w.String()
	for _, text := range []string{"rejection nobody handles", "waitUntil work failed"} {
		if !strings.Contains(logs, text) {
			t.Errorf("the rejection %q is in no log:\n%s", text, logs)
		}
	}
	if strings.Contains(logs, "handled later") {
		t.Errorf("a rejection handled within the call was logged:\n%s", logs)
	}
}

const jsLeak = `
class Leak extends DurableObject {
  // Work a call starts and does not await (ctx.waitUntil's documented "accepted and
  // ignored", a forgotten await, a fire-and-forget log write).
  async failLater() {
    const s = this.ctx.storage;
    (async () => { for (let i = 0; i < 10; i++) await null; s.kv.put("from_failed_call", 1); })();
    throw new Error("this call fails after starting a write");
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

// A call that throws keeps its writes, as on workerd (ABI.md 11), also those of the
// promise jobs it left queued: they run within it, before it ends, not later inside
// another call's transaction.
func TestJSFailedCallsLeftoverWritesCommitWithIt(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Leak", jsBundle("", jsLeak))
	if _, err := jsCall(t, e, "Leak", "a", "failLater", ""); err == nil {
		t.Fatal("failLater succeeded")
	}
	if out := jsMust(t, e, "Leak", "a", "peek", ""); !strings.Contains(out, `"failed":1`) {
		t.Fatalf("the write a failed call's leftover job made is not there after it: %s", out)
	}
}

// Work a successful call left pending (ctx.waitUntil; "a call ends when its method
// returns") finishes within that call: its write is there when the call has returned,
// not only after some later call ran it piecemeal.
func TestJSWaitUntilWorkFinishesWithItsCall(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Leak", jsBundle("", jsLeak))
	jsMust(t, e, "Leak", "b", "succeedLater", "")
	out := jsMust(t, e, "Leak", "b", "peek", "")
	if !strings.Contains(out, `"ok":1`) {
		jsMust(t, e, "Leak", "b", "busy", "")
		later := jsMust(t, e, "Leak", "b", "peek", "")
		t.Fatalf("the write of a call that returned success is missing after it (%s); it appears after an unrelated later call ran (%s)", out, later)
	}
}

// A method awaiting a promise that nothing can settle (there are no timers or I/O to
// settle it) fails at once, as in workerd ("the script will never generate a response"),
// not at the time limit. (The engine's event loop once spun for the whole time limit,
// holding the object's thread.)
func TestJSNeverSettlingPromiseFailsAtOnce(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: time.Second})
	deployJS(t, e, "Hang", jsBundle("", `
class Hang extends DurableObject { async wait() { await new Promise(() => {}); } }
return { Hang };`))
	_, err := jsCall(t, e, "Hang", "h", "wait", "")
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("awaiting a promise that can never settle: %v, want an immediate error", err)
	}
}

const jsCompletion = `
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

// Endless promise-job chains, awaited or left behind, end at the time limit, roll back,
// and leave the object working.
func TestJSEndlessJobChainsEndAtTheTimeLimit(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 500 * time.Millisecond})
	deployJS(t, e, "Jobs", jsBundle("", jsCompletion))
	jsMust(t, e, "Jobs", "j", "put", `"base"`)
	for _, m := range []string{"chainAwaited", "chainLeft"} {
		if _, err := jsCall(t, e, "Jobs", "j", m, ""); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want the time limit", m, err)
		}
		if out := jsMust(t, e, "Jobs", "j", "get", ""); out != `"base"` {
			t.Errorf("after %s: %s, want its write rolled back", m, out)
		}
	}
}

// A call that fails because it returned with a storage.transaction still open (its
// callback waits forever) is rolled back, and the next call that uses
// storage.transaction works. (The instance was once kept with runtime.js's queue of
// transactions waiting on that transaction forever, so every later transaction failed
// with "can never settle".)
func TestJSTransactionLeftOpenDoesNotBlockLaterCalls(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsCompletion))
	if _, err := jsCall(t, e, "Jobs", "t", "txnLeftOpen", ""); err == nil {
		t.Fatal("a method that returned with a transaction open succeeded")
	}
	if out, err := jsCall(t, e, "Jobs", "t", "txn", `"second"`); err != nil || out != `"second"` {
		t.Fatalf("a correct transaction in the next call: %q %v (the earlier call's transaction still blocks the queue)", out, err)
	}
}

// blockConcurrencyWhile started by one call (not awaited) whose callback rejects does
// not fail the next, unrelated call: on Cloudflare the object is reset when the callback
// throws, and the next call runs on a fresh instance. (The next call once failed with
// the earlier call's error.)
func TestJSRejectedBlockerDoesNotFailTheNextCall(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsCompletion))
	jsCall(t, e, "Jobs", "b", "blockFails", "") // may fail or succeed: that call started the blocker
	if out, err := jsCall(t, e, "Jobs", "b", "ping", ""); err != nil || out != `"pong"` {
		t.Fatalf("ping after another call's blocker failed: %q %v", out, err)
	}
}

// A method that throws an Error whose stack getter throws fails with the error's
// message. (runtime.js's messageOf once threw inside the dispatcher's catch, and the
// call failed with "the call's promise can never settle": the real error was lost.)
func TestJSThrowingStackGetterKeepsTheErrorsMessage(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Jobs", jsBundle("", jsCompletion))
	_, err := jsCall(t, e, "Jobs", "s", "badStack", "")
	if err == nil {
		t.Fatal("badStack succeeded")
	}
	if strings.Contains(err.Error(), "never settle") || !strings.Contains(err.Error(), "the real failure") {
		t.Fatalf("a thrown Error with a throwing stack getter: %v, want the error's message", err)
	}
}

// Errors of the work a call leaves (README: "part of the call") are logged, as
// Cloudflare logs them ("Uncaught (in promise)"): an exception thrown by a queued
// microtask and a rejection nobody handles (the engine's rejection tracker forwards it
// to the host, js_jobs_test.go).
func TestJSUncaughtJobErrorsAreLogged(t *testing.T) {
	var w syncWriter
	e := newEngine(t, Options{Logger: slog.New(slog.NewTextHandler(&w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Jobs", jsBundle("", jsCompletion))
	for m, text := range map[string]string{"microtaskThrows": "microtask that throws", "fireAndForget": "rejection nobody handles"} {
		jsMust(t, e, "Jobs", "l", m, "")
		if !strings.Contains(w.String(), text) {
			t.Errorf("%s: the error %q left by the call is in no log", m, text)
		}
	}
}
