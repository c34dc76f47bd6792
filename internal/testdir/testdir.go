// Package testdir gives a test binary one temporary directory for what its tests share
// across the process (a wazero compilation cache, a built binary), removed when they
// end.
package testdir

import (
	"fmt"
	"os"
	"testing"
)

// Main is a TestMain: it makes a temporary directory named from prefix, passes it to
// use, runs the tests, removes the directory and exits with the tests' status. It
// exits with status 1 when the directory cannot be made.
func Main(m *testing.M, prefix string, use func(dir string)) {
	dir, err := os.MkdirTemp("", "sobjects-"+prefix+"-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	use(dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
