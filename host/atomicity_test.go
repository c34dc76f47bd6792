package host

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/faultfs"
)

// jsFiller writes keys, and fills the disk in a try, catching the error and writing on
// as a careless script would, with and without a transaction of its own.
const jsFiller = `
class Filler extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS big(b BLOB)");
  }
  put({ k }) { this.ctx.storage.kv.put(k, 1); return { ok: true }; }
  fill({ k, txn }) {
    const s = this.ctx.storage;
    const body = () => {
      s.kv.put(k + ":before", 1);
      try {
        for (let i = 0; i < 400; i++) s.sql.exec("INSERT INTO big VALUES (randomblob(65536))");
      } catch (e) {}
      try { s.kv.put(k + ":after", 1); } catch (e) {}
      try { s.sql.exec("INSERT INTO big VALUES (x'00')"); } catch (e) {}
    };
    if (txn) { try { s.transactionSync(body); } catch (e) {} } else body();
    try { s.kv.put(k + ":end", 1); } catch (e) {}
    return { ok: true };
  }
  forever() { this.ctx.storage.sql.exec("` + heavySQL + `"); }
  blob({ n }) { this.ctx.storage.sql.exec("INSERT INTO big VALUES (randomblob(?))", n); return { ok: true }; }
  keys() { return [...this.ctx.storage.kv.list()].map(([k]) => k); }
}
return { Filler };`

// heavySQL runs until its call's time limit interrupts it.
const heavySQL = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) INSERT INTO big SELECT randomblob(16) FROM n`

// batched runs calls in one commit batch of one object, in order: a host call holds
// the object's input gate until all of them are queued behind it.
func batched(t *testing.T, e *Engine, class, name string, calls ...func() error) []error {
	t.Helper()
	release := make(chan struct{})
	held := make(chan struct{})
	go e.Run(context.Background(), class, name, func(*Tx) ([]byte, error) {
		close(held)
		<-release
		return nil, nil
	})
	<-held
	o := e.object(class, name)
	errs := make([]error, len(calls))
	done := make(chan int)
	for i, call := range calls {
		go func() {
			errs[i] = call()
			done <- i
		}()
		for deadline := time.Now().Add(10 * time.Second); ; {
			o.mu.Lock()
			n := len(o.queue)
			o.mu.Unlock()
			if n == i+1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("call %d did not queue", i)
			}
			time.Sleep(time.Millisecond)
		}
	}
	close(release)
	for range calls {
		<-done
	}
	return errs
}

// kvKeys lists an object's KV keys through the JavaScript class's keys method.
func kvKeys(t *testing.T, e *Engine, class, name string) []string {
	t.Helper()
	out, err := e.Call(context.Background(), class, name, "keys", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Trim(string(out), "[]")
	if s == "" {
		return nil
	}
	keys := strings.Split(strings.ReplaceAll(s, `"`, ""), ",")
	slices.Sort(keys)
	return keys
}

