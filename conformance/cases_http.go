package conformance

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// The http cases: Request, Response, Headers and URL as a Worker and a Durable Object
// see them (fixtures/http). Most requests go through the Worker to the object's fetch
// with stub.fetch; the inspect-* routes have the Worker read the object's response and
// answer what it saw.

const (
	docRequest  = "https://developers.cloudflare.com/workers/runtime-apis/request/"
	docResponse = "https://developers.cloudflare.com/workers/runtime-apis/response/"
	docHeaders  = "https://developers.cloudflare.com/workers/runtime-apis/headers/"
	docWebAPIs  = "https://developers.cloudflare.com/workers/runtime-apis/web-standards/"
	docDOFetch  = "https://developers.cloudflare.com/durable-objects/best-practices/create-durable-object-stubs-and-send-requests/"
)

// chttpBinary is a body with bytes that are not UTF-8.
const chttpBinary = "\x00\x01\xff\xfe\x80binary\x00"

// chttpLarge is a 1 MiB request body.
var chttpLarge = strings.Repeat("a", 1<<20)

// chttpFNV1a is the 32-bit FNV-1a hash of s as 8 hex digits, as the fixture answers it.
func chttpFNV1a(s string) string {
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}

// chttpLargeResponse is the FNV-1a hash of the 1 MiB the object answers: byte i is i % 251.
func chttpLargeResponse() string {
	b := make([]byte, 1<<20)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return chttpFNV1a(string(b))
}

func chttpMethodCase(method string) Case {
	return Case{
		Name:    "http/method-" + strings.ToLower(method),
		Fixture: "http",
		Doc:     "A " + method + " request reaches the object's fetch with request.method \"" + method + "\" and its body. " + docRequest,
		Steps:   []Request{{Method: method, Path: "/method/{obj}", Body: "b", Keep: []string{"x-method"}}},
		Check:   all(status(0, 200), body(0, `{"method":"`+method+`","body":"b"}`), header(0, "x-method", method)),
		Wrong: Observation{{Status: 200, Headers: map[string]string{"x-method": "GET"},
			Body: decodeJSON(`{"method":"GET","body":""}`)}},
	}
}

func chttpRedirectCase(status, want string) Case {
	q := ""
	loc := "https://example.com/default"
	if status != "" {
		q = "?status=" + status
		loc = "https://example.com/next?x=1"
	}
	name := "http/redirect-" + want
	rule := "Response.redirect(url, " + status + ") answers status " + want + " with location url"
	if status == "" {
		name, rule = "http/redirect-default-302", "Response.redirect(url) with no status answers 302"
	}
	return Case{
		Name:    name,
		Fixture: "http",
		Doc:     rule + "; a stub.fetch with redirect: \"manual\" hands it back unfollowed. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-redirect/{obj}" + q)},
		Check:   body(0, `{"status":`+want+`,"location":"`+loc+`","redirected":false}`),
		Wrong:   crpcBodies(`{"status":200,"location":null,"redirected":true}`),
	}
}

