package js

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/sobjects/sobjects/abi"
)

// Host operations of the Cache API (runtime.js's Cache, OP.CACHE_*), on the node's
// Cache. cache is the Cache's key in it: "d" for caches.default, "n" and the name for
// caches.open(name).
const (
	// jsOpCachePut: a is the JSON [cache, url, status, [[name, value], ...]] of the
	// response, b its body; the result is "true" when the cache kept it, else "false".
	jsOpCachePut = 60
	// jsOpCacheMatch: a is the JSON [cache, url, ifNoneMatch, ifModifiedSince]; the
	// result is "" when the cache holds no response for url, else the JSON [status,
	// [[name, value], ...]] of the response, whose body FETCH_BODY returns next. The
	// response is a 304 without a body when the request's If-None-Match names its ETag,
	// or, without If-None-Match, when its Last-Modified is no later than the request's
	// If-Modified-Since (notModified); "" stands for a header the request lacks.
	jsOpCacheMatch = 61
	// jsOpCacheDelete: a is the JSON [cache, url]; the result is "true" when the
	// cache held a response for url, else "false".
	jsOpCacheDelete = 62
)

// noCache is the store of an instance made without one: it keeps nothing.
var noCache = NewCache(-1)

// cacheOp runs the Cache API operation op; a result the script cannot use (a
// malformed argument, which runtime.js never passes) is the code bad_input.
func (js *Instance) cacheOp(ctx context.Context, op int32) uint64 {
	c := js.cache
	if c == nil {
		c = noCache
	}
	bad := jsInt(-int32(abi.CodeBadInput))
	var args []any
	if err := decodeJSON(js.argA, &args); err != nil || len(args) < 2 {
		return bad
	}
	cache, _ := args[0].(string)
	url, _ := args[1].(string)
	switch op {
	case jsOpCachePut:
		n, _ := args[len(args)-2].(json.Number)
		status, err := n.Int64()
		if len(args) != 4 || err != nil {
			return bad
		}
		list, _ := args[3].([]any)
		headers := make([][2]string, 0, len(list))
		for _, p := range list {
			kv, _ := p.([]any)
			if len(kv) != 2 {
				return bad
			}
			k, _ := kv[0].(string)
			v, _ := kv[1].(string)
			headers = append(headers, [2]string{k, v})
		}
		return js.stringOf(ctx, strconv.AppendBool(nil, c.Put(cache, url, int(status), headers, js.argB)))
	case jsOpCacheMatch:
		status, headers, body, ok := c.Match(cache, url)
		if !ok {
			return js.stringOf(ctx, nil)
		}
		if len(args) != 4 {
			return bad
		}
		inm, _ := args[2].(string)
		ims, _ := args[3].(string)
		if status == 200 && notModified(headers, inm, ims) {
			status, body = 304, nil
		}
		out := strconv.AppendInt(append(js.argB[:0], '['), int64(status), 10)
		out = append(out, ",["...)
		for i, h := range headers {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(appendJSONString(append(out, '['), []byte(h[0])), ',')
			out = append(appendJSONString(out, []byte(h[1])), ']')
		}
		out = append(out, "]]"...)
		js.fetchBody = append(js.fetchBody[:0], body...)
		return js.stringOf(ctx, out)
	case jsOpCacheDelete:
		return js.stringOf(ctx, strconv.AppendBool(nil, c.Delete(cache, url)))
	}
	return bad
}

// notModified reports whether a request with If-None-Match inm and If-Modified-Since
// ims ("" when it lacks one) gets a 304 for a response with headers (RFC 9110 section
// 13.2.2: If-None-Match, when present, decides alone).
func notModified(headers [][2]string, inm, ims string) bool {
	var etag, modified string
	for _, h := range headers {
		switch strings.ToLower(h[0]) {
		case "etag":
			etag = h[1]
		case "last-modified":
			modified = h[1]
		}
	}
	if inm != "" {
		return etagMatches(inm, etag)
	}
	if ims == "" || modified == "" {
		return false
	}
	since, err1 := http.ParseTime(ims)
	last, err2 := http.ParseTime(modified)
	return err1 == nil && err2 == nil && !last.After(since)
}

// etagMatches reports whether the If-None-Match value inm names etag (weak
// comparison, RFC 9110 section 13.1.2), or is "*".
func etagMatches(inm, etag string) bool {
	if etag == "" {
		return false
	}
	weak := func(t string) string { return strings.TrimPrefix(strings.TrimSpace(t), "W/") }
	for t := range strings.SplitSeq(inm, ",") {
		if strings.TrimSpace(t) == "*" || weak(t) == weak(etag) {
			return true
		}
	}
	return false
}
