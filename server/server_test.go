package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

type env struct {
	t      *testing.T
	url    string
	srv    *Server
	client *http.Client // nil means http.DefaultClient
}

func start(t *testing.T, opts Options) *env {
	t.Helper()
	reg := prometheus.NewRegistry()
	e, err := host.New(context.Background(), host.Options{
		DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, Registerer: reg, CallTimeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"counter", "kv", "testkit", "ledger"} {
		wasm, _ := plugins.Wasm(name)
		if _, err := e.Deploy(context.Background(), name, wasm); err != nil {
			t.Fatal(err)
		}
	}
	opts.Gatherer = reg
	s := New(e, opts)
	s.SetLoopback(true)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		ts.Close()
		e.Close(context.Background())
	})
	return &env{t: t, url: ts.URL, srv: s}
}

// do sends a request and returns the status, the body and the content type.
func (v *env) do(method, path string, body []byte, header ...string) (int, []byte, string) {
	v.t.Helper()
	req, _ := http.NewRequest(method, v.url+path, bytes.NewReader(body))
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	client := v.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header.Get("Content-Type")
}

func (v *env) problem(method, path string, body []byte, wantStatus int, wantCode string, header ...string) Problem {
	v.t.Helper()
	status, b, ct := v.do(method, path, body, header...)
	var p Problem
	if err := json.Unmarshal(b, &p); err != nil || status != wantStatus || p.Code != wantCode || ct != "application/problem+json" {
		v.t.Fatalf("%s %s: %d %s %q, want %d with code %q as problem+json", method, path, status, ct, b, wantStatus, wantCode)
	}
	return p
}

func TestCallOverHTTP(t *testing.T) {
	v := start(t, Options{})
	for _, want := range []string{`{"value":2}`, `{"value":4}`} {
		status, body, ct := v.do("POST", "/v1/objects/counter/alice/increment", []byte(`{"by":2}`))
		if status != 200 || string(body) != want || ct != "application/json" {
			t.Fatalf("increment: %d %s %q, want 200 %s", status, ct, body, want)
		}
	}
	status, body, _ := v.do("POST", "/v1/objects/kv/k/put", []byte(`{"key":"a","value":{"x":[1,2]}}`))
	if status != 200 {
		t.Fatalf("put: %d %s", status, body)
	}
	if _, body, _ := v.do("POST", "/v1/objects/kv/k/get", []byte(`{"key":"a"}`)); string(body) != `{"value":{"x":[1,2]}}` {
		t.Fatalf("get: %s", body)
	}
	if status, _, _ := v.do("POST", "/v1/objects/testkit/t/noop", nil); status != 204 {
		t.Fatalf("empty output: %d, want 204", status)
	}
	var info host.ObjectInfo
	_, body, _ = v.do("GET", "/v1/objects/counter/alice", nil)
	json.Unmarshal(body, &info)
	if info.ID != host.ObjectID("counter", "alice") || !info.Exists || info.DatabaseBytes == 0 {
		t.Fatalf("describe: %s", body)
	}
	_, body, _ = v.do("GET", "/metrics", nil)
	for _, m := range []string{"sobjects_calls_total", "sobjects_call_duration_seconds", "sobjects_commit_batch_size", "sobjects_resident_objects"} {
		if !bytes.Contains(body, []byte(m)) {
			t.Fatalf("metrics lack %s", m)
		}
	}
	if status, body, _ := v.do("GET", "/healthz", nil); status != 200 {
		t.Fatalf("healthz %d %s", status, body)
	}
}

func TestFetchOverHTTP(t *testing.T) {
	v := start(t, Options{})
	status, body, _ := v.do("PUT", "/v1/objects/testkit/a/fetch/some/path?q=1", []byte("hello"))
	if status != 200 || !strings.Contains(string(body), `"url":"/some/path?q=1"`) || !strings.Contains(string(body), `"method":"PUT"`) {
		t.Fatalf("fetch: %d %s", status, body)
	}
	mustIncrement := func() {
		if status, _, _ := v.do("POST", "/v1/objects/counter/c/increment", []byte(`{"by":3}`)); status != 200 {
			t.Fatal(status)
		}
	}
	mustIncrement()
	status, body, ct := v.do("GET", "/v1/objects/counter/c/fetch", nil)
	if status != 200 || string(body) != "3" || !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("counter fetch: %d %s %q", status, ct, body)
	}
	v.problem("GET", "/v1/objects/kv/c/fetch", nil, 404, "no_fetch")
}

