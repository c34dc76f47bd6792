package host

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// Timers of JavaScript objects: setTimeout, setInterval, their clear functions and
// scheduler.wait, run by the host while a call waits on them and, once it has ended, as
// an event of the object's own.

const jsTimers = `
class Timers extends DurableObject {
  async order() {
    const seen = [];
    await new Promise((done) => {
      setTimeout((a, b) => seen.push("late " + a + b), 30, "x", "y");
      setTimeout(() => seen.push("soon"), 5);
      setTimeout(() => seen.push("zero"), -10);
      setTimeout(() => { seen.push("last"); done(); }, 40);
      Promise.resolve().then(() => seen.push("microtask"));
    });
    return seen;
  }
  async ids() {
    const a = setTimeout(() => {}, 1), b = setInterval(() => {}, 1);
    clearTimeout(a); clearInterval(b);
    return [typeof a, b > a];
  }
  async cleared() {
    const seen = [];
    const t = setTimeout(() => seen.push("cleared timer ran"), 10);
    clearTimeout(t);
    await new Promise((done) => setTimeout(done, 20));
    return seen;
  }
  async interval() {
    let n = 0;
    await new Promise((done) => {
      const id = setInterval(() => { if (++n === 3) { clearInterval(id); done(); } }, 5);
    });
    await scheduler.wait(20); // a cleared interval runs no more
    return n;
  }
  async wait() {
    const seen = ["before"];
    const p = scheduler.wait(50).then(() => seen.push("waited"));
    seen.push("meanwhile");
    await p;
    this.ctx.storage.kv.put("waited", true);
    return seen;
  }
  async tooLong() { this.ctx.storage.kv.put("tooLong", true); await scheduler.wait(60000); return "late"; }
  later() { setTimeout(() => this.ctx.storage.kv.put("later", "written by a timer"), 20); return "answered"; }
  get(k) { return this.ctx.storage.kv.get(k) ?? null; }
  throws() {
    setTimeout(() => { throw new Error("timer failure"); }, 1);
    setTimeout(() => this.ctx.storage.kv.put("after", "ran"), 5);
    return "ok";
  }
  waitUntilTimer() { this.ctx.waitUntil(scheduler.wait(10).then(() => this.ctx.storage.kv.put("wu", "done"))); return "ok"; }
  count() { return 1; }
  loopInTimer() { this.ctx.storage.kv.put("before", 1); setTimeout(() => { this.ctx.storage.kv.put("looped", 1); for (;;) {} }, 1); return "ok"; }
  laterBy(ms) { setTimeout(() => { this.ctx.storage.kv.put("later", "written by a timer"); console.log("the timer wrote"); }, ms); return "answered"; }
  tick() {
    let n = 0;
    const id = setInterval(() => { this.ctx.storage.kv.put("ticks", ++n); if (n === 3) { clearInterval(id); console.log("the interval stopped"); } }, 5);
  }
  async sleepLong() { console.log("going to sleep"); await scheduler.wait(2000); return "woke"; }
}
return { Timers };`

