package splitter

// Tests of a splittable class over HTTP, against the real sobjects server over
// loopback.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sobjectsServer builds cmd/sobjects and runs it on a free loopback port over a new
// data directory, with args. Package server imports this package, so a test here cannot
// use it in process. The test is skipped when the build fails or in -short mode.
func sobjectsServer(t *testing.T, args ...string) (base string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs cmd/sobjects")
	}
	bin := filepath.Join(t.TempDir(), "sobjects")
	// Without -race even under it: the race detector watches this process, not the
	// server's.
	// "go" is the toolchain running this test: go test puts its GOROOT/bin first in PATH.
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/sobjects")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("building cmd/sobjects: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	logPath := filepath.Join(t.TempDir(), "server.log")
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(bin, append([]string{"run", "--listen", addr, "--data-dir", t.TempDir(), "--log-level", "warn"}, args...)...)
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Process.Kill()
		srv.Wait()
		logf.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logPath)
			t.Logf("server log:\n%.4000s", b)
		}
	})
	base = "http://" + addr
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		if i > 500 {
			t.Fatalf("server did not start: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// httpDo sends a request and returns the status, the problem code (for errors) and the body.
func httpDo(t *testing.T, method, url string, body any) (int, string, []byte) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		rd = bytes.NewReader(raw(b))
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, url, err)
		return 0, "", nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var p struct{ Code string }
	if resp.StatusCode >= 300 {
		json.Unmarshal(b, &p)
	}
	return resp.StatusCode, p.Code, b
}

// Over HTTP, against the real server with a tiny pool and idle eviction: a body of
// 10,000 keys; concurrent _split requests of one leaf (one succeeds, the others are
// refused as stale_leaf); concurrent splits of the halves with one-leaf writers
// running; a scan; bad bodies get 4xx.
func TestHTTPSplitsWithHugeBodiesAndOneLeafWriters(t *testing.T) {
	base := sobjectsServer(t, "--durability", "relaxed", "--idle-evict", "0.02", "--max-open-databases", "3")
	obj := base + "/v1/objects/ledger/acct"
	keys := keysN("hk", 10000)
	payloads := make([]json.RawMessage, len(keys))
	for i := range keys {
		payloads[i] = raw(i)
	}
	if st, code, b := httpDo(t, "POST", obj+"/put", Request{Keys: keys, Payloads: payloads}); st != 200 {
		t.Fatalf("put of 10,000 keys: %d %s %.300s", st, code, b)
	}
	// Eight _split requests of the root at once.
	statuses := make(chan string, 8)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, code, _ := httpDo(t, "POST", obj+"/_split", `{"leaf":""}`)
			statuses <- fmt.Sprint(st, code)
		}()
	}
	wg.Wait()
	close(statuses)
	var got []string
	for s := range statuses {
		got = append(got, s)
	}
	slices.Sort(got)
	if strings.Join(got, ",") != "200,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf,409stale_leaf" {
		t.Errorf("8 concurrent splits of the root: %v, want one 200 and seven 409 stale_leaf", got)
	}
	// One-leaf writers while the halves split, each twice at once.
	a := newAcked()
	cr := newCrew(t)
	var calls atomic.Int64
	for w := range 4 {
		rng := rand.New(rand.NewPCG(uint64(w), 17))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			st, code, b := httpDo(t, "POST", obj+"/add?one_leaf=true", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if st != 200 {
				t.Errorf("one-leaf add of %s: %d %s %.200s", k, st, code, b)
				return false
			}
			a.add(k, 1)
			calls.Add(1)
			return true
		})
	}
	for _, leaf := range []string{"0", "1", "0", "1"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if st, code, b := httpDo(t, "POST", obj+"/_split", fmt.Sprintf(`{"leaf":%q}`, leaf)); st != 200 && code != "stale_leaf" {
				t.Errorf("split %q: %d %s %.200s", leaf, st, code, b)
			}
		}()
	}
	wg.Wait()
	waitCalls(t, &calls, 50)
	cr.halt()
	// Every key has its value plus the acknowledged adds.
	st, code, b := httpDo(t, "POST", obj+"/get", Request{Keys: keys})
	if st != 200 {
		t.Fatalf("get of 10,000 keys: %d %s %.300s", st, code, b)
	}
	var ans struct{ Leaves []LeafResult }
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatal(err)
	}
	if err := checkOwners(keys, ans.Leaves); err != nil || len(ans.Leaves) != 4 {
		t.Fatalf("get of 10,000 keys after the splits: %d leaves: %v", len(ans.Leaves), err)
	}
	for _, r := range ans.Leaves {
		var vals []int64
		json.Unmarshal(r.Output, &vals)
		for i, p := range r.Positions {
			if want := int64(p) + a.m[keys[p]]; vals[i] != want {
				t.Fatalf("key %s = %d, want %d", keys[p], vals[i], want)
			}
		}
	}
	st, _, b = httpDo(t, "POST", obj+"/_scan/stats", nil)
	var scan struct{ Leaves []LeafResult }
	json.Unmarshal(b, &scan)
	rows := 0
	for _, r := range scan.Leaves {
		var s struct{ Rows int }
		json.Unmarshal(r.Output, &s)
		rows += s.Rows
	}
	if st != 200 || rows != len(keys) || len(scan.Leaves) != 4 {
		t.Errorf("scan: %d, %d leaves with %d rows; want 4 leaves with %d", st, len(scan.Leaves), rows, len(keys))
	}
	// Bad bodies.
	for _, bad := range []string{`{"keys":[]}`, `{"keys":["a"],"payloads":[]}`, `{"keys":"a"}`, `{"keys":["a"],"payloads":[1,2]}`, `not json`} {
		if st, code, _ := httpDo(t, "POST", obj+"/add", bad); st != 400 {
			t.Errorf("body %s: %d %s, want 400", bad, st, code)
		}
	}

}

