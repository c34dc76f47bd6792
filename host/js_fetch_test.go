package host

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A JavaScript object that fetches a native object whose fetch answers 20 million
// nested arrays in place of its headers gets an error for that call (the transcoder
// recursed without bound and Go's stack overflow ended the process); the engine goes
// on serving.
func TestJSFetchOfADeeplyNestedAnswerFails(t *testing.T) {
	e := newEngine(t, Options{})
	ctx := context.Background()
	if _, err := e.Deploy(ctx, "deep", fixture(t, "deep_fetch")()); err != nil {
		t.Fatal(err)
	}
	const script = `
class Front extends DurableObject {
  async viaFetch() { return (await this.env.DEEP.getByName("d").fetch("http://x/")).status; }
  async ok() { return "still here"; }
}
return { Front };`
	deployJS(t, e, "Front", jsBundle(`{"name":"t","bindings":{"DEEP":{"class":"deep"}},"vars":{}}`, script))
	out, err := e.Call(ctx, "Front", "f", "viaFetch", nil)
	if err == nil || !strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("fetch of a deeply nested answer: %s %v, want an error naming the malformed response", out, err)
	}
	if out, err := e.Call(ctx, "Front", "f", "ok", nil); err != nil || string(out) != `"still here"` {
		t.Fatalf("after the refused answer: %s %v", out, err)
	}
	// Over the HTTP fetch route the same answer is refused as it always was.
	if _, err := e.Fetch(ctx, "deep", "d", FetchRequest{Method: "GET", URL: "http://x/"}); err == nil ||
		!strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("Engine.Fetch: %v, want malformed fetch response", err)
	}
}

// A request's headers reach the script as new Headers(pairs) keeps them, whether the
// host found them already canonical (the script then skips its checks) or not: names
// lowercased, repeated names joined with ", ", values trimmed; and so do the headers of
// a response that comes back through stub.fetch().
func TestJSFetchHeadersAreNormalizedEitherWay(t *testing.T) {
	e := newEngine(t, Options{})
	const script = `
class H extends DurableObject {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/via") {
      const res = await this.env.SELF.getByName("inner").fetch("http://x/inner");
      return new Response(JSON.stringify([res.status, [...res.headers]]));
    }
    if (url.pathname === "/inner") return new Response("", { status: 201, headers: [["X-Dup", "1"], ["x-dup", " 2 "], ["X-Up", "A"]] });
    return new Response(JSON.stringify([request.method, request.url, [...request.headers], request instanceof Request]));
  }
}
return { H };`
	deployJS(t, e, "H", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"H"}},"vars":{}}`, script))
	ctx := context.Background()
	for _, c := range []struct {
		name    string
		headers [][2]string
		want    string
	}{
		{"canonical", [][2]string{{"host", "h.example"}, {"x-dup", "1"}, {"x-dup", "2"}},
			`["GET","http://h.example/p?q=1",[["host","h.example"],["x-dup","1, 2"]],true]`},
		{"not canonical", [][2]string{{"Host", "h.example"}, {"X-Dup", " 1"}, {"x-dup", "2\t"}},
			`["GET","http://t/p?q=1",[["host","h.example"],["x-dup","1, 2"]],true]`},
	} {
		resp, err := e.Fetch(ctx, "H", "t", FetchRequest{Method: "GET", URL: "/p?q=1", Headers: c.headers})
		if err != nil || string(resp.Body) != c.want {
			t.Errorf("%s: %s %v, want %s", c.name, resp.Body, err, c.want)
		}
	}
	resp, err := e.Fetch(ctx, "H", "t", FetchRequest{Method: "GET", URL: "/via"})
	if want := `[201,[["content-type","text/plain;charset=UTF-8"],["x-dup","1, 2"],["x-up","A"]]]`; err != nil || string(resp.Body) != want {
		t.Errorf("through stub.fetch: %s %v, want %s", resp.Body, err, want)
	}
}

// stub.fetch() reaches the object of any name, line breaks and braces included, with
// the method, path and headers the caller gave; the answer's status and headers come
// back as the callee set them. (The head crosses to the host as lines, or as JSON when
// a field holds a line break.)
func TestJSStubFetchCarriesAnyNameAndHead(t *testing.T) {
	e := newEngine(t, Options{})
	const script = `
class S extends DurableObject {
  async via(name) {
    const res = await this.env.SELF.getByName(name).fetch("http://x/p?q=1", { method: "PATCH", headers: { "X-A": " 1 ", "x-b": "2" } });
    return [res.status, [...res.headers], await res.text()];
  }
  async fetch(request) {
    const u = new URL(request.url); // its host is the object's name here, not workerd's x (issue 17)
    return new Response(JSON.stringify([this.ctx.id.name, request.method, u.pathname + u.search, request.headers.get("x-a"), request.headers.get("x-b")]),
      { status: 207, headers: [["X-Out", "o"], ["x-out", "p"]] });
  }
}
return { S };`
	deployJS(t, e, "S", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"S"}},"vars":{}}`, script))
	for _, name := range []string{"plain", "a\nb", "{brace}", "line\nbreak\n"} {
		in, _ := json.Marshal(name)
		out := jsMust(t, e, "S", "caller", "via", string(in))
		body, _ := json.Marshal([]string{name, "PATCH", "/p?q=1", "1", "2"})
		bodyText, _ := json.Marshal(string(body))
		want := `[207,[["content-type","text/plain;charset=UTF-8"],["x-out","o, p"]],` + string(bodyText) + `]`
		if out != want {
			t.Errorf("fetch of %q: %s, want %s", name, out, want)
		}
	}
}
