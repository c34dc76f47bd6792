package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

// serve starts an engine with the kv and counter classes and a server for it with
// Serve on a loopback port. With smallBuffers, the server's sockets have small send
// buffers, as on a slow network: a response larger than they are waits for its client.
func serve(t *testing.T, opts Options, smallBuffers bool) *env {
	t.Helper()
	dir := t.TempDir()
	e, err := host.New(context.Background(), host.Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Durability: storage.DurabilityRelaxed,
		Registerer: prometheus.NewRegistry(), CallTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"counter", "kv"} {
		wasm, _ := plugins.Wasm(name)
		if _, err := e.Deploy(context.Background(), name, wasm); err != nil {
			t.Fatal(err)
		}
	}
	opts.Gatherer = prometheus.NewRegistry()
	s := New(e, opts)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if smallBuffers {
		l = smallBufferListener{l}
	}
	go s.Serve(l)
	t.Cleanup(func() {
		s.Shutdown(context.Background())
		e.Close(context.Background())
	})
	// A connection per request: the tests count the server's connections.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	return &env{t: t, url: "http://" + l.Addr().String(), srv: s, client: client}
}

type smallBufferListener struct{ net.Listener }

func (l smallBufferListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		c.(*net.TCPConn).SetWriteBuffer(4096)
	}
	return c, err
}

// waitFor polls cond until it holds; it fails the test after a minute, which no
// correct run comes near.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

// openConns is how many connections within the cap the server has open.
func (v *env) openConns() int64 { return v.srv.conns.Load().open.Load() }

// slowGet puts a value of n bytes under key "big" of kv object k, then asks for it on
// a connection that does not read, with a small receive buffer, once the server has
// accepted it.
func (v *env) slowGet(n int) net.Conn {
	v.t.Helper()
	if status, body, _ := v.do("POST", "/v1/objects/kv/k/put", []byte(`{"key":"big","value":"`+strings.Repeat("x", n)+`"}`)); status != 200 {
		v.t.Fatalf("put: %d %s", status, body)
	}
	waitFor(v.t, "the server to close the put's connection", func() bool { return v.openConns() == 0 })
	accepted := v.srv.conns.Load().accepted.Load()
	defer waitFor(v.t, "the server to accept the connection", func() bool { return v.srv.conns.Load().accepted.Load() > accepted })
	return v.unreadGet()
}

// TestSlowReaderHoldsNoCallSlot: a client that does not read its answer holds no
// call slot while the server waits to write it, so it does not count against
// MaxInFlight.
func TestSlowReaderHoldsNoCallSlot(t *testing.T) {
	v := serve(t, Options{WriteTimeout: time.Hour}, true)
	v.slowGet(900 << 10)
	waitFor(t, "the call to end", func() bool { return v.srv.inFlight.Load() == 0 })
	if n := v.openConns(); n != 1 {
		t.Fatalf("%d connections open, want the slow reader's", n)
	}
}

// TestSlowReaderIsDisconnected: a client that does not read a 900 KB answer is
// disconnected once WriteTimeout has passed, having received only part of it, and the
// server goes on answering others.
func TestSlowReaderIsDisconnected(t *testing.T) {
	v := serve(t, Options{WriteTimeout: 200 * time.Millisecond}, true)
	conn := v.slowGet(900 << 10)
	waitFor(t, "the server to close the connection", func() bool { return v.openConns() == 0 })
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	got, _ := io.Copy(io.Discard, conn) // what the socket buffers held, then EOF or a reset
	if got >= 900<<10 {
		t.Fatalf("the slow reader received %d bytes, the whole answer", got)
	}
	if status, body, _ := v.do("GET", "/healthz", nil); status != 200 {
		t.Fatalf("healthz: %d %s", status, body)
	}
}