// TestDiskFullInACallCommitsNoneOfItsWrites fills a small disk inside a JavaScript
// call that catches the error and writes on, between two calls of its commit batch.
// SQLite rolls the batch's transaction back by itself; the filling call fails with a
// full disk and none of its writes survive, also those after the error, while the
// calls before and after it in the batch commit, also across a restart.
func TestDiskFullInACallCommitsNoneOfItsWrites(t *testing.T) {
	for _, txn := range []bool{false, true} {
		t.Run(fmt.Sprintf("txn=%v", txn), func(t *testing.T) {
			fs := faultfs.NewOnDemand()
			t.Cleanup(fs.Unregister)
			opts := Options{VFS: fs.Register(), DataDir: t.TempDir(), IdleEvict: -1}
			e := newEngine(t, opts)
			deployJS(t, e, "Filler", jsBundle("", jsFiller))
			put := func(k string) func() error {
				return func() error {
					_, err := e.Call(context.Background(), "Filler", "f", "put", []byte(`{"k":"`+k+`"}`))
					return err
				}
			}
			if err := put("first")(); err != nil {
				t.Fatal(err)
			}
			fs.SetCapacity(fs.Used() + 1<<20) // room for small writes, not for 25 MiB
			errs := batched(t, e, "Filler", "f",
				put("a"),
				func() error {
					_, err := e.Call(context.Background(), "Filler", "f", "fill", fmt.Appendf(nil, `{"k":"fill","txn":%v}`, txn))
					return err
				},
				put("c"))
			if errs[0] != nil || errs[2] != nil {
				t.Fatalf("the calls beside the one that filled the disk: %v, %v; want both to succeed", errs[0], errs[2])
			}
			if !errors.Is(errs[1], storage.ErrNoSpace) {
				t.Fatalf("the call that filled the disk: %v, want ErrNoSpace", errs[1])
			}
			want := []string{"a", "c", "first"}
			if got := kvKeys(t, e, "Filler", "f"); !slices.Equal(got, want) {
				t.Fatalf("keys after the batch: %q, want %q", got, want)
			}
			e.Close(context.Background())
			fs.SetCapacity(-1)
			e = newEngine(t, opts)
			if got := kvKeys(t, e, "Filler", "f"); !slices.Equal(got, want) {
				t.Fatalf("keys after a restart: %q, want %q", got, want)
			}
		})
	}
}

// TestTimeoutFailsOnlyTheCallThatRanOut runs a call that SQL keeps busy past its time
// limit between cheap writes of the same commit batch, in JavaScript and in a Rust
// plugin: the interrupt makes SQLite roll the batch back, and only the call that ran
// out of time fails; the others commit.
func TestTimeoutFailsOnlyTheCallThatRanOut(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 300 * time.Millisecond})
	deployJS(t, e, "Filler", jsBundle("", jsFiller))
	call := func(class, method, input string) func() error {
		return func() error {
			_, err := e.Call(context.Background(), class, "o", method, []byte(input))
			return err
		}
	}
	tests := []struct {
		class string
		cheap func(i int) func() error
		heavy func() error
	}{
		{"Filler", func(i int) func() error { return call("Filler", "put", fmt.Sprintf(`{"k":"k%d"}`, i)) },
			call("Filler", "forever", "")},
		{"testkit", func(i int) func() error {
			return call("testkit", "sql", fmt.Sprintf(`{"sql":"INSERT INTO t VALUES ('k%d')"}`, i))
		},
			call("testkit", "sql", `{"sql":"`+strings.ReplaceAll(heavySQL, "big", "t(v)")+`"}`)},
	}
	mustCall(t, e, "testkit", "o", "sql", `{"sql":"CREATE TABLE t(v TEXT)"}`)
	for _, tt := range tests {
		t.Run(tt.class, func(t *testing.T) {
			errs := batched(t, e, tt.class, "o", tt.cheap(1), tt.cheap(2), tt.heavy, tt.cheap(3), tt.cheap(4))
			for i, err := range errs {
				if i == 2 {
					if !errors.Is(err, context.DeadlineExceeded) {
						t.Fatalf("the call that ran out of time: %v, want its time limit", err)
					}
				} else if err != nil {
					t.Fatalf("cheap call %d of the batch: %v, want success", i, err)
				}
			}
			if tt.class == "Filler" {
				if got, want := kvKeys(t, e, "Filler", "o"), []string{"k1", "k2", "k3", "k4"}; !slices.Equal(got, want) {
					t.Fatalf("keys after the batch: %q, want %q", got, want)
				}
				return
			}
			got := mustCall(t, e, "testkit", "o", "sql", `{"sql":"SELECT group_concat(v, ',') AS v FROM (SELECT v FROM t ORDER BY v)"}`)
			if rows := fmt.Sprint(got["rows"]); rows != "[[k1,k2,k3,k4]]" {
				t.Fatalf("rows after the batch: %s, want k1 to k4", rows)
			}
		})
	}
}

