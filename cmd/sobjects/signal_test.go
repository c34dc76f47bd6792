package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// envRunCLI makes the test binary run the CLI with its arguments instead of the tests,
// so that a test can signal a real sobjects process.
const envRunCLI = "SOBJECTS_TEST_RUN_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(envRunCLI) == "1" {
		os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	if compileCacheDir != "" {
		os.RemoveAll(compileCacheDir)
	}
	os.Exit(code)
}

// TestSIGTERMDuringStartSaysInterrupted sends SIGTERM to sobjects run while it
// evaluates a JavaScript bundle whose top level never ends (under a call time limit of
// five minutes): it exits at once, saying the start was interrupted by the signal, not
// that the bundle ran out of time.
func TestSIGTERMDuringStartSaysInterrupted(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "slow.js")
	if err := os.WriteFile(js, []byte(`import { DurableObject } from "cloudflare:workers";
for (;;) {}
export class Slow extends DurableObject { ping() { return 1; } }
`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "run", "--data-dir", filepath.Join(dir, "data"), "--listen", "127.0.0.1:0",
		"--log-level", "debug", "--call-timeout", "300", js)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOMEMLIMIT=") && !strings.HasPrefix(kv, "SOBJECTS_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, envRunCLI+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var out strings.Builder
	lines := bufio.NewScanner(stderr)
	for lines.Scan() { // the engine is open; the bundle is evaluated next
		out.WriteString(lines.Text() + "\n")
		if strings.Contains(lines.Text(), "msg=memory") {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatalf("SIGTERM: %v\n%s", err, out.String())
	}
	for lines.Scan() {
		out.WriteString(lines.Text() + "\n")
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1\n%s", err, out.String())
	}
	if s := out.String(); !strings.Contains(s, "start interrupted (terminated signal received)") ||
		!strings.Contains(s, "evaluating the bundle was interrupted") || strings.Contains(s, "did not finish within") {
		t.Fatalf("output does not say the start was interrupted by SIGTERM:\n%s", s)
	}
}
