package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/faultfs"
)

func newEngine(t testing.TB, opts Options) *Engine {
	t.Helper()
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	if opts.CompilationCacheDir == "" {
		opts.CompilationCacheDir = testCompilationCache
	}
	if opts.Durability == storage.DurabilityFsync {
		opts.Durability = storage.DurabilityRelaxed // tests check behaviour, not fsync
	}
	e, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	for _, name := range []string{"counter", "kv", "chat", "testkit"} {
		deploy(t, e, name, name)
	}
	return e
}

func deploy(t testing.TB, e *Engine, class, plugin string) {
	t.Helper()
	wasm, err := plugins.Wasm(plugin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Deploy(context.Background(), class, wasm); err != nil {
		t.Fatal(err)
	}
}

// call calls a method with a JSON input and decodes its JSON output into a map.
func callJSON(t testing.TB, e *Engine, class, name, method, input string) (map[string]any, error) {
	t.Helper()
	out, err := e.Call(context.Background(), class, name, method, []byte(input))
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if len(out) > 0 {
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("%s output %q: %v", method, out, err)
		}
	}
	return m, nil
}

func mustCall(t testing.TB, e *Engine, class, name, method, input string) map[string]any {
	t.Helper()
	m, err := callJSON(t, e, class, name, method, input)
	if err != nil {
		t.Fatalf("%s.%s: %v", class, method, err)
	}
	return m
}

func wantCode(t *testing.T, err error, code abi.Code) {
	t.Helper()
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != code {
		t.Fatalf("got %v, want an error with code %v", err, code)
	}
}

func TestCounterPersists(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t, Options{DataDir: dir})
	for i, want := range []float64{2, 4} {
		if got := mustCall(t, e, "counter", "alice", "increment", `{"by":2}`)["value"]; got != want {
			t.Fatalf("increment %d: value %v, want %v", i, got, want)
		}
	}
	if got := mustCall(t, e, "counter", "bob", "get", ``)["value"]; got != 0.0 {
		t.Fatalf("another object sees value %v", got)
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
	if got := mustCall(t, e2, "counter", "alice", "increment", `{"by":2}`)["value"]; got != 6.0 {
		t.Fatalf("after restart: value %v, want 6", got)
	}
}

func TestInvalidPlugins(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 200 * time.Millisecond})
	for _, tc := range []struct {
		name    string
		wasm    func() []byte
		want    error
		message string
	}{
		{"ErrNotWasm", func() []byte { return []byte("hello, not wasm") }, ErrInvalidPlugin, "not a valid WebAssembly module"},
		{"ErrNoVersion", fixture(t, "no_version"), ErrInvalidPlugin, "declares no sobjects ABI version"},
		{"ErrUnknownVersion", fixture(t, "abi_v2"), ErrUnknownABIVersion, "this host speaks 1"},
		{"ErrUnknownImport", fixture(t, "bad_import"), ErrInvalidPlugin, "launch_missiles"},
		{"ErrNoAlloc", fixture(t, "no_alloc"), ErrInvalidPlugin, "sobjects_alloc"},
		{"ErrInvalidGlobalIndex", fixture(t, "global_oob"), ErrInvalidPlugin, "not a valid WebAssembly module"},
		{"ErrStartLoops", fixture(t, "start_loop"), ErrInvalidPlugin, "start function sobjects_start did not finish"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Deploy(context.Background(), "bad", tc.wasm())
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.message) {
				t.Fatalf("got %v, want %v mentioning %q", err, tc.want, tc.message)
			}
			if _, err := e.Class("bad"); !errors.Is(err, ErrClassNotFound) {
				t.Fatalf("a refused upload created the class: %v", err)
			}
		})
	}
}

