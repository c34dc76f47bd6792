package conformance

// Cases of the webapi area: the Web APIs the Workers runtime documents, each used
// inside a Durable Object by one op of the webapi fixture, which answers a small
// observable result (never a time: relations such as elapsedAtLeast30 instead).

const (
	webStandardsDoc = "https://developers.cloudflare.com/workers/runtime-apis/web-standards/"
	webStreamsDoc   = "https://developers.cloudflare.com/workers/runtime-apis/streams/"
	webCryptoDoc    = "https://developers.cloudflare.com/workers/runtime-apis/web-crypto/"
	webEncodingDoc  = "https://developers.cloudflare.com/workers/runtime-apis/encoding/"
	webRequestDoc   = "https://developers.cloudflare.com/workers/runtime-apis/request/"
	webPerfDoc      = "https://developers.cloudflare.com/workers/runtime-apis/performance/"
	webConsoleDoc   = "https://developers.cloudflare.com/workers/runtime-apis/console/"
)

// The pages of the stream cases beyond webStreamsDoc.
const (
	webResponseDoc        = "https://developers.cloudflare.com/workers/runtime-apis/response/"
	webReadableStreamDoc  = "https://developers.cloudflare.com/workers/runtime-apis/streams/readablestream/"
	webTransformStreamDoc = "https://developers.cloudflare.com/workers/runtime-apis/streams/transformstream/"
)

// webapiCase is the case webapi/op: one GET of /op/{obj}, whose body must be want;
// wrong is what a runtime that gets it wrong would answer.
func webapiCase(op, doc, want, wrong string) Case {
	return Case{
		Name:    "webapi/" + op,
		Fixture: "webapi",
		Doc:     doc,
		Steps:   []Request{asyncGet("/" + op + "/{obj}")},
		Check:   all(status(0, 200), body(0, want)),
		Wrong:   asyncReplies(wrong),
	}
}

