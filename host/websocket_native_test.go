package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/plugins"
)

// nativePeer is the network side of a WebSocket in these tests, as the server holds
// one (Engine.TakeWebSocket, WebSocket.Attach): it records what the object sends.
type nativePeer struct {
	mu     sync.Mutex
	got    []string // text messages, and binary ones as "bin:" + the bytes
	closed *[2]any  // code and reason of the close, once it came
	more   chan struct{}
}

func (p *nativePeer) Message(text bool, data []byte) {
	p.mu.Lock()
	if text {
		p.got = append(p.got, string(data))
	} else {
		p.got = append(p.got, "bin:"+string(data))
	}
	p.mu.Unlock()
	p.poke()
}

func (p *nativePeer) Close(code int, reason string) {
	p.mu.Lock()
	p.closed = &[2]any{code, reason}
	p.mu.Unlock()
	p.poke()
}

func (p *nativePeer) poke() {
	select {
	case p.more <- struct{}{}:
	default:
	}
}

// wait waits until ok holds of what p has, failing the test after a long time (a
// deadlock guard, not a speed check).
func (p *nativePeer) wait(t *testing.T, what string, ok func(got []string, closed *[2]any) bool) {
	t.Helper()
	guard := time.After(20 * time.Second)
	for {
		p.mu.Lock()
		done := ok(p.got, p.closed)
		got, closed := slices.Clone(p.got), p.closed
		p.mu.Unlock()
		if done {
			return
		}
		select {
		case <-p.more:
		case <-guard:
			t.Fatalf("waiting for %s: got %q, closed %v", what, got, closed)
		}
	}
}

// message waits for the n-th message (from 0) and returns it.
func (p *nativePeer) message(t *testing.T, n int) string {
	t.Helper()
	p.wait(t, fmt.Sprintf("message %d", n), func(got []string, _ *[2]any) bool { return len(got) > n })
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.got[n]
}

// json waits for the n-th message and decodes it as a JSON object.
func (p *nativePeer) json(t *testing.T, n int) map[string]any {
	t.Helper()
	s := p.message(t, n)
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("message %d %q: %v", n, s, err)
	}
	return m
}

// upgrade fetches url of class/name with Upgrade: websocket and the headers h.
func upgrade(e *Engine, class, name, url string, h ...[2]string) (FetchResponse, error) {
	return e.Fetch(context.Background(), class, name, FetchRequest{Method: "GET", URL: url,
		Headers: append([][2]string{{"Upgrade", "websocket"}}, h...)})
}

// connectNative opens a WebSocket to class/name as the server does for a client.
func connectNative(t *testing.T, e *Engine, class, name, url string, h ...[2]string) (*WebSocket, *nativePeer, FetchResponse) {
	t.Helper()
	resp, err := upgrade(e, class, name, url, h...)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != 101 || resp.WebSocket == 0 {
		t.Fatalf("upgrade: status %d, websocket %d, body %q", resp.Status, resp.WebSocket, resp.Body)
	}
	ws, err := e.TakeWebSocket(resp)
	if err != nil {
		t.Fatal(err)
	}
	p := &nativePeer{more: make(chan struct{}, 1)}
	ws.Attach(p)
	return ws, p, resp
}

func sendNative(t *testing.T, ws *WebSocket, text string) {
	t.Helper()
	if err := ws.Send(context.Background(), true, []byte(text)); err != nil {
		t.Fatal(err)
	}
}

// chatRooms are the classes that speak the chat room protocol of
// plugins/chat/README.md: the Rust chat plugin, deployed by newEngine, and the
// JavaScript examples' JsChat (chatEngine): one suite drives them all.
var chatRooms = []string{"chat", "JsChat"}