// DELETE of a split object over HTTP while writers run: each writer's call is
// served before or after the delete, none gets a server error, and afterwards the
// object is one leaf.
func TestHTTPDeleteWhileWritersRun(t *testing.T) {
	base := sobjectsServer(t, "--durability", "relaxed", "--idle-evict", "0.02", "--max-open-databases", "3")
	obj := base + "/v1/objects/ledger/acct"
	keys := keysN("hd", 2000)
	if st, code, b := httpDo(t, "POST", obj+"/add", Request{Keys: keys, Payloads: repeat(raw(1), len(keys))}); st != 200 {
		t.Fatalf("add: %d %s %.300s", st, code, b)
	}
	for _, leaf := range []string{"", "0", "1", "01"} {
		if st, code, b := httpDo(t, "POST", obj+"/_split", fmt.Sprintf(`{"leaf":%q}`, leaf)); st != 200 {
			t.Fatalf("split %q: %d %s %.200s", leaf, st, code, b)
		}
	}
	var calls atomic.Int64
	// DELETE while writers run: each writer call succeeds, before or after the delete.
	cr := newCrew(t)
	var errs atomic.Int64
	for w := range 8 {
		rng := rand.New(rand.NewPCG(uint64(w), 19))
		cr.run(func() bool {
			k := keys[rng.IntN(len(keys))]
			st, code, b := httpDo(t, "POST", obj+"/add", Request{Keys: []string{k}, Payloads: []json.RawMessage{raw(1)}})
			if st != 200 {
				if errs.Add(1) <= 3 {
					t.Errorf("add of %s around a DELETE: %d %s %.200s", k, st, code, b)
				}
			}
			calls.Add(1)
			return true
		})
	}
	waitCalls(t, &calls, 30)
	if st, code, b := httpDo(t, "DELETE", obj, nil); st != 204 {
		t.Errorf("DELETE while writers run: %d %s %.200s", st, code, b)
	}
	waitCalls(t, &calls, 30)
	cr.halt()
	st, _, b := httpDo(t, "GET", obj+"/_leaves", nil)
	var lv struct{ Leaves []LeafInfo }
	json.Unmarshal(b, &lv)
	if st != 200 || len(lv.Leaves) != 1 {
		t.Errorf("after the DELETE: %d %s", st, b)
	}
}
