package js

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"
)

// OP.COMPRESS's output decompresses back to its input in each format, and
// OP.DECOMPRESS reads a gzip member that Go's own encoder wrote.
func TestCompressRoundTrips(t *testing.T) {
	in := []byte(strings.Repeat("the quick brown fox jumps over the lazy dog ", 100))
	for _, f := range []string{"gzip", "deflate", "deflate-raw"} {
		c, err := compress(f, in)
		if err != nil {
			t.Fatalf("compress %s: %v", f, err)
		}
		if len(c) >= len(in) {
			t.Errorf("compress %s: %d bytes of %d", f, len(c), len(in))
		}
		out, err := decompress(f, c, MaxDecompressedBytes)
		if err != nil || !bytes.Equal(out, in) {
			t.Errorf("decompress %s of compress: %d bytes, %v; want the %d bytes in", f, len(out), err, len(in))
		}
		for _, empty := range [][]byte{nil, {}} {
			c, _ := compress(f, empty)
			if out, err := decompress(f, c, MaxDecompressedBytes); err != nil || len(out) != 0 {
				t.Errorf("%s of nothing: %q, %v", f, out, err)
			}
		}
	}
	var member bytes.Buffer
	w := gzip.NewWriter(&member)
	w.Write([]byte("hello, gzip"))
	w.Close()
	if out, err := decompress("gzip", member.Bytes(), MaxDecompressedBytes); err != nil || string(out) != "hello, gzip" {
		t.Errorf("decompress of Go's gzip member: %q, %v", out, err)
	}
}

// Corrupt, truncated or trailing input, an unknown format and an output over the cap
// are errors, never a partial output.
func TestDecompressRefusesBadInput(t *testing.T) {
	good, _ := compress("gzip", []byte(strings.Repeat("a", 1000)))
	corrupt := bytes.Clone(good)
	corrupt[len(corrupt)-5] ^= 0xff // the CRC-32
	bomb, _ := compress("deflate", make([]byte, 1<<20))
	for _, c := range []struct {
		name, format string
		in           []byte
		limit        int64
	}{
		{"ErrCorrupt", "gzip", corrupt, MaxDecompressedBytes},
		{"ErrTruncated", "gzip", good[:len(good)-3], MaxDecompressedBytes},
		{"ErrTrailing", "gzip", append(bytes.Clone(good), 0), MaxDecompressedBytes},
		{"ErrNotGzip", "gzip", []byte("plain text"), MaxDecompressedBytes},
		{"ErrNotZlib", "deflate", good, MaxDecompressedBytes},
		{"ErrFormat", "brotli", good, MaxDecompressedBytes},
		{"ErrOverLimit", "deflate", bomb, 1 << 19},
	} {
		t.Run(c.name, func(t *testing.T) {
			if out, err := decompress(c.format, c.in, c.limit); err == nil {
				t.Errorf("decompress %s: %d bytes, no error", c.format, len(out))
			}
		})
	}
	if _, err := compress("brotli", nil); !errors.Is(err, errUnknownFormat) {
		t.Errorf("compress brotli: %v, want errUnknownFormat", err)
	}
}

// FuzzDecompress: whatever bytes a script passes, decompress returns an error or at most
// its limit, and never panics.
func FuzzDecompress(f *testing.F) {
	for _, format := range []string{"gzip", "deflate", "deflate-raw"} {
		c, _ := compress(format, []byte("seed seed seed"))
		f.Add(format, c)
	}
	f.Add("gzip", []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff})
	f.Fuzz(func(t *testing.T, format string, in []byte) {
		out, err := decompress(format, in, 1<<16)
		if err == nil && len(out) > 1<<16 {
			t.Errorf("decompress %s gave %d bytes, over the limit", format, len(out))
		}
	})
}