var _ = register(
	Case{
		Name:    "http/request-seen-by-object",
		Fixture: "http",
		Doc:     "stub.fetch(request) gives the object the client's method, path, query and body. " + docDOFetch,
		Steps: []Request{{Method: "POST", Path: "/request/{obj}/extra?x=1", Body: "body text",
			Headers: map[string]string{"X-Mixed-Case": "Hello"}}},
		Check: all(field(0, "method", `"POST"`), field(0, "search", `"?x=1"`), field(0, "body", `"body text"`),
			func(o Observation) error {
				p, _ := lookup(o[0].Body, "pathname")
				if s, _ := p.(string); !strings.HasPrefix(s, "/request/") || !strings.HasSuffix(s, "/extra") {
					return fmt.Errorf("pathname %v, want /request/<obj>/extra", short(p))
				}
				return nil
			}),
		Wrong:     crpcBodies(`{"method":"GET","pathname":"/","search":"","mixed":"Hello","upper":"Hello","has":true,"missing":null,"body":""}`),
		MayDiffer: []string{"0.body.pathname"},
	},
	Case{
		Name:    "http/header-names-case-insensitive",
		Fixture: "http",
		Doc:     "Header names are case-insensitive: get(\"x-mixed-case\") and get(\"X-MIXED-CASE\") both find X-Mixed-Case, and a header not sent is null. " + docHeaders,
		Steps: []Request{{Method: "POST", Path: "/request/{obj}", Body: "",
			Headers: map[string]string{"X-Mixed-Case": "Hello"}}},
		Check:     all(field(0, "mixed", `"Hello"`), field(0, "upper", `"Hello"`), field(0, "has", "true"), field(0, "missing", "null")),
		Wrong:     crpcBodies(`{"mixed":"Hello","upper":null,"has":false,"missing":null}`),
		MayDiffer: []string{"0.body.pathname"},
	},
	chttpMethodCase("POST"),
	chttpMethodCase("PUT"),
	chttpMethodCase("DELETE"),
	chttpMethodCase("PATCH"),
	chttpMethodCase("OPTIONS"),
	Case{
		Name:    "http/method-head",
		Fixture: "http",
		Doc:     "A HEAD request reaches the object as HEAD; its response headers reach the client, with no body. " + docRequest,
		Steps:   []Request{{Method: "HEAD", Path: "/method/{obj}", Keep: []string{"x-method"}}},
		Check:   all(status(0, 200), header(0, "x-method", "HEAD"), body(0, "")),
		Wrong:   Observation{{Status: 200, Headers: map[string]string{"x-method": "GET"}, Body: ""}},
	},
	Case{
		Name:    "http/query-params",
		Fixture: "http",
		Doc:     "url.searchParams decodes the query: repeated keys (getAll), %20 and + as spaces, %2B as +, UTF-8 percent-escapes, an empty value, an absent key as null; url.search keeps the raw query. " + docWebAPIs,
		Steps:   []Request{crpcGet("/query/{obj}?a=1&a=2&b=%20x+y%2B&c=%E2%9C%93&empty=&k%C3%A9=1")},
		Check: body(0, `{"a":["1","2"],"b":" x y+","c":"✓","none":null,"empty":"","has":true,`+
			`"keys":["a","a","b","c","empty","ké"],"search":"?a=1&a=2&b=%20x+y%2B&c=%E2%9C%93&empty=&k%C3%A9=1"}`),
		Wrong: crpcBodies(`{"a":["2"],"b":"%20x+y%2B","c":"✓","none":null,"empty":"","has":true,` +
			`"keys":["a","b","c","empty","ké"],"search":"?a=1&a=2&b=%20x+y%2B&c=%E2%9C%93&empty=&k%C3%A9=1"}`),
	},
	Case{
		Name:    "http/url-parsing",
		Fixture: "http",
		Doc:     "new URL parses by the WHATWG URL standard: credentials, port, dot segments removed, escapes kept in pathname, hash, origin, relative resolution, the default port elided. " + docWebAPIs,
		Steps:   []Request{crpcGet("/url/{obj}")},
		Check: body(0, `{"protocol":"https:","username":"user","password":"pw","host":"example.com:8443",`+
			`"hostname":"example.com","port":"8443","pathname":"/a/c%20d","search":"?x=1&y=%E2%9C%93","hash":"#frag",`+
			`"origin":"https://example.com:8443","y":"✓","rel":"https://example.com/one/up?q","defaultPort":"","canParse":false}`),
		Wrong: crpcBodies(`{"protocol":"https:","username":"user","password":"pw","host":"example.com:8443",` +
			`"hostname":"example.com","port":"8443","pathname":"/a/./b/../c d","search":"?x=1&y=%E2%9C%93","hash":"#frag",` +
			`"origin":"https://example.com:8443","y":"✓","rel":"https://example.com/up?q","defaultPort":"443","canParse":false}`),
	},
	Case{
		Name:    "http/invalid-url-throws",
		Fixture: "http",
		Doc:     "new URL of a string that is not an absolute URL throws a TypeError. " + docWebAPIs,
		Steps:   []Request{crpcGet("/invalid-url/{obj}")},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "http/searchparams-sort-encode",
		Fixture: "http",
		Doc:     "URLSearchParams.sort is stable by key, toString encodes space as + and & as %26 and UTF-8 as escapes, size counts entries. " + docWebAPIs,
		Steps:   []Request{crpcGet("/searchparams/{obj}")},
		Check:   body(0, `{"sorted":"a=2&b=x+y%26z&z=1&z=3","fromObj":"k=v&sp+ace=%C3%A9","size":4}`),
		Wrong:   crpcBodies(`{"sorted":"a=2&b=x%20y&z&z=1&z=3","fromObj":"k=v&sp%20ace=%C3%A9","size":3}`),
	},
	Case{
		Name:    "http/headers-iteration",
		Fixture: "http",
		Doc:     "workerd: iterating Headers yields lowercase names in sorted order, appended values of one name combined with \", \", set replacing earlier values.",
		Steps:   []Request{crpcGet("/headers/{obj}")},
		Check:   body(0, `{"entries":[["content-type","text/plain"],["x-a","1, again"],["x-b","2"],["x-c","4"]],"a":"1, again","c":"4"}`),
		Wrong:   crpcBodies(`{"entries":[["X-B","2"],["x-a","1"],["X-A","again"],["x-c","4"],["Content-Type","text/plain"]],"a":"1","c":"4"}`),
	},
	Case{
		Name:    "http/headers-getsetcookie",
		Fixture: "http",
		Doc:     "Headers.getSetCookie returns each Set-Cookie value apart (a comma inside one stays), while get joins them; iteration yields set-cookie once per value. " + docHeaders,
		Steps:   []Request{crpcGet("/getsetcookie/{obj}")},
		Check: body(0, `{"getSetCookie":["a=1; Path=/","b=2, with comma; HttpOnly"],"get":"a=1; Path=/, b=2, with comma; HttpOnly",`+
			`"entries":[["set-cookie","a=1; Path=/"],["set-cookie","b=2, with comma; HttpOnly"]]}`),
		Wrong: crpcBodies(`{"getSetCookie":["a=1; Path=/","b=2","with comma; HttpOnly"],"get":"a=1; Path=/, b=2, with comma; HttpOnly",` +
			`"entries":[["set-cookie","a=1; Path=/, b=2, with comma; HttpOnly"]]}`),
	},
	Case{
		Name:    "http/invalid-header-throws",
		Fixture: "http",
		Doc:     "Headers.set with a name that is not a token, or a value holding a newline, throws a TypeError. " + docHeaders,
		Steps:   []Request{crpcGet("/invalid-header/{obj}")},
		Check:   body(0, `{"name":"TypeError","value":"TypeError"}`),
		Wrong:   crpcBodies(`{"name":null,"value":null}`),
	},
	Case{
		Name:    "http/response-headers-reach-client",
		Fixture: "http",
		Doc:     "The status and headers of the object's Response reach the client through the Worker's stub.fetch. " + docResponse,
		Steps:   []Request{{Method: "GET", Path: "/response-headers/{obj}", Keep: []string{"x-custom", "cache-control", "content-type"}}},
		Check: all(status(0, 201), body(0, `{"ok":true}`), header(0, "x-custom", "from the object"),
			header(0, "cache-control", "no-store"), header(0, "content-type", "application/json")),
		Wrong: Observation{{Status: 200, Headers: map[string]string{"content-type": "application/json"}, Body: decodeJSON(`{"ok":true}`)}},
	},
	Case{
		Name:    "http/set-cookie-multiple",
		Fixture: "http",
		Doc:     "Two Set-Cookie headers the object appends arrive as two values: the Worker's getSetCookie on the object's response returns both. " + docHeaders,
		Steps:   []Request{crpcGet("/inspect-set-cookie/{obj}")},
		Check:   body(0, `{"getSetCookie":["first=1; Path=/","second=2; Path=/; HttpOnly"],"status":200}`),
		Wrong:   crpcBodies(`{"getSetCookie":["second=2; Path=/; HttpOnly"],"status":200}`),
	},
	Case{
		Name:    "http/set-cookie-reaches-client",
		Fixture: "http",
		Doc:     "Both Set-Cookie headers the object appends reach the client as two header lines. " + docHeaders,
		Steps:   []Request{{Method: "GET", Path: "/set-cookie/{obj}", Keep: []string{"set-cookie"}}},
		Check:   all(status(0, 200), header(0, "set-cookie", "first=1; Path=/, second=2; Path=/; HttpOnly")),
		Wrong: Observation{{Status: 200, Headers: map[string]string{"set-cookie": "second=2; Path=/; HttpOnly"},
			Body: decodeJSON(`{"ok":true}`)}},
	},
	Case{
		Name:    "http/status-text",
		Fixture: "http",
		Doc:     "A Response's status and statusText reach the caller of stub.fetch; ok is false outside 200-299. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-status/{obj}?code=418&text=I%27m%20a%20teapot")},
		Check:   body(0, `{"status":418,"statusText":"I'm a teapot","ok":false}`),
		Wrong:   crpcBodies(`{"status":418,"statusText":"","ok":false}`),
	},
	Case{
		Name:    "http/status-text-custom",
		Fixture: "http",
		Doc:     "A statusText of the object's own, not the status's standard reason phrase, reaches the caller of stub.fetch as it is. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-status/{obj}?code=418&text=Short%20and%20stout")},
		Check:   body(0, `{"status":418,"statusText":"Short and stout","ok":false}`),
		Wrong:   crpcBodies(`{"status":418,"statusText":"I'm a teapot","ok":false}`),
	},
	Case{
		Name:    "http/status-text-default",
		Fixture: "http",
		Doc:     "workerd: a Response the object made without a statusText reaches the caller of stub.fetch with the status's standard reason phrase (over HTTP), not \"\". " + docResponse,
		Steps:   []Request{crpcGet("/inspect-status-no-text/{obj}?code=201")},
		Check:   body(0, `{"status":201,"statusText":"Created","ok":true}`),
		Wrong:   crpcBodies(`{"status":201,"statusText":"","ok":true}`),
	},
	Case{
		Name:    "http/status-reaches-client",
		Fixture: "http",
		Doc:     "The object's status (418) is the status the client gets. " + docResponse,
		Steps:   []Request{crpcGet("/status/{obj}?code=418")},
		Check:   all(status(0, 418), body(0, `{"code":418}`)),
		Wrong:   Observation{{Status: 200, Body: decodeJSON(`{"code":418}`)}},
	},
	Case{
		Name:    "http/status-204-no-body",
		Fixture: "http",
		Doc:     "A 204 response with a null body reaches the client as 204 with an empty body. " + docResponse,
		Steps:   []Request{crpcGet("/status/{obj}?code=204")},
		Check:   all(status(0, 204), body(0, "")),
		Wrong:   Observation{{Status: 200, Body: ""}},
	},
	Case{
		Name:    "http/bad-status-throws",
		Fixture: "http",
		Doc:     "new Response with a status outside 200-599 throws a RangeError; a body with status 204 throws a TypeError. " + docResponse,
		Steps:   []Request{crpcGet("/bad-status/{obj}")},
		Check:   body(0, `{"low":"RangeError","high":"RangeError","bodyOn204":"TypeError"}`),
		Wrong:   crpcBodies(`{"low":null,"high":null,"bodyOn204":null}`),
	},
	chttpRedirectCase("301", "301"),
	chttpRedirectCase("307", "307"),
	chttpRedirectCase("308", "308"),
	chttpRedirectCase("", "302"),
	Case{
		Name:    "http/redirect-reaches-client",
		Fixture: "http",
		Doc:     "A redirect the object answers reaches the client as that status with its location: the Worker's stub.fetch(request) does not follow it. " + docResponse,
		Steps:   []Request{{Method: "GET", Path: "/redirect/{obj}?status=303", Keep: []string{"location"}}},
		Check:   all(status(0, 303), header(0, "location", "https://example.com/next?x=1")),
		Wrong:   Observation{{Status: 404, Body: decodeJSON(`{"error":"no such op","op":"next"}`)}},
	},
	Case{
		Name:    "http/bad-redirect-throws",
		Fixture: "http",
		Doc:     "Response.redirect with a status that is not a redirect throws a RangeError; with a relative URL (no base in a Worker) a TypeError. " + docResponse,
		Steps:   []Request{crpcGet("/bad-redirect/{obj}")},
		Check:   body(0, `{"status200":"RangeError","relative":"TypeError"}`),
		Wrong:   crpcBodies(`{"status200":null,"relative":null}`),
	},
	Case{
		Name:    "http/response-json",
		Fixture: "http",
		Doc:     "Response.json(value, init) sets content-type application/json, keeps the init's status and headers, and its body parses back to value. " + docResponse,
		Steps:   []Request{crpcGet("/response-json/{obj}")},
		Check:   body(0, `{"status":202,"type":"application/json","extra":"1","body":{"a":[1,"b"]}}`),
		Wrong:   crpcBodies(`{"status":200,"type":"text/plain;charset=UTF-8","extra":null,"body":{"a":[1,"b"]}}`),
	},
	Case{
		Name:    "http/client-content-type",
		Fixture: "http",
		Doc:     "The content-type Response.json sets reaches the client. " + docResponse,
		Steps:   []Request{{Method: "POST", Path: "/json-body/{obj}", Body: `{"x":1}`, Keep: []string{"content-type"}}},
		Check:   all(status(0, 200), header(0, "content-type", "application/json")),
		Wrong:   Observation{{Status: 200, Headers: map[string]string{"content-type": "text/plain;charset=UTF-8"}, Body: decodeJSON(`{"parsed":{"x":1}}`)}},
	},
	Case{
		Name:    "http/request-json",
		Fixture: "http",
		Doc:     "request.json() parses the body: nested arrays, null, exponents. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/json-body/{obj}", `{"a":[1,{"b":null}],"n":-1.5e3}`)},
		Check:   body(0, `{"parsed":{"a":[1,{"b":null}],"n":-1500}}`),
		Wrong:   crpcBodies(`{"parsed":{"a":[1,{}],"n":-1500}}`),
	},
	Case{
		Name:    "http/request-bad-json",
		Fixture: "http",
		Doc:     "request.json() of a body that is not JSON rejects with a SyntaxError. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/bad-json/{obj}", `{bad`)},
		Check:   body(0, `{"error":"SyntaxError"}`),
		Wrong:   crpcBodies(`{"error":"TypeError"}`),
	},
	Case{
		Name:    "http/body-read-twice",
		Fixture: "http",
		Doc:     "A body is read once: bodyUsed turns true, and a second text() rejects with a TypeError. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/read-twice/{obj}", "abc")},
		Check:   body(0, `{"before":false,"first":"abc","after":true,"second":"TypeError"}`),
		Wrong:   crpcBodies(`{"before":false,"first":"abc","after":false,"second":null}`),
	},
	Case{
		Name:    "http/body-clone",
		Fixture: "http",
		Doc:     "request.clone() and response.clone() give bodies that read the same bytes as the originals. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/clone/{obj}", "abc")},
		Check:   body(0, `{"a":"abc","b":"abc","r":"response body","rc":"response body"}`),
		Wrong:   crpcBodies(`{"a":"abc","b":"","r":"response body","rc":""}`),
	},
	Case{
		Name:    "http/body-arraybuffer",
		Fixture: "http",
		Doc:     "request.arrayBuffer() gives the body's bytes exactly, bytes that are not UTF-8 included. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/arraybuffer/{obj}", chttpBinary)},
		Check:   body(0, `{"length":12,"hex":"0001fffe8062696e61727900"}`),
		Wrong:   crpcBodies(`{"length":16,"hex":"0001efbfbdefbfbdefbfbd62696e6172"}`),
	},
	Case{
		Name:    "http/binary-echo",
		Fixture: "http",
		Doc:     "A binary body passed from the Worker to the object and answered back arrives byte for byte. " + docDOFetch,
		Steps:   []Request{crpcDo("POST", "/inspect-binary/{obj}", chttpBinary)},
		Check:   body(0, `{"length":12,"fnv1a":"`+chttpFNV1a(chttpBinary)+`","head":"0001fffe8062696e61727900"}`),
		Wrong:   crpcBodies(`{"length":18,"fnv1a":"00","head":"0001efbfbdefbfbdefbfbd62696e6172"}`),
	},
	Case{
		Name:    "http/large-request-body",
		Fixture: "http",
		Doc:     "A 1 MiB request body reaches the object whole (Workers accept request bodies up to 100 MB). https://developers.cloudflare.com/workers/platform/limits/",
		Steps:   []Request{crpcDo("POST", "/large/{obj}", chttpLarge)},
		Check:   body(0, `{"length":1048576,"fnv1a":"`+chttpFNV1a(chttpLarge)+`"}`),
		Wrong:   crpcBodies(`{"length":65536,"fnv1a":"` + chttpFNV1a(chttpLarge[:65536]) + `"}`),
	},
	Case{
		Name:    "http/large-response-body",
		Fixture: "http",
		Doc:     "A 1 MiB response body from the object reaches the Worker whole. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-large-response/{obj}")},
		Check:   body(0, `{"length":1048576,"fnv1a":"`+chttpLargeResponse()+`"}`),
		Wrong:   crpcBodies(`{"length":1048576,"fnv1a":"` + chttpFNV1a(chttpLarge) + `"}`),
	},
	Case{
		Name:    "http/empty-body-post",
		Fixture: "http",
		Doc:     "A POST with no body reads as the empty string. " + docRequest,
		Steps:   []Request{crpcDo("POST", "/empty/{obj}", "")},
		Check:   body(0, `{"length":0,"method":"POST"}`),
		Wrong:   crpcBodies(`{"length":4,"method":"POST"}`),
	},
	Case{
		Name:    "http/empty-body-put",
		Fixture: "http",
		Doc:     "A PUT with no body reads as the empty string. " + docRequest,
		Steps:   []Request{crpcDo("PUT", "/empty/{obj}", "")},
		Check:   body(0, `{"length":0,"method":"PUT"}`),
		Wrong:   crpcBodies(`{"length":0,"method":"POST"}`),
	},
	Case{
		Name:    "http/empty-response",
		Fixture: "http",
		Doc:     "A Response with a null body reads as the empty string and keeps its headers. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-empty-response/{obj}")},
		Check:   body(0, `{"status":200,"text":"","empty":"yes"}`),
		Wrong:   crpcBodies(`{"status":200,"text":"null","empty":"yes"}`),
	},
	Case{
		Name:    "http/new-request",
		Fixture: "http",
		Doc:     "new Request(url, init) upper-cases a standard method, keeps url, headers and body, and defaults redirect to \"follow\". " + docRequest,
		Steps:   []Request{crpcGet("/new-request/{obj}")},
		Check:   body(0, `{"method":"POST","url":"https://example.com/p?q=1","a":"1","body":"payload","redirect":"follow"}`),
		Wrong:   crpcBodies(`{"method":"post","url":"https://example.com/p?q=1","a":"1","body":"payload","redirect":"manual"}`),
	},
	Case{
		Name:    "http/get-with-body-throws",
		Fixture: "http",
		Doc:     "new Request with method GET and a body throws a TypeError. " + docRequest,
		Steps:   []Request{crpcGet("/get-with-body/{obj}")},
		Check:   body(0, `{"error":"TypeError"}`),
		Wrong:   crpcBodies(`{"error":null}`),
	},
	Case{
		Name:    "http/utf8-text",
		Fixture: "http",
		Doc:     "A string body is sent as UTF-8 and text() decodes it back; the content-type set stays. " + docResponse,
		Steps:   []Request{crpcGet("/inspect-text/{obj}")},
		Check:   body(0, `{"text":"ünïcødé ✓","type":"text/plain; charset=utf-8"}`),
		Wrong:   crpcBodies(`{"text":"Ã¼nÃ¯cÃ¸dÃ© â\u009c\u0093","type":"text/plain; charset=utf-8"}`),
	},
	Case{
		Name:    "http/text-reaches-client",
		Fixture: "http",
		Doc:     "A text response from the object reaches the client as the same UTF-8 text with its content-type. " + docResponse,
		Steps:   []Request{{Method: "GET", Path: "/text-decoding/{obj}", Keep: []string{"content-type"}}},
		Check:   all(status(0, 200), body(0, "ünïcødé ✓"), header(0, "content-type", "text/plain; charset=utf-8")),
		Wrong:   Observation{{Status: 200, Headers: map[string]string{"content-type": "text/plain; charset=utf-8"}, Body: "?n?c?d? ?"}},
	},
	Case{
		Name:    "http/worker-sees-request",
		Fixture: "http",
		Doc:     "The Worker's fetch handler gets the client's method and path, with a full URL (a host). " + docRequest,
		Steps:   []Request{crpcGet("/worker-request/{obj}")},
		Check:   all(field(0, "method", `"GET"`), field(0, "search", `""`), field(0, "host", "true")),
		Wrong:   crpcBodies(`{"method":"GET","pathname":"/worker-request/x","search":"","host":false}`),
		// The path holds the case's object name.
		MayDiffer: []string{"0.body.pathname"},
	},
)

