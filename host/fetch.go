package host

import (
	"context"
	"fmt"

	"github.com/sobjects/sobjects/abi"
)

// Fetch: HTTP requests for a plugin's fetch export (ABI.md section 7).

// FetchRequest is an HTTP request for a plugin's fetch export (ABI.md section 7).
type FetchRequest struct {
	Method  string
	URL     string // path and query below the object's fetch route, at least "/"
	Headers [][2]string
	Body    []byte
}

// encode is the fetch export's input for req (ABI.md section 7).
func (req FetchRequest) encode() []byte {
	var enc abi.Encoder
	enc.ArrayHeader(4)
	enc.String(req.Method)
	enc.String(req.URL)
	appendHeaders(&enc, req.Headers)
	enc.Bytes(req.Body)
	return enc.Buf
}

// appendHeaders writes headers as ABI.md section 7 does: an array of [name, value].
func appendHeaders(enc *abi.Encoder, headers [][2]string) {
	enc.ArrayHeader(len(headers))
	for _, h := range headers {
		enc.ArrayHeader(2)
		enc.String(h[0])
		enc.String(h[1])
	}
}

// FetchResponse is what a fetch export answered.
type FetchResponse struct {
	Status  int
	Headers [][2]string
	Body    []byte
}

// Fetch passes req to the fetch export of the object. Errors as for Call, and
// ErrNoFetch when the plugin has no fetch export.
func (e *Engine) Fetch(ctx context.Context, class, name string, req FetchRequest) (FetchResponse, error) {
	if err := e.check(class, name); err != nil {
		return FetchResponse{}, err
	}
	p, err := e.reg.current(class)
	if err != nil {
		return FetchResponse{}, err
	}
	if !p.hasFetch {
		return FetchResponse{}, fmt.Errorf("%w: class %s", ErrNoFetch, class)
	}
	out, err := e.external(class, name, &call{ctx: ctx, kind: kindFetch, input: req.encode(), done: make(chan bool, 1)})
	if err != nil {
		return FetchResponse{}, err
	}
	resp, err := decodeFetchResponse(out)
	if err != nil {
		return FetchResponse{}, &CallError{ObjectID: ObjectID(class, name), Class: class, Name: name, Method: abi.ExportFetch,
			Err: abi.Errorf(abi.CodeInternal, "malformed fetch response: %v", err)}
	}
	return resp, nil
}

func decodeFetchResponse(b []byte) (FetchResponse, error) {
	var r FetchResponse
	d := abi.NewDecoder(b)
	n, err := d.ArrayHeader()
	if err != nil || n != 3 {
		return r, fmt.Errorf("want [status, headers, body]")
	}
	status, err := d.Int()
	if err != nil || status < 100 || status > 599 {
		return r, fmt.Errorf("status must be an int from 100 to 599")
	}
	r.Status = int(status)
	nh, err := d.ArrayHeader()
	if err != nil {
		return r, err
	}
	for range nh {
		if k, err := d.ArrayHeader(); err != nil || k != 2 {
			return r, fmt.Errorf("a header must be [name, value]")
		}
		name, err := d.String()
		if err != nil {
			return r, err
		}
		value, err := d.String()
		if err != nil {
			return r, err
		}
		r.Headers = append(r.Headers, [2]string{name, value})
	}
	body, err := d.BytesAlias()
	if err != nil {
		return r, err
	}
	r.Body = body
	return r, d.End()
}