var _ = register(
	// Timers.
	webapiCase("set-timeout",
		"setTimeout calls its callback, with the extra arguments, once the delay has passed: "+webStandardsDoc,
		`{"args":["x","y"],"elapsedAtLeast30":true}`, `{"error":"ReferenceError"}`),
	webapiCase("clear-timeout",
		"clearTimeout cancels a timer that has not fired: "+webStandardsDoc,
		`{"fired":false}`, `{"fired":true}`),
	webapiCase("timeout-order",
		"timers fire in the order of their delays, not of their creation: "+webStandardsDoc,
		`{"order":["0","10","30"]}`, `{"order":["30","10","0"]}`),
	webapiCase("set-interval",
		"setInterval calls its callback repeatedly until clearInterval: "+webStandardsDoc,
		`{"ticks":3}`, `{"ticks":5}`),
	webapiCase("queue-microtask",
		"queueMicrotask and promise callbacks run, in order, after the current task and before any timer: "+webStandardsDoc,
		`{"order":["sync","microtask","then","timeout"]}`, `{"order":["sync","timeout","microtask","then"]}`),
	webapiCase("scheduler-wait",
		"scheduler.wait(ms) is an awaitable setTimeout: it resolves to undefined after the delay: "+webStandardsDoc,
		`{"result":"undefined","elapsedAtLeast30":true}`, `{"result":"undefined","elapsedAtLeast30":false}`),

	// AbortController and AbortSignal.
	webapiCase("abort-controller",
		"AbortController.abort(reason) aborts its signal once (one abort event, the first reason kept), and throwIfAborted throws the reason: "+webStandardsDoc,
		`{"before":false,"aborted":true,"reason":"why","events":1,"thrown":"why"}`,
		`{"before":false,"aborted":true,"reason":"again","events":2,"thrown":"again"}`),
	webapiCase("abort-signal-abort",
		"AbortSignal.abort() is a signal aborted already, whose reason is an AbortError DOMException: "+webStandardsDoc,
		`{"aborted":true,"reason":"AbortError","isDOMException":true}`, `{"aborted":true,"reason":"Error","isDOMException":false}`),
	webapiCase("abort-signal-timeout",
		"AbortSignal.timeout(ms) aborts after ms with a TimeoutError: "+webStandardsDoc,
		`{"before":false,"aborted":true,"reason":"TimeoutError"}`, `{"before":false,"aborted":true,"reason":"AbortError"}`),
	webapiCase("abort-signal-any",
		"AbortSignal.any aborts when the first of its signals does, with that signal's reason: "+webStandardsDoc,
		`{"before":false,"aborted":true,"reason":"b went first"}`, `{"before":false,"aborted":true,"reason":"a"}`),

	// Streams.
	webapiCase("readable-stream",
		"a ReadableStream with a start() that enqueues and closes reads back those chunks, in order: "+webStreamsDoc,
		`{"chunks":["a","b","c"]}`, `{"chunks":["abc"]}`),
	webapiCase("readable-stream-pull",
		"a ReadableStream calls pull() whenever the reader wants more, until it closes: "+webStreamsDoc,
		`{"chunks":[1,2,3]}`, `{"chunks":[1]}`),
	webapiCase("writable-stream",
		"a WritableStream's sink gets each chunk written, then close(): "+webStreamsDoc,
		`{"got":["x","y"],"closed":true}`, `{"got":["x","y"],"closed":false}`),
	webapiCase("transform-stream",
		"a TransformStream with a transform() maps each chunk passed through pipeThrough: "+webStreamsDoc,
		`{"chunks":["HELLO"," WORLD"]}`, `{"chunks":["hello"," world"]}`),
	webapiCase("pipe-to",
		"ReadableStream.pipeTo writes every chunk to the WritableStream and resolves when done: "+webStreamsDoc,
		`{"got":["p","q"]}`, `{"got":[]}`),
	webapiCase("tee",
		"ReadableStream.tee gives two streams that each read every chunk: "+webStreamsDoc,
		`{"a":["t1","t2"],"b":["t1","t2"]}`, `{"a":["t1"],"b":["t2"]}`),
	webapiCase("text-encoding-streams",
		"TextEncoderStream and TextDecoderStream round-trip text, a surrogate pair split across two chunks included: "+webEncodingDoc,
		`{"text":"héllo € 😀"}`, `{"text":"héllo € ��"}`),
	webapiCase("response-of-stream",
		"a Response whose body is a ReadableStream of bytes reads back as the concatenated text: "+webStreamsDoc,
		`{"text":"streamed body"}`, `{"text":"[object ReadableStream]"}`),
	webapiCase("body-is-stream",
		"a Response's body is a ReadableStream (the same each time) of Uint8Arrays; reading it uses the body, so text() then throws a TypeError: "+webResponseDoc,
		`{"isStream":true,"same":true,"bytes":true,"text":"abc","used":true,"again":"TypeError"}`,
		`{"isStream":false,"same":false,"bytes":true,"text":"abc","used":false,"again":null}`),
	webapiCase("request-of-stream",
		"a Request whose body is a ReadableStream reads back as the concatenated text, and is used then: "+webRequestDoc,
		`{"text":"request","used":true}`, `{"text":"[object ReadableStream]","used":true}`),
	webapiCase("readable-stream-async-iteration",
		"for await...of over a ReadableStream reads each chunk in order: "+webStreamsDoc,
		`{"chunks":["a","b","c"]}`, `{"error":"TypeError"}`),
	webapiCase("byob-reader",
		"a BYOB reader of a byte stream (type \"bytes\") fills each view it is given, one chunk over several reads: "+webReadableStreamDoc,
		`{"reads":["abcd","ef"]}`, `{"reads":["abcdef"]}`),
	webapiCase("identity-and-fixed-length",
		"IdentityTransformStream passes bytes through, and a FixedLengthStream carries exactly the bytes it announced: "+webTransformStreamDoc,
		`{"identity":"through","fixed":"12345"}`, `{"error":"ReferenceError"}`),
	webapiCase("compression-gzip",
		"CompressionStream(\"gzip\") writes gzip (magic 1f8b) and DecompressionStream(\"gzip\") reads it back: "+webStandardsDoc,
		`{"magic":"1f8b","smaller":true,"roundTrip":true}`, `{"magic":"7801","smaller":true,"roundTrip":true}`),
	webapiCase("compression-deflate",
		"CompressionStream and DecompressionStream round-trip the \"deflate\" format: "+webStandardsDoc,
		`{"roundTrip":true}`, `{"roundTrip":false}`),

	// Web Crypto.
	webapiCase("get-random-values",
		"crypto.getRandomValues fills the array it is given and returns it; more than 65536 bytes throws QuotaExceededError: "+webCryptoDoc,
		`{"same":true,"length":32,"allZero":false,"tooBig":"QuotaExceededError"}`, `{"same":true,"length":32,"allZero":false,"tooBig":null}`),
	webapiCase("random-uuid",
		"crypto.randomUUID returns a fresh RFC 4122 version 4 UUID, lowercase: "+webCryptoDoc,
		`{"v4":true,"differ":true}`, `{"v4":false,"differ":true}`),
	webapiCase("digest-sha256",
		"crypto.subtle.digest(\"SHA-256\") of \"abc\" is the FIPS 180-2 value, as an ArrayBuffer: "+webCryptoDoc,
		`{"hex":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","isArrayBuffer":true}`,
		`{"hex":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","isArrayBuffer":false}`),
	webapiCase("digest-sha1-sha512",
		"crypto.subtle.digest takes SHA-1 and SHA-512, as a name or as {name}: "+webCryptoDoc,
		`{"sha1":"a9993e364706816aba3e25717850c26c9cd0d89d","sha512":"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"}`,
		`{"error":"NotSupportedError"}`),
	webapiCase("hmac-sign-verify",
		"HMAC SHA-256 with an imported raw key signs to the RFC 4231-style known value and verify accepts only the signed message: "+webCryptoDoc,
		`{"hex":"f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8","verifies":true,"tampered":false}`,
		`{"hex":"f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8","verifies":true,"tampered":true}`),
	webapiCase("aes-gcm",
		"AES-GCM with a generated 256-bit key encrypts (ciphertext plus a 16-byte tag) and decrypts back: "+webCryptoDoc,
		`{"text":"secret message","sealedLength":30,"keyLength":32}`, `{"text":"secret message","sealedLength":14,"keyLength":32}`),
	webapiCase("timing-safe-equal",
		"crypto.subtle.timingSafeEqual compares two buffers of equal length: "+webCryptoDoc,
		`{"equal":true,"differ":false}`, `{"error":"TypeError"}`),
	webapiCase("crypto-errors",
		"crypto.subtle rejects with the DOMExceptions the spec names: InvalidAccessError for a usage the key lacks or an unextractable key, OperationError for a tampered AES-GCM ciphertext, NotSupportedError for an unknown algorithm: "+webCryptoDoc,
		`{"wrongUsage":"InvalidAccessError","tampered":"OperationError","notExtractable":"InvalidAccessError","unknownAlgorithm":"NotSupportedError","isDOMException":true}`,
		`{"wrongUsage":null,"tampered":"OperationError","notExtractable":"InvalidAccessError","unknownAlgorithm":"NotSupportedError","isDOMException":true}`),
	webapiCase("aes-cbc-ctr",
		"AES-CBC (PKCS #7 padded) and AES-CTR encrypt to the NIST SP 800-38A values (F.2.1, F.5.1) and decrypt back: "+webCryptoDoc,
		`{"cbc":"7649abac8119b246cee98e9b12e9197d8964e0b149c10b7b682e6e39aaeb731c","ctr":"874d6191b620e3261bef6864990db6ce","back":true}`,
		`{"cbc":"7649abac8119b246cee98e9b12e9197d","ctr":"874d6191b620e3261bef6864990db6ce","back":true}`),
	webapiCase("pbkdf2-hkdf",
		"deriveBits gives the PBKDF2 value of RFC 6070 and the HKDF value of RFC 5869 test case 1; deriveKey makes an AES key of the length asked: "+webCryptoDoc,
		`{"pbkdf2":"4b007901b765489abead49d926f721d065a429c1","hkdf":"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865","derived":{"name":"AES-GCM","length":256},"derivedLength":32}`,
		`{"pbkdf2":"4b007901b765489abead49d926f721d065a429c1","hkdf":"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865","derived":{"name":"AES-GCM","length":256},"derivedLength":16}`),
	webapiCase("ecdsa-sign-verify",
		"ECDSA P-256 keys from generateKey sign (64 bytes, r and s) and verify accepts the signed message only, also with the public key exported and imported as a JWK: "+webCryptoDoc,
		`{"sigLength":64,"verifies":true,"other":false,"types":["private","public"],"jwk":["EC","P-256","string",false]}`,
		`{"sigLength":72,"verifies":true,"other":false,"types":["private","public"],"jwk":["EC","P-256","string",false]}`),
	webapiCase("ed25519-sign",
		"Ed25519 signs RFC 8032's test 1 to its signature, with the key imported as a JWK, and verify accepts it: "+webCryptoDoc,
		`{"sig":"e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b","verifies":true}`,
		`{"error":"NotSupportedError"}`),
	webapiCase("export-jwk",
		"exportKey(\"jwk\") of an HMAC key gives kty oct, k in base64url, alg, ext and key_ops: "+webCryptoDoc,
		`{"kty":"oct","k":"a2V5","alg":"HS256","ext":true,"key_ops":["sign"],"algorithm":{"name":"HMAC","length":24,"hash":{"name":"SHA-256"}}}`,
		`{"kty":"oct","k":"a2V5","alg":"HS256","ext":true,"key_ops":["sign"],"algorithm":{"name":"HMAC","hash":{"name":"SHA-256"},"length":256}}`),
	webapiCase("x25519-ecdh",
		"X25519 deriveBits gives RFC 7748 section 6.1's shared secret; ECDH P-256 keys agree from either side, and the public key has no usages: "+webCryptoDoc,
		`{"x25519":"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742","ecdhAgrees":true,"publicUsages":[]}`,
		`{"error":"NotSupportedError"}`),
	webapiCase("aes-kw",
		"wrapKey with AES-KW gives RFC 3394 section 4.1's value and unwrapKey gives the key back: "+webCryptoDoc,
		`{"wrapped":"1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5","back":"00112233445566778899aabbccddeeff"}`,
		`{"wrapped":"1fa68b0a8112b447aef34bd8fb5a7b82","back":"00112233445566778899aabbccddeeff"}`),
	webapiCase("rsa-sign-encrypt",
		"RSASSA-PKCS1-v1_5 and RSA-OAEP keys from generateKey sign and verify, encrypt and decrypt; the key's algorithm has its modulusLength, publicExponent and hash: "+webCryptoDoc,
		`{"sigLength":256,"verifies":true,"algorithm":["RSASSA-PKCS1-v1_5",2048,[1,0,1],"SHA-256"],"opened":"message","jwkAlg":"RS256"}`,
		`{"sigLength":256,"verifies":true,"algorithm":["RSASSA-PKCS1-v1_5",2048,[1,0,1],"SHA-256"],"opened":"message","jwkAlg":"PS256"}`),

	// FormData, Blob, File.
	webapiCase("form-data",
		"FormData append keeps every value of a name, set replaces them, get returns the first (null when none), delete removes: "+webStandardsDoc,
		`{"a":"1","all":["1","2"],"hasC":false,"missing":null,"entries":[["a","1"],["a","2"],["b","3"]]}`,
		`{"a":"2","all":["2"],"hasC":false,"missing":null,"entries":[["a","2"],["b","3"]]}`),
	webapiCase("form-data-body",
		"a Request with a FormData body is multipart/form-data with a boundary, and request.formData() reads its fields and files back: "+webRequestDoc,
		`{"multipart":true,"name":"value","fileName":"f.txt","fileText":"file body"}`, `{"error":"TypeError"}`),
	webapiCase("form-data-urlencoded",
		"request.formData() reads an application/x-www-form-urlencoded body, repeated names and + as space included: "+webRequestDoc,
		`{"x":["1","3"],"y":"two words"}`, `{"x":["3"],"y":"two+words"}`),
	webapiCase("blob",
		"a Blob of strings and bytes has their total size and its type; text, slice and arrayBuffer read it: "+webStandardsDoc,
		`{"size":4,"type":"text/plain","text":"abcd","slice":"bc","bytes":[97,98,99,100]}`,
		`{"size":4,"type":"text/plain","text":"ab99,100","slice":"b9","bytes":[97,98,57,57]}`),
	webapiCase("file",
		"a File is a Blob with a name and the lastModified it was given: "+webStandardsDoc,
		`{"name":"a.txt","lastModified":1234,"type":"text/plain","isBlob":true,"text":"x"}`, `{"error":"ReferenceError"}`),

	// Encoding.
	webapiCase("text-encoder",
		"TextEncoder writes UTF-8 (4 bytes for an astral character), and encodeInto stops before a character that does not fit: "+webEncodingDoc,
		`{"encoding":"utf-8","bytes":[195,169,226,130,172,240,159,152,128],"encodeInto":{"read":1,"written":2},"into":[195,169,0,0]}`,
		`{"encoding":"utf-8","bytes":[195,169,226,130,172,237,160,189,237,184,128],"encodeInto":{"read":2,"written":4},"into":[195,169,226,130]}`),
	webapiCase("text-decoder",
		"TextDecoder reads UTF-8 by default and drops a leading byte order mark: "+webEncodingDoc,
		`{"encoding":"utf-8","text":"€😀","bom":"hi"}`, `{"encoding":"utf-8","text":"€😀","bom":"\ufeffhi"}`),
	webapiCase("text-decoder-fatal",
		"TextDecoder writes U+FFFD for a bad byte, and throws a TypeError instead with fatal: true: "+webEncodingDoc,
		`{"loose":"a\ufffdb","fatal":"TypeError","fatalFlag":true}`, `{"loose":"a\ufffdb","fatal":null,"fatalFlag":true}`),
	webapiCase("text-decoder-stream-option",
		"TextDecoder.decode with {stream: true} keeps an incomplete character for the next call: "+webEncodingDoc,
		`{"first":"","second":"€"}`, `{"first":"\ufffd","second":"\ufffd"}`),
	webapiCase("atob-btoa",
		"btoa and atob convert between binary strings and base64; btoa of a character above U+00FF throws InvalidCharacterError: "+webStandardsDoc,
		`{"btoa":"aGVsbG8=","atob":"hello","binary":"AP8=","wide":"InvalidCharacterError"}`,
		`{"btoa":"aGVsbG8=","atob":"hello","binary":"AMO/","wide":null}`),

	// URLPattern, structuredClone.
	webapiCase("url-pattern",
		"URLPattern matches a pathname with named groups: test and exec: "+webStandardsDoc,
		`{"test":true,"other":false,"id":"42"}`, `{"error":"ReferenceError"}`),
	webapiCase("url-pattern-wildcard",
		"URLPattern from a string: each * is a numbered group, in the hostname and the pathname: "+webStandardsDoc,
		`{"host":"eu","rest":"v1/items","other":false}`, `{"host":"eu","rest":"v1","other":false}`),
	webapiCase("structured-clone",
		"structuredClone deep-copies Date, Map, Set, typed arrays and nested objects, and keeps cycles: "+webStandardsDoc,
		`{"distinct":true,"cycle":true,"date":true,"map":true,"set":true,"bytes":true,"nested":{"a":[1,{"b":2}]}}`,
		`{"distinct":true,"cycle":false,"date":false,"map":false,"set":false,"bytes":false,"nested":{"a":[1,{"b":2}]}}`),
	webapiCase("structured-clone-function",
		"structuredClone of a function throws a DataCloneError: "+webStandardsDoc,
		`{"threw":"DataCloneError"}`, `{"threw":null}`),

	// Time, console, events.
	webapiCase("performance-now",
		"performance.now() and performance.timeOrigin are numbers, and performance.now() does not go backwards: "+webPerfDoc,
		`{"type":"number","ordered":true,"timeOrigin":"number"}`, `{"type":"number","ordered":true,"timeOrigin":"undefined"}`),
	webapiCase("date-now-monotonic",
		"Date.now() does not go backwards within a request (it advances only with I/O): "+webPerfDoc,
		`{"monotonic":true,"type":"number"}`, `{"monotonic":false,"type":"number"}`),
	webapiCase("console",
		"console.log, info, warn, error and debug exist: "+webConsoleDoc,
		`{"kinds":["function","function","function","function","function"]}`, `{"kinds":["function","function","function","function","undefined"]}`),
	webapiCase("event-target",
		"EventTarget dispatches an Event to its listeners in order; a listener added with once runs once: "+webStandardsDoc,
		`{"seen":["ping","once","ping"]}`, `{"seen":["ping","once","ping","once"]}`),
	webapiCase("navigator-user-agent",
		"navigator.userAgent is \"Cloudflare-Workers\": "+webStandardsDoc,
		`{"userAgent":"Cloudflare-Workers"}`, `{"error":"ReferenceError"}`),
)

