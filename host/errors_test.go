package host

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
)

// TestPluginFailureMessageIsCut: a plugin that fails with a 50 KB message (SQLite's,
// naming a 50 KB column) gives an error whose message is at most
// MaxFailureMessageBytes, valid UTF-8, and says it was cut.
func TestPluginFailureMessageIsCut(t *testing.T) {
	e := newEngine(t, Options{})
	long := strings.Repeat("é", 25000)
	_, err := e.Call(context.Background(), "testkit", "t", "sql", []byte(`{"sql":"SELECT `+long+`"}`))
	var ae *abi.Error
	if !errors.As(err, &ae) || ae.Code != abi.CodeSQL {
		t.Fatalf("call: %v, want a sql failure", err)
	}
	if len(ae.Message) > MaxFailureMessageBytes || !utf8.ValidString(ae.Message) ||
		!strings.Contains(ae.Message, "no such column: éé") || !strings.HasSuffix(ae.Message, "bytes)") {
		t.Fatalf("message of %d bytes, want at most %d, cut and marked: %.100q…%q", len(ae.Message), MaxFailureMessageBytes,
			ae.Message, ae.Message[max(0, len(ae.Message)-40):])
	}
}

// TestDataDirIsPrivate: under a umask that lets everyone read, everything the engine
// writes under a new data directory (classes, object databases and their logs, the
// alarm index, the compilation cache) is readable by its user only: directories 0700,
// files 0600.
func TestDataDirIsPrivate(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := filepath.Join(t.TempDir(), "data")
	e := newEngine(t, Options{DataDir: dir})
	if _, err := callJSON(t, e, "counter", "a", "increment", `{"by":1}`); err != nil {
		t.Fatal(err)
	}
	if _, err := callJSON(t, e, "counter", "a", "schedule_reset", `{"in_ms":3600000}`); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		rel, _ := filepath.Rel(dir, path)
		seen[filepath.Ext(rel)] = true
		if fi.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v", rel, fi.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".db", ".db-wal", ".wasm", ".json"} {
		if !seen[ext] {
			t.Errorf("no %s file under the data directory: %v", ext, seen)
		}
	}
}
