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
