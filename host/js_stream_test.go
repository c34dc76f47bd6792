package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/storage/faultfs"
)

// jsStreamed streams responses: /ticks enqueues chunk k+1 only once allow() has been
// called k+1 times (a timer looks), so a test sees chunk k before chunk k+1 exists;
// /big is a pulled stream of n 64 KiB chunks; /broken errors after one chunk; /text is
// a whole body; /relay fetches another object and returns its answer.
const jsStreamed = `
const enc = new TextEncoder();
let allowed = 0, cancelled = null, sent = 0;
class Streamer extends DurableObject {
  allow() { allowed++; return allowed; }
  state() { return { cancelled, sent, allowed }; }
  async streamed() { return await this.ctx.storage.get("streamed"); }
  async fetch(request) {
    const u = new URL(request.url);
    if (u.pathname === "/ticks") {
      const n = Number(u.searchParams.get("n") || 10);
      let timer;
      const storage = this.ctx.storage;
      const body = new ReadableStream({
        start(c) {
          timer = setInterval(() => {
            if (sent < allowed && sent < n) { sent++; storage.put("sent", sent); c.enqueue(enc.encode("chunk " + sent + ";")); }
            if (sent === n) { clearInterval(timer); c.close(); }
          }, 1);
        },
        cancel(reason) { clearInterval(timer); cancelled = String(reason); },
      });
      this.ctx.storage.put("streamed", true);
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    if (u.pathname === "/big") {
      const n = Number(u.searchParams.get("n"));
      let i = 0;
      return new Response(new ReadableStream({
        pull(c) { if (i++ === n) { c.close(); return; } const b = new Uint8Array(65536); b[0] = i & 255; c.enqueue(b); },
      }));
    }
    if (u.pathname === "/broken") {
      return new Response(new ReadableStream({
        start(c) { c.enqueue(enc.encode("first")); setTimeout(() => c.error(new RangeError("the source broke")), 1); },
      }), { status: 201 });
    }
    if (u.pathname === "/produced") {
      // Cloudflare's common pattern: the response is a TransformStream's readable side,
      // and work given to waitUntil writes its writable side: n chunks of 64 KiB, or,
      // with ticks, one chunk per allow().
      const n = Number(u.searchParams.get("n")), ticks = u.searchParams.has("ticks");
      const { readable, writable } = new TransformStream();
      const w = writable.getWriter();
      this.ctx.waitUntil((async () => {
        for (let i = 0; i < n; i++) {
          if (ticks) {
            await new Promise((r) => { const t = setInterval(() => { if (allowed > sent) { clearInterval(t); r(); } }, 1); });
            sent++;
            await w.write(enc.encode("chunk " + sent + ";"));
          } else await w.write(new Uint8Array(65536).fill(i & 255));
        }
        await w.close();
      })());
      return new Response(readable);
    }
    if (u.pathname === "/locked") {
      const s = new ReadableStream({ start(c) { c.enqueue(enc.encode("x")); c.close(); } });
      const r = new Response(s);
      s.getReader();
      return r;
    }
    if (u.pathname === "/strings") {
      return new Response(new ReadableStream({ start(c) { c.enqueue("text"); c.close(); } }));
    }
    if (u.pathname === "/relay") return this.env.S.getByName("inner").fetch("http://x" + u.search.replace("?path=", ""));
    if (u.pathname === "/relay-upper") {
      // The inner's stream, transformed here: read by this script's own pump.
      const r = await this.env.S.getByName("inner3").fetch("http://x/ticks?n=3");
      const upper = new TransformStream({ transform(chunk, c) { c.enqueue(enc.encode(new TextDecoder().decode(chunk).toUpperCase())); } });
      return new Response(r.body.pipeThrough(upper));
    }
    if (u.pathname === "/relay-text") return new Response(await (await this.env.S.getByName("inner2").fetch("http://x/ticks?n=3")).text());
    return new Response("whole");
  }
}
return { Streamer };`