func jsTimersEngine(t *testing.T, timeout time.Duration) (*Engine, *syncWriter) {
	t.Helper()
	w := &syncWriter{}
	e := newEngine(t, Options{CallTimeout: timeout,
		Logger: slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Timers", jsBundle("", jsTimers))
	return e, w
}

func TestJSSetTimeoutRunsInOrderWithArgs(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	if out := jsMust(t, e, "Timers", "a", "order", ""); out != `["microtask","zero","soon","late xy","last"]` {
		t.Errorf("order: %s", out)
	}
	if out := jsMust(t, e, "Timers", "a", "ids", ""); out != `["number",true]` {
		t.Errorf("ids: %s", out)
	}
}

func TestJSClearTimeoutCancels(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	if out := jsMust(t, e, "Timers", "a", "cleared", ""); out != `[]` {
		t.Errorf("cleared: %s", out)
	}
}

func TestJSSetIntervalRunsUntilCleared(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	if out := jsMust(t, e, "Timers", "a", "interval", ""); out != `3` {
		t.Errorf("interval ran %s times, want 3", out)
	}
}

// A call awaiting a timer answers once it fired, with what it wrote after it.
func TestJSSchedulerWaitAnswersAfterTheTimer(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	if out := jsMust(t, e, "Timers", "a", "wait", ""); out != `["before","meanwhile","waited"]` {
		t.Errorf("wait: %s", out)
	}
	if out := jsMust(t, e, "Timers", "a", "get", `"waited"`); out != `true` {
		t.Errorf("the write after the wait: %s", out)
	}
}

func TestJSTimerPastTheTimeLimitFailsTheCall(t *testing.T) {
	e, _ := jsTimersEngine(t, 300*time.Millisecond)
	_, err := jsCall(t, e, "Timers", "a", "tooLong", "")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("awaiting a timer past the time limit: %v, want the time limit", err)
	}
	if out := jsMust(t, e, "Timers", "a", "get", `"tooLong"`); out != `null` {
		t.Errorf("the timed-out call's write was kept: %s", out)
	}
}

func TestJSWaitUntilAwaitsATimer(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	jsMust(t, e, "Timers", "a", "waitUntilTimer", "")
	if out := jsMust(t, e, "Timers", "a", "get", `"wu"`); out != `"done"` {
		t.Errorf("the write of waitUntil's timer: %s", out)
	}
}

// A call sleeping until its timer is due does not hold its worker thread: with one
// thread (and no watchdog to hand it over), another object's call answers meanwhile.
func TestJSTimerWaitFreesTheThread(t *testing.T) {
	w := &syncWriter{}
	e := newEngine(t, Options{CallTimeout: 10 * time.Second, Threads: 1, ThreadStallBudget: time.Hour,
		Logger: slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Timers", jsBundle("", jsTimers))
	jsMust(t, e, "Timers", "b", "count", "") // resident, so its call below need not start it
	slept := make(chan error, 1)
	go func() { _, err := e.Call(context.Background(), "Timers", "a", "sleepLong", nil); slept <- err }()
	for !strings.Contains(w.String(), "going to sleep") {
		select {
		case err := <-slept:
			t.Fatalf("sleepLong ended before it slept: %v", err)
		case <-time.After(time.Millisecond):
		}
	}
	if out := jsMust(t, e, "Timers", "b", "count", ""); out != "1" {
		t.Fatalf("count: %s", out)
	}
	select {
	case err := <-slept:
		t.Fatalf("the other object's call answered only once the sleeping call ended (%v)", err)
	default:
	}
	if err := <-slept; err != nil {
		t.Fatal(err)
	}
}

// A timer left pending when its call ended runs later, as an event of the object's
// own: what it writes is there for a later call.
func TestJSFireAndForgetTimerWriteIsVisibleLater(t *testing.T) {
	e, _ := jsTimersEngine(t, 5*time.Second)
	if out := jsMust(t, e, "Timers", "a", "later", ""); out != `"answered"` {
		t.Fatalf("later: %s", out)
	}
	for {
		out := jsMust(t, e, "Timers", "a", "get", `"later"`)
		if out == `"written by a timer"` {
			return
		}
		if out != "null" {
			t.Fatalf("get: %s", out)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A timer whose callback throws is logged; the object's other timers and calls go on.
func TestJSTimerThatThrowsIsLogged(t *testing.T) {
	e, w := jsTimersEngine(t, 5*time.Second)
	jsMust(t, e, "Timers", "a", "throws", "")
	for jsMust(t, e, "Timers", "a", "get", `"after"`) != `"ran"` {
		time.Sleep(5 * time.Millisecond)
	}
	if !strings.Contains(w.String(), "timer failure") {
		t.Errorf("the timer's exception was not logged:\n%s", w)
	}
	if out := jsMust(t, e, "Timers", "a", "count", ""); out != "1" {
		t.Errorf("count after a timer threw: %s", out)
	}
}

// jsObject returns the resident object class/name, or nil.
func jsObject(e *Engine, class, name string) *object {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.objects[class+"\x00"+name]
}

// jsWaitLog waits until w holds text.
func jsWaitLog(t *testing.T, w *syncWriter, text string) {
	t.Helper()
	for !strings.Contains(w.String(), text) {
		time.Sleep(2 * time.Millisecond)
	}
}

// A setInterval left running by a call goes on between calls until it is cleared; then
// no timer of the object's is armed.
func TestJSSetIntervalRunsBetweenCallsUntilCleared(t *testing.T) {
	e, w := jsTimersEngine(t, 5*time.Second)
	jsMust(t, e, "Timers", "a", "tick", "")
	jsWaitLog(t, w, "the interval stopped")
	if out := jsMust(t, e, "Timers", "a", "get", `"ticks"`); out != "3" {
		t.Errorf("ticks: %s", out)
	}
	if due := jsObject(e, "Timers", "a").timerDue.Load(); due != 0 {
		t.Errorf("a timer is still armed after the interval was cleared (due %v)", time.Unix(0, due))
	}
}

// An object idle past IdleEvict stays resident for a timer due within the call time
// limit after that, and the timer's write is kept.
func TestJSPendingTimerKeepsTheObjectResident(t *testing.T) {
	w := &syncWriter{}
	e := newEngine(t, Options{CallTimeout: 5 * time.Second, IdleEvict: 10 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Timers", jsBundle("", jsTimers))
	jsMust(t, e, "Timers", "a", "laterBy", "300")
	jsWaitLog(t, w, "the timer wrote")
	if out := jsMust(t, e, "Timers", "a", "get", `"later"`); out != `"written by a timer"` {
		t.Errorf("the timer's write: %s", out)
	}
}

// A timer due further off than that goes with the object when it is evicted for
// idleness, as in-memory state goes with an isolate on Cloudflare.
func TestJSTimersGoWithTheEvictedObject(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 100 * time.Millisecond, IdleEvict: 10 * time.Millisecond})
	deployJS(t, e, "Timers", jsBundle("", jsTimers))
	jsMust(t, e, "Timers", "a", "laterBy", "3600000")
	o := jsObject(e, "Timers", "a")
	if o == nil || o.timerDue.Load() == 0 {
		t.Fatal("no timer armed for the pending setTimeout")
	}
	for jsObject(e, "Timers", "a") == o {
		time.Sleep(2 * time.Millisecond)
	}
	o.timerMu.Lock()
	armed := o.timer.t != nil
	o.timerMu.Unlock()
	if armed || o.timerDue.Load() != 0 {
		t.Error("the evicted object's timer is still armed")
	}
	if out := jsMust(t, e, "Timers", "a", "get", `"later"`); out != "null" {
		t.Errorf("get: %s", out)
	}
}

// A timer that loops fails its event at the time limit: its writes roll back, the
// instance is discarded, and the object answers the next call.
func TestJSTimerThatLoopsFailsAtTheTimeLimit(t *testing.T) {
	e, w := jsTimersEngine(t, 300*time.Millisecond)
	jsMust(t, e, "Timers", "a", "loopInTimer", "")
	jsWaitLog(t, w, "timers failed")
	if out := jsMust(t, e, "Timers", "a", "get", `"looped"`); out != "null" {
		t.Errorf("the looping timer's write was kept: %s", out)
	}
	if out := jsMust(t, e, "Timers", "a", "get", `"before"`); out != "1" {
		t.Errorf("the call's own write: %s", out)
	}
}