// The pages of the cases below beyond webStandardsDoc.
const (
	webCacheDoc          = "https://developers.cloudflare.com/workers/runtime-apis/cache/"
	webMessageChannelDoc = "https://developers.cloudflare.com/workers/runtime-apis/web-standards/#messagechannel"
)

var _ = register(
	// MessageChannel and MessagePort.
	webapiCase("message-channel",
		"postMessage sends a structured clone to the other port, whose onmessage gets a MessageEvent as a microtask after the current task (before a microtask queued later, and before timers): "+webMessageChannelDoc,
		`{"order":["sync","message:message:true","microtask","timeout"],"copy":true,"a":1,"date":true}`,
		`{"order":["sync","microtask","timeout","message:message:true"],"copy":true,"a":1,"date":true}`),
	webapiCase("message-port-queue",
		"a message waits in its port until the port has a listener (onmessage, or addEventListener without start(), as workerd has it); close() stops what either port posts afterwards but not what was posted before: "+webMessageChannelDoc,
		`{"seen":["closed:before","late:waited","listener:x"]}`,
		`{"seen":["closed back:back","closed:after","closed:before","late:waited","listener:x"]}`),
	webapiCase("message-port-errors",
		"postMessage of a function throws a DataCloneError, a MessagePort cannot be constructed (TypeError), a transfer list is refused (workerd: Error), and onmessage starts as null: "+webMessageChannelDoc,
		`{"names":["DataCloneError","TypeError","Error"],"onmessage":null}`,
		`{"names":["none","none","none"],"onmessage":null}`),

	// performance.
	webapiCase("performance-time-origin",
		"performance.timeOrigin is 0, so performance.now() is the time since the epoch, as Date.now() is: "+webPerfDoc,
		`{"timeOrigin":0,"nearDateNow":true,"tag":"[object Performance]"}`,
		`{"timeOrigin":1700000000000,"nearDateNow":false,"tag":"[object Performance]"}`),

	// Bodies and Response.
	webapiCase("body-init-forms",
		"a body of another kind is its string (new Response(0) reads \"0\", as text/plain); URLSearchParams is urlencoded, a Blob has its type, and any ArrayBufferView is its bytes, without a content-type: "+webResponseDoc,
		`{"zero":"0","zeroType":"text/plain;charset=UTF-8","bool":"true","object":"[object Object]","params":["application/x-www-form-urlencoded;charset=UTF-8","97,61,49"],`+
			`"blob":["text/x-foo","104,105"],"int16":[null,"1,0,2,1"],"dataView":[null,"2,3"],"float64":8}`,
		`{"error":"TypeError"}`),
	webapiCase("clone-used-body",
		"clone() of a Response or a Request whose body was read throws a TypeError: "+webResponseDoc,
		`{"names":["TypeError","TypeError"]}`, `{"names":["none","none"]}`),
	webapiCase("response-defaults",
		"a new Response is not redirected, of type \"default\", with url \"\" and statusText \"\" unless given; a statusText that is not a reason-phrase throws a TypeError: "+webResponseDoc,
		`{"redirected":false,"type":"default","url":"","statusText":"","custom":"Fine","bad":"TypeError"}`,
		`{"statusText":"","custom":"Fine","bad":"none"}`),

	webapiCase("response-error",
		"Response.error() is a network error: status 0, type \"error\", not ok, no body: "+webResponseDoc,
		`{"status":0,"type":"error","ok":false,"body":null}`, `{"error":"TypeError"}`),
	webapiCase("headers-bad-pair",
		"new Headers(pairs) throws a TypeError for a pair that is not [name, value]: "+webStandardsDoc,
		`{"names":["TypeError","TypeError",1]}`, `{"names":[1,1,1]}`),
	webapiCase("request-defaults",
		"a new Request has integrity \"\", keepalive false, redirect \"follow\" and no body: "+webRequestDoc,
		`{"integrity":"","keepalive":false,"redirect":"follow","bodyUsed":false,"body":null}`,
		`{"redirect":"follow","bodyUsed":false,"body":null}`),
	webapiCase("message-undefined",
		"postMessage(undefined) delivers a trusted MessageEvent whose data is undefined, with no ports; a MessageChannel's own keys are port2 and port1: "+webMessageChannelDoc,
		`{"undefinedData":true,"isTrusted":true,"ports":[],"keys":["port2","port1"]}`,
		`{"undefinedData":false,"isTrusted":false,"ports":[],"keys":["port1","port2"]}`),
	webapiCase("global-event-target",
		"the global scope has addEventListener, removeEventListener and dispatchEvent, which reach its listeners; PromiseRejectionEvent is a global that scripts cannot construct (TypeError): "+webStandardsDoc,
		`{"types":["function","function","function","function"],"n":1,"steps":["ok","ok","ok","ok","TypeError"]}`, `{"error":"ReferenceError"}`),
	webapiCase("global-self",
		"self is the global object, and ErrorEvent and reportError are globals: "+webStandardsDoc,
		`{"self":true,"errorEvent":"function","reportError":"function"}`, `{"error":"ReferenceError"}`),

	// The Cache API, as far as workerd answers without a cache configured.
	webapiCase("cache-storage",
		"caches.default is a Cache; caches.open(name) gives another Cache (a new object each time) and refuses no name or one of 1024 bytes or more (TypeError); matchAll, keys and caches.has are not implemented (Error): "+webCacheDoc,
		`{"default":"[object Cache]","storage":"[object CacheStorage]","opened":"[object Cache]","same":false,"isDefault":false,"longest":"[object Cache]","names":["TypeError","TypeError","Error","Error","Error"]}`,
		`{"error":"ReferenceError"}`),
	webapiCase("cache-put-refused",
		"cache.put throws a TypeError for a request that is not GET, a 206 response, a response with Vary: *, a used body, something not a Response, and a URL that does not parse: "+webCacheDoc,
		`{"names":["TypeError","TypeError","TypeError","TypeError","TypeError","TypeError"]}`,
		`{"names":["none","none","none","none","TypeError","TypeError"]}`),
	webapiCase("cache-non-get",
		"cache.match of a request that is not GET answers undefined and cache.delete false, without looking: "+webCacheDoc,
		`{"match":"undefined","head":"undefined","delete":false}`, `{"match":"[object Response]","head":"undefined","delete":true}`),
)
