package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/splitter"
	"github.com/sobjects/sobjects/storage/backup"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// nodeOptions are the options of a node on dataDir, backed up to prefix of srv's
// bucket in interval mode with an interval of an hour: changes reach the bucket only
// when the node stops.
func nodeOptions(srv *testbucket.Server, dataDir, prefix string) NodeOptions {
	return nodeOptionsAt(srv, srv.Endpoint, dataDir, prefix)
}

// nodeOptionsAt is nodeOptions with the bucket reached at endpoint (a proxy of srv).
func nodeOptionsAt(srv *testbucket.Server, endpoint, dataDir, prefix string) NodeOptions {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	return NodeOptions{
		Engine: host.Options{DataDir: dataDir, CompilationCacheDir: testCompilationCache, Logger: quiet,
			Registerer: prometheus.NewRegistry()},
		Backup: &backup.Options{Bucket: backup.NewS3(srv.ClientAt(endpoint), srv.Bucket, prefix), Mode: backup.ModeInterval,
			Interval: time.Hour, Logger: quiet},
	}
}

// TestNodeClosesTheStoreAfterTheEngine holds a call's commit while the node closes,
// so that the write commits during the engine's close, and takes the bucket's network
// away as soon as Close returns: a second node on the same bucket still finds the
// write, because Close closed the store (which waits for the uploads of the objects
// the engine closed) after the engine. Closing the store first loses it: the upload
// the engine's close starts would still be on its way when the network goes.
func TestNodeClosesTheStoreAfterTheEngine(t *testing.T) {
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	fs := faultfs.NewOnDemand()
	defer fs.Unregister()
	opts := nodeOptionsAt(srv, px.URL(), t.TempDir(), "node")
	opts.Engine.VFS = fs.Register() // the object databases; the alarm index is not held
	n, err := OpenNode(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close(context.Background())
	e := n.Engine()
	wasm, _ := plugins.Wasm("counter")
	if _, err := e.Deploy(context.Background(), "counter", wasm); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Call(context.Background(), "counter", "alice", "increment", []byte(`{"by":5}`)); err != nil {
		t.Fatal(err)
	}

	held, release := fs.Hold()
	defer release()
	called := make(chan error, 1)
	go func() {
		_, err := e.Call(context.Background(), "counter", "alice", "increment", []byte(`{"by":7}`))
		called <- err
	}()
	<-held // the call's commit waits
	closed := make(chan error, 1)
	go func() { closed <- n.Close(context.Background()) }()
	// Once the engine takes no new calls, its close is waiting for the held one.
	for {
		_, err := e.Call(context.Background(), "nosuchclass", "x", "get", nil)
		if errors.Is(err, host.ErrClosed) {
			break
		}
		runtime.Gosched()
	}
	px.DelayRequests(500) // uploads from now on reach the bucket only after a while
	release()
	if err := <-called; err != nil {
		t.Fatalf("the held call: %v", err)
	}
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	px.Down()

	again, err := OpenNode(context.Background(), nodeOptions(srv, t.TempDir(), "node"))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close(context.Background())
	url, _ := serveNode(t, again)
	if got := counterCall(t, url, "get", ""); got != 12 {
		t.Fatalf("restored counter: %d, want 12: the write acknowledged during Close is not in the bucket", got)
	}
}

// serveNode serves n on a loopback port and returns its URL and Serve's result.
func serveNode(t *testing.T, n *Node) (string, <-chan error) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- n.Serve(l, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}) }()
	return "http://" + l.Addr().String(), served
}

// counterCall calls method of counter alice at url and returns the counter's value.
func counterCall(t *testing.T, url, method, body string) int {
	t.Helper()
	resp, err := http.Post(url+"/v1/objects/counter/alice/"+method, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out struct{ Value *int }
	if err := json.Unmarshal(b, &out); resp.StatusCode != 200 || err != nil || out.Value == nil {
		t.Fatalf("%s: %d %s", method, resp.StatusCode, b)
	}
	return *out.Value
}

// TestNodeServesUntilCloseAndKeepsItsWrites writes over HTTP to a node whose backups
// upload hourly and closes it: Serve returns nil, the port stops answering, and a
// second node with an empty data directory on the same bucket restores every write.
func TestNodeServesUntilCloseAndKeepsItsWrites(t *testing.T) {
	srv := testbucket.Start(t)
	n, err := OpenNode(context.Background(), nodeOptions(srv, t.TempDir(), "node"))
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("counter")
	if _, err := n.Engine().Deploy(context.Background(), "counter", wasm); err != nil {
		t.Fatal(err)
	}
	url, served := serveNode(t, n)
	for range 3 {
		counterCall(t, url, "increment", `{"by":5}`)
	}
	second, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Serve(second, Options{}); err == nil || !strings.Contains(err.Error(), "already serves") {
		t.Fatalf("a second Serve: %v, want an error saying the node already serves", err)
	}
	if err := n.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve after Close: %v, want nil", err)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Fatalf("the first node still answers on %s after Close", url)
	}

	again, err := OpenNode(context.Background(), nodeOptions(srv, t.TempDir(), "node"))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close(context.Background())
	url, _ = serveNode(t, again)
	if got := counterCall(t, url, "get", ""); got != 15 {
		t.Fatalf("restored counter: %d, want 15 (three increments by 5)", got)
	}
}

