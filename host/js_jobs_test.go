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
  deepWaitUntil() { calls++; const s = this.ctx.storage.sql; const f = (n) => n === 0 ? 0 : 1 + f(n - 1); this.ctx.waitUntil((async () => { await null; s.exec("INSERT INTO t VALUES (1)"); f(1e6); })()); return 1; }
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
	if out := jsAdvMust(t, e, "Jobs", name, "calls", ""); out != "1" {
		t.Fatalf("calls: %s", out)
	}
	out, err := jsAdvCall(t, e, "Jobs", name, method, "")
	if !is(err) {
		t.Errorf("%s: %q, %v; want %s", method, out, err, want)
	}
	if rows := jsAdvMust(t, e, "Jobs", name, "rows", ""); rows != "0" {
		t.Errorf("%s failed but %s of its rows were committed", method, rows)
	}
	if n := jsAdvMust(t, e, "Jobs", name, "calls", ""); n != "1" {
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
	if out, err := jsAdvCall(t, e, "Jobs", "o-stuckWaitUntil", "okWaitUntil", ""); err != nil || out != "1" {
		t.Fatalf("okWaitUntil: %q %v", out, err)
	}
	if rows := jsAdvMust(t, e, "Jobs", "o-stuckWaitUntil", "rows", ""); rows != "1" {
		t.Fatalf("a waitUntil that settles: %s rows, want its 1", rows)
	}
}

// An ordinary rejection (not a limit) that nobody handles is logged, and the call
// succeeds with its writes, as in workerd; one handled before the call ends is not
// logged.
func TestJSUnhandledRejectionIsLogged(t *testing.T) {
	e, w := jsJobsEngine(t)
	for _, m := range []string{"rejectNotAwaited", "rejectWaitUntil", "rejectHandledLater"} {
		if out, err := jsAdvCall(t, e, "Jobs", "r", m, ""); err != nil || out != "1" {
			t.Fatalf("%s: %q %v, want success", m, out, err)
		}
	}
	if rows := jsAdvMust(t, e, "Jobs", "r", "rows", ""); rows != "1" {
		t.Errorf("rejectNotAwaited's write: %s rows, want 1", rows)
	}
	if n := jsAdvMust(t, e, "Jobs", "r", "calls", ""); n != "4" {
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
