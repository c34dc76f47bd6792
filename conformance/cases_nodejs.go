package conformance

// Cases of the nodejs area: the Node.js modules Workers provides under the
// nodejs_compat compatibility flag, each used inside a Durable Object by one op of the
// nodejs fixture, which answers a small observable result.

const (
	nodeDoc            = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/"
	nodeBufferDoc      = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/buffer/"
	nodeEventsDoc      = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/eventemitter/"
	nodeUtilDoc        = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/util/"
	nodeAssertDoc      = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/assert/"
	nodePathDoc        = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/path/"
	nodeStreamsDoc     = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/streams/"
	nodeDecoderDoc     = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/string-decoder/"
	nodeCryptoDoc      = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/crypto/"
	nodeAsyncLocalDoc  = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/asynclocalstorage/"
	nodeProcessDoc     = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/process/"
	nodeTimersDoc      = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/timers/"
	nodeURLDoc         = "https://developers.cloudflare.com/workers/runtime-apis/nodejs/url/"
	nodeReferenceError = `{"error":"ReferenceError"}`
)

// nodejsCase is the case nodejs/op: one GET of /op/{obj}, whose body must be want;
// wrong is what a runtime that gets it wrong would answer.
func nodejsCase(op, doc, want, wrong string) Case {
	return Case{
		Name:    "nodejs/" + op,
		Fixture: "nodejs",
		Doc:     doc,
		Steps:   []Request{asyncGet("/" + op + "/{obj}")},
		Check:   all(status(0, 200), body(0, want)),
		Wrong:   asyncReplies(wrong),
	}
}

