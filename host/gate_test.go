package host

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// The input gate opens while a JavaScript call awaits a timer (gate.go): the object's
// other calls and its alarm run meanwhile, inside the sleeping call's batch.

const jsGate = `
class Gate extends DurableObject {
  constructor(ctx, env) { super(ctx, env); this.log = []; }
  async untilMarked(ms) {
    const end = Date.now() + ms;
    while (!this.log.includes("b") && Date.now() < end) await scheduler.wait(5);
  }
  async open() {
    this.log.push("a-start");
    console.log("open sleeps");
    await this.untilMarked(3000);
    this.log.push("a-end");
    return this.log;
  }
  mark(what) { this.log.push(what); return this.log.length; }
  async writeThenThrow() {
    this.ctx.storage.kv.put("x", "kept");
    console.log("writeThenThrow sleeps");
    await this.untilMarked(3000);
    throw new Error("failed after b joined");
  }
  async blocked() {
    await this.ctx.blockConcurrencyWhile(async () => {
      this.log.push("a-start");
      console.log("blocked sleeps");
      await this.untilMarked(300);
      this.log.push("a-end");
    });
    return this.log;
  }
  markAndRead(k) { this.log.push("b"); return this.ctx.storage.kv.get(k) ?? null; }
  get(k) { return this.ctx.storage.kv.get(k) ?? null; }
  async inTransaction() {
    return await this.ctx.storage.transaction(async () => {
      this.ctx.storage.kv.put("t", 1);
      console.log("inTransaction sleeps");
      await this.untilMarked(300);
      return this.log.includes("b") ? "b ran inside the transaction" : "alone";
    });
  }
  async pastAlarm() {
    await this.ctx.storage.setAlarm(Date.now() - 1000);
    for (let i = 0; i < 300; i++) {
      if (this.ctx.storage.kv.get("alarmed")) return "the alarm ran meanwhile";
      await scheduler.wait(10);
    }
    return "no alarm";
  }
  async alarm() { this.ctx.storage.kv.put("alarmed", await this.ctx.storage.getAlarm() ?? "null"); }
}
return { Gate };`

