package abi

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// ErrMalformed is wrapped by every decoding error: the bytes are not the MessagePack
// subset of ABI.md section 8, or not the shape the reader expected.
var ErrMalformed = errors.New("malformed message")

// MaxNestingDepth bounds the nesting of what the host decodes or transcodes from a
// plugin, a client or the bucket: arrays and maps in MessagePack (Decoder.Value), arrays
// and objects in JSON. [[1]] nests 2 levels; a value nested deeper is an error
// (ErrMalformed here, code bad_input where it is a call's input), so hostile input
// cannot exhaust the host's stack. It is 512 levels, the bound JavaScript method input
// has always had; no real value comes close.
const MaxNestingDepth = 512

// Encoder appends MessagePack (ABI.md section 8) to Buf. The zero value is ready to
// use; reset Buf to Buf[:0] to reuse its memory. Not safe for concurrent use.
type Encoder struct {
	Buf []byte
}

// Nil appends nil.
func (e *Encoder) Nil() { e.Buf = append(e.Buf, 0xc0) }

// Bool appends a bool.
func (e *Encoder) Bool(v bool) {
	if v {
		e.Buf = append(e.Buf, 0xc3)
	} else {
		e.Buf = append(e.Buf, 0xc2)
	}
}

// Int appends an integer in the smallest format that holds it.
func (e *Encoder) Int(v int64) {
	switch {
	case v >= 0 && v <= 0x7f:
		e.Buf = append(e.Buf, byte(v))
	case v < 0 && v >= -32:
		e.Buf = append(e.Buf, byte(v))
	case v >= math.MinInt8 && v <= math.MaxInt8:
		e.Buf = append(e.Buf, 0xd0, byte(v))
	case v >= math.MinInt16 && v <= math.MaxInt16:
		e.Buf = binary.BigEndian.AppendUint16(append(e.Buf, 0xd1), uint16(v))
	case v >= math.MinInt32 && v <= math.MaxInt32:
		e.Buf = binary.BigEndian.AppendUint32(append(e.Buf, 0xd2), uint32(v))
	default:
		e.Buf = binary.BigEndian.AppendUint64(append(e.Buf, 0xd3), uint64(v))
	}
}

// Float appends a float64.
func (e *Encoder) Float(v float64) {
	e.Buf = binary.BigEndian.AppendUint64(append(e.Buf, 0xcb), math.Float64bits(v))
}

// String appends a str.
func (e *Encoder) String(s string) {
	e.strHeader(len(s))
	e.Buf = append(e.Buf, s...)
}

// StringBytes appends b as a str (b holds UTF-8 text).
func (e *Encoder) StringBytes(b []byte) {
	e.strHeader(len(b))
	e.Buf = append(e.Buf, b...)
}

func (e *Encoder) strHeader(n int) {
	switch {
	case n <= 31:
		e.Buf = append(e.Buf, 0xa0|byte(n))
	case n <= math.MaxUint8:
		e.Buf = append(e.Buf, 0xd9, byte(n))
	case n <= math.MaxUint16:
		e.Buf = binary.BigEndian.AppendUint16(append(e.Buf, 0xda), uint16(n))
	default:
		e.Buf = binary.BigEndian.AppendUint32(append(e.Buf, 0xdb), uint32(n))
	}
}

// Bytes appends a bin.
func (e *Encoder) Bytes(b []byte) {
	n := len(b)
	switch {
	case n <= math.MaxUint8:
		e.Buf = append(e.Buf, 0xc4, byte(n))
	case n <= math.MaxUint16:
		e.Buf = binary.BigEndian.AppendUint16(append(e.Buf, 0xc5), uint16(n))
	default:
		e.Buf = binary.BigEndian.AppendUint32(append(e.Buf, 0xc6), uint32(n))
	}
	e.Buf = append(e.Buf, b...)
}