func TestErrorsOverHTTP(t *testing.T) {
	v := start(t, Options{MaxInputBytes: 1024})
	v.problem("POST", "/v1/objects/kv/k/get", []byte(`{"key":"missing"}`), 404, "not_found")
	v.problem("POST", "/v1/objects/nope/k/get", nil, 404, "class_not_found")
	v.problem("POST", "/v1/objects/kv/k/nope", nil, 404, "method_not_found")
	v.problem("POST", "/v1/objects/kv/a%2Fb/get", nil, 400, "invalid_name")
	v.problem("POST", "/v1/objects/kv/..%2F..%2Fetc/get", nil, 400, "invalid_name")
	v.problem("POST", "/v1/objects/kv/a%00b/get", nil, 400, "invalid_name")
	v.problem("POST", "/v1/objects/kv/"+strings.Repeat("n", 257)+"/get", nil, 400, "invalid_name")
	v.problem("POST", "/v1/objects/kv/k/put", bytes.Repeat([]byte("x"), 2048), 413, "too_large")
	v.problem("POST", "/v1/objects/kv/k/put", []byte(`not json`), 400, "bad_input")
	p := v.problem("POST", "/v1/objects/testkit/t/trap", nil, 500, "trap")
	if !strings.Contains(p.Detail, "unreachable") || p.Object != host.ObjectID("testkit", "t") || p.Method != "trap" {
		t.Fatalf("trap problem %+v lacks the message or the object", p)
	}
	v.problem("POST", "/v1/objects/testkit/t/spin", nil, 504, "time_limit")
	v.problem("POST", "/v1/objects/testkit/t/sql", []byte(`{"sql":"SELECT * FROM _cf_KV"}`), 403, "denied")
	v.problem("GET", "/v1/nothing", nil, 404, "no_route")
}

func TestUploadOverHTTP(t *testing.T) {
	wasm, _ := plugins.Wasm("counter")
	t.Run("OKLoopbackWithoutToken", func(t *testing.T) {
		v := start(t, Options{})
		status, body, _ := v.do("PUT", "/v1/classes/mine", wasm)
		if status != 200 {
			t.Fatalf("upload: %d %s", status, body)
		}
		if status, body, _ := v.do("POST", "/v1/objects/mine/a/increment", nil); status != 200 || string(body) != `{"value":1}` {
			t.Fatalf("call uploaded class: %d %s", status, body)
		}
		_, body, _ = v.do("GET", "/v1/classes", nil)
		if !strings.Contains(string(body), `"name":"mine"`) {
			t.Fatalf("class list %s", body)
		}
	})
	t.Run("ErrNonLoopbackWithoutToken", func(t *testing.T) {
		v := start(t, Options{})
		v.srv.SetLoopback(false)
		v.problem("PUT", "/v1/classes/mine", wasm, 403, "forbidden")
	})
	t.Run("ErrToken", func(t *testing.T) {
		v := start(t, Options{AdminToken: "s3cret"})
		v.problem("PUT", "/v1/classes/mine", wasm, 401, "unauthorized")
		v.problem("PUT", "/v1/classes/mine", wasm, 401, "unauthorized", "Authorization", "Bearer wrong")
		v.problem("DELETE", "/v1/objects/counter/a", nil, 401, "unauthorized")
		if status, body, _ := v.do("PUT", "/v1/classes/mine", wasm, "Authorization", "Bearer s3cret"); status != 200 {
			t.Fatalf("upload with token: %d %s", status, body)
		}
	})
	t.Run("ErrInvalidWasm", func(t *testing.T) {
		v := start(t, Options{})
		p := v.problem("PUT", "/v1/classes/mine", []byte("\x00asm garbage"), 422, "invalid_plugin")
		if !strings.Contains(p.Detail, "not a valid WebAssembly module") {
			t.Fatalf("detail %q", p.Detail)
		}
		v.problem("PUT", "/v1/classes/bad..name", wasm, 400, "invalid_name")
	})
	t.Run("ErrUploadTooLarge", func(t *testing.T) {
		v := start(t, Options{MaxUploadBytes: 1000})
		v.problem("PUT", "/v1/classes/mine", wasm, 413, "too_large")
	})
}

