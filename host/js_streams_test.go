package host

import (
	"context"
	"strings"
	"testing"
)

const jsStreams = `
const enc = new TextEncoder();
function streamOf(...chunks) {
  return new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } });
}
async function readAll(s) {
  const out = [], r = s.getReader();
  for (;;) { const { done, value } = await r.read(); if (done) return out; out.push(value); }
}
class Streams extends DurableObject {
  async reader() {
    const s = streamOf("a", "b");
    const r = s.getReader();
    const out = [s.locked];
    let second = null;
    try { s.getReader(); } catch (e) { second = e.name; }
    out.push(second, await r.read(), await r.read(), await r.read());
    await r.closed;
    r.releaseLock();
    out.push(s.locked);
    const it = [];
    for await (const x of streamOf(1, 2, 3)) it.push(x);
    out.push(it);
    let cancelled = null;
    const c = new ReadableStream({ pull(ctl) { ctl.enqueue("x"); }, cancel(reason) { cancelled = reason; } });
    const cr = c.getReader();
    out.push((await cr.read()).value);
    await cr.cancel("enough");
    out.push(cancelled, await cr.read());
    return out;
  }
  async backpressure() {
    let pulls = 0;
    const s = new ReadableStream({ pull(c) { pulls++; c.enqueue(pulls); } }, { highWaterMark: 2 });
    await null; await null; await null; await null;
    const filled = pulls; // pulled until the queue holds highWaterMark chunks
    const writes = [];
    let release;
    const w = new WritableStream({ write(chunk) { writes.push(chunk); return new Promise((r) => (release = r)); } }, new CountQueuingStrategy({ highWaterMark: 1 }));
    const writer = w.getWriter();
    const sizes = [writer.desiredSize];
    writer.write("a");
    sizes.push(writer.desiredSize);
    writer.write("b");
    sizes.push(writer.desiredSize);
    await null; await null;
    const heldBack = writes.slice();
    release();
    await null; await null; await null;
    release();
    await writer.ready;
    return { filled, sizes, heldBack, writes, after: writer.desiredSize };
  }
  async tee() {
    const [a, b] = streamOf(enc.encode("one"), enc.encode("two"), enc.encode("three")).tee();
    const [ca, cb] = await Promise.all([readAll(a), readAll(b)]);
    const text = (cs) => cs.map((c) => new TextDecoder().decode(c)).join(",");
    return [text(ca), text(cb)];
  }
  async pipeThrough() {
    const t = new TransformStream({
      transform(chunk, c) { c.enqueue(chunk.toUpperCase()); c.enqueue("|"); },
      flush(c) { c.enqueue("end"); },
    });
    const got = [];
    await streamOf("a", "b").pipeThrough(t).pipeTo(new WritableStream({ write(x) { got.push(x); } }));
    const bytes = streamOf("héllo ", "wörld").pipeThrough(new TextEncoderStream()).pipeThrough(new IdentityTransformStream()).pipeThrough(new TextDecoderStream());
    return [got.join(""), (await readAll(bytes)).join("")];
  }
  async errors() {
    const out = [];
    const bad = new ReadableStream({ pull() { throw new RangeError("source broke"); } });
    try { await readAll(bad); } catch (e) { out.push(e.name + ": " + e.message); }
    const failing = new TransformStream({ transform() { throw new TypeError("transform broke"); } });
    try { await readAll(streamOf("x").pipeThrough(failing)); } catch (e) { out.push(e.name + ": " + e.message); }
    let aborted = null;
    const sink = new WritableStream({ abort(r) { aborted = r.message; } });
    try { await new ReadableStream({ start(c) { c.error(new Error("mid-stream")); } }).pipeTo(sink); } catch (e) { out.push(e.message); }
    out.push(aborted);
    const w = new WritableStream({ write() { throw new Error("sink broke"); } }).getWriter();
    try { await w.write("x"); } catch (e) { out.push(e.message); }
    try { await w.closed; } catch (e) { out.push("closed: " + e.message); }
    const fixed = new FixedLengthStream(3);
    const fw = fixed.writable.getWriter();
    readAll(fixed.readable).catch(() => {});
    try { await fw.write(enc.encode("four")); } catch (e) { out.push(e.name); }
    try { await this.env.SELF.getByName("peer").reader(streamOf("x")); } catch (e) { out.push(e.name); }
    let cancelled = null;
    const endless = new ReadableStream({ pull(c) { c.enqueue(1); }, cancel(r) { cancelled = r.message; } });
    try { await endless.pipeTo(new WritableStream({ write() { throw new Error("dest broke"); } })); } catch (e) { out.push(e.message, cancelled); }
    return out;
  }
  async responseOfStream() {
    const r = new Response(streamOf(enc.encode("streamed "), new Uint8Array([0xe2, 0x82]), new Uint8Array([0xac])));
    const before = r.bodyUsed;
    const text = await r.text();
    let again = null;
    try { await r.text(); } catch (e) { again = e.name; }
    const s = new Response("as bytes").body;
    const chunks = await readAll(s);
    const res = new Response("read by its stream");
    const reader = res.body.getReader();
    await reader.read();
    const clone = new Response(streamOf(enc.encode("twice"))).clone();
    return { before, text, again, used: r.bodyUsed, isStream: s instanceof ReadableStream, chunk: chunks[0] instanceof Uint8Array, chunkText: new TextDecoder().decode(chunks[0]),
      usedByStream: res.bodyUsed, clone: await clone.text() };
  }
  async manyChunks() {
    const s = new ReadableStream({ start(c) { for (let i = 0; i < 5000; i++) c.enqueue(new Uint8Array([i & 255, i >> 8])); c.close(); } });
    const b = new Uint8Array(await new Response(s).arrayBuffer());
    let ok = true;
    for (let i = 0; i < 5000; i += 997) ok = ok && b[2 * i] === (i & 255) && b[2 * i + 1] === i >> 8;
    return [b.length, ok, b[9998], b[9999]];
  }
  async byob() {
    const s = new ReadableStream({ type: "bytes", start(c) { c.enqueue(enc.encode("abcdef")); c.close(); } });
    const r = s.getReader({ mode: "byob" });
    const out = [];
    for (;;) {
      const { done, value } = await r.read(new Uint8Array(4));
      if (done) break;
      out.push(new TextDecoder().decode(value));
    }
    return out;
  }
  // viaStub sends a Request with a stream body to another object's fetch, and reads
  // the answer's body with a reader.
  async viaStub() {
    const body = new ReadableStream({ start(c) { c.enqueue(enc.encode("ab")); c.enqueue(enc.encode("cd")); c.close(); } });
    const req = new Request("http://x/", { method: "POST", body });
    const res = await this.env.SELF.getByName("peer").fetch(req);
    const r = res.body.getReader();
    const parts = [];
    for (;;) { const { done, value } = await r.read(); if (done) break; parts.push(new TextDecoder().decode(value)); }
    const local = await new Request("http://x/", { method: "PUT", body: streamOf(enc.encode("local")) }).text();
    const form = await new Request("http://x/", { method: "POST", body: streamOf(enc.encode("a=1&b=2")), headers: { "content-type": "application/x-www-form-urlencoded" } }).formData();
    return [req.bodyUsed, parts.join(""), res.bodyUsed, local, form.get("b")];
  }
  async fetch(request) {
    const reader = request.body.getReader();
    const parts = [];
    for (;;) { const { done, value } = await reader.read(); if (done) break; parts.push(value.length); }
    const body = new ReadableStream({ start(c) { c.enqueue(enc.encode("got ")); c.enqueue(enc.encode(String(parts))); c.close(); } });
    return new Response(body, { headers: { "x-used": String(request.bodyUsed) } });
  }
}
return { Streams };`

