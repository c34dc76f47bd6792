package host

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// jsWSClient opens WebSockets to a server: with new WebSocket(url) and with fetch().
const jsWSClient = `
class Client extends DurableObject {
  async open(url) {
    const ws = new WebSocket(url, ["chat.v1", "chat.v2"]);
    const events = [];
    const state0 = ws.readyState;
    await new Promise((resolve) => {
      ws.addEventListener("open", () => {
        events.push("open " + ws.protocol + " " + ws.readyState);
        ws.send("hi");
        ws.send(new Uint8Array([1, 2, 3]));
      });
      ws.addEventListener("message", (ev) => {
        events.push(typeof ev.data === "string" ? ev.data : [...new Uint8Array(ev.data)].join(","));
        if (events.length === 3) ws.close(1000, "done");
      });
      ws.addEventListener("error", (ev) => events.push("error " + ev.message));
      ws.addEventListener("close", (ev) => { events.push("close " + ev.code + " " + ev.reason + " " + ev.wasClean); resolve(); });
    });
    return { state0, url: ws.url, events, state: ws.readyState };
  }
  async fetched(url) {
    const res = await fetch(url, { headers: { Upgrade: "websocket", "X-Mine": "1" } });
    const ws = res.webSocket;
    ws.accept();
    const got = await new Promise((resolve) => {
      ws.addEventListener("message", (ev) => resolve(ev.data));
      ws.send("x");
    });
    ws.close(1000);
    return [res.status, got];
  }
  async refused(url) {
    const ws = new WebSocket(url);
    return await new Promise((resolve) => {
      const seen = [];
      ws.addEventListener("open", () => seen.push("open"));
      ws.addEventListener("error", (ev) => seen.push(ev.message));
      ws.addEventListener("close", (ev) => { seen.push(ev.code, ev.wasClean, ws.readyState); resolve(seen); });
    });
  }
  async fetchWS(url) {
    try { await fetch(url, { headers: { Upgrade: "websocket" } }); return "fetched"; } catch (e) { return e.name + ": " + e.message; }
  }
  async notWS(url) {
    const ws = new WebSocket(url);
    return await new Promise((resolve) => {
      const seen = [];
      ws.addEventListener("error", (ev) => seen.push(ev.message));
      ws.addEventListener("close", (ev) => { seen.push(ev.code); resolve(seen); });
    });
  }
  async fetchedNotWS(url) {
    const res = await fetch(url, { headers: { Upgrade: "websocket" } });
    return [res.status, res.webSocket];
  }
  badURL(url) {
    try { new WebSocket(url); return "made"; } catch (e) { return e.name + ": " + e.message; }
  }
  async keep(url) {
    this.ws = new WebSocket(url);
    await new Promise((resolve) => this.ws.addEventListener("open", resolve));
    return "open";
  }
}
return { Client };
`

// wsEchoServer is a WebSocket server that echoes each message, text as "echo:" and
// the text, choosing the client's last subprotocol; the close codes it sees go to closed.
func wsEchoServer(t *testing.T) (url string, closed chan websocket.StatusCode) {
	closed = make(chan websocket.StatusCode, 4)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/nows" {
			http.NotFound(w, r)
			return
		}
		var protos []string
		if p := r.Header.Get("Sec-WebSocket-Protocol"); p != "" {
			offered := strings.Split(p, ",")
			protos = []string{strings.TrimSpace(offered[len(offered)-1])}
		}
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: protos})
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			typ, b, err := c.Read(context.Background())
			if err != nil {
				closed <- websocket.CloseStatus(err)
				return
			}
			if typ == websocket.MessageText {
				b = append([]byte("echo:"), b...)
			}
			if err := c.Write(context.Background(), typ, b); err != nil {
				return
			}
		}
	}))
	t.Cleanup(s.Close)
	return "ws" + strings.TrimPrefix(s.URL, "http"), closed
}

