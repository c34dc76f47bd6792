//go:build unix

package conformance

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestCrashKill9 builds cmd/sobjects and runs the crash test against it in fsync
// mode: 20 kills by default, SOBJECTS_CRASH_KILLS for the long form (500, which
// needs a -timeout above the default 10 minutes). SOBJECTS_CRASH_DIR keeps the data
// dir and the ack logs there instead of a temporary directory; SOBJECTS_CRASH_SEED
// replays a seed; SOBJECTS_CRASH_DURABILITY=relaxed runs the relaxed mode.
func TestCrashKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test starts and kills the server many times; skipped with -short")
	}
	kills := 20
	if s := os.Getenv("SOBJECTS_CRASH_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("SOBJECTS_CRASH_KILLS=%q: want a positive number", s)
		}
		kills = n
	}
	var seed int64
	if s := os.Getenv("SOBJECTS_CRASH_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("SOBJECTS_CRASH_SEED=%q: %v", s, err)
		}
		seed = n
	}
	durability := "fsync"
	if s := os.Getenv("SOBJECTS_CRASH_DURABILITY"); s != "" {
		durability = s
	}
	tmp := t.TempDir()
	dir := tmp
	if s := os.Getenv("SOBJECTS_CRASH_DIR"); s != "" {
		dir = s
	}

	bin := buildSobjects(t)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		defer cancel()
	}
	rep, err := RunCrash(ctx, CrashOptions{
		Binary:     bin,
		DataDir:    filepath.Join(dir, "data"),
		AckLogDir:  filepath.Join(dir, "acklog"),
		Kills:      kills,
		Durability: durability,
		Seed:       seed,
		Log:        testLogWriter{t},
	})
	t.Logf("report: %+v", rep)
	switch {
	case errors.Is(err, ErrCrashViolation):
		t.Fatalf("the server broke a crash promise (replay with SOBJECTS_CRASH_SEED=%d; keep files with SOBJECTS_CRASH_DIR):\n%v", rep.Seed, err)
	case err != nil:
		t.Fatalf("crash harness: %v", err)
	case rep.Kills != kills || rep.Checked != rep.AckedWrites || rep.AckedWrites == 0:
		t.Fatalf("crash run incomplete: %d of %d kills, %d of %d acknowledged writes checked", rep.Kills, kills, rep.Checked, rep.AckedWrites)
	}
}

// testLogWriter sends the crash log to t.Log, a line per Write.
type testLogWriter struct{ t *testing.T }

func (w testLogWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	s := string(p)
	if n := len(s); n > 0 && s[n-1] == '\n' {
		s = s[:n-1]
	}
	w.t.Log(s)
	return len(p), nil
}

// TestCrashDetectsLoss checks the checker: with the write-ahead logs deleted after
// each kill (acknowledged commits thrown away), RunCrash must report a violation.
func TestCrashDetectsLoss(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the server; skipped with -short")
	}
	tmp := t.TempDir()
	bin := buildSobjects(t)
	crashAfterKill = func(dataDir string) {
		wals, _ := filepath.Glob(filepath.Join(dataDir, "objects", "*", "*", "*.db-wal"))
		for _, w := range wals {
			os.Remove(w)
		}
	}
	defer func() { crashAfterKill = nil }()
	_, err := RunCrash(context.Background(), CrashOptions{
		Binary: bin, DataDir: filepath.Join(tmp, "data"), Kills: 3,
		MinKillDelay: 200 * time.Millisecond, MaxKillDelay: 300 * time.Millisecond,
		Log: testLogWriter{t},
	})
	if !errors.Is(err, ErrCrashViolation) {
		t.Fatalf("RunCrash with the logs deleted after each kill: %v, want a violation", err)
	}
	t.Logf("caught as expected: %v", err)
}
