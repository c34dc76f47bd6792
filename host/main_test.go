package host

import (
	"testing"

	"github.com/sobjects/sobjects/internal/testdir"
)

// testCompilationCache is the compilation cache that the engines of this package's
// tests share (newEngine), so that each compiles the JavaScript engine and the example
// plugins from the cache rather than anew: under the race detector that is seconds per
// engine.
var testCompilationCache string

func TestMain(m *testing.M) {
	testdir.Main(m, "host", func(dir string) { testCompilationCache = testdir.CompilationCache(dir) })
}
