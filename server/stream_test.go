package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sseClass streams server-sent events: event k is enqueued only once allow() has been
// called k times, so the test sees each arrive before the next exists.
const sseClass = `import { DurableObject } from "cloudflare:workers";
const enc = new TextEncoder();
let allowed = 0, sent = 0, cancelled = null;
export class Sse extends DurableObject {
  allow() { return ++allowed; }
  state() { return { sent, cancelled }; }
  fetch(request) {
    const u = new URL(request.url);
    if (u.pathname === "/big") {
      const n = Number(u.searchParams.get("chunks"));
      let i = 0;
      return new Response(new ReadableStream({ pull(c) { if (i++ === n) return c.close(); c.enqueue(new Uint8Array(65536).fill(i & 255)); } }));
    }
    if (u.pathname === "/broken") {
      return new Response(new ReadableStream({ start(c) { c.enqueue(enc.encode("data: 1\n\n")); setTimeout(() => c.error(new Error("broke")), 1); } }));
    }
    const n = Number(u.searchParams.get("n"));
    let timer;
    return new Response(new ReadableStream({
      start(c) {
        timer = setInterval(() => {
          if (sent < allowed && sent < n) { sent++; c.enqueue(enc.encode("data: " + sent + "\n\n")); }
          if (sent === n) { clearInterval(timer); c.close(); }
        }, 1);
      },
      cancel(reason) { clearInterval(timer); cancelled = String(reason); },
    }), { headers: { "content-type": "text/event-stream" } });
  }
}
`

func startSSE(t *testing.T) *env {
	t.Helper()
	v := start(t, Options{})
	if status, body, _ := v.do("PUT", "/v1/classes/Sse", []byte(sseClass)); status != 200 {
		t.Fatalf("upload: %d %s", status, body)
	}
	return v
}

func (v *env) allow(name string) {
	v.t.Helper()
	if status, body, _ := v.do("POST", "/v1/objects/Sse/"+name+"/allow", nil); status != 200 {
		v.t.Fatalf("allow: %d %s", status, body)
	}
}

// readEvent reads one server-sent event ("data: k\n\n").
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	var ev strings.Builder
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading an event: %q, %v", ev.String()+line, err)
		}
		if line == "\n" {
			return ev.String()
		}
		ev.WriteString(line)
	}
}

func TestFetchStreamsServerSentEvents(t *testing.T) {
	v := startSSE(t)
	resp, err := http.Get(v.url + "/v1/objects/Sse/a/fetch/events?n=5")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" || resp.ContentLength != -1 {
		t.Fatalf("head: %d %q length %d", resp.StatusCode, resp.Header.Get("Content-Type"), resp.ContentLength)
	}
	r := bufio.NewReader(resp.Body)
	for k := 1; k <= 5; k++ {
		v.allow("a") // event k exists only now, after the client read event k-1
		if got, want := readEvent(t, r), fmt.Sprintf("data: %d\n", k); got != want {
			t.Fatalf("event %d: %q, want %q", k, got, want)
		}
	}
	if rest, err := io.ReadAll(r); err != nil || len(rest) != 0 {
		t.Fatalf("after the last event: %q, %v", rest, err)
	}
}

func TestFetchStreamClientGoingCancelsTheStream(t *testing.T) {
	v := startSSE(t)
	resp, err := http.Get(v.url + "/v1/objects/Sse/b/fetch/events?n=100")
	if err != nil {
		t.Fatal(err)
	}
	v.allow("b")
	if got := readEvent(t, bufio.NewReader(resp.Body)); got != "data: 1\n" {
		t.Fatalf("event 1: %q", got)
	}
	resp.Body.Close() // the client goes away mid-stream, while the object's stream waits
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, body, _ := v.do("POST", "/v1/objects/Sse/b/state", nil)
		if strings.Contains(string(body), "went away") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the object's stream was not cancelled: %s", body)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestFetchStreamThatErrorsCutsTheResponse(t *testing.T) {
	v := startSSE(t)
	resp, err := http.Get(v.url + "/v1/objects/Sse/c/fetch/broken")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	b, err := io.ReadAll(resp.Body)
	if string(b) != "data: 1\n\n" || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("body %q, %v: want the first event and then the response cut", b, err)
	}
}

// rssBytes is the process's resident set size (Linux; 0 elsewhere).
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// A streamed response of 64 MiB, twice the bound of a whole body, reaches an HTTP
// client whole while the process holds a small part of it.
func TestFetchStreamBeyondTheWholeBodyBound(t *testing.T) {
	v := startSSE(t)
	const chunks = 1024 // 64 MiB
	before := rssBytes()
	resp, err := http.Get(v.url + fmt.Sprintf("/v1/objects/Sse/big/fetch/big?chunks=%d", chunks))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 64<<10)
	var n, peak int64
	for {
		k, err := resp.Body.Read(buf)
		for _, c := range buf[:k] {
			if want := byte(n>>16 + 1); c != want {
				t.Fatalf("byte %d: %d, want %d", n, c, want)
			}
			n++
		}
		if r := rssBytes(); r > peak {
			peak = r
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if n != chunks<<16 {
		t.Fatalf("read %d bytes, want %d", n, chunks<<16)
	}
	t.Logf("streamed %d MiB over HTTP; RSS before %d MiB, peak %d MiB", n>>20, before>>20, peak>>20)
	if before > 0 && peak-before > 32<<20 {
		t.Errorf("RSS grew by %d MiB streaming %d MiB: the body is held, not streamed", (peak-before)>>20, n>>20)
	}
}

// Shutdown cuts the responses objects stream, so that their connections, which would
// stay busy for as long as the objects stream, do not hold it up.
func TestShutdownCutsStreamedResponses(t *testing.T) {
	v := startSSE(t)
	resp, err := http.Get(v.url + "/v1/objects/Sse/d/fetch/events?n=100")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	v.allow("d")
	r := bufio.NewReader(resp.Body)
	if got := readEvent(t, r); got != "data: 1\n" {
		t.Fatalf("event 1: %q", got)
	}
	if err := v.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rest, err := io.ReadAll(r); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("after Shutdown: %q, %v; want the response cut", rest, err)
	}
}
