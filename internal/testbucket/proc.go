package testbucket

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// binary finds the program a test needs: the path in the environment variable env
// (./test.sh sets it from tools/build.sh), else name on the PATH. When neither is there
// the test is skipped, so that a plain `go test ./...` passes without the tools; when the
// variable names a file that is not there the test fails, so a broken setup is not
// mistaken for a skip.
func binary(t testing.TB, env, name string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("testbucket: %s=%s: %v (run tools/build.sh)", env, p, err)
		}
		return p
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	t.Skipf("testbucket: %s is not set and %s is not on the PATH: run ./test.sh, or export %s=$(tools/build.sh)/%s", env, name, env, name)
	return ""
}

// freePort returns a loopback TCP port that was free a moment ago. Another process can
// take it before ours binds it; callers notice (their process exits) and try again.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// proc is a child process of the test, its output in a log file.
type proc struct {
	name    string
	cmd     *exec.Cmd
	logPath string
	done    chan struct{} // closed once the process has exited and been waited for
	err     error         // the Wait result, once done is closed
	once    sync.Once
}

// startProc starts path with args, its stdout and stderr in logPath.
func startProc(path string, args []string, env []string, logPath string) (*proc, error) {
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Env = env
	cmd.Stdout = log
	cmd.Stderr = log
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	log.Close() // the child holds its own copy
	p := &proc{name: filepath.Base(path), cmd: cmd, logPath: logPath, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// Pid is the process id.
func (p *proc) Pid() int { return p.cmd.Process.Pid }

// exited reports whether the process has ended.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop kills the process by its id (SIGKILL) and waits for it. It may be called more
// than once.
func (p *proc) stop() {
	p.once.Do(func() {
		if !p.exited() {
			_ = p.cmd.Process.Kill()
		}
		<-p.done
	})
}

// logTail is the end of the process's output, for failure messages.
func (p *proc) logTail() string {
	b, err := os.ReadFile(p.logPath)
	if err != nil {
		return fmt.Sprintf("(no log: %v)", err)
	}
	const max = 4 << 10
	if len(b) > max {
		b = b[len(b)-max:]
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[i+1:]
		}
	}
	s := strings.TrimSpace(string(b))
	if s == "" {
		return "(no output)"
	}
	return s
}

// describeExit says how the process ended, with its last output.
func (p *proc) describeExit() string {
	status := "exited"
	if p.err != nil {
		status = p.err.Error()
	}
	return fmt.Sprintf("%s (pid %d) %s; its output (%s):\n%s", p.name, p.Pid(), status, p.logPath, p.logTail())
}

// childEnv is this process's environment less the variables that would change how the
// tools run behind the flags we give them (versitygw reads VGW_* and ROOT_*, toxiproxy
// LOG_LEVEL), plus extra.
func childEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "VGW_") || strings.HasPrefix(k, "ROOT_") || k == "LOGFILE" ||
			k == "WEBHOOK" || k == "LOG_LEVEL" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

var errExited = errors.New("process exited")

func itoa(n int) string { return strconv.Itoa(n) }
