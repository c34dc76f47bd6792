package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// Lifecycle tests of JavaScript objects: new versions while objects are resident or
// mid-call, eviction, restarts, alarms across both, backups, calls between objects and
// the bounds on resident objects. Each test says what a user would expect; the ones
// that pass guard behaviour that held up.

// jsLifeVersioned is a class whose answers name its version; %s is the version and
// %s the constructor's extra statement.
const jsLifeVersioned = `
const VERSION = %q;
class V extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS c(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    %s
  }
  async add(by) {
    const n = this.ctx.storage.sql.exec("INSERT INTO c VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET n = n + excluded.n RETURNING n", by ?? 1).one().n;
    return { version: VERSION, n };
  }
  // Waits on testkit/blocker (which the test holds) before it adds.
  async addAfterBlocker(by) {
    await this.env.KIT.getByName("blocker").noop();
    return this.add(by);
  }
}
return { V };`

const jsLifeKitManifest = `{"name":"life","bindings":{"KIT":{"class":"testkit"}},"vars":{}}`

func jsLifeV(version, ctorExtra string) []byte {
	return jsBundle(jsLifeKitManifest, fmt.Sprintf(jsLifeVersioned, version, ctorExtra))
}

type jsLifeAdd struct {
	Version string
	N       int
}

func jsLifeCallAdd(t *testing.T, e *Engine, class, name string) (jsLifeAdd, error) {
	t.Helper()
	out, err := e.Call(context.Background(), class, name, "add", nil)
	if err != nil {
		return jsLifeAdd{}, err
	}
	var r jsLifeAdd
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("add: %q: %v", out, err)
	}
	return r, nil
}

// jsLifeBlock holds the object class/name under its input gate until the returned
// function is called; calls to it queue meanwhile.
func jsLifeBlock(t *testing.T, e *Engine, class, name string) (release func()) {
	t.Helper()
	held, free := make(chan struct{}), make(chan struct{})
	go e.Run(context.Background(), class, name, func(tx *Tx) ([]byte, error) {
		close(held)
		<-free
		return nil, nil
	})
	<-held
	var once sync.Once
	release = func() { once.Do(func() { close(free) }) }
	t.Cleanup(release)
	return release
}