// The cases of request.cf, of the headers as the client sent them, of the 500 of an
// uncaught exception and of responses without a Content-Type (issue 17, "HTTP and the
// Worker").

const docCf = "https://developers.cloudflare.com/workers/runtime-apis/request/#incomingrequestcfproperties"

// chttpCfSeen is what the fixture's cfSeen answers of a request.cf that exists.
const chttpCfSeen = `{"type":"object","frozen":true,"clientIp":"string"}`

// noHeader checks that response i has no header name (which the step must Keep).
func noHeader(i int, name string) func(Observation) error {
	return func(o Observation) error {
		if i >= len(o) {
			return fmt.Errorf("response %d missing (%d responses)", i, len(o))
		}
		if v, ok := o[i].Headers[name]; ok {
			return fmt.Errorf("response %d: header %s is %q, want none", i, name, v)
		}
		return nil
	}
}

// chttp500Case is a case that an exception no code caught answers workerd's 500: the
// body "Internal Server Error", without the error's message or stack, and no
// Content-Type.
func chttp500Case(name, path, rule string) Case {
	return Case{
		Name:    "http/" + name,
		Fixture: "http",
		Doc:     "workerd: " + rule + " answers 500 with the body \"Internal Server Error\" and no Content-Type; the error and its stack go to the log only. " + docWorkerErrs,
		Steps:   []Request{{Method: "GET", Path: path, Keep: []string{"content-type"}}},
		Check:   all(status(0, 500), body(0, "Internal Server Error"), noHeader(0, "content-type")),
		Wrong: Observation{{Status: 500, Headers: map[string]string{"content-type": "application/problem+json"},
			Body: decodeJSON(`{"status":500,"code":"internal","detail":"Error: thrown by the Worker's fetch\n    at fetch (worker.js:1:1)"}`)}},
	}
}

