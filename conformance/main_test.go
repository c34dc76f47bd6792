package conformance

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sobjects/sobjects/internal/testdir"
)

// testDir holds what this package's tests share, made once per test process: the
// wazero compilation cache of the in-process engines (testCompilationCache) and the
// cmd/sobjects binary (buildSobjects). Under the race detector, compiling the example
// plugins and the JavaScript engine for every engine, and linking the binary for every
// test that runs it, were much of the package's time.
var (
	testDir              string
	testCompilationCache string
)

func TestMain(m *testing.M) {
	testdir.Main(m, "conformance", func(dir string) {
		testDir = dir
		testCompilationCache = filepath.Join(dir, "cache")
	})
}

var sobjectsBinary struct {
	once sync.Once
	path string
	err  error
}

// buildSobjects builds cmd/sobjects once per test process and returns its path. The
// tests that run it each give it a data dir of their own.
func buildSobjects(t *testing.T) string {
	t.Helper()
	b := &sobjectsBinary
	b.once.Do(func() {
		bin := filepath.Join(testDir, "bin", "sobjects")
		build := exec.Command("go", "build", "-o", bin, "./cmd/sobjects")
		build.Dir = ".." // the module root
		if out, err := build.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build ./cmd/sobjects: %v\n%s", err, out)
			return
		}
		b.path = bin
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}
