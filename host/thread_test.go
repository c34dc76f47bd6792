package host

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// jsSpinner logs that it spins, then loops until its time limit.
const jsSpinner = `
class Spinner extends DurableObject {
  noop() {}
  spin() {
    console.log("spinning " + this.ctx.id.name);
    while (true) {}
  }
}
return { Spinner };`

// spinLog signals each "spinning NAME" record of jsSpinner on its channel.
type spinLog struct{ spinning chan string }

func (h *spinLog) Enabled(context.Context, slog.Level) bool { return true }
func (h *spinLog) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *spinLog) WithGroup(string) slog.Handler            { return h }
func (h *spinLog) Handle(_ context.Context, r slog.Record) error {
	if name, ok := strings.CutPrefix(r.Message, "spinning "); ok {
		h.spinning <- name
	}
	return nil
}

// namesOnThread returns n object names of class other than avoid that share the
// worker thread of the object avoid of class avoidClass.
func namesOnThread(e *Engine, class, avoidClass, avoid string, n int) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		name := fmt.Sprint("n", i)
		if name != avoid && e.slotOf(ObjectID(class, name)) == e.slotOf(ObjectID(avoidClass, avoid)) {
			out = append(out, name)
		}
	}
	return out
}

// metricValue is the value of the counter or gauge name in reg (0 if absent): of its
// first series, or of the first whose labels include labels (name, value, ...).
func metricValue(t testing.TB, reg *prometheus.Registry, name string, labels ...string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				if !slices.ContainsFunc(m.GetLabel(), func(l *dto.LabelPair) bool { return l.GetName() == labels[i] && l.GetValue() == labels[i+1] }) {
					continue series
				}
			}
			switch {
			case m.Counter != nil:
				return m.Counter.GetValue()
			case m.Gauge != nil:
				return m.Gauge.GetValue()
			}
		}
	}
	return 0
}

// spinnerEngine is an engine of threads worker threads with the Spinner class, whose
// calls spin for limit, and a registry of its metrics.
func spinnerEngine(t *testing.T, threads, maxDetached int, limit time.Duration) (*Engine, *spinLog, *prometheus.Registry) {
	t.Helper()
	logs := &spinLog{spinning: make(chan string, 16)}
	reg := prometheus.NewRegistry()
	e := newEngine(t, Options{Threads: threads, MaxDetachedCalls: maxDetached, CallTimeout: limit, Logger: slog.New(logs), Registerer: reg})
	deployJS(t, e, "Spinner", jsBundle("", jsSpinner))
	return e, logs, reg
}

// spin starts the spin of the Spinner name, once it is resident, and returns once it
// spins; its error comes on the channel when its time limit ends it.
func spin(t *testing.T, e *Engine, logs *spinLog, name string) <-chan error {
	t.Helper()
	mustCall(t, e, "Spinner", name, "noop", ``)
	done := make(chan error, 1)
	go func() {
		_, err := e.Call(context.Background(), "Spinner", name, "spin", nil)
		done <- err
	}()
	if got := <-logs.spinning; got != name {
		t.Fatalf("%s spins, want %s", got, name)
	}
	return done
}

// Calls that loop until their time limit (three at once, as three requests of a
// client make them) do not hold the objects that share their worker thread: their
// calls all complete while the loops still spin, and these then end with their time
// limit error. Before, the neighbour's calls waited for the whole time limit, and
// completed only after the spin had ended.
func TestRunawayCallDoesNotHoldItsThreadsNeighbours(t *testing.T) {
	e, logs, reg := spinnerEngine(t, 2, 0, 5*time.Second)
	neighbour := namesOnThread(e, "counter", "Spinner", "spinner", 1)[0]
	mustCall(t, e, "counter", neighbour, "increment", ``) // resident before the spin

	var spins []<-chan error
	for _, name := range append([]string{"spinner"}, namesOnThread(e, "Spinner", "Spinner", "spinner", 2)...) {
		spins = append(spins, spin(t, e, logs, name))
	}
	spun := spins[0]
	const calls = 5
	for range calls {
		mustCall(t, e, "counter", neighbour, "increment", ``)
	}
	for _, ch := range spins {
		select {
		case err := <-ch:
			t.Fatalf("a spin ended (%v) before its neighbour's %d calls completed: they waited for it", err, calls)
		default:
		}
	}
	for _, ch := range spins[1:] {
		if err := <-ch; !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("spin: %v, want a time limit error", err)
		}
	}
	if got := mustCall(t, e, "counter", neighbour, "get", ``)["value"]; got != float64(calls+1) {
		t.Fatalf("neighbour's count %v, want %d", got, calls+1)
	}
	if err := <-spun; !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("spin: %v, want a time limit error", err)
	}
	// Activating an instance may stall too on a loaded machine: at least the spin did.
	for _, name := range []string{"sobjects_thread_stalls_total", "sobjects_thread_replacements_total"} {
		if v := metricValue(t, reg, name); v < 1 {
			t.Errorf("%s = %v, want at least 1", name, v)
		}
	}
	if v := metricValue(t, reg, "sobjects_detached_calls"); v != 0 {
		t.Errorf("sobjects_detached_calls = %v after the spin ended, want 0", v)
	}
	// The thread is whole again: a call that holds it and one that waits for it both end.
	mustCall(t, e, "counter", neighbour, "increment", ``)
	mustCall(t, e, "Spinner", "spinner", "noop", ``)
}

