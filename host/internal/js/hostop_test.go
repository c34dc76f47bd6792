package js

import (
	"bytes"
	"testing"

	"github.com/sobjects/sobjects/abi"
)

// decodeBase64 reads what runtime.js's own decoder read: white space and "=" anywhere
// skipped, a last group of one character ignored, any other character refused.
func TestDecodeBase64ReadsAsTheScriptDid(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"", "", true},
		{"YWJj", "abc", true},
		{"YWI=", "ab", true},
		{"YWI", "ab", true},
		{" YW\nJj== ", "abc", true},
		{"YW\u00a0Jj", "abc", true}, // a no-break space is white space to String.prototype.trim and \s
		{"YWJjZ", "abc", true},
		{"Y", "", true},
		{"YW*j", "", false},
		{"YWJj\x00", "", false},
		{"YW-j", "", false}, // the URL-safe alphabet is not base64's
	} {
		got, ok := decodeBase64(nil, []byte(c.in))
		if ok != c.ok || ok && !bytes.Equal(got, []byte(c.want)) {
			t.Errorf("decodeBase64(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// A header is canonical only as Headers would keep it: a lowercase token name, a
// value with nothing to refuse or trim.
func TestCanonicalHeader(t *testing.T) {
	for _, c := range []struct {
		name, value string
		want        bool
	}{
		{"content-type", "text/plain", true},
		{"x-a", "", true},
		{"x-odd!#$%&'*+-.^_`|~09", "a b", true},
		{"Content-Type", "text/plain", false},
		{"", "v", false},
		{"bad name", "v", false},
		{"x", " v", false},
		{"x", "v\t", false},
		{"x", "a\r\nb", false},
		{"x", "a\x00b", false},
		{"x", "\u00a0v", false}, // may be trimmed: the script decides
	} {
		if got := canonicalHeader(c.name, c.value); got != c.want {
			t.Errorf("canonicalHeader(%q, %q) = %v, want %v", c.name, c.value, got, c.want)
		}
	}
	var enc abi.Encoder
	enc.Headers([][2]string{{"host", "h"}, {"x-a", "1"}})
	if !canonicalHeaders(enc.Buf) {
		t.Error("canonical pairs not found canonical")
	}
	enc = abi.Encoder{}
	enc.Headers([][2]string{{"host", "h"}, {"X-A", "1"}})
	if canonicalHeaders(enc.Buf) {
		t.Error("an uppercase name found canonical")
	}
	if canonicalHeaders([]byte{0x91, 0x93, 0xa1, 'a', 0xa1, 'b', 0xa1, 'c'}) {
		t.Error("a header of three strings found canonical")
	}
}
