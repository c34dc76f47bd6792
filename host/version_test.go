package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/plugins"
)

// Tests of a new class version reaching resident objects: a busy object (never idle
// long enough to be evicted) switches to the current version at its next call.

// withCustomSection returns wasm with a custom section named "sobjects-test" appended,
// holding data: a module that behaves the same but is another version (its bytes hash
// differently).
func withCustomSection(wasm []byte, data string) []byte {
	const name = "sobjects-test"
	if len(data) > 100 {
		panic("data too long for a one-byte size")
	}
	out := append([]byte(nil), wasm...)
	out = append(out, 0, byte(1+len(name)+len(data)), byte(len(name)))
	return append(append(out, name...), data...)
}

func pluginWasm(t *testing.T, name string) []byte {
	t.Helper()
	wasm, err := plugins.Wasm(name)
	if err != nil {
		t.Fatal(err)
	}
	return wasm
}

func mustDeploy(t *testing.T, e *Engine, class string, wasm []byte) ClassInfo {
	t.Helper()
	info, err := e.Deploy(context.Background(), class, wasm)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// residentObject returns the engine's entry of class/name; nil when there is none
// (never called, or evicted).
func residentObject(e *Engine, class, name string) *object {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.objects[class+"\x00"+name]
}

// A resident object switches to a version deployed meanwhile at its next call, without
// an eviction, its data kept, and to an earlier version deployed again (a rollback).
func TestResidentObjectSwitchesVersionAtNextCall(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	testkit, counter := pluginWasm(t, "testkit"), pluginWasm(t, "counter")
	v1 := mustDeploy(t, e, "x", testkit)
	mustCall(t, e, "x", "a", "sql", `{"sql":"CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('1')"}`)
	o := residentObject(e, "x", "a")

	v2 := mustDeploy(t, e, "x", counter)
	if info, _ := e.Describe("x", "a"); !info.Resident || info.Version != v1.Version {
		t.Fatalf("describe after the deploy, before a call: %+v, want resident on %s", info, v1.Version)
	}
	if got := mustCall(t, e, "x", "a", "increment", `{"by":5}`)["value"]; got != 5.0 {
		t.Fatalf("increment on the new version: %v", got)
	}
	if info, _ := e.Describe("x", "a"); !info.Resident || info.Version != v2.Version {
		t.Fatalf("describe after the next call: %+v, want resident on %s", info, v2.Version)
	}

	mustDeploy(t, e, "x", testkit) // the rollback
	if got := mustCall(t, e, "x", "a", "count_t", ``)["n"]; got != 1.0 {
		t.Fatalf("rows of t after the rollback: %v, want the one written on the first version", got)
	}
	if info, _ := e.Describe("x", "a"); !info.Resident || info.Version != v1.Version {
		t.Fatalf("describe after the rollback: %+v, want resident on %s", info, v1.Version)
	}
	if residentObject(e, "x", "a") != o {
		t.Fatal("the object was evicted; it should have switched in place")
	}
}

// The new instance runs init again: testkit's init fails once set_init_fail has stored
// its flag, so a call that succeeds on the old instance fails on the new one, naming
// init, and the flag (stored state) is what makes it fail.
func TestNewVersionRunsInitAgain(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	testkit := pluginWasm(t, "testkit")
	mustDeploy(t, e, "y", testkit)
	mustCall(t, e, "y", "a", "set_init_fail", ``)
	mustCall(t, e, "y", "a", "noop", ``) // init ran before set_init_fail, not again
	mustDeploy(t, e, "y", withCustomSection(testkit, "v2"))
	_, err := callJSON(t, e, "y", "a", "noop", ``)
	if err == nil || !strings.Contains(err.Error(), "init fails: set_init_fail was called") {
		t.Fatalf("first call after the deploy: %v, want init to run again and fail", err)
	}
}

// jsVersionAlarm is a JavaScript class whose constructor and alarm handler log the
// version (%q): the alarm re-arms itself, so the object is never idle.
const jsVersionAlarm = `
const VERSION = %q;
class A extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log(what TEXT)");
    ctx.storage.sql.exec("INSERT INTO log VALUES (?)", "init " + VERSION);
  }
  async start() { await this.ctx.storage.setAlarm(Date.now()); }
  async stop() { await this.ctx.storage.deleteAlarm(); }
  async log() { return this.ctx.storage.sql.exec("SELECT what FROM log").toArray().map((r) => r.what); }
  async alarm() {
    this.ctx.storage.sql.exec("INSERT INTO log VALUES (?)", "alarm " + VERSION);
    await this.ctx.storage.setAlarm(Date.now() + 10);
  }
}
return { A };`

// An object kept busy by an alarm that fires again and again (the case: it ran
// the old version for as long as it was watched) switches at its next alarm: init
// runs again, and the log written on the old version is kept.
func TestBusyAlarmObjectSwitchesVersion(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	deployJS(t, e, "A", jsBundle("", fmt.Sprintf(jsVersionAlarm, "v1")))
	ctx := context.Background()
	if _, err := e.Call(ctx, "A", "a", "start", nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Call(ctx, "A", "a", "stop", nil) })
	o := residentObject(e, "A", "a")
	readLog := func() []string {
		out, err := e.Call(ctx, "A", "a", "log", nil)
		if err != nil {
			t.Fatal(err)
		}
		var log []string
		if err := json.Unmarshal(out, &log); err != nil {
			t.Fatal(err)
		}
		return log
	}
	waitFor := func(what string) []string {
		deadline := time.Now().Add(30 * time.Second)
		for {
			log := readLog()
			for _, l := range log {
				if l == what {
					return log
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %q in the log of %d entries, which ends %v", what, len(log), log[max(0, len(log)-3):])
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("alarm v1")
	v2 := deployJS(t, e, "A", jsBundle("", fmt.Sprintf(jsVersionAlarm, "v2")))
	log := waitFor("alarm v2")
	if log[0] != "init v1" || !contains(log, "init v2") {
		t.Fatalf("log %v: want v1's entries kept and init run again on v2", log)
	}
	if info, _ := e.Describe("A", "a"); info.Version != v2.Version {
		t.Fatalf("describe: %+v, want %s", info, v2.Version)
	}
	if residentObject(e, "A", "a") != o {
		t.Fatal("the object was evicted; it should have switched in place")
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// A call for a method the object's version lacks names that version. Here the method
// exists in the version current when the call was accepted, and the class is rolled
// back to one without it while the call waits at the input gate: it runs on the
// rolled-back version and says so.
func TestMethodOfAnotherVersionNamesTheVersion(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	testkit, counter := pluginWasm(t, "testkit"), pluginWasm(t, "counter")
	v1 := mustDeploy(t, e, "x", testkit)
	mustCall(t, e, "x", "a", "noop", ``)
	mustDeploy(t, e, "x", counter)
	release := jsLifeBlock(t, e, "x", "a")
	failed := make(chan error, 1)
	go func() {
		_, err := e.Call(context.Background(), "x", "a", "increment", nil)
		failed <- err
	}()
	jsLifeQueued(t, e, "x", "a", 1)
	mustDeploy(t, e, "x", testkit) // the rollback, while increment waits
	release()
	err := <-failed
	if !errors.Is(err, ErrMethodNotFound) || !strings.Contains(err.Error(), `version `+v1.Version+` has no method "increment"`) {
		t.Fatalf("increment after the rollback: %v, want ErrMethodNotFound naming version %s", err, v1.Version)
	}
	// A call refused before it queues names the current version too.
	_, err = e.Call(context.Background(), "x", "b", "increment", nil)
	if !errors.Is(err, ErrMethodNotFound) || !strings.Contains(err.Error(), v1.Version) {
		t.Fatalf("increment on a new object: %v, want ErrMethodNotFound naming version %s", err, v1.Version)
	}
}

// A leaf of a splittable class is an object too: it switches at its next keyed call.
func TestLeafSwitchesVersionAtNextCall(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	ledger := pluginWasm(t, "ledger")
	mustDeploy(t, e, "L", ledger)
	ctx := context.Background()
	if _, _, err := e.CallKeyed(ctx, "L", "l", "", "put", []string{"k"}, []byte(`{"keys":["k"],"payloads":[7]}`)); err != nil {
		t.Fatal(err)
	}
	v2 := mustDeploy(t, e, "L", withCustomSection(ledger, "v2"))
	out, _, err := e.CallKeyed(ctx, "L", "l", "", "get", []string{"k"}, []byte(`{"keys":["k"]}`))
	if err != nil || !strings.Contains(string(out), "7") {
		t.Fatalf("get after the deploy: %s %v, want the value written before", out, err)
	}
	if info, _ := e.Describe("L", "l"); !info.Resident || info.Version != v2.Version {
		t.Fatalf("leaf after its next call: %+v, want resident on %s", info, v2.Version)
	}
}

// An Extism object switches too, and the old version's code is released with its
// last instance.
func TestExtismObjectSwitchesVersionAtNextCall(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	wasm, err := os.ReadFile("../plugins/extism-go/extism-go.wasm")
	if err != nil {
		t.Fatal(err)
	}
	mustDeploy(t, e, "extism-go", wasm)
	ctx := context.Background()
	if _, err := e.Call(ctx, "extism-go", "a", "increment", nil); err != nil {
		t.Fatal(err)
	}
	old, _ := e.reg.current("extism-go")
	v2 := mustDeploy(t, e, "extism-go", withCustomSection(wasm, "v2"))
	out, err := e.Call(ctx, "extism-go", "a", "increment", nil)
	if err != nil || !strings.Contains(string(out), "2") {
		t.Fatalf("increment after the deploy: %q %v, want 2", out, err)
	}
	if info, _ := e.Describe("extism-go", "a"); info.Version != v2.Version {
		t.Fatalf("describe: %+v, want %s", info, v2.Version)
	}
	if n := old.users.Load(); n != 0 {
		t.Fatalf("old version has %d users after the switch, want 0", n)
	}
}
