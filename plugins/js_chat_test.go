package plugins

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
)

// chatPeer is a client of the chat room as the server holds it: the JSON messages the
// room sends it, decoded.
type chatPeer struct {
	ws   *host.WebSocket
	msgs chan map[string]any
}

func (p *chatPeer) Message(text bool, data []byte) {
	m := map[string]any{}
	if err := json.Unmarshal(data, &m); err != nil || !text {
		m = map[string]any{"type": "not JSON text", "data": string(data)}
	}
	p.msgs <- m
}

func (p *chatPeer) Close(code int, reason string) {}

// next is the next message the room sent p.
func (p *chatPeer) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m := <-p.msgs:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no message from the room within 10 s")
		return nil
	}
}

// expect checks that the next message has the given type and fields (numbers as JSON
// decodes them, float64).
func (p *chatPeer) expect(t *testing.T, typ string, fields map[string]any) map[string]any {
	t.Helper()
	m := p.next(t)
	if m["type"] != typ {
		t.Fatalf("got %v, want a %q message with %v", m, typ, fields)
	}
	for k, v := range fields {
		if m[k] != v {
			t.Fatalf("%q message: %s = %v, want %v (%v)", typ, k, m[k], v, m)
		}
	}
	return m
}

func (p *chatPeer) say(t *testing.T, msg string) {
	t.Helper()
	if err := p.ws.Send(context.Background(), true, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

// examplesEngine is an engine serving the JavaScript examples as `sobjects run` does.
func examplesEngine(t *testing.T, opts host.Options) *host.Engine {
	t.Helper()
	ctx := context.Background()
	opts.DataDir = t.TempDir()
	e, err := host.New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(ctx) })
	for _, class := range append(slices.Clone(JSExampleClasses), JSExamplesWorker) {
		if _, err := e.Deploy(ctx, class, JSExamples()); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// worker sends req to the examples' Worker, as the server does.
func worker(t *testing.T, e *host.Engine, method, path string, headers ...[2]string) host.FetchResponse {
	t.Helper()
	resp, err := e.Fetch(context.Background(), JSExamplesWorker, "worker-0",
		host.FetchRequest{Method: method, URL: path, Headers: headers})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// join opens a WebSocket to the room through the Worker's GET /chat/ROOM?name=NAME.
func join(t *testing.T, e *host.Engine, room, name string) *chatPeer {
	t.Helper()
	resp := worker(t, e, "GET", "/chat/"+room+"?name="+name, [2]string{"upgrade", "websocket"})
	if resp.Status != 101 {
		t.Fatalf("join %s as %s: status %d: %s", room, name, resp.Status, resp.Body)
	}
	ws, err := e.TakeWebSocket(resp)
	if err != nil {
		t.Fatal(err)
	}
	p := &chatPeer{ws: ws, msgs: make(chan map[string]any, 64)}
	ws.Attach(p)
	return p
}

// The chat room of the JavaScript examples speaks the Rust chat plugin's protocol: a
// socket that joins gets the last messages and everyone the join; a message goes to
// every socket, the sender's too; a post through the method API too; a leave to the
// others; bad messages an error to their sender only.
func TestJSChatRoomBroadcastsToItsSockets(t *testing.T) {
	e := examplesEngine(t, host.Options{})
	ann := join(t, e, "lobby", "ann")
	if h := ann.expect(t, "history", nil); len(h["messages"].([]any)) != 0 {
		t.Fatalf("history of a new room: %v", h)
	}
	ann.expect(t, "join", map[string]any{"name": "ann", "online": 1.0})
	bob := join(t, e, "lobby", "bob")
	bob.expect(t, "history", nil)
	bob.expect(t, "join", map[string]any{"name": "bob", "online": 2.0})
	ann.expect(t, "join", map[string]any{"name": "bob", "online": 2.0})

	ann.say(t, `{"text":"hi bob"}`)
	for _, p := range []*chatPeer{ann, bob} {
		m := p.expect(t, "message", map[string]any{"from": "ann", "text": "hi bob", "id": 1.0})
		if at, _ := m["at"].(float64); at < float64(time.Now().Add(-time.Minute).UnixMilli()) {
			t.Fatalf("message at %v, want unix milliseconds of now", m["at"])
		}
	}
	if _, err := e.Call(context.Background(), "JsChat", "lobby", "post", []byte(`{"user":"carl","text":"from the API"}`)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*chatPeer{ann, bob} {
		p.expect(t, "message", map[string]any{"from": "carl", "text": "from the API"})
	}
	for msg, want := range map[string]string{
		`not json`:     "a message is JSON",
		`{"text":""}`:  `"text" must be a string of 1 to 4096 bytes`,
		`{"text":7}`:   `"text" must be a string`,
		`{"say":"hi"}`: `"text" must be a string`,
		`{"text":"` + strings.Repeat("x", 4097) + `"}`: "1 to 4096 bytes",
	} {
		bob.say(t, msg)
		if m := bob.expect(t, "error", nil); !strings.Contains(m["error"].(string), want) {
			t.Fatalf("error for %.40s: %v, want %q", msg, m["error"], want)
		}
	}
	out, err := e.Call(context.Background(), "JsChat", "lobby", "online", nil)
	if err != nil || string(out) != `{"names":["ann","bob"]}` {
		t.Fatalf("online: %s, %v", out, err)
	}

	bob.ws.Close(1000, "bye", true)
	ann.expect(t, "leave", map[string]any{"name": "bob", "online": 1.0})
	carol := join(t, e, "lobby", "carol")
	h := carol.expect(t, "history", nil)
	got, _ := json.Marshal(h["messages"])
	if !strings.Contains(string(got), `"from":"ann","id":1,"text":"hi bob"`) || !strings.Contains(string(got), `"from":"carl"`) {
		t.Fatalf("history on join: %s", got)
	}
	select {
	case m := <-ann.msgs:
		if m["type"] != "join" {
			t.Fatalf("ann got %v, want carol's join (bob's errors were bob's only)", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ann did not see carol join")
	}
}

// The room's sockets are hibernatable: the room is evicted while people are connected,
// and the next message wakes it, the sender's name still known from its attachment.
func TestJSChatRoomWakesForAMessageAfterEviction(t *testing.T) {
	e := examplesEngine(t, host.Options{IdleEvict: 50 * time.Millisecond})
	ann := join(t, e, "quiet", "ann")
	ann.expect(t, "history", nil)
	ann.expect(t, "join", nil)
	deadline := time.Now().Add(10 * time.Second)
	for e.Resident() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the room was never evicted (%d resident)", e.Resident())
		}
		time.Sleep(20 * time.Millisecond)
	}
	ann.say(t, `{"text":"still here"}`)
	ann.expect(t, "message", map[string]any{"from": "ann", "text": "still here"})
}

// Joining takes a name of 1 to 64 bytes; the object's fetch without an upgrade is 426.
func TestJSChatRoomRefusesBadJoins(t *testing.T) {
	e := examplesEngine(t, host.Options{})
	for _, q := range []string{"", "?name=", "?name=" + strings.Repeat("n", 65)} {
		resp := worker(t, e, "GET", "/chat/r"+q, [2]string{"upgrade", "websocket"})
		if resp.Status != 400 || !strings.Contains(string(resp.Body), "?name= must be 1 to 64 bytes") {
			t.Fatalf("join with %q: %d %s", q, resp.Status, resp.Body)
		}
	}
	resp, err := e.Fetch(context.Background(), "JsChat", "r", host.FetchRequest{Method: "GET", URL: "/?name=ann"})
	if err != nil || resp.Status != 426 {
		t.Fatalf("fetch without an upgrade: %d %s, %v", resp.Status, resp.Body, err)
	}
}

// GET /chat/ROOM/ is a page that joins ROOM over a WebSocket; GET /chat/ROOM stays the
// room's history as JSON.
func TestJSChatPage(t *testing.T) {
	e := examplesEngine(t, host.Options{})
	resp := worker(t, e, "GET", "/chat/a%3Cb/")
	ct := ""
	for _, h := range resp.Headers {
		if strings.EqualFold(h[0], "content-type") {
			ct = h[1]
		}
	}
	page := string(resp.Body)
	if resp.Status != 200 || !strings.HasPrefix(ct, "text/html") || !strings.Contains(page, "new WebSocket(") {
		t.Fatalf("page: %d %q %.200s", resp.Status, ct, page)
	}
	if strings.Contains(page, "a<b") || !strings.Contains(page, "<h1>a&#60;b</h1>") || !strings.Contains(page, `const room = "a\u003cb";`) {
		t.Fatalf("the room's name is not escaped in the page: %s", page)
	}
	if resp := worker(t, e, "GET", "/chat/a"); resp.Status != 200 || string(resp.Body) != `{"messages":[]}` {
		t.Fatalf("history: %d %s", resp.Status, resp.Body)
	}
}