// chatEngine is newEngine with class deployed.
func chatEngine(t *testing.T, class string, opts Options) *Engine {
	t.Helper()
	e := newEngine(t, opts)
	if class == "JsChat" {
		if _, err := e.Deploy(context.Background(), class, plugins.JSExamples()); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// A chat room (plugins/chat/README.md): who joins gets the last messages and a join
// notice goes to all; each message reaches every socket of the room, and so does one
// posted with the method post; who leaves is announced to the others.
func TestChatRoomBroadcasts(t *testing.T) {
	for _, class := range chatRooms {
		t.Run(class, func(t *testing.T) { testChatRoomBroadcasts(t, class) })
	}
}

func testChatRoomBroadcasts(t *testing.T, class string) {
	e := chatEngine(t, class, Options{})
	mustCall(t, e, class, "lobby", "post", `{"user":"carol","text":"before"}`)
	alice, pa, _ := connectNative(t, e, class, "lobby", "/?name=alice")
	if h := pa.json(t, 0); h["type"] != "history" || len(h["messages"].([]any)) != 1 {
		t.Fatalf("alice's first message: %v", h)
	}
	if m := pa.json(t, 0)["messages"].([]any)[0].(map[string]any); m["from"] != "carol" || m["text"] != "before" {
		t.Fatalf("history: %v", m)
	}
	if j := pa.json(t, 1); j["type"] != "join" || j["name"] != "alice" || j["online"] != 1.0 {
		t.Fatalf("alice's join: %v", j)
	}
	_, pb, _ := connectNative(t, e, class, "lobby", "/?name=b%C3%B6b")
	if j := pb.json(t, 1); j["type"] != "join" || j["name"] != "böb" || j["online"] != 2.0 {
		t.Fatalf("bob's join, to bob: %v", j)
	}
	if j := pa.json(t, 2); j["type"] != "join" || j["name"] != "böb" {
		t.Fatalf("bob's join, to alice: %v", j)
	}

	sendNative(t, alice, `{"text":"hi all"}`)
	for who, p := range map[string]*nativePeer{"alice": pa, "bob": pb} {
		n := map[string]int{"alice": 3, "bob": 2}[who]
		if m := p.json(t, n); m["type"] != "message" || m["from"] != "alice" || m["text"] != "hi all" {
			t.Fatalf("%s got %v", who, m)
		}
	}
	mustCall(t, e, class, "lobby", "post", `{"user":"carol","text":"by method"}`)
	if m := pb.json(t, 3); m["from"] != "carol" || m["text"] != "by method" {
		t.Fatalf("a posted message: %v", m)
	}
	if got := mustCall(t, e, class, "lobby", "history", `{}`)["messages"].([]any); len(got) != 3 {
		t.Fatalf("history: %v", got)
	}
	if got := mustCall(t, e, class, "lobby", "online", ``)["names"]; fmt.Sprint(got) != "[alice böb]" {
		t.Fatalf("online: %v", got)
	}

	sendNative(t, alice, `not json`)
	if m := pa.json(t, 5); m["type"] != "error" {
		t.Fatalf("a malformed message: %v", m)
	}
	alice.Close(1000, "bye", true)
	if m := pb.json(t, 4); m["type"] != "leave" || m["name"] != "alice" || m["online"] != 1.0 {
		t.Fatalf("alice's leave: %v", m)
	}

	// Another room hears nothing of this one.
	_, pc, _ := connectNative(t, e, class, "other", "/?name=dave")
	if h := pc.json(t, 0); len(h["messages"].([]any)) != 0 {
		t.Fatalf("another room's history: %v", h)
	}
	// A fetch without an upgrade, or without a name, is refused.
	if resp, err := e.Fetch(context.Background(), class, "lobby", FetchRequest{Method: "GET", URL: "/"}); err != nil || resp.Status != 426 {
		t.Fatalf("no upgrade: %d %v", resp.Status, err)
	}
	if resp, err := upgrade(e, class, "lobby", "/"); err != nil || resp.Status != 400 || resp.WebSocket != 0 {
		t.Fatalf("no name: %d %v", resp.Status, err)
	}
}

// A room with open sockets and nothing else to do is evicted when idle; the next
// message activates it again, with each socket's tags and attachment (its name)
// intact.
func TestChatRoomHibernates(t *testing.T) {
	for _, class := range chatRooms {
		t.Run(class, func(t *testing.T) { testChatRoomHibernates(t, class) })
	}
}

func testChatRoomHibernates(t *testing.T, class string) {
	e := chatEngine(t, class, Options{IdleEvict: 20 * time.Millisecond})
	alice, pa, _ := connectNative(t, e, class, "lobby", "/?name=alice")
	_, pb, _ := connectNative(t, e, class, "lobby", "/?name=bob")
	pa.json(t, 2) // bob's join
	pb.json(t, 1)
	guard := time.Now().Add(20 * time.Second)
	for e.hibernatedSockets() != 2 {
		if time.Now().After(guard) {
			t.Fatalf("the room was not evicted: %v hibernated sockets", e.hibernatedSockets())
		}
		time.Sleep(5 * time.Millisecond)
	}
	wakeups := wakeupsTotal(e)
	sendNative(t, alice, `{"text":"still here?"}`)
	if m := pb.json(t, 2); m["from"] != "alice" || m["text"] != "still here?" {
		t.Fatalf("after eviction, bob got %v", m)
	}
	if got := wakeupsTotal(e); got != wakeups+1 {
		t.Fatalf("sobjects_websocket_wakeups_total went from %v to %v, want one more", wakeups, got)
	}
	if got := mustCall(t, e, class, "lobby", "online", ``)["names"]; fmt.Sprint(got) != "[alice bob]" {
		t.Fatalf("online after eviction: %v", got)
	}
}

// testkit's WebSocket (plugins/testkit): tags and attachments, a close by either end
// reaching websocket_close, a trap in websocket_message failing that event only, and
// bad ids and input refused with their codes.
func TestNativeWebSocketHostFunctions(t *testing.T) {
	e := newEngine(t, Options{})
	ws, p, resp := connectNative(t, e, "testkit", "a", "/", [2]string{"x-ws-tags", "red,blue"})
	n := 0
	ask := func(q string) string {
		t.Helper()
		sendNative(t, ws, q)
		n++
		return p.message(t, n-1)
	}
	if got := ask("tags"); got != `["red","blue"]` {
		t.Fatalf("tags: %s", got)
	}
	if got := ask("att=hello"); got != "ok" {
		t.Fatalf("att=: %s", got)
	}
	if got := ask("att"); got != "hello" {
		t.Fatalf("att: %s", got)
	}
	if got := ask("att=" + strings.Repeat("x", WebSocketAttachmentBytes+1)); !strings.HasPrefix(got, "too_large: ") {
		t.Fatalf("an attachment over the limit: %s", got)
	}
	if got := ask("att"); got != "hello" {
		t.Fatalf("att after a refused one: %s", got)
	}
	sendNative(t, ws, "trap") // fails that event, and answers nothing
	if got := ask("echo after the trap"); got != "echo after the trap" {
		t.Fatalf("after a trap: %s", got)
	}
	mine := ask("list red")
	if got := ask("list green"); got != "[]" || !strings.Contains(mine, "[") {
		t.Fatalf("list: red %s, green %s", mine, got)
	}
	var own []int64
	if err := json.Unmarshal([]byte(mine), &own); err != nil || len(own) != 1 {
		t.Fatalf("list red: %s", mine)
	}
	if got := ask("att"); got != "hello" {
		t.Fatalf("the attachment after a trap: %s", got)
	}

	// Bad ids: none, the client's end (handed over, not the object's), another
	// object's socket.
	_, _, other := connectNative(t, e, "testkit", "b", "/")
	for _, id := range []int64{0, 999999, resp.WebSocket, other.WebSocket - 1} {
		for _, op := range []string{"send", "close", "tags"} {
			if got := ask(fmt.Sprintf("%s %d", op, id)); !strings.HasPrefix(got, "not_found: ") {
				t.Fatalf("%s %d: %s", op, id, got)
			}
		}
	}
	for _, code := range []int{1001, 1005, 2999, 5000, 70000} {
		if got := ask(fmt.Sprintf("closewith %d", code)); !strings.HasPrefix(got, "bad_input: ") {
			t.Fatalf("close with code %d: %s", code, got)
		}
	}
	// From a method: sends reach the socket; accepting is for a fetch only.
	if got := mustCall(t, e, "testkit", "a", "ws_try", fmt.Sprintf(`{"op":"send","socket":%d}`, own[0]))["result"]; got != "ok" {
		t.Fatalf("send from a method: %v", got)
	}
	if got := p.message(t, n); got != "from a method" {
		t.Fatalf("the method's message: %s", got)
	}
	n++
	if got := mustCall(t, e, "testkit", "a", "ws_try", `{"op":"accept"}`)["result"]; !strings.HasPrefix(got.(string), "bad_input: ") {
		t.Fatalf("accept from a method: %v", got)
	}
	// The event exports are the host's to call.
	for _, export := range []string{abi.ExportWebSocketMessage, abi.ExportWebSocketClose, abi.ExportWebSocketError} {
		if _, err := e.Call(context.Background(), "testkit", "a", export, nil); !errors.Is(err, ErrMethodNotFound) {
			t.Fatalf("calling %s as a method: %v", export, err)
		}
	}

	// The client closes: websocket_close gets its code and reason.
	ws.Close(4000, "done", true)
	var ev []any
	for guard := time.Now().Add(20 * time.Second); len(ev) == 0 && time.Now().Before(guard); time.Sleep(5 * time.Millisecond) {
		ev = mustCall(t, e, "testkit", "a", "ws_events", ``)["events"].([]any)
	}
	if len(ev) != 1 || fmt.Sprint(ev[0]) != fmt.Sprintf("map[clean:true code:4000 kind:close reason:done socket:%d]", own[0]) {
		t.Fatalf("ws_events: %v", ev)
	}
	if err := ws.Send(context.Background(), true, []byte("late")); !errors.Is(err, ErrWebSocketClosed) {
		t.Fatalf("a send after the close: %v", err)
	}

	// The object closes: the client gets its code and reason.
	ws2, p2, resp2 := connectNative(t, e, "testkit", "c", "/")
	sendNative(t, ws2, "close")
	p2.wait(t, "the object's close", func(_ []string, c *[2]any) bool { return c != nil })
	if c := *p2.closed; c[0] != 4001 || c[1] != "bye" {
		t.Fatalf("the object closed with %v", c)
	}
	// Until the client answers, the socket is the object's, closed: a send is refused.
	try := fmt.Sprintf(`{"op":"send","socket":%d}`, resp2.WebSocket-1)
	if got := mustCall(t, e, "testkit", "c", "ws_try", try)["result"]; !strings.HasPrefix(got.(string), "bad_input: ") {
		t.Fatalf("a send on a closed socket: %v", got)
	}
}

// A fetch that accepts and answers another status than 101, or fails, hands over no
// socket and leaves none; bad tags fail the fetch with bad_input.
func TestNativeWebSocketAcceptRefused(t *testing.T) {
	e := newEngine(t, Options{})
	resp, err := upgrade(e, "testkit", "a", "/", [2]string{"x-ws-status", "200"})
	if err != nil || resp.Status != 200 || resp.WebSocket != 0 {
		t.Fatalf("status 200: %d, websocket %d, %v", resp.Status, resp.WebSocket, err)
	}
	if _, err := e.TakeWebSocket(resp); !errors.Is(err, ErrWebSocketClosed) {
		t.Fatalf("TakeWebSocket of a 200: %v", err)
	}
	if got := mustCall(t, e, "testkit", "a", "ws_try", `{"op":"list"}`)["result"]; got != "[]" {
		t.Fatalf("sockets after a 200: %v", got)
	}
	many := strings.TrimSuffix(strings.Repeat("t,", WebSocketTagsMax+1), ",")
	for name, tags := range map[string]string{"too many": many, "too long": strings.Repeat("x", WebSocketTagBytes+1)} {
		_, err := upgrade(e, "testkit", "a", "/", [2]string{"x-ws-tags", tags})
		var ae *abi.Error
		if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput {
			t.Fatalf("%s tags: %v", name, err)
		}
	}
	if got := mustCall(t, e, "testkit", "a", "ws_try", `{"op":"list"}`)["result"]; got != "[]" {
		t.Fatalf("sockets after refused tags: %v", got)
	}

	// A message over Options.WebSocketMessageBytes is refused with too_large.
	small := newEngine(t, Options{WebSocketMessageBytes: 8})
	_, _, resp = connectNative(t, small, "testkit", "a", "/")
	try := fmt.Sprintf(`{"op":"send","socket":%d}`, resp.WebSocket-1)
	if got := mustCall(t, small, "testkit", "a", "ws_try", try)["result"]; !strings.HasPrefix(got.(string), "too_large: ") {
		t.Fatalf("a message over the limit: %v", got)
	}
}

// wakeupsTotal reads sobjects_websocket_wakeups_total.
func wakeupsTotal(e *Engine) float64 {
	var m dto.Metric
	if err := e.metrics.websocketWakeups.Write(&m); err != nil {
		panic(err)
	}
	return m.GetCounter().GetValue()
}

// An Extism plugin (testdata/extism_ws.wat) accepts a WebSocket in its fetch and
// answers its messages with the same host functions, through memory handles.
func TestExtismWebSocket(t *testing.T) {
	e := newEngine(t, Options{})
	if _, err := e.Deploy(context.Background(), "xws", fixture(t, "extism_ws")()); err != nil {
		t.Fatal(err)
	}
	ws, p, _ := connectNative(t, e, "xws", "a", "/")
	sendNative(t, ws, "ping")
	if got := p.message(t, 0); got != "pong" {
		t.Fatalf("the Extism plugin answered %q", got)
	}
}

// FuzzDecodeTags: ws_accept's tags, bytes a plugin writes, decode to at most
// WebSocketTagsMax strings or fail with bad_input, and what decodes encodes back the
// same.
func FuzzDecodeTags(f *testing.F) {
	for _, tags := range [][]string{nil, {"room"}, {"a", "user:böb"}} {
		var enc abi.Encoder
		enc.ArrayHeader(len(tags))
		for _, t := range tags {
			enc.String(t)
		}
		f.Add(enc.Buf)
	}
	f.Add([]byte{0x91, 0x01})
	f.Add([]byte{0x9b})
	f.Fuzz(func(t *testing.T, b []byte) {
		tags, err := decodeTags(b)
		if err != nil {
			var ae *abi.Error
			if !errors.As(err, &ae) || ae.Code != abi.CodeBadInput {
				t.Fatalf("%x: %v", b, err)
			}
			return
		}
		if len(tags) > WebSocketTagsMax {
			t.Fatalf("%x: %d tags", b, len(tags))
		}
		if len(b) == 0 {
			return
		}
		var enc abi.Encoder
		enc.ArrayHeader(len(tags))
		for _, s := range tags {
			enc.String(s)
		}
		again, err := decodeTags(enc.Buf)
		if err != nil || !slices.Equal(again, tags) {
			t.Fatalf("%x: %q, again %q %v", b, tags, again, err)
		}
	})
}

// A JavaScript object passes a Rust room's WebSocket on: its fetch answers with what
// stub.fetch of the room answered (status 101 and the socket), and the client talks
// to the room through it.
func TestJSPassesOnANativeWebSocket(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Gate", jsBundle(`{"name":"gate","bindings":{"CHAT":{"class":"chat"}},"vars":{}}`, `
class Gate extends DurableObject {
  async fetch(request) {
    const res = await this.env.CHAT.get(this.env.CHAT.idFromName("lobby")).fetch(request);
    return new Response(null, { status: res.status, webSocket: res.webSocket });
  }
}
return { Gate };`))
	ws, p, _ := connectNative(t, e, "Gate", "g", "/?name=alice")
	if j := p.json(t, 1); j["type"] != "join" || j["name"] != "alice" {
		t.Fatalf("through the gate: %v", j)
	}
	sendNative(t, ws, `{"text":"via js"}`)
	if m := p.json(t, 2); m["from"] != "alice" || m["text"] != "via js" {
		t.Fatalf("through the gate: %v", m)
	}
	if got := mustCall(t, e, "chat", "lobby", "online", ``)["names"]; fmt.Sprint(got) != "[alice]" {
		t.Fatalf("the room's members: %v", got)
	}
}
