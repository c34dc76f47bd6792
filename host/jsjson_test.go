package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// nestedArrays is levels one-element MessagePack arrays around nil.
func nestedArrays(levels int) []byte { return append(bytes.Repeat([]byte{0x91}, levels), 0xc0) }

// nestedMaps is levels one-pair maps {"k": ...} around nil.
func nestedMaps(levels int) []byte {
	return append(bytes.Repeat([]byte{0x81, 0xa1, 'k'}, levels), 0xc0)
}

// TestAppendJSONBoundsNesting: the transcoder of what plugins answer to scripts
// transcodes values nested abi.MaxNestingDepth levels, and refuses one level more — and
// 20 million levels, which overflowed Go's stack and killed the process — with an
// error wrapping abi.ErrMalformed.
func TestAppendJSONBoundsNesting(t *testing.T) {
	for _, tc := range []struct {
		name       string
		in         func(int) []byte
		open, shut string
	}{
		{"arrays", nestedArrays, "[", "]"},
		{"maps", nestedMaps, `{"k":`, "}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := appendJSON(nil, abi.NewDecoder(tc.in(abi.MaxNestingDepth)))
			want := strings.Repeat(tc.open, abi.MaxNestingDepth) + "null" + strings.Repeat(tc.shut, abi.MaxNestingDepth)
			if err != nil || string(got) != want {
				t.Fatalf("%d levels: %.40s... %v, want %.40s...", abi.MaxNestingDepth, got, err, want)
			}
			if jsonDeeperThan(got, maxJSInputDepth) {
				t.Fatalf("the JSON of %d levels is deeper than a script may send back", abi.MaxNestingDepth)
			}
			for _, levels := range []int{abi.MaxNestingDepth + 1, 20_000_000} {
				_, err := appendJSON(nil, abi.NewDecoder(tc.in(levels)))
				if !errors.Is(err, abi.ErrMalformed) || !strings.Contains(err.Error(), "nested deeper than 512 levels") {
					t.Errorf("%d levels: %v, want ErrMalformed naming the bound", levels, err)
				}
			}
		})
	}
}

// FuzzAppendJSON: whatever the bytes, appendJSON returns an error or valid JSON no
// deeper than a script may send and at most maxJSONGrowth times as long as its input,
// and it accepts exactly what abi.Decoder.Value accepts.
func FuzzAppendJSON(f *testing.F) {
	for _, seed := range [][]byte{
		{0x93, 0x01, 0xa1, 'x', 0xc4, 0x01, 0x00},
		{0x82, 0xa1, 'k', 0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0xa1, 'n', 0xd3, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		{0xa3, 0x00, 0x1f, 0xff},
		{0x92, 0xca, 0xff, 0x80, 0x00, 0x00, 0xca, 0x7f, 0xc0, 0x00, 0x00}, // -Inf, NaN as float32
		nestedArrays(abi.MaxNestingDepth),
		nestedArrays(abi.MaxNestingDepth + 1),
		nestedMaps(abi.MaxNestingDepth + 1),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d := abi.NewDecoder(in)
		out, err := appendJSON(nil, d)
		_, verr := abi.NewDecoder(in).Value()
		if (err == nil) != (verr == nil) {
			t.Fatalf("appendJSON: %v; Value: %v", err, verr)
		}
		if err != nil {
			if !errors.Is(err, abi.ErrMalformed) {
				t.Fatalf("error does not wrap ErrMalformed: %v", err)
			}
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid JSON %q", out)
		}
		if jsonDeeperThan(out, maxJSInputDepth) {
			t.Fatalf("JSON deeper than %d levels", maxJSInputDepth)
		}
		if read := len(in) - d.Len(); len(out) > maxJSONGrowth*read {
			t.Fatalf("%d bytes of MessagePack became %d of JSON", read, len(out))
		}
	})
}

// A JavaScript object that fetches a native object whose fetch answers 20 million
// nested arrays in place of its headers gets an error for that call (the transcoder
// recursed without bound and Go's stack overflow ended the process); the engine goes
// on serving.
func TestJSFetchOfADeeplyNestedAnswerFails(t *testing.T) {
	e := newEngine(t, Options{})
	ctx := context.Background()
	if _, err := e.Deploy(ctx, "deep", fixture(t, "deep_fetch")()); err != nil {
		t.Fatal(err)
	}
	const script = `
class Front extends DurableObject {
  async viaFetch() { return (await this.env.DEEP.getByName("d").fetch("http://x/")).status; }
  async ok() { return "still here"; }
}
return { Front };`
	deployJS(t, e, "Front", jsBundle(`{"name":"t","bindings":{"DEEP":{"class":"deep"}},"vars":{}}`, script))
	out, err := e.Call(ctx, "Front", "f", "viaFetch", nil)
	if err == nil || !strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("fetch of a deeply nested answer: %s %v, want an error naming the malformed response", out, err)
	}
	if out, err := e.Call(ctx, "Front", "f", "ok", nil); err != nil || string(out) != `"still here"` {
		t.Fatalf("after the refused answer: %s %v", out, err)
	}
	// Over the HTTP fetch route the same answer is refused as it always was.
	if _, err := e.Fetch(ctx, "deep", "d", FetchRequest{Method: "GET", URL: "http://x/"}); err == nil ||
		!strings.Contains(err.Error(), "malformed fetch response") {
		t.Fatalf("Engine.Fetch: %v, want malformed fetch response", err)
	}
}

// FuzzDecodeFetchResponse: whatever a plugin's fetch export answers, decoding it
// returns a response or an error; a response has a status from 100 to 599 and
// re-encodes to the bytes it came from.
func FuzzDecodeFetchResponse(f *testing.F) {
	var enc abi.Encoder
	enc.ArrayHeader(3)
	enc.Int(200)
	enc.ArrayHeader(1)
	enc.ArrayHeader(2)
	enc.String("content-type")
	enc.String("text/plain")
	enc.Bytes([]byte("hi"))
	f.Add(enc.Buf)
	f.Add(append([]byte{0x93, 0xcc, 0xc8}, append(nestedArrays(1000), 0xc4, 0x00)...))
	f.Add([]byte{0x93, 0xcd, 0x01, 0xf4, 0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := decodeFetchResponse(in)
		if err != nil {
			return
		}
		if r.Status < 100 || r.Status > 599 {
			t.Fatalf("status %d", r.Status)
		}
		var e abi.Encoder
		e.ArrayHeader(3)
		e.Int(int64(r.Status))
		e.ArrayHeader(len(r.Headers))
		for _, h := range r.Headers {
			e.ArrayHeader(2)
			e.String(h[0])
			e.String(h[1])
		}
		e.Bytes(r.Body)
		if again, err := decodeFetchResponse(e.Buf); err != nil || again.Status != r.Status ||
			len(again.Headers) != len(r.Headers) || !bytes.Equal(again.Body, r.Body) {
			t.Fatalf("re-decode of %+v: %+v %v", r, again, err)
		}
	})
}
