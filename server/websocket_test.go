package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/storage"
)

// wsWorker is a Worker that echoes on a WebSocket it accepts (ws.accept()), and a
// Durable Object class, Room, that echoes on one it accepts hibernatable and records
// how it closed and what errors it saw.
const wsWorker = `import { DurableObject } from "cloudflare:workers";
function subprotocol(request) {
  const offered = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  return offered.length ? { "Sec-WebSocket-Protocol": offered[offered.length - 1] } : {};
}
function reply(ws, msg, request) {
  if (msg === "close") return ws.close(4000, "bye");
  if (msg === "headers") return ws.send(JSON.stringify(Object.fromEntries(request.headers)));
  if (msg === "work") { // busy for a while, answering nothing
    let x = 0;
    for (let i = 0; i < 60000; i++) x += i;
    return;
  }
  if (msg === "flood") {
    const chunk = "x".repeat(1 << 18);
    for (let i = 0; i < 256; i++) ws.send(chunk);
    return;
  }
  ws.send(typeof msg === "string" ? "echo:" + msg : msg);
}
export class Room extends DurableObject {
  fetch(request) {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(Object.fromEntries(request.headers));
    return new Response(null, { status: 101, webSocket: client, headers: subprotocol(request) });
  }
  webSocketMessage(ws, msg) {
    const headers = ws.deserializeAttachment();
    reply(ws, msg, { headers: new Headers(headers) });
  }
  async webSocketClose(ws, code, reason, wasClean) {
    await this.ctx.storage.put("closed", { code, reason, wasClean });
  }
  async webSocketError(ws, error) {
    await this.ctx.storage.put("error", String(error && error.message || error));
  }
  async closed() { return (await this.ctx.storage.get("closed")) ?? null; }
  async errored() { return (await this.ctx.storage.get("error")) ?? null; }
}
export default {
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/plain") return new Response("plain");
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    server.addEventListener("message", (ev) => reply(server, ev.data, request));
    return new Response(null, { status: 101, webSocket: client, headers: subprotocol(request) });
  },
};
`

