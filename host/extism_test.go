package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage"
)

// extismCounters are the Extism examples (plugins/extism-*), each the counter of
// plugins/counter: class name and plugin file.
var extismCounters = []struct{ class, path string }{
	{"extism-as", "../plugins/extism-as/extism-as.wasm"},
	{"extism-go", "../plugins/extism-go/extism-go.wasm"},
}

// newExtismEngine opens an engine with the Extism counters deployed (and no native
// plugins).
func newExtismEngine(t testing.TB, opts Options) *Engine {
	t.Helper()
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	if opts.CompilationCacheDir == "" {
		opts.CompilationCacheDir = testCompilationCache
	}
	opts.Durability = storage.DurabilityRelaxed
	e, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	for _, c := range extismCounters {
		wasm, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		info, err := e.Deploy(context.Background(), c.class, wasm)
		if err != nil {
			t.Fatalf("deploy %s: %v", c.class, err)
		}
		if got := strings.Join(info.Methods, ","); got != "get,increment,reset,schedule_reset" {
			t.Fatalf("%s: methods %s", c.class, got)
		}
		if got := strings.Join(info.Lifecycle, ","); got != "init,alarm,fetch" {
			t.Fatalf("%s: lifecycle %s", c.class, got)
		}
	}
	return e
}

func TestExtismInspect(t *testing.T) {
	for _, c := range extismCounters {
		t.Run(c.class, func(t *testing.T) {
			wasm, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			info, err := Inspect(context.Background(), wasm)
			if err != nil {
				t.Fatal(err)
			}
			if info.Kind != KindExtism || len(info.Problems) > 0 || info.ABIVersion != 0 {
				t.Fatalf("inspect: %+v", info)
			}
			for _, imp := range []string{"extism:host/user.sql_exec", "extism:host/user.fail", "extism:host/env.output_set"} {
				if !strings.Contains(strings.Join(info.Imports, " "), imp) {
					t.Fatalf("imports %v lack %s", info.Imports, imp)
				}
			}
		})
	}
}

