// Package testetcd gives tests a real etcd cluster: several members on loopback, each its
// own process, that a test can kill and restart one by one.
//
// The binary comes from tools/build.sh (tools/etcd, pinned in tools/go.mod); ./test.sh
// builds it and sets SOBJECTS_ETCD to its path. Without that variable Start looks for etcd
// on the PATH, then in the tools cache (SOBJECTS_TOOLS_BIN, default
// ~/.cache/sobjects/tools/bin); when none is there the test is skipped.
package testetcd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// EnvEtcd is the environment variable naming the etcd binary (set by ./test.sh).
const EnvEtcd = "SOBJECTS_ETCD"

// startTimeout bounds how long Start and Member.Start wait for members to answer.
const startTimeout = 30 * time.Second

// Options adjust Start. The zero value is three members that do not fsync.
type Options struct {
	// Members is how many members the cluster has; 0 means 3.
	Members int
	// Fsync makes members fsync their log as etcd does by default. Off, they are faster
	// and lose nothing when killed (only when the machine crashes), which is what tests
	// need; benchmarks that measure what users get turn it on.
	Fsync bool
}

// Cluster is a running etcd cluster whose members are child processes of the test.
type Cluster struct {
	Members []*Member
	t       testing.TB
	bin     string
	opts    Options
}

// Member is one etcd member.
type Member struct {
	Name      string // m0, m1, ...
	ClientURL string // http://127.0.0.1:PORT
	PeerURL   string // http://127.0.0.1:PORT
	Dir       string // its data directory

	c    *Cluster
	args []string
	n    int // starts so far, for log file names

	mu sync.Mutex // guards p
	p  *proc
}

// Start starts a cluster on free loopback ports, waits until every member answers, and
// stops them all (SIGKILL, by process id) when the test ends. It skips the test when the
// binary is missing (see the package doc) and fails it when the cluster does not start.
func Start(t testing.TB, opts Options) *Cluster {
	t.Helper()
	if opts.Members == 0 {
		opts.Members = 3
	}
	bin := binary(t)
	var lastErr error
	// A free port can be taken between freePort and etcd's bind; then that member exits
	// and the cluster is started again on other ports.
	for attempt := 0; attempt < 3; attempt++ {
		c := &Cluster{t: t, bin: bin, opts: opts}
		dir := t.TempDir()
		var initial []string
		for i := 0; i < opts.Members; i++ {
			cp, err1 := freePort()
			pp, err2 := freePort()
			if err := errors.Join(err1, err2); err != nil {
				t.Fatal(err)
			}
			m := &Member{
				Name:      "m" + strconv.Itoa(i),
				ClientURL: "http://127.0.0.1:" + strconv.Itoa(cp),
				PeerURL:   "http://127.0.0.1:" + strconv.Itoa(pp),
				Dir:       filepath.Join(dir, "m"+strconv.Itoa(i)),
				c:         c,
			}
			c.Members = append(c.Members, m)
			initial = append(initial, m.Name+"="+m.PeerURL)
		}
		for _, m := range c.Members {
			m.args = []string{
				"--name", m.Name, "--data-dir", m.Dir,
				"--listen-client-urls", m.ClientURL, "--listen-peer-urls", m.PeerURL,
				"--initial-cluster", strings.Join(initial, ","),
				"--initial-cluster-token", "testetcd-" + strconv.Itoa(os.Getpid()) + "-" + strconv.Itoa(attempt),
			}
			if !opts.Fsync {
				m.args = append(m.args, "--unsafe-no-fsync")
			}
			if err := m.spawn(); err != nil {
				t.Fatalf("testetcd: starting %s: %v", bin, err)
			}
		}
		t.Cleanup(func() {
			for _, m := range c.Members {
				m.Kill()
				if t.Failed() {
					t.Logf("testetcd: member %s output:\n%s", m.Name, m.logTail())
				}
			}
		})
		if lastErr = c.waitReady(c.Members...); lastErr == nil {
			return c
		}
		for _, m := range c.Members {
			m.Kill()
		}
	}
	t.Fatalf("testetcd: cluster did not start: %v", lastErr)
	return nil
}

// Endpoints are the members' client URLs, for clientv3.Config.
func (c *Cluster) Endpoints() []string {
	var eps []string
	for _, m := range c.Members {
		eps = append(eps, m.ClientURL)
	}
	return eps
}

// Client is a client of every member, closed when the test ends.
func (c *Cluster) Client() *clientv3.Client {
	c.t.Helper()
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:   c.Endpoints(),
		DialTimeout: 5 * time.Second,
		Logger:      zap.NewNop(),
	})
	if err != nil {
		c.t.Fatalf("testetcd: client: %v", err)
	}
	c.t.Cleanup(func() { cli.Close() })
	return cli
}

