package testbucket

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Proxy is a TCP proxy (toxiproxy) between the code under test and an upstream address,
// with faults to switch on and off. Its methods fail the test when toxiproxy refuses
// them; like t.Fatal, call them from the test's goroutine.
//
// Toxiproxy is driven through its HTTP API (documented in its README), not through its
// Go client, so the project's go.mod stays free of it.
type Proxy struct {
	t        testing.TB
	api      string // http://127.0.0.1:PORT of toxiproxy's API
	name     string
	listen   string // 127.0.0.1:PORT the proxy listens on
	upstream string
	p        *proc

	mu     sync.Mutex
	toxics int // toxics added, for unique names
}

// StartProxy starts a toxiproxy server of its own for this test and a proxy in it
// listening on a free loopback port and forwarding to upstream ("host:port"; an
// "http://host:port" endpoint is accepted too). Both stop when the test ends. It skips the
// test when the binary is missing (see the package doc).
func StartProxy(t testing.TB, upstream string) *Proxy {
	t.Helper()
	bin := binary(t, EnvToxiproxy, "toxiproxy-server")
	upstream = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(upstream, "http://"), "https://"), "/")
	if _, _, err := net.SplitHostPort(upstream); err != nil {
		t.Fatalf("testbucket: StartProxy upstream %q: %v", upstream, err)
	}
	tmp := t.TempDir()
	px := &Proxy{t: t, name: "p" + randHex(6), upstream: upstream}
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		px.api = "http://" + net.JoinHostPort("127.0.0.1", itoa(port))
		args := []string{"-host", "127.0.0.1", "-port", itoa(port)}
		p, err := startProc(bin, args, childEnv("LOG_LEVEL=info"), filepath.Join(tmp, fmt.Sprintf("toxiproxy.%d.log", attempt)))
		if err != nil {
			t.Fatalf("testbucket: starting %s: %v", bin, err)
		}
		px.p = p
		lastErr = px.create()
		if lastErr == nil {
			t.Cleanup(func() {
				p.stop()
				if t.Failed() {
					t.Logf("testbucket: toxiproxy %s (pid %d) output:\n%s", px.api, p.Pid(), p.logTail())
				}
			})
			return px
		}
		p.stop()
		if lastErr != errExited {
			break
		}
	}
	t.Fatalf("testbucket: toxiproxy did not start: %v\n%s", lastErr, px.p.describeExit())
	return nil
}

// create waits for the API to answer and creates the proxy on a port the kernel picks.
func (px *Proxy) create() error {
	deadline := time.Now().Add(startTimeout)
	for {
		if px.p.exited() {
			return errExited
		}
		err := px.call("GET", "/version", nil, nil) // plain text in v2.5.0, JSON later
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no answer on %s after %v: %w", px.api, startTimeout, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var got struct{ Listen string }
	err := px.call("POST", "/proxies", map[string]any{
		"name": px.name, "listen": "127.0.0.1:0", "upstream": px.upstream, "enabled": true,
	}, &got)
	// A server of someone else's that held the port a moment would still create the proxy;
	// ours, having failed to bind, exits. Make sure ours is alive.
	time.Sleep(10 * time.Millisecond)
	if px.p.exited() {
		return errExited
	}
	if err != nil {
		return err
	}
	px.listen = got.Listen
	return nil
}

// Addr is the address the proxy listens on, "127.0.0.1:PORT".
func (px *Proxy) Addr() string { return px.listen }

// URL is "http://" + Addr(), to use as an S3 endpoint (Server.ClientAt, Server.EnvAt).
func (px *Proxy) URL() string { return "http://" + px.listen }

// Pid is the toxiproxy server's process id.
func (px *Proxy) Pid() int { return px.p.Pid() }

// AddLatency delays everything the upstream sends back by ms milliseconds (a "latency"
// toxic on the downstream direction), so each request/response exchange takes ms longer.
// Calls add up; Restore removes them.
func (px *Proxy) AddLatency(ms int) {
	px.t.Helper()
	px.addToxic("latency", "downstream", map[string]any{"latency": ms, "jitter": 0})
}

// DelayRequests delays everything sent to the upstream by ms milliseconds (a "latency"
// toxic on the upstream direction): a request reaches the upstream ms after it is sent,
// and one still held when the proxy goes Down never reaches it. Restore removes it.
func (px *Proxy) DelayRequests(ms int) {
	px.t.Helper()
	px.addToxic("latency", "upstream", map[string]any{"latency": ms, "jitter": 0})
}

// Down disables the proxy: it closes every open connection and stops listening, so new
// connections are refused at once (ECONNREFUSED) until Restore.
func (px *Proxy) Down() {
	px.t.Helper()
	px.must(px.call("POST", "/proxies/"+px.name, map[string]any{"enabled": false}, nil))
}

// Blackhole keeps accepting connections but drops every byte both ways (a "timeout" toxic
// with timeout 0, in both directions), so requests hang until the client gives up or
// until Restore, which closes those connections.
func (px *Proxy) Blackhole() {
	px.t.Helper()
	px.addToxic("timeout", "upstream", map[string]any{"timeout": 0})
	px.addToxic("timeout", "downstream", map[string]any{"timeout": 0})
}

// Restore removes every toxic and enables the proxy again, on the same port.
func (px *Proxy) Restore() {
	px.t.Helper()
	// This toxiproxy server holds only this proxy, so resetting all of it is resetting ours.
	px.must(px.call("POST", "/reset", nil, nil))
}

func (px *Proxy) addToxic(typ, stream string, attrs map[string]any) {
	px.t.Helper()
	px.mu.Lock()
	px.toxics++
	name := fmt.Sprintf("%s_%s_%d", typ, stream, px.toxics)
	px.mu.Unlock()
	px.must(px.call("POST", "/proxies/"+px.name+"/toxics", map[string]any{
		"name": name, "type": typ, "stream": stream, "toxicity": 1.0, "attributes": attrs,
	}, nil))
}

func (px *Proxy) must(err error) {
	px.t.Helper()
	if err != nil {
		px.t.Fatalf("testbucket: toxiproxy %s: %v", px.api, err)
	}
}

var apiClient = &http.Client{Timeout: 10 * time.Second}

// call sends a request to toxiproxy's API, the body as JSON, and decodes the answer into
// out when it is not nil.
func (px *Proxy) call(method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, px.api+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := apiClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, bytes.TrimSpace(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: %v in %q", method, path, err, b)
		}
	}
	return nil
}