// ArrayHeader appends the header of an array of n elements; the caller appends them.
func (e *Encoder) ArrayHeader(n int) {
	switch {
	case n <= 15:
		e.Buf = append(e.Buf, 0x90|byte(n))
	case n <= math.MaxUint16:
		e.Buf = binary.BigEndian.AppendUint16(append(e.Buf, 0xdc), uint16(n))
	default:
		e.Buf = binary.BigEndian.AppendUint32(append(e.Buf, 0xdd), uint32(n))
	}
}

// MapHeader appends the header of a map of n pairs; the caller appends key, value, ...
func (e *Encoder) MapHeader(n int) {
	switch {
	case n <= 15:
		e.Buf = append(e.Buf, 0x80|byte(n))
	case n <= math.MaxUint16:
		e.Buf = binary.BigEndian.AppendUint16(append(e.Buf, 0xde), uint16(n))
	default:
		e.Buf = binary.BigEndian.AppendUint32(append(e.Buf, 0xdf), uint32(n))
	}
}

// Value appends v, which must be nil, bool, an integer type, float32/64, string,
// []byte, []any or map[string]any.
//
// # Errors
//
// A value of any other type is an error and leaves Buf partly written.
func (e *Encoder) Value(v any) error {
	switch v := v.(type) {
	case nil:
		e.Nil()
	case bool:
		e.Bool(v)
	case int:
		e.Int(int64(v))
	case int32:
		e.Int(int64(v))
	case int64:
		e.Int(v)
	case uint32:
		e.Int(int64(v))
	case float32:
		e.Float(float64(v))
	case float64:
		e.Float(v)
	case string:
		e.String(v)
	case []byte:
		e.Bytes(v)
	case []any:
		e.ArrayHeader(len(v))
		for _, x := range v {
			if err := e.Value(x); err != nil {
				return err
			}
		}
	case map[string]any:
		e.MapHeader(len(v))
		for k, x := range v {
			e.String(k)
			if err := e.Value(x); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("encode %T: unsupported type", v)
	}
	return nil
}

// Kind is the type of the next value a Decoder holds.
type Kind uint8

// The kinds of ABI.md section 8.
const (
	KindInvalid Kind = iota
	KindNil
	KindBool
	KindInt
	KindFloat
	KindString
	KindBytes
	KindArray
	KindMap
)

// Decoder reads MessagePack (ABI.md section 8) from a byte slice. Strings and byte
// slices it returns are copies unless the method says otherwise. Not safe for
// concurrent use.
type Decoder struct {
	b   []byte
	off int
}

// NewDecoder returns a Decoder reading b.
func NewDecoder(b []byte) *Decoder { return &Decoder{b: b} }

// Reset makes d read b from its start.
func (d *Decoder) Reset(b []byte) { d.b, d.off = b, 0 }

// Len is the number of unread bytes.
func (d *Decoder) Len() int { return len(d.b) - d.off }

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

// Peek gives the kind of the next value without consuming it; KindInvalid at the end
// of input or on a byte outside the subset.
func (d *Decoder) Peek() Kind {
	if d.off >= len(d.b) {
		return KindInvalid
	}
	c := d.b[d.off]
	switch {
	case c <= 0x7f || c >= 0xe0:
		return KindInt
	case c <= 0x8f:
		return KindMap
	case c <= 0x9f:
		return KindArray
	case c <= 0xbf:
		return KindString
	}
	switch c {
	case 0xc0:
		return KindNil
	case 0xc2, 0xc3:
		return KindBool
	case 0xc4, 0xc5, 0xc6:
		return KindBytes
	case 0xca, 0xcb:
		return KindFloat
	case 0xcc, 0xcd, 0xce, 0xcf, 0xd0, 0xd1, 0xd2, 0xd3:
		return KindInt
	case 0xd9, 0xda, 0xdb:
		return KindString
	case 0xdc, 0xdd:
		return KindArray
	case 0xde, 0xdf:
		return KindMap
	}
	return KindInvalid
}

func (d *Decoder) need(n int) ([]byte, error) {
	if n < 0 || len(d.b)-d.off < n {
		return nil, malformed("truncated at byte %d", d.off)
	}
	p := d.b[d.off : d.off+n]
	d.off += n
	return p, nil
}

func (d *Decoder) byte1() (byte, error) {
	p, err := d.need(1)
	if err != nil {
		return 0, err
	}
	return p[0], nil
}

func (d *Decoder) uintN(n int) (uint64, error) {
	p, err := d.need(n)
	if err != nil {
		return 0, err
	}
	switch n {
	case 1:
		return uint64(p[0]), nil
	case 2:
		return uint64(binary.BigEndian.Uint16(p)), nil
	case 4:
		return uint64(binary.BigEndian.Uint32(p)), nil
	}
	return binary.BigEndian.Uint64(p), nil
}

// Nil consumes a nil.
func (d *Decoder) Nil() error {
	c, err := d.byte1()
	if err != nil {
		return err
	}
	if c != 0xc0 {
		d.off--
		return malformed("want nil at byte %d", d.off)
	}
	return nil
}

// Bool consumes a bool.
func (d *Decoder) Bool() (bool, error) {
	c, err := d.byte1()
	if err != nil {
		return false, err
	}
	switch c {
	case 0xc2:
		return false, nil
	case 0xc3:
		return true, nil
	}
	d.off--
	return false, malformed("want bool at byte %d", d.off)
}

// Int consumes an integer of any width. A uint64 above MaxInt64 is an error.
func (d *Decoder) Int() (int64, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return 0, err
	}
	switch {
	case c <= 0x7f:
		return int64(c), nil
	case c >= 0xe0:
		return int64(int8(c)), nil
	}
	var u uint64
	switch c {
	case 0xcc, 0xcd, 0xce, 0xcf:
		u, err = d.uintN(1 << (c - 0xcc))
		if err == nil && u > math.MaxInt64 {
			err = malformed("integer at byte %d overflows int64", start)
		}
		return int64(u), err
	case 0xd0:
		u, err = d.uintN(1)
		return int64(int8(u)), err
	case 0xd1:
		u, err = d.uintN(2)
		return int64(int16(u)), err
	case 0xd2:
		u, err = d.uintN(4)
		return int64(int32(u)), err
	case 0xd3:
		u, err = d.uintN(8)
		return int64(u), err
	}
	d.off = start
	return 0, malformed("want int at byte %d", start)
}