// Leader is the member that leads the cluster now, asked of the first live member that
// knows one. It fails the test when none answers within startTimeout.
func (c *Cluster) Leader() *Member {
	c.t.Helper()
	cli := c.Client()
	deadline := time.Now().Add(startTimeout)
	for time.Now().Before(deadline) {
		for _, m := range c.Members {
			if !m.Running() {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			st, err := cli.Status(ctx, m.ClientURL)
			cancel()
			if err == nil && st.Leader != 0 && st.Header.MemberId == st.Leader {
				return m
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.t.Fatalf("testetcd: no leader after %v", startTimeout)
	return nil
}

// waitReady waits until each of ms answers a linearizable read.
func (c *Cluster) waitReady(ms ...*Member) error {
	deadline := time.Now().Add(startTimeout)
	for _, m := range ms {
		cli, err := clientv3.New(clientv3.Config{Endpoints: []string{m.ClientURL}, DialTimeout: time.Second, Logger: zap.NewNop()})
		if err != nil {
			return err
		}
		for {
			if m.exited() {
				cli.Close()
				return fmt.Errorf("member %s exited: %s", m.Name, m.logTail())
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			_, err = cli.Get(ctx, "testetcd-ready")
			cancel()
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				cli.Close()
				return fmt.Errorf("member %s: no answer after %v: %w", m.Name, startTimeout, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		cli.Close()
	}
	return nil
}

// Kill kills the member (SIGKILL, by process id) and waits for it to exit. Killing a
// member that is not running does nothing.
func (m *Member) Kill() {
	m.mu.Lock()
	p := m.p
	m.mu.Unlock()
	if p != nil {
		p.stop()
	}
}

// Start starts a killed member again on its data directory and ports. It does not wait
// for it to answer (without a quorum it cannot); Ready does.
func (m *Member) Start() {
	m.c.t.Helper()
	if m.Running() {
		m.c.t.Fatalf("testetcd: member %s is running", m.Name)
	}
	if err := m.spawn(); err != nil {
		m.c.t.Fatalf("testetcd: restarting %s: %v", m.Name, err)
	}
}

// Ready waits until the members answer a linearizable read (so the cluster has a
// quorum), failing the test after startTimeout.
func (c *Cluster) Ready(ms ...*Member) {
	c.t.Helper()
	if err := c.waitReady(ms...); err != nil {
		c.t.Fatalf("testetcd: %v", err)
	}
}

// Running reports whether the member's process is alive.
func (m *Member) Running() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.p != nil && !m.p.exited()
}

func (m *Member) exited() bool { return !m.Running() }

func (m *Member) spawn() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	log := filepath.Join(filepath.Dir(m.Dir), fmt.Sprintf("%s.%d.log", m.Name, m.n))
	m.n++
	p, err := startProc(m.c.bin, m.args, log)
	if err != nil {
		return err
	}
	m.p = p
	return nil
}

func (m *Member) logTail() string {
	m.mu.Lock()
	p := m.p
	m.mu.Unlock()
	if p == nil {
		return "(not started)"
	}
	return p.logTail()
}

// binary finds etcd (see the package doc) or skips the test. A SOBJECTS_ETCD that names
// no file fails the test, so a broken setup is not mistaken for a skip.
func binary(t testing.TB) string {
	t.Helper()
	if p := os.Getenv(EnvEtcd); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("testetcd: %s=%s: %v (run tools/build.sh)", EnvEtcd, p, err)
		}
		return p
	}
	if p, err := exec.LookPath("etcd"); err == nil {
		return p
	}
	root := os.Getenv("SOBJECTS_TOOLS_BIN")
	if root == "" {
		if cache, err := os.UserCacheDir(); err == nil {
			root = filepath.Join(cache, "sobjects", "tools", "bin")
		}
	}
	// The newest build in the cache: tools/build.sh names each folder after its pins.
	found, _ := filepath.Glob(filepath.Join(root, "*.etcd-*", "etcd"))
	sort.Slice(found, func(i, j int) bool { return mtime(found[i]).After(mtime(found[j])) })
	if len(found) > 0 {
		return found[0]
	}
	t.Skipf("testetcd: %s is not set, etcd is not on the PATH nor in %s: run ./test.sh, or export %s=$(tools/build.sh)/etcd", EnvEtcd, root, EnvEtcd)
	return ""
}

func mtime(p string) time.Time {
	fi, err := os.Stat(p)
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// proc is a child process, its output in a log file.
type proc struct {
	cmd     *exec.Cmd
	logPath string
	done    chan struct{} // closed once the process has exited and been waited for
	once    sync.Once
}

func startProc(path string, args []string, logPath string) (*proc, error) {
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdout = log
	cmd.Stderr = log
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	log.Close()
	p := &proc{cmd: cmd, logPath: logPath, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *proc) stop() {
	p.once.Do(func() {
		if !p.exited() {
			_ = p.cmd.Process.Kill()
		}
		<-p.done
	})
}

func (p *proc) logTail() string {
	b, err := os.ReadFile(p.logPath)
	if err != nil {
		return fmt.Sprintf("(no log: %v)", err)
	}
	const max = 4 << 10
	if len(b) > max {
		b = b[len(b)-max:]
	}
	return strings.TrimSpace(string(b))
}
