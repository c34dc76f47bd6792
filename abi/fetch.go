package abi

import (
	"fmt"
	"strings"
)

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
	// WebSocket is the id of the WebSocket end a 101 response hands to the caller
	// (ABI.md section 12), 0 for none: a fifth element, after the status text (nil
	// when there is none).
	WebSocket int64
}

// Encode is the fetch export's output for resp.
func (resp FetchResponse) Encode() []byte {
	var enc Encoder
	switch {
	case resp.WebSocket != 0:
		enc.ArrayHeader(5)
	case resp.HasStatusText:
		enc.ArrayHeader(4)
	default:
		enc.ArrayHeader(3)
	}
	enc.Int(int64(resp.Status))
	enc.Headers(resp.Headers)
	enc.Bytes(resp.Body)
	switch {
	case resp.HasStatusText:
		enc.String(resp.StatusText)
	case resp.WebSocket != 0:
		enc.Nil()
	}
	if resp.WebSocket != 0 {
		enc.Int(resp.WebSocket)
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

// headers reads an array of [name, value] (Encoder.Headers).
func (d *Decoder) headers() ([][2]string, error) {
	n, err := d.ArrayHeader()
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for range n {
		if k, err := d.ArrayHeader(); err != nil || k != 2 {
			return out, fmt.Errorf("a header must be [name, value]")
		}
		name, err := d.String()
		if err != nil {
			return out, err
		}
		value, err := d.String()
		if err != nil {
			return out, err
		}
		out = append(out, [2]string{name, value})
	}
	return out, nil
}

// DecodeFetchResponse reads a fetch export's output. The body aliases b. Errors say
// which part is malformed.
func DecodeFetchResponse(b []byte) (FetchResponse, error) {
	var r FetchResponse
	d := NewDecoder(b)
	n, err := d.ArrayHeader()
	if err != nil || n < 3 || n > 5 {
		return r, fmt.Errorf("want [status, headers, body], [status, headers, body, status text] or [status, headers, body, status text, websocket]")
	}
	status, err := d.Int()
	if err != nil || status < 100 || status > 599 {
		return r, fmt.Errorf("status must be an int from 100 to 599")
	}
	r.Status = int(status)
	if r.Headers, err = d.headers(); err != nil {
		return r, err
	}
	body, err := d.BytesAlias()
	if err != nil {
		return r, err
	}
	r.Body = body
	if n >= 4 {
		if n == 5 && d.Peek() == KindNil {
			_ = d.Nil()
		} else if r.StatusText, err = d.String(); err != nil {
			return r, fmt.Errorf("status text: %w", err)
		} else {
			r.HasStatusText = true
		}
	}
	if n == 5 {
		if r.WebSocket, err = d.Int(); err != nil || r.WebSocket <= 0 {
			return r, fmt.Errorf("websocket: want a socket id")
		}
	}
	return r, d.End()
}

// FetchResponseWebSocket returns the WebSocket of a fetch export's output b (the
// fifth element), 0 when it has none or is malformed. It reads only what it needs.
func FetchResponseWebSocket(b []byte) int64 {
	if len(b) == 0 || b[0] != 0x95 { // a msgpack fixarray of 5
		return 0
	}
	r, err := DecodeFetchResponse(b)
	if err != nil {
		return 0
	}
	return r.WebSocket
}

// FetchRequestUpgrade reports whether b, an encoded FetchRequest, asks for a WebSocket:
// it has the header "Upgrade: websocket" (any case). False when b is malformed.
func FetchRequestUpgrade(b []byte) bool {
	r, err := DecodeFetchRequest(b)
	if err != nil {
		return false
	}
	for _, h := range r.Headers {
		if strings.EqualFold(h[0], "upgrade") && strings.EqualFold(strings.TrimSpace(h[1]), "websocket") {
			return true
		}
	}
	return false
}

// DecodeFetchRequest reads an encoded FetchRequest. The body aliases b.
func DecodeFetchRequest(b []byte) (FetchRequest, error) {
	var r FetchRequest
	d := NewDecoder(b)
	if n, err := d.ArrayHeader(); err != nil || n != 4 {
		return r, fmt.Errorf("want [method, url, headers, body]")
	}
	var err error
	if r.Method, err = d.String(); err != nil {
		return r, fmt.Errorf("method: %w", err)
	}
	if r.URL, err = d.String(); err != nil {
		return r, fmt.Errorf("url: %w", err)
	}
	if r.Headers, err = d.headers(); err != nil {
		return r, err
	}
	if r.Body, err = d.BytesAlias(); err != nil {
		return r, err
	}
	return r, d.End()
}