const jsStreamedManifest = `{"name":"test","bindings":{"S":{"class":"Streamer"}},"vars":{}}`

func streamEngine(t *testing.T) *Engine {
	t.Helper()
	e := newEngine(t, Options{})
	deployJS(t, e, "Streamer", jsBundle(jsStreamedManifest, jsStreamed))
	return e
}

func fetchStream(t *testing.T, e *Engine, name, url string) (FetchResponse, StreamedBody) {
	t.Helper()
	resp, body, err := e.FetchStream(context.Background(), "Streamer", name, FetchRequest{Method: "GET", URL: url})
	if err != nil {
		t.Fatal(err)
	}
	if body == nil {
		t.Fatalf("%s: the body came whole (%q), not streamed", url, resp.Body)
	}
	t.Cleanup(func() { body.Close() })
	return resp, body
}

func nextChunk(t *testing.T, b StreamedBody) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := b.Next(ctx)
	if err != nil {
		t.Fatalf("next chunk: %v", err)
	}
	return string(c)
}

func TestJSStreamedResponseChunksArriveAsEnqueued(t *testing.T) {
	e := streamEngine(t)
	resp, body := fetchStream(t, e, "s", "/ticks?n=10")
	if resp.Status != 200 || len(resp.Body) != 0 {
		t.Fatalf("head: %d %q", resp.Status, resp.Body)
	}
	if h := fmt.Sprint(resp.Headers); !strings.Contains(h, "text/event-stream") {
		t.Fatalf("headers: %s", h)
	}
	for k := 1; k <= 10; k++ {
		// The object enqueues chunk k only after this call, made once chunk k-1 was read;
		// the call is taken while the response streams.
		if got := jsMust(t, e, "Streamer", "s", "allow", ""); got != fmt.Sprint(k) {
			t.Fatalf("allow: %s", got)
		}
		if got, want := nextChunk(t, body), fmt.Sprintf("chunk %d;", k); got != want {
			t.Fatalf("chunk %d: %q, want %q", k, got, want)
		}
		if k < 10 {
			if st := jsMust(t, e, "Streamer", "s", "state", ""); !strings.Contains(st, fmt.Sprintf(`"sent":%d`, k)) {
				t.Fatalf("after chunk %d the object had sent more: %s", k, st)
			}
		}
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("after the last chunk: %v, want io.EOF", err)
	}
}

func TestJSStreamedResponseCommitsWhatTheHandlerWrote(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "w", "/ticks?n=1")
	body.Close()
	// The handler's write committed with its call, before the body ended; it stays
	// when the reader goes.
	if got := jsMust(t, e, "Streamer", "w", "streamed", ""); got != "true" {
		t.Fatalf("the handler's write: %s", got)
	}
}

func TestJSStreamedResponseBeyondTheWholeBodyBound(t *testing.T) {
	e := streamEngine(t)
	const chunks = 768 // 48 MiB: past the 32 MiB a whole body may have
	before := rssBytes()
	_, body := fetchStream(t, e, "big", fmt.Sprintf("/big?n=%d", chunks))
	var n, peak int64
	for i := 1; ; i++ {
		c, err := body.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != 65536 || c[0] != byte(i) {
			t.Fatalf("chunk %d: %d bytes starting %d", i, len(c), c[0])
		}
		n += int64(len(c))
		if r := rssBytes(); r > peak {
			peak = r
		}
	}
	if n != chunks*65536 {
		t.Fatalf("read %d bytes, want %d", n, chunks*65536)
	}
	t.Logf("streamed %d MiB; RSS before %d MiB, peak while streaming %d MiB", n>>20, before>>20, peak>>20)
	if peak-before > 32<<20 {
		t.Errorf("RSS grew by %d MiB streaming %d MiB: the body is held, not streamed", (peak-before)>>20, n>>20)
	}
}