// Float consumes a float32 or float64.
func (d *Decoder) Float() (float64, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return 0, err
	}
	switch c {
	case 0xca:
		u, err := d.uintN(4)
		return float64(math.Float32frombits(uint32(u))), err
	case 0xcb:
		u, err := d.uintN(8)
		return math.Float64frombits(u), err
	}
	d.off = start
	return 0, malformed("want float at byte %d", start)
}

// StringBytes consumes a str and returns its bytes, aliasing the input.
func (d *Decoder) StringBytes() ([]byte, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return nil, err
	}
	var n uint64
	switch {
	case c >= 0xa0 && c <= 0xbf:
		n = uint64(c & 0x1f)
	case c == 0xd9:
		n, err = d.uintN(1)
	case c == 0xda:
		n, err = d.uintN(2)
	case c == 0xdb:
		n, err = d.uintN(4)
	default:
		d.off = start
		return nil, malformed("want str at byte %d", start)
	}
	if err != nil {
		return nil, err
	}
	return d.need(int(n))
}

// String consumes a str.
func (d *Decoder) String() (string, error) {
	b, err := d.StringBytes()
	return string(b), err
}

// BytesAlias consumes a bin and returns its bytes, aliasing the input.
func (d *Decoder) BytesAlias() ([]byte, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return nil, err
	}
	var n uint64
	switch c {
	case 0xc4:
		n, err = d.uintN(1)
	case 0xc5:
		n, err = d.uintN(2)
	case 0xc6:
		n, err = d.uintN(4)
	default:
		d.off = start
		return nil, malformed("want bin at byte %d", start)
	}
	if err != nil {
		return nil, err
	}
	return d.need(int(n))
}