func fixture(t *testing.T, name string) func() []byte {
	return func() []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name+".wasm"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

func TestBadOutput(t *testing.T) {
	e := newEngine(t, Options{})
	if _, err := e.Deploy(context.Background(), "badout", fixture(t, "bad_output")()); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Call(context.Background(), "badout", "a", "oob", nil); !errors.Is(err, ErrTrap) {
		t.Fatalf("out-of-bounds output: %v", err)
	}
	_, err := e.Call(context.Background(), "badout", "a", "neg", nil)
	wantCode(t, err, abi.CodeInternal)
}

func TestUnknownNames(t *testing.T) {
	e := newEngine(t, Options{})
	for _, tc := range []struct {
		name, class, object, method string
		want                        error
	}{
		{"ErrClass", "nope", "a", "get", ErrClassNotFound},
		{"ErrMethod", "counter", "a", "nope", ErrMethodNotFound},
		{"ErrLifecycleAsMethod", "counter", "a", "alarm", ErrMethodNotFound},
		{"ErrSlash", "counter", "a/b", "get", ErrInvalidName},
		{"ErrDotDot", "counter", "..", "get", ErrInvalidName},
		{"ErrNUL", "counter", "a\x00b", "get", ErrInvalidName},
		{"ErrNotUTF8", "counter", "\xc3\x28", "get", ErrInvalidName},
		{"ErrLong", "counter", strings.Repeat("x", 257), "get", ErrInvalidName},
		{"ErrEmpty", "counter", "", "get", ErrInvalidName},
		{"ErrClassSlash", "../etc", "a", "get", ErrInvalidName},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := e.Call(context.Background(), tc.class, tc.object, tc.method, nil); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func countT(t *testing.T, e *Engine, name string) float64 {
	t.Helper()
	return mustCall(t, e, "testkit", name, "count_t", ``)["n"].(float64)
}

func TestFailuresRollBack(t *testing.T) {
	e := newEngine(t, Options{})
	mustCall(t, e, "testkit", "a", "sql", `{"sql":"CREATE TABLE t (v TEXT)"}`)
	mustCall(t, e, "testkit", "a", "sql", `{"sql":"INSERT INTO t VALUES ('kept')"}`)

	t.Run("ErrPluginFailure", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "write_then_fail", `{"value":"x"}`)
		wantCode(t, err, abi.CodeConflict)
		var ce *CallError
		if !errors.As(err, &ce) || ce.ObjectID != ObjectID("testkit", "a") || ce.Method != "write_then_fail" {
			t.Fatalf("error %v does not name the object and method", err)
		}
	})
	t.Run("ErrTrap", func(t *testing.T) {
		if _, err := callJSON(t, e, "testkit", "a", "write_then_trap", `{"value":"x"}`); !errors.Is(err, ErrTrap) {
			t.Fatalf("got %v, want ErrTrap", err)
		}
	})
	t.Run("ErrSQLSyntax", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "sql", `{"sql":"INSERT INTO t VALUES ('x'); SELEC 1"}`)
		wantCode(t, err, abi.CodeSQL)
	})
	t.Run("ErrConstraint", func(t *testing.T) {
		mustCall(t, e, "testkit", "a", "sql", `{"sql":"CREATE TABLE u (k TEXT PRIMARY KEY)"}`)
		_, err := callJSON(t, e, "testkit", "a", "sql", `{"sql":"INSERT INTO t VALUES ('x'); INSERT INTO u VALUES ('k'), ('k')"}`)
		wantCode(t, err, abi.CodeConstraint)
	})
	t.Run("ErrReservedTable", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "sql", `{"sql":"INSERT INTO t VALUES ('x'); DELETE FROM _cf_KV"}`)
		wantCode(t, err, abi.CodeDenied)
	})
	t.Run("ErrAttach", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "sql", `{"sql":"ATTACH DATABASE '/tmp/x.db' AS x"}`)
		wantCode(t, err, abi.CodeDenied)
	})
	t.Run("ErrTxnLeftOpen", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "txn_leak", ``)
		wantCode(t, err, abi.CodeBadInput)
	})
	t.Run("ErrKVValueTooLarge", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "kv_put_size", fmt.Sprintf(`{"size":%d}`, abi.DefaultMaxKVValueBytes+1))
		wantCode(t, err, abi.CodeTooLarge)
		mustCall(t, e, "testkit", "a", "kv_put_size", fmt.Sprintf(`{"size":%d}`, abi.DefaultMaxKVValueBytes))
	})
	if n := countT(t, e, "a"); n != 1 {
		t.Fatalf("table t has %v rows after failed calls, want the 1 committed before", n)
	}
}

