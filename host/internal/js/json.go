package js

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
)

// The JavaScript engine parses and prints JSON in C, far faster than a script can
// read MessagePack, so the host speaks JSON to scripts: host-function requests and
// results are JSON texts, in the structured encoding of ABI.md section 10 — values
// JSON lacks are {"$t": type, "v": ...}: bytes as {"$t":"ArrayBuffer","v":base64}
// and integers beyond ±2^53 as {"$t":"BigInt","v":decimal}.

const maxSafeInt = 1<<53 - 1

// appendJSON transcodes the next MessagePack value of d to JSON.
//
// Arrays and maps may nest abi.MaxNestingDepth levels, the bound of what a script may
// send (maxJSInputDepth): a deeper value is an error wrapping abi.ErrMalformed, not a
// stack overflow. The JSON is at most maxJSONGrowth times as long as the MessagePack it
// comes from, so it is bounded by whatever bounds that (a plugin's output, a result's
// size limit).
func appendJSON(dst []byte, d *abi.Decoder) ([]byte, error) {
	return appendJSONDepth(dst, d, 0, nil)
}

// appendJSONBlobs is appendJSON with each bytes value appended to *blobs (aliasing d's
// input) and written as {"$t":"Blob","i":index}: the script takes the bytes themselves
// (jsOpBlob), where base64 would cost a pass of encoding here and one of decoding there.
// An empty bytes value (2 bytes of MessagePack) becomes some 20 bytes of JSON: the
// output is bounded by 14 times the input, not by maxJSONGrowth. It writes SQL results:
// an integer past 2^53 becomes the nearest number, as workerd reads one, not a BigInt.
func appendJSONBlobs(dst []byte, d *abi.Decoder, blobs *[][]byte) ([]byte, error) {
	return appendJSONDepth(dst, d, 0, blobs)
}

// maxJSONGrowth bounds len(JSON)/len(MessagePack) for appendJSON: the worst are float32
// infinities (5 bytes, {"$t":"Number","v":"-Infinity"} and a comma) and control
// characters in strings (1 byte, \u0000).
const maxJSONGrowth = 7

// appendJSONDepth is appendJSON for a value nested depth levels deep; blobs as for
// appendJSONBlobs, or nil for base64.
func appendJSONDepth(dst []byte, d *abi.Decoder, depth int, blobs *[][]byte) ([]byte, error) {
	if k := d.Peek(); (k == abi.KindArray || k == abi.KindMap) && depth >= abi.MaxNestingDepth {
		return dst, fmt.Errorf("%w: nested deeper than %d levels", abi.ErrMalformed, abi.MaxNestingDepth)
	}
	switch d.Peek() {
	case abi.KindNil:
		d.Nil()
		return append(dst, "null"...), nil
	case abi.KindBool:
		b, _ := d.Bool()
		return strconv.AppendBool(dst, b), nil
	case abi.KindInt:
		i, err := d.Int()
		if err != nil {
			return dst, err
		}
		if (i > maxSafeInt || i < -maxSafeInt) && blobs != nil {
			// A SQL result (appendJSONBlobs): the nearest number, as workerd reads an
			// INTEGER column, not a BigInt.
			return appendJSONFloat(dst, float64(i)), nil
		}
		if i > maxSafeInt || i < -maxSafeInt {
			dst = append(dst, `{"$t":"BigInt","v":"`...)
			dst = strconv.AppendInt(dst, i, 10)
			return append(dst, `"}`...), nil
		}
		return strconv.AppendInt(dst, i, 10), nil
	case abi.KindFloat:
		f, err := d.Float()
		if err != nil {
			return dst, err
		}
		return appendJSONFloat(dst, f), nil
	case abi.KindString:
		s, err := d.StringBytes()
		if err != nil {
			return dst, err
		}
		return appendJSONString(dst, s), nil
	case abi.KindBytes:
		b, err := d.BytesAlias()
		if err != nil {
			return dst, err
		}
		if blobs != nil {
			*blobs = append(*blobs, b)
			dst = append(dst, `{"$t":"Blob","i":`...)
			dst = strconv.AppendInt(dst, int64(len(*blobs)-1), 10)
			return append(dst, '}'), nil
		}
		return appendJSONBytes(dst, b), nil
	case abi.KindArray:
		n, err := d.ArrayHeader()
		if err != nil {
			return dst, err
		}
		dst = append(dst, '[')
		for i := range n {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = appendJSONDepth(dst, d, depth+1, blobs); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case abi.KindMap:
		n, err := d.MapHeader()
		if err != nil {
			return dst, err
		}
		dst = append(dst, '{')
		for i := range n {
			if i > 0 {
				dst = append(dst, ',')
			}
			k, err := d.StringBytes()
			if err != nil {
				return dst, fmt.Errorf("map key: %w", err)
			}
			dst = append(appendJSONString(dst, k), ':')
			if dst, err = appendJSONDepth(dst, d, depth+1, blobs); err != nil {
				return dst, err
			}
		}
		return append(dst, '}'), nil
	}
	return dst, fmt.Errorf("%w: not MessagePack of ABI.md section 8", abi.ErrMalformed)
}

func appendJSONFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, `{"$t":"Number","v":"NaN"}`...)
	case math.IsInf(f, 1):
		return append(dst, `{"$t":"Number","v":"Infinity"}`...)
	case math.IsInf(f, -1):
		return append(dst, `{"$t":"Number","v":"-Infinity"}`...)
	}
	return strconv.AppendFloat(dst, f, 'g', -1, 64)
}

func appendJSONBytes(dst, b []byte) []byte {
	dst = append(dst, `{"$t":"ArrayBuffer","v":"`...)
	dst = base64.StdEncoding.AppendEncode(dst, b)
	return append(dst, `"}`...)
}

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendJSONString(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "\ufffd"...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

// jsonText reports whether b can travel to a script as a JavaScript string: valid
// UTF-8 without NUL (the engine's strings cross as C strings).
func jsonText(b []byte) bool { return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 }

// appendJSONValue appends a stored or returned value for a script: b itself when it is
// JSON, else b as bytes.
func appendJSONValue(dst, b []byte) []byte {
	if json.Valid(b) && jsonText(b) {
		return append(dst, b...)
	}
	return appendJSONBytes(dst, b)
}

// decodeJSON decodes a script's JSON request with numbers kept exact.
func decodeJSON(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// maxJSInputDepth bounds the nesting of a JavaScript method's JSON input: parsing and
// decoding it recurse on the engine's stack (quickJSStack), and a deeper input is
// refused rather than overflowing it. It is the host's one nesting bound.
const maxJSInputDepth = abi.MaxNestingDepth

// jsonDeeperThan reports whether the JSON text b nests arrays and objects deeper than
// max. It reads brackets outside strings only, and does not validate b.
func jsonDeeperThan(b []byte, max int) bool {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > max {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}
