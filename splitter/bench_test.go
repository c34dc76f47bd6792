package splitter

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage"
)

// benchEngine opens an engine in a directory under $TMPDIR, with fsync commits (what
// `sobjects run` does by default) unless SOBJECTS_BENCH_DURABILITY says relaxed.
func benchEngine(b *testing.B, p Policy) (*host.Engine, *Splitter) {
	b.Helper()
	durability, err := storage.ParseDurability(cmpOr(os.Getenv("SOBJECTS_BENCH_DURABILITY"), "fsync"))
	if err != nil {
		b.Fatal(err)
	}
	e, err := host.New(ctx, host.Options{DataDir: b.TempDir(), Durability: durability, Threads: benchThreads()})
	if err != nil {
		b.Fatal(err)
	}
	wasm, _ := plugins.Wasm("ledger")
	if _, err := e.Deploy(ctx, "ledger", wasm); err != nil {
		b.Fatal(err)
	}
	s, err := New(e, Options{Default: p})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		s.Close()
		e.Close(ctx)
	})
	return e, s
}

// BenchmarkWrites: 1 KiB puts of uniform keys (one key per call) from 1,024 or 2,048
// callers in flight, in process, to one object and to the same class presplit into 16
// leaves. Reports calls/s and latency percentiles; every call must succeed.
//
//	TMPDIR=/work/tmp go test ./splitter -run '^$' -bench Writes -benchtime 100000x
func BenchmarkWrites(b *testing.B) {
	value := raw(fmt.Sprintf("%01024d", 0))
	for _, depth := range []int{0, 4} {
		for _, inflight := range []int{1024, 2048} {
			b.Run(fmt.Sprintf("leaves=%d/inflight=%d", 1<<depth, inflight), func(b *testing.B) {
				_, s := benchEngine(b, Policy{Disabled: true, InitialDepth: depth})
				c := s.Client()
				if _, err := c.Call(ctx, "ledger", "w", "put", Request{Keys: []string{"warm"}, Payloads: []json.RawMessage{value}}); err != nil {
					b.Fatal(err)
				}
				lat := make([][]time.Duration, inflight)
				var next atomic.Int64
				var failed atomic.Int64
				var wg sync.WaitGroup
				b.ResetTimer()
				start := time.Now()
				for g := range inflight {
					wg.Add(1)
					go func() {
						defer wg.Done()
						rng := rand.New(rand.NewPCG(uint64(g), 7))
						for next.Add(1) <= int64(b.N) {
							k := "k" + strconv.Itoa(rng.IntN(100000))
							t0 := time.Now()
							_, err := c.Call(ctx, "ledger", "w", "put", Request{Keys: []string{k}, Payloads: []json.RawMessage{value}})
							if err != nil {
								failed.Add(1)
								continue
							}
							lat[g] = append(lat[g], time.Since(t0))
						}
					}()
				}
				wg.Wait()
				elapsed := time.Since(start)
				b.StopTimer()
				all := slices.Concat(lat...)
				slices.Sort(all)
				if failed.Load() > 0 || len(all) == 0 {
					b.Fatalf("%d calls failed", failed.Load())
				}
				b.ReportMetric(float64(len(all))/elapsed.Seconds(), "calls/s")
				b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50_ms")
				b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99_ms")
			})
		}
	}
}

// BenchmarkSplit: the time to split an object holding 1 MiB to 1 GiB of 1 KiB rows
// while 8 writers write random keys, until the new leaf serves with all its data, and
// the slowest write during the split. No write may fail. The sizes to run come from
// SOBJECTS_SPLIT_SIZES (MiB, comma-separated; default 1,16,128).
//
//	TMPDIR=/work/tmp SOBJECTS_SPLIT_SIZES=1,16,128,1024 go test ./splitter -run '^$' -bench Split -benchtime 1x -timeout 30m
func BenchmarkSplit(b *testing.B) {
	sizes := []int{1, 16, 128}
	if env := os.Getenv("SOBJECTS_SPLIT_SIZES"); env != "" {
		sizes = nil
		for _, f := range splitComma(env) {
			n, err := strconv.Atoi(f)
			if err != nil {
				b.Fatalf("SOBJECTS_SPLIT_SIZES: %v", err)
			}
			sizes = append(sizes, n)
		}
	}
	for _, mib := range sizes {
		b.Run(fmt.Sprintf("MiB=%d", mib), func(b *testing.B) {
			for range b.N {
				benchSplitOnce(b, mib)
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func splitComma(s string) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != ',' {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

func benchSplitOnce(b *testing.B, mib int) {
	b.StopTimer()
	e, s := benchEngine(b, Policy{Disabled: true})
	rows := mib << 10 // 1 KiB each
	value := []byte(fmt.Sprintf("%01024d", 0))
	// Seed in transactions of 20,000 rows.
	for done := 0; done < rows; {
		n := min(20000, rows-done)
		if _, err := e.Run(ctx, "ledger", "big", func(tx *host.Tx) ([]byte, error) {
			for i := range n {
				if err := tx.DB().KeyedPut("k"+strconv.Itoa(done+i), value); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}); err != nil {
			b.Fatal(err)
		}
		done += n
	}
	payload := raw(fmt.Sprintf("%01024d", 1))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var slowest, writes, failed atomic.Int64
	// The window of the split, in ns since base; a write counts if it overlaps it.
	base := time.Now()
	var from, to atomic.Int64
	from.Store(1 << 62)
	to.Store(1 << 62)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := s.Client()
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			for {
				select {
				case <-stop:
					return
				default:
				}
				k := "k" + strconv.Itoa(rng.IntN(rows))
				t0 := time.Since(base)
				_, err := c.Call(ctx, "ledger", "big", "put", Request{Keys: []string{k}, Payloads: []json.RawMessage{payload}})
				t1 := time.Since(base)
				if err != nil {
					failed.Add(1)
					b.Error(err)
					continue
				}
				if int64(t1) >= from.Load() && int64(t0) <= to.Load() {
					writes.Add(1)
					for took := int64(t1 - t0); ; {
						cur := slowest.Load()
						if took <= cur || slowest.CompareAndSwap(cur, took) {
							break
						}
					}
				}
			}
		}()
	}
	time.Sleep(200 * time.Millisecond) // the writers are under way
	from.Store(int64(time.Since(base)))
	b.StartTimer()
	t0 := time.Now()
	if err := s.Split(ctx, "ledger", "big", ""); err != nil {
		b.Fatal(err)
	}
	took := time.Since(t0)
	b.StopTimer()
	to.Store(int64(time.Since(base)))
	time.Sleep(200 * time.Millisecond) // the writes that waited for the switch finish
	close(stop)
	wg.Wait()
	if failed.Load() > 0 {
		b.Fatalf("%d writes failed", failed.Load())
	}
	b.ReportMetric(took.Seconds(), "split_s")
	b.ReportMetric(float64(time.Duration(slowest.Load()).Milliseconds()), "slowest_write_ms")
	b.ReportMetric(float64(writes.Load()), "writes_during")
	if n, err := s.Describe(ctx, "ledger", "big"); err != nil || len(n) != 2 || n[0].Rows+n[1].Rows != int64(rows) {
		b.Fatalf("after the split: %+v %v; want 2 leaves with %d rows", n, err, rows)
	}
}

// benchThreads is the engine's worker threads: SOBJECTS_BENCH_THREADS, or one per CPU.
func benchThreads() int {
	n, _ := strconv.Atoi(os.Getenv("SOBJECTS_BENCH_THREADS"))
	return n
}