func TestTransactions(t *testing.T) {
	e := newEngine(t, Options{})
	if n := mustCall(t, e, "testkit", "a", "txn", `{"commit":false}`)["n"]; n != 0.0 {
		t.Fatalf("rolled back transaction left %v rows", n)
	}
	if n := mustCall(t, e, "testkit", "a", "txn", `{"commit":true}`)["n"]; n != 1.0 {
		t.Fatalf("committed transaction left %v rows, want 1", n)
	}
}

func TestLimits(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 300 * time.Millisecond})
	mustCall(t, e, "testkit", "a", "sql", `{"sql":"CREATE TABLE t (v TEXT)"}`)
	t.Run("ErrTimeLimit", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "spin", ``)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "time limit") {
			t.Fatalf("got %v, want a time limit error", err)
		}
		var ce *CallError
		if !errors.As(err, &ce) || ce.Name != "a" {
			t.Fatalf("error %v does not name the object", err)
		}
	})
	t.Run("ErrSQLTimeLimit", func(t *testing.T) {
		_, err := callJSON(t, e, "testkit", "a", "sql",
			`{"sql":"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) INSERT INTO t SELECT x FROM c"}`)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, want the SQL interrupted at the time limit", err)
		}
	})
	t.Run("ErrMemoryLimit", func(t *testing.T) {
		// An engine of its own: a short time limit must not cut the allocation short on a
		// loaded machine.
		e := newEngine(t, Options{MemoryLimitBytes: 16 << 20})
		_, err := callJSON(t, e, "testkit", "a", "hog", ``)
		if !errors.Is(err, ErrMemoryLimit) || !strings.Contains(err.Error(), "16 MiB") {
			t.Fatalf("got %v, want ErrMemoryLimit naming 16 MiB", err)
		}
		mustCall(t, e, "testkit", "a", "noop", ``)
	})
	// The object goes on with a fresh instance; its data is intact; others never noticed.
	if n := countT(t, e, "a"); n != 0 {
		t.Fatalf("rows %v left by calls that hit limits", n)
	}
	mustCall(t, e, "counter", "b", "increment", ``)
}

func TestCallsBetweenObjects(t *testing.T) {
	e := newEngine(t, Options{Threads: 2})
	// Across objects (and worker threads): testkit a calls counter b.
	for i := range 3 {
		out := mustCall(t, e, "testkit", "a", "call", `{"class":"counter","name":"b","method":"increment","input":{"by":1}}`)
		if out["value"] != float64(i+1) {
			t.Fatalf("call through another object: %v", out)
		}
	}
	// A calls B calls A: fails at once with a cycle error instead of deadlocking.
	inner := `{"class":"testkit","name":"a","method":"noop","input":null}`
	_, err := callJSON(t, e, "testkit", "a", "call", `{"class":"testkit","name":"b","method":"call","input":`+inner+`}`)
	wantCode(t, err, abi.CodeCycle)
	// A calls A.
	_, err = callJSON(t, e, "testkit", "a", "call", inner)
	wantCode(t, err, abi.CodeCycle)
	// A chain deeper than abi.MaxCallDepth fails, with one message, not one per hop.
	chain := `{"class":"testkit","name":"end","method":"noop","input":null}`
	for i := range abi.MaxCallDepth + 1 {
		chain = fmt.Sprintf(`{"class":"testkit","name":"n%d","method":"call","input":%s}`, i, chain)
	}
	_, err = callJSON(t, e, "testkit", "start", "call", chain)
	wantCode(t, err, abi.CodeCycle)
	if strings.Count(err.Error(), "deeper") != 1 || strings.Count(err.Error(), "cycle:") > 1 {
		t.Fatalf("error repeats itself: %v", err)
	}
	// Objects pinned to the same thread call each other without deadlock.
	var same string
	for i := range 100 {
		n := fmt.Sprint("peer", i)
		if e.object("testkit", n).slot == e.object("testkit", "a").slot {
			same = n
			break
		}
	}
	mustCall(t, e, "testkit", "a", "call", `{"class":"testkit","name":"`+same+`","method":"noop","input":null}`)
}

