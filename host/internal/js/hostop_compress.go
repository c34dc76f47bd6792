package js

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// MaxDecompressedBytes is the most bytes OP.DECOMPRESS gives (128 MiB): more fails with
// bad_input, so a small input that inflates without bound (a zip bomb) costs a bounded
// amount of memory. An instance's memory limit below it fails the call sooner.
const MaxDecompressedBytes = 128 << 20

// compressOp is OP.COMPRESS and OP.DECOMPRESS (runtime.js's CompressionStream and
// DecompressionStream): a is the format, "gzip", "deflate" (zlib, RFC 1950) or
// "deflate-raw" (RFC 1951), b the whole input. The result is an ArrayBuffer of the whole
// output, or -bad_input for corrupt or truncated input, an unknown format or an output
// over MaxDecompressedBytes, with the message for OP.PENDING.
func (js *Instance) compressOp(ctx context.Context, op int32) uint64 {
	var out []byte
	var err error
	if op == jsOpCompress {
		out, err = compress(string(js.argA), js.argB)
	} else {
		out, err = decompress(string(js.argA), js.argB, MaxDecompressedBytes)
	}
	if err != nil {
		env, _ := ctx.Value(format.CallKey{}).(Call)
		if env == nil { // the bundle's top level: no pending result to give
			return jsInt(-int32(abi.CodeBadInput))
		}
		return jsInt(int32(int64(env.Failure(abi.Errorf(abi.CodeBadInput, "%v", err)))))
	}
	return js.arrayBuffer(ctx, out)
}

// errUnknownFormat is the failure of a format other than gzip, deflate, deflate-raw.
var errUnknownFormat = errors.New("unsupported compression format: use gzip, deflate or deflate-raw")

func compress(format string, in []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch format {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "deflate":
		w = zlib.NewWriter(&buf)
	case "deflate-raw":
		w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
	default:
		return nil, fmt.Errorf("compress %q: %w", format, errUnknownFormat)
	}
	w.Write(in) // a bytes.Buffer does not fail
	w.Close()
	return buf.Bytes(), nil
}

// decompress inflates in, the whole of a stream in format, to at most limit bytes.
// Trailing bytes after the stream's end are an error, as DecompressionStream's are.
func decompress(format string, in []byte, limit int64) ([]byte, error) {
	src := bytes.NewReader(in)
	var r io.Reader
	var err error
	switch format {
	case "gzip":
		var z *gzip.Reader
		if z, err = gzip.NewReader(src); err == nil {
			z.Multistream(false)
			r = z
		}
	case "deflate":
		r, err = zlib.NewReader(src)
	case "deflate-raw":
		r = flate.NewReader(src)
	default:
		return nil, fmt.Errorf("decompress %q: %w", format, errUnknownFormat)
	}
	if err != nil {
		return nil, fmt.Errorf("decompress %s: %v", format, err)
	}
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("decompress %s: %v", format, err)
	}
	if n > limit {
		return nil, fmt.Errorf("decompress %s: the output is over %d bytes", format, limit)
	}
	if src.Len() > 0 {
		return nil, fmt.Errorf("decompress %s: %d bytes after the end of the compressed data", format, src.Len())
	}
	return out.Bytes(), nil
}
