package host

import (
	"fmt"
	"os"
	"testing"
)

// testCompilationCache is the compilation cache that the engines of this package's
// tests share (newEngine), so that each compiles the JavaScript engine and the example
// plugins from the cache rather than anew: under the race detector that is seconds per
// engine.
var testCompilationCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sobjects-host-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testCompilationCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
