package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// fetchWorker is a Worker and a Durable Object class in one module: both answer what
// they saw of the request, or throw, redirect or answer bytes, by path.
const fetchWorker = `import { DurableObject, SobjectsError } from "cloudflare:workers";
function answer(request) {
  const path = new URL(request.url).pathname;
  if (path === "/throw") throw new TypeError("thrown by the script");
  if (path === "/coded") throw new SobjectsError("not_found", "no such thing");
  if (path === "/redirect") return Response.redirect("https://example.com/next", 302);
  if (path === "/bytes") return new Response(new Uint8Array([60, 104, 116, 109, 108, 62]));
  if (path === "/text") return new Response("text");
  return Response.json({ headers: [...request.headers], cf: request.cf ?? null, frozen: Object.isFrozen(request.cf) });
}
export class Obj extends DurableObject { fetch(request) { return answer(request); } }
export default { fetch(request) { return answer(request); } };
`

// startWorker starts a server with fetchWorker deployed as its Worker, w, and as the
// class Obj.
func startWorker(t *testing.T, opts Options) *env {
	t.Helper()
	opts.Worker = "w"
	v := start(t, opts)
	for _, class := range []string{"w", "Obj"} {
		if status, body, _ := v.do("PUT", "/v1/classes/"+class, []byte(fetchWorker)); status != 200 {
			t.Fatalf("upload %s: %d %s", class, status, body)
		}
	}
	return v
}

// seen is what fetchWorker answers of a request.
type seen struct {
	Headers [][2]string    `json:"headers"`
	CF      map[string]any `json:"cf"`
	Frozen  bool           `json:"frozen"`
}

func (v *env) seen(path string, header ...string) seen {
	v.t.Helper()
	status, body, _ := v.do("POST", path, []byte("body"), header...)
	var s seen
	if err := json.Unmarshal(body, &s); status != 200 || err != nil {
		v.t.Fatalf("POST %s: %d %s", path, status, body)
	}
	return s
}

func (s seen) header(name string) (string, bool) {
	for _, h := range s.Headers {
		if h[0] == name {
			return h[1], true
		}
	}
	return "", false
}

// A Worker's and a JavaScript object's fetch get the headers as the client sent them,
// those of the connection and the framing included, as from workerd.
func TestFetchSeesHeadersAsSent(t *testing.T) {
	v := startWorker(t, Options{})
	for _, path := range []string{"/anything", "/v1/objects/Obj/a/fetch/anything"} {
		s := v.seen(path, "Connection", "keep-alive", "Keep-Alive", "timeout=5", "Te", "trailers", "X-Mixed-Case", "Hello")
		for name, want := range map[string]string{"connection": "keep-alive", "keep-alive": "timeout=5", "te": "trailers",
			"x-mixed-case": "Hello", "content-length": "4", "host": strings.TrimPrefix(v.url, "http://")} {
			if got, ok := s.header(name); !ok || got != want {
				t.Errorf("%s: header %s is %q (present %v), want %q; headers %v", path, name, got, ok, want, s.Headers)
			}
		}
	}
}

// request.cf is a frozen object with clientIp (the client's address and port, as
// workerd's) and httpProtocol; with Options.CFHeader, the members of that header's
// JSON object are added and the header is not passed on; a value that is not a JSON
// object is refused.
func TestFetchRequestCF(t *testing.T) {
	t.Run("OKDefaults", func(t *testing.T) {
		v := startWorker(t, Options{})
		for _, path := range []string{"/cf", "/v1/objects/Obj/a/fetch/cf"} {
			s := v.seen(path, "X-Cf", `{"country":"NL"}`)
			ip, _ := s.CF["clientIp"].(string)
			if !strings.HasPrefix(ip, "127.0.0.1:") || s.CF["httpProtocol"] != "HTTP/1.1" || len(s.CF) != 2 || !s.Frozen {
				t.Errorf("%s: cf %v (frozen %v), want clientIp and httpProtocol, frozen", path, s.CF, s.Frozen)
			}
			if _, ok := s.header("x-cf"); !ok {
				t.Errorf("%s: without CFHeader, X-Cf is a header like any: headers %v", path, s.Headers)
			}
		}
	})
	t.Run("OKTrustedProxy", func(t *testing.T) {
		v := startWorker(t, Options{CFHeader: "X-Cf"})
		for _, path := range []string{"/cf", "/v1/objects/Obj/a/fetch/cf"} {
			s := v.seen(path, "X-Cf", `{"country":"NL","colo":"AMS","asn":1136,"httpProtocol":"HTTP/2","tlsClientAuth":{"certPresented":"0"}}`)
			if s.CF["country"] != "NL" || s.CF["colo"] != "AMS" || s.CF["asn"] != 1136.0 || s.CF["httpProtocol"] != "HTTP/2" || s.CF["clientIp"] == nil {
				t.Errorf("%s: cf %v, want the proxy's members over the defaults", path, s.CF)
			}
			if _, ok := s.header("x-cf"); ok {
				t.Errorf("%s: the proxy's header reached the script: %v", path, s.Headers)
			}
		}
	})
	t.Run("ErrNotAnObject", func(t *testing.T) {
		v := startWorker(t, Options{CFHeader: "X-Cf"})
		for _, bad := range []string{"nope", "[1]", "null", `{"a":1} x`} {
			v.problem("GET", "/cf", nil, 400, "bad_cf_header", "X-Cf", bad)
		}
	})
	t.Run("OKNativePluginUnchanged", func(t *testing.T) {
		v := startWorker(t, Options{})
		if status, body, _ := v.do("GET", "/v1/objects/counter/c/fetch", nil); status != 200 || string(body) != "0" {
			t.Errorf("counter fetch: %d %s", status, body)
		}
	})
}