// startWS starts a server whose Worker is wsWorker, with the class Room, on a real
// listener (Serve), and returns it with its address.
func startWS(t *testing.T, opts Options) (*env, *host.Engine) {
	t.Helper()
	reg := prometheus.NewRegistry()
	e, err := host.New(context.Background(), host.Options{
		DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, Registerer: reg, CallTimeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	opts.Gatherer, opts.Worker = reg, "w"
	s := New(e, opts)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	t.Cleanup(func() {
		s.Shutdown(context.Background())
		<-served
		e.Close(context.Background())
	})
	v := &env{t: t, url: "http://" + l.Addr().String(), srv: s}
	for _, class := range []string{"w", "Room"} {
		if status, body, _ := v.do("PUT", "/v1/classes/"+class, []byte(wsWorker)); status != 200 {
			t.Fatalf("upload %s: %d %s", class, status, body)
		}
	}
	return v, e
}

// dial opens a WebSocket to path of v.
func (v *env) dial(path string, opts *websocket.DialOptions) *websocket.Conn {
	v.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(v.url, "http")+path, opts)
	if err != nil {
		v.t.Fatalf("dial %s: %v (%v)", path, err, resp)
	}
	v.t.Cleanup(func() { c.CloseNow() })
	c.SetReadLimit(-1)
	return c
}

// roundTrip sends a message on c and returns the answer.
func roundTrip(t *testing.T, c *websocket.Conn, typ websocket.MessageType, msg []byte) (websocket.MessageType, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Write(ctx, typ, msg); err != nil {
		t.Fatal(err)
	}
	got, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return got, b
}

// roomClose is what Room recorded of its WebSocket's close.
type roomClose struct {
	Code     int    `json:"code"`
	Reason   string `json:"reason"`
	WasClean bool   `json:"wasClean"`
}

// waitClosed waits until the Room name recorded its WebSocket's close, and returns it
// with the error it recorded ("" none).
func (v *env) waitClosed(name string) (roomClose, string) {
	v.t.Helper()
	for range 1000 {
		if status, body, _ := v.do("POST", "/v1/objects/Room/"+name+"/closed", nil); status == 200 && string(body) != "null" {
			var rc roomClose
			if err := json.Unmarshal(body, &rc); err != nil {
				v.t.Fatalf("closed: %s", body)
			}
			var e string
			_, body, _ = v.do("POST", "/v1/objects/Room/"+name+"/errored", nil)
			json.Unmarshal(body, &e)
			return rc, e
		}
		time.Sleep(10 * time.Millisecond)
	}
	v.t.Fatalf("Room %s never saw its WebSocket close", name)
	return roomClose{}, ""
}

// TestWebSocketEcho: a WebSocket to the Worker and one to an object's fetch route carry
// text and binary messages both ways, and the script sees the upgrade's headers as the
// client sent them.
func TestWebSocketEcho(t *testing.T) {
	v, _ := startWS(t, Options{})
	for _, path := range []string{"/chat", "/v1/objects/Room/echo/fetch"} {
		t.Run(strings.ReplaceAll(path, "/", "_"), func(t *testing.T) {
			c := v.dial(path, nil)
			if typ, b := roundTrip(t, c, websocket.MessageText, []byte("hi")); typ != websocket.MessageText || string(b) != "echo:hi" {
				t.Fatalf("text: %v %q, want text echo:hi", typ, b)
			}
			bin := []byte{0, 1, 2, 255}
			if typ, b := roundTrip(t, c, websocket.MessageBinary, bin); typ != websocket.MessageBinary || !bytes.Equal(b, bin) {
				t.Fatalf("binary: %v %v, want binary %v", typ, b, bin)
			}
			_, b := roundTrip(t, c, websocket.MessageText, []byte("headers"))
			var h map[string]string
			if err := json.Unmarshal(b, &h); err != nil {
				t.Fatalf("headers: %s", b)
			}
			if h["upgrade"] != "websocket" || h["sec-websocket-key"] == "" || h["sec-websocket-version"] != "13" {
				t.Fatalf("the script saw headers %v, want the upgrade's", h)
			}
			c.Close(websocket.StatusNormalClosure, "")
		})
	}
}

// TestWebSocketClientCloses: the client's close reaches the object with its code and
// reason, clean; the object's close reaches the client.
func TestWebSocketClientCloses(t *testing.T) {
	v, _ := startWS(t, Options{})
	c := v.dial("/v1/objects/Room/a/fetch", nil)
	if err := c.Close(4001, "leaving"); err != nil {
		t.Fatal(err)
	}
	if rc, _ := v.waitClosed("a"); rc != (roomClose{4001, "leaving", true}) {
		t.Fatalf("the object saw %+v, want 4001 leaving clean", rc)
	}
	c = v.dial("/v1/objects/Room/b/fetch", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c.Write(ctx, websocket.MessageText, []byte("close"))
	_, _, err := c.Read(ctx)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != 4000 || ce.Reason != "bye" {
		t.Fatalf("the client got %v, want the object's close 4000 bye", err)
	}
}

// TestWebSocketSubprotocol: the subprotocol the script answers with, one the client
// offered, is the connection's.
func TestWebSocketSubprotocol(t *testing.T) {
	v, _ := startWS(t, Options{})
	for _, path := range []string{"/chat", "/v1/objects/Room/p/fetch"} {
		c := v.dial(path, &websocket.DialOptions{Subprotocols: []string{"chat.v1", "chat.v2"}})
		if got := c.Subprotocol(); got != "chat.v2" {
			t.Fatalf("%s: subprotocol %q, want the script's chat.v2", path, got)
		}
		if c := v.dial(path, nil); c.Subprotocol() != "" {
			t.Fatalf("%s: subprotocol %q without any offered", path, c.Subprotocol())
		}
	}
}

// TestWebSocketMessageOverLimit: a message over the limit (1 MiB) closes the
// connection with 1009, and the object gets an error and the close.
func TestWebSocketMessageOverLimit(t *testing.T) {
	v, _ := startWS(t, Options{})
	c := v.dial("/v1/objects/Room/big/fetch", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if typ, b := roundTrip(t, c, websocket.MessageBinary, make([]byte, host.DefaultWebSocketMessageBytes)); typ != websocket.MessageBinary || len(b) != host.DefaultWebSocketMessageBytes {
		t.Fatalf("a message of the limit's size: %v of %d bytes", typ, len(b))
	}
	c.Write(ctx, websocket.MessageBinary, make([]byte, host.DefaultWebSocketMessageBytes+1))
	_, _, err := c.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("the client got %v, want a close with 1009", err)
	}
	rc, e := v.waitClosed("big")
	if rc.Code != 1009 || rc.WasClean || !strings.Contains(e, "over the limit") {
		t.Fatalf("the object saw %+v and error %q, want 1009 and an error", rc, e)
	}
}

// TestWebSocketSlowClient: a client that does not read what the object sends is closed
// with 1008 once its send buffer is full, the object gets the close, and what the
// server held for it stayed within the buffer.
func TestWebSocketSlowClient(t *testing.T) {
	const buffer = 1 << 20
	v, _ := startWS(t, Options{WebSocketSendBuffer: buffer})
	c := v.dial("/v1/objects/Room/slow/fetch", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, []byte("flood")); err != nil { // 64 MiB, never read
		t.Fatal(err)
	}
	rc, _ := v.waitClosed("slow")
	if rc.Code != 1008 || rc.WasClean {
		t.Fatalf("the object saw %+v, want 1008, not clean", rc)
	}
	if held := v.srv.wsQueuedMax.Load(); held > buffer || held == 0 {
		t.Fatalf("the server held %d bytes for the client, want some within its buffer of %d", held, buffer)
	}
	for { // what reached the client, then the end
		if _, _, err := c.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("the connection did not end")
			}
			break
		}
	}
}