// chttpNoContentTypeCase is a case that a response the script gave no Content-Type
// reaches the client without one.
func chttpNoContentTypeCase(name, path, what string, wantStatus int, wantBody string, keep ...string) Case {
	return Case{
		Name:    "http/" + name,
		Fixture: "http",
		Doc:     "workerd: " + what + " reaches the client with no Content-Type (none is guessed from the body). " + docResponse,
		Steps:   []Request{{Method: "GET", Path: path, Keep: append([]string{"content-type"}, keep...)}},
		Check:   all(status(0, wantStatus), body(0, wantBody), noHeader(0, "content-type")),
		Wrong:   Observation{{Status: wantStatus, Headers: map[string]string{"content-type": "application/octet-stream"}, Body: wantBody}},
	}
}

var _ = register(
	Case{
		Name:    "http/request-cf-worker",
		Fixture: "http",
		Doc:     "request.cf of the Worker's fetch is an object (frozen, as workerd's); workerd sets clientIp locally. " + docCf,
		Steps:   []Request{crpcGet("/worker-cf/{obj}")},
		Check:   body(0, chttpCfSeen),
		Wrong:   crpcBodies(`{"type":"undefined","frozen":true,"clientIp":"undefined"}`),
	},
	Case{
		Name:    "http/request-cf-forwarded",
		Fixture: "http",
		Doc:     "workerd: the request the Worker passes to stub.fetch keeps its request.cf: the object sees the same object. " + docCf,
		Steps:   []Request{crpcGet("/cf/{obj}")},
		Check:   body(0, chttpCfSeen),
		Wrong:   crpcBodies(`{"type":"undefined","frozen":true,"clientIp":"undefined"}`),
	},
	Case{
		Name:    "http/request-cf-new-request",
		Fixture: "http",
		Doc:     "workerd: a Request the Worker makes has no request.cf, nor has the object's request when the Worker's stub.fetch sends one. " + docCf,
		Steps:   []Request{crpcGet("/inspect-new-request-cf/{obj}")},
		Check:   body(0, `{"type":"undefined","frozen":true,"clientIp":"undefined"}`),
		Wrong:   crpcBodies(chttpCfSeen),
	},
	Case{
		Name:    "http/request-headers-as-sent",
		Fixture: "http",
		Doc: "workerd: the Worker's request.headers are the client's, those of the connection (Connection, Keep-Alive, TE) and Content-Length included; " +
			"stub.fetch(request) passes them all to the object. " + docHeaders,
		Steps: []Request{
			{Method: "POST", Path: "/worker-headers/{obj}", Body: "abc",
				Headers: map[string]string{"Connection": "keep-alive", "Keep-Alive": "timeout=5", "TE": "trailers", "X-Mixed-Case": "Hello"}},
			{Method: "POST", Path: "/see-headers/{obj}", Body: "abc",
				Headers: map[string]string{"Connection": "keep-alive", "Keep-Alive": "timeout=5", "TE": "trailers", "X-Mixed-Case": "Hello"}},
		},
		Check: func(o Observation) error {
			want := `[["accept-encoding","gzip"],["connection","keep-alive"],["content-length","3"],["host","*"],["keep-alive","timeout=5"],` +
				`["te","trailers"],["user-agent","Go-http-client/1.1"],["x-mixed-case","Hello"]]`
			return all(body(0, want), body(1, want))(o)
		},
		Wrong: crpcBodies(`[["accept-encoding","gzip"],["host","*"],["user-agent","Go-http-client/1.1"],["x-mixed-case","Hello"]]`,
			`[["accept-encoding","gzip"],["host","*"],["user-agent","Go-http-client/1.1"],["x-mixed-case","Hello"]]`),
	},
	Case{
		Name:    "http/vars-in-env",
		Fixture: "http",
		Doc:     "The wrangler file's vars are in env, of the Worker and of the object: a string as a string, a number and a table as JSON values. https://developers.cloudflare.com/workers/configuration/environment-variables/",
		Steps:   []Request{crpcGet("/worker-vars/{obj}"), crpcGet("/vars/{obj}")},
		Check: all(body(0, `{"greeting":"hello","limit":10,"limitType":"number","nested":{"a":[1,"two"],"b":true}}`),
			body(1, `{"greeting":"hello","limit":10,"limitType":"number","nested":{"a":[1,"two"],"b":true}}`)),
		Wrong: crpcBodies(`{"greeting":"hello","limit":"10","limitType":"string","nested":"[object Object]"}`,
			`{"greeting":"hello"}`),
	},
	chttp500Case("worker-throws-500-body", "/worker-throws/{obj}", "an exception the Worker's fetch throws and does not catch"),
	chttp500Case("object-throws-500-body", "/throw/{obj}", "an exception the object's fetch throws, passed on by the Worker's stub.fetch and not caught there,"),
	chttpNoContentTypeCase("redirect-no-content-type", "/redirect/{obj}?status=302", "Response.redirect, which has no body,", 302, "", "location"),
	chttpNoContentTypeCase("null-body-no-content-type", "/empty-response/{obj}", "a Response with a null body", 200, "", "x-empty"),
	chttpNoContentTypeCase("bytes-no-content-type", "/bytes/{obj}", "a Response with a body of bytes and no content-type header", 200, "bytes"),
)