func gateEngine(t *testing.T) (*Engine, *syncWriter) {
	t.Helper()
	w := &syncWriter{}
	e := newEngine(t, Options{CallTimeout: 10 * time.Second,
		Logger: slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Gate", jsBundle("", jsGate))
	return e, w
}

// startSleeper starts method of Gate/name and returns once it logged that it sleeps;
// its answer comes on the channel.
func startSleeper(t *testing.T, e *Engine, w *syncWriter, name, method string) <-chan jsResult {
	t.Helper()
	done := make(chan jsResult, 1)
	go func() {
		out, err := e.Call(context.Background(), "Gate", name, method, nil)
		done <- jsResult{string(out), err}
	}()
	for !strings.Contains(w.String(), method+" sleeps") {
		select {
		case r := <-done:
			t.Fatalf("%s answered (%q, %v) before it slept", method, r.out, r.err)
		case <-time.After(time.Millisecond):
		}
	}
	return done
}

type jsResult struct {
	out string
	err error
}

// A call to an object whose call in progress awaits a timer runs meanwhile, and the
// sleeping call sees what it did when it wakes.
func TestCallRunsWhileAnotherAwaitsATimer(t *testing.T) {
	e, w := gateEngine(t)
	open := startSleeper(t, e, w, "g", "open")
	if out := jsMust(t, e, "Gate", "g", "mark", `"b"`); out != "2" {
		t.Errorf("mark saw %s entries in the log, want 2: it ran after the sleeping call, not during it", out)
	}
	r := <-open
	if r.err != nil || r.out != `["a-start","b","a-end"]` {
		t.Errorf("open: %s, %v; want [a-start b a-end]", r.out, r.err)
	}
}

// A call that others joined keeps its writes when it fails afterwards: a call that
// joined it read them and answered with them.
func TestCallThatOthersJoinedKeepsItsWritesWhenItFails(t *testing.T) {
	e, w := gateEngine(t)
	failing := startSleeper(t, e, w, "g", "writeThenThrow")
	if out := jsMust(t, e, "Gate", "g", "markAndRead", `"x"`); out != `"kept"` {
		t.Fatalf("the joining call read %s, want the sleeping call's write", out)
	}
	if r := <-failing; r.err == nil || !strings.Contains(r.err.Error(), "failed after b joined") {
		t.Fatalf("writeThenThrow: %q, %v; want its error", r.out, r.err)
	}
	if out := jsMust(t, e, "Gate", "g", "get", `"x"`); out != `"kept"` {
		t.Errorf("after the failure x is %s: the write another call answered with is gone", out)
	}
}

// A call that came in the same commit batch as one that awaits a timer, behind it,
// runs meanwhile too: it came before any that queue later.
func TestCallOfTheSameBatchRunsWhileAnotherAwaitsATimer(t *testing.T) {
	e, _ := gateEngine(t)
	jsMust(t, e, "Gate", "g", "get", `"x"`) // the instance is up, its constructor run
	var log, n string
	errs := batched(t, e, "Gate", "g",
		func() (err error) { log, err = jsCall(t, e, "Gate", "g", "open", ""); return err },
		func() (err error) { n, err = jsCall(t, e, "Gate", "g", "mark", `"b"`); return err })
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if log != `["a-start","b","a-end"]` || n != "2" {
		t.Errorf("open: %s, mark: %s; want mark to run while open slept", log, n)
	}
}

// No call joins one that sleeps inside a storage transaction: the transaction's
// writes would not be its alone.
func TestNoCallJoinsInsideAStorageTransaction(t *testing.T) {
	e, w := gateEngine(t)
	txn := startSleeper(t, e, w, "g", "inTransaction")
	if out := jsMust(t, e, "Gate", "g", "mark", `"b"`); out != "1" {
		t.Errorf("mark saw %s entries, want 1", out)
	}
	if r := <-txn; r.err != nil || r.out != `"alone"` {
		t.Errorf("inTransaction: %s, %v; want alone", r.out, r.err)
	}
}

// An alarm that comes due while a call of its object awaits a timer runs meanwhile,
// with getAlarm() answering null in its handler, as on Cloudflare.
func TestAlarmRunsWhileACallAwaitsATimer(t *testing.T) {
	e, _ := gateEngine(t)
	if out := jsMust(t, e, "Gate", "g", "pastAlarm", ""); out != `"the alarm ran meanwhile"` {
		t.Fatalf("pastAlarm: %s", out)
	}
	if out := jsMust(t, e, "Gate", "g", "get", `"alarmed"`); out != `"null"` {
		t.Errorf("getAlarm() in the handler answered %s, want null", out)
	}
}

// blockConcurrencyWhile keeps a call that joins from running its method until the
// callback has settled, timers or not.
func TestBlockConcurrencyWhileHoldsCallsAcrossTimers(t *testing.T) {
	e, w := gateEngine(t)
	blocked := startSleeper(t, e, w, "g", "blocked")
	if out := jsMust(t, e, "Gate", "g", "mark", `"b"`); out != "3" {
		t.Errorf("mark saw %s entries, want 3: it ran inside blockConcurrencyWhile", out)
	}
	if r := <-blocked; r.err != nil || r.out != `["a-start","a-end","b"]` && r.out != `["a-start","a-end"]` {
		t.Errorf("blocked: %s, %v", r.out, r.err)
	}
}

const jsGateCaller = `
class Caller extends DurableObject {
  async both() {
    const g = this.env.GATE.get(this.env.GATE.idFromName("g"));
    const [log, n] = await Promise.all([g.open(), g.mark("b")]);
    return { log, n };
  }
  async failing() {
    const g = this.env.GATE.get(this.env.GATE.idFromName("g"));
    const r = await Promise.allSettled([g.nosuch(), g.mark("c"), g.fetch("http://g/")]);
    return r.map((x) => x.status);
  }
}
return { Caller };`

// Calls a script starts before it awaits any (Promise.all of stub calls) run at once,
// as on Cloudflare: the second reaches the object while the first awaits a timer
// there, and the first sees it. Made one at a time, the second would start only once
// the first had answered.
func TestStubCallsStartedTogetherRunAtOnce(t *testing.T) {
	e, _ := gateEngine(t)
	deployJS(t, e, "Caller", jsBundle(`{"name":"t","bindings":{"GATE":{"class":"Gate"}},"vars":{}}`, jsGateCaller))
	if out := jsMust(t, e, "Caller", "c", "both", ""); out != `{"log":["a-start","b","a-end"],"n":2}` {
		t.Errorf("both: %s; want open to see b, and mark to run while open slept", out)
	}
	if out := jsMust(t, e, "Caller", "c", "failing", ""); out != `["rejected","fulfilled","rejected"]` {
		t.Errorf("allSettled of a failing call, a good one and a fetch of a class without fetch: %s", out)
	}
}
