package host

import (
	"context"
	"testing"
)

const jsWeb = `
class Web extends DurableObject {
  params() {
    const p = new URLSearchParams("a=1&b=2&a=3&c");
    const q = (t, k) => new URLSearchParams(t).get(k);
    return [p.get("a"), p.getAll("a"), p.has("b"), p.has("c"), p.has("d"), p.get("d"), p.get("c"), new URL("http://x/?k=v%20w").searchParams.get("k"),
      q("a=b=c", "a=b"), q("a=b=c", "a"), q("x&y=1", "x&y"), q("=v", ""), q("kk=1&k=2", "k"), q("k&x=1", "k"), q("ab=1", "a"), q("&&a=1&", "a"), q("?a=1", "a"), q("a+b=1", "a b"), q("a=1", 1)];
  }
  headers() {
    const out = [];
    const h = new Headers();
    for (let i = 0; i < 2; i++) { // twice: the second time the name and value are known
      h.set("X-A", " v ");
      out.push(h.get("x-a"));
      for (const [k, v] of [["bad name", "v"], ["x-b", "a\r\nb"], ["x-b", "a\u0000b"], ["x-b", " a\nb "]]) {
        try { h.set(k, v); out.push("accepted " + JSON.stringify([k, v])); } catch (e) { out.push(e.name); }
      }
    }
    out.push(new Response("s").headers.get("content-type"), new Response("s", { headers: { "Content-Type": "text/html" } }).headers.get("content-type"));
    out.push(new Request("http://x/", { method: "POST", body: new URLSearchParams("a=1") }).headers.get("content-type"));
    return out;
  }
  async fetch(request) { return new Response(request.url + " " + request.headers.get("x-a")); }
}
return { Web };`

// URLSearchParams and Headers keep their rules: get finds the first value, getAll all,
// has any; a header name must be a token and a value holds no NUL, CR or LF, however
// often the same name or value is set; a request's URL takes the host of its Host
// header.
func TestJSHeadersAndSearchParamsKeepTheirRules(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Web", jsBundle("", jsWeb))
	if out := jsMust(t, e, "Web", "w", "params", ""); out != `["1",["1","3"],true,true,false,null,"","v w",null,"b=c",null,"v","2","",null,"1","1","1",null]` {
		t.Errorf("URLSearchParams: %s", out)
	}
	want := `["v","TypeError","TypeError","TypeError","TypeError","v","TypeError","TypeError","TypeError","TypeError",` +
		`"text/plain;charset=UTF-8","text/html","application/x-www-form-urlencoded;charset=UTF-8"]`
	if out := jsMust(t, e, "Web", "w", "headers", ""); out != want {
		t.Errorf("Headers: %s, want %s", out, want)
	}
	resp, err := e.Fetch(context.Background(), "Web", "w", FetchRequest{Method: "GET", URL: "/p?q=1",
		Headers: [][2]string{{"x-a", "1"}, {"host", "example.com:8080"}}})
	if err != nil || string(resp.Body) != "http://example.com:8080/p?q=1 1" {
		t.Errorf("fetch: %q %v", resp.Body, err)
	}
}
