package host

import (
	"context"
	"strings"
	"testing"
)

const jsExports = `
const { WorkerEntrypoint } = globalThis.__sobjects_workers;
class Counter extends DurableObject {
  async inc() { const n = ((await this.ctx.storage.get("n")) ?? 0) + 1; await this.ctx.storage.put("n", n); return n; }
}
class Extra extends Counter {}
class Api extends WorkerEntrypoint {
  greet(n) { return "hi " + n; }
  async fetch(request) { return new Response("api " + new URL(request.url).pathname); }
  count() { return this.ctx.exports.Counter.getByName("c").inc(); }
}
class Front extends DurableObject {
  async viaExports() {
    const x = this.ctx.exports;
    return {
      greet: await x.Api.greet("x"),
      fetch: await (await x.Api.fetch("http://any/p")).text(),
      count: await x.Counter.getByName("c").inc(),
      fromEntrypoint: await x.Api.count(),
      keys: Object.keys(x).sort(),
      none: x.helper === undefined && x.Nope === undefined,
      add: await x.default.add(2, 3),
      unbound: await x.Extra.getByName("e").inc(),
    };
  }
  async viaServices() { return { greet: await this.env.API.greet("y"), add: await this.env.SELF.add(1, 2) }; }
  async missing() { try { await this.env.MISSING.greet("z"); return null; } catch (e) { return e.message; } }
}
class W extends WorkerEntrypoint {
  add(a, b) { return a + b; }
  async fetch() { return new Response("worker"); }
}
const helper = 1;
return { Counter, Extra, Api, Front, helper, default: W };`

// As jsbundle writes it: exports lists the entry module's exports, which the bundle may
// call without a binding (Extra has none).
const jsExportsManifest = `{"name":"app","bindings":{"COUNTER":{"class":"Counter"}},"vars":{},"exports":["Api","Counter","Extra","Front","helper"],` +
	`"services":{"API":{"entrypoint":"Api"},"SELF":{"entrypoint":"default"},"MISSING":{"entrypoint":"Nope"}}}`

// ctx.exports holds a binding per export, as workerd's loopback bindings: a namespace
// for each Durable Object class (one without a binding too), a service for each
// WorkerEntrypoint and the default export; service bindings to the Worker itself reach
// its entrypoints, by RPC and fetch.
func TestJSCtxExportsAndServicesToItself(t *testing.T) {
	e := newEngine(t, Options{})
	for _, class := range []string{"app", "Counter", "Extra", "Front"} {
		deployJS(t, e, class, jsBundle(jsExportsManifest, jsExports))
	}
	ctx := context.Background()
	out, err := e.Call(ctx, "Front", "f", "viaExports", nil)
	want := `{"greet":"hi x","fetch":"api /p","count":1,"fromEntrypoint":2,"keys":["Api","Counter","Extra","Front","default"],"none":true,"add":5,"unbound":1}`
	if err != nil || string(out) != want {
		t.Fatalf("ctx.exports: %s %v, want %s", out, err, want)
	}
	out, err = e.Call(ctx, "Front", "f", "viaServices", nil)
	if want := `{"greet":"hi y","add":3}`; err != nil || string(out) != want {
		t.Fatalf("service bindings to the Worker: %s %v, want %s", out, err, want)
	}
	out, err = e.Call(ctx, "Front", "f", "missing", nil)
	if err != nil || !strings.Contains(string(out), `no entrypoint \"Nope\"`) {
		t.Fatalf("a service binding to an entrypoint the Worker lacks: %s %v, want the error naming it", out, err)
	}
}
