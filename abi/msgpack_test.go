package abi

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	values := []any{
		nil, true, false,
		int64(0), int64(1), int64(127), int64(128), int64(-1), int64(-32), int64(-33),
		int64(255), int64(-128), int64(-129), int64(65535), int64(1 << 20), int64(-1 << 20),
		int64(math.MaxInt64), int64(math.MinInt64),
		1.5, math.Inf(-1), math.NaN(), // NaN: found by FuzzDecodeValue, which compared it with ==
		[]any{math.NaN()},
		"", "hello", string(bytes.Repeat([]byte("x"), 40)), string(bytes.Repeat([]byte("y"), 300)),
		string(bytes.Repeat([]byte("z"), 70000)),
		[]byte{}, []byte{1, 2, 3}, bytes.Repeat([]byte{7}, 70000),
		[]any{}, []any{int64(1), "a", nil, []any{[]byte{9}}},
		make([]any, 20),
		map[string]any{"a": int64(1), "b": []any{"c"}},
	}
	for _, v := range values {
		var e Encoder
		if err := e.Value(v); err != nil {
			t.Fatalf("encode %v: %v", v, err)
		}
		d := NewDecoder(e.Buf)
		got, err := d.Value()
		if err != nil {
			t.Fatalf("decode %T: %v", v, err)
		}
		if err := d.End(); err != nil {
			t.Fatal(err)
		}
		if !sameValue(got, v) {
			t.Fatalf("round trip of %T: got %v", v, got)
		}
	}
}

// sameValue is reflect.DeepEqual, but a NaN equals a NaN of the same bits.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameValue(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"ErrEmpty", nil},
		{"ErrTruncatedStr", []byte{0xa5, 'a'}},
		{"ErrTruncatedInt", []byte{0xd2, 0, 0}},
		{"ErrExtension", []byte{0xd4, 1, 2}},
		{"ErrHugeArray", []byte{0xdd, 0xff, 0xff, 0xff, 0xff}},
		{"ErrUint64Overflow", []byte{0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
		{"ErrMapKeyNotString", []byte{0x81, 0x01, 0x02}},
		{"ErrTooDeep", bytes.Repeat([]byte{0x91}, MaxNestingDepth+5)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewDecoder(tc.in).Value()
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("got %v, want ErrMalformed", err)
			}
		})
	}
}

// nested is levels arrays of one element each around nil.
func nested(levels int) []byte { return append(bytes.Repeat([]byte{0x91}, levels), 0xc0) }

// TestValueNestingBound: a value nested MaxNestingDepth levels decodes; one level more,
// and 20 million levels, are ErrMalformed errors that name the bound.
func TestValueNestingBound(t *testing.T) {
	v, err := NewDecoder(nested(MaxNestingDepth)).Value()
	if err != nil {
		t.Fatalf("%d levels: %v", MaxNestingDepth, err)
	}
	for range MaxNestingDepth {
		a, ok := v.([]any)
		if !ok || len(a) != 1 {
			t.Fatalf("decoded %#v, want one-element arrays", v)
		}
		v = a[0]
	}
	if v != nil {
		t.Fatalf("innermost value %#v, want nil", v)
	}
	for _, levels := range []int{MaxNestingDepth + 1, 20_000_000} {
		_, err := NewDecoder(nested(levels)).Value()
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "nested deeper than 512 levels") {
			t.Errorf("%d levels: %v, want ErrMalformed naming the bound", levels, err)
		}
	}
}

// TestValueMemoryGrowsWithInput: headers that each claim as many elements as the input
// has bytes, nested MaxNestingDepth levels, cost memory in proportion to the input, not
// to the lengths they claim.
func TestValueMemoryGrowsWithInput(t *testing.T) {
	const size = 1 << 20
	var in []byte
	for range MaxNestingDepth {
		in = binary.BigEndian.AppendUint32(append(in, 0xdd), uint32(size-len(in)-5*MaxNestingDepth))
	}
	in = append(in, make([]byte, size-len(in))...) // zeros: positive fixints
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := NewDecoder(in).Value()
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("got %v, want ErrMalformed (the arrays are truncated)", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 128*size {
		t.Errorf("decoding %d bytes allocated %d MiB, want at most 128 times the input", size, got>>20)
	}
}

func TestIsMethodName(t *testing.T) {
	for name, want := range map[string]bool{
		"increment": true, "get_2": true, "": false, "_start": false, "init": false,
		"alarm": false, "fetch": false, "sobjects_alloc": false, "a-b": false,
		string(bytes.Repeat([]byte("a"), 257)): false,
	} {
		if IsMethodName(name) != want {
			t.Errorf("IsMethodName(%q) = %v", name, !want)
		}
	}
}

func FuzzDecodeValue(f *testing.F) {
	for _, seed := range [][]byte{
		{0x93, 0x01, 0xa1, 'x', 0xc4, 0x01, 0x00},
		{0x81, 0xa1, 'k', 0xcb, 0, 0, 0, 0, 0, 0, 0, 0},
		{0xdc, 0x00, 0x02, 0xc0, 0xc3},
		nested(MaxNestingDepth),
		nested(MaxNestingDepth + 1),
		{0x92, 0xdd, 0x00, 0x00, 0x00, 0x03, 0xdf, 0x00, 0x00, 0x00, 0x01},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		v, err := NewDecoder(in).Value()
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error not ErrMalformed: %v", err)
			}
			return
		}
		var e Encoder
		if err := e.Value(v); err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		again, err := NewDecoder(e.Buf).Value()
		if err != nil || !sameValue(again, v) {
			t.Fatalf("re-decode: %v %v", again, err)
		}
	})
}
