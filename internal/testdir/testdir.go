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

// EnvCompilationCache names a wazero compilation cache that every test process of one
// run shares (./test.sh sets it): each then compiles the JavaScript engine and the
// example plugins once per run rather than once per process, which under the race
// detector is about 12 s each.
const EnvCompilationCache = "SOBJECTS_TEST_COMPILATION_CACHE"

// CompilationCache is the directory of EnvCompilationCache when it is set, else dir.
// The cache is safe to share between processes: wazero writes each entry whole, by a
// rename.
func CompilationCache(dir string) string {
	if shared := os.Getenv(EnvCompilationCache); shared != "" {
		return shared
	}
	return dir
}
