package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
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

// A response of more than a MiB comes whole through stub.fetch() and through
// caches.default: the host keeps it for the script's read of the body, though it
// drops other buffers that big after each operation.
func TestJSBigBodiesComeWholeThroughStubFetchAndTheCache(t *testing.T) {
	e := newEngine(t, Options{})
	const script = `
class Big extends DurableObject {
  async fetch(request) {
    if (new URL(request.url).pathname === "/inner") return new Response("x".repeat(3 << 20));
    const viaStub = (await (await this.env.SELF.getByName("inner").fetch("http://x/inner")).arrayBuffer()).byteLength;
    await caches.default.put("http://x/big", new Response("y".repeat(3 << 20), { headers: { "cache-control": "max-age=60" } }));
    const viaCache = (await (await caches.default.match("http://x/big")).arrayBuffer()).byteLength;
    return Response.json({ viaStub, viaCache });
  }
}
return { Big };`
	deployJS(t, e, "Big", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"Big"}},"vars":{}}`, script))
	resp, err := e.Fetch(context.Background(), "Big", "outer", FetchRequest{Method: "GET", URL: "http://x/"})
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`{"viaStub":%d,"viaCache":%d}`, 3<<20, 3<<20); string(resp.Body) != want {
		t.Errorf("bodies of 3 MiB: %s, want %s", resp.Body, want)
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

const jsOutbound = `
class Out extends DurableObject {
  async get(base) {
    const r = await fetch(base + "/echo?q=1", { headers: { "X-A": "1" } });
    return { status: r.status, ok: r.ok, statusText: r.statusText, xb: r.headers.get("x-b"), body: await r.json(), redirected: r.redirected, url: r.url.slice(base.length) };
  }
  async post(base) {
    const out = {};
    for (const [k, body] of [["string", "hello"], ["bytes", new Uint8Array([104, 105])], ["blob", new Blob(["blob"], { type: "text/x-blob" })],
      ["params", new URLSearchParams("a=1&b=2")], ["stream", new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode("str")); c.enqueue(new TextEncoder().encode("eam")); c.close(); } })]]) {
      const r = await fetch(new Request(base + "/echo", { method: "POST", body, headers: { "x-a": k } }));
      const j = await r.json();
      out[k] = [j.method, j.body, j.xa, j.type];
    }
    const f = new FormData();
    f.append("k", "v");
    const j = await (await fetch(base + "/echo", { method: "PUT", body: f })).json();
    out.form = [j.method, j.body.includes('name="k"'), j.type.startsWith("multipart/form-data; boundary=")];
    return out;
  }
  async redirects(base) {
    const follow = await fetch(base + "/redirect/3");
    const manual = await fetch(base + "/redirect/1", { redirect: "manual" });
    let error = null, tooMany = null;
    try { await fetch(base + "/redirect/1", { redirect: "error" }); } catch (e) { error = e.name; }
    try { await fetch(base + "/redirect/21"); } catch (e) { tooMany = e.name + ": " + e.message; }
    const twenty = await fetch(base + "/redirect/20");
    const copy = follow.clone();
    return { follow: [follow.status, follow.redirected, follow.url.slice(base.length), (await follow.json()).method],
      clone: [copy.redirected, copy.url.slice(base.length)],
      manual: [manual.status, manual.redirected, manual.headers.get("location"), manual.url.slice(base.length)], error, tooMany, twenty: twenty.status };
  }
  async missing(base) {
    const r = await fetch(base + "/status/404");
    return [r.status, r.ok, await r.text()];
  }
  async abort(base) {
    const out = {};
    try { await fetch(base + "/echo", { signal: AbortSignal.abort() }); } catch (e) { out.before = e.name; }
    try { await fetch(base + "/echo", { signal: AbortSignal.abort(new RangeError("mine")) }); } catch (e) { out.reason = e.message; }
    const c = new AbortController();
    setTimeout(() => c.abort(), 1);
    try { await fetch(base + "/slow", { signal: c.signal }); } catch (e) { out.during = e.name; }
    try { await fetch(base + "/slow", { signal: AbortSignal.timeout(5) }); } catch (e) { out.timeout = e.name; }
    const late = new AbortController(), r = await fetch(base + "/head-then-hold", { signal: late.signal });
    setTimeout(() => late.abort(), 1);
    try { await r.text(); } catch (e) { out.body = e.name; }
    return out;
  }
  async refused(url) {
    try { await fetch(url); return "fetched"; } catch (e) { return e.name + ": " + e.message; }
  }
  async seven(base) {
    const texts = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => fetch(base + "/count").then((r) => r.text())));
    return texts.length;
  }
  async headsFirst(base) {
    const rs = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => fetch(base + "/echo")));
    const out = await Promise.all(rs.map((r) => r.text().then(() => "read", (e) => e.name + ": " + e.message)));
    return out.sort();
  }
  async big(base) {
    const r = await fetch(base + "/big");
    try { await r.text(); return "read"; } catch (e) { return e.name; }
  }
  async streamed(base) {
    const r = await fetch(base + "/big");
    const reader = r.body.getReader();
    let n = 0;
    for (;;) { const { done, value } = await reader.read(); if (done) break; n += value.byteLength; if (n > 1000000) { await reader.cancel(); break; } }
    return n > 1000000;
  }
  background(url) { this.ctx.waitUntil(fetch(url, { method: "POST", body: "in the background" })); return "answered"; }
  async leave(url) { return (await fetch(url)).status; }
  async text(url) { return (await fetch(url)).text(); }
  async bad(url) {
    try { await fetch(url); return "fetched"; } catch (e) { return e.name; }
  }
}
return { Out };`

// outboundServer is the server the outbound fetch tests reach: /echo answers the
// request as JSON, /redirect/N redirects N times before /echo, /status/404 is a 404,
// /slow answers when the client goes away, /hold when /release is asked for, /count answers once six requests are in at
// once (and records the most it saw), /big is 33 MiB.
type outboundServer struct {
	*httptest.Server
	mu            sync.Mutex
	inFlight, max int
	full          chan struct{}
	held, release chan struct{} // /hold: signals held on arrival, answers once release closes
	releaseOnce   sync.Once     // /release closes release
	gone          chan struct{} // /head-then-hold: signalled when its client went away
	recorded      chan string   // /record: the bodies it got
}

func newOutboundServer(t *testing.T) *outboundServer {
	s := &outboundServer{full: make(chan struct{}), held: make(chan struct{}, 1), release: make(chan struct{}), gone: make(chan struct{}, 1), recorded: make(chan string, 1)}
	mux := http.NewServeMux()
	mux.HandleFunc("/record", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		s.recorded <- string(b)
	})
	mux.HandleFunc("/head-then-hold", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		s.gone <- struct{}{}
	})
	mux.HandleFunc("/hold", func(w http.ResponseWriter, r *http.Request) {
		s.held <- struct{}{}
		select {
		case <-s.release:
		case <-r.Context().Done():
		}
		io.WriteString(w, "released")
	})
	mux.HandleFunc("/release", func(w http.ResponseWriter, r *http.Request) {
		s.releaseOnce.Do(func() { close(s.release) })
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("x-b", "2")
		w.Header().Set("content-type", "application/json")
		json.NewEncoder(w).Encode(map[string]string{"method": r.Method, "body": string(b), "xa": r.Header.Get("x-a"), "type": r.Header.Get("content-type"), "q": r.URL.RawQuery})
	})
	mux.HandleFunc("/redirect/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		if n <= 1 {
			http.Redirect(w, r, "/echo", http.StatusFound)
			return
		}
		http.Redirect(w, r, "/redirect/"+strconv.Itoa(n-1), http.StatusFound)
	})
	mux.HandleFunc("/status/404", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "missing", http.StatusNotFound) })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	mux.HandleFunc("/count", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.inFlight++
		s.max = max(s.max, s.inFlight)
		if s.inFlight == 6 {
			select {
			case <-s.full:
			default:
				close(s.full)
			}
		}
		s.mu.Unlock()
		select {
		case <-s.full:
		case <-time.After(10 * time.Second): // a limit below six: the test fails on max
		}
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
		io.WriteString(w, "counted")
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte("x"), 1<<20)
		for range 33 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

func outboundEngine(t *testing.T, allow ...string) *Engine {
	e := newEngine(t, Options{FetchAllow: allow})
	deployJS(t, e, "Out", jsBundle("", jsOutbound))
	return e
}

// fetch reaches a real server: the method, headers and body go out as given, and the
// status, statusText, headers and body come back; every BodyInit form is sent whole,
// with its content type.
func TestJSFetchSendsAndReceivesHeadersAndBodies(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	arg := strconv.Quote(s.URL)
	want := `{"status":200,"ok":true,"statusText":"OK","xb":"2","body":{"body":"","method":"GET","q":"q=1","type":"","xa":"1"},"redirected":false,"url":"/echo?q=1"}`
	if out := jsMust(t, e, "Out", "o", "get", arg); out != want {
		t.Errorf("GET: %s\nwant %s", out, want)
	}
	want = `{"string":["POST","hello","string","text/plain;charset=UTF-8"],"bytes":["POST","hi","bytes",""],"blob":["POST","blob","blob","text/x-blob"],` +
		`"params":["POST","a=1&b=2","params","application/x-www-form-urlencoded;charset=UTF-8"],"stream":["POST","stream","stream",""],"form":["PUT",true,true]}`
	if out := jsMust(t, e, "Out", "o", "post", arg); out != want {
		t.Errorf("POST: %s\nwant %s", out, want)
	}
}

// redirect "follow" follows up to 20 redirects (the response, and its clone, then say
// redirected, with the final URL), "manual" answers the redirect itself, "error"
// rejects with a TypeError, as does a 21st redirect.
func TestJSFetchRedirectModes(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	want := `{"follow":[200,true,"/echo","GET"],"clone":[true,"/echo"],"manual":[302,false,"/echo","/redirect/1"],"error":"TypeError","tooMany":"TypeError: fetch: more than 20 redirects","twenty":200}`
	if out := jsMust(t, e, "Out", "o", "redirects", strconv.Quote(s.URL)); out != want {
		t.Errorf("redirects: %s\nwant %s", out, want)
	}
}

// A 404 is a Response, not a rejection.
func TestJSFetchNotFoundIsAResponse(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.0/8")
	if out := jsMust(t, e, "Out", "o", "missing", strconv.Quote(s.URL)); out != `[404,false,"missing\n"]` {
		t.Errorf("404: %s", out)
	}
}

// An aborted signal rejects the fetch with its reason (an AbortError DOMException by
// default), before the request starts and while it is in flight, AbortSignal.timeout's
// with a TimeoutError; aborted once the head has come, it errors the body.
func TestJSFetchAbortRejectsWithTheReason(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	if out := jsMust(t, e, "Out", "o", "abort", strconv.Quote(s.URL)); out != `{"before":"AbortError","reason":"mine","during":"AbortError","timeout":"TimeoutError","body":"AbortError"}` {
		t.Errorf("abort: %s", out)
	}
}

// Without FetchAllow, loopback is refused, also through a name that resolves to it,
// with a TypeError naming the address and the flag; the call itself succeeds.
func TestJSFetchRefusesLoopbackUnlessAllowed(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t)
	port := s.URL[strings.LastIndex(s.URL, ":")+1:]
	for _, u := range []string{s.URL + "/echo", "http://localhost:" + port + "/echo"} {
		out := jsMust(t, e, "Out", "o", "refused", strconv.Quote(u))
		if !strings.Contains(out, "TypeError: fetch: connecting to ") || !strings.Contains(out, ":"+port+" is refused: it is a loopback address") || !strings.Contains(out, "--fetch-allow") {
			t.Errorf("%s: %s, want a TypeError naming the address and --fetch-allow", u, out)
		}
	}
	// A name allowed by name may resolve to loopback.
	e = outboundEngine(t, "localhost")
	if out := jsMust(t, e, "Out", "o", "refused", strconv.Quote("http://localhost:"+port+"/echo")); out != `"fetched"` {
		t.Errorf("localhost allowed: %s", out)
	}
}

// Seven fetches at once: six are open at the server at once, the seventh waits for one
// of them to end, and all seven succeed.
func TestJSFetchOpensAtMostSixConnections(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	if out := jsMust(t, e, "Out", "o", "seven", strconv.Quote(s.URL)); out != "7" {
		t.Errorf("seven: %s", out)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.max != MaxFetchConnections {
		t.Errorf("the server saw %d requests at once, want %d", s.max, MaxFetchConnections)
	}
}

// While a fetch is in flight its call's worker thread is free: another object on the
// same (only) thread answers meanwhile.
func TestJSFetchFreesTheWorkerThread(t *testing.T) {
	s := newOutboundServer(t)
	e := newEngine(t, Options{Threads: 1, FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Out", jsBundle("", jsOutbound))
	done := make(chan string, 1)
	go func() {
		out, err := e.Call(context.Background(), "Out", "a", "text", []byte(strconv.Quote(s.URL+"/hold")))
		done <- fmt.Sprintf("%s %v", out, err)
	}()
	<-s.held
	if out := jsMust(t, e, "Out", "b", "bad", `"ftp://x/"`); out != `"TypeError"` {
		t.Errorf("the other object, meanwhile: %s", out)
	}
	close(s.release)
	if out := <-done; out != `"released" <nil>` {
		t.Errorf("the held fetch: %s", out)
	}
}

// While a call awaits a fetch's head or its body, the object's input gate is open, as
// on Cloudflare: a call to the same object runs meanwhile (here it is what lets the
// awaited fetch answer), and the waiting call sees what it did.
func TestJSCallRunsWhileAnotherAwaitsAFetch(t *testing.T) {
	s := newOutboundServer(t)
	e := newEngine(t, Options{CallTimeout: 5 * time.Second, FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Log", jsBundle("", `