// TestLostBatchFailsCallsThatCalledOutRetriably loses a commit batch (a call runs out
// of time in SQL) after a call that wrote through another object: running it again
// would call that object twice, so it fails with ErrRolledBack, and the write before
// it runs again and commits.
func TestLostBatchFailsCallsThatCalledOutRetriably(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 300 * time.Millisecond})
	mustCall(t, e, "testkit", "o", "sql", `{"sql":"CREATE TABLE t(v TEXT)"}`)
	sql := func(q string) func() error {
		return func() error {
			_, err := e.Call(context.Background(), "testkit", "o", "sql", []byte(`{"sql":"`+q+`"}`))
			return err
		}
	}
	callOut := func() error {
		_, err := e.Call(context.Background(), "testkit", "o", "call",
			[]byte(`{"class":"counter","name":"c","method":"increment","input":{"by":1}}`))
		return err
	}
	errs := batched(t, e, "testkit", "o", sql("INSERT INTO t VALUES ('w')"), callOut, sql(strings.ReplaceAll(heavySQL, "big", "t(v)")))
	if errs[0] != nil {
		t.Fatalf("the write before: %v, want success", errs[0])
	}
	if !errors.Is(errs[1], ErrRolledBack) {
		t.Fatalf("the call that called out: %v, want ErrRolledBack", errs[1])
	}
	if !errors.Is(errs[2], context.DeadlineExceeded) {
		t.Fatalf("the call that ran out of time: %v, want its time limit", errs[2])
	}
	got := mustCall(t, e, "testkit", "o", "sql", `{"sql":"SELECT group_concat(v) AS v FROM t"}`)
	if rows := fmt.Sprint(got["rows"]); rows != "[[w]]" {
		t.Fatalf("rows after the batch: %s, want the one write", rows)
	}
	// The callee's increment committed on its own: the caller was told to retry, not
	// that nothing happened anywhere.
	if got := mustCall(t, e, "counter", "c", "get", ``); got["value"] != 1.0 {
		t.Fatalf("callee after the batch: %v, want 1", got)
	}
}

// TestIOErrorFailsOnlyTheCallThatMetIt makes the disk fail a call's writes (an I/O
// error as the page cache spills) between writes and reads of the same commit batch:
// that call fails, SQLite's rollback of the batch takes none of the others' writes,
// and a read after a write answers what the batch committed.
func TestIOErrorFailsOnlyTheCallThatMetIt(t *testing.T) {
	fs := faultfs.NewOnDemand()
	t.Cleanup(fs.Unregister)
	e := newEngine(t, Options{VFS: fs.Register()})
	mustCall(t, e, "testkit", "o", "sql", `{"sql":"CREATE TABLE t(v TEXT)"}`)
	sql := func(q string) func() error {
		return func() error {
			_, err := e.Call(context.Background(), "testkit", "o", "sql", []byte(`{"sql":"`+q+`"}`))
			return err
		}
	}
	var read []byte
	errs := batched(t, e, "testkit", "o",
		sql("INSERT INTO t VALUES ('a')"),
		func() error {
			_, err := e.Run(context.Background(), "testkit", "o", func(tx *Tx) ([]byte, error) {
				fs.SetFailing(faultfs.FailIO)
				defer fs.SetFailing(0)
				return tx.Invoke("sql", []byte(`{"sql":"`+`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) INSERT INTO t(v) SELECT randomblob(16) FROM n`+`"}`))
			})
			return err
		},
		sql("INSERT INTO t VALUES ('c')"),
		func() (err error) {
			read, err = e.Call(context.Background(), "testkit", "o", "count_t", nil)
			return err
		})
	if errs[0] != nil || errs[2] != nil || errs[3] != nil {
		t.Fatalf("the calls beside the one that met the I/O error: %v", errs)
	}
	if errs[1] == nil {
		t.Fatal("the call that met the I/O error succeeded")
	}
	if string(read) != `{"n":2}` {
		t.Fatalf("the read after the writes answered %s, want {\"n\":2}", read)
	}
	got := mustCall(t, e, "testkit", "o", "sql", `{"sql":"SELECT group_concat(v) AS v FROM (SELECT v FROM t ORDER BY v)"}`)
	if rows := fmt.Sprint(got["rows"]); rows != "[[a,c]]" {
		t.Fatalf("rows after the batch: %s, want a and c", rows)
	}
}

