package abi

import (
	"bytes"
	"testing"
)

// FuzzDecodeFetchResponse: whatever a plugin's fetch export answers, decoding it
// returns a response or an error; a response has a status from 100 to 599 and
// survives Encode and a second decode unchanged.
func FuzzDecodeFetchResponse(f *testing.F) {
	var enc Encoder
	enc.ArrayHeader(3)
	enc.Int(200)
	enc.ArrayHeader(1)
	enc.ArrayHeader(2)
	enc.String("content-type")
	enc.String("text/plain")
	enc.Bytes([]byte("hi"))
	f.Add(enc.Buf)
	f.Add(append([]byte{0x93, 0xcc, 0xc8}, append(bytes.Repeat([]byte{0x91}, 1000), 0xc0, 0xc4, 0x00)...))
	f.Add([]byte{0x93, 0xcd, 0x01, 0xf4, 0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Add(FetchResponse{Status: 418, Body: []byte("x"), StatusText: "I'm a teapot", HasStatusText: true}.Encode())
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := DecodeFetchResponse(in)
		if err != nil {
			return
		}
		if r.Status < 100 || r.Status > 599 {
			t.Fatalf("status %d", r.Status)
		}
		if again, err := DecodeFetchResponse(r.Encode()); err != nil || again.Status != r.Status ||
			len(again.Headers) != len(r.Headers) || !bytes.Equal(again.Body, r.Body) || again.StatusText != r.StatusText || again.HasStatusText != r.HasStatusText {
			t.Fatalf("re-decode of %+v: %+v %v", r, again, err)
		}
	})
}

// TestFetchResponseStatusText: a status text, even an empty one, crosses as a fourth
// element, and an output of three elements, as plugins of earlier versions answer,
// still decodes, without one.
func TestFetchResponseStatusText(t *testing.T) {
	for _, text := range []string{"Custom Text", ""} {
		in := FetchResponse{Status: 418, Headers: [][2]string{{"a", "b"}}, Body: []byte("x"), StatusText: text, HasStatusText: true}
		got, err := DecodeFetchResponse(in.Encode())
		if err != nil || got.StatusText != text || !got.HasStatusText || got.Status != 418 || string(got.Body) != "x" {
			t.Fatalf("decode: %+v %v", got, err)
		}
	}
	plain := FetchResponse{Status: 200, Body: []byte("y")}.Encode()
	if plain[0] != 0x93 {
		t.Fatalf("a response without status text is not a 3-element array: %x", plain[0])
	}
	if got, err := DecodeFetchResponse(plain); err != nil || got.HasStatusText {
		t.Fatalf("decode of 3 elements: %+v %v", got, err)
	}
}

// A request decodes as it was encoded, and asks for a WebSocket only with "Upgrade:
// websocket" (any case).
func TestFetchRequestRoundTripAndUpgrade(t *testing.T) {
	req := FetchRequest{Method: "GET", URL: "/room?name=a", Headers: [][2]string{{"Upgrade", "WebSocket"}, {"x", "y"}}, Body: []byte("b")}
	got, err := DecodeFetchRequest(req.Encode())
	if err != nil || got.Method != "GET" || got.URL != "/room?name=a" || len(got.Headers) != 2 || string(got.Body) != "b" {
		t.Fatalf("decoded %+v, %v", got, err)
	}
	if !FetchRequestUpgrade(req.Encode()) {
		t.Error("Upgrade: WebSocket is not seen as asking for a WebSocket")
	}
	req.Headers = [][2]string{{"upgrade", "h2c"}}
	if FetchRequestUpgrade(req.Encode()) {
		t.Error("Upgrade: h2c is seen as asking for a WebSocket")
	}
	if FetchRequestUpgrade([]byte{0x94, 0x01}) {
		t.Error("a malformed request asks for a WebSocket")
	}
	if _, err := DecodeFetchRequest([]byte{0x93}); err == nil {
		t.Error("a three-element array decodes as a request")
	}
}