// TestConnectionsOverTheCapAreRefused: with MaxConnections idle connections open, a
// new request is answered 429 overloaded with Retry-After at once, and its connection
// closed; once one idle connection goes, requests are served again.
func TestConnectionsOverTheCapAreRefused(t *testing.T) {
	v := serve(t, Options{MaxConnections: 2}, false)
	var idle []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", strings.TrimPrefix(v.url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	waitFor(t, "the idle connections to be accepted", func() bool { return v.openConns() == 2 })
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Post(v.url+"/v1/objects/counter/a/increment", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var p Problem
	json.NewDecoder(resp.Body).Decode(&p)
	resp.Body.Close()
	if resp.StatusCode != 429 || p.Code != "overloaded" || resp.Header.Get("Retry-After") == "" || !resp.Close {
		t.Fatalf("over the cap: %d %+v, Retry-After %q, close %v; want 429 overloaded with Retry-After, closed",
			resp.StatusCode, p, resp.Header.Get("Retry-After"), resp.Close)
	}
	idle[0].Close()
	waitFor(t, "the server to close the idle connection", func() bool { return v.openConns() == 1 })
	resp, err = client.Post(v.url+"/v1/objects/counter/a/increment", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != `{"value":1}` {
		t.Fatalf("under the cap: %d %s, want the first increment", resp.StatusCode, body)
	}
}

// TestDefaultMaxConnections: the default cap leaves every database of the pool its
// descriptors, and never goes below MinConnections.
func TestDefaultMaxConnections(t *testing.T) {
	for _, c := range []struct {
		nofile uint64
		dbs    int
	}{{1 << 20, storage.DefaultMaxOpen}, {20000, storage.DefaultMaxOpen}, {1024, 100}, {1024, storage.DefaultMaxOpen}, {0, 0}} {
		got := DefaultMaxConnections(c.nofile, c.dbs)
		fits := uint64(got)+uint64(c.dbs)*storage.FilesPerDatabase+ReservedFiles <= c.nofile
		if got < MinConnections || got > MinConnections && !fits {
			t.Errorf("nofile %d, %d databases: cap %d leaves the databases too few descriptors or is under %d",
				c.nofile, c.dbs, got, MinConnections)
		}
		if fits && uint64(got+1+refusingConns)+uint64(c.dbs)*storage.FilesPerDatabase+ReservedFiles <= c.nofile {
			t.Errorf("nofile %d, %d databases: cap %d leaves descriptors unused", c.nofile, c.dbs, got)
		}
	}
}

// TestOutOfDescriptorsIsUnavailable: when the process has no file descriptor left, a
// call that must open its object's database answers 503 unavailable with
// Retry-After, not 507 (the disk is fine), its detail names no file, and the server's
// log has the error; once descriptors are free the same call succeeds.
func TestOutOfDescriptorsIsUnavailable(t *testing.T) {
	var logs syncBuffer
	v := serve(t, Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, false)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	post := func() (*http.Response, []byte) {
		resp, err := client.Post(v.url+"/v1/objects/counter/new/increment", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	resp, err := client.Get(v.url + "/healthz") // the connection the call goes on
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()

	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	low := lim
	low.Cur = uint64(f.Fd()) // the lowest free descriptor: no file opens
	f.Close()
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	resp, body := post()
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	var p Problem
	json.Unmarshal(body, &p)
	if resp.StatusCode != 503 || p.Code != "unavailable" || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("out of descriptors: %d %s, Retry-After %q; want 503 unavailable with Retry-After", resp.StatusCode, body, resp.Header.Get("Retry-After"))
	}
	if strings.Contains(p.Detail, "/") || !strings.Contains(logs.String(), "too many open files") {
		t.Fatalf("detail %q names a file, or the log lacks the error:\n%s", p.Detail, logs.String())
	}
	if resp, body := post(); resp.StatusCode != 200 || string(body) != `{"value":1}` {
		t.Fatalf("after: %d %s, want the first increment", resp.StatusCode, body)
	}
}

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
