package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
)

// The callee and the caller of the tests below: Front calls Back through a stub; what
// Back returns (an RpcTarget, a function, a Response) Front uses and describes.
const jsRPCStubsManifest = `{"name":"t","bindings":{"BACK":{"class":"Back"}},"vars":{}}`

const jsRPCStubs = `
const { RpcTarget } = globalThis.__sobjects_workers;
class Counter extends RpcTarget {
  #n;
  constructor(n) { super(); this.#n = n; this.visible = "instance property"; }
  add(by) { this.#n += by; return this.#n; }
  get value() { return this.#n; }
  twice() { return new Counter(this.#n * 2); }
}
class Back extends DurableObject {
  counter(n) { return new Counter(n); }
  adder(n) { this.calls = 0; return (x) => { this.calls++; return x + n; }; }
  calls() { return this.calls; }
  response() { return new Response("a response", { status: 201, statusText: "Made", headers: { "x-from": "back" } }); }
  empty() { return new Response(null, { status: 204 }); }
  nested() { return { c: new Counter(1), f: () => "from f" }; }
  callBack(f, x) { return f(x); }
  async useTarget(t) { const a = await t.add(1); return a + (await t.add(1)); }
  async both(f, t) { return [await f(1), await t.add(1), await f(2)]; }
  async keep(f) { this.kept = f; return await f(0); }
  async useKept() { return await this.kept(1); }
  fanOut(f, n) { return Promise.all(Array.from({ length: n }, (_, i) => f(i))); }
  async outer(f) { return "back(" + (await f("0")) + ")"; }
  async inner(g, s) { return "b2(" + (await g(s)) + ")"; }
}
const caught = async (f) => { try { return { value: await f() }; } catch (e) { return { name: e?.name, message: e?.message }; } };
class Front extends DurableObject {
  back() { return this.env.BACK.getByName("b"); }
  async target() {
    const c = await this.back().counter(5);
    return { type: typeof c, a: await c.add(2), b: await c.add(3), value: await c.value, visible: await caught(() => c.visible), missing: await caught(() => c.nope()) };
  }
  async fn() {
    const f = await this.back().adder(10);
    return { type: typeof f, a: await f(1), b: await f(2), calls: await this.back().calls() };
  }
  async pipeline() {
    return { add: await this.back().counter(40).add(2), value: await this.back().counter(7).value, chained: await this.back().counter(3).twice().add(1) };
  }
  async response() {
    const r = await this.back().response();
    const e = await this.back().empty();
    return { isResponse: r instanceof Response, status: r.status, statusText: r.statusText, from: r.headers.get("x-from"), text: await r.text(), empty: [e.status, e.body] };
  }
  async nested() {
    const o = await this.back().nested();
    return { c: await o.c.add(1), f: await o.f() };
  }
  async disposed() {
    const c = await this.back().counter(1);
    c[Symbol.dispose]();
    return caught(() => c.add(1));
  }
  async dup() {
    const c = await this.back().counter(1);
    const d = c.dup();
    c[Symbol.dispose]();
    const viaDup = await d.add(1);
    const viaDisposed = await caught(() => c.add(1));
    d[Symbol.dispose]();
    return { viaDup, viaDisposed, afterBoth: await caught(() => d.add(1)) };
  }
  // stub returns a stub Back sent, for the host to call through.
  async stub() { return await this.back().counter(100); }
  async many(n) {
    const first = await this.back().counter(1);
    for (let i = 0; i < n; i++) await this.back().counter(i);
    return caught(() => first.add(1));
  }
  async callback() { this.n = 0; const v = await this.back().callBack((x) => { this.n++; return x * 2; }, 21); return { v, n: this.n }; }
  async targetArgument() {
    const t = new Counter(10);
    return { sum: await this.back().useTarget(t), after: await t.value };
  }
  async bothArguments() {
    const t = new Counter(0);
    await this.ctx.storage.put("seen", 0);
    return await this.back().both(async (x) => { await this.ctx.storage.put("seen", x); return x * 10; }, t);
  }
  seen() { return this.ctx.storage.get("seen"); }
  async keptAfterTheCall() {
    await this.back().keep((x) => x + 1);
    return caught(() => this.back().useKept());
  }
  async atOnce(n) {
    this.n = 0;
    const results = await this.back().fanOut(async (i) => { this.n++; await null; return i; }, n);
    return { results, n: this.n };
  }
  async nestedCallbacks() {
    const other = this.env.BACK.getByName("b2");
    return caught(() => this.back().outer((s) => other.inner((t) => "front(" + t + ")", s)));
  }
  callbackCallsTheCallee() {
    return caught(() => this.back().callBack(async () => await this.back().calls(), 0));
  }
  loopingCallback() { return this.back().callBack(() => { for (;;) {} }, 0); }
  callbackInTransaction() {
    return this.ctx.storage.transaction(() => caught(() => this.back().callBack((x) => x, 1)));
  }
  stored() { return caught(() => this.ctx.storage.put("f", () => 1)); }
}
return { Back, Front };`

