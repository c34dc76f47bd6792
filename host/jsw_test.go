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
