package server

import (
	"testing"

	"github.com/sobjects/sobjects/internal/testdir"
)

// testCompilationCache is the wazero compilation cache that the engines of this
// package's tests share (start, serve, nodeOptionsAt and others), so that each loads
// the example plugins and the JavaScript engine from the cache rather than compiling
// them anew: under the race detector that was about a third of the package's CPU
// time. startOn keeps the default, the cache under its data dir, which the tests of a
// full disk fill.
var testCompilationCache string

func TestMain(m *testing.M) {
	testdir.Main(m, "server", func(dir string) { testCompilationCache = testdir.CompilationCache(dir) })
}
