package splitter

import (
	"fmt"
	"os"
	"testing"
)

// testCompilationCache is the wazero compilation cache that every engine of this
// package's tests shares (newEngineWith, openBacked), so that each engine loads the
// ledger and counter plugins from the cache rather than compiling them anew: under
// the race detector that was about a seventh of the package's CPU time.
var testCompilationCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sobjects-splitter-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testCompilationCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