func TestExtismCounter(t *testing.T) {
	e := newExtismEngine(t, Options{})
	ctx := context.Background()
	for _, c := range extismCounters {
		t.Run(c.class, func(t *testing.T) {
			for i, want := range []float64{2, 4, 9} {
				by := map[int]string{0: `{"by":2}`, 1: `{"by": 2}`, 2: `{"by":5,"note":"x"}`}[i]
				if got := mustCall(t, e, c.class, "a", "increment", by)["value"]; got != want {
					t.Fatalf("increment %s: value %v, want %v", by, got, want)
				}
			}
			if got := mustCall(t, e, c.class, "a", "increment", ``)["value"]; got != 10.0 {
				t.Fatalf("increment with no input: value %v, want 10", got)
			}
			if got := mustCall(t, e, c.class, "a", "get", ``)["value"]; got != 10.0 {
				t.Fatalf("get: %v", got)
			}
			// A JSON value that is not an object has no "by", as for plugins/counter.
			if got := mustCall(t, e, c.class, "a", "increment", `[1]`)["value"]; got != 11.0 {
				t.Fatalf("increment [1]: value %v, want 11", got)
			}
			if got := mustCall(t, e, c.class, "a", "increment", `{"by":-1}`)["value"]; got != 10.0 {
				t.Fatalf("increment by -1: value %v, want 10", got)
			}
			if got := mustCall(t, e, c.class, "b", "get", ``)["value"]; got != 0.0 {
				t.Fatalf("another object sees %v", got)
			}

			t.Run("ErrBadInput", func(t *testing.T) {
				// The plugin's fail(code, message) reaches the caller, and the value from
				// before the failed calls is still there.
				_, err := e.Call(ctx, c.class, "a", "schedule_reset", []byte(`{}`))
				wantCode(t, err, abi.CodeBadInput)
				if !strings.Contains(err.Error(), `give "in_ms" or "at_ms"`) {
					t.Fatalf("message: %v", err)
				}
				var ce *CallError
				if !errors.As(err, &ce) || ce.Class != c.class || ce.Method != "schedule_reset" {
					t.Fatalf("not a CallError of %s.schedule_reset: %v", c.class, err)
				}
				_, err = e.Call(ctx, c.class, "a", "increment", []byte(`{"by":"two"}`))
				wantCode(t, err, abi.CodeBadInput)
				for _, in := range []string{`{"by":`, `{"by":1.5}`, `not json`, `nope`} {
					_, err = e.Call(ctx, c.class, "a", "increment", []byte(in))
					wantCode(t, err, abi.CodeBadInput)
				}
				if got := mustCall(t, e, c.class, "a", "get", ``)["value"]; got != 10.0 {
					t.Fatalf("after failed calls: value %v, want 10", got)
				}
			})

			t.Run("Fetch", func(t *testing.T) {
				resp, err := e.Fetch(ctx, c.class, "a", FetchRequest{Method: "GET", URL: "/"})
				if err != nil || resp.Status != 200 || string(resp.Body) != "10" {
					t.Fatalf("fetch GET: %d %q %v", resp.Status, resp.Body, err)
				}
				if len(resp.Headers) != 1 || resp.Headers[0] != [2]string{"content-type", "text/plain; charset=utf-8"} {
					t.Fatalf("fetch GET headers %v", resp.Headers)
				}
				resp, err = e.Fetch(ctx, c.class, "a", FetchRequest{Method: "POST", URL: "/", Body: []byte("x")})
				if err != nil || resp.Status != 405 {
					t.Fatalf("fetch POST: %d %q %v", resp.Status, resp.Body, err)
				}
			})

			t.Run("Alarm", func(t *testing.T) {
				at := time.Now().Add(50 * time.Millisecond).UnixMilli()
				out := mustCall(t, e, c.class, "a", "schedule_reset", fmt.Sprintf(`{"at_ms":%d}`, at))
				if out["at_ms"] != float64(at) {
					t.Fatalf("schedule_reset: %v", out)
				}
				if info, _ := e.Describe(c.class, "a"); info.AlarmMs != at {
					t.Fatalf("describe: alarm %d, want %d", info.AlarmMs, at)
				}
				deadline := time.Now().Add(20 * time.Second)
				for {
					if info, _ := e.Describe(c.class, "a"); info.AlarmMs == 0 {
						break
					}
					if time.Now().After(deadline) {
						t.Fatal("the alarm did not fire")
					}
					time.Sleep(20 * time.Millisecond)
				}
				if got := mustCall(t, e, c.class, "a", "get", ``)["value"]; got != 0.0 {
					t.Fatalf("after the alarm: value %v, want 0", got)
				}
				if got := mustCall(t, e, c.class, "a", "increment", `{"by":3}`)["value"]; got != 3.0 {
					t.Fatalf("after the alarm: increment gave %v", got)
				}
				if got := mustCall(t, e, c.class, "a", "reset", ``)["value"]; got != 0.0 {
					t.Fatalf("reset: %v", got)
				}
				if got := mustCall(t, e, c.class, "a", "get", ``)["value"]; got != 0.0 {
					t.Fatalf("get after reset: %v", got)
				}
			})
		})
	}
}

// TestExtismPersists reopens the data directory: the Extism classes and their objects'
// data come back.
func TestExtismPersists(t *testing.T) {
	dir := t.TempDir()
	e := newExtismEngine(t, Options{DataDir: dir})
	for _, c := range extismCounters {
		mustCall(t, e, c.class, "p", "increment", `{"by":4}`)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	e2, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close(context.Background())
	for _, c := range extismCounters {
		if got := mustCall(t, e2, c.class, "p", "increment", `{"by":1}`)["value"]; got != 5.0 {
			t.Fatalf("%s after restart: %v, want 5", c.class, got)
		}
	}
}

// TestExtismLimits runs the plugin of testdata/extism_kit.wat under a short time limit
// and a small memory limit: each failing call fails alone, the next call gets a fresh
// instance. The memory limit is met on an engine of the default time limit: growing to
// it page by page can take longer than the short one on a loaded machine.
func TestExtismLimits(t *testing.T) {
	open := func(timeout time.Duration) *Engine {
		e, err := New(context.Background(), Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
			Durability: storage.DurabilityRelaxed, CallTimeout: timeout, MemoryLimitBytes: 8 << 20})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close(context.Background()) })
		return e
	}
	e, roomy := open(300*time.Millisecond), open(0)
	ctx := context.Background()
	info, err := e.Deploy(ctx, "kit", fixture(t, "extism_kit")())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := roomy.Deploy(ctx, "kit", fixture(t, "extism_kit")()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(info.Methods, ","); got != "boom,grow,name,noop,now,spin,sql,sql_then_boom,sql_then_spin" {
		t.Fatalf("methods %s", got)
	}
	if _, err := e.Call(ctx, "kit", "a", "noop", nil); err != nil {
		t.Fatal(err)
	}
	t.Run("ErrTimeLimit", func(t *testing.T) {
		_, err := e.Call(ctx, "kit", "a", "spin", nil)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "time limit") {
			t.Fatalf("spin: %v", err)
		}
		if _, err := e.Call(ctx, "kit", "a", "now", nil); err != nil {
			t.Fatalf("after the time limit: %v", err)
		}
	})
	t.Run("ErrMemoryLimit", func(t *testing.T) {
		_, err := roomy.Call(ctx, "kit", "a", "grow", nil)
		if !errors.Is(err, ErrTrap) && !errors.Is(err, ErrMemoryLimit) {
			t.Fatalf("grow: %v", err)
		}
		if _, err := roomy.Call(ctx, "kit", "a", "noop", nil); err != nil {
			t.Fatalf("after the memory limit: %v", err)
		}
	})
	t.Run("ErrTrap", func(t *testing.T) {
		_, err := e.Call(ctx, "kit", "a", "boom", nil)
		if !errors.Is(err, ErrTrap) || !strings.Contains(err.Error(), "unreachable") {
			t.Fatalf("boom: %v", err)
		}
		if _, err := e.Call(ctx, "kit", "a", "noop", nil); err != nil {
			t.Fatalf("after a trap: %v", err)
		}
	})
}

