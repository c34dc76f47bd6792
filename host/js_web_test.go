package host

import (
	"context"
	"log/slog"
	"strings"
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

const jsWebPlatform = `
class Platform extends DurableObject {
  events() {
    const t = new EventTarget(), seen = [], c = new AbortController();
    const obj = { handleEvent(e) { seen.push("obj:" + e.type + ":" + (e.currentTarget === t)); } };
    const f = (e) => seen.push("f:" + e.detail);
    t.addEventListener("x", f);
    t.addEventListener("x", f); // the same listener twice is one listener
    t.addEventListener("x", obj);
    t.addEventListener("x", () => seen.push("signal"), { signal: c.signal });
    t.dispatchEvent(new CustomEvent("x", { detail: 7 }));
    c.abort();
    t.removeEventListener("x", obj);
    t.dispatchEvent(new CustomEvent("x", { detail: 8 }));
    const ev = new Event("y", { cancelable: true });
    t.addEventListener("y", (e) => e.preventDefault());
    const notCanceled = t.dispatchEvent(ev);
    t.addEventListener("z", () => { throw new RangeError("in listener"); });
    t.addEventListener("z", () => seen.push("after the throw"));
    let thrown = null;
    try { t.dispatchEvent(new Event("z")); } catch (e) { thrown = e.name; }
    return { seen, notCanceled, defaultPrevented: ev.defaultPrevented, thrown };
  }
  abort() {
    const c = new AbortController(), order = [];
    c.signal.addEventListener("abort", () => order.push("listener 1"));
    c.signal.onabort = (e) => order.push("onabort " + e.type);
    c.signal.addEventListener("abort", () => order.push("listener 2"));
    c.abort();
    let reason = null;
    try { c.signal.throwIfAborted(); } catch (e) { reason = [e.name, e.message, e.code, e instanceof DOMException]; }
    let ctor = null;
    try { new AbortSignal(); } catch (e) { ctor = e.name; }
    const any = AbortSignal.any([new AbortController().signal, AbortSignal.abort("first")]);
    return { order, reason, ctor, any: any.reason };
  }
  timeoutWithoutTimers() {
    const timer = globalThis.setTimeout;
    delete globalThis.setTimeout; // what AbortSignal.timeout does where there are no timers
    try {
      const late = AbortSignal.timeout(0);
      const pending = AbortSignal.timeout(1e9);
      let wait = null;
      try { pending.addEventListener("abort", () => {}); } catch (e) { wait = e.name; }
      return { late: [late.aborted, late.reason.name], pending: pending.aborted, wait };
    } finally {
      if (timer !== undefined) globalThis.setTimeout = timer;
    }
  }
  domException() {
    const d = new DOMException("m", "DataCloneError"), plain = new DOMException();
    return { d: [d.name, d.message, d.code, d instanceof Error, String(d), Object.prototype.toString.call(d), Object.keys(d)],
      head: d.stack.split("\n")[0], plain: [plain.name, plain.message, plain.code], legacy: [DOMException.ABORT_ERR, DOMException.QUOTA_EXCEEDED_ERR, d.DATA_CLONE_ERR] };
  }
  clone() {
    const shared = { n: 1 };
    const c = structuredClone({ a: shared, b: shared, m: new Map([[shared, shared]]), errs: [new TypeError("t"), new RangeError("r"), new Error("e")],
      re: /a+/gi, f64: new Float64Array([1.5]), view: new Uint8Array([1, 2, 3]).subarray(1), sparse: [1, , 3], negZero: -0, big: 10n });
    const errors = [];
    for (const v of [Symbol("s"), { f() {} }, new WeakMap(), Promise.resolve()]) {
      try { structuredClone(v); errors.push(null); } catch (e) { errors.push([e.name, e.code]); }
    }
    class K { constructor() { this.x = 1; } }
    const k = structuredClone(new K());
    const buf = new ArrayBuffer(4);
    const moved = structuredClone(buf, { transfer: [buf] });
    return { shared: c.a === c.b && c.m.get(c.a) === c.a, errs: c.errs.map((e) => [e.constructor.name, e.message]), re: String(c.re),
      f64: c.f64 instanceof Float64Array && c.f64[0], view: [c.view.length, c.view.byteOffset, c.view.buffer.byteLength], sparse: 1 in c.sparse,
      negZero: Object.is(c.negZero, -0), big: typeof c.big, errors, plain: [k instanceof K, Object.getPrototypeOf(k) === Object.prototype, k.x],
      transfer: [buf.byteLength, moved.byteLength] };
  }
  async blob() {
    const b = new Blob(["h\u00e9", new Uint8Array([0, 255]), new Blob(["z"])], { type: "Text/HTML" });
    const f = new File(["x"], "n.txt");
    return { size: b.size, type: b.type, tail: [...await b.slice(-3).bytes()], middle: await b.slice(1, -3).text(), backwards: b.slice(3, 1).size,
      badType: new Blob([], { type: "a\u00e9" }).type, tag: String(b), file: [f.name, f.type, typeof f.lastModified, String(f)] };
  }
  async form() {
    const f = new FormData();
    f.append("blob", new Blob(["bb"], { type: "x/y" }));
    f.append("named", new File(["x"], "n.txt"), "renamed.txt");
    f.set("n", 5);
    const bin = new Uint8Array(300).map((_, i) => (i * 7) & 255);
    f.append("bin", new Blob([bin]), "b.bin");
    f.append('q"uote', "a\nb");
    const back = await new Response(f).formData();
    const got = new Uint8Array(await back.get("bin").arrayBuffer());
    const raw = "--XX\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XX\r\nContent-Disposition: form-data; name=\"f\"; filename=\"t.txt\"\r\n\r\nfile\r\n--XX--\r\n";
    const parsed = await new Response(raw, { headers: { "content-type": "multipart/form-data; boundary=XX" } }).formData();
    const errors = [];
    for (const [body, type] of [["x", "text/plain"], ["garbage", "multipart/form-data; boundary=XX"]]) {
      try { await new Response(body, { headers: { "content-type": type } }).formData(); errors.push(null); } catch (e) { errors.push(e.name); }
    }
    return { keys: [...back.keys()], blob: [back.get("blob").name, back.get("blob").type, await back.get("blob").text()],
      named: [back.get("named").name, back.get("named").type], n: back.get("n"), bin: got.length === 300 && got.every((x, i) => x === bin[i]),
      quote: back.get("q%22uote"), parsed: [parsed.get("a"), parsed.get("f").name, parsed.get("f").type, await parsed.get("f").text()], errors };
  }
  cookies() {
    const h = new Headers();
    h.append("Set-Cookie", "a=1");
    h.append("set-cookie", "b=2, x");
    h.append("x", "1");
    const one = new Headers({ "set-cookie": "c=3" });
    const reset = new Headers(h);
    reset.set("set-cookie", "d=4");
    return { apart: h.getSetCookie(), joined: h.get("set-cookie"), entries: [...h], copied: new Headers(h).getSetCookie(),
      one: one.getSetCookie(), none: new Headers().getSetCookie(), reset: [...reset] };
  }
  pattern() {
    const ex = (p, u, b) => { const m = p.exec(u, b); return m ? [m.pathname.groups, m.hostname.groups, m.search.groups] : null; };
    const s = new URLPattern("https://example.com/foo/:bar");
    return [
      ex(new URLPattern({ pathname: "/users/:id/posts/:post" }), "https://x.com/users/5/posts/9?z=1"),
      ex(new URLPattern({ pathname: "/a/:opt?" }), "https://x.com/a"),
      ex(new URLPattern({ pathname: "/a/:rest+" }), "https://x.com/a/b/c"),
      ex(new URLPattern({ pathname: "/(\\d+)" }), "https://x.com/123"),
      ex(new URLPattern({ pathname: "/books{/:id}?" }), "https://x.com/books/3"),
      ex(new URLPattern({ hostname: ":sub.example.com" }), "https://api.example.com/"),
      ex(new URLPattern({ search: "q=:q" }), "https://x.com/?q=hello"),
      ex(s, "https://example.com/foo/baz?x=1"),
      ex(new URLPattern("/foo/:bar", "https://example.com"), "https://example.com/foo/qq"),
      ex(new URLPattern({ pathname: "/X" }, { ignoreCase: true }), "https://a.com/x"),
      ex(new URLPattern("http{s}?://example.com/"), "http://example.com/"),
      [s.protocol, s.hostname, s.port, s.pathname, s.search, s.hash],
    ];
  }
  timeoutWithTimer() {
    const timer = globalThis.setTimeout;
    const delays = [];
    globalThis.setTimeout = (f, ms) => { delays.push(ms); f(); return 1; }; // a timer that fires at once
    try {
      const s = AbortSignal.timeout(25);
      return { delays, aborted: s.aborted, reason: s.reason.name, code: s.reason.code };
    } finally {
      if (timer === undefined) delete globalThis.setTimeout; else globalThis.setTimeout = timer;
    }
  }
  redirects() {
    const threw = (f) => { try { f(); return null; } catch (e) { return e.name; } };
    return { manual: new Request("https://x/", { redirect: "manual" }).redirect, copied: new Request(new Request("https://x/", { redirect: "manual" })).redirect,
      badMode: [threw(() => new Request("https://x/", { redirect: "error" })), threw(() => new Request("https://x/", { redirect: "sometimes" }))], location: Response.redirect("https://x/a/../b", 301).headers.get("location"),
      reset205: threw(() => new Response("x", { status: 205 })), empty204: new Response(null, { status: 204 }).status };
  }
  async fetch(request) { return Response.json([request.signal instanceof AbortSignal, request.signal.aborted, request.redirect]); }
  signals() {
    const c = new AbortController();
    const given = new Request("https://x/", { signal: c.signal });
    c.abort("stop");
    return { plain: new Request("https://x/").signal.aborted,
      given: [given.signal === c.signal, new Request(given).signal.reason], bad: (() => { try { new Request("https://x/", { signal: {} }); return null; } catch (e) { return e.name; } })() };
  }
  errors() {
    let btoa_ = null, random = null;
    try { btoa("\u20ac"); } catch (e) { btoa_ = [e.name, e.code]; }
    try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { random = [e.name, e.code]; }
    return { btoa: btoa_, random, userAgent: navigator.userAgent };
  }
}
return { Platform };`

// The web platform of runtime.js answers as workerd does (each answer below but
// those of the two timeout methods, which replace setTimeout, is workerd's): events
// with once, signal and handleEvent, AbortSignal's abort order, AbortSignal.timeout
// through globalThis.setTimeout and without it, DOMException's codes, structuredClone's
// copies and refusals, Blob slices, FormData through multipart both ways, Set-Cookie
// values kept apart, URLPattern's groups, and the redirect rules of Request and
// Response.
func TestJSWebPlatformAnswersAsWorkerd(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Platform", jsBundle("", jsWebPlatform))
	for _, c := range []struct{ method, want string }{
		{"events", `{"seen":["f:7","obj:x:true","signal","f:8"],"notCanceled":false,"defaultPrevented":true,"thrown":"RangeError"}`},
		{"abort", `{"order":["listener 1","onabort abort","listener 2"],"reason":["AbortError","The operation was aborted",20,true],"ctor":"TypeError","any":"first"}`},
		// Not workerd's (it has timers): without them a timeout's signal aborts once it
		// is looked at after its deadline, and waiting for its event throws.
		{"timeoutWithoutTimers", `{"late":[true,"TimeoutError"],"pending":false,"wait":"TypeError"}`},
		{"domException", `{"d":["DataCloneError","m",25,true,"DataCloneError: m","[object DOMException]",["code","name","message","stack"]],"head":"DataCloneError: m",` +
			`"plain":["Error","",0],"legacy":[20,22,25]}`},
		{"clone", `{"shared":true,"errs":[["TypeError","t"],["RangeError","r"],["Error","e"]],"re":"/a+/gi","f64":1.5,"view":[2,1,3],` +
			`"sparse":false,"negZero":true,"big":"bigint","errors":[["DataCloneError",25],["DataCloneError",25],["DataCloneError",25],["DataCloneError",25]],` +
			`"plain":[false,true,1],"transfer":[0,4]}`},
		{"blob", `{"size":6,"type":"text/html","tail":[0,255,122],"middle":"é","backwards":0,"badType":"","tag":"[object Blob]","file":["n.txt","","number","[object File]"]}`},
		{"form", `{"keys":["blob","named","n","bin","q%22uote"],"blob":["blob","x/y","bb"],"named":["renamed.txt","application/octet-stream"],"n":"5","bin":true,` +
			`"quote":"a\nb","parsed":["1","t.txt","","file"],"errors":["TypeError","TypeError"]}`},
		{"cookies", `{"apart":["a=1","b=2, x"],"joined":"a=1, b=2, x","entries":[["set-cookie","a=1"],["set-cookie","b=2, x"],["x","1"]],` +
			`"copied":["a=1","b=2, x"],"one":["c=3"],"none":[],"reset":[["set-cookie","d=4"],["x","1"]]}`},
		{"pattern", `[[{"id":"5","post":"9"},{"0":"x.com"},{"0":"z=1"}],[{"opt":""},{"0":"x.com"},{"0":""}],[{"rest":"b/c"},{"0":"x.com"},{"0":""}],` +
			`[{"0":"123"},{"0":"x.com"},{"0":""}],[{"id":"3"},{"0":"x.com"},{"0":""}],[{"0":"/"},{"sub":"api"},{"0":""}],[{"0":"/"},{"0":"x.com"},{"q":"hello"}],` +
			`null,[{"bar":"qq"},{},{}],[{},{"0":"a.com"},{"0":""}],[{},{},{}],["https","example.com","","/foo/:bar","",""]]`},
		{"timeoutWithTimer", `{"delays":[25],"aborted":true,"reason":"TimeoutError","code":23}`},
		{"redirects", `{"manual":"manual","copied":"manual","badMode":["TypeError","TypeError"],"location":"https://x/b","reset205":"TypeError","empty204":204}`},
		{"signals", `{"plain":false,"given":[true,"stop"],"bad":"TypeError"}`},
		{"errors", `{"btoa":["InvalidCharacterError",5],"random":["QuotaExceededError",22],"userAgent":"Cloudflare-Workers"}`},
	} {
		if out := jsMust(t, e, "Platform", "p", c.method, ""); out != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.method, out, c.want)
		}
	}
	resp, err := e.Fetch(context.Background(), "Platform", "p", FetchRequest{Method: "GET", URL: "/"})
	if err != nil || string(resp.Body) != `[true,false,"follow"]` {
		t.Errorf("a request from the host: signal and redirect %q %v", resp.Body, err)
	}
}