// TestNodeClosedBeforeServingKeepsItsWrites: a node whose start stops before it serves
// (run, when a deploy fails) is closed the same way, and what its engine wrote reaches
// the bucket; Serve after Close is refused with ErrNodeClosed and closes its listener.
func TestNodeClosedBeforeServingKeepsItsWrites(t *testing.T) {
	srv := testbucket.Start(t)
	n, err := OpenNode(context.Background(), nodeOptions(srv, t.TempDir(), "node"))
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("counter")
	if _, err := n.Engine().Deploy(context.Background(), "counter", wasm); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Engine().Call(context.Background(), "counter", "alice", "increment", []byte(`{"by":7}`)); err != nil {
		t.Fatal(err)
	}
	if err := n.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Serve(l, Options{}); !errors.Is(err, ErrNodeClosed) {
		t.Fatalf("Serve after Close: %v, want ErrNodeClosed", err)
	}
	if c, err := net.Dial("tcp", l.Addr().String()); err == nil {
		c.Close()
		t.Fatalf("Serve refused but left its listener open")
	}

	again, err := OpenNode(context.Background(), nodeOptions(srv, t.TempDir(), "node"))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close(context.Background())
	url, _ := serveNode(t, again)
	if got := counterCall(t, url, "get", ""); got != 7 {
		t.Fatalf("restored counter: %d, want 7", got)
	}
}

// running counts the goroutines that run a function whose name contains fn.
func running(fn string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Count(buf[:n], []byte(fn+"("))
		}
		buf = make([]byte, 2*len(buf))
	}
}

// TestOpenNodeThatFailsClosesWhatItOpened fails the start of a node at its engine and
// at its splitter, the steps after the store: OpenNode returns that step's error and
// leaves nothing running (the store's uploads stopped, the engine's alarms too), and
// the data directory opens again.
func TestOpenNodeThatFailsClosesWhatItOpened(t *testing.T) {
	srv := testbucket.Start(t)
	const uploader, alarms = "backup.(*Store).uploader", "host.(*alarmScheduler).run"
	// counts waits until the goroutines of stores and engines running are u and a; the
	// package's tests run one at a time, but what an earlier one closed may take a
	// moment to end.
	counts := func(u, a int) bool {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if running(uploader) == u && running(alarms) == a {
				return true
			}
			if time.Now().After(deadline) {
				t.Logf("%d stores and %d engines run, want %d and %d", running(uploader), running(alarms), u, a)
				return false
			}
		}
	}
	if !counts(0, 0) {
		t.Fatal("stores or engines of earlier tests still run")
	}

	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := nodeOptions(srv, filepath.Join(notDir, "data"), "node")
	if _, err := OpenNode(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "engine:") {
		t.Fatalf("OpenNode on a data directory under a file: %v, want the engine's error", err)
	}
	if !counts(0, 0) {
		t.Error("the engine failed to open and the store still uploads")
	}

	opts = nodeOptions(srv, filepath.Join(dir, "data"), "node")
	opts.Splitter = splitter.Options{Policies: map[string]splitter.Policy{"ledger": {Window: time.Millisecond}}}
	if _, err := OpenNode(context.Background(), opts); err == nil || !strings.Contains(err.Error(), "window must be at least 1s") {
		t.Fatalf("OpenNode with a bad split policy: %v, want the splitter's error", err)
	}
	if !counts(0, 0) {
		t.Error("the splitter failed to open and a store or an engine still runs")
	}

	n, err := OpenNode(context.Background(), nodeOptions(srv, filepath.Join(dir, "data"), "node"))
	if err != nil {
		t.Fatalf("the data directory of the failed start: %v", err)
	}
	if !counts(1, 1) {
		t.Fatal("an open node runs no uploads or alarms: the checks above cannot fail")
	}
	if err := n.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !counts(0, 0) {
		t.Error("Close left the store or the engine running")
	}
}

// TestOpenNodeRefusesBadOptions: options a node cannot own are refused before
// anything opens.
func TestOpenNodeRefusesBadOptions(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		opts NodeOptions
		want string
	}{
		{NodeOptions{Engine: host.Options{DataDir: dir, Backup: &backup.Store{}}}, "set NodeOptions.Backup instead"},
		{NodeOptions{Engine: host.Options{DataDir: dir}, ShutdownGrace: -time.Second}, "ShutdownGrace is negative"},
	} {
		if n, err := OpenNode(context.Background(), tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) {
			if n != nil {
				n.Close(context.Background())
			}
			t.Errorf("OpenNode: %v, want %q", err, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused options opened an engine: %s holds %d entries", dir, len(entries))
	}
}
