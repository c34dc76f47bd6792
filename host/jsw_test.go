package host

import (
	"context"
	"testing"
)

// A project's Worker (its default export, deployed under the project's name) and its
// Durable Object classes share one bundle; each class runs its own code.
func TestJSWorkerAndClasses(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"proj","bindings":{"STORE":{"class":"Store"}},"vars":{}}`
	src := `
class Store extends DurableObject {
  async fetch(request) {
    const key = new URL(request.url).searchParams.get("key");
    if (request.method === "PUT") { this.ctx.storage.kv.put(key, await request.text()); return new Response("stored"); }
    const v = this.ctx.storage.kv.get(key);
    return new Response(v ?? null, { status: v === undefined ? 404 : 200 });
  }
}
return { Store, default: { async fetch(request, env) { return env.STORE.getByName("one").fetch(request); } } };`
	deployJS(t, e, "Store", jsBundle(manifest, src))
	info := deployJS(t, e, "proj", jsBundle(manifest, src))
	if len(info.Methods) != 0 {
		t.Fatalf("the Worker has methods %v", info.Methods)
	}
	ctx := context.Background()
	for i, r := range []struct {
		worker, method, url, body string
		status                    int
		want                      string
	}{
		{"worker-0", "PUT", "/?key=k1", "hello", 200, "stored"},
		{"worker-1", "GET", "/?key=k1", "", 200, "hello"},
		{"worker-0", "GET", "/?key=k2", "", 404, ""},
	} {
		resp, err := e.Fetch(ctx, "proj", r.worker, FetchRequest{Method: r.method, URL: r.url, Body: []byte(r.body), Headers: [][2]string{{"host", "example.com"}}})
		if err != nil || resp.Status != r.status || string(resp.Body) != r.want {
			t.Fatalf("request %d: %d %q %v", i, resp.Status, resp.Body, err)
		}
	}
	// The Worker keeps nothing: the data is in the object.
	if out, err := e.Fetch(ctx, "Store", "one", FetchRequest{Method: "GET", URL: "/?key=k1"}); err != nil || string(out.Body) != "hello" {
		t.Fatalf("object: %q %v", out.Body, err)
	}
}

// A module Worker's fetch(request, env, ctx) gets a ctx whose waitUntil works, as on
// Cloudflare. (ctx was once an empty object, and the common ctx.waitUntil(...) threw
// "not a function".)
func TestJSModuleWorkerCtxHasWaitUntil(t *testing.T) {
	e := newEngine(t, Options{})
	manifest := `{"name":"wctx","bindings":{},"vars":{}}`
	src := `return { default: { async fetch(request, env, ctx) { ctx.waitUntil(Promise.resolve()); return new Response("ok"); } } };`
	deployJS(t, e, "wctx", jsBundle(manifest, src))
	resp, err := e.Fetch(context.Background(), "wctx", "worker-0", FetchRequest{Method: "GET", URL: "/"})
	if err != nil || string(resp.Body) != "ok" {
		t.Fatalf("Worker using ctx.waitUntil: %d %q %v", resp.Status, resp.Body, err)
	}
}

// A Worker is stateless on Cloudflare (its ExecutionContext has no storage), and so is a
// Worker class here, like a module Worker. (A Worker class once got ctx.storage, a
// database of its own per worker-N instance, which the server picks round-robin: state
// written by one request was seen by some later ones and not others.)
func TestJSWorkerClassHasNoStorage(t *testing.T) {
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