// A JavaScript error that escapes fetch answers workerd's 500, without its stack or a
// Content-Type; with DevErrors, the error and its stack. A SobjectsError keeps the
// problem of its code.
func TestFetchThrownAnswers500(t *testing.T) {
	v := startWorker(t, Options{})
	for _, path := range []string{"/throw", "/v1/objects/Obj/a/fetch/throw"} {
		resp, body := v.raw("GET", path)
		if resp.StatusCode != 500 || body != "Internal Server Error" || resp.Header["Content-Type"] != nil {
			t.Errorf("%s: %d %q %v, want 500 Internal Server Error without Content-Type", path, resp.StatusCode, body, resp.Header)
		}
	}
	for _, path := range []string{"/coded", "/v1/objects/Obj/a/fetch/coded"} {
		if p := v.problem("GET", path, nil, 404, "not_found"); !strings.HasSuffix(p.Detail, "not_found: no such thing") {
			t.Errorf("%s: a SobjectsError keeps its code: detail %q", path, p.Detail)
		}
	}
	v = startWorker(t, Options{DevErrors: true})
	resp, body := v.raw("GET", "/throw")
	if resp.StatusCode != 500 || !strings.HasPrefix(body, "TypeError: thrown by the script\n    at ") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("dev errors: %d %q %v, want the error and its stack", resp.StatusCode, body, resp.Header)
	}
}

// A response the script gave no Content-Type (a redirect, bytes) has none, as from
// workerd: none is sniffed; one it set stays.
func TestFetchResponseWithoutContentType(t *testing.T) {
	v := startWorker(t, Options{})
	for path, want := range map[string]string{"/redirect": "", "/bytes": "", "/text": "text/plain;charset=UTF-8"} {
		resp, _ := v.raw("GET", path)
		if got := resp.Header.Get("Content-Type"); got != want || (want == "" && resp.Header["Content-Type"] != nil) {
			t.Errorf("%s: Content-Type %q, want %q", path, got, want)
		}
	}
	if resp, _ := v.raw("GET", "/redirect"); resp.StatusCode != 302 || resp.Header.Get("Location") != "https://example.com/next" {
		t.Errorf("redirect: %d %v", resp.StatusCode, resp.Header)
	}
}

// A mistyped request under /v1/ gets a problem: 405 with Allow on a route of other
// methods, 404 elsewhere; never the Worker's answer.
func TestMistypedV1RequestsAreProblems(t *testing.T) {
	v := startWorker(t, Options{})
	for _, c := range []struct {
		method, path string
		status       int
		code, allow  string
	}{
		{"GET", "/v1/objects/counter/c/increment", 405, "method_not_allowed", "POST"},
		{"PATCH", "/v1/objects/counter/c", 405, "method_not_allowed", "DELETE, GET"},
		{"POST", "/v1/classes", 405, "method_not_allowed", "GET"},
		{"DELETE", "/v1/classes/counter", 405, "method_not_allowed", "GET, PUT"},
		{"GET", "/v1/objects/counter/c/_split", 405, "method_not_allowed", "POST"},
		{"GET", "/v1/object/counter/c", 404, "no_route", ""},
		{"GET", "/v1/objects/counter/c/increment/more", 404, "no_route", ""},
		{"GET", "/v1", 404, "no_route", ""},
		{"GET", "/v1/", 404, "no_route", ""},
	} {
		v.problem(c.method, c.path, nil, c.status, c.code)
		if resp, _ := v.raw(c.method, c.path); resp.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, resp.Header.Get("Allow"), c.allow)
		}
	}
	if status, _, _ := v.do("GET", "/v1x", nil); status != 200 {
		t.Errorf("GET /v1x: %d, want the Worker's answer", status)
	}
}

// raw sends a request without a body and returns the response and its body.
func (v *env) raw(method, path string) (*http.Response, string) {
	v.t.Helper()
	req, _ := http.NewRequest(method, v.url+path, nil)
	client := http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}
