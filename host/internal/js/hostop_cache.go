package js

import (
	"context"
	"encoding/json"
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
	// jsOpCacheMatch: a is the JSON [cache, url, ifNoneMatch]; the result is "" when
	// the cache holds no response for url, else the JSON [status, [[name, value],
	// ...]] of the response, whose body FETCH_BODY returns next. With ifNoneMatch
	// (an If-None-Match value, or "") naming the response's ETag, the response is a
	// 304 without a body.
	jsOpCacheMatch = 61
	// jsOpCacheDelete: a is the JSON [cache, url]; the result is "true" when the
	// cache held a response for url, else "false".
	jsOpCacheDelete = 62
)

// cacheOp runs the Cache API operation op; a result the script cannot use (a
// malformed argument, which runtime.js never passes) is the code bad_input.
func (js *Instance) cacheOp(ctx context.Context, op int32) uint64 {
	c := js.cache
	if c == nil {
		c = NewCache(-1)
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
		if inm, _ := args[len(args)-1].(string); len(args) == 3 && inm != "" && etagMatches(inm, headers) {
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

// etagMatches reports whether the If-None-Match value inm names the ETag of headers
// (weak comparison, RFC 9110 section 13.1.2), or is "*".
func etagMatches(inm string, headers [][2]string) bool {
	var etag string
	for _, h := range headers {
		if strings.EqualFold(h[0], "etag") {
			etag = h[1]
		}
	}
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