class Log extends DurableObject {
  constructor(ctx, env) { super(ctx, env); this.log = []; }
  async fetchThenLog(url) {
    this.log.push("start");
    const res = await fetch(url + "/hold");
    this.log.push("head");
    this.log.push(await res.text());
    return this.log;
  }
  async release(url) { const n = this.log.push("b"); await fetch(url + "/release"); return n; }
  mark(what) { this.log.push(what); return this.log.length; }
}
return { Log };`))
	jsMust(t, e, "Log", "l", "mark", `"up"`) // the constructor has run
	done := make(chan string, 1)
	go func() {
		out, err := e.Call(context.Background(), "Log", "l", "fetchThenLog", []byte(strconv.Quote(s.URL)))
		done <- fmt.Sprintf("%s %v", out, err)
	}()
	<-s.held
	// With the gate closed, release would wait for /hold, which waits for release.
	n, err := jsCall(t, e, "Log", "l", "release", strconv.Quote(s.URL))
	if out := <-done; err != nil || n != "3" || out != `["up","start","b","head","released"] <nil>` {
		t.Errorf("release: %s %v, fetchThenLog: %s; want release to run while the fetch was in flight", n, err, out)
	}
}

// A fetch given to ctx.waitUntil goes on after the method has answered.
func TestJSFetchInWaitUntilIsMade(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	if out := jsMust(t, e, "Out", "o", "background", strconv.Quote(s.URL+"/record")); out != `"answered"` {
		t.Fatalf("background: %s", out)
	}
	select {
	case b := <-s.recorded:
		if b != "in the background" {
			t.Errorf("the server got %q", b)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the fetch given to waitUntil never came")
	}
}

// A request whose body the call left unread ends with the call: the server sees its
// client go away.
func TestJSFetchEndsWithItsCall(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	if out := jsMust(t, e, "Out", "o", "leave", strconv.Quote(s.URL+"/head-then-hold")); out != "200" {
		t.Fatalf("leave: %s", out)
	}
	select {
	case <-s.gone:
	case <-time.After(20 * time.Second):
		t.Fatal("the request outlived its call")
	}
}

// Seven fetches whose heads the script awaits before it reads any body: the seventh
// waits for a connection that the six, unread, never give back, so the least recently
// used of them is cancelled (as Cloudflare does), and reading that one's body fails.
func TestJSFetchUnreadConnectionsMakeRoom(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	want := `["TypeError: fetch: the connection was cancelled: 6 were open, none being read, and another request waited for one","read","read","read","read","read","read"]`
	if out := jsMust(t, e, "Out", "o", "headsFirst", strconv.Quote(s.URL)); out != want {
		t.Errorf("heads first: %s\nwant %s", out, want)
	}
}

// A response body is a stream: read whole it is bounded (a RangeError past 32 MiB);
// read chunk by chunk it is not.
func TestJSFetchBodyOverTheBound(t *testing.T) {
	s := newOutboundServer(t)
	e := outboundEngine(t, "127.0.0.1")
	if out := jsMust(t, e, "Out", "o", "big", strconv.Quote(s.URL)); out != `"RangeError"` {
		t.Errorf("33 MiB read whole: %s, want RangeError", out)
	}
	if out := jsMust(t, e, "Out", "o", "streamed", strconv.Quote(s.URL)); out != "true" {
		t.Errorf("33 MiB streamed: %s", out)
	}
}

// fetch at the bundle's top level, outside any call, rejects with a TypeError and
// sends nothing.
func TestJSFetchInTheGlobalScopeIsRefused(t *testing.T) {
	s := newOutboundServer(t)
	e := newEngine(t, Options{FetchAllow: []string{"127.0.0.1"}})
	script := `let top = "pending";