// sqlRequest is a sql_exec request (ABI.md section 4.3) without parameters.
func sqlRequest(sql string) []byte {
	var enc abi.Encoder
	enc.ArrayHeader(2)
	enc.String(sql)
	enc.ArrayHeader(0)
	return enc.Buf
}

// TestExtismTransactions checks that a call of an Extism plugin is one transaction:
// writes before a trap, a time limit or a failed statement are rolled back, and the
// host's error code and message reach the caller through result_take and fail.
func TestExtismTransactions(t *testing.T) {
	e, err := New(context.Background(), Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed, CallTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	ctx := context.Background()
	if _, err := e.Deploy(ctx, "kit", fixture(t, "extism_kit")()); err != nil {
		t.Fatal(err)
	}
	sql := func(method, sql string) ([]any, error) {
		out, err := e.Call(ctx, "kit", "a", method, sqlRequest(sql))
		if err != nil {
			return nil, err
		}
		v, err := abi.NewDecoder(out).Value()
		if err != nil {
			t.Fatalf("%s: result %x: %v", method, out, err)
		}
		return v.([]any), nil
	}
	if _, err := sql("sql", "CREATE TABLE t(x INTEGER NOT NULL); INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	if _, err := sql("sql_then_boom", "INSERT INTO t VALUES (2)"); !errors.Is(err, ErrTrap) {
		t.Fatalf("sql_then_boom: %v", err)
	}
	if _, err := sql("sql_then_spin", "INSERT INTO t VALUES (3)"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("sql_then_spin: %v", err)
	}
	_, err = sql("sql", "INSERT INTO t VALUES (4); INSERT INTO nope VALUES (1)")
	wantCode(t, err, abi.CodeSQL)
	if !strings.Contains(err.Error(), "no such table: nope") {
		t.Fatalf("message: %v", err)
	}
	_, err = sql("sql", "INSERT INTO t VALUES (NULL)")
	wantCode(t, err, abi.CodeConstraint)
	res, err := sql("sql", "SELECT count(*), sum(x) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(res[1]); got != "[[1 1]]" {
		t.Fatalf("rows %s, want [[1 1]]: only the first call's write may remain", got)
	}
}

func TestExtismInvalidPlugins(t *testing.T) {
	e, err := New(context.Background(), Options{DataDir: t.TempDir(), CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	counter, err := os.ReadFile(extismCounters[0].path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		wasm    []byte
		message string
	}{
		{"ErrTruncated", counter[:len(counter)*3/4], "not a valid WebAssembly module"},
		{"ErrUnknownHostFunction", fixture(t, "extism_bad_import")(),
			"imports extism:host/user.no_such_function, which is not a host function of sobjects for Extism plugins"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Deploy(context.Background(), "bad", tc.wasm)
			if !errors.Is(err, ErrInvalidPlugin) || !strings.Contains(err.Error(), tc.message) {
				t.Fatalf("got %v, want ErrInvalidPlugin mentioning %q", err, tc.message)
			}
			if _, err := e.Class("bad"); !errors.Is(err, ErrClassNotFound) {
				t.Fatalf("a refused upload created the class: %v", err)
			}
		})
	}
	info, err := Inspect(context.Background(), fixture(t, "extism_bad_import")())
	if err != nil || info.Kind != KindExtism || len(info.Problems) != 1 {
		t.Fatalf("inspect: %+v %v", info, err)
	}
}