func TestJSStreamedResponseReaderGoingCancelsTheStream(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "gone", "/ticks?n=10")
	jsMust(t, e, "Streamer", "gone", "allow", "")
	if got := nextChunk(t, body); got != "chunk 1;" {
		t.Fatalf("chunk 1: %q", got)
	}
	body.Close() // the pump waits for the stream's next chunk, which never comes: it learns anyway
	deadline := time.Now().Add(30 * time.Second)
	for {
		st := jsMust(t, e, "Streamer", "gone", "state", "")
		if strings.Contains(st, "went away") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream was not cancelled: %s", st)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestJSStreamedResponseThatErrorsIsCut(t *testing.T) {
	e := streamEngine(t)
	resp, body := fetchStream(t, e, "err", "/broken")
	if resp.Status != 201 {
		t.Fatalf("status %d", resp.Status)
	}
	if got := nextChunk(t, body); got != "first" {
		t.Fatalf("first chunk: %q", got)
	}
	_, err := body.Next(context.Background())
	if !errors.Is(err, ErrStreamCut) || !strings.Contains(err.Error(), "RangeError: the source broke") {
		t.Fatalf("after the error: %v, want ErrStreamCut with the stream's error", err)
	}
}

func TestJSStreamedResponseOfStringChunksIsCut(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "str", "/strings")
	if _, err := body.Next(context.Background()); !errors.Is(err, ErrStreamCut) || !strings.Contains(err.Error(), "did not return bytes") {
		t.Fatalf("a stream of strings: %v, want ErrStreamCut", err)
	}
}

func TestJSWholeBodiesStayWhole(t *testing.T) {
	e := streamEngine(t)
	resp, body, err := e.FetchStream(context.Background(), "Streamer", "whole", FetchRequest{Method: "GET", URL: "/text"})
	if err != nil || body != nil || string(resp.Body) != "whole" {
		t.Fatalf("a string body: %q, streamed %v, %v", resp.Body, body != nil, err)
	}
	// Fetch takes whole bodies: a stream is read whole for it, as before.
	jsMust(t, e, "Streamer", "f", "allow", "")
	jsMust(t, e, "Streamer", "f", "allow", "")
	resp, err = e.Fetch(context.Background(), "Streamer", "f", FetchRequest{Method: "GET", URL: "/ticks?n=2"})
	if err != nil || string(resp.Body) != "chunk 1;chunk 2;" {
		t.Fatalf("Fetch of a stream: %q, %v", resp.Body, err)
	}
}

