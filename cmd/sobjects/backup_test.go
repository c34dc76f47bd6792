package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/internal/testbucket"
	"github.com/sobjects/sobjects/plugins"
	"github.com/sobjects/sobjects/storage/backup"
)

// TestBackupConfig: [backup] in sobjects.toml, overridden by SOBJECTS_BACKUP_* and
// flags; credentials in the file are refused.
func TestBackupConfig(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sobjects.toml"), []byte(`
[backup]
bucket = "s3://from-file/p"
mode = "durable"
interval = "3s"
`), 0o644)
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	cfg, err := loadRunConfig(newRunCmd(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.backup
	if b.bucket != "s3://from-file/p" || b.mode != backup.ModeDurable || b.interval != 3*time.Second || b.retention != backup.DefaultRetention {
		t.Fatalf("from the file: %+v", b)
	}
	t.Setenv("SOBJECTS_BACKUP_MODE", "interval")
	cmd := newRunCmd()
	cmd.ParseFlags([]string{"--backup-bucket", "s3://from-flag"})
	if cfg, err = loadRunConfig(cmd, nil); err != nil {
		t.Fatal(err)
	}
	if cfg.backup.bucket != "s3://from-flag" || cfg.backup.mode != backup.ModeInterval {
		t.Fatalf("flag and environment over the file: %+v", cfg.backup)
	}

	os.WriteFile(filepath.Join(dir, "sobjects.toml"), []byte("[backup]\nbucket = \"s3://b\"\nsecret_access_key = \"oops\"\n"), 0o644)
	if _, err := loadRunConfig(newRunCmd(), nil); err == nil || !strings.Contains(err.Error(), "only from the environment") {
		t.Fatalf("a secret in the file: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "sobjects.toml"), nil, 0o644)
	for _, args := range [][]string{
		{"--backup-bucket", "https://not-s3/x"},
		{"--backup-mode", "eventually"},
		{"--backup-interval", "soon"},
	} {
		cmd := newRunCmd()
		cmd.ParseFlags(args)
		if _, err := loadRunConfig(cmd, nil); err == nil {
			t.Errorf("%v: accepted", args)
		}
	}
}

func TestBackupCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backup", "list"}, 2, "no bucket"},
		{[]string{"backup", "restore", "--class", "c", "--backup-bucket", "s3://b"}, 2, "--class, --name and --to are required"},
		{[]string{"backup", "restore", "--class", "c", "--name", "n", "--to", "x.db", "--time", "t", "--bookmark", "b", "--backup-bucket", "s3://b"}, 2, "not both"},
		{[]string{"backup", "list", "--name", "n", "--backup-bucket", "s3://b"}, 2, "--name needs --class"},
	} {
		code, out := cli(t, t.TempDir(), tc.args...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", tc.args, code, tc.code, tc.want, out)
		}
	}
}

// TestBackupListAndRestore writes through an engine backed up to a real S3 server,
// then lists and restores with the CLI as a user would.
func TestBackupListAndRestore(t *testing.T) {
	srv := testbucket.Start(t)
	for _, kv := range srv.Env() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	url := "s3://" + srv.Bucket + "/cli"
	b, err := backup.OpenS3(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	st, err := backup.NewStore(context.Background(), backup.Options{Bucket: b, Mode: backup.ModeDurable, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e, err := host.New(context.Background(), host.Options{DataDir: t.TempDir(), Backup: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := plugins.Wasm("counter")
	e.Deploy(context.Background(), "counter", wasm)
	for range 3 {
		if _, err := e.Call(context.Background(), "counter", "alice", "increment", []byte(`{"by":7}`)); err != nil {
			t.Fatal(err)
		}
	}
	mid := time.Now()
	time.Sleep(50 * time.Millisecond)
	if _, err := e.Call(context.Background(), "counter", "alice", "increment", []byte(`{"by":100}`)); err != nil {
		t.Fatal(err)
	}
	e.Close(context.Background())
	st.Close(context.Background())

	dir := t.TempDir()
	code, out := cli(t, dir, "backup", "list", "--backup-bucket", url)
	if code != 0 || !strings.Contains(out, "counter") || !strings.Contains(out, "alice") || !strings.Contains(out, host.ObjectID("counter", "alice")) {
		t.Fatalf("backup list: exit %d:\n%s", code, out)
	}
	code, out = cli(t, dir, "backup", "list", "--backup-bucket", url, "--class", "counter", "--name", "alice")
	if code != 0 || strings.Count(out, "\n") < 3 {
		t.Fatalf("backup list of alice: exit %d:\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want int
	}{
		{nil, 121},
		{[]string{"--time", mid.UTC().Format(time.RFC3339Nano)}, 21},
	} {
		to := filepath.Join(dir, "alice.db")
		args := append([]string{"backup", "restore", "--backup-bucket", url, "--class", "counter", "--name", "alice", "--to", to}, tc.args...)
		code, out := cli(t, dir, args...)
		if code != 0 || !strings.Contains(out, "integrity_check ok") {
			t.Fatalf("%v: exit %d:\n%s", args, code, out)
		}
		if got := counterValue(t, to); got != tc.want {
			t.Fatalf("%v: counter %d, want %d", tc.args, got, tc.want)
		}
	}
	code, out = cli(t, dir, "backup", "restore", "--backup-bucket", url, "--class", "counter", "--name", "bob", "--to", filepath.Join(dir, "bob.db"))
	if code != 1 || !strings.Contains(out, "no backup") {
		t.Fatalf("restore of an object never backed up: exit %d:\n%s", code, out)
	}
	// Before the kept history: the command names the earliest restorable time.
	before := mid.Add(-time.Hour)
	_, err = backup.BookmarkAt(context.Background(), b, "counter", host.ObjectID("counter", "alice"), before)
	var old *backup.TooOldError
	if !errors.As(err, &old) || old.Earliest.IsZero() {
		t.Fatalf("BookmarkAt an hour before: %v, want a *backup.TooOldError with the earliest restorable time", err)
	}
	code, out = cli(t, dir, "backup", "restore", "--backup-bucket", url, "--class", "counter", "--name", "alice",
		"--to", filepath.Join(dir, "old.db"), "--time", before.UTC().Format(time.RFC3339))
	if earliest := old.Earliest.Format(time.RFC3339Nano); code != 1 || !strings.Contains(out, "earliest restorable time, "+earliest) {
		t.Fatalf("restore before the kept history: exit %d:\n%s\nwant exit 1 naming the earliest restorable time %s", code, out, earliest)
	}
}

// counterValue reads the counter plugin's value from its database file.
func counterValue(t *testing.T, path string) int {
	t.Helper()
	conn, err := sqlite3.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmt, _, err := conn.Prepare("SELECT value FROM counter WHERE id = 1")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	if !stmt.Step() {
		t.Fatalf("%s: no counter row (%v)", path, stmt.Err())
	}
	return stmt.ColumnInt(0)
}