// jsLifeQueued waits until n calls queue at class/name.
func jsLifeQueued(t *testing.T, e *Engine, class, name string, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		e.mu.Lock()
		o := e.objects[class+"\x00"+name]
		e.mu.Unlock()
		if o != nil {
			o.mu.Lock()
			q := len(o.queue)
			o.mu.Unlock()
			if q >= n {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no call queued at %s/%s", class, name)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A new version deployed while an object is resident and mid-call: the call finishes
// on the version it started with, new objects get the new version at once, and the
// resident object switches to it, with its data, at its next call, without an eviction
// (README, "A new version of a class serves new objects at once and resident objects
// from their next call").
func TestJSLifeVersionPickupAtNextCall(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	v1 := deployJS(t, e, "V", jsLifeV("v1", ""))
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v1", 1}) {
		t.Fatalf("first add: %+v %v", r, err)
	}
	release := jsLifeBlock(t, e, "testkit", "blocker")
	inflight := make(chan string, 1)
	go func() {
		out, err := e.Call(context.Background(), "V", "a", "addAfterBlocker", nil)
		inflight <- fmt.Sprint(string(out), err)
	}()
	jsLifeQueued(t, e, "testkit", "blocker", 1) // V/a is mid-call

	deployed := make(chan error, 1)
	var v2 ClassInfo
	go func() {
		var err error
		v2, err = e.Deploy(context.Background(), "V", jsLifeV("v2", ""))
		deployed <- err
	}()
	select {
	case err := <-deployed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Deploy waits for a call in flight")
	}
	if r, err := jsLifeCallAdd(t, e, "V", "b"); err != nil || r != (jsLifeAdd{"v2", 1}) {
		t.Fatalf("a new object after the deploy: %+v %v, want v2", r, err)
	}
	if info, _ := e.Describe("V", "a"); !info.Resident || info.Version != v1.Version {
		t.Fatalf("describe mid-call: %+v, want resident on %s", info, v1.Version)
	}
	release()
	if got := <-inflight; got != `{"version":"v1","n":2}<nil>` {
		t.Fatalf("the call in flight during the deploy: %s, want it finished on v1", got)
	}
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v2", 3}) {
		t.Fatalf("resident object's next call after the deploy: %+v %v, want v2 with the data (n=3)", r, err)
	}
	if info, _ := e.Describe("V", "a"); !info.Resident || info.Version != v2.Version {
		t.Fatalf("describe after the next call: %+v, want resident on %s", info, v2.Version)
	}
}

// A version whose constructor throws, then a rollback to the version before it. The
// broken version's objects fail clearly and lose nothing; once the old version is
// deployed again, an object that tried the broken one must run the old one: the
// rollback is how an operator stops the failures. A wasm plugin whose init fails is
// discarded, so its next call activates the current version; a JavaScript object keeps
// the instance whose constructor threw, so a busy object (one called more often than
// the idle eviction) keeps failing on the broken version after the rollback.
func TestJSLifeRollbackReachesObjectsOfABrokenVersion(t *testing.T) {
	e := newEngine(t, Options{IdleEvict: -1})
	old := jsLifeV("v1", "")
	deployJS(t, e, "V", old)
	if _, err := jsLifeCallAdd(t, e, "V", "a"); err != nil {
		t.Fatal(err)
	}
	deployJS(t, e, "V", jsLifeV("v2", `throw new Error("v2 constructor is broken");`))
	e.evictIdle(time.Now().Add(time.Hour))
	_, err := jsLifeCallAdd(t, e, "V", "a")
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeInternal || !strings.Contains(err.Error(), "v2 constructor is broken") {
		t.Fatalf("call on the broken version: %v, want internal naming the constructor's error", err)
	}
	info := deployJS(t, e, "V", old) // the rollback
	if info.Version != Version(old) || len(info.Versions) != 2 {
		t.Fatalf("class after the rollback: %+v", info)
	}
	// A fresh object runs v1 at once.
	if r, err := jsLifeCallAdd(t, e, "V", "fresh"); err != nil || r.Version != "v1" {
		t.Fatalf("new object after the rollback: %+v %v", r, err)
	}
	r, err := jsLifeCallAdd(t, e, "V", "a")
	if err != nil || r != (jsLifeAdd{"v1", 2}) {
		t.Fatalf("object that met the broken version, after the rollback: %+v %v, want v1 with n=2", r, err)
	}
}

const jsLifeAlarm = `
class Alarmed extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log(what TEXT)");
  }
  async put(v) { this.ctx.storage.sql.exec("INSERT INTO log VALUES (?)", "put " + v); }
  async schedule(at) { await this.ctx.storage.setAlarm(at); }
  async alarmAt() { return await this.ctx.storage.getAlarm(); }
  async log() { return this.ctx.storage.sql.exec("SELECT what FROM log").toArray().map((r) => r.what); }
  %s
}
return { Alarmed };`

func jsLifeAlarmed(handler string) []byte { return jsBundle("", fmt.Sprintf(jsLifeAlarm, handler)) }

const jsLifeAlarmHandler = `async alarm(info) { this.ctx.storage.sql.exec("INSERT INTO log VALUES (?)", "alarm retry=" + info.retryCount); }`

// jsLifeWaitAlarm waits until the alarm index no longer holds the object's alarm.
func jsLifeWaitAlarm(t *testing.T, e *Engine, class, name string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		info, err := e.Describe(class, name)
		if err != nil {
			t.Fatal(err)
		}
		if info.AlarmMs == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("alarm of %s/%s still pending at %d", class, name, info.AlarmMs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// An engine restarted on the same data directory serves its JavaScript classes again
// (reloaded from disk, the snapshot rebuilt): objects answer with their data, and an
// alarm a JavaScript object set before the restart fires after it without any call.
func TestJSLifeRestartReloadsClassesAndFiresAlarms(t *testing.T) {
	dir := t.TempDir()
	opts := Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Durability: storage.DurabilityRelaxed}
	e, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	v := deployJS(t, e, "V", jsLifeV("v1", ""))
	deployJS(t, e, "Alarmed", jsLifeAlarmed(jsLifeAlarmHandler))
	if _, err := jsLifeCallAdd(t, e, "V", "a"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := e.Call(ctx, "Alarmed", "x", "put", []byte(`"before"`)); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(2 * time.Second).UnixMilli()
	if _, err := e.Call(ctx, "Alarmed", "x", "schedule", []byte(fmt.Sprint(at))); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}

	e, err = New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(ctx)
	if ci, err := e.Class("V"); err != nil || ci.Version != v.Version {
		t.Fatalf("class after restart: %+v %v", ci, err)
	}
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v1", 2}) {
		t.Fatalf("object after restart: %+v %v", r, err)
	}
	jsLifeWaitAlarm(t, e, "Alarmed", "x")
	out, err := e.Call(ctx, "Alarmed", "x", "log", nil)
	if err != nil || string(out) != `["put before","alarm retry=0"]` {
		t.Fatalf("log after the alarm: %s %v", out, err)
	}
}

const jsLifeCalls = `
class Hop extends DurableObject {
  // Calls Hop/(name+1) until n is 0; returns the depth reached.
  async chain(n) {
    if (n === 0) return 0;
    const next = String(Number(this.ctx.id.name) + 1);
    return 1 + await this.env.HOP.getByName(next).chain(n - 1);
  }
  // Calls the object named other, which calls back this one.
  async ping(other) { return await this.env.HOP.getByName(other).pong(this.ctx.id.name); }
  async pong(back) { return await this.env.HOP.getByName(back).hello(); }
  async hello() { return "hello from " + this.ctx.id.name; }
  async self() { return await this.env.HOP.getByName(this.ctx.id.name).hello(); }
}
return { Hop };`

const jsLifeCallsManifest = `{"name":"calls","bindings":{"HOP":{"class":"Hop"}},"vars":{}}`

// A→B→A between JavaScript objects fails at once with code cycle (ErrCycle), not a
// deadlock, and so does a call of an object to itself; the objects answer afterwards.
// Nesting is bounded at 16.
func TestJSLifeCyclesAndNesting(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 20 * time.Second})
	deployJS(t, e, "Hop", jsBundle(jsLifeCallsManifest, jsLifeCalls))
	ctx := context.Background()
	_, err := e.Call(ctx, "Hop", "a", "ping", []byte(`"b"`)) // a deadlock would hang here
	wantCode(t, err, abi.CodeCycle)
	_, err = e.Call(ctx, "Hop", "a", "self", nil)
	wantCode(t, err, abi.CodeCycle)
	if out, err := e.Call(ctx, "Hop", "a", "hello", nil); err != nil || string(out) != `"hello from a"` {
		t.Fatalf("after the cycles: %s %v", out, err)
	}
	// Calls nest up to 16 deep; the 17th fails with code cycle naming the limit, and
	// the whole chain answers with it, not with a trap or a hang.
	if out, err := e.Call(ctx, "Hop", "100", "chain", []byte("16")); err != nil || string(out) != "16" {
		t.Fatalf("16 nested calls: %s %v", out, err)
	}
	_, err = e.Call(ctx, "Hop", "200", "chain", []byte("17"))
	wantCode(t, err, abi.CodeCycle)
	if !strings.Contains(err.Error(), "deeper than 16") {
		t.Fatalf("17 nested calls: %v", err)
	}
	_, err = e.Call(ctx, "Hop", "300", "chain", []byte("40"))
	wantCode(t, err, abi.CodeCycle)
}