func TestJSStreamedResponseThroughAnotherObject(t *testing.T) {
	e := streamEngine(t)
	// The outer object returns the inner's answer unread: the inner's chunks reach the
	// reader as the inner enqueues them.
	_, body := fetchStream(t, e, "outer", "/relay?path=/ticks?n=3")
	for k := 1; k <= 3; k++ {
		if n := e.object("Streamer", "outer").streaming.Load(); n != 0 {
			t.Fatalf("the outer object streams %d bodies itself: its answer was not spliced", n)
		}
		if n := e.object("Streamer", "inner").streaming.Load(); n != 1 {
			t.Fatalf("the inner object streams %d bodies, want 1", n)
		}
		jsMust(t, e, "Streamer", "inner", "allow", "")
		if got, want := nextChunk(t, body), fmt.Sprintf("chunk %d;", k); got != want {
			t.Fatalf("chunk %d: %q, want %q", k, got, want)
		}
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
	// Read by the outer script instead, the inner's stream arrives whole.
	for range 3 {
		jsMust(t, e, "Streamer", "inner2", "allow", "")
	}
	resp, err := e.Fetch(context.Background(), "Streamer", "outer2", FetchRequest{Method: "GET", URL: "/relay-text"})
	if err != nil || string(resp.Body) != "chunk 1;chunk 2;chunk 3;" {
		t.Fatalf("read by the outer script: %q, %v", resp.Body, err)
	}
}

// A Worker that returns an object's streamed answer unread streams it too, spliced: its
// script passes no chunk on.
func TestJSStreamedResponseThroughTheWorker(t *testing.T) {
	e := streamEngine(t)
	worker := strings.Replace(jsStreamed, "return { Streamer };",
		`return { Streamer, default: { fetch(request, env) { return env.S.getByName("behind").fetch(request); } } };`, 1)
	deployJS(t, e, "wproj", jsBundle(`{"name":"wproj","bindings":{"S":{"class":"Streamer"}},"vars":{}}`, worker))
	resp, body, err := e.FetchStream(context.Background(), "wproj", "worker-0", FetchRequest{Method: "GET", URL: "/ticks?n=2"})
	if err != nil || body == nil {
		t.Fatalf("through the Worker: %d %q streamed %v, %v", resp.Status, resp.Body, body != nil, err)
	}
	defer body.Close()
	for k := 1; k <= 2; k++ {
		if n := e.object("wproj", "worker-0").streaming.Load(); n != 0 {
			t.Fatalf("the Worker streams %d bodies itself: the answer was not spliced", n)
		}
		jsMust(t, e, "Streamer", "behind", "allow", "")
		if got, want := nextChunk(t, body), fmt.Sprintf("chunk %d;", k); got != want {
			t.Fatalf("chunk %d: %q, want %q", k, got, want)
		}
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
}

// A streamed response has no time limit of its own: it lasts past the call time limit
// for as long as the object feeds it (each event that feeds it has the limit).
func TestJSStreamedResponseOutlastsTheCallTimeLimit(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 100 * time.Millisecond})
	deployJS(t, e, "Streamer", jsBundle(jsStreamedManifest, jsStreamed))
	_, body := fetchStream(t, e, "long", "/ticks?n=2")
	jsMust(t, e, "Streamer", "long", "allow", "")
	if got := nextChunk(t, body); got != "chunk 1;" {
		t.Fatalf("chunk 1: %q", got)
	}
	time.Sleep(300 * time.Millisecond) // three call time limits
	jsMust(t, e, "Streamer", "long", "allow", "")
	if got := nextChunk(t, body); got != "chunk 2;" {
		t.Fatalf("chunk 2: %q", got)
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
}

// An object whose instance streams a response stays resident, idle or not, until the
// stream ends; then it may go.
func TestJSStreamingObjectIsNotEvictedForIdleness(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "idle", "/ticks?n=2")
	jsMust(t, e, "Streamer", "idle", "allow", "")
	if got := nextChunk(t, body); got != "chunk 1;" {
		t.Fatalf("chunk 1: %q", got)
	}
	e.evictIdle(time.Now().Add(time.Hour)) // as if idle for an hour
	jsMust(t, e, "Streamer", "idle", "allow", "")
	if got := nextChunk(t, body); got != "chunk 2;" {
		t.Fatalf("chunk 2 after the idle sweep: %q", got)
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
	e.evictIdle(time.Now().Add(time.Hour))
	if st := jsMust(t, e, "Streamer", "idle", "state", ""); !strings.Contains(st, `"sent":0`) {
		t.Fatalf("the object stayed resident after its stream ended: %s", st)
	}
}

// Closing the engine cuts the responses its objects stream.
func TestJSStreamedResponseIsCutWhenTheEngineCloses(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "closing", "/ticks?n=5")
	jsMust(t, e, "Streamer", "closing", "allow", "")
	if got := nextChunk(t, body); got != "chunk 1;" {
		t.Fatalf("chunk 1: %q", got)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := body.Next(context.Background()); !errors.Is(err, ErrStreamCut) {
		t.Fatalf("after Close: %v, want ErrStreamCut", err)
	}
}

// A chunk leaves only once the writes of the event that enqueued it are durable (the
// output gate): when that event's commit fails, the reader never sees the chunk, and
// the stream is cut.
func TestJSStreamedChunkWaitsForItsEventsCommit(t *testing.T) {
	fs := faultfs.NewOnDemand()
	t.Cleanup(fs.Unregister)
	e := newEngine(t, Options{VFS: fs.Register()})
	deployJS(t, e, "Streamer", jsBundle(jsStreamedManifest, jsStreamed))
	_, body := fetchStream(t, e, "gated", "/ticks?n=3")
	jsMust(t, e, "Streamer", "gated", "allow", "")
	if got := nextChunk(t, body); got != "chunk 1;" {
		t.Fatalf("chunk 1: %q", got)
	}
	fs.SetFailing(faultfs.FailFull)
	jsMust(t, e, "Streamer", "gated", "allow", "") // chunk 2's event writes, and its commit fails
	c, err := body.Next(context.Background())
	fs.SetFailing(0)
	if !errors.Is(err, ErrStreamCut) {
		t.Fatalf("after a failed commit: %q, %v; want the stream cut, and chunk 2 never seen", c, err)
	}
}

// A Worker or object that transforms another object's streamed answer streams the
// result: its pump reads the other's body in its own events, as chunks come, without
// holding its call (whose head leaves at once) or its input gate.
func TestJSStreamedResponseTransformedInTheMiddle(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "middle", "/relay-upper")
	for k := 1; k <= 3; k++ {
		jsMust(t, e, "Streamer", "inner3", "allow", "")
		if got, want := nextChunk(t, body), fmt.Sprintf("CHUNK %d;", k); got != want {
			t.Fatalf("chunk %d: %q, want %q", k, got, want)
		}
		// The middle object takes calls while it streams.
		jsMust(t, e, "Streamer", "middle", "state", "")
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
}

// A Response whose body stream was locked after it was made cannot be streamed: the
// call fails with a TypeError, as reading it would.
func TestJSStreamedResponseOfALockedStreamFails(t *testing.T) {
	e := streamEngine(t)
	_, body, err := e.FetchStream(context.Background(), "Streamer", "locked", FetchRequest{Method: "GET", URL: "/locked"})
	if err == nil || body != nil || !strings.Contains(err.Error(), "TypeError: body already used") {
		t.Fatalf("a locked body stream: streamed %v, %v; want a TypeError", body != nil, err)
	}
}

// A response whose stream work given to waitUntil writes streams too: the head leaves
// when the handler returns, and that work goes on alongside the stream, as on
// Cloudflare, rather than holding the answer until it ends.
func TestJSStreamedResponseWrittenByWaitUntilWork(t *testing.T) {
	e := streamEngine(t)
	_, body := fetchStream(t, e, "produced", "/produced?n=3&ticks")
	for k := 1; k <= 3; k++ {
		jsMust(t, e, "Streamer", "produced", "allow", "")
		if got, want := nextChunk(t, body), fmt.Sprintf("chunk %d;", k); got != want {
			t.Fatalf("chunk %d: %q, want %q", k, got, want)
		}
	}
	if _, err := body.Next(context.Background()); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
	// More than the host holds: the work waits for the reader, the call does not fail.
	_, body = fetchStream(t, e, "produced-big", "/produced?n=64")
	var n int
	for {
		c, err := body.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n += len(c)
	}
	if n != 64<<16 {
		t.Fatalf("read %d bytes, want %d", n, 64<<16)
	}
}

// An object whose instance streams a response is not recycled (recycle.go), which
// would cut the stream, however much its memory grew; once the stream ends it may be.
func TestJSStreamingObjectIsNotRecycled(t *testing.T) {
	e := newEngine(t, Options{RecycleFactor: 0.01, RecycleMinBytes: 1}) // every instance may be recycled
	deployJS(t, e, "Streamer", jsBundle(jsStreamedManifest, jsStreamed))
	_, body := fetchStream(t, e, "recycled", "/big?n=64")
	n := 0
	for {
		c, err := body.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d bytes: %v", n, err)
		}
		n += len(c)
	}
	if n != 64<<16 {
		t.Fatalf("read %d bytes, want %d", n, 64<<16)
	}
}
