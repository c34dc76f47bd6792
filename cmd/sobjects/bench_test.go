package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestBenchTargetFlags: flags that make no sense with --target, or without it, are
// refused with exit 2 and a hint.
func TestBenchTargetFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--via", "rpc"}, "--via rpc: only with --target"},
		{[]string{"bench", "--target", "127.0.0.1:1"}, "want the app's base URL"},
		{[]string{"bench", "--target", "http://127.0.0.1:1", "--via", "ws"}, `--via "ws": want fetch or rpc`},
		{[]string{"bench", "--target", "http://127.0.0.1:1", "--splittable"}, "--target drives the benchmark app"},
		{[]string{"bench", "--target", "http://127.0.0.1:1", "--op", "delete"}, `--op "delete"`},
	} {
		code, out := cli(t, t.TempDir(), tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want 2 and %q:\n%s", tc.args, code, tc.want, out)
		}
	}
}

// TestBenchTarget: --target, --via rpc and --op inc reach the app's route for object
// "one", and the report names the route.
func TestBenchTarget(t *testing.T) {
	var (
		mu    sync.Mutex
		paths = map[string]int{}
	)
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths[r.Method+" "+r.URL.RequestURI()]++
		mu.Unlock()
		_, _ = w.Write([]byte("1"))
	}))
	defer app.Close()
	code, out := cli(t, t.TempDir(), "bench", "--target", app.URL+"/", "--via", "rpc", "--op", "inc",
		"--concurrency", "2", "--duration", "100ms", "--warmup", "0")
	if code != 0 || !strings.Contains(out, "increment via rpc ("+app.URL+")") || !strings.Contains(out, "errors: 0") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	mu.Lock()
	defer mu.Unlock()
	if paths["POST /rpc/inc?name=one"] == 0 {
		t.Errorf("the app got %v, want POST /rpc/inc?name=one", paths)
	}
}