func deployStreams(t *testing.T) *Engine {
	t.Helper()
	e := newEngine(t, Options{})
	deployJS(t, e, "Streams", jsBundle(`{"name":"t","bindings":{"SELF":{"class":"Streams"}},"vars":{}}`, jsStreams))
	return e
}

// A reader locks its stream, reads each chunk then done, and releases it; a second
// reader is a TypeError; async iteration reads every chunk; cancel reaches the source
// and ends the reads.
func TestJSStreamReaderProtocol(t *testing.T) {
	e := deployStreams(t)
	want := `[true,"TypeError",{"value":"a","done":false},{"value":"b","done":false},{"value":{"$t":"undefined"},"done":true},false,[1,2,3],"x","enough",{"value":{"$t":"undefined"},"done":true}]`
	if out := jsMust(t, e, "Streams", "s", "reader", ""); out != want {
		t.Errorf("reader: %s, want %s", out, want)
	}
}

// A source is pulled until its queue holds highWaterMark chunks, and no further; a
// writer's desiredSize falls with each queued write, the sink gets one write at a time,
// and ready resolves once the queue drains.
func TestJSStreamBackpressure(t *testing.T) {
	e := deployStreams(t)
	want := `{"filled":2,"sizes":[1,0,-1],"heldBack":["a"],"writes":["a","b"],"after":1}`
	if out := jsMust(t, e, "Streams", "s", "backpressure", ""); out != want {
		t.Errorf("backpressure: %s, want %s", out, want)
	}
}

// Both branches of a tee read every chunk of the stream.
func TestJSStreamTeeGivesBothBranchesAllChunks(t *testing.T) {
	e := deployStreams(t)
	if out := jsMust(t, e, "Streams", "s", "tee", ""); out != `["one,two,three","one,two,three"]` {
		t.Errorf("tee: %s", out)
	}
}

// pipeThrough a TransformStream runs transform on each chunk and flush at the end;
// text goes to bytes and back through TextEncoderStream, IdentityTransformStream and
// TextDecoderStream.
func TestJSStreamPipeThroughTransform(t *testing.T) {
	e := deployStreams(t)
	if out := jsMust(t, e, "Streams", "s", "pipeThrough", ""); out != `["A|B|end","héllo wörld"]` {
		t.Errorf("pipeThrough: %s", out)
	}
}

