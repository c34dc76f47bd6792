package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// startOn starts an engine over dir whose object databases go through vfsName ("" for
// the operating system's), with the counter and kv classes, and a server for it on
// loopback. stop closes both.
func startOn(t *testing.T, dir, vfsName string) (v *env, stop func()) {
	t.Helper()
	e, err := host.New(context.Background(), host.Options{
		DataDir: dir, Durability: storage.DurabilityFsync, CallTimeout: 5 * time.Second, VFS: vfsName,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"counter", "kv"} {
		wasm, _ := plugins.Wasm(name)
		if _, err := e.Deploy(context.Background(), name, wasm); err != nil {
			t.Fatal(err)
		}
	}
	s := New(e, Options{})
	s.SetLoopback(true)
	ts := httptest.NewServer(s.Handler())
	stop = func() {
		ts.Close()
		if err := e.Close(context.Background()); err != nil {
			t.Errorf("close engine: %v", err)
		}
	}
	t.Cleanup(stop)
	return &env{t: t, url: ts.URL, srv: s}, stop
}

// TestInsufficientStorage fills the disk, then makes it read-only, under a running
// server: every write answers 507 with code insufficient_storage, reads of the same
// objects go on answering 200, and once the disk is back writes work again and
// nothing acknowledged is lost, after a restart too.
func TestInsufficientStorage(t *testing.T) {
	fs := faultfs.NewOnDemand()
	defer fs.Unregister()
	dir := t.TempDir()
	v, stop := startOn(t, dir, fs.Register())

	ok := func(path, body, want string) {
		t.Helper()
		status, got, _ := v.do("POST", path, []byte(body))
		if status != 200 || string(got) != want {
			t.Fatalf("POST %s %s: %d %s, want 200 %s", path, body, status, got, want)
		}
	}
	ok("/v1/objects/counter/c/increment", `{"by":2}`, `{"value":2}`)
	ok("/v1/objects/counter/c/increment", `{"by":2}`, `{"value":4}`)
	ok("/v1/objects/kv/k/put", `{"key":"a","value":[1,2]}`, `{"ok":true}`)

	for _, mode := range []faultfs.Mode{faultfs.FailFull, faultfs.FailReadOnly} {
		fs.SetFailing(mode)
		for range 2 {
			p := v.problem("POST", "/v1/objects/counter/c/increment", []byte(`{"by":2}`), 507, "insufficient_storage")
			if p.Object != host.ObjectID("counter", "c") || p.Method != "increment" {
				t.Fatalf("%s: the problem names %q.%q, want the object and the method", mode, p.Object, p.Method)
			}
			if strings.Contains(p.Detail, dir) || strings.Contains(p.Detail, ".db") {
				t.Fatalf("%s: the detail %q names the server's files", mode, p.Detail)
			}
			v.problem("POST", "/v1/objects/kv/k/put", []byte(`{"key":"b","value":1}`), 507, "insufficient_storage")
			v.problem("POST", "/v1/objects/kv/k/delete", []byte(`{"key":"a"}`), 507, "insufficient_storage")
			ok("/v1/objects/counter/c/get", ``, `{"value":4}`)
			ok("/v1/objects/kv/k/get", `{"key":"a"}`, `{"value":[1,2]}`)
			v.problem("POST", "/v1/objects/kv/k/get", []byte(`{"key":"b"}`), 404, "not_found")
		}
		// A new object needs its file written: refused the same way.
		v.problem("POST", "/v1/objects/counter/new-"+mode.String()+"/increment", nil, 507, "insufficient_storage")
	}

	fs.SetFailing(0)
	ok("/v1/objects/counter/c/increment", `{"by":2}`, `{"value":6}`)
	ok("/v1/objects/kv/k/put", `{"key":"b","value":3}`, `{"ok":true}`)
	ok("/v1/objects/counter/new/increment", ``, `{"value":1}`)

	// Everything acknowledged is on disk: a new engine over the same directory, with
	// the operating system's VFS, finds it.
	stop()
	v, _ = startOn(t, dir, "")
	ok("/v1/objects/counter/c/get", ``, `{"value":6}`)
	ok("/v1/objects/kv/k/get", `{"key":"a"}`, `{"value":[1,2]}`)
	ok("/v1/objects/kv/k/get", `{"key":"b"}`, `{"value":3}`)
	ok("/v1/objects/counter/new/get", ``, `{"value":1}`)
}