var _ = register(
	// node:buffer.
	nodejsCase("buffer-encodings",
		"Buffer converts strings to and from utf8, hex, base64, base64url, latin1 and utf16le: "+nodeBufferDoc,
		`{"hex":"68c3a96c6c6f","base64":"aMOpbGxv","base64url":"-_8","latin1":"e9","utf16le":"68006900","fromHex":"hi\n","fromBase64":"hi","length":6,"byteLength":6}`,
		`{"hex":"68e96c6c6f","base64":"aOlsbG8=","base64url":"-_8=","latin1":"c3a9","utf16le":"6869","fromHex":"hi\n","fromBase64":"hi","length":5,"byteLength":5}`),
	nodejsCase("buffer-global",
		"under nodejs_compat Buffer is a global, the Buffer of node:buffer and of the bare name buffer, and a Uint8Array: "+nodeDoc,
		`{"global":"function","same":true,"bare":true,"isUint8Array":true}`,
		`{"global":"undefined","same":false,"bare":true,"isUint8Array":true}`),
	nodejsCase("buffer-methods",
		"Buffer reads and writes integers in either byte order, concat/compare/equals/indexOf/fill work as in Node.js, slice shares memory, and bad offsets or encodings throw Node's coded errors: "+nodeBufferDoc,
		`{"bytes":"abcd040302010000","readBE":43981,"readLE":16909060,"readBig":"1","concat":"abcd","compare":-1,"equals":true,"sliceShares":"Hello world","indexOf":4,"includes":true,"json":{"type":"Buffer","data":[1,2]},"fill":"ababa","isBuffer":[true,false],"outOfRange":{"name":"RangeError","code":"ERR_OUT_OF_RANGE"},"badEncoding":{"name":"TypeError","code":"ERR_UNKNOWN_ENCODING"}}`,
		`{"bytes":"cdab010203040000","readBE":52651,"readLE":67305985,"readBig":"72057594037927936","concat":"abcd","compare":-1,"equals":true,"sliceShares":"hello world","indexOf":4,"includes":true,"json":{"0":1,"1":2},"fill":"ab\u0000\u0000\u0000","isBuffer":[true,true],"outOfRange":null,"badEncoding":null}`),

	// node:events.
	nodejsCase("events-emitter",
		"EventEmitter calls listeners in order (prependListener first, once only once), emit says whether any listened, events.once resolves with the arguments, and an unheard error event throws: "+nodeEventsDoc,
		`{"seen":["first","on:1","once:1","first","on:2"],"emitted":true,"unheard":false,"count":2,"args":["a","b"],"unhandled":{"name":"RangeError"}}`,
		`{"seen":["on:1","once:1","first","on:2","once:2","first"],"emitted":true,"unheard":false,"count":3,"args":["a"],"unhandled":null}`),

	// node:util.
	nodejsCase("util-inspect-format",
		"util.inspect writes objects as Node.js does (depth 2, Map, circular references) and util.format fills %s, %d, %j and %% and appends the rest: "+nodeUtilDoc,
		`{"inspect":"{ a: 1, b: 'two', c: [ 1, 2 ], d: { e: { f: [Object] } } }","map":"Map(1) { 'k' => 1 }","circular":"<ref *1> { a: 1, self: [Circular *1] }","format":"a=5 {\"x\":1} %","extra":"a 1 { b: 2 }"}`,
		`{"inspect":"[object Object]","map":"[object Map]","circular":"[object Object]","format":"a=5 {\"x\":1} %%","extra":"a 1 [object Object]"}`),
	nodejsCase("util-promisify",
		"util.promisify turns a callback-last function into one returning a promise that resolves with the value or rejects with the error; isDeepStrictEqual and util.types work: "+nodeUtilDoc,
		`{"value":42,"rejected":"zero","deep":true,"isDate":true}`,
		`{"value":null,"rejected":null,"deep":false,"isDate":true}`),

	// node:assert.
	nodejsCase("assert-errors",
		"a failed assertion throws an AssertionError with code ERR_ASSERTION, actual, expected and operator; a message given is the error's message: "+nodeAssertDoc,
		`{"name":"AssertionError","code":"ERR_ASSERTION","actual":1,"expected":2,"operator":"strictEqual","isAssertionError":true,"deep":{"name":"AssertionError","code":"ERR_ASSERTION"},"custom":"custom","missing":{"name":"AssertionError","code":"ERR_ASSERTION"}}`,
		`{"name":"Error","code":"ERR_ASSERTION","actual":1,"expected":2,"operator":"===","isAssertionError":false,"deep":null,"custom":"custom","missing":null}`),

	// node:path.
	nodejsCase("path-posix",
		"node:path joins, resolves, normalizes and takes apart POSIX paths as Node.js does: "+nodePathDoc,
		`{"join":"/a/c/d.txt","resolve":"/x/z","normalize":"/a/c","relative":"../../c","dirname":"/a/b","basename":"c","extname":".gz","parse":{"root":"/","dir":"/home/u","base":"file.txt","ext":".txt","name":"file"},"sep":"/","isAbsolute":false}`,
		`{"join":"/a/b/../c/./d.txt","resolve":"/x/y/../z","normalize":"/a//b/../c/.","relative":"/data/c","dirname":"/a/b","basename":"c.txt","extname":".tar.gz","parse":{"root":"/","dir":"/home/u","base":"file.txt","ext":".txt","name":"file"},"sep":"/","isAbsolute":false}`),

	// node:stream.
	nodejsCase("stream-pipeline",
		"Readable.from is async-iterable, stream/promises pipeline runs a Readable through a Transform into a Writable, and a Readable emits each pushed chunk, then end: "+nodeStreamsDoc,
		`{"got":["a","b"],"sink":["X","Y"],"events":["data:1","data:2","end"]}`,
		`{"got":["ab"],"sink":["XY"],"events":["data:12","end"]}`),

	// node:string_decoder.
	nodejsCase("string-decoder",
		"StringDecoder keeps an incomplete UTF-8 character until its last byte arrives: "+nodeDecoderDoc,
		`{"parts":["","€",""],"hex":"01ff"}`,
		`{"parts":["\ufffd","\ufffd\ufffd",""],"hex":"01ff"}`),

	// node:crypto.
	nodejsCase("crypto-hash",
		"createHash gives md5, sha1, sha256, sha384 and sha512 digests synchronously, over chunks given to update, as hex, base64 or a Buffer; an unknown hash throws: "+nodeCryptoDoc,
		`{"md5":"900150983cd24fb0d6963f7d28e17f72","sha1":"a9993e364706816aba3e25717850c26c9cd0d89d","sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","sha384":"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7","sha512":"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f","chunked":"ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=","buffer":true,"unknown":{"name":"Error"}}`,
		`{"md5":"900150983cd24fb0d6963f7d28e17f72","sha1":"a9993e364706816aba3e25717850c26c9cd0d89d","sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","sha384":"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7","sha512":"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f","chunked":"ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=","buffer":true,"unknown":null}`),
	nodejsCase("crypto-hmac",
		"createHmac gives HMAC digests, with string or Buffer keys, keys longer than the hash's block hashed first (RFC 2104): "+nodeCryptoDoc,
		`{"sha256":"f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8","md5":"nVxz74VZTTTsRDi3yX5R2A==","longKey":"3bea04514dec7eac85d846ec90cead0c22ff461ba7250c03635876766055b829aac0109c567fa359e5f177a9e8c30233a682a33467845ac6f966813635668f7a"}`,
		`{"sha256":"d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592","md5":"nVxz74VZTTTsRDi3yX5R2A==","longKey":""}`),
	nodejsCase("crypto-random",
		"randomBytes gives a Buffer of fresh random bytes, randomUUID a version 4 UUID, and timingSafeEqual compares buffers of one length, throwing for two lengths: "+nodeCryptoDoc,
		`{"length":16,"isBuffer":true,"differs":true,"uuid":true,"equal":true,"unequal":false,"lengths":{"name":"TypeError"}}`,
		`{"length":16,"isBuffer":false,"differs":true,"uuid":true,"equal":true,"unequal":false,"lengths":null}`),

	// node:async_hooks.
	nodejsCase("async-local-storage",
		"AsyncLocalStorage.run makes a store current for the function and what it schedules (timers, promise callbacks) and across its awaits, each run its own when they interleave; nested runs and exit change it for their extent only, and outside it is undefined: "+nodeAsyncLocalDoc,
		`{"nested":[1,2,1,"none"],"timer":"t","then":"p","awaited":[["x","x"],["y","y"]],"outside":"none"}`,
		`{"nested":[1,2,2,1],"timer":"none","then":"none","awaited":[["y","y"],["y","y"]],"outside":"none"}`),

	// node:timers, node:url, node:querystring.
	nodejsCase("timers-url-querystring",
		"node:timers has setImmediate and timers/promises an awaitable setTimeout ("+nodeTimersDoc+"); node:url has fileURLToPath and the legacy parse and resolve ("+nodeURLDoc+"); querystring parses repeated keys into arrays and + as a space",
		`{"imm":"immediate","slept":"slept","parse":{"a":["1","3"],"b":"2","c":" x y"},"stringify":"a=1&a=2&b=x%20y","path":"/a/b c","hostname":"example.com","resolve":"http://a.com/d"}`,
		`{"imm":"immediate","slept":"slept","parse":{"a":"3","b":"2","c":"%20x+y"},"stringify":"a=1,2&b=x+y","path":"/a/b%20c","hostname":"Example.com","resolve":"http://a.com/b/d"}`),

	// process.
	nodejsCase("process-env",
		"process is a global; process.env holds the vars as strings (compatibility date 2025-04-01 or later), process.platform is linux, and nextTick callbacks run before promise callbacks: "+nodeProcessDoc,
		`{"greeting":"hello","limit":"10","missing":"none","platform":"linux","global":"object","order":["sync","tick","then"]}`,
		nodeReferenceError),
)