// An error of a source, a transform or a sink reaches the reader, the pipe and the
// writer; a pipe from an errored source aborts its destination; a FixedLengthStream
// refuses more bytes than announced; a stream as an RPC argument is a TypeError; a pipe
// into a sink that fails cancels its source, however much the source has to give.
func TestJSStreamErrorsPropagate(t *testing.T) {
	e := deployStreams(t)
	want := `["RangeError: source broke","TypeError: transform broke","mid-stream","mid-stream","sink broke","closed: sink broke","TypeError","TypeError","dest broke","dest broke"]`
	if out := jsMust(t, e, "Streams", "s", "errors", ""); out != want {
		t.Errorf("errors: %s, want %s", out, want)
	}
}

// A Response of a stream reads back its bytes (a character split across chunks too),
// once; a Response's body is a stream of Uint8Arrays, and reading that stream uses the
// body; a clone of a stream body reads it too.
func TestJSStreamResponseOfStreamReadsBack(t *testing.T) {
	e := deployStreams(t)
	want := `{"before":false,"text":"streamed €","again":"TypeError","used":true,"isStream":true,"chunk":true,"chunkText":"as bytes","usedByStream":true,"clone":"twice"}`
	if out := jsMust(t, e, "Streams", "s", "responseOfStream", ""); out != want {
		t.Errorf("responseOfStream: %s, want %s", out, want)
	}
}

// A BYOB reader of a byte stream fills the views it is given, a chunk over several reads.
func TestJSStreamBYOBReaderFillsViews(t *testing.T) {
	e := deployStreams(t)
	if out := jsMust(t, e, "Streams", "s", "byob", ""); out != `["abcd","ef"]` {
		t.Errorf("byob: %s", out)
	}
}

// A fetch handler reads its request's body with body.getReader, and answers with a
// Response of a stream, which the host receives whole.
func TestJSStreamFetchRequestBodyReader(t *testing.T) {
	e := deployStreams(t)
	resp, err := e.Fetch(context.Background(), "Streams", "s", FetchRequest{Method: "POST", URL: "/", Body: []byte(strings.Repeat("x", 1000))})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "got 1000" {
		t.Errorf("body %q, want %q", resp.Body, "got 1000")
	}
	used := ""
	for _, h := range resp.Headers {
		if h[0] == "x-used" {
			used = h[1]
		}
	}
	if used != "true" {
		t.Errorf("bodyUsed after reading the stream: %q, want true", used)
	}
}

const jsCompression = `
class Gz extends DurableObject {
  async roundTrip(format) {
    const input = "Durable Objects ".repeat(64);
    const bytes = new TextEncoder().encode(input);
    const src = (b) => new ReadableStream({ start(c) { c.enqueue(b.subarray(0, 100)); c.enqueue(b.subarray(100)); c.close(); } });
    const packed = new Uint8Array(await new Response(src(bytes).pipeThrough(new CompressionStream(format))).arrayBuffer());
    const back = await new Response(src(packed).pipeThrough(new DecompressionStream(format))).text();
    let corrupt = null;
    try { await new Response(src(new Uint8Array(200).fill(7)).pipeThrough(new DecompressionStream(format))).text(); } catch (e) { corrupt = e.name; }
    let unknown = null;
    try { new CompressionStream("brotli"); } catch (e) { unknown = e.name; }
    return { head: Array.from(packed.subarray(0, 2)), smaller: packed.length < bytes.length, same: back === input, corrupt, unknown };
  }
}
return { Gz };`

// CompressionStream and DecompressionStream round-trip gzip, deflate and deflate-raw;
// corrupt input and an unknown format are TypeErrors.
func TestJSCompressionStreamRoundTrips(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Gz", jsBundle("", jsCompression))
	for _, c := range []struct{ format, head string }{{"gzip", "[31,139"}, {"deflate", "[120,"}, {"deflate-raw", "["}} {
		out, err := jsCall(t, e, "Gz", "g", "roundTrip", `"`+c.format+`"`)
		if err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
		if !strings.HasPrefix(out, `{"head":`+c.head) || !strings.HasSuffix(out, `"smaller":true,"same":true,"corrupt":"TypeError","unknown":"TypeError"}`) {
			t.Errorf("%s: %s", c.format, out)
		}
	}
}

// A Request whose body is a stream sends its bytes, read whole, through a stub's fetch
// (and is used then); the answer's body reads back through a reader; a Request of a
// stream reads back as text and as form data.
func TestJSStreamRequestBodyCrossesStubFetch(t *testing.T) {
	e := deployStreams(t)
	if out := jsMust(t, e, "Streams", "s", "viaStub", ""); out != `[true,"got 4",true,"local","2"]` {
		t.Errorf("viaStub: %s", out)
	}
}

// A stream whose queue holds thousands of chunks reads back every byte, in order.
func TestJSStreamOfManyChunksReadsBackWhole(t *testing.T) {
	e := deployStreams(t)
	if out := jsMust(t, e, "Streams", "s", "manyChunks", ""); out != `[10000,true,135,19]` {
		t.Errorf("manyChunks: %s", out)
	}
}