// TestAlarmWhoseCommitFailsBacksOff delivers an alarm on a full disk: its handler runs
// but its batch cannot commit, so the delivery failed, and it is retried after the
// backoff of a failed handler (ABI.md section 6), not again and again at once; once the
// disk has room the retry delivers it.
func TestAlarmWhoseCommitFailsBacksOff(t *testing.T) {
	fs := faultfs.NewOnDemand()
	t.Cleanup(fs.Unregister)
	e := newEngine(t, Options{VFS: fs.Register()})
	at := time.Now().Add(50 * time.Millisecond).UnixMilli()
	mustCall(t, e, "testkit", "a", "alarm_set", fmt.Sprintf(`{"at_ms":%d}`, at))
	fs.SetFailing(faultfs.FailFull)
	id := ObjectID("testkit", "a")
	for deadline := time.Now().Add(20 * time.Second); ; {
		a, ok, err := e.alarms.index.Get(id)
		if err != nil || !ok {
			t.Fatalf("index entry %+v %v %v", a, ok, err)
		}
		if a.Retry >= 1 {
			if a.At < at+int64(abi.AlarmFirstRetrySecs*1000) {
				t.Fatalf("retry scheduled at %d, less than %d s after %d", a.At, abi.AlarmFirstRetrySecs, at)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no retry recorded after the delivery's commit failed: %+v", a)
		}
		time.Sleep(10 * time.Millisecond)
	}
	fs.SetFailing(0)
	for deadline := time.Now().Add(20 * time.Second); ; {
		if got := mustCall(t, e, "testkit", "a", "alarm_fires", ``); got["fires"] == 1.0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the retry did not deliver the alarm once the disk had room")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestCommitOnAFullDiskFailsOnlyWhatDoesNotFit: a call whose writes fit the page
// cache but not the disk shares its commit batch with small writes. The batch's
// commit finds the disk full; the calls that wrote run again each alone, so the small
// ones commit and only the big one fails, with a full disk.
func TestCommitOnAFullDiskFailsOnlyWhatDoesNotFit(t *testing.T) {
	fs := faultfs.NewOnDemand()
	t.Cleanup(fs.Unregister)
	e := newEngine(t, Options{VFS: fs.Register(), IdleEvict: -1})
	deployJS(t, e, "Filler", jsBundle("", jsFiller))
	call := func(method, input string) func() error {
		return func() error {
			_, err := e.Call(context.Background(), "Filler", "f", method, []byte(input))
			return err
		}
	}
	if err := call("put", `{"k":"first"}`)(); err != nil {
		t.Fatal(err)
	}
	fs.SetCapacity(fs.Used() + 256<<10)
	errs := batched(t, e, "Filler", "f", call("put", `{"k":"a"}`), call("blob", `{"n":1000000}`), call("put", `{"k":"c"}`))
	if errs[0] != nil || errs[2] != nil {
		t.Fatalf("the small writes of the batch: %v, %v; want both to succeed", errs[0], errs[2])
	}
	if !errors.Is(errs[1], storage.ErrNoSpace) {
		t.Fatalf("the write that does not fit: %v, want ErrNoSpace", errs[1])
	}
	if got, want := kvKeys(t, e, "Filler", "f"), []string{"a", "c", "first"}; !slices.Equal(got, want) {
		t.Fatalf("keys after the batch: %q, want %q", got, want)
	}
}
