package host

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// jsRoom is a room of hibernatable WebSockets: "join" tags, attachments, a counter of
// constructions (held in memory only), broadcast, and a message that writes storage
// before it answers.
const jsRoom = `
class Room extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.constructed = ((await ctx.storage.get("constructed")) ?? 0) + 1;
      await ctx.storage.put("constructed", this.constructed);
    });
  }
  async fetch(request) {
    const u = new URL(request.url);
    const [client, server] = Object.values(new WebSocketPair());
    if (u.searchParams.has("accept")) {
      server.accept();
      server.addEventListener("message", (e) => server.send("plain:" + e.data));
    } else {
      this.ctx.acceptWebSocket(server, [u.searchParams.get("tag") || "none"]);
      server.serializeAttachment({ who: u.searchParams.get("who") || "anon" });
    }
    return new Response(null, { status: 101, webSocket: client });
  }
  async webSocketMessage(ws, message) {
    const [cmd, arg] = String(message).split(":");
    if (cmd === "who") ws.send(JSON.stringify({ who: ws.deserializeAttachment().who, tags: this.ctx.getTags(ws), constructed: this.constructed }));
    else if (cmd === "all") for (const w of this.ctx.getWebSockets(arg)) w.send("all:" + arg);
    else if (cmd === "write") { this.ctx.storage.put("n", Number(arg)); ws.send("wrote:" + arg); }
    else if (cmd === "throw") throw new Error("the handler throws");
    else if (cmd === "big") ws.send("x".repeat(Number(arg)));
    else ws.send("echo:" + message);
  }
  async webSocketClose(ws, code, reason, wasClean) {
    await this.ctx.storage.put("closed", { code, reason, wasClean });
  }
  async closed() { return await this.ctx.storage.get("closed"); }
  leak() { new WebSocketPair(); }
  async n() { return await this.ctx.storage.get("n"); }
}
return { Room };`

// testPeer is the client side of a WebSocket the test holds as the server would: it
// records what the object sends.
type testPeer struct {
	msgs   chan string
	closes chan [2]any
}

func newTestPeer() *testPeer {
	return &testPeer{msgs: make(chan string, 64), closes: make(chan [2]any, 4)}
}

func (p *testPeer) Message(text bool, data []byte) {
	if !text {
		p.msgs <- fmt.Sprintf("binary:%x", data)
		return
	}
	p.msgs <- string(data)
}

func (p *testPeer) Close(code int, reason string) { p.closes <- [2]any{code, reason} }

func (p *testPeer) next(t *testing.T) string {
	t.Helper()
	select {
	case m := <-p.msgs:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no message within 10 s")
		return ""
	}
}

func (p *testPeer) closed(t *testing.T) [2]any {
	t.Helper()
	select {
	case c := <-p.closes:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no close within 10 s")
		return [2]any{}
	}
}

