package main

import (
	"encoding/binary"
	"errors"
	"math"
)

// encoder writes the MessagePack subset of abi/ABI.md section 8.
type encoder struct{ buf []byte }

func (e *encoder) arrayHeader(n int) {
	switch {
	case n < 16:
		e.buf = append(e.buf, 0x90|byte(n))
	case n <= math.MaxUint16:
		e.buf = binary.BigEndian.AppendUint16(append(e.buf, 0xdc), uint16(n))
	default:
		e.buf = binary.BigEndian.AppendUint32(append(e.buf, 0xdd), uint32(n))
	}
}

func (e *encoder) int(v int64) {
	switch {
	case v >= 0 && v < 128:
		e.buf = append(e.buf, byte(v))
	case v < 0 && v >= -32:
		e.buf = append(e.buf, byte(v))
	default:
		e.buf = binary.BigEndian.AppendUint64(append(e.buf, 0xd3), uint64(v))
	}
}

func (e *encoder) str(s string) {
	switch n := len(s); {
	case n < 32:
		e.buf = append(e.buf, 0xa0|byte(n))
	case n <= math.MaxUint8:
		e.buf = append(e.buf, 0xd9, byte(n))
	case n <= math.MaxUint16:
		e.buf = binary.BigEndian.AppendUint16(append(e.buf, 0xda), uint16(n))
	default:
		e.buf = binary.BigEndian.AppendUint32(append(e.buf, 0xdb), uint32(n))
	}
	e.buf = append(e.buf, s...)
}

func (e *encoder) bin(b []byte) {
	switch n := len(b); {
	case n <= math.MaxUint8:
		e.buf = append(e.buf, 0xc4, byte(n))
	case n <= math.MaxUint16:
		e.buf = binary.BigEndian.AppendUint16(append(e.buf, 0xc5), uint16(n))
	default:
		e.buf = binary.BigEndian.AppendUint32(append(e.buf, 0xc6), uint32(n))
	}
	e.buf = append(e.buf, b...)
}

func (e *encoder) header(name, value string) {
	e.arrayHeader(2)
	e.str(name)
	e.str(value)
}

var errMsgpack = &hostError{code: codeBadInput, msg: "malformed MessagePack"}

// decode reads one value: nil, bool, int64, float64, string, []byte, []any or
// map[string]any. It returns the bytes after it.
func decode(b []byte) (any, []byte, error) {
	if len(b) == 0 {
		return nil, nil, errMsgpack
	}
	t, b := b[0], b[1:]
	n := func(size int) (uint64, error) {
		if len(b) < size {
			return 0, errMsgpack
		}
		var v uint64
		for _, c := range b[:size] {
			v = v<<8 | uint64(c)
		}
		b = b[size:]
		return v, nil
	}
	switch {
	case t <= 0x7f:
		return int64(t), b, nil
	case t >= 0xe0:
		return int64(int8(t)), b, nil
	case t&0xe0 == 0xa0:
		return str(b, int(t&0x1f))
	case t&0xf0 == 0x90:
		return array(b, int(t&0x0f))
	case t&0xf0 == 0x80:
		return mapOf(b, int(t&0x0f))
	}
	switch t {
	case 0xc0:
		return nil, b, nil
	case 0xc2, 0xc3:
		return t == 0xc3, b, nil
	case 0xcc, 0xcd, 0xce, 0xcf:
		v, err := n(1 << (t - 0xcc))
		if v > math.MaxInt64 {
			err = errMsgpack
		}
		return int64(v), b, err
	case 0xd0, 0xd1, 0xd2, 0xd3:
		size := 1 << (t - 0xd0)
		v, err := n(size)
		shift := 64 - 8*size
		return int64(v<<shift) >> shift, b, err
	case 0xca:
		v, err := n(4)
		return float64(math.Float32frombits(uint32(v))), b, err
	case 0xcb:
		v, err := n(8)
		return math.Float64frombits(v), b, err
	case 0xd9, 0xda, 0xdb:
		l, err := n(1 << (t - 0xd9))
		if err != nil {
			return nil, nil, err
		}
		return str(b, int(l))
	case 0xc4, 0xc5, 0xc6:
		l, err := n(1 << (t - 0xc4))
		if err != nil || uint64(len(b)) < l {
			return nil, nil, errMsgpack
		}
		return append([]byte(nil), b[:l]...), b[l:], nil
	case 0xdc, 0xdd:
		l, err := n(2 << (t - 0xdc))
		if err != nil {
			return nil, nil, err
		}
		return array(b, int(l))
	case 0xde, 0xdf:
		l, err := n(2 << (t - 0xde))
		if err != nil {
			return nil, nil, err
		}
		return mapOf(b, int(l))
	}
	return nil, nil, errors.New("unsupported MessagePack type")
}

func str(b []byte, l int) (any, []byte, error) {
	if len(b) < l {
		return nil, nil, errMsgpack
	}
	return string(b[:l]), b[l:], nil
}

func array(b []byte, l int) (any, []byte, error) {
	out := make([]any, 0, min(l, len(b)))
	for range l {
		v, rest, err := decode(b)
		if err != nil {
			return nil, nil, err
		}
		out, b = append(out, v), rest
	}
	return out, b, nil
}

func mapOf(b []byte, l int) (any, []byte, error) {
	out := make(map[string]any, min(l, len(b)))
	for range l {
		k, rest, err := decode(b)
		if err != nil {
			return nil, nil, err
		}
		v, rest, err := decode(rest)
		if err != nil {
			return nil, nil, err
		}
		ks, _ := k.(string)
		out[ks], b = v, rest
	}
	return out, b, nil
}
