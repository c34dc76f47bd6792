package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestUpDetachedThenStatusLogsDown starts a node as a user would with up --detach,
// asks it how it is, reads its log, and stops it with down: the process has exited, its
// pid file is gone, and a second down says nothing runs.
func TestUpDetachedThenStatusLogsDown(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(envRunCLI, "1") // the detached child is this test binary, run as the CLI
	addr := freeAddr(t)
	code, out := cli(t, dir, "up", "--detach", "--data-dir", "data", "--listen", addr)
	if code != 0 || !strings.Contains(out, "sobjects is up: pid") {
		t.Fatalf("up --detach: exit %d:\n%s", code, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "data", pidFile))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	if code, out := cli(t, dir, "up", "--detach", "--data-dir", "data", "--listen", addr); code == 0 || !strings.Contains(out, "already runs") {
		t.Errorf("a second up --detach on the same data directory: exit %d:\n%s", code, out)
	}
	if code, out := cli(t, dir, "up", "--detach", "--data-dir", "other", "--listen", addr); code == 0 {
		t.Errorf("up --detach on the address of another server: exit 0, want a failure:\n%s", out)
	}
	code, out = cli(t, dir, "status", "--url", "http://"+addr)
	if code != 0 || !strings.Contains(out, "classes:   JsChat") || !strings.Contains(out, "a single node") {
		t.Errorf("status: exit %d:\n%s", code, out)
	}
	code, out = cli(t, dir, "logs", "--data-dir", "data")
	if code != 0 || !strings.Contains(out, "msg=serving") {
		t.Errorf("logs: exit %d:\n%s", code, out)
	}
	code, out = cli(t, dir, "down", "--data-dir", "data")
	if code != 0 || !strings.Contains(out, "sobjects is down") {
		t.Fatalf("down: exit %d:\n%s", code, out)
	}
	if syscall.Kill(pid, 0) == nil {
		t.Errorf("pid %d still runs after down", pid)
	}
	if _, err := os.Stat(filepath.Join(dir, "data", pidFile)); !os.IsNotExist(err) {
		t.Errorf("the pid file is still there after down: %v", err)
	}
	if code, out := cli(t, dir, "down", "--data-dir", "data"); code == 0 || !strings.Contains(out, "no node runs") {
		t.Errorf("down with nothing running: exit %d:\n%s", code, out)
	}
}

// TestServiceInstallWritesAUnit: the unit runs this binary's run in the folder, with
// the flags given, restarts it whenever it exits, and takes its secrets from
// sobjects.env (made, mode 0600), never from its command line.
func TestServiceInstallWritesAUnit(t *testing.T) {
	dir := t.TempDir()
	units := filepath.Join(dir, "units")
	code, out := cli(t, dir, "service", "install", "--unit-dir", units, "--name", "sobjects-test", "--", "--listen", "0.0.0.0:8787", "--data-dir", "/var/lib/my objects")
	if code != 0 || !strings.Contains(out, "systemctl enable --now sobjects-test") {
		t.Fatalf("service install: exit %d:\n%s", code, out)
	}
	b, err := os.ReadFile(filepath.Join(units, "sobjects-test.service"))
	if err != nil {
		t.Fatal(err)
	}
	unit := string(b)
	self, _ := os.Executable()
	self, _ = filepath.EvalSymlinks(self)
	real, _ := filepath.EvalSymlinks(dir)
	for _, want := range []string{
		"ExecStart=" + self + ` run --listen 0.0.0.0:8787 --data-dir "/var/lib/my objects"`,
		"WorkingDirectory=" + real,
		"EnvironmentFile=-" + filepath.Join(real, envFile),
		"Restart=always",
		"KillSignal=SIGTERM",
	} {
		if !strings.Contains(unit, want+"\n") {
			t.Errorf("the unit lacks the line %q:\n%s", want, unit)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, envFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: %v (%v), want a file of mode 0600", envFile, fi, err)
	}
	if code, out := cli(t, dir, "service", "install", "--unit-dir", units, "--", "--cluster-secret=x"); code != 2 || !strings.Contains(out, envFile) {
		t.Errorf("a secret on the unit's command line: exit %d:\n%s", code, out)
	}
}