// A JavaScript object's data in a backup bucket: a point-in-time restore through the
// bookmark API brings back the earlier state (and its undo the later one), and after
// the whole data directory is lost an engine started from the bucket gets the class
// back (bundle and current version), rebuilds its snapshot, and the object answers
// with its data; its pending alarm fires.
func TestJSLifeBackupRestore(t *testing.T) {
	srv := testbucket.Start(t)
	bucket := backup.NewS3(srv.Client(), srv.Bucket, "jslife")
	dir := t.TempDir()
	ctx := context.Background()
	e, st := startDurable(t, bucket, dir, "")
	deployJS(t, e, "V", jsLifeV("v1", ""))
	v2 := deployJS(t, e, "V", jsLifeV("v2", ""))
	deployJS(t, e, "Alarmed", jsLifeAlarmed(jsLifeAlarmHandler))
	for range 2 {
		if _, err := jsLifeCallAdd(t, e, "V", "a"); err != nil {
			t.Fatal(err)
		}
	}
	mark, err := e.Bookmark(ctx, "V", "a")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsLifeCallAdd(t, e, "V", "a"); err != nil { // n=3
		t.Fatal(err)
	}
	undo, err := e.RestoreBookmark(ctx, "V", "a", mark)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v2", 3}) {
		t.Fatalf("after restoring to n=2: %+v %v, want n=3 (2 restored, plus this add)", r, err)
	}
	if _, err := e.RestoreBookmark(ctx, "V", "a", undo); err != nil {
		t.Fatal(err)
	}
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v2", 4}) {
		t.Fatalf("after undoing the restore: %+v %v, want n=4", r, err)
	}
	if _, err := e.Call(ctx, "Alarmed", "x", "put", []byte(`"before the loss"`)); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(2 * time.Second).UnixMilli()
	if _, err := e.Call(ctx, "Alarmed", "x", "schedule", []byte(fmt.Sprint(at))); err != nil {
		t.Fatal(err)
	}
	e.Close(ctx)
	st.Close(ctx)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}

	e, st = startDurable(t, bucket, dir, "")
	defer func() {
		e.Close(ctx)
		st.Close(ctx)
	}()
	ci, err := e.Class("V")
	if err != nil || ci.Version != v2.Version || len(ci.Versions) != 2 {
		t.Fatalf("class after the data directory was lost: %+v %v", ci, err)
	}
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v2", 5}) {
		t.Fatalf("object after the data directory was lost: %+v %v, want v2 with n=5", r, err)
	}
	jsLifeWaitAlarm(t, e, "Alarmed", "x")
	out, err := e.Call(ctx, "Alarmed", "x", "log", nil)
	if err != nil || string(out) != `["put before the loss","alarm retry=0"]` {
		t.Fatalf("alarm object after the loss: %s %v", out, err)
	}
}

