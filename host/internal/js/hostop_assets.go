package js

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/assets"
)

// jsOpAssetsFetch is the static assets binding's fetch (runtime.js's env.ASSETS,
// OP.ASSETS_FETCH), on the class's assets (package internal/assets): a is the JSON
// [method, url, [[name, value], ...]] of the request (names in lowercase); the result
// is the JSON [status, [[name, value], ...], hasBody] of the response, whose body
// FETCH_BODY returns next. A class without assets answers every request 404.
const jsOpAssetsFetch = 95

// assetsFetch runs OP.ASSETS_FETCH; a malformed argument, which runtime.js never
// passes, is the code bad_input.
func (js *Instance) assetsFetch(ctx context.Context) uint64 {
	bad := jsInt(-int32(abi.CodeBadInput))
	var args []any
	if err := decodeJSON(js.argA, &args); err != nil || len(args) != 3 {
		return bad
	}
	method, _ := args[0].(string)
	raw, _ := args[1].(string)
	list, _ := args[2].([]any)
	u, err := url.Parse(raw)
	if err != nil || method == "" {
		return bad
	}
	r := assets.Request{Method: method, Path: u.EscapedPath(), Query: u.RawQuery}
	if r.Path == "" {
		r.Path = "/"
	}
	for _, p := range list {
		kv, _ := p.([]any)
		if len(kv) != 2 {
			return bad
		}
		k, _ := kv[0].(string)
		v, _ := kv[1].(string)
		switch strings.ToLower(k) {
		case "if-none-match":
			r.IfNoneMatch = v
		case "authorization", "range":
			r.Private = true
		case "sec-fetch-mode":
			r.Navigate = v == "navigate"
		}
	}
	resp := assets.Response{Status: 404}
	if js.assets != nil {
		resp = js.assets.Fetch(r)
	}
	out := strconv.AppendInt(append(js.argB[:0], '['), int64(resp.Status), 10)
	out = append(out, ",["...)
	for i, h := range resp.Header {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONString(append(out, '['), []byte(strings.ToLower(h[0]))), ',')
		out = append(appendJSONString(out, []byte(h[1])), ']')
	}
	out = append(out, "],"...)
	out = strconv.AppendBool(out, resp.Body != nil)
	out = append(out, ']')
	js.fetchBody = append(js.fetchBody[:0], resp.Body...)
	return js.stringOf(ctx, out)
}