func jsRPCStubsEngine(t *testing.T) *Engine {
	t.Helper()
	e := newEngine(t, Options{})
	deployJS(t, e, "Back", jsBundle(jsRPCStubsManifest, jsRPCStubs))
	deployJS(t, e, "Front", jsBundle(jsRPCStubsManifest, jsRPCStubs))
	return e
}

func TestJSRPCStubOfReturnedTargetCallsItsInstance(t *testing.T) {
	e := jsRPCStubsEngine(t)
	want := `{"type":"function","a":7,"b":10,"value":10,"visible":{"name":"TypeError","message":"The RPC receiver does not implement the method \"visible\"."},"missing":{"name":"TypeError","message":"The RPC receiver does not implement the method \"nope\"."}}`
	if got := jsMust(t, e, "Front", "f", "target", ""); got != want {
		t.Errorf("target: %s\nwant %s", got, want)
	}
}

func TestJSRPCStubOfReturnedFunctionRunsInTheCallee(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "fn", ""), `{"type":"function","a":11,"b":12,"calls":2}`; got != want {
		t.Errorf("fn: %s, want %s", got, want)
	}
}

func TestJSRPCStubPromisePipelining(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "pipeline", ""), `{"add":42,"value":7,"chained":7}`; got != want {
		t.Errorf("pipeline: %s, want %s", got, want)
	}
}

func TestJSRPCStubTargetsInsideAValue(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "nested", ""), `{"c":2,"f":"from f"}`; got != want {
		t.Errorf("nested: %s, want %s", got, want)
	}
}

func TestJSRPCResponseResultArrivesAsAResponse(t *testing.T) {
	e := jsRPCStubsEngine(t)
	want := `{"isResponse":true,"status":201,"statusText":"Made","from":"back","text":"a response","empty":[204,null]}`
	if got := jsMust(t, e, "Front", "f", "response", ""); got != want {
		t.Errorf("response: %s\nwant %s", got, want)
	}
}

func TestJSRPCStubDisposedFails(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "disposed", ""), `{"name":"Error","message":"RPC stub used after being disposed."}`; got != want {
		t.Errorf("a call after dispose: %s, want %s", got, want)
	}
}

// A stub's dup() is another stub of its target, which stays while one of them is
// not disposed of.
func TestJSRPCStubDupKeepsTheTarget(t *testing.T) {
	e := jsRPCStubsEngine(t)
	disposed := `{"name":"Error","message":"RPC stub used after being disposed."}`
	if got, want := jsMust(t, e, "Front", "f", "dup", ""), `{"viaDup":2,"viaDisposed":`+disposed+`,"afterBoth":`+disposed+`}`; got != want {
		t.Errorf("dup: %s, want %s", got, want)
	}
}

func TestJSRPCStubStorageRefusesFunctions(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got := jsMust(t, e, "Front", "f", "stored", ""); !strings.Contains(got, `"name":"DataCloneError"`) {
		t.Errorf("storage.put of a function: %s, want a DataCloneError", got)
	}
}

