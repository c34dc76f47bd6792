package host

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"hash"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The Node.js modules of sdk-js/node, run in the engine: testdata/node.bundle.js is
// package jsbundle's bundle of jsbundle/testdata/node (a project under nodejs_compat,
// rewritten by `go test ./jsbundle -run TestNodeBundleForHost -update`), whose
// checks.js uses each module and answers what it observed. testdata/node.workerd.json
// is what workerd answered for the same checks (the project's default fetch, run on
// workerd with its wrangler.toml's date, flags and vars): each check must answer the
// same here, but for the few fields nodeDiffers names.

func deployNode(t *testing.T) *Engine {
	t.Helper()
	b, err := os.ReadFile("testdata/node.bundle.js")
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, Options{})
	deployJS(t, e, "Node", b)
	return e
}

// undefinedAsNull turns the structured encoding of undefined ({"$t":"undefined"}) into
// what JSON.stringify writes for it in workerd's answer: null in an array, nothing in
// an object.
func undefinedAsNull(v any) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 1 && x["$t"] == "undefined" {
			return nil, false
		}
		out := map[string]any{}
		for k, e := range x {
			if e2, ok := undefinedAsNull(e); ok {
				out[k] = e2
			}
		}
		return out, true
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i], _ = undefinedAsNull(e)
		}
		return out, true
	}
	return v, true
}

func TestJSNodeModulesAnswerAsWorkerd(t *testing.T) {
	raw, err := os.ReadFile("testdata/node.workerd.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	e := deployNode(t)
	if len(want) < 14 {
		t.Fatalf("testdata/node.workerd.json has %d checks", len(want))
	}
	for name := range want {
		t.Run(name, func(t *testing.T) {
			out := jsMust(t, e, "Node", "a", "check", `"`+name+`"`)
			var got any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%s: %v", out, err)
			}
			got, _ = undefinedAsNull(got)
			if w := want[name]; !reflect.DeepEqual(got, w) {
				gj, _ := json.MarshalIndent(got, "", " ")
				wj, _ := json.MarshalIndent(w, "", " ")
				t.Fatalf("check %s answered\n%s\nworkerd answered\n%s", name, gj, wj)
			}
		})
	}
}

// createHash and createHmac give Go's digests, and Buffer's base64 round-trips, for
// inputs large enough to go through the host's digest and base64 in one call.
func TestJSNodeHashesMatchGo(t *testing.T) {
	e := deployNode(t)
	hashes := map[string]func() hash.Hash{"md5": md5.New, "sha1": sha1.New, "sha256": sha256.New, "sha384": sha512.New384, "sha512": sha512.New}
	for alg, h := range hashes {
		for _, tc := range []struct {
			key   string
			times int
		}{{"", 1}, {"", 100000}, {"k", 3}, {strings.Repeat("long key ", 30), 1000}} {
			const text = "héllo, wörld "
			data := strings.Repeat(text, tc.times)
			var w hash.Hash
			in := map[string]any{"algorithm": alg, "text": text, "times": tc.times}
			if tc.key == "" {
				w = h()
			} else {
				w = hmac.New(h, []byte(tc.key))
				in["key"] = tc.key
			}
			w.Write([]byte(data))
			arg, _ := json.Marshal(in)
			var got struct {
				Hex       string `json:"hex"`
				RoundTrip bool   `json:"roundTrip"`
				B64Length int    `json:"b64Length"`
			}
			if err := json.Unmarshal([]byte(jsMust(t, e, "Node", "a", "hash", string(arg))), &got); err != nil {
				t.Fatal(err)
			}
			if want := hex.EncodeToString(w.Sum(nil)); got.Hex != want || !got.RoundTrip || got.B64Length != base64.StdEncoding.EncodedLen(len(data)) {
				t.Errorf("%s key %q x%d: %+v, want hex %s, a round trip, %d base64 characters", alg, tc.key, tc.times, got, want, base64.StdEncoding.EncodedLen(len(data)))
			}
		}
	}
}

// A hash sobjects lacks is an Error naming it, as in workerd; not a host failure.
func TestJSNodeUnknownHashIsAnError(t *testing.T) {
	e := deployNode(t)
	_, err := jsCall(t, e, "Node", "a", "hash", `{"algorithm":"whirlpool","text":"x","times":1}`)
	if err == nil || !strings.Contains(err.Error(), "Digest method not supported") {
		t.Fatalf("err %v, want Digest method not supported", err)
	}
}