// TestWebSocketClientVanishes: a client whose connection ends without a close frame is
// reported to the object as 1006, not clean.
func TestWebSocketClientVanishes(t *testing.T) {
	v, _ := startWS(t, Options{})
	c := v.dial("/v1/objects/Room/gone/fetch", nil)
	roundTrip(t, c, websocket.MessageText, []byte("hi"))
	c.CloseNow() // TCP closed, no close frame
	if rc, _ := v.waitClosed("gone"); rc.Code != 1006 || rc.WasClean {
		t.Fatalf("the object saw %+v, want 1006, not clean", rc)
	}
}

// TestWebSocketHalfOpen: a client that answers no ping within the interval is taken
// for gone: the object is told 1006.
func TestWebSocketHalfOpen(t *testing.T) {
	v, _ := startWS(t, Options{WebSocketPing: 50 * time.Millisecond})
	v.dial("/v1/objects/Room/half/fetch", nil) // never reads, so never answers a ping
	if rc, _ := v.waitClosed("half"); rc.Code != 1006 || rc.WasClean {
		t.Fatalf("the object saw %+v, want 1006, not clean", rc)
	}
}

// TestWebSocketBusyObjectKeepsItsClient: while the object has yet to take what the
// client sent (the server stops reading, pongs included), pings do not take the client
// for gone.
func TestWebSocketBusyObjectKeepsItsClient(t *testing.T) {
	v, _ := startWS(t, Options{WebSocketPing: 20 * time.Millisecond})
	c := v.dial("/v1/objects/Room/busy/fetch", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for range 100 {
		if err := c.Write(ctx, websocket.MessageText, []byte("work")); err != nil {
			t.Fatal(err)
		}
	}
	if typ, b := roundTrip(t, c, websocket.MessageText, []byte("hi")); typ != websocket.MessageText || string(b) != "echo:hi" {
		t.Fatalf("after the work: %v %q, want echo:hi", typ, b)
	}
}

// TestWebSocketShutdown: a graceful shutdown closes the clients' WebSockets with 1012
// service restart, so that they reconnect, and does not wait for them otherwise.
func TestWebSocketShutdown(t *testing.T) {
	v, _ := startWS(t, Options{})
	conns := []*websocket.Conn{v.dial("/chat", nil), v.dial("/v1/objects/Room/s/fetch", nil)}
	for _, c := range conns {
		roundTrip(t, c, websocket.MessageText, []byte("hi"))
	}
	results := make(chan error, len(conns))
	for _, c := range conns {
		go func() {
			_, _, err := c.Read(context.Background())
			results <- err
		}()
	}
	if err := v.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for range conns {
		var ce websocket.CloseError
		if err := <-results; !errors.As(err, &ce) || ce.Code != websocket.StatusServiceRestart || ce.Reason != "service restart" {
			t.Fatalf("the client got %v, want 1012 service restart", err)
		}
	}
}

// TestWebSocketMalformedFrame: a frame that breaks the protocol (reserved bits set) is
// refused with 1002, and the object gets an error and the close.
func TestWebSocketMalformedFrame(t *testing.T) {
	v, _ := startWS(t, Options{})
	conn, err := net.Dial("tcp", strings.TrimPrefix(v.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, "GET /v1/objects/Room/bad/fetch HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	conn.Write([]byte{0xC1, 0x82, 1, 2, 3, 4, 'h' ^ 1, 'i' ^ 2}) // FIN, RSV1, text "hi", masked
	frame, _ := io.ReadAll(br)
	if len(frame) < 4 || frame[0] != 0x88 || frame[2] != 0x03 || frame[3] != 0xEA {
		t.Fatalf("the client got % x, want a close frame with 1002", frame)
	}
	rc, e := v.waitClosed("bad")
	if rc.Code != 1002 || rc.WasClean || e == "" {
		t.Fatalf("the object saw %+v and error %q, want 1002 and an error", rc, e)
	}
}

// TestWebSocketRefused: a WebSocket in the answer to a request that asked for none is
// refused with workerd's 500, and an upgrade answered without one gets that answer.
func TestWebSocketRefused(t *testing.T) {
	v, _ := startWS(t, Options{})
	if status, body, _ := v.do("GET", "/chat", nil); status != 500 || string(body) != internalServerError {
		t.Fatalf("a WebSocket to a plain request: %d %q, want 500 %q", status, body, internalServerError)
	}
	status, body, _ := v.do("GET", "/plain", nil, "Upgrade", "websocket", "Connection", "Upgrade",
		"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version", "13")
	if status != 200 || string(body) != "plain" {
		t.Fatalf("an upgrade answered plainly: %d %q, want the answer 200 plain", status, body)
	}
	// A malformed handshake the script answered with a WebSocket: refused as such.
	if status, body, _ := v.do("GET", "/chat", nil, "Upgrade", "websocket", "Connection", "Upgrade", "Sec-WebSocket-Version", "13"); status != 400 || !strings.Contains(string(body), "Sec-WebSocket-Key") {
		t.Fatalf("an upgrade without Sec-WebSocket-Key: %d %q, want 400 naming it", status, body)
	}
}
