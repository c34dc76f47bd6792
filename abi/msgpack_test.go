package abi

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	values := []any{
		nil, true, false,
		int64(0), int64(1), int64(127), int64(128), int64(-1), int64(-32), int64(-33),
		int64(255), int64(-128), int64(-129), int64(65535), int64(1 << 20), int64(-1 << 20),
		int64(math.MaxInt64), int64(math.MinInt64),
		1.5, math.Inf(-1),
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
		if !reflect.DeepEqual(got, v) {
			t.Fatalf("round trip of %T: got %v", v, got)
		}
	}
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
		{"ErrTooDeep", bytes.Repeat([]byte{0x91}, MaxDepth+5)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewDecoder(tc.in).Value()
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("got %v, want ErrMalformed", err)
			}
		})
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
		if err != nil || !reflect.DeepEqual(again, v) {
			t.Fatalf("re-decode: %v %v", again, err)
		}
	})
}
