package host

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"unicode/utf8"
)

const jsText = `
class Text extends DurableObject {
  async encode(n) { return Array.from(new TextEncoder().encode("\ud800" + "a".repeat(n)).slice(0, 3)); }
  async decode(n) { const b = new Uint8Array(n).fill(97); b[0] = 0xff; b[1] = 0xff; return Array.from(new TextDecoder().decode(b).slice(0, 3), (c) => c.charCodeAt(0)); }
  async fetch(request) { return new Response("\ud800" + "a".repeat(100)); }
}
return { Text };`

// TextEncoder always produces UTF-8 (a lone surrogate becomes U+FFFD, EF BF BD), for
// short strings and for those over 64 characters, which the host encodes from the
// engine's C string; and so does a Response body string. (The host once kept the
// surrogate as ED A0 80: invalid UTF-8 reached HTTP clients.)
func TestJSTextEncoderReplacesLoneSurrogates(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Text", jsBundle("", jsText))
	for _, n := range []string{"10", "100"} {
		if out := jsMust(t, e, "Text", "t", "encode", n); out != "[239,191,189]" {
			t.Errorf("TextEncoder on a lone surrogate and %s more characters starts %s, want [239,191,189]", n, out)
		}
	}
	resp, err := e.Fetch(context.Background(), "Text", "t", FetchRequest{Method: "GET", URL: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(resp.Body) {
		t.Errorf("the body of new Response(string) is not UTF-8: starts % x", resp.Body[:6])
	}
}

// TextDecoder replaces each invalid byte with U+FFFD (WHATWG Encoding: [ff ff] decodes
// to two), whatever the input's length. (Inputs over 64 bytes, decoded by the host, once
// went through bytes.ToValidUTF8, which makes one U+FFFD of a whole run.)
func TestJSTextDecoderReplacesEachInvalidByte(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Text", jsBundle("", jsText))
	for _, n := range []string{"10", "100"} {
		if out := jsMust(t, e, "Text", "t", "decode", n); out != "[65533,65533,97]" {
			t.Errorf("TextDecoder on ff ff and %s-2 more bytes starts %s, want [65533,65533,97]", n, out)
		}
	}
}

const jsDecode = `
class Dec extends DurableObject {
  // Decodes each byte sequence, alone (short: runtime.js decodes it) and followed by
  // 100 "a" (long: the host decodes it), and returns the code points before the "a"s.
  async decode(seqs) {
    const points = (u) => Array.from(new TextDecoder().decode(u), (c) => c.codePointAt(0));
    return seqs.map((b) => {
      const long = new Uint8Array(b.length + 100).fill(0x61);
      long.set(b);
      const l = points(long);
      while (l[l.length - 1] === 0x61) l.pop();
      return [points(new Uint8Array(b)), l];
    });
  }
  async fatal() { try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0x61, 0xff])); return "accepted"; } catch (e) { return e.name; } }
  async stream() { const d = new TextDecoder(); return d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + d.decode(new Uint8Array([0xac])); }
  async encodeInto() { const u = new Uint8Array(8); const r = new TextEncoder().encodeInto("h€", u); return [r.read, r.written, ...u.slice(0, r.written)]; }
  async fetch(request) { return new Response(JSON.stringify(Array.from(await request.text(), (c) => c.codePointAt(0)))); }
}
return { Dec };`

// TextDecoder (WHATWG Encoding) never decodes an overlong form, a surrogate or a code
// point past U+10FFFF: each is U+FFFD per maximal subpart, for short and long inputs,
// and so does Request.text(). (runtime.js's own decoder, used for inputs up to 64 bytes,
// once decoded C0 80 to NUL and C0 AF / E0 80 AF to "/", the classic filter bypass, ED
// A0 80 to a lone surrogate and F4 90 80 80 to two.)
func TestJSTextDecoderRefusesOverlongForms(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsDecode))
	seqs := `[[192,128],[192,175],[224,128,175],[237,160,128],[244,144,128,128]]`
	out := jsMust(t, e, "Dec", "d", "decode", seqs)
	var got [][2][]int
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0xfffd, 0xfffd}, {0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd}, {0xfffd, 0xfffd, 0xfffd, 0xfffd}}
	for i, w := range want {
		for j, how := range []string{"short", "long"} {
			if !slices.Equal(got[i][j], w) {
				t.Errorf("sequence %d decoded %s: %v, want %v", i, how, got[i][j], w)
			}
		}
	}
	resp, err := e.Fetch(context.Background(), "Dec", "d", FetchRequest{Method: "POST", URL: "/", Body: []byte{0x2e, 0x2e, 0xc0, 0xaf}})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "[46,46,65533,65533]" {
		t.Errorf(`request.text() of the body ".." C0 AF: %s, want [46,46,65533,65533] (not "../")`, resp.Body)
	}
}

// TextDecoder strips a leading byte order mark unless ignoreBOM is set (WHATWG Encoding,
// "decode"), for short and long inputs. (Both once kept it.)
func TestJSTextDecoderStripsTheBOM(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsDecode))
	out := jsMust(t, e, "Dec", "d", "decode", `[[239,187,191,98]]`)
	if out != `[[[98],[98]]]` {
		t.Errorf("TextDecoder on EF BB BF 62 (short, long): %s, want [[[98],[98]]] (the BOM dropped)", out)
	}
}

// new TextDecoder("utf-8", {fatal: true}) throws a TypeError on invalid input: code uses
// it to validate UTF-8. (The option was once ignored and invalid input accepted.)
func TestJSTextDecoderFatalThrows(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsDecode))
	if out := jsMust(t, e, "Dec", "d", "fatal", ""); out != `"TypeError"` {
		t.Fatalf("fatal TextDecoder on 61 FF: %s, want a TypeError", out)
	}
}

// decode(chunk, {stream: true}) keeps an incomplete sequence for the next chunk: "€"
// split as E2 82 | AC decodes to "€". (The option was once ignored: two U+FFFD.)
func TestJSTextDecoderStreamKeepsIncompleteSequences(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsDecode))
	if out := jsMust(t, e, "Dec", "d", "stream", ""); out != `"€"` {
		t.Fatalf("streaming decode of E2 82 | AC: %s, want \"€\"", out)
	}
}

// TextEncoder.encodeInto is part of the Encoding standard every Workers runtime has
// (libraries such as wasm-bindgen's glue and protobuf encoders use it).
func TestJSTextEncoderEncodeInto(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Dec", jsBundle("", jsDecode))
	if out, err := jsCall(t, e, "Dec", "d", "encodeInto", ""); err != nil || out != "[2,4,104,226,130,172]" {
		t.Fatalf("encodeInto(\"h€\"): %s %v, want [2,4,104,226,130,172]", out, err)
	}
}
