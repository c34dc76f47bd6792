package wsbridge

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// end is an End that records what it is told; Send blocks while hold is open.
type end struct {
	mu     sync.Mutex
	got    []string
	closes []string
	sent   chan struct{} // a message reached Send
	hold   chan struct{}
}

func (e *end) Send(ctx context.Context, text bool, data []byte) error {
	e.mu.Lock()
	e.got = append(e.got, string(data))
	e.mu.Unlock()
	e.sent <- struct{}{}
	<-e.hold
	return nil
}

func (e *end) Close(code int, reason string, clean bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closes = append(e.closes, closeString(code, reason, clean))
}

func (e *end) Error(msg string) {}

func closeString(code int, reason string, clean bool) string {
	s := websocket.StatusCode(code).String() + " " + reason
	if clean {
		return s + " clean"
	}
	return s
}

// The object closes while the reader is still handing the End a message, so the close
// handshake, not the reader, reads the peer's answer: the End is still told the clean
// close the peer answered, not a lost connection (1006).
func TestCloseAnsweredWhileTheReaderIsBusyIsClean(t *testing.T) {
	sawClose := make(chan websocket.StatusCode, 1)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		if err := c.Write(r.Context(), websocket.MessageText, []byte("m")); err != nil {
			return
		}
		_, _, err = c.Read(context.Background()) // the library answers the close
		sawClose <- websocket.CloseStatus(err)
	}))
	defer s.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &end{sent: make(chan struct{}, 1), hold: make(chan struct{})}
	b := New(conn, e, Options{MessageBytes: 1 << 20, SendBuffer: 1 << 20, WriteTimeout: time.Minute})
	b.Run()
	<-e.sent // the reader is in Send, not reading
	b.Close(1000, "done")
	if code := <-sawClose; code != websocket.StatusNormalClosure {
		t.Fatalf("the peer saw the close %v, want 1000", code)
	}
	// Let the handshake read the answer before the reader reads again (an ordering aid,
	// not a bound: either order must end clean).
	time.Sleep(100 * time.Millisecond)
	close(e.hold)
	select {
	case <-b.Done():
	case <-ctx.Done():
		t.Fatal("the connection did not end")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if want := closeString(1000, "done", true); len(e.closes) != 1 || e.closes[0] != want {
		t.Fatalf("the End was told %q, want [%q]", e.closes, want)
	}
}
