//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A second server on a data directory in use is refused at once, saying so and what
// to do, rather than failing on a locked database file; once the first lets go, the
// directory can be locked again.
func TestRunRefusesADataDirInUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	release, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	code, out := cli(t, t.TempDir(), "run", "--data-dir", dir, "--listen", "127.0.0.1:0")
	if code != 1 || !strings.Contains(out, "data directory "+dir+" is in use by another sobjects server") || !strings.Contains(out, "--data-dir") {
		t.Fatalf("run on a locked data directory: exit %d\n%s", code, out)
	}
	release()
	again, err := lockDataDir(dir)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	again()
}
