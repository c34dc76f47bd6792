package host

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage/backup"
)

// namesOnOtherThreads returns n object names of class whose worker threads differ from
// that of the object avoid.
func namesOnOtherThreads(e *Engine, class, avoid string, n int) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		name := fmt.Sprint("o", i)
		if e.slotOf(ObjectID(class, name)) != e.slotOf(ObjectID(class, avoid)) {
			out = append(out, name)
		}
	}
	return out
}

// A call from outside to a calls b, which calls c, whose input gate is held: the tree
// answers with a time limit error at a's deadline, while c's gate is still held (before,
// b waited at c's gate for as long as c was busy, and a with it). The call that waited
// is never run later: c never creates its table.
func TestNestedCallWaitingAtAGateEndsAtTheOutermostDeadline(t *testing.T) {
	e := newEngine(t, Options{Threads: 4, CallTimeout: 300 * time.Millisecond})
	ctx := context.Background()
	names := namesOnOtherThreads(e, "testkit", "c", 2)
	a, b := names[0], names[1]

	held, release := make(chan struct{}), make(chan struct{})
	ran := make(chan error, 1)
	go func() {
		_, err := e.Run(ctx, "testkit", "c", func(*Tx) ([]byte, error) {
			close(held)
			<-release
			return nil, nil
		})
		ran <- err
	}()
	<-held
	released := false
	releaseGate := func() {
		if !released {
			released = true
			close(release)
			if err := <-ran; err != nil {
				t.Errorf("the call holding c's gate: %v", err)
			}
		}
	}
	defer releaseGate()

	inner := `{"class":"testkit","name":"c","method":"sql","input":{"sql":"CREATE TABLE t (v TEXT)"}}`
	outer := `{"class":"testkit","name":"` + b + `","method":"call","input":` + inner + `}`
	answered := make(chan error, 1)
	go func() {
		_, err := e.Call(ctx, "testkit", a, "call", []byte(outer))
		answered <- err
	}()
	var err error
	select {
	case err = <-answered:
	case <-time.After(time.Minute): // a liveness guard only: the deadline is 300 ms
		t.Fatal("the call tree did not answer while c's input gate was held: the nested call outlived the outermost deadline")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("call tree: %v, want a time limit error", err)
	}
	var ce *CallError
	if !errors.As(err, &ce) || ce.Name != a {
		t.Fatalf("call tree: %v, want the error of the call to %s", err, a)
	}
	releaseGate()
	if _, err := callJSON(t, e, "testkit", "c", "sql", `{"sql":"SELECT * FROM t"}`); err == nil {
		t.Fatal("c created table t for a call its caller gave up on")
	}
}

// jsHops spins for the milliseconds it is given, then calls the next object, for ever:
// only a time limit (or the nesting limit) ends the chain. Each hop logs its name first.
const jsHops = `
class Hop extends DurableObject {
  async hop(ms) {
    console.log("hop " + this.ctx.id.name);
    const until = Date.now() + ms;
    while (Date.now() < until) {}
    const next = String(Number(this.ctx.id.name) + 1);
    return await this.env.HOP.getByName(next).hop(ms);
  }
}
return { Hop };`

// hopCounter counts the log records of jsHops.
type hopCounter struct {
	mu   sync.Mutex
	hops []string
}

func (h *hopCounter) Enabled(context.Context, slog.Level) bool { return true }
func (h *hopCounter) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *hopCounter) WithGroup(string) slog.Handler            { return h }
func (h *hopCounter) Handle(_ context.Context, r slog.Record) error {
	if strings.HasPrefix(r.Message, "hop ") {
		h.mu.Lock()
		h.hops = append(h.hops, r.Message)
		h.mu.Unlock()
	}
	return nil
}

// A chain of objects, each spinning for a quarter of the time limit before it calls
// the next, shares the time limit of the call from outside that began it: it stops
// after at most limit/spin+1 hops, with a time limit error. Before, each nested call
// had a time limit of its own, so the chain went on to the nesting limit.
func TestNestedCallsShareTheOutermostDeadline(t *testing.T) {
	const limit, spin = 2 * time.Second, 500 * time.Millisecond
	hops := &hopCounter{}
	e := newEngine(t, Options{CallTimeout: limit, Logger: slog.New(hops)})
	deployJS(t, e, "Hop", jsBundle(`{"name":"hops","bindings":{"HOP":{"class":"Hop"}},"vars":{}}`, jsHops))
	_, err := e.Call(context.Background(), "Hop", "0", "hop", []byte(fmt.Sprint(spin.Milliseconds())))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("chain: %v, want a time limit error", err)
	}
	hops.mu.Lock()
	defer hops.mu.Unlock()
	// Every hop but the last spun for its full spin within the one shared limit.
	if most := int(limit/spin) + 1; len(hops.hops) > most || len(hops.hops) >= abi.MaxCallDepth {
		t.Fatalf("the chain made %d hops (%v) under a limit of %s with %s per hop: at most %d fit", len(hops.hops), hops.hops, limit, spin, most)
	}
}

// TestCallDeadlineHoldsWhileTheBucketHangs: the first activation of an object talks to
// the bucket (BeforeOpen → prepare); with a bucket that accepts connections and never
// answers, the call still ends at its own deadline instead of holding the object's input
// gate until the bucket answers. (runBatch once acquired the database with
// context.Background().) The test waits 10 s for a call whose context ends after 500 ms.
func TestCallDeadlineHoldsWhileTheBucketHangs(t *testing.T) {
	e, px := proxiedEngine(t, backup.ModeInterval)
	mustCall(t, e, "counter", "active", "increment", `{"by":1}`)
	px.Blackhole()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := e.Call(ctx, "counter", "other", "increment", []byte(`{"by":1}`))
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Error("a call whose context ended after 500 ms (call time limit 2 s) was still running 10 s later: the bucket never answered its object's activation")
		px.Restore() // let the call finish, so the engine can close
		<-done
	}
}