const jsCache = `
class Cached extends DurableObject {
  async put(a) {
    await caches.default.put(a.url, new Response(a.body, { status: a.status || 200, headers: a.headers }));
    return null;
  }
  async match(a) {
    const c = a.name === undefined ? caches.default : await caches.open(a.name);
    const r = await c.match(a.method ? new Request(a.url, { method: a.method, body: "x", headers: a.reqHeaders }) : new Request(a.url, { headers: a.reqHeaders }), a.options);
    return r === undefined ? null : { status: r.status, body: await r.text(), headers: [...r.headers] };
  }
  async del(a) { return caches.default.delete(a.url); }
  async named() {
    const a = await caches.open("a");
    await a.put("https://x/n", new Response("in a", { headers: { "cache-control": "max-age=60" } }));
    const inA = await (await caches.open("a")).match("https://x/n");
    return [await inA.text(), await caches.default.match("https://x/n") === undefined, await (await caches.open("b")).match("https://x/n") === undefined];
  }
}
return { Cached };`

// caches.default and caches.open keep responses in the node's cache as Cloudflare's
// cache does: for s-maxage, else max-age, else until Expires, never with no-store,
// private or Set-Cookie (unless private=Set-Cookie, which keeps it without the cookie);
// a match has cf-cache-status: HIT and answers 304 to an If-None-Match of its ETag, or
// without one to an If-Modified-Since no earlier than its Last-Modified; a
// non-GET matches only with ignoreMethod; every object of the engine sees the same
// cache, and each named cache is apart.
func TestJSCacheHonoursCacheControl(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Cached", jsBundle("", jsCache))
	put := func(url, headers string) {
		t.Helper()
		jsMust(t, e, "Cached", "writer", "put", `{"url":"`+url+`","body":"b:`+url+`","headers":`+headers+`}`)
	}
	match := func(url, extra string) string {
		t.Helper()
		return jsMust(t, e, "Cached", "reader", "match", `{"url":"`+url+`"`+extra+`}`)
	}
	put("https://x/max-age", `{"cache-control":"max-age=60","etag":"\"v1\""}`)
	put("https://x/no-store", `{"cache-control":"no-store, max-age=60"}`)
	put("https://x/private", `{"cache-control":"private, max-age=60"}`)
	put("https://x/cookie", `{"cache-control":"max-age=60","set-cookie":"a=1"}`)
	put("https://x/private-cookie", `{"cache-control":"max-age=60, private=Set-Cookie","set-cookie":"a=1"}`)
	put("https://x/s-maxage-0", `{"cache-control":"max-age=60, s-maxage=0"}`)
	put("https://x/expired", `{"expires":"Thu, 01 Jan 1970 00:00:00 GMT"}`)
	put("https://x/expires", `{"expires":"Fri, 01 Jan 2100 00:00:00 GMT"}`)
	put("https://x/default", `{}`)
	put("https://x/modified", `{"last-modified":"Wed, 01 Jan 2020 00:00:00 GMT"}`)
	for _, c := range []struct{ url, extra, want string }{
		{"https://x/max-age", "", `{"status":200,"body":"b:https://x/max-age","headers":[["cache-control","max-age=60"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["etag","\"v1\""]]}`},
		{"https://X/max-age#fragment", "", `{"status":200,"body":"b:https://x/max-age","headers":[["cache-control","max-age=60"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["etag","\"v1\""]]}`},
		{"https://x/max-age", `,"reqHeaders":{"if-none-match":"W/\"v1\""}`, `{"status":304,"body":"","headers":[["cache-control","max-age=60"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["etag","\"v1\""]]}`},
		{"https://x/max-age", `,"method":"POST"`, `null`},
		{"https://x/max-age", `,"method":"POST","options":{"ignoreMethod":true}`, `{"status":200,"body":"b:https://x/max-age","headers":[["cache-control","max-age=60"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["etag","\"v1\""]]}`},
		{"https://x/max-age?q", "", `null`},
		{"https://x/no-store", "", `null`},
		{"https://x/private", "", `null`},
		{"https://x/cookie", "", `null`},
		{"https://x/private-cookie", "", `{"status":200,"body":"b:https://x/private-cookie","headers":[["cache-control","max-age=60, private=Set-Cookie"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"]]}`},
		{"https://x/s-maxage-0", "", `null`},
		{"https://x/expired", "", `null`},
		{"https://x/expires", "", `{"status":200,"body":"b:https://x/expires","headers":[["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["expires","Fri, 01 Jan 2100 00:00:00 GMT"]]}`},
		{"https://x/default", "", `{"status":200,"body":"b:https://x/default","headers":[["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"]]}`},
		{"https://x/max-age", `,"name":"other"`, `null`},
		{"https://x/modified", `,"reqHeaders":{"if-modified-since":"Thu, 02 Jan 2020 00:00:00 GMT"}`, `{"status":304,"body":"","headers":[["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["last-modified","Wed, 01 Jan 2020 00:00:00 GMT"]]}`},
		{"https://x/modified", `,"reqHeaders":{"if-modified-since":"Tue, 31 Dec 2019 00:00:00 GMT"}`, `{"status":200,"body":"b:https://x/modified","headers":[["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["last-modified","Wed, 01 Jan 2020 00:00:00 GMT"]]}`},
		{"https://x/max-age", `,"reqHeaders":{"if-none-match":"\"v2\"","if-modified-since":"Fri, 01 Jan 2100 00:00:00 GMT"}`, `{"status":200,"body":"b:https://x/max-age","headers":[["cache-control","max-age=60"],["cf-cache-status","HIT"],["content-type","text/plain;charset=UTF-8"],["etag","\"v1\""]]}`},
	} {
		if got := match(c.url, c.extra); got != c.want {
			t.Errorf("match %s%s:\n got %s\nwant %s", c.url, c.extra, got, c.want)
		}
	}
	if got := jsMust(t, e, "Cached", "reader", "del", `{"url":"https://x/max-age"}`); got != "true" {
		t.Errorf("delete of a kept response: %s", got)
	}
	if got := jsMust(t, e, "Cached", "reader", "del", `{"url":"https://x/max-age"}`); got != "false" {
		t.Errorf("delete of a deleted response: %s", got)
	}
	if got := match("https://x/max-age", ""); got != "null" {
		t.Errorf("match after delete: %s", got)
	}
	if got := jsMust(t, e, "Cached", "reader", "named", ""); got != `["in a",true,true]` {
		t.Errorf("named caches: %s", got)
	}

	off := newEngine(t, Options{CacheBytes: -1})
	deployJS(t, off, "Cached", jsBundle("", jsCache))
	jsMust(t, off, "Cached", "writer", "put", `{"url":"https://x/a","body":"b","headers":{"cache-control":"max-age=60"}}`)
	if got := jsMust(t, off, "Cached", "reader", "match", `{"url":"https://x/a"}`); got != "null" {
		t.Errorf("a cache of negative size kept a response: %s", got)
	}
}

