package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/host"
)

// unreadGet asks for key "big" of kv object k on a connection that never reads, with
// a small receive buffer; the caller has put the value.
func (v *env) unreadGet() net.Conn {
	v.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(v.url, "http://"))
	if err != nil {
		v.t.Fatal(err)
	}
	v.t.Cleanup(func() { conn.Close() })
	conn.(*net.TCPConn).SetReadBuffer(4096)
	body := `{"key":"big"}`
	fmt.Fprintf(conn, "POST /v1/objects/kv/k/get HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	return conn
}

// putBig puts a value of n bytes under key "big" of kv object k.
func (v *env) putBig(n int) {
	v.t.Helper()
	if status, body, _ := v.do("POST", "/v1/objects/kv/k/put", []byte(`{"key":"big","value":"`+strings.Repeat("x", n)+`"}`)); status != 200 {
		v.t.Fatalf("put: %d %s", status, body)
	}
}

// counterValue is the value of counter object name.
func (v *env) counterValue(name string) int {
	v.t.Helper()
	status, body, _ := v.do("POST", "/v1/objects/counter/"+name+"/get", nil)
	var got struct{ Value int }
	if err := json.Unmarshal(body, &got); status != 200 || err != nil {
		v.t.Fatalf("get %s: %d %s", name, status, body)
	}
	return got.Value
}

// wantOverloaded checks that resp is 503 overloaded with Retry-After.
func wantOverloaded(t *testing.T, what string, status int, header http.Header, body []byte) {
	t.Helper()
	var p Problem
	json.Unmarshal(body, &p)
	if status != http.StatusServiceUnavailable || p.Code != "overloaded" || header.Get("Retry-After") == "" {
		t.Fatalf("%s: %d %s (Retry-After %q), want 503 overloaded with Retry-After", what, status, body, header.Get("Retry-After"))
	}
}

// post sends a POST and returns its status, headers and body.
func (v *env) post(path, body string) (int, http.Header, []byte) {
	v.t.Helper()
	resp, err := v.client.Post(v.url+path, "application/json", strings.NewReader(body))
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// holdGate holds the input gate of counter object name until the returned function is
// called.
func (v *env) holdGate(name string) (release func()) {
	v.t.Helper()
	started, done, ended := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		v.srv.e.Run(context.Background(), "counter", name, func(*host.Tx) ([]byte, error) {
			close(started)
			<-done
			return nil, nil
		})
	}()
	<-started
	var once sync.Once
	release = func() { once.Do(func() { close(done); <-ended }) }
	v.t.Cleanup(release)
	return release
}

// counterBesideKV is the name of a counter object on another worker thread than kv
// object k, so that holding its input gate leaves k free to run.
func (v *env) counterBesideKV(prefix string) string {
	v.t.Helper()
	if v.srv.e.Options().Threads < 2 {
		v.t.Skip("one worker thread: holding any object's input gate holds kv object k")
	}
	k, err := v.srv.e.Describe("kv", "k")
	if err != nil {
		v.t.Fatal(err)
	}
	for i := 0; ; i++ {
		name := fmt.Sprintf("%s%d", prefix, i)
		info, err := v.srv.e.Describe("counter", name)
		if err != nil {
			v.t.Fatal(err)
		}
		if info.Thread != k.Thread {
			return name
		}
	}
}

// TestUnreadAnswersRefuseNewCalls: while answers that their clients do not read hold
// more than MaxBufferedResponseBytes, a new call is refused with 503 overloaded and
// Retry-After, and does not run; once the client is gone, calls run again.
func TestUnreadAnswersRefuseNewCalls(t *testing.T) {
	v := serve(t, Options{WriteTimeout: time.Hour, MaxBufferedResponseBytes: 64 << 10}, true)
	v.putBig(900 << 10)
	conn := v.unreadGet()
	waitFor(t, "the unread answer to be produced", func() bool { return v.srv.buffered.Load() > 64<<10 })
	status, header, body := v.post("/v1/objects/counter/c/increment", "")
	wantOverloaded(t, "a call while an unread answer is held", status, header, body)
	conn.Close()
	waitFor(t, "the unread answer to be freed", func() bool { return v.srv.buffered.Load() == 0 })
	if got := v.counterValue("c"); got != 0 {
		t.Fatalf("the refused increment ran: value %d", got)
	}
	if status, _, body := v.post("/v1/objects/counter/c/increment", ""); status != 200 || string(body) != `{"value":1}` {
		t.Fatalf("an increment once the answer is freed: %d %s", status, body)
	}
}

// TestQueuedCallRefusedOverBufferedBound: a call admitted while the server held little,
// whose turn comes once unread answers hold more than MaxBufferedResponseBytes, is
// refused with 503 overloaded without running.
func TestQueuedCallRefusedOverBufferedBound(t *testing.T) {
	v := serve(t, Options{WriteTimeout: time.Hour, MaxBufferedResponseBytes: 64 << 10}, true)
	v.putBig(900 << 10)
	q := v.counterBesideKV("q")
	release := v.holdGate(q)
	type answer struct {
		status int
		header http.Header
		body   []byte
	}
	queued := make(chan answer, 1)
	go func() {
		status, header, body := v.post("/v1/objects/counter/"+q+"/increment", "")
		queued <- answer{status, header, body}
	}()
	waitFor(t, "the increment to be admitted", func() bool { return v.srv.inFlight.Load() == 1 })
	conn := v.unreadGet()
	waitFor(t, "the unread answer to be produced", func() bool { return v.srv.buffered.Load() > 64<<10 })
	release()
	a := <-queued
	wantOverloaded(t, "the queued increment", a.status, a.header, a.body)
	conn.Close()
	waitFor(t, "the unread answer to be freed", func() bool { return v.srv.buffered.Load() == 0 })
	if got := v.counterValue(q); got != 0 {
		t.Fatalf("the refused increment ran: value %d", got)
	}
}

// TestCallOfAGoneClientIsNotRun: a call waiting behind an object's input gate whose
// client disconnects is never run.
func TestCallOfAGoneClientIsNotRun(t *testing.T) {
	v := serve(t, Options{}, false)
	gone := make(chan struct{})
	v.srv.echo.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if strings.HasSuffix(c.Request().URL.Path, "/gone/increment") {
				ctx := c.Request().Context()
				context.AfterFunc(ctx, func() { close(gone) })
			}
			return next(c)
		}
	})
	release := v.holdGate("gone")
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", v.url+"/v1/objects/counter/gone/increment", nil)
	sent := make(chan error, 1)
	go func() {
		resp, err := v.client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		sent <- err
	}()
	waitFor(t, "the increment to be admitted", func() bool { return v.srv.inFlight.Load() == 1 })
	cancel()
	<-sent
	<-gone // the server has seen the client go
	release()
	waitFor(t, "the increment to end", func() bool { return v.srv.inFlight.Load() == 0 })
	if got := v.counterValue("gone"); got != 0 {
		t.Fatalf("the increment of a gone client ran: value %d", got)
	}
}