// ABI.md section 11: "Every function on the prototype chain of the class below
// DurableObject, other than the constructor, fetch, alarm, the webSocket* handlers and
// names starting with _, is a method". A JavaScript class with a method named init (a
// common name: "call init once with the config") lists no such method, and calls of
// it are refused as not found: the wasm lifecycle names leak into JavaScript.
func TestJSLifeMethodNamedInit(t *testing.T) {
	e := newEngine(t, Options{})
	info := deployJS(t, e, "Setup", jsBundle("", `
class Setup extends DurableObject {
  async init(cfg) { this.ctx.storage.kv.put("cfg", cfg); return "configured"; }
  async cfg() { return this.ctx.storage.kv.get("cfg") ?? null; }
}
return { Setup };`))
	if strings.Join(info.Methods, ",") != "cfg,init" {
		t.Errorf("methods %v, want cfg,init", info.Methods)
	}
	out, err := e.Call(context.Background(), "Setup", "s", "init", []byte(`{"a":1}`))
	if err != nil || string(out) != `"configured"` {
		t.Fatalf("calling init: %s %v", out, err)
	}
}

// A restart whose limits no longer fit one JavaScript class (here a lower memory limit
// than its bundle's top level needs) must not keep the engine from starting: the other
// classes serve their objects, and the class that cannot load fails its calls clearly.
// Today New fails ("load class Big: ..."), so every class is down.
func TestJSLifeRestartWithAClassThatNoLongerLoads(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	opts := Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Durability: storage.DurabilityRelaxed,
		MemoryLimitBytes: 128 << 20}
	e, err := New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	deployJS(t, e, "V", jsLifeV("v1", ""))
	deployJS(t, e, "Big", jsBundle("", `
const table = new Array(3 << 20).fill(0).map((_, i) => i); // about 40 MiB at the top level
class Big extends DurableObject { async size() { return table.length; } }
return { Big };`))
	if _, err := jsLifeCallAdd(t, e, "V", "a"); err != nil {
		t.Fatal(err)
	}
	e.Close(ctx)

	opts.MemoryLimitBytes = 32 << 20
	e, err = New(ctx, opts)
	if err != nil {
		t.Fatalf("engine with one class that no longer loads: %v", err)
	}
	defer e.Close(ctx)
	if r, err := jsLifeCallAdd(t, e, "V", "a"); err != nil || r != (jsLifeAdd{"v1", 2}) {
		t.Fatalf("another class: %+v %v", r, err)
	}
	if _, err := e.Call(ctx, "Big", "b", "size", nil); err == nil {
		t.Fatal("the class that cannot load answered")
	}
}