// connect opens a WebSocket to object name of class Room as the server does: a fetch
// answered 101, whose WebSocket the caller takes.
func connect(t *testing.T, e *Engine, name, query string) (*WebSocket, *testPeer) {
	t.Helper()
	resp, err := e.Fetch(context.Background(), "Room", name, FetchRequest{Method: "GET", URL: "/ws" + query,
		Headers: [][2]string{{"upgrade", "websocket"}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != 101 || resp.WebSocket == 0 {
		t.Fatalf("fetch: status %d, websocket %d", resp.Status, resp.WebSocket)
	}
	ws, err := e.TakeWebSocket(resp)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.TakeWebSocket(resp); err == nil {
		t.Fatal("the same WebSocket was taken twice")
	}
	p := newTestPeer()
	ws.Attach(p)
	return ws, p
}

func send(t *testing.T, ws *WebSocket, msg string) {
	t.Helper()
	if err := ws.Send(context.Background(), true, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

func deployRoom(t *testing.T, opts Options) *Engine {
	t.Helper()
	e := newEngine(t, opts)
	deployJS(t, e, "Room", jsBundle("", jsRoom))
	return e
}

// A hibernatable WebSocket outlives its object's instance: the object is evicted while
// the socket stays open, and the next message activates it again (its constructor
// runs again) with the socket's tags and attachment intact.
func TestJSWebSocketSurvivesEviction(t *testing.T) {
	e := deployRoom(t, Options{IdleEvict: 50 * time.Millisecond})
	ws, p := connect(t, e, "r", "?tag=red&who=ann")
	send(t, ws, "who")
	if got := p.next(t); got != `{"who":"ann","tags":["red"],"constructed":1}` {
		t.Fatalf("before eviction: %s", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	for e.Resident() > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the object with a hibernatable WebSocket was never evicted")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := e.hibernatedSockets(); n != 1 {
		t.Errorf("hibernated sockets: %v, want 1", n)
	}
	send(t, ws, "who")
	if got := p.next(t); got != `{"who":"ann","tags":["red"],"constructed":2}` {
		t.Fatalf("after eviction: %s", got)
	}
}

// Messages of several sockets reach the object one at a time, and a handler reaches
// every socket of a tag.
func TestJSWebSocketBroadcastByTag(t *testing.T) {
	e := deployRoom(t, Options{})
	a, pa := connect(t, e, "b", "?tag=red")
	_, pb := connect(t, e, "b", "?tag=red")
	_, pc := connect(t, e, "b", "?tag=blue")
	send(t, a, "all:red")
	if pa.next(t) != "all:red" || pb.next(t) != "all:red" {
		t.Fatal("a red socket missed the broadcast")
	}
	select {
	case m := <-pc.msgs:
		t.Fatalf("the blue socket got %q", m)
	case <-time.After(50 * time.Millisecond):
	}
}

// The client's close reaches webSocketClose with its code and reason.
func TestJSWebSocketCloseReachesHandler(t *testing.T) {
	e := deployRoom(t, Options{})
	ws, _ := connect(t, e, "c", "")
	ws.Close(4000, "bye", true)
	var out []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		var err error
		if out, err = e.Call(context.Background(), "Room", "c", "closed", nil); err != nil {
			t.Fatal(err)
		}
		if len(out) > 0 {
			break
		}
	}
	if string(out) != `{"code":4000,"reason":"bye","wasClean":true}` {
		t.Fatalf("webSocketClose saw %s", out)
	}
	if err := ws.Send(context.Background(), true, []byte("late")); err == nil {
		t.Fatal("a send after close was taken")
	}
}

// A handler that throws fails that event only: the socket stays open.
func TestJSWebSocketHandlerErrorKeepsSocket(t *testing.T) {
	e := deployRoom(t, Options{})
	ws, p := connect(t, e, "t", "")
	send(t, ws, "throw")
	send(t, ws, "still")
	if got := p.next(t); got != "echo:still" {
		t.Fatalf("after a failed event: %q", got)
	}
}

// A message sent by a handler that wrote leaves only once the write is durable: with
// the disk failing the commit, the client never sees it, the write is not there, and
// the socket is closed with 1011.
func TestJSWebSocketSendWaitsForCommit(t *testing.T) {
	fs := faultfs.NewOnDemand()
	t.Cleanup(fs.Unregister)
	e := deployRoom(t, Options{VFS: fs.Register()})
	ws, p := connect(t, e, "g", "")
	send(t, ws, "write:1")
	if got := p.next(t); got != "wrote:1" {
		t.Fatalf("first write: %q", got)
	}
	fs.SetFailing(faultfs.FailFull)
	send(t, ws, "write:2")
	got := p.closed(t)
	fs.SetFailing(0)
	select {
	case m := <-p.msgs:
		t.Fatalf("a message whose write failed to commit left: %q", m)
	default:
	}
	if got[0] != abi.CloseInternal {
		t.Fatalf("closed with %v, want 1011", got)
	}
	out, err := e.Call(context.Background(), "Room", "g", "n", nil)
	if err != nil || string(out) != "1" {
		t.Fatalf("stored n: %s (%v), want 1", out, err)
	}
}

// A WebSocket accepted by the instance (ws.accept()) keeps its object resident; when
// the instance goes anyway (a new version), the socket is closed with 1011.
func TestJSWebSocketAcceptedClosesWithItsInstance(t *testing.T) {
	e := deployRoom(t, Options{IdleEvict: 20 * time.Millisecond})
	ws, p := connect(t, e, "a", "?accept=1")
	send(t, ws, "hi")
	if got := p.next(t); got != "plain:hi" {
		t.Fatalf("accepted socket: %q", got)
	}
	time.Sleep(200 * time.Millisecond)
	if e.Resident() != 1 {
		t.Fatal("the object with an accepted WebSocket was evicted")
	}
	deployJS(t, e, "Room", jsBundle("", strings.Replace(jsRoom, "plain:", "plain2:", 1)))
	if _, err := e.Call(context.Background(), "Room", "a", "n", nil); err != nil { // the call switches versions
		t.Fatal(err)
	}
	if got := p.closed(t); got[0] != abi.CloseInternal {
		t.Fatalf("closed with %v, want 1011", got)
	}
}

// A hibernated WebSocket's next event runs the class's new version.
func TestJSWebSocketNewVersionTakesNextEvent(t *testing.T) {
	e := deployRoom(t, Options{})
	ws, p := connect(t, e, "v", "")
	send(t, ws, "x")
	if got := p.next(t); got != "echo:x" {
		t.Fatal(got)
	}
	deployJS(t, e, "Room", jsBundle("", strings.Replace(jsRoom, `"echo:"`, `"echo2:"`, 1)))
	send(t, ws, "x")
	if got := p.next(t); got != "echo2:x" {
		t.Fatalf("after the deploy: %q", got)
	}
}

// Closing the engine closes every network WebSocket with 1012 (service restart), so
// that clients reconnect.
func TestJSWebSocketEngineCloseAnnouncesRestart(t *testing.T) {
	e := deployRoom(t, Options{})
	_, p := connect(t, e, "s", "")
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := p.closed(t); got != [2]any{abi.CloseServiceRestart, "service restart"} {
		t.Fatalf("closed with %v", got)
	}
}

// Limits: a message over the size limit is refused to the sender script, tags and
// attachments have their bounds, and an object holds at most WebSocketsPerObject.
func TestJSWebSocketLimits(t *testing.T) {
	e := deployRoom(t, Options{WebSocketMessageBytes: 1000, WebSocketsPerObject: 2})
	ws, p := connect(t, e, "l", "")
	send(t, ws, "big:2000")
	send(t, ws, "big:10")
	if got := p.next(t); got != strings.Repeat("x", 10) {
		t.Fatalf("after an oversized send: %q", got)
	}
	connect(t, e, "l", "")
	resp, err := e.Fetch(context.Background(), "Room", "l", FetchRequest{Method: "GET", URL: "/ws"})
	if err == nil && resp.Status == 101 {
		t.Fatal("a third WebSocket was accepted past the limit of 2")
	}
}

// The ends of a WebSocketPair no one accepted or answered with go with the instance
// that made them.
func TestJSWebSocketUnacceptedGoWithTheInstance(t *testing.T) {
	e := deployRoom(t, Options{IdleEvict: 20 * time.Millisecond})
	jsMust(t, e, "Room", "u", "leak", "")
	open := func() int {
		e.ws.mu.Lock()
		defer e.ws.mu.Unlock()
		return len(e.ws.ends)
	}
	if n := open(); n != 2 {
		t.Fatalf("%d ends after the pair, want 2", n)
	}
	for deadline := time.Now().Add(10 * time.Second); open() > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d ends left after the instance was evicted", open())
		}
	}
}
