package server

import (
	"fmt"
	"os"
	"testing"
)

// testCompilationCache is the wazero compilation cache that the engines of this
// package's tests share (start, serve, nodeOptionsAt and others), so that each loads
// the example plugins and the JavaScript engine from the cache rather than compiling
// them anew: under the race detector that was about a third of the package's CPU
// time. startOn keeps the default, the cache under its data dir, which the tests of a
// full disk fill.
var testCompilationCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sobjects-server-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testCompilationCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