func TestGroupCommit(t *testing.T) {
	e := newEngine(t, Options{})
	const workers, each = 32, 20
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				if _, err := e.Call(context.Background(), "counter", "hot", "increment", []byte(`{"by":1}`)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if got := mustCall(t, e, "counter", "hot", "get", ``)["value"]; got != float64(workers*each) {
		t.Fatalf("value %v after %d increments", got, workers*each)
	}
}

func TestEvictAndNewVersion(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	deploy(t, e, "x", "testkit")
	mustCall(t, e, "x", "a", "sql", `{"sql":"CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('1')"}`)
	deploy(t, e, "x", "counter")
	// New calls are checked against the new version...
	if _, err := callJSON(t, e, "x", "a", "count_t", ``); !errors.Is(err, ErrMethodNotFound) {
		t.Fatalf("method of the old version: %v", err)
	}
	info, _ := e.Describe("x", "a")
	testkit, _ := plugins.Wasm("testkit")
	if !info.Resident || info.Version != Version(testkit) {
		t.Fatalf("describe before eviction: %+v, want resident with the first version", info)
	}
	e.evictIdle(time.Now().Add(time.Hour))
	info, _ = e.Describe("x", "a")
	if info.Resident || !info.Exists {
		t.Fatalf("after eviction: %+v", info)
	}
	// ... and the object runs the new version from its next activation, with its data.
	if got := mustCall(t, e, "x", "a", "increment", `{"by":5}`)["value"]; got != 5.0 {
		t.Fatalf("value %v", got)
	}
	ci, err := e.Class("x")
	if err != nil || len(ci.Versions) != 2 {
		t.Fatalf("class info %+v %v", ci, err)
	}
}

func TestAlarms(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t, Options{DataDir: dir})
	mustCall(t, e, "testkit", "a", "set_alarm_failures", `{"n":1}`)
	at := time.Now().Add(100 * time.Millisecond).UnixMilli()
	mustCall(t, e, "testkit", "a", "alarm_set", fmt.Sprintf(`{"at_ms":%d}`, at))
	if info, _ := e.Describe("testkit", "a"); info.AlarmMs != at {
		t.Fatalf("describe alarm %d, want %d", info.AlarmMs, at)
	}
	// The first delivery fails, the retry after about 2 s succeeds.
	deadline := time.Now().Add(20 * time.Second)
	for {
		out := mustCall(t, e, "testkit", "a", "alarm_fires", ``)
		if out["fires"] == 1.0 {
			if out["last_retry"] != 1.0 {
				t.Fatalf("alarm succeeded at retry %v, want 1", out["last_retry"])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("alarm never fired: %v", out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := mustCall(t, e, "testkit", "a", "alarm_get", ``)["at_ms"]; got != nil {
		t.Fatalf("alarm still set after delivery: %v", got)
	}

	// An alarm set before a restart fires after it, for an object never called again.
	at = time.Now().Add(300 * time.Millisecond).UnixMilli()
	mustCall(t, e, "counter", "c", "increment", `{"by":3}`)
	mustCall(t, e, "counter", "c", "schedule_reset", fmt.Sprintf(`{"at_ms":%d}`, at))
	e.Close(context.Background())
	e2, err := New(context.Background(), Options{DataDir: dir, CompilationCacheDir: testCompilationCache,
		Durability: storage.DurabilityRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close(context.Background())
	for {
		if info, _ := e2.Describe("counter", "c"); info.AlarmMs == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("alarm did not fire after restart")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := mustCall(t, e2, "counter", "c", "get", ``)["value"]; got != 0.0 {
		t.Fatalf("counter %v after its reset alarm, want 0", got)
	}
}

func TestFetch(t *testing.T) {
	e := newEngine(t, Options{})
	resp, err := e.Fetch(context.Background(), "testkit", "a", FetchRequest{Method: "POST", URL: "/x?y=1", Body: []byte("hi")})
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	json.Unmarshal(resp.Body, &body)
	if resp.Status != 200 || body["url"] != "/x?y=1" || body["body"] != "hi" || body["method"] != "POST" {
		t.Fatalf("fetch answered %d %s", resp.Status, resp.Body)
	}
	if _, err := e.Fetch(context.Background(), "kv", "a", FetchRequest{Method: "GET", URL: "/"}); !errors.Is(err, ErrNoFetch) {
		t.Fatalf("fetch on a plugin without fetch: %v", err)
	}
}

func TestDelete(t *testing.T) {
	e := newEngine(t, Options{})
	mustCall(t, e, "counter", "a", "increment", `{"by":7}`)
	if err := e.Delete(context.Background(), "counter", "a"); err != nil {
		t.Fatal(err)
	}
	if info, _ := e.Describe("counter", "a"); info.Exists {
		t.Fatalf("database still there after delete: %+v", info)
	}
	if got := mustCall(t, e, "counter", "a", "get", ``)["value"]; got != 0.0 {
		t.Fatalf("value %v after delete", got)
	}
}

// TestDeepInput checks that input nested as deep as the SDK's JSON parser accepts fits
// the plugins' stack, and deeper input is refused as bad input, not a trap.
func TestDeepInput(t *testing.T) {
	e := newEngine(t, Options{})
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	mustCall(t, e, "kv", "a", "put", `{"key":"k","value":`+nested(126)+`}`)
	if got := mustCall(t, e, "kv", "a", "get", `{"key":"k"}`)["value"]; got == nil {
		t.Fatal("deep value lost")
	}
	_, err := callJSON(t, e, "kv", "a", "put", `{"key":"k","value":`+nested(5000)+`}`)
	wantCode(t, err, abi.CodeBadInput)
}

// TestPanicMessage checks that a plugin's panic message reaches the caller.
func TestPanicMessage(t *testing.T) {
	e := newEngine(t, Options{})
	_, err := callJSON(t, e, "testkit", "a", "panic", ``)
	if !errors.Is(err, ErrTrap) || !strings.Contains(err.Error(), "deliberate panic") {
		t.Fatalf("got %v, want a trap with the panic message", err)
	}
}

// TestDatabaseMemoryLimit: SQL that needs more memory than the connection may use fails
// that call; the object reopens its database for the next call with its data intact.
func TestDatabaseMemoryLimit(t *testing.T) {
	e := newEngine(t, Options{DatabaseMemoryBytes: 2 << 20})
	mustCall(t, e, "testkit", "a", "sql", `{"sql":"CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('kept')"}`)
	_, err := callJSON(t, e, "testkit", "a", "sql",
		`{"sql":"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 200000) SELECT group_concat(hex(randomblob(64))) FROM c"}`)
	if !errors.Is(err, storage.ErrOutOfMemory) {
		t.Fatalf("got %v, want storage.ErrOutOfMemory", err)
	}
	if n := countT(t, e, "a"); n != 1 {
		t.Fatalf("rows %v after the failed call, want 1", n)
	}
}

// TestSpinDoesNotStallOthers: while one object loops until its time limit, a garbage
// collection and calls to other objects complete (wasm code reaches preemption points).
func TestSpinDoesNotStallOthers(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 3 * time.Second})
	spun := make(chan error, 1)
	go func() {
		_, err := e.Call(context.Background(), "testkit", "spinner", "spin", nil)
		spun <- err
	}()
	time.Sleep(100 * time.Millisecond)
	runtime.GC()
	mustCall(t, e, "counter", "other", "increment", ``)
	select {
	case err := <-spun:
		t.Fatalf("spin ended before the others finished: %v", err)
	default:
	}
	if err := <-spun; !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("spin: %v", err)
	}
}

// TestAlarmRetriesWhenActivationFails: an alarm whose object cannot even start (its init
// fails) is retried with backoff, not in a tight loop. The alarm is due late enough
// for the object to be evicted first on a loaded machine.
func TestAlarmRetriesWhenActivationFails(t *testing.T) {
	e := newEngine(t, Options{})
	at := time.Now().Add(500 * time.Millisecond).UnixMilli()
	mustCall(t, e, "testkit", "a", "alarm_set", fmt.Sprintf(`{"at_ms":%d}`, at))
	mustCall(t, e, "testkit", "a", "set_init_fail", ``)
	e.evictIdle(time.Now().Add(time.Hour))
	id := ObjectID("testkit", "a")
	deadline := time.Now().Add(20 * time.Second)
	for {
		a, ok, err := e.alarms.index.Get(id)
		if err != nil || !ok {
			t.Fatalf("index entry %+v %v %v", a, ok, err)
		}
		if a.Retry == 1 {
			// The first retry comes about 2 s after the failure, not at once.
			if a.At < at+int64(abi.AlarmFirstRetrySecs*1000) {
				t.Fatalf("retry scheduled at %d, less than %d s after %d", a.At, abi.AlarmFirstRetrySecs, at)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no retry recorded: %+v", a)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestConcurrentDeploys: uploads of the same module and of different ones at once all
// succeed, and the class ends up with one of them.
func TestConcurrentDeploys(t *testing.T) {
	e := newEngine(t, Options{})
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := []string{"counter", "kv"}[i%2]
			wasm, _ := plugins.Wasm(name)
			if _, err := e.Deploy(context.Background(), "race", wasm); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ci, err := e.Class("race"); err != nil || len(ci.Versions) != 2 {
		t.Fatalf("class %+v %v", ci, err)
	}
}

// TestOldVersionReleased: a replaced version's compiled code stays while an object runs
// it, and is released when its last instance goes.
func TestOldVersionReleased(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	deploy(t, e, "v", "testkit")
	old, _ := e.reg.current("v")
	mustCall(t, e, "v", "a", "noop", ``)
	deploy(t, e, "v", "counter")
	if n := old.users.Load(); n != 1 {
		t.Fatalf("old version has %d users with one resident instance, want 1", n)
	}
	e.evictIdle(time.Now().Add(time.Hour))
	if n := old.users.Load(); n != 0 {
		t.Fatalf("old version has %d users after its last instance went, want 0", n)
	}
	mustCall(t, e, "v", "a", "increment", ``)
}

// TestReadsGoOnBesideFailingWrites runs reads and writes at once on one object whose
// disk is full: the writes fail, and the reads, which share their commit batches,
// still answer.
func TestReadsGoOnBesideFailingWrites(t *testing.T) {
	fs := faultfs.NewOnDemand()
	e := newEngine(t, Options{VFS: fs.Register()})
	t.Cleanup(fs.Unregister)
	mustCall(t, e, "counter", "c", "increment", `{"by":1}`)
	fs.SetFailing(faultfs.FailFull)
	var wg sync.WaitGroup
	var reads, writes, readErrs, writeOK atomic.Int64
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 40 {
				if g%2 == 0 {
					if _, err := e.Call(context.Background(), "counter", "c", "increment", []byte(`{"by":1}`)); err == nil {
						writeOK.Add(1)
					} else if !errors.Is(err, storage.ErrNoSpace) {
						t.Errorf("write on a full disk: %v, want ErrNoSpace", err)
					}
					writes.Add(1)
				} else {
					if _, err := e.Call(context.Background(), "counter", "c", "get", nil); err != nil {
						readErrs.Add(1)
						t.Errorf("read beside failing writes: %v", err)
					}
					reads.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if writeOK.Load() != 0 {
		t.Fatalf("%d writes succeeded on a full disk", writeOK.Load())
	}
	t.Logf("%d reads (%d failed), %d writes (all failed)", reads.Load(), readErrs.Load(), writes.Load())
	fs.SetFailing(0)
	if got := mustCall(t, e, "counter", "c", "get", ""); got["value"] != 1.0 {
		t.Fatalf("counter after the full disk: %v, want 1", got)
	}
}