// An object keeps the last jsMaxExportedTargets targets it sent: a stub of an older
// one fails with an error saying so.
func TestJSRPCStubPastTheExportLimitFails(t *testing.T) {
	e := jsRPCStubsEngine(t)
	got := jsMust(t, e, "Front", "f", "many", "1024")
	if !strings.Contains(got, `"name":"Error"`) || !strings.Contains(got, "is gone") || !strings.Contains(got, "the last 1024") {
		t.Errorf("the oldest of 1025 targets: %s, want an Error saying it is gone", got)
	}
	if got, want := jsMust(t, e, "Front", "f", "many", "1023"), `{"value":2}`; got != want {
		t.Errorf("the oldest of 1024 targets: %s, want %s", got, want)
	}
}

// jsStubRef is the handle of the stub Front.stub returns: {"$t":"Stub","v":[class,
// name, handle]}.
func jsStubRef(t *testing.T, e *Engine) string {
	t.Helper()
	var w struct {
		T string   `json:"$t"`
		V []string `json:"v"`
	}
	out := jsMust(t, e, "Front", "f", "stub", "")
	if err := json.Unmarshal([]byte(out), &w); err != nil || w.T != "Stub" || len(w.V) != 3 || w.V[0] != "Back" || w.V[1] != "b" {
		t.Fatalf("Front.stub: %s, want a stub of Back/b", out)
	}
	return w.V[2]
}

// A stub's call is a call of Back's reserved method js.StubMethod; disposing of the
// stub releases the target there, and so does a new instance of Back (a new version).
func TestJSRPCStubReleasedTargetFails(t *testing.T) {
	e := jsRPCStubsEngine(t)
	ctx := context.Background()
	h := jsStubRef(t, e)
	call := func(input string) (string, error) {
		out, err := e.Call(ctx, "Back", "b", "$stub", []byte(input))
		return string(out), err
	}
	if got, err := call(`{"h":"` + h + `","m":"add","a":5}`); err != nil || got != "105" {
		t.Fatalf("add through the stub: %s %v, want 105", got, err)
	}
	if _, err := call(`{"h":"` + h + `","d":true}`); err != nil {
		t.Fatalf("dispose: %v", err)
	}
	if _, err := call(`{"h":"` + h + `","m":"add","a":5}`); err == nil || !strings.Contains(err.Error(), "is gone") {
		t.Fatalf("a call after dispose: %v, want the target gone", err)
	}

	h = jsStubRef(t, e)
	deployJS(t, e, "Back", jsBundle(jsRPCStubsManifest, jsRPCStubs+"\n// v2"))
	if _, err := call(`{"h":"` + h + `","m":"add","a":5}`); err == nil || !strings.Contains(err.Error(), "is gone") {
		t.Fatalf("a call after a new instance: %v, want the target gone", err)
	}
}

func TestJSRPCStubMalformedCall(t *testing.T) {
	e := jsRPCStubsEngine(t)
	for _, in := range []string{`"x"`, `{"m":"add"}`, `{"h":1}`, `not json`} {
		_, err := e.Call(context.Background(), "Back", "b", "$stub", []byte(in))
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput {
			t.Errorf("$stub(%s): %v, want bad_input", in, err)
		}
	}
}

func TestJSRPCStubFunctionArgumentCallsBack(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "callback", ""), `{"v":42,"n":1}`; got != want {
		t.Errorf("callback: %s, want %s", got, want)
	}
}

func TestJSRPCStubTargetArgumentCallsBack(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "targetArgument", ""), `{"sum":23,"after":12}`; got != want {
		t.Errorf("targetArgument: %s, want %s", got, want)
	}
}

// A callback writes in the transaction of the call that sent it, and that call sees
// what it wrote.
func TestJSRPCStubCallbackWritesInTheCallersCall(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "bothArguments", ""), `[10,1,20]`; got != want {
		t.Errorf("bothArguments: %s, want %s", got, want)
	}
	if got := jsMust(t, e, "Front", "f", "seen", ""); got != "2" {
		t.Errorf("what the callbacks wrote: %s, want 2", got)
	}
}

// A stub of a function kept past the call that sent it still calls it, in the
// instance that sent it.
func TestJSRPCStubCallbackAfterTheCall(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "keptAfterTheCall", ""), `{"value":2}`; got != want {
		t.Errorf("keptAfterTheCall: %s, want %s", got, want)
	}
}