// ArrayHeader consumes an array header and returns its length.
func (d *Decoder) ArrayHeader() (int, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return 0, err
	}
	var n uint64
	switch {
	case c >= 0x90 && c <= 0x9f:
		n = uint64(c & 0x0f)
	case c == 0xdc:
		n, err = d.uintN(2)
	case c == 0xdd:
		n, err = d.uintN(4)
	default:
		d.off = start
		return 0, malformed("want array at byte %d", start)
	}
	if err == nil && n > uint64(d.Len()) { // every element takes at least one byte
		err = malformed("array at byte %d longer than its input", start)
	}
	return int(n), err
}

// MapHeader consumes a map header and returns its number of pairs.
func (d *Decoder) MapHeader() (int, error) {
	start := d.off
	c, err := d.byte1()
	if err != nil {
		return 0, err
	}
	var n uint64
	switch {
	case c >= 0x80 && c <= 0x8f:
		n = uint64(c & 0x0f)
	case c == 0xde:
		n, err = d.uintN(2)
	case c == 0xdf:
		n, err = d.uintN(4)
	default:
		d.off = start
		return 0, malformed("want map at byte %d", start)
	}
	if err == nil && n > uint64(d.Len())/2 {
		err = malformed("map at byte %d longer than its input", start)
	}
	return int(n), err
}

// Value consumes any value and returns it as nil, bool, int64, float64, string, []byte
// (a copy), []any or map[string]any (map keys must be str).
//
// # Limits
//
// Arrays and maps may nest MaxNestingDepth levels. The memory Value allocates grows with
// the elements it reads, not with the lengths headers claim: an n-byte input costs
// O(n) memory however it nests.
//
// # Errors
//
// ErrMalformed (wrapped) for input outside ABI.md section 8, a header longer than the
// input, a map key that is not a str, or nesting deeper than MaxNestingDepth.
func (d *Decoder) Value() (any, error) { return d.value(0) }

// preallocMax bounds what value allocates for an array or map before reading its
// elements: each level of a nested value may claim as many elements as the input has
// bytes, and allocating them all up front would cost MaxNestingDepth times the input.
const preallocMax = 8

func (d *Decoder) value(depth int) (any, error) {
	if depth > MaxNestingDepth {
		return nil, malformed("nested deeper than %d levels", MaxNestingDepth)
	}
	switch d.Peek() {
	case KindNil:
		d.off++
		return nil, nil
	case KindBool:
		return d.Bool()
	case KindInt:
		return d.Int()
	case KindFloat:
		return d.Float()
	case KindString:
		return d.String()
	case KindBytes:
		b, err := d.BytesAlias()
		return append([]byte{}, b...), err
	case KindArray:
		n, err := d.ArrayHeader()
		if err != nil {
			return nil, err
		}
		a := make([]any, 0, min(n, preallocMax))
		for range n {
			v, err := d.value(depth + 1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		return a, nil
	case KindMap:
		n, err := d.MapHeader()
		if err != nil {
			return nil, err
		}
		m := make(map[string]any, min(n, preallocMax))
		for range n {
			k, err := d.String()
			if err != nil {
				return nil, err
			}
			if m[k], err = d.value(depth + 1); err != nil {
				return nil, err
			}
		}
		return m, nil
	}
	if d.off >= len(d.b) {
		return nil, malformed("truncated at byte %d", d.off)
	}
	return nil, malformed("unsupported type byte 0x%02x at byte %d", d.b[d.off], d.off)
}

// End returns an error if unread bytes remain.
func (d *Decoder) End() error {
	if d.off != len(d.b) {
		return malformed("%d trailing bytes", len(d.b)-d.off)
	}
	return nil
}