const jsPorts = `
class Ports extends DurableObject {
  async throwing() {
    const seen = [];
    const { port1, port2 } = new MessageChannel();
    port2.onmessage = (e) => { seen.push(e.data); if (e.data === "a") throw new RangeError("in onmessage"); };
    port1.postMessage("a");
    port1.postMessage("b");
    await new Promise((resolve) => setTimeout(resolve, 5));
    reportError(new Error("reported"));
    return { seen, onmessage: typeof port2.onmessage };
  }
  async unset() {
    const seen = [];
    const { port1, port2 } = new MessageChannel();
    port2.onmessage = (e) => seen.push("first:" + e.data);
    port2.onmessage = null; // no listener: the message waits
    port1.postMessage(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    port2.onmessage = (e) => seen.push("second:" + e.data);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return seen;
  }
}
return { Ports };`

// A MessagePort handler that throws is logged as uncaught and stops neither the call
// nor the next message; setting onmessage to null leaves messages waiting for the next
// handler; reportError logs without throwing.
func TestJSMessagePortHandlerThrowIsLogged(t *testing.T) {
	var w syncWriter
	e := newEngine(t, Options{Logger: slog.New(slog.NewTextHandler(&w, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	deployJS(t, e, "Ports", jsBundle("", jsPorts))
	if out := jsMust(t, e, "Ports", "p", "throwing", ""); out != `{"seen":["a","b"],"onmessage":"function"}` {
		t.Errorf("throwing handler: %s", out)
	}
	for _, text := range []string{"RangeError: in onmessage", "Error: reported"} {
		if !strings.Contains(w.String(), text) {
			t.Errorf("%q is in no log", text)
		}
	}
	if out := jsMust(t, e, "Ports", "p", "unset", ""); out != `["second:1"]` {
		t.Errorf("onmessage set to null and again: %s", out)
	}
}