// Callbacks made at once (Promise.all in the callee) run one at a time in the caller.
func TestJSRPCStubCallbacksAtOnce(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "atOnce", "8"), `{"results":[0,1,2,3,4,5,6,7],"n":8}`; got != want {
		t.Errorf("atOnce: %s, want %s", got, want)
	}
}

// A callback that calls another object, which calls back again: Front calls Back,
// whose callback into Front calls b2, whose callback into Front runs inside the first.
func TestJSRPCStubCallbackNested(t *testing.T) {
	e := jsRPCStubsEngine(t)
	if got, want := jsMust(t, e, "Front", "f", "nestedCallbacks", ""), `{"value":"back(b2(front(0)))"}`; got != want {
		t.Errorf("nestedCallbacks: %s, want %s", got, want)
	}
}

// A callback into a call waiting inside a storage transaction cannot run there: it
// fails with code cycle, saying why.
func TestJSRPCStubCallbackInsideATransactionFails(t *testing.T) {
	e := jsRPCStubsEngine(t)
	got := jsMust(t, e, "Front", "f", "callbackInTransaction", "")
	if !strings.Contains(got, "would deadlock") || !strings.Contains(got, "inside a storage transaction: the callback cannot run there") {
		t.Errorf("a callback inside a transaction: %s, want a cycle error naming the transaction", got)
	}
}

// A callback that calls the object whose call it runs in is a cycle: that object waits
// on it.
func TestJSRPCStubCallbackCallingTheCalleeFails(t *testing.T) {
	e := jsRPCStubsEngine(t)
	got := jsMust(t, e, "Front", "f", "callbackCallsTheCallee", "")
	if !strings.Contains(got, "would deadlock: Front/f calls Back/b, which is waiting on it") {
		t.Errorf("a callback calling the callee: %s, want a cycle error", got)
	}
}

// Many callers at once, each passing callbacks to the one Back, which calls them back
// several at a time: every call answers what it would alone (run with -race).
func TestJSRPCStubCallbackHammer(t *testing.T) {
	e := jsRPCStubsEngine(t)
	const callers, rounds = 8, 6
	errs := make(chan error, callers)
	for i := range callers {
		go func() {
			name := "f" + strconv.Itoa(i)
			for r := range rounds {
				method, input, want := "atOnce", "4", `{"results":[0,1,2,3],"n":4}`
				switch (i + r) % 3 {
				case 1:
					method, input, want = "targetArgument", "", `{"sum":23,"after":12}`
				case 2:
					method, input, want = "callback", "", `{"v":42,"n":1}`
				}
				out, err := e.Call(context.Background(), "Front", name, method, []byte(input))
				if err != nil || string(out) != want {
					errs <- fmt.Errorf("%s.%s: %s %v, want %s", name, method, out, err, want)
					return
				}
			}
			errs <- nil
		}()
	}
	for range callers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// A callback that runs past the time limit fails the call that sent it, and the
// caller's next call runs on a fresh instance.
func TestJSRPCStubCallbackPastTheTimeLimit(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: time.Second})
	deployJS(t, e, "Back", jsBundle(jsRPCStubsManifest, jsRPCStubs))
	deployJS(t, e, "Front", jsBundle(jsRPCStubsManifest, jsRPCStubs))
	_, err := e.Call(context.Background(), "Front", "f", "loopingCallback", nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a callback that loops: %v, want the time limit", err)
	}
	if got, want := jsMust(t, e, "Front", "f", "callback", ""), `{"v":42,"n":1}`; got != want {
		t.Errorf("the next call: %s, want %s", got, want)
	}
}

// A Stub or Response tag that is not one (from a caller outside JavaScript) is refused.
func TestJSRPCStubMalformedTag(t *testing.T) {
	e := jsRPCStubsEngine(t)
	for _, in := range []string{`{"$t":"Stub","v":"junk"}`, `{"$t":"Stub","v":["Back","b"]}`, `{"$t":"Response","v":{"status":200}}`} {
		_, err := e.Call(context.Background(), "Back", "b", "callBack", []byte(in))
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput || !strings.Contains(ae.Message, "malformed") {
			t.Errorf("callBack(%s): %v, want bad_input naming the malformed value", in, err)
		}
	}
}