// new WebSocket(url) connects: readyState 0, then open with the subprotocol the server
// chose, text and binary messages both ways, and the script's close answered by the
// server's, clean.
func TestJSWebSocketConnects(t *testing.T) {
	url, closed := wsEchoServer(t)
	e := newEngine(t, Options{FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Client", jsBundle("", jsWSClient))
	want := `{"state0":0,"url":"` + url + `/chat","events":["open chat.v2 1","echo:hi","1,2,3","close 1000 done true"],"state":3}`
	if out := jsMust(t, e, "Client", "c", "open", strconv.Quote(url+"/chat")); out != want {
		t.Fatalf("open: %s\nwant %s", out, want)
	}
	if code := <-closed; code != websocket.StatusNormalClosure {
		t.Fatalf("the server saw the close %v, want 1000", code)
	}
}

// fetch() with "Upgrade: websocket" answers 101 with a webSocket the script accepts.
func TestJSWebSocketFetchUpgrade(t *testing.T) {
	url, _ := wsEchoServer(t)
	e := newEngine(t, Options{FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Client", jsBundle("", jsWSClient))
	if out := jsMust(t, e, "Client", "c", "fetched", strconv.Quote("http"+strings.TrimPrefix(url, "ws")+"/x")); out != `[101,"echo:x"]` {
		t.Fatalf("fetched: %s", out)
	}
}

// A connection the fetch policy refuses fails as the standard says: error, then close
// 1006 not clean, readyState 3, and no open; the error names --fetch-allow. A URL that
// is no ws: or wss: one throws a SyntaxError.
func TestJSWebSocketRefusedAndBadURL(t *testing.T) {
	url, _ := wsEchoServer(t)
	e := newEngine(t, Options{})
	deployJS(t, e, "Client", jsBundle("", jsWSClient))
	out := jsMust(t, e, "Client", "c", "refused", strconv.Quote(url))
	if !strings.Contains(out, "is refused: it is a loopback address") || !strings.Contains(out, "--fetch-allow") || !strings.HasSuffix(out, `,1006,false,3]`) || strings.Contains(out, `"open"`) {
		t.Fatalf("refused: %s", out)
	}
	for bad, want := range map[string]string{
		"ftp://example.com/": "scheme must be ws or wss", "http://example.com/": "scheme must be ws or wss",
		"not a url": "url is invalid", "ws://example.com/#frag": "fragment must be empty",
	} {
		if out := jsMust(t, e, "Client", "c", "badURL", strconv.Quote(bad)); !strings.HasPrefix(out, `"SyntaxError: WebSocket Constructor: `) || !strings.Contains(out, want) {
			t.Errorf("%q: %s, want workerd's SyntaxError: ...%s", bad, out, want)
		}
	}
	if out := jsMust(t, e, "Client", "c", "fetchWS", strconv.Quote(url+"/x")); out != `"TypeError: Fetch API cannot load: `+url+`/x"` {
		t.Errorf("fetch of a ws: URL: %s, want workerd's TypeError", out)
	}
}

// A server that answers the handshake with another status: new WebSocket fails with
// error and close 1006, naming the status as workerd does; fetch answers that status,
// without a webSocket.
func TestJSWebSocketServerAnswersNo(t *testing.T) {
	url, _ := wsEchoServer(t)
	e := newEngine(t, Options{FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Client", jsBundle("", jsWSClient))
	want := `["Failed to establish the WebSocket connection: expected server to reply with HTTP status code 101 (switching protocols), but received 404 instead.",1006]`
	if out := jsMust(t, e, "Client", "c", "notWS", strconv.Quote(url+"/nows")); out != want {
		t.Errorf("new WebSocket: %s\nwant %s", out, want)
	}
	if out := jsMust(t, e, "Client", "c", "fetchedNotWS", strconv.Quote("http"+strings.TrimPrefix(url, "ws")+"/nows")); out != `[404,null]` {
		t.Errorf("fetch: %s, want [404,null]", out)
	}
}

// An object's open WebSocket is closed with 1012 (service restart) when the engine
// closes.
func TestJSWebSocketClosedWithTheEngine(t *testing.T) {
	url, closed := wsEchoServer(t)
	e := newEngine(t, Options{FetchAllow: []string{"127.0.0.1"}})
	deployJS(t, e, "Client", jsBundle("", jsWSClient))
	if out := jsMust(t, e, "Client", "c", "keep", strconv.Quote(url)); out != `"open"` {
		t.Fatalf("keep: %s", out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	e.Close(ctx)
	select {
	case code := <-closed:
		if code != websocket.StatusServiceRestart {
			t.Fatalf("the server saw %v, want 1012", code)
		}
	case <-ctx.Done():
		t.Fatal("the server saw no close")
	}
}
