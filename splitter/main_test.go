package splitter

import (
	"testing"

	"github.com/sobjects/sobjects/internal/testdir"
)

// testCompilationCache is the wazero compilation cache that every engine of this
// package's tests shares (newEngineWith, openBacked), so that each engine loads the
// ledger and counter plugins from the cache rather than compiling them anew: under
// the race detector that was about a seventh of the package's CPU time.
var testCompilationCache string

func TestMain(m *testing.M) {
	testdir.Main(m, "splitter", func(dir string) { testCompilationCache = testdir.CompilationCache(dir) })
}
