package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer collects the server's log for a failure message.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servingURL = regexp.MustCompile(`msg=serving url=(http://\S+)`)

// startServer builds cmd/sobjects, runs it on a free loopback port with relaxed
// durability and returns its URL. The server is stopped (SIGINT, then wait) when the
// test ends.
func startServer(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	bin := buildSobjects(t)

	data := filepath.Join(dir, "data")
	cmd := exec.Command(bin, "run", "--data-dir", data, "--listen", "127.0.0.1:0", "--durability", "relaxed")
	// Run where no sobjects.toml (or file named sobjects) can be picked up as config.
	cmd.Dir = dir
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var log lockedBuffer
	cmd.Stdout = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGINT)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
			t.Errorf("server did not stop within 10s of SIGINT; log:\n%s", log.String())
		}
	})

	urlc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		found := false
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(&log, line)
			if m := servingURL.FindStringSubmatch(line); m != nil && !found {
				found = true
				urlc <- m[1]
			}
		}
		_, _ = io.Copy(&log, stderr)
		close(urlc)
	}()
	select {
	case u, ok := <-urlc:
		if !ok {
			t.Fatalf("server exited before serving; log:\n%s", log.String())
		}
		return u
	case <-time.After(30 * time.Second):
		t.Fatalf("server did not log msg=serving within 30s; log:\n%s", log.String())
	}
	return ""
}

// call makes one call and decodes its JSON answer into out.
func call(t *testing.T, base, class, name, method, input string, out any) {
	t.Helper()
	resp, err := http.Post(base+"/v1/objects/"+class+"/"+name+"/"+method, "application/json", strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s/%s.%s: %s: %s", input, class, name, method, resp.Status, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s/%s.%s answered %q: %v", class, name, method, b, err)
	}
}

func TestRunLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a server")
	}
	base := startServer(t)
	ctx := context.Background()

	check := func(t *testing.T, r LoadResult) {
		t.Helper()
		t.Logf("\n%s", r)
		if r.Calls <= 0 {
			t.Errorf("Calls = %d, want > 0", r.Calls)
		}
		if r.Errors != 0 {
			t.Errorf("Errors = %d, want 0: %q", r.Errors, r.ErrorSamples)
		}
		if r.Throughput <= 0 || r.Seconds <= 0 {
			t.Errorf("Throughput = %v over %vs, want > 0", r.Throughput, r.Seconds)
		}
		if !(r.P50 > 0 && r.P50 <= r.P95 && r.P95 <= r.P99 && r.P99 <= r.Max) {
			t.Errorf("latencies not ordered: p50 %v p95 %v p99 %v max %v", r.P50, r.P95, r.P99, r.Max)
		}
		if r.CommitBatchAvg < 1 {
			t.Errorf("CommitBatchAvg = %v, want >= 1 (from /metrics)", r.CommitBatchAvg)
		}
	}
	opts := LoadOptions{URL: base, Concurrency: 8, Duration: time.Second, Warmup: 200 * time.Millisecond, KeyCount: 200, ValueSize: 256}

	t.Run("put", func(t *testing.T) {
		o := opts
		o.Op, o.Objects, o.Prefix = OpPut, 2, "put-"
		r, err := RunLoad(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		check(t, r)
		// A key the run wrote holds a string of ValueSize bytes.
		var got struct{ Value string }
		call(t, base, "kv", "put-0", "get", `{"key":"k0"}`, &got)
		if len(got.Value) != o.ValueSize {
			t.Errorf("kv put-0 k0 holds %d bytes, want %d", len(got.Value), o.ValueSize)
		}
		// Each put changes the value: putting the same bytes again writes nothing.
		if strings.Trim(got.Value, "x") == "" {
			t.Errorf("kv put-0 k0 holds the constant value %.20q...: puts do not change what they write", got.Value)
		}
	})

	t.Run("get", func(t *testing.T) {
		o := opts
		o.Op, o.Objects, o.Prefix, o.Keys = OpGet, 2, "get-", KeysZipf
		r, err := RunLoad(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		check(t, r) // Errors == 0 means every get hit: the preload worked
	})

	t.Run("increment", func(t *testing.T) {
		o := opts
		o.Op, o.Objects, o.Prefix = OpIncrement, 3, "inc-"
		r, err := RunLoad(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		check(t, r)
		var sumCalls, sumValues int64
		for i, n := range r.ObjectCalls {
			var got struct{ Value int64 }
			call(t, base, "counter", fmt.Sprintf("inc-%d", i), "get", ``, &got)
			if got.Value != n {
				t.Errorf("counter inc-%d = %d, want %d (its successful increments)", i, got.Value, n)
			}
			sumCalls += n
			sumValues += got.Value
		}
		if sumValues != sumCalls || sumCalls < r.Calls {
			t.Errorf("counters sum to %d, successful increments %d (measured %d)", sumValues, sumCalls, r.Calls)
		}
	})
}

// TestRunLoadTarget drives the benchmark app (fixtures/bench), served by the built
// sobjects and by workerd when it is installed, with each op over each route for a
// moment, and checks that the calls succeeded and were counted: every increment is in
// the counter, a put stores a fresh value of ValueSize bytes, every get hits.
func TestRunLoadTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs sobjects and workerd")
	}
	dir, err := filepath.Abs(filepath.Join("fixtures", "bench"))
	if err != nil {
		t.Fatal(err)
	}
	targets := []*Target{SobjectsTarget(buildSobjects(t), SobjectsMode{Name: "sobjects-t1-relaxed", Threads: 1, Durability: "relaxed"}, Bucket{})}
	wd, why, err := FindWorkerd()
	if err != nil {
		t.Fatal(err)
	}
	if wd != "" {
		targets = append(targets, WorkerdTarget(wd))
	} else {
		t.Logf("no workerd, the app is driven on sobjects only: %s", why)
	}
	ctx := context.Background()
	for _, tg := range targets {
		t.Run(tg.Name, func(t *testing.T) {
			d, err := tg.Deploy(ctx, dir, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				if err := d.Stop(); err != nil {
					t.Error(err)
				}
			})
			base := d.URL()
			for _, via := range []string{ViaFetch, ViaRPC} {
				route := base + "/"
				if via == ViaRPC {
					route += "rpc/"
				}
				opts := LoadOptions{Target: base, Via: via, Concurrency: 8, Duration: 150 * time.Millisecond, Warmup: -1, ValueSize: 1024}
				run := func(t *testing.T, o LoadOptions) LoadResult {
					t.Helper()
					r, err := RunLoad(ctx, o)
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("\n%s", r)
					if r.Calls <= 0 || r.Errors != 0 {
						t.Errorf("%d calls, %d errors (%q), want some calls and no errors; %s's log ends:\n%s", r.Calls, r.Errors, r.ErrorSamples, tg.Name, d.Log())
					}
					if r.Via != via || r.Target != base {
						t.Errorf("result says via %q at %q, want %q at %q", r.Via, r.Target, via, base)
					}
					if sobjects := tg.Name != referenceName; sobjects != (r.CommitBatchAvg >= 1) {
						t.Errorf("CommitBatchAvg = %v on %s (sobjects exports it in /metrics, workerd not)", r.CommitBatchAvg, tg.Name)
					}
					return r
				}
				t.Run(via+"/inc", func(t *testing.T) {
					o := opts
					o.Op, o.Objects, o.Prefix = "inc", 2, "inc-"+via+"-"
					r := run(t, o)
					for i, n := range r.ObjectCalls {
						// The next increment answers the count the run left, plus one.
						status, got := appCall(t, "POST", route+"inc?name="+o.Prefix+strconv.Itoa(i), "")
						if status != http.StatusOK || got != strconv.FormatInt(n+1, 10) {
							t.Errorf("object %d: the next inc answered %d %q, want %d after %d successful increments", i, status, got, n+1, n)
						}
					}
				})
				t.Run(via+"/put", func(t *testing.T) {
					o := opts
					o.Op = OpPut
					run(t, o)
					var first string
					for range 2 {
						status, got := appCall(t, "GET", route+"get?name=one&key=k0", "")
						if status != http.StatusOK || len(got) != o.ValueSize || !hexPrefix.MatchString(got) {
							t.Fatalf("object one, key k0 holds %d %.40q... (%d bytes), want %d bytes: 16 hex digits, then x's", status, got, len(got), o.ValueSize)
						}
						if first == "" {
							first = got
							r := o
							r.Duration = 50 * time.Millisecond
							run(t, r)
						} else if got == first {
							t.Errorf("key k0 holds %.20q... before and after another run of puts: puts do not write fresh values", got)
						}
					}
				})
				t.Run(via+"/get", func(t *testing.T) {
					o := opts
					o.Op, o.KeyCount, o.Objects, o.Prefix = OpGet, 5, 2, "get-"+via+"-"
					run(t, o) // no errors: every get hit a key the preload put
				})
				t.Run(via+"/read-share", func(t *testing.T) {
					o := opts
					o.Op, o.ReadShare, o.KeyCount, o.Prefix, o.Objects = "inc", 0.5, 3, "mixed-"+via+"-", 2
					run(t, o) // no errors: the gets hit keys the preload put
				})
			}
		})
	}
}

