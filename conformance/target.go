package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrUnsupported is what Deployment.Apply returns for an action its target cannot
// apply (disk loss where no backup can bring the data back); a case that needs it is
// skipped on that target.
var ErrUnsupported = errors.New("conformance: the target does not support this action")

// Target serves fixtures: Cloudflare's workerd (the reference) or sobjects in one of
// its modes. Each Deploy is a process of its own, with a data directory of its own.
type Target struct {
	// Name is the target's name in test names, expectation files and the README table:
	// "workerd", "sobjects-t1-fsync", ...
	Name string
	// Durable says that the target's data survives the loss of its local disk (durable
	// backups to a bucket), so LoseDisk applies.
	Durable bool
	// command returns the process serving the fixture folder dir on 127.0.0.1:port
	// with its data under work/data, writing any file it needs under work. Its working
	// directory and environment are set by the caller when left empty.
	command func(dir, work string, port int) (*exec.Cmd, error)
	// readyPath is the path that answers once the process serves.
	readyPath string
}

// deployTimeout is how long a target's process has to answer after it starts.
const deployTimeout = 2 * time.Minute

// Deploy starts t serving the fixture folder dir (absolute), with work, an empty
// directory, for its files. The deployment runs until Stop.
func (t *Target) Deploy(ctx context.Context, dir, work string) (*Deployment, error) {
	d := &Deployment{target: t, dir: dir, work: work}
	if err := d.start(ctx); err != nil {
		return nil, err
	}
	return d, nil
}

// Deployment is one fixture served by one target.
type Deployment struct {
	target *Target
	dir    string
	work   string

	mu     sync.Mutex
	url    string
	cmd    *exec.Cmd
	done   chan struct{} // closed once cmd has exited
	err    error         // cmd's exit, once done is closed
	log    *os.File      // the process's stdout and stderr
	starts int
}

// URL is the base URL the deployment answers on now (without a trailing slash); it
// changes when an action starts the process again.
func (d *Deployment) URL() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.url
}

// Apply applies a between the steps of a case: Restart (SIGTERM, then start again on
// the same data), Kill9 (SIGKILL, then the same), LoseDisk (SIGKILL, delete the data,
// start again; ErrUnsupported unless the target is Durable).
func (d *Deployment) Apply(ctx context.Context, a Action) error {
	switch a {
	case Restart:
		if err := d.stop(syscall.SIGTERM); err != nil {
			return err
		}
	case Kill9:
		if err := d.stop(syscall.SIGKILL); err != nil {
			return err
		}
	case LoseDisk:
		if !d.target.Durable {
			return fmt.Errorf("%w (%s keeps no backup to restore from)", ErrUnsupported, d.target.Name)
		}
		if err := d.stop(syscall.SIGKILL); err != nil {
			return err
		}
		if err := os.RemoveAll(filepath.Join(d.work, "data")); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: %v", ErrUnsupported, a)
	}
	return d.start(ctx)
}

// Stop stops the process gracefully (SIGTERM; SIGKILL after a minute).
func (d *Deployment) Stop() error {
	return d.stop(syscall.SIGTERM)
}

// Log is the end of the process's output (its last 4 KiB), for failure messages.
func (d *Deployment) Log() string {
	b, err := os.ReadFile(filepath.Join(d.work, "log"))
	if err != nil {
		return fmt.Sprintf("(no log: %v)", err)
	}
	if len(b) > 4<<10 {
		b = b[len(b)-4<<10:]
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[i+1:]
		}
	}
	return strings.TrimSpace(string(b))
}

// start starts the process on a free port and waits until it answers. A port taken
// between choosing and binding it makes the process exit saying so; start then tries
// another.
func (d *Deployment) start(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = d.startOnce(ctx)
		if err == nil || ctx.Err() != nil || !strings.Contains(strings.ToLower(err.Error()), "address already in use") {
			return err
		}
	}
	return err
}

func (d *Deployment) startOnce(ctx context.Context) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	cmd, err := d.target.command(d.dir, d.work, port)
	if err != nil {
		return err
	}
	if cmd.Dir == "" {
		// Not the caller's directory: no sobjects.toml of it applies.
		cmd.Dir = d.work
	}
	if cmd.Env == nil {
		cmd.Env = childEnv()
	}
	cmd.SysProcAttr = targetProcAttr()
	log, err := os.OpenFile(filepath.Join(d.work, "log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	d.mu.Lock()
	d.starts++
	fmt.Fprintf(log, "--- start %d: %s\n", d.starts, strings.Join(cmd.Args, " "))
	d.mu.Unlock()
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return fmt.Errorf("%s: %v", d.target.Name, err)
	}
	done := make(chan struct{})
	d.mu.Lock()
	d.cmd, d.done, d.log, d.err = cmd, done, log, nil
	d.url = fmt.Sprintf("http://127.0.0.1:%d", port)
	d.mu.Unlock()
	go func() {
		err := cmd.Wait()
		d.mu.Lock()
		d.err = err
		d.mu.Unlock()
		log.Close()
		close(done)
	}()
	if err := waitReady(ctx, d.url+d.target.readyPath, done); err != nil {
		_ = cmd.Process.Kill()
		<-done
		return fmt.Errorf("%s did not start serving %s: %v; its output ends:\n%s", d.target.Name, filepath.Base(d.dir), err, d.Log())
	}
	return nil
}

// stop signals the process and waits for it to exit (a minute at most after SIGTERM,
// then SIGKILL).
func (d *Deployment) stop(sig syscall.Signal) error {
	d.mu.Lock()
	cmd, done := d.cmd, d.done
	d.mu.Unlock()
	if cmd == nil {
		return nil
	}
	select {
	case <-done:
		return nil
	default:
	}
	_ = cmd.Process.Signal(sig)
	select {
	case <-done:
		return nil
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		return fmt.Errorf("%s did not stop within a minute of %v:\n%s", d.target.Name, sig, d.Log())
	}
}

// waitReady polls url until it answers with any status, the process ends (done), or
// deployTimeout passes.
func waitReady(ctx context.Context, url string, done <-chan struct{}) error {
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(deployTimeout)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no answer within %v: %v", deployTimeout, err)
		}
		select {
		case <-done:
			return errors.New("the process exited")
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// freePort returns a loopback TCP port that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// childEnv is this process's environment without SOBJECTS_* variables, so that none
// of the caller's settings changes a target's mode.
func childEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SOBJECTS_") {
			env = append(env, kv)
		}
	}
	return env
}
