package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/internal/testdir"
	"github.com/sobjects/sobjects/internal/testetcd"
)

// clusterProc is one `sobjects run` node of a test cluster, a child process.
type clusterProc struct {
	t         *testing.T
	name, url string
	dir       string   // its logs, and data/
	args, env []string // of its command
	starts    int
	cmd       *exec.Cmd
	done      chan struct{} // closed when its process has exited
}

// nodeCompileCache is the compilation cache the test nodes share, so that each does not
// compile the bundled plugins and the JavaScript engine again: the run's
// (testdir.CompilationCache), or one of this process's, removed at its end.
func nodeCompileCache(t *testing.T) string {
	compileCacheOnce.Do(func() {
		if sharedCompileCache = testdir.CompilationCache(""); sharedCompileCache == "" {
			compileCacheDir, compileCacheErr = os.MkdirTemp("", "sobjects-nodes-cache-")
		}
	})
	if compileCacheErr != nil {
		t.Fatal(compileCacheErr)
	}
	if sharedCompileCache != "" {
		return sharedCompileCache
	}
	return compileCacheDir
}

var (
	compileCacheOnce   sync.Once
	sharedCompileCache string
	compileCacheDir    string
	compileCacheErr    error
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startClusterProc starts node name of the cluster on etcd, durable on srv's bucket,
// serving the bundled examples, and waits until it answers.
func startClusterProc(t *testing.T, etcd *testetcd.Cluster, srv *testbucket.Server, name string, extra ...string) *clusterProc {
	t.Helper()
	return startClusterProcVia(t, etcd.Endpoints(), srv, srv.Endpoint, name, extra...)
}

// startClusterProcVia is startClusterProc with etcd reached at etcdURLs and the bucket
// at s3 (proxies, say).
func startClusterProcVia(t *testing.T, etcdURLs []string, srv *testbucket.Server, s3, name string, extra ...string) *clusterProc {
	t.Helper()
	dir := t.TempDir()
	addr := freeAddr(t)
	p := &clusterProc{t: t, name: name, url: "http://" + addr, dir: dir}
	p.args = append([]string{"run", "--data-dir", filepath.Join(dir, "data"), "--compilation-cache", nodeCompileCache(t), "--listen", addr,
		"--peer-listen", freeAddr(t), "--node-name", name, "--cluster-etcd", strings.Join(etcdURLs, ","),
		"--cluster-lease", "2s", "--backup-bucket", "s3://" + srv.Bucket + "/cluster", "--backup-mode", "durable"}, extra...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "SOBJECTS_") {
			p.env = append(p.env, kv)
		}
	}
	p.env = append(p.env, srv.EnvAt(s3)...)
	p.env = append(p.env, envRunCLI+"=1", EnvClusterSecret+"=the test cluster's secret, 32 bytes or more")
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			for i := range p.starts {
				b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("log.%d", i)))
				t.Logf("node %s's log (start %d, %v):\n%s", name, i, err, b)
			}
		}
	})
	p.start()
	return p
}

// start starts p's process (again: same addresses and data directory) and waits until
// it answers.
func (p *clusterProc) start() {
	t := p.t
	t.Helper()
	log, err := os.Create(filepath.Join(p.dir, fmt.Sprintf("log.%d", p.starts)))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	p.starts++
	p.cmd = exec.Command(os.Args[0], p.args...)
	p.cmd.Env = p.env
	p.cmd.Stdout, p.cmd.Stderr = log, log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	p.done = done
	cmd := p.cmd
	go func() { cmd.Wait(); close(done) }()
	for deadline := time.Now().Add(60 * time.Second); ; {
		if resp, err := http.Get(p.url + "/healthz"); err == nil {
			resp.Body.Close()
			return
		}
		select {
		case <-done:
			b, _ := os.ReadFile(log.Name())
			t.Fatalf("node %s exited at its start:\n%s", p.name, b)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %s did not answer within a minute", p.name)
		}
	}
}

// stop stops p's process with SIGTERM, as down does, and waits until it has exited.
func (p *clusterProc) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
}

func (p *clusterProc) kill() {
	if p.cmd != nil {
		p.cmd.Process.Signal(syscall.SIGKILL)
		<-p.done
	}
}

// increment increments counter name by one through p: 200, or what went wrong.
func (p *clusterProc) increment(client *http.Client, name string) error {
	resp, err := client.Post(p.url+"/v1/objects/counter/"+name+"/increment", "application/json", strings.NewReader(`{"by":1}`))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("%d %s", resp.StatusCode, b)
	}
	return nil
}

func (p *clusterProc) count(t *testing.T, name string) (int, error) {
	resp, err := http.Post(p.url+"/v1/objects/counter/"+name+"/get", "application/json", nil)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return 0, fmt.Errorf("%d %s", resp.StatusCode, b)
	}
	var v struct{ Value int }
	if err := json.Unmarshal(b, &v); err != nil {
		return 0, fmt.Errorf("%s: %v", b, err)
	}
	return v.Value, nil
}

