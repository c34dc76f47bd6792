package host

import (
	"context"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/abi"
)

// brokenRouter is a KeyedRouter with a bug: it counts calls in a map it never made,
// so the call host function panics (assignment to entry in nil map) when an object
// calls a splittable class.
type brokenRouter struct{ calls map[string]int }

func (r *brokenRouter) CallJSON(_ context.Context, class, _, _ string, _ []byte) ([]byte, error) {
	r.calls[class]++
	return nil, nil
}

// jsLedgerCaller calls the splittable class ledger through its binding.
const jsLedgerCaller = `
class Caller extends DurableObject {
  noop() {}
  async put() { return await this.env.LEDGER.getByName("l").put({ keys: ["k"], payloads: ["v"] }); }
}
return { Caller };`

// A Go panic in host code during a call fails that call with an internal error,
// discards the object's instance and leaves the engine serving: in a host function
// called by a native plugin and by a JavaScript one, and in Go code run as a call
// (Engine.Run), whose writes roll back. Before, the host function's panic was
// reported as a plugin trap, and the one in Engine.Run took down its caller (and left
// the object's input gate closed for ever).
func TestHostPanicFailsOnlyItsCall(t *testing.T) {
	reg := prometheus.NewRegistry()
	e := newEngine(t, Options{Registerer: reg})
	deploy(t, e, "ledger", "ledger")
	deployJS(t, e, "Caller", jsBundle(`{"name":"c","bindings":{"LEDGER":{"class":"ledger"}},"vars":{}}`, jsLedgerCaller))
	e.SetKeyedRouter(&brokenRouter{})
	ctx := context.Background()

	resident := func(class, name string) bool {
		t.Helper()
		info, err := e.Describe(class, name)
		if err != nil {
			t.Fatal(err)
		}
		return info.Resident
	}
	cases := []struct {
		name      string
		class     string
		panicking func() error
		after     string // a method that must work on the object afterwards
	}{
		{"host function of a native plugin", "testkit", func() error {
			_, err := e.Call(ctx, "testkit", "native", "call", []byte(`{"class":"ledger","name":"l","method":"put","input":{"keys":["k"],"payloads":["v"]}}`))
			return err
		}, "noop"},
		{"host function of a JavaScript plugin", "Caller", func() error {
			_, err := e.Call(ctx, "Caller", "js", "put", nil)
			return err
		}, "noop"},
		{"Engine.Run", "counter", func() error {
			_, err := e.Run(ctx, "counter", "run", func(tx *Tx) ([]byte, error) {
				if _, err := tx.Invoke("increment", nil); err != nil { // rolled back with the call
					return nil, err
				}
				var routes map[string]int
				//lint:ignore SA5000 a runtime panic in the callback is what this case tests
				routes["x"]++
				return nil, nil
			})
			return err
		}, "get"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			name := map[string]string{"testkit": "native", "Caller": "js", "counter": "run"}[c.class]
			mustCall(t, e, c.class, name, c.after, ``)
			if !resident(c.class, name) {
				t.Fatal("not resident before the panic")
			}
			err := c.panicking()
			wantCode(t, err, abi.CodeInternal)
			if resident(c.class, name) {
				t.Fatal("the instance was kept after a panic of the host in its call")
			}
			if v := metricValue(t, reg, "sobjects_host_panics_total"); v != float64(i+1) {
				t.Fatalf("sobjects_host_panics_total = %v, want %d", v, i+1)
			}
			mustCall(t, e, c.class, name, c.after, ``)
		})
	}
	// The write before the panic in Engine.Run is gone.
	if got := mustCall(t, e, "counter", "run", "get", ``)["value"]; got != float64(0) {
		t.Fatalf("counter after the panicking Run: %v, want 0", got)
	}
	mustCall(t, e, "counter", "other", "increment", ``)
}