var hexPrefix = regexp.MustCompile(`^[0-9a-f]{16}x+$`)

// appCall sends one request to the benchmark app and returns its status and body.
func appCall(t *testing.T, method, url, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestRunLoadInvalidOptions(t *testing.T) {
	for _, o := range []LoadOptions{
		{Op: OpPut},
		{URL: "http://127.0.0.1:1", Op: "delete"},
		{URL: "http://127.0.0.1:1", Op: OpPut, Concurrency: -1},
		{URL: "http://127.0.0.1:1", Op: OpGet, Keys: "pareto"},
		{Target: "http://127.0.0.1:1", Op: OpPut, Via: "websocket"},
		{Target: "http://127.0.0.1:1", Op: OpPut, Splittable: true},
		{URL: "http://127.0.0.1:1", Op: OpPut, Via: ViaRPC},
		{Target: "127.0.0.1:1", Op: OpPut},
	} {
		if _, err := RunLoad(context.Background(), o); !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("RunLoad(%+v) = %v, want ErrInvalidOptions", o, err)
		}
	}
}

func TestParseCommitBatch(t *testing.T) {
	text := `# HELP sobjects_commit_batch_size Calls per commit.
# TYPE sobjects_commit_batch_size histogram
sobjects_commit_batch_size_bucket{le="1"} 3
sobjects_commit_batch_size_sum{mode="a"} 10
sobjects_commit_batch_size_sum{mode="b"} 20
sobjects_commit_batch_size_count 6
sobjects_commit_batch_size_countx 99
`
	sum, count, ok := parseCommitBatch(strings.NewReader(text))
	if !ok || sum != 30 || count != 6 {
		t.Errorf("parseCommitBatch = %v, %v, %v; want 30, 6, true", sum, count, ok)
	}
	if _, _, ok := parseCommitBatch(strings.NewReader("other_metric 1\n")); ok {
		t.Error("parseCommitBatch found a metric that is not there")
	}
}

func TestLoadResultJSON(t *testing.T) {
	r := LoadResult{Op: OpPut, Calls: 10, P50: 1500 * time.Microsecond, P99: 3 * time.Millisecond, Max: time.Second}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"p50_us":1500`, `"p99_us":3000`, `"max_us":1000000`, `"calls":10`, `"commit_batch_avg":0`, `"driver_cpu_seconds":0`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
	var back LoadResult
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.P50 != r.P50 || back.Max != r.Max || back.Calls != r.Calls {
		t.Errorf("round trip: got %+v, want %+v", back, r)
	}
}