// owner is the node that owns counter name, as etcd says.
func owner(t *testing.T, etcd *testetcd.Cluster, name string) string {
	t.Helper()
	cli := etcd.Client()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := cli.Get(ctx, "/sobjects/owners/counter/"+host.ObjectID("counter", name))
	if err != nil || len(resp.Kvs) == 0 {
		return ""
	}
	var m struct{ Name string }
	json.Unmarshal(resp.Kvs[0].Value, &m)
	return m.Name
}

// TestClusterOwnerKilledLosesNoAcknowledgedWrite runs three nodes as processes and
// writers that increment eight counters through all of them, and kills the owner of
// one counter with SIGKILL in the middle: the other nodes serve its objects again once
// its lease is over, and afterwards every counter holds at least every increment that
// was acknowledged, and no more than were sent (an increment whose answer was lost may
// have counted).
func TestClusterOwnerKilledLosesNoAcknowledgedWrite(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	nodes := []*clusterProc{
		startClusterProc(t, etcd, srv, "n0"), startClusterProc(t, etcd, srv, "n1"), startClusterProc(t, etcd, srv, "n2"),
	}
	const objects = 8
	var mu sync.Mutex // guards nodes
	w := startWriters("w", objects, func() []*clusterProc {
		mu.Lock()
		defer mu.Unlock()
		return append([]*clusterProc(nil), nodes...)
	})
	time.Sleep(2 * time.Second)
	victimName := owner(t, etcd, "w0")
	var victim *clusterProc
	mu.Lock()
	for i, p := range nodes {
		if p.name == victimName {
			victim = p
			nodes = append(nodes[:i:i], nodes[i+1:]...)
		}
	}
	mu.Unlock()
	if victim == nil {
		t.Fatalf("w0's owner is %q, not one of the nodes", victimName)
	}
	killed := time.Now()
	victim.kill()
	before := w.ackedOf("w0")
	// Its objects answer on another node once its lease (2 s) has run out.
	for {
		if w.ackedOf("w0") > before {
			break
		}
		if time.Since(killed) > 60*time.Second {
			t.Fatalf("w0 was not served again within a minute of its owner %s's kill", victimName)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("w0 answered again %s after its owner %s was killed (lease 2 s)", time.Since(killed).Round(time.Millisecond), victimName)
	if before == 0 {
		t.Fatal("no increment of w0 was acknowledged before the kill")
	}
	time.Sleep(time.Second)
	w.finish()
	for i := range objects {
		name := fmt.Sprintf("w%d", i)
		got, err := nodes[i%len(nodes)].count(t, name)
		if err != nil {
			t.Fatalf("count %s: %v", name, err)
		}
		w.check(t, name, got, nodes[i%len(nodes)].name)
		if o := owner(t, etcd, name); o == victimName || o == "" {
			t.Errorf("%s is owned by %q after the kill", name, o)
		}
	}
}

// addKey adds 1 to key of the splittable ledger acct through p: nil once acknowledged.
func (p *clusterProc) addKey(client *http.Client, key string) error {
	resp, err := client.Post(p.url+"/v1/objects/ledger/acct/add", "application/json", strings.NewReader(fmt.Sprintf(`{"keys":[%q],"payloads":[1]}`, key)))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("%d %s", resp.StatusCode, b)
	}
	return nil
}

// leaves is what GET .../_leaves says through p of the ledger acct.
func (p *clusterProc) leaves(t *testing.T) []struct{ Leaf, Node string } {
	t.Helper()
	resp, err := http.Get(p.url + "/v1/objects/ledger/acct/_leaves")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct{ Leaves []struct{ Leaf, Node string } }
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil || resp.StatusCode != 200 {
		t.Fatalf("leaves through %s: %d %v", p.name, resp.StatusCode, err)
	}
	return l.Leaves
}

// TestClusterLeafOwnerKilledLosesNoAcknowledgedWrite splits a ledger into eight leaves
// over three nodes (each new leaf goes to the node placement names), writes to its keys
// through every node, and kills the node that serves the most leaves: once its lease is
// over its leaves answer on the others, and every key holds every acknowledged add and
// no more than were sent.
func TestClusterLeafOwnerKilledLosesNoAcknowledgedWrite(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	nodes := []*clusterProc{
		startClusterProc(t, etcd, srv, "n0"), startClusterProc(t, etcd, srv, "n1"), startClusterProc(t, etcd, srv, "n2"),
	}
	client := &http.Client{Timeout: 10 * time.Second}
	if err := nodes[0].addKey(client, "first"); err != nil {
		t.Fatal(err)
	}
	for i, bits := range []string{"", "0", "1", "00", "01", "10", "11"} {
		resp, err := client.Post(nodes[i%3].url+"/v1/objects/ledger/acct/_split", "application/json", strings.NewReader(fmt.Sprintf(`{"leaf":%q}`, bits)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("split %q through %s: %d %s", bits, nodes[i%3].name, resp.StatusCode, b)
		}
	}
	served := map[string]int{}
	for _, l := range nodes[1].leaves(t) {
		served[l.Node]++
	}
	var victim *clusterProc
	for _, p := range nodes {
		if victim == nil || served[p.name] > served[victim.name] {
			victim = p
		}
	}
	if len(served) < 2 {
		t.Fatalf("the leaves are served by %v: one node", served)
	}
	t.Logf("leaves by node: %v; killing %s", served, victim.name)
	var mu sync.Mutex // guards nodes
	const keys = 16
	w := startWritersOf("key", keys, func() []*clusterProc {
		mu.Lock()
		defer mu.Unlock()
		return append([]*clusterProc(nil), nodes...)
	}, (*clusterProc).addKey)
	time.Sleep(2 * time.Second)
	mu.Lock()
	nodes = slices.DeleteFunc(nodes, func(p *clusterProc) bool { return p == victim })
	mu.Unlock()
	killed := time.Now()
	victim.kill()
	acked := func() int {
		n := 0
		for i := range keys {
			n += w.ackedOf(fmt.Sprint("key", i))
		}
		return n
	}
	// Every key answers again once the victim's lease (2 s) is over.
	before := map[string]int{}
	for i := range keys {
		before[fmt.Sprint("key", i)] = w.ackedOf(fmt.Sprint("key", i))
	}
	for again := 0; again < keys; {
		again = 0
		for k, n := range before {
			if w.ackedOf(k) > n {
				again++
			}
		}
		if time.Since(killed) > time.Minute {
			t.Fatalf("%d of %d keys answered within a minute of %s's kill", again, keys, victim.name)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("every key answered again %s after %s was killed (lease 2 s); %d adds acknowledged", time.Since(killed).Round(time.Millisecond), victim.name, acked())
	time.Sleep(time.Second)
	w.finish()
	names := make([]string, keys)
	for i := range names {
		names[i] = fmt.Sprint("key", i)
	}
	body, _ := json.Marshal(map[string]any{"keys": names})
	resp, err := client.Post(nodes[0].url+"/v1/objects/ledger/acct/get", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Leaves []struct {
			Positions []int
			Result    []int
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("get through %s: %d %v", nodes[0].name, resp.StatusCode, err)
	}
	for _, l := range got.Leaves {
		for i, p := range l.Positions {
			w.check(t, names[p], l.Result[i], nodes[0].name)
		}
	}
	for _, l := range nodes[0].leaves(t) {
		if l.Node == victim.name {
			t.Errorf("leaf %q is still served by %s, which was killed", l.Leaf, victim.name)
		}
	}
}

// TestClusterPausedOwnerAnswersNothingStale pauses the owner of a counter (SIGSTOP)
// for longer than its lease: the other node takes the counter over and increments it,
// and once the paused node runs again (SIGCONT) it answers nothing from what it held:
// every read through it fails or sees the new owner's count, and it stops by itself,
// its lease lapsed.
func TestClusterPausedOwnerAnswersNothingStale(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterProc(t, etcd, srv, "a")
	b := startClusterProc(t, etcd, srv, "b")
	client := &http.Client{Timeout: 5 * time.Second}
	// A counter that a owns, resident there.
	var name string
	for i := 0; name == ""; i++ {
		n := fmt.Sprintf("p%d", i)
		if err := a.increment(client, n); err != nil {
			t.Fatalf("increment %s: %v", n, err)
		}
		if owner(t, etcd, n) == "a" {
			name = n
		}
	}
	for range 5 {
		if err := a.increment(client, name); err != nil {
			t.Fatal(err)
		}
	}
	held, err := a.count(t, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	// b takes the counter over once a's lease (2 s) is over, and counts on.
	var took time.Duration
	paused := time.Now()
	for b.increment(client, name) != nil {
		if time.Since(paused) > time.Minute {
			a.cmd.Process.Signal(syscall.SIGCONT)
			t.Fatalf("b did not take %s over within a minute of a's pause", name)
		}
		time.Sleep(50 * time.Millisecond)
	}
	took = time.Since(paused)
	for range 4 {
		if err := b.increment(client, name); err != nil {
			t.Fatal(err)
		}
	}
	now, err := b.count(t, name)
	if err != nil || now != held+5 {
		t.Fatalf("b counts %d (%v) after taking over, want %d", now, err, held+5)
	}
	if err := a.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	stale := 0
	for i := 0; i < 50; i++ {
		got, err := a.count(t, name)
		if err == nil && got < now {
			stale++
			t.Errorf("read %d through a after its pause: %d, the count it held; b's is %d", i, got, now)
		}
		if err != nil && !strings.Contains(err.Error(), "lease_lost") && !strings.Contains(err.Error(), "connection refused") &&
			!strings.Contains(err.Error(), "EOF") && !strings.Contains(err.Error(), "reset") {
			t.Logf("read %d through a: %v", i, err)
		}
	}
	select {
	case <-a.done:
	case <-time.After(30 * time.Second):
		t.Fatal("a did not stop after its lease lapsed")
	}
	t.Logf("b took %s over %s after a paused; a's reads after it ran again: %d stale", name, took.Round(time.Millisecond), stale)
	if got, err := b.count(t, name); err != nil || got != now {
		t.Fatalf("b counts %d (%v) at the end, want %d", got, err, now)
	}
}

// TestClusterOwnerPausedBetweenUploadAndAnswer pauses the owner of a counter (SIGSTOP)
// while an increment's upload is on its way back from the bucket (toxiproxy delays
// what the bucket sends it), for longer than its lease: the other node takes the
// counter over from the bucket, which holds that increment, and counts on; when the
// paused node runs again it gets the upload's answer but does not acknowledge the
// increment (its lease is gone), and stops. Nothing acknowledged is lost, and the
// count never goes back.
func TestClusterOwnerPausedBetweenUploadAndAnswer(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	a := startClusterProcVia(t, etcd.Endpoints(), srv, px.URL(), "a")
	b := startClusterProc(t, etcd, srv, "b")
	name := ownedBy(t, etcd, a, "u")
	client := &http.Client{Timeout: 60 * time.Second}
	for range 3 {
		if err := a.increment(client, name); err != nil {
			t.Fatal(err)
		}
	}
	held, err := a.count(t, name) // 4: ownedBy's increment and three
	if err != nil {
		t.Fatal(err)
	}
	px.AddLatency(1500)
	answer := make(chan error, 1)
	go func() { answer <- a.increment(client, name) }()
	time.Sleep(700 * time.Millisecond) // the upload reached the bucket; its answer is held
	if err := a.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	paused := time.Now()
	// A forward to the paused a waits for its answer: give up on it soon, and try again.
	short := &http.Client{Timeout: 3 * time.Second}
	for b.increment(short, name) != nil {
		if time.Since(paused) > time.Minute {
			a.cmd.Process.Signal(syscall.SIGCONT)
			t.Fatalf("b did not take %s over within a minute of a's pause", name)
		}
		time.Sleep(50 * time.Millisecond)
	}
	took := time.Since(paused)
	now, err := b.count(t, name)
	if err != nil {
		t.Fatal(err)
	}
	// The paused increment reached the bucket before the pause, so b found it there.
	if now != held+2 {
		t.Errorf("b counts %d after taking over and incrementing once, want %d (%d held, the paused increment, b's)", now, held+2, held)
	}
	if err := a.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	err = <-answer
	px.Restore() // a's last uploads, as it stops, need not wait
	t.Logf("b took %s over %s after a paused; a answered %s after", name, took.Round(time.Millisecond), time.Since(paused).Round(time.Millisecond))
	if err == nil {
		t.Errorf("a acknowledged the increment it uploaded before its pause, after its lease was over")
	} else if !strings.Contains(err.Error(), "lease_lost") && !strings.Contains(err.Error(), "EOF") && !strings.Contains(err.Error(), "reset") {
		t.Errorf("the paused increment got %v, want 503 lease_lost (or the connection cut as a stops)", err)
	} else {
		t.Logf("the paused increment: %v", err)
	}
	select {
	case <-a.done:
	case <-time.After(30 * time.Second):
		t.Fatal("a did not stop after its lease lapsed")
	}
	if got, err := b.count(t, name); err != nil || got != now {
		t.Fatalf("b counts %d (%v) at the end, want %d", got, err, now)
	}
}

// TestClusterWorkerReachesObjectsOnEveryNode calls the bundled examples' Worker (its
// JavaScript counter, /counter/NAME) through each of three nodes in turn: the Worker
// runs on the node the request reached, and its calls to the counter go to the node
// that owns it, so every increment counts.
// The nodes speak mutual TLS to each other, with the certificates that `sobjects
// cluster certs` made.
func TestClusterWorkerReachesObjectsOnEveryNode(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	certs := t.TempDir()
	if code, out := cli(t, t.TempDir(), "cluster", "certs", "--dir", certs, "--host", "127.0.0.1", "n0", "n1", "n2"); code != 0 || !strings.Contains(out, "n2-key.pem") {
		t.Fatalf("cluster certs: exit %d:\n%s", code, out)
	}
	withTLS := func(name string) *clusterProc {
		peer := freeAddr(t)
		return startClusterProc(t, etcd, srv, name, "--peer-listen", peer, "--peer-advertise", "https://"+peer,
			"--peer-tls-cert", filepath.Join(certs, name+".pem"), "--peer-tls-key", filepath.Join(certs, name+"-key.pem"),
			"--peer-tls-ca", filepath.Join(certs, "ca.pem"))
	}
	nodes := []*clusterProc{withTLS("n0"), withTLS("n1"), withTLS("n2")}
	for o := range 4 {
		for i, p := range nodes {
			resp, err := http.Post(fmt.Sprintf("%s/counter/worker%d", p.url, o), "", nil)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if want := fmt.Sprintf(`{"value":%d}`, i+1); resp.StatusCode != 200 || strings.TrimSpace(string(b)) != want {
				t.Fatalf("POST /counter/worker%d through %s: %d %s, want %s", o, p.name, resp.StatusCode, b, want)
			}
		}
	}
	code, out := cli(t, t.TempDir(), "status", "--url", nodes[1].url)
	if code != 0 || !strings.Contains(out, "cluster:   node n1") || !strings.Contains(out, "members:   n0, n1, n2") || !strings.Contains(out, "lease 2s valid") {
		t.Errorf("status of n1: exit %d:\n%s", code, out)
	}
}

// ownedBy returns a counter that p owns, after incrementing it once through p.
func ownedBy(t *testing.T, etcd *testetcd.Cluster, p *clusterProc, prefix string) string {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	for i := 0; ; i++ {
		n := fmt.Sprintf("%s%d", prefix, i)
		if err := p.increment(client, n); err != nil {
			t.Fatalf("increment %s: %v", n, err)
		}
		if owner(t, etcd, n) == p.name {
			return n
		}
	}
}

// TestClusterOwnerCutFromEtcdStopsAndIsReplaced cuts one node from every etcd member
// (toxiproxy drops what it sends): it cannot renew its lease, so at its deadline it
// stops answering and exits, and once the lease is over the other node serves its
// counter, with every increment acknowledged before the cut.
func TestClusterOwnerCutFromEtcdStopsAndIsReplaced(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	var proxies []*testbucket.Proxy
	var urls []string
	for _, m := range etcd.Members {
		px := testbucket.StartProxy(t, m.ClientURL)
		proxies = append(proxies, px)
		urls = append(urls, px.URL())
	}
	a := startClusterProcVia(t, urls, srv, srv.Endpoint, "a")
	b := startClusterProc(t, etcd, srv, "b")
	name := ownedBy(t, etcd, a, "e")
	client := &http.Client{Timeout: 5 * time.Second}
	for range 4 {
		if err := a.increment(client, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, px := range proxies {
		px.Blackhole()
	}
	cut := time.Now()
	select {
	case <-a.done:
	case <-time.After(30 * time.Second):
		t.Fatal("the node cut from etcd did not stop within 30 s (lease 2 s)")
	}
	stopped := time.Since(cut)
	for b.increment(client, name) != nil {
		if time.Since(cut) > time.Minute {
			t.Fatalf("b did not take %s over within a minute of a's cut", name)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("a stopped %s after its cut from etcd; b served %s %s after the cut", stopped.Round(time.Millisecond), name, time.Since(cut).Round(time.Millisecond))
	if got, err := b.count(t, name); err != nil || got != 6 {
		t.Fatalf("%s counts %d (%v) on b, want 6 (5 through a, 1 through b)", name, got, err)
	}
}

// TestClusterOwnerCutFromTheBucketAcknowledgesNoWrite cuts the owner of a counter from
// the bucket only: it keeps its lease, so the counter stays there, and every increment
// fails (503) instead of being acknowledged without its upload, through either node;
// once the bucket is back, increments count again from where the acknowledged ones left
// the counter.
func TestClusterOwnerCutFromTheBucketAcknowledgesNoWrite(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	px := testbucket.StartProxy(t, srv.Addr)
	a := startClusterProcVia(t, etcd.Endpoints(), srv, px.URL(), "a")
	b := startClusterProc(t, etcd, srv, "b")
	name := ownedBy(t, etcd, a, "s")
	client := &http.Client{Timeout: 30 * time.Second}
	px.Down()
	for i, p := range []*clusterProc{a, b, a} {
		if err := p.increment(client, name); err == nil {
			t.Fatalf("increment %d through %s with the owner cut from the bucket was acknowledged", i, p.name)
		} else {
			t.Logf("increment %d through %s: %v", i, p.name, err)
		}
	}
	px.Restore()
	deadline := time.Now().Add(time.Minute)
	for a.increment(client, name) != nil {
		if time.Now().After(deadline) {
			t.Fatal("increments did not work again within a minute of the bucket's return")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got, err := b.count(t, name); err != nil || got != 2 {
		t.Fatalf("%s counts %d (%v), want 2: one before the cut, one after", name, got, err)
	}
}

// TestClusterOwnerCutFromTheOtherNodes cuts one node's peer address off (toxiproxy in
// front of it drops what the others send): it keeps its lease and its counter, and
// answers it directly; through the other node the counter fails (503) within the call
// time limit instead of hanging, and works again once the peer address is back.
func TestClusterOwnerCutFromTheOtherNodes(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	peer := freeAddr(t)
	px := testbucket.StartProxy(t, peer)
	a := startClusterProc(t, etcd, srv, "a", "--peer-listen", peer, "--peer-advertise", px.URL(), "--call-timeout", "2")
	b := startClusterProc(t, etcd, srv, "b", "--call-timeout", "2")
	name := ownedBy(t, etcd, a, "o")
	client := &http.Client{Timeout: time.Minute}
	if err := b.increment(client, name); err != nil {
		t.Fatalf("increment through b before the cut: %v", err)
	}
	px.Blackhole()
	start := time.Now()
	err := b.increment(client, name)
	if err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("increment through b with a cut from it: %v, want 503", err)
	}
	t.Logf("through b: %v after %s", err, time.Since(start).Round(time.Millisecond))
	if err := a.increment(client, name); err != nil {
		t.Fatalf("increment through a itself while cut from b: %v", err)
	}
	px.Restore()
	for b.increment(client, name) != nil {
		if time.Since(start) > time.Minute {
			t.Fatal("increments through b did not work again within a minute of the peer address's return")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got, err := a.count(t, name); err != nil || got != 4 {
		t.Fatalf("%s counts %d (%v), want 4", name, got, err)
	}
}

// TestClusterNodeRestartedWithAnEmptyDisk kills the owner of a counter with SIGKILL,
// wipes its data directory and starts it again under the same name and addresses: it
// joins once its old lease is over, and the counter, wherever it is served now, comes
// back from the bucket with every acknowledged increment.
func TestClusterNodeRestartedWithAnEmptyDisk(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterProc(t, etcd, srv, "a")
	b := startClusterProc(t, etcd, srv, "b")
	name := ownedBy(t, etcd, a, "d")
	client := &http.Client{Timeout: 10 * time.Second}
	for range 6 {
		if err := a.increment(client, name); err != nil {
			t.Fatal(err)
		}
	}
	a.kill()
	if err := os.RemoveAll(filepath.Join(a.dir, "data")); err != nil {
		t.Fatal(err)
	}
	a.start()
	for _, p := range []*clusterProc{a, b} {
		if got, err := p.count(t, name); err != nil || got != 7 {
			t.Fatalf("%s through %s after a's restart with an empty disk: %d (%v), want 7", name, p.name, got, err)
		}
	}
	if err := a.increment(client, name); err != nil {
		t.Fatal(err)
	}
	if got, err := b.count(t, name); err != nil || got != 8 {
		t.Fatalf("%s counts %d (%v), want 8", name, got, err)
	}
}

// TestClusterRollingRestartUnderLoad restarts each of three nodes in turn (SIGTERM,
// then the same command again) while writers increment eight counters through all of
// them: afterwards every counter holds every acknowledged increment and no more than
// were sent, and each answers through every node.
func TestClusterRollingRestartUnderLoad(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	nodes := []*clusterProc{
		startClusterProc(t, etcd, srv, "n0"), startClusterProc(t, etcd, srv, "n1"), startClusterProc(t, etcd, srv, "n2"),
	}
	const objects = 8
	w := startWriters("r", objects, func() []*clusterProc { return nodes })
	time.Sleep(time.Second)
	for _, p := range nodes {
		p.stop()
		p.start()
		time.Sleep(500 * time.Millisecond)
	}
	time.Sleep(time.Second)
	w.finish()
	for i := range objects {
		name := fmt.Sprintf("r%d", i)
		for _, p := range nodes {
			got, err := p.count(t, name)
			if err != nil {
				t.Fatalf("count %s through %s after the restarts: %v", name, p.name, err)
			}
			w.check(t, name, got, p.name)
		}
	}
}

// writers increment the counters PREFIX0 ... PREFIX(n-1), one goroutine each, in a loop
// through the nodes that nodes gives, counting the increments sent and acknowledged.
type writers struct {
	mu          sync.Mutex
	acked, sent map[string]int
	stop        chan struct{}
	wg          sync.WaitGroup
}

func startWriters(prefix string, n int, nodes func() []*clusterProc) *writers {
	return startWritersOf(prefix, n, nodes, (*clusterProc).increment)
}

// startWritersOf is startWriters with op, instead of an increment, as each write.
func startWritersOf(prefix string, n int, nodes func() []*clusterProc, op func(p *clusterProc, client *http.Client, name string) error) *writers {
	w := &writers{acked: map[string]int{}, sent: map[string]int{}, stop: make(chan struct{})}
	for o := range n {
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			name := fmt.Sprintf("%s%d", prefix, o)
			for i := 0; ; i++ {
				select {
				case <-w.stop:
					return
				default:
				}
				ns := nodes()
				w.mu.Lock()
				w.sent[name]++
				w.mu.Unlock()
				if err := op(ns[i%len(ns)], client, name); err != nil {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				w.mu.Lock()
				w.acked[name]++
				w.mu.Unlock()
			}
		}()
	}
	return w
}

func (w *writers) ackedOf(name string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.acked[name]
}

// finish stops the writers and waits for them.
func (w *writers) finish() {
	close(w.stop)
	w.wg.Wait()
}

// check fails t unless counter name, which counts got through node, holds every
// acknowledged increment and no more than were sent (one whose answer was lost may
// have counted).
func (w *writers) check(t *testing.T, name string, got int, node string) {
	t.Helper()
	t.Logf("%s through %s: counts %d; %d acknowledged, %d sent", name, node, got, w.acked[name], w.sent[name])
	if got < w.acked[name] || got > w.sent[name] {
		t.Errorf("%s counts %d through %s: %d increments were acknowledged, %d sent", name, got, node, w.acked[name], w.sent[name])
	}
}

// alarmsFired is the node's count of alarm deliveries that succeeded (its /metrics).
func (p *clusterProc) alarmsFired(t *testing.T) int {
	t.Helper()
	resp, err := http.Get(p.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, `sobjects_alarms_total{outcome="ok"} `); ok {
			n, _ := strconv.ParseFloat(v, 64)
			return int(n)
		}
	}
	return 0
}

// TestClusterAlarmOfAKilledOwnerFiresElsewhere sets an alarm on a counter (its reset)
// and kills the counter's owner with SIGKILL before it fires: the other node adopts the
// dead node's alarms once it has left, and fires this one, with nobody calling the
// counter, which is then 0.
func TestClusterAlarmOfAKilledOwnerFiresElsewhere(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	// The alarm index goes up to the bucket within a second of a change.
	a := startClusterProc(t, etcd, srv, "a", "--backup-interval", "1s")
	b := startClusterProc(t, etcd, srv, "b", "--backup-interval", "1s")
	name := ownedBy(t, etcd, a, "al")
	resp, err := http.Post(a.url+"/v1/objects/counter/"+name+"/schedule_reset", "application/json", strings.NewReader(`{"in_ms":5000}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("schedule_reset: %d", resp.StatusCode)
	}
	before := b.alarmsFired(t)
	time.Sleep(2 * time.Second) // a's alarm index is in the bucket
	a.kill()
	deadline := time.Now().Add(time.Minute)
	for b.alarmsFired(t) == before {
		if time.Now().After(deadline) {
			t.Fatalf("b fired no alarm within a minute of a's kill")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got, err := b.count(t, name); err != nil || got != 0 {
		t.Fatalf("%s counts %d (%v) after its alarm, want 0", name, got, err)
	}
}

// TestClusterWebSocketReachesItsRoomThroughAnyNode joins one chat room (the Rust chat
// plugin's WebSocket room) through each of two nodes: the node that does not own the
// room forwards the upgrade to the one that does, and what one says the other hears.
func TestClusterWebSocketReachesItsRoomThroughAnyNode(t *testing.T) {
	etcd := testetcd.Start(t, testetcd.Options{})
	srv := testbucket.Start(t)
	a := startClusterProc(t, etcd, srv, "a")
	b := startClusterProc(t, etcd, srv, "b")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	join := func(p *clusterProc, who string) *websocket.Conn {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.url, "http")+"/v1/objects/chat/hall/fetch/?name="+who, nil)
		if err != nil {
			t.Fatalf("%s joins through %s: %v", who, p.name, err)
		}
		t.Cleanup(func() { c.CloseNow() })
		return c
	}
	// next reads frames until one of type typ (and, for a message, from from), and
	// returns it.
	next := func(c *websocket.Conn, typ string, from ...string) map[string]any {
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				t.Fatalf("waiting for a %q frame: %v", typ, err)
			}
			var m map[string]any
			json.Unmarshal(b, &m)
			if m["type"] == typ && (len(from) == 0 || m["from"] == from[0]) {
				return m
			}
		}
	}
	ann := join(a, "ann")
	next(ann, "join")
	bob := join(b, "bob")
	next(bob, "join")
	if err := ann.Write(ctx, websocket.MessageText, []byte(`{"text":"hello from a"}`)); err != nil {
		t.Fatal(err)
	}
	if m := next(bob, "message", "ann"); m["text"] != "hello from a" {
		t.Fatalf("bob, through b, got %v", m)
	}
	if err := bob.Write(ctx, websocket.MessageText, []byte(`{"text":"hello from b"}`)); err != nil {
		t.Fatal(err)
	}
	if m := next(ann, "message", "bob"); m["text"] != "hello from b" {
		t.Fatalf("ann, through a, got %v", m)
	}

	// The same through the Worker (/chat/NAME), whose stub.fetch hands it the room's
	// WebSocket: on the node that does not own the room, the room's node answers the
	// fetch and the WebSocket is bridged between the two nodes.
	joinWorker := func(p *clusterProc, who string) *websocket.Conn {
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.url, "http")+"/chat/lounge?name="+who, nil)
		if err != nil {
			t.Fatalf("%s joins the lounge through %s's Worker: %v", who, p.name, err)
		}
		t.Cleanup(func() { c.CloseNow() })
		return c
	}
	cat := joinWorker(a, "cat")
	next(cat, "join")
	dan := joinWorker(b, "dan")
	next(dan, "join")
	resp, err := etcd.Client().Get(ctx, "/sobjects/owners/JsChat/"+host.ObjectID("JsChat", "lounge"))
	if err != nil || len(resp.Kvs) != 1 {
		t.Fatalf("the lounge's owner key: %v %v", resp, err)
	}
	t.Logf("the lounge is owned by %s", resp.Kvs[0].Value)
	if err := cat.Write(ctx, websocket.MessageText, []byte(`{"text":"hi dan"}`)); err != nil {
		t.Fatal(err)
	}
	if m := next(dan, "message", "cat"); m["text"] != "hi dan" {
		t.Fatalf("dan, through b's Worker, got %v", m)
	}
	if err := dan.Write(ctx, websocket.MessageText, []byte(`{"text":"hi cat"}`)); err != nil {
		t.Fatal(err)
	}
	if m := next(cat, "message", "dan"); m["text"] != "hi cat" {
		t.Fatalf("cat, through a's Worker, got %v", m)
	}
	dan.Close(websocket.StatusNormalClosure, "bye")
	if m := next(cat, "leave"); m["name"] != "dan" {
		t.Fatalf("cat saw %v when dan left", m)
	}
	// The room refuses a join without a name (400): the Worker on either node passes
	// that answer on.
	for _, p := range []*clusterProc{a, b} {
		_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.url, "http")+"/chat/lounge", nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("a join without a name through %s's Worker: %v %v, want 400", p.name, resp, err)
		}
	}
}

// TestRunConfigCluster: the cluster's settings from flags and [cluster] in
// sobjects.toml, the secret from the environment only, and each mistake a user makes
// refused with what to do.
func TestRunConfigCluster(t *testing.T) {
	t.Chdir(t.TempDir())
	load := func(flags ...string) (runConfig, error) { return runConfigWith(t, flags...) }
	durable := []string{"--backup-bucket", "s3://b/p", "--backup-mode", "durable"}
	node := append([]string{"--cluster-etcd", "http://127.0.0.1:2379", "--node-name", "n1", "--peer-listen", "127.0.0.1:8790"}, durable...)
	t.Setenv(EnvClusterSecret, "")
	if _, err := load(node...); err == nil || !strings.Contains(err.Error(), EnvClusterSecret+" is not set") {
		t.Errorf("no secret: %v", err)
	}
	t.Setenv(EnvClusterSecret, "short")
	if _, err := load(node...); err == nil || !strings.Contains(err.Error(), "5 bytes") {
		t.Errorf("a short secret: %v", err)
	}
	t.Setenv(EnvClusterSecret, strings.Repeat("s", 32))
	cfg, err := load(append(node, "--cluster-lease", "4")...)
	if err != nil || cfg.cluster.node != "n1" || cfg.cluster.advertise != "http://127.0.0.1:8790" || cfg.cluster.lease != 4*time.Second || len(cfg.cluster.etcd) != 1 {
		t.Fatalf("a node: %+v %v", cfg.cluster, err)
	}
	os.WriteFile("sobjects.toml", []byte("[cluster]\netcd = [\"http://10.0.0.1:2379\", \"http://10.0.0.2:2379\"]\nnode_name = \"n2\"\npeer_listen = \"10.0.0.5:8790\"\nlease = \"6s\"\n"), 0o644)
	if cfg, err = load(durable...); err != nil || cfg.cluster.node != "n2" || len(cfg.cluster.etcd) != 2 || cfg.cluster.lease != 6*time.Second || cfg.cluster.advertise != "http://10.0.0.5:8790" {
		t.Fatalf("[cluster] in sobjects.toml: %+v %v", cfg.cluster, err)
	}
	tlsFiles := []string{"--peer-tls-cert", "n1.pem", "--peer-tls-key", "n1-key.pem", "--peer-tls-ca", "ca.pem"}
	if cfg, err = load(slices.Concat(node, tlsFiles)...); err != nil || cfg.cluster.advertise != "https://127.0.0.1:8790" || cfg.cluster.tlsCA != "ca.pem" {
		t.Fatalf("mutual TLS: %+v %v", cfg.cluster, err)
	}
	os.WriteFile("sobjects.toml", []byte("[cluster]\ntls_cert = \"c.pem\"\ntls_key = \"k.pem\"\ntls_ca = \"ca.pem\"\n"), 0o644)
	if cfg, err = load(node...); err != nil || cfg.cluster.tlsCert != "c.pem" || cfg.cluster.tlsKey != "k.pem" || cfg.cluster.advertise != "https://127.0.0.1:8790" {
		t.Fatalf("[cluster] tls_* in sobjects.toml: %+v %v", cfg.cluster, err)
	}
	os.WriteFile("sobjects.toml", []byte("[cluster]\nsecret = \"x\"\n"), 0o644)
	if _, err := load(node...); err == nil || !strings.Contains(err.Error(), "never from the file") {
		t.Errorf("a secret in sobjects.toml: %v", err)
	}
	os.Remove("sobjects.toml")
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--cluster-etcd", "http://127.0.0.1:2379", "--peer-listen", "127.0.0.1:8790"}, "durable backups"},
		{[]string{"--cluster-etcd", "http://127.0.0.1:2379", "--peer-listen", "127.0.0.1:8790", "--backup-bucket", "s3://b/p"}, "durable backups"},
		{append([]string{"--cluster-etcd", "127.0.0.1:2379", "--peer-listen", "127.0.0.1:8790"}, durable...), "not an etcd client URL"},
		{append([]string{"--cluster-etcd", "http://127.0.0.1:2379"}, durable...), "--peer-listen"},
		{append([]string{"--cluster-etcd", "http://127.0.0.1:2379", "--peer-listen", ":8790"}, durable...), "--peer-advertise"},
		{slices.Concat(node, []string{"--cluster-lease", "1"}), "--cluster-lease"},
		{slices.Concat(node, []string{"--cluster-lease", "2.5s"}), "--cluster-lease"},
		{[]string{"--peer-listen", "127.0.0.1:8790"}, "pass --cluster-etcd"},
		{slices.Concat(node, []string{"--peer-tls-cert", "n1.pem"}), "needs all of"},
		{slices.Concat(node, tlsFiles, []string{"--peer-advertise", "http://127.0.0.1:8790"}), "https://"},
		{slices.Concat(node, []string{"--peer-advertise", "https://127.0.0.1:8790"}), "https://"},
		{slices.Concat(node, []string{"--peer-advertise", "127.0.0.1:8790"}), "not a URL"},
	} {
		if _, err := load(c.flags...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error naming %q", c.flags, err, c.want)
		}
	}
}