// TestStartCancelledWhileEvaluatingBundlesSaysInterrupted: a start whose context is
// cancelled (SIGTERM while sobjects run loads its classes) while a JavaScript bundle is
// evaluated fails saying it was interrupted, not that the bundle ran out of time or is
// invalid; the class is not marked as failed, and the next start serves it. A deploy
// with a cancelled context says the same and spoils nothing for the next one.
func TestStartCancelledWhileEvaluatingBundlesSaysInterrupted(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t, Options{DataDir: dir})
	deployJS(t, e, "JSCounter", jsBundle("", jsCounter))
	if _, err := e.Call(context.Background(), "JSCounter", "a", "increment", []byte(`{"by":5}`)); err != nil {
		t.Fatal(err)
	}
	e.Close(context.Background())

	signal := errors.New("terminated signal received")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signal)
	check := func(what string, err error) {
		t.Helper()
		if err == nil || !errors.Is(err, context.Canceled) || !errors.Is(err, signal) || errors.Is(err, ErrInvalidPlugin) ||
			!strings.Contains(err.Error(), "interrupted") || strings.Contains(err.Error(), "did not finish within") {
			t.Fatalf("%s with a cancelled context: %v, want an error that says it was interrupted by the signal", what, err)
		}
	}
	e2, err := New(ctx, Options{DataDir: dir, CompilationCacheDir: testCompilationCache, Durability: storage.DurabilityRelaxed})
	if err == nil {
		e2.Close(context.Background())
	}
	check("start", err)

	fresh := newEngine(t, Options{})
	_, err = fresh.Deploy(ctx, "JSCounter", jsBundle("", jsCounter))
	check("deploy", err)
	deployJS(t, fresh, "JSCounter", jsBundle("", jsCounter))

	e3 := newEngine(t, Options{DataDir: dir})
	if out, err := e3.Call(context.Background(), "JSCounter", "a", "increment", []byte(`{"by":1}`)); err != nil || !strings.Contains(string(out), `"value":6`) {
		t.Fatalf("after the interrupted start: %s %v, want the class to serve the object's data (value 6)", out, err)
	}
}

// Cloudflare's own counter example: the constructor loads state inside
// blockConcurrencyWhile, which guarantees no call is delivered before it finishes, so
// three increments answer 1, 2, 3. (The first call once ran before the callback resumed,
// saw undefined, and lost counts.)
func TestJSBlockConcurrencyWhileInConstructorHoldsTheFirstCall(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "BCW", jsBundle("", `
class BCW extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => { this.value = (await ctx.storage.get("value")) ?? 0; });
  }
  async increment() { this.value++; await this.ctx.storage.put("value", this.value); return this.value; }
}
return { BCW };`))
	var got []string
	for range 3 {
		got = append(got, jsMust(t, e, "BCW", "c", "increment", ""))
	}
	if strings.Join(got, ",") != "1,2,3" {
		t.Fatalf("three increments answered %v, want 1,2,3 (blockConcurrencyWhile in the constructor did not block the first call)", got)
	}
}

// Cloudflare's documented use of blockConcurrencyWhile in the constructor is to load
// state or migrate a schema. When the callback fails, the object is reset and the writes
// it made before failing do not stay: the retry does not see them (a counter does not
// count the failed run, a migration does not run twice). (They were once committed with
// the constructor, init.)
func TestJSFailedConstructorBlockerWritesRollBack(t *testing.T) {
	e := newEngine(t, Options{})
	deployJS(t, e, "Init", jsBundle("", `
let failedOnce = false;
class Init extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.kv.put("inits", (ctx.storage.kv.get("inits") ?? 0) + 1);
      await null;
      if (!failedOnce) { failedOnce = true; throw new Error("the first initialization fails"); }
    });
  }
  async inits() { return this.ctx.storage.kv.get("inits"); }
}
return { Init };`))
	if _, err := jsCall(t, e, "Init", "i", "inits", ""); err == nil || !strings.Contains(err.Error(), "first initialization fails") {
		t.Fatalf("first call: %v, want the initialization's error", err)
	}
	if out := jsMust(t, e, "Init", "i", "inits", ""); out != "1" {
		t.Fatalf("after one failed and one successful initialization the counter is %s, want 1 (the failed one's write kept)", out)
	}
}
