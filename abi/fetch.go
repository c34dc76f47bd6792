package abi

import "fmt"

// FetchRequest is an HTTP request as a plugin's fetch export takes it (ABI.md section
// 7): MessagePack [method, url, headers, body], headers an array of [name, value].
type FetchRequest struct {
	Method  string
	URL     string // path and query below the object's fetch route, at least "/"
	Headers [][2]string
	Body    []byte
}

// Encode is the fetch export's input for req.
func (req FetchRequest) Encode() []byte {
	var enc Encoder
	enc.ArrayHeader(4)
	enc.String(req.Method)
	enc.String(req.URL)
	enc.Headers(req.Headers)
	enc.Bytes(req.Body)
	return enc.Buf
}

// FetchResponse is what a fetch export answers (ABI.md section 7): MessagePack
// [status, headers, body] or [status, headers, body, status text], status from 100 to
// 599.
type FetchResponse struct {
	Status  int
	Headers [][2]string
	Body    []byte
	// StatusText is the reason phrase the plugin gave (JavaScript's statusText), when
	// HasStatusText; without one the response has the status's standard one.
	StatusText    string
	HasStatusText bool // whether the output has its fourth element, StatusText
}

// Encode is the fetch export's output for resp.
func (resp FetchResponse) Encode() []byte {
	var enc Encoder
	if resp.HasStatusText {
		enc.ArrayHeader(4)
	} else {
		enc.ArrayHeader(3)
	}
	enc.Int(int64(resp.Status))
	enc.Headers(resp.Headers)
	enc.Bytes(resp.Body)
	if resp.HasStatusText {
		enc.String(resp.StatusText)
	}
	return enc.Buf
}

// Headers writes headers as an array of [name, value] (ABI.md section 7).
func (e *Encoder) Headers(headers [][2]string) {
	e.ArrayHeader(len(headers))
	for _, h := range headers {
		e.ArrayHeader(2)
		e.String(h[0])
		e.String(h[1])
	}
}

// DecodeFetchResponse reads a fetch export's output. The body aliases b. Errors say
// which part is malformed.
func DecodeFetchResponse(b []byte) (FetchResponse, error) {
	var r FetchResponse
	d := NewDecoder(b)
	n, err := d.ArrayHeader()
	if err != nil || n != 3 && n != 4 {
		return r, fmt.Errorf("want [status, headers, body] or [status, headers, body, status text]")
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
	if r.HasStatusText = n == 4; r.HasStatusText {
		if r.StatusText, err = d.String(); err != nil {
			return r, fmt.Errorf("status text: %w", err)
		}
	}
	return r, d.End()
}
