package js

import (
	"context"
	"crypto/sha256"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/assets"
)

// jsOpAssetsFetch is the static assets binding's fetch (runtime.js's env.ASSETS,
// OP.ASSETS_FETCH), on the class's assets (package internal/assets): a is the JSON
// [method, url, [[name, value], ...]] of the request (names in lowercase); the result
// is the JSON [status, [[name, value], ...], hasBody] of the response, whose body
// jsOpAssetsBody returns next, as an ArrayBuffer. A class without assets answers every
// request 404.
const (
	jsOpAssetsFetch = 95
	jsOpAssetsBody  = 96
)

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
	r := assets.Request{Method: method, Path: u.EscapedPath(), Query: u.RawQuery, Host: u.Hostname()}
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
	js.assetBody = resp.Body // the Set's own bytes, never changed: no copy until the script's
	return js.stringOf(ctx, out)
}

// assetsBody runs OP.ASSETS_BODY: the body of the last response of OP.ASSETS_FETCH.
func (js *Instance) assetsBody(ctx context.Context) uint64 {
	b := js.assetBody
	js.assetBody = nil
	return js.arrayBuffer(ctx, b)
}

// sharedAssets are the parsed assets of the bundles compiled, by the hash of their
// archive: the classes of one project (its Worker and its Durable Object classes, each
// deployed with the same bundle) share one Set in memory rather than one each. An
// entry goes with the last class that holds its Set.
var sharedAssets = struct {
	mu   sync.Mutex                            // guards sets
	sets map[[32]byte]weak.Pointer[assets.Set] // by SHA-256 of the archive
}{sets: map[[32]byte]weak.Pointer[assets.Set]{}}

// cutAssets is assets.Cut, sharing the Set of an archive already parsed.
func cutAssets(bundle []byte) ([]byte, *assets.Set, error) {
	script, archive, err := assets.Split(bundle)
	if err != nil || archive == nil {
		return script, nil, err
	}
	key := sha256.Sum256(archive)
	sharedAssets.mu.Lock()
	defer sharedAssets.mu.Unlock()
	if s := sharedAssets.sets[key].Value(); s != nil {
		return script, s, nil
	}
	for k, w := range sharedAssets.sets {
		if w.Value() == nil {
			delete(sharedAssets.sets, k)
		}
	}
	_, s, err := assets.Cut(bundle)
	if err != nil {
		return nil, nil, err
	}
	sharedAssets.sets[key] = weak.Make(s)
	return script, s, nil
}