fetch(` + strconv.Quote(s.URL+"/status/500") + `).then(() => { top = "fetched"; }, (e) => { top = e.name + ": " + e.message; });
class Top extends DurableObject { top() { return top; } }
return { Top };`
	deployJS(t, e, "Top", jsBundle("", script))
	if out := jsMust(t, e, "Top", "t", "top", ""); !strings.HasPrefix(out, `"TypeError: fetch: not allowed in the global scope`) {
		t.Errorf("top-level fetch: %s", out)
	}
}

// A URL that does not parse, or is not http(s), is a TypeError; so is a FetchAllow
// entry that is none of its forms, at New.
func TestJSFetchBadURLIsATypeError(t *testing.T) {
	e := outboundEngine(t)
	for _, u := range []string{"not a url", "ftp://example.com/", "http://"} {
		if out := jsMust(t, e, "Out", "o", "bad", strconv.Quote(u)); out != `"TypeError"` {
			t.Errorf("fetch(%q): %s, want TypeError", u, out)
		}
	}
	if _, err := New(context.Background(), Options{DataDir: t.TempDir(), FetchAllow: []string{"10.0.0.0/99"}}); err == nil || !strings.Contains(err.Error(), `"10.0.0.0/99"`) {
		t.Errorf("New with a bad FetchAllow: %v", err)
	}
}
