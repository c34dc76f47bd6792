package conformance

// The fetch cases: fetch() to the outside from a Durable Object (fixtures/fetch), against
// the runner's upstream server (upstream.go), which every step names as ?target=.

const (
	docFetch       = "https://developers.cloudflare.com/workers/runtime-apis/fetch/"
	docFetchLimits = "https://developers.cloudflare.com/workers/platform/limits/#simultaneous-open-connections"
)

// fetchCase is the case fetch/op: one GET of /op/{obj}?target={upstream}, whose body
// must be want; wrong is what a runtime that gets it wrong would answer.
func fetchCase(op, doc, want, wrong string) Case {
	return Case{
		Name:    "fetch/" + op,
		Fixture: "fetch",
		Doc:     doc,
		Steps:   []Request{asyncGet("/" + op + "/{obj}?target={upstream}")},
		Check:   all(status(0, 200), body(0, want)),
		Wrong:   asyncReplies(wrong),
	}
}

var _ = register(
	fetchCase("get",
		"fetch(url, init) sends the request's headers and resolves to the server's Response: status, statusText, headers and a body read as JSON; url is where it came from and redirected false: "+docFetch,
		`{"status":200,"ok":true,"statusText":"OK","upstream":"1","type":"application/json","redirected":false,"path":"/echo?q=1","body":{"method":"GET","query":"q=1","xa":"1","type":"","body":""}}`,
		`{"error":"ReferenceError"}`),
	fetchCase("post",
		"fetch sends the method and the body, a string (text/plain), bytes (no type) or URLSearchParams (urlencoded), or a Request's own: "+docFetch,
		`{"string":["POST","hello","string","text/plain;charset=UTF-8"],"bytes":["POST","hi","bytes",""],"params":["POST","a=1&b=2","params","application/x-www-form-urlencoded;charset=UTF-8"],"request":["PUT","from a Request"]}`,
		`{"string":["POST","","string",""],"bytes":["POST","","bytes",""],"params":["POST","","params",""],"request":["GET",""]}`),
	fetchCase("redirect-follow",
		"fetch follows redirects by default (redirect: \"follow\"): the Response is the last one's, with redirected true and its url: "+docFetch,
		`{"status":200,"redirected":true,"path":"/echo","method":"GET"}`,
		`{"status":302,"redirected":false,"path":"/redirect/3","method":"GET"}`),
	fetchCase("redirect-manual",
		"with redirect: \"manual\" fetch resolves to the redirect itself, its Location header as sent: "+docFetch,
		`{"status":302,"redirected":false,"location":"/echo","path":"/redirect/1"}`,
		`{"status":200,"redirected":true,"location":null,"path":"/echo"}`),
	fetchCase("redirect-error",
		"with redirect: \"error\" a redirect rejects the fetch with a TypeError (workerd refuses the mode itself with one): "+docFetch,
		`{"name":"TypeError","isDOMException":false,"isTypeError":true}`,
		`null`),
	fetchCase("head",
		"a HEAD request's Response has the headers and no body (body null, text empty): "+docFetch,
		`{"status":200,"body":null,"type":"application/json","text":""}`,
		`{"status":200,"body":{},"type":"application/json","text":""}`),
	fetchCase("cookies",
		"several Set-Cookie headers of a fetched Response stay apart in headers.getSetCookie(): "+docFetch,
		`{"cookies":["a=1; Path=/","b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT"],"body":"cookies"}`,
		`{"cookies":["a=1; Path=/, b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT"],"body":"cookies"}`),
	fetchCase("json",
		"a JSON body with its content-type header goes out as given: "+docFetch,
		`{"type":"application/json","sent":{"k":[1,2]}}`,
		`{"type":"text/plain;charset=UTF-8","sent":{"k":[1,2]}}`),
	fetchCase("immutable-headers",
		"the headers of a Response fetch resolves to are immutable (set, append and delete throw a TypeError); a new Response made from it has headers of its own: "+docFetch,
		`{"set":{"name":"TypeError","isDOMException":false,"isTypeError":true},"append":{"name":"TypeError","isDOMException":false,"isTypeError":true},"delete":{"name":"TypeError","isDOMException":false,"isTypeError":true},"still":"1","copy":"1"}`,
		`{"set":null,"append":null,"delete":null,"still":null,"copy":"1"}`),
	fetchCase("not-found",
		"a 404 from the server is a Response with ok false, not a rejection: "+docFetch,
		`{"status":404,"ok":false,"statusText":"Not Found","body":"status 404"}`,
		`{"name":"TypeError","isDOMException":false,"isTypeError":true}`),
	fetchCase("abort-before",
		"fetch with a signal aborted already rejects with its reason, an AbortError DOMException: "+docFetch,
		`{"name":"AbortError","isDOMException":true,"isTypeError":false}`,
		`null`),
	fetchCase("abort-during",
		"aborting the signal while the request is in flight rejects the fetch with an AbortError DOMException: "+docFetch,
		`{"name":"AbortError","isDOMException":true,"isTypeError":false}`,
		`{"name":"TypeError","isDOMException":false,"isTypeError":true}`),
	fetchCase("abort-body",
		"aborting the signal once the response has come errors its body: the next read rejects with an AbortError DOMException: "+docFetch,
		`{"status":200,"first":"first","then":{"name":"AbortError","isDOMException":true,"isTypeError":false}}`,
		`{"status":200,"first":"first","then":null}`),
	fetchCase("bad-url",
		"fetch of a URL that does not parse, or of a scheme other than http(s), rejects with a TypeError: "+docFetch,
		`{"unparsed":{"name":"TypeError","isDOMException":false,"isTypeError":true},"ftp":{"name":"TypeError","isDOMException":false,"isTypeError":true}}`,
		`{"unparsed":null,"ftp":null}`),
	fetchCase("stream",
		"a fetched Response's body is a ReadableStream that reads the server's bytes as they come: "+docFetch,
		`{"isStream":true,"text":"chunk 0\nchunk 1\nchunk 2\nchunk 3\nchunk 4\n","bodyUsed":true}`,
		`{"isStream":false,"text":"","bodyUsed":false}`),
)
