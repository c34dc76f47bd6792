package js

import (
	"bytes"
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