func TestDrain(t *testing.T) {
	v := start(t, Options{})
	v.srv.draining.Store(true)
	v.problem("POST", "/v1/objects/counter/a/increment", nil, 503, "draining")
}

// TestEncodedNames: a name is decoded once, so "a%41" and "aA" are two objects and
// names may hold '%'.
func TestEncodedNames(t *testing.T) {
	v := start(t, Options{})
	v.do("POST", "/v1/objects/counter/aA/increment", []byte(`{"by":5}`))
	for path, want := range map[string]string{"a%2541": "a%41", "100%25": "100%", "caf%C3%A9": "café", "sp%20ace": "sp ace"} {
		status, body, _ := v.do("POST", "/v1/objects/counter/"+path+"/increment", nil)
		if status != 200 || string(body) != `{"value":1}` {
			t.Fatalf("%s: %d %s, want a new object", path, status, body)
		}
		var info host.ObjectInfo
		_, body, _ = v.do("GET", "/v1/objects/counter/"+path, nil)
		if json.Unmarshal(body, &info); info.Name != want {
			t.Fatalf("%s: describe names %q, want %q", path, info.Name, want)
		}
	}
}

// TestSlowClient: a client that sends part of its headers and stalls is disconnected
// after the header timeout instead of holding its connection.
func TestSlowClient(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	s := New(e, Options{ReadHeaderTimeout: 200 * time.Millisecond, Gatherer: prometheus.NewRegistry()})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(l)
	defer s.Shutdown(context.Background())
	conn, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("POST /v1/objects/counter/a/increment HTTP/1.1\r\nHost: x\r\n"))
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.ReadAll(conn); err != nil {
		t.Fatalf("the server did not close the stalled connection: %v", err)
	}
}

// TestFetchHeaders: a fetch export cannot set the headers that frame the response.
func TestFetchHeaders(t *testing.T) {
	v := start(t, Options{})
	req, _ := http.NewRequest("GET", v.url+"/v1/objects/testkit/a/fetch/", nil)
	req.Header.Set("x-reply-content-length", "100")
	req.Header.Set("x-reply-transfer-encoding", "chunked")
	req.Header.Set("x-reply-x-custom", "kept")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.ContentLength != int64(len(body)) || resp.Header.Get("X-Custom") != "kept" || len(resp.TransferEncoding) != 0 {
		t.Fatalf("response: length %d for %d bytes, headers %v, err %v", resp.ContentLength, len(body), resp.Header, err)
	}
}

// TestGracefulShutdown: Shutdown lets a call in flight finish with its answer, and the
// engine then closes its databases.
func TestGracefulShutdown(t *testing.T) {
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, CallTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("testkit")
	if _, err := e.Deploy(context.Background(), "testkit", wasm); err != nil {
		t.Fatal(err)
	}
	s := New(e, Options{Gatherer: prometheus.NewRegistry()})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	status := make(chan int, 1)
	go func() {
		resp, err := http.Post("http://"+l.Addr().String()+"/v1/objects/testkit/a/spin", "", nil)
		if err != nil {
			t.Error(err)
			status <- 0
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	for s.inFlight.Load() == 0 { // the call is running
		time.Sleep(time.Millisecond)
	}
	if err := s.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := <-status; got != http.StatusGatewayTimeout {
		t.Fatalf("the call in flight answered %d, want its own 504", got)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve after Shutdown: %v", err)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatalf("engine close: %v", err)
	}
}