// At most Options.MaxDetachedCalls calls are detached at once: with a bound of one, a
// second spinner that stalls the thread while the first still runs detached is counted
// as a stall but keeps the thread while the first runs. The time limit leaves the
// second spinner seconds to stall on a loaded machine before the first ends (which
// frees the bound). The counts are taken once the first is detached: on a loaded
// machine, activating an instance may itself hold the thread past the budget.
func TestDetachedCallsAreBounded(t *testing.T) {
	e, logs, reg := spinnerEngine(t, 1, 1, 8*time.Second)
	first := spin(t, e, logs, "a")
	for metricValue(t, reg, "sobjects_detached_calls") < 1 {
		time.Sleep(5 * time.Millisecond)
	}
	stalls := metricValue(t, reg, "sobjects_thread_stalls_total")
	replacements := metricValue(t, reg, "sobjects_thread_replacements_total")
	second := spin(t, e, logs, "b") // it runs once the first is detached
	for metricValue(t, reg, "sobjects_thread_stalls_total") == stalls {
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case err := <-first:
		t.Fatalf("the first spinner ended (%v) before the second stalled: the test saw no second call while the bound was taken", err)
	default:
	}
	if v := metricValue(t, reg, "sobjects_thread_replacements_total") - replacements; v != 0 {
		t.Fatalf("%v more threads handed over while the first spinner runs detached, want none (the bound is 1)", v)
	}
	if v := metricValue(t, reg, "sobjects_detached_calls"); v != 1 {
		t.Fatalf("sobjects_detached_calls = %v, want 1", v)
	}
	for _, ch := range []<-chan error{first, second} {
		if err := <-ch; !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("spin: %v, want a time limit error", err)
		}
	}
	if v := metricValue(t, reg, "sobjects_detached_calls"); v != 0 {
		t.Fatalf("sobjects_detached_calls = %v after both ended, want 0", v)
	}
	mustCall(t, e, "counter", "after", "increment", ``)
}

// BenchmarkNeighbourOfARunawayCall measures the calls of an object while another
// object on its worker thread runs calls that loop until their time limit (1 s), one
// after the other, for 5 s: the neighbour's latency percentiles, its longest call,
// and its calls/s. With the stall budget off, the neighbour waits out each runaway
// call, as before the budget.
func BenchmarkNeighbourOfARunawayCall(b *testing.B) {
	for _, bc := range []struct {
		name   string
		budget time.Duration
	}{{"budget=default", 0}, {"budget=off", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			e := newEngine(b, Options{Threads: 2, CallTimeout: time.Second, ThreadStallBudget: bc.budget,
				Logger: slog.New(slog.DiscardHandler)})
			deployJS(b, e, "Spinner", jsBundle("", jsSpinner))
			neighbour := namesOnThread(e, "counter", "Spinner", "spinner", 1)[0]
			ctx := context.Background()
			if _, err := e.Call(ctx, "Spinner", "spinner", "noop", nil); err != nil {
				b.Fatal(err)
			}
			var lat []time.Duration
			b.ResetTimer()
			for range b.N {
				stop := make(chan struct{})
				spun := make(chan struct{})
				go func() {
					defer close(spun)
					for {
						select {
						case <-stop:
							return
						default:
						}
						e.Call(ctx, "Spinner", "spinner", "spin", nil)
					}
				}()
				for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
					start := time.Now()
					if _, err := e.Call(ctx, "counter", neighbour, "increment", nil); err != nil {
						b.Fatal(err)
					}
					lat = append(lat, time.Since(start))
				}
				close(stop)
				<-spun
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
			b.ReportMetric(float64(lat[len(lat)-1].Nanoseconds())/1e6, "max-ms")
			b.ReportMetric(float64(len(lat))/b.Elapsed().Seconds(), "calls/s")
		})
	}
}
