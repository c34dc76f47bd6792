package host

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestHammer drives many objects from many goroutines with calls, object-to-object
// calls, failing calls and evictions racing each other (run it with -race), then checks
// that every acknowledged increment is counted exactly once.
func TestHammer(t *testing.T) {
	e := newEngine(t, Options{Threads: 3, IdleEvict: time.Millisecond})
	const objects, workers, each = 8, 24, 60
	var acked [objects]atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for range each {
				o := rng.IntN(objects)
				name := fmt.Sprint("h", o)
				var err error
				switch rng.IntN(4) {
				case 0, 1:
					_, err = e.Call(context.Background(), "counter", name, "increment", []byte(`{"by":1}`))
				case 2: // through another object, pinned wherever its id says
					in := fmt.Sprintf(`{"class":"counter","name":%q,"method":"increment","input":{"by":1}}`, name)
					_, err = e.Call(context.Background(), "testkit", fmt.Sprint("relay", rng.IntN(4)), "call", []byte(in))
				case 3: // a failing call in the same batch must not take others down
					_, ferr := e.Call(context.Background(), "counter", name, "increment", []byte(`{"by":"x"}`))
					if ferr == nil {
						t.Error("increment by a string succeeded")
					}
					if rng.IntN(2) == 0 {
						e.evictIdle(time.Now())
					}
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				acked[o].Add(1)
			}
		}()
	}
	wg.Wait()
	for o := range objects {
		out, err := e.Call(context.Background(), "counter", fmt.Sprint("h", o), "get", nil)
		if err != nil {
			t.Fatal(err)
		}
		var v struct{ Value int64 }
		json.Unmarshal(out, &v)
		if v.Value != acked[o].Load() {
			t.Errorf("object h%d: value %d, acknowledged increments %d", o, v.Value, acked[o].Load())
		}
	}
}
