package conformance

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sobjects/sobjects/internal/testdir"
)

// testDir holds what this package's tests share, made once per test process: the
// compilation cache of the plugins and the JavaScript engine that the behaviour
// suite's servers share (testCompilationCache; compiling them for every server was
// most of a start) and the cmd/sobjects binary (buildSobjects; linking it for every
// test that runs it was much of the package's time).
var (
	testDir              string
	testCompilationCache string
)

func TestMain(m *testing.M) {
	testdir.Main(m, "conformance", func(dir string) {
		testDir = dir
		testCompilationCache = testdir.CompilationCache(filepath.Join(dir, "cache"))
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

// engineRoots are the engine's packages, which nothing this package builds, its tests
// included, may import (the layout rule in doc.go): a check that reached into the
// engine would no longer be a check of what users see.
var engineRoots = []string{"host", "server", "storage", "splitter"}

// TestConformanceImportsNoEngine: `go list -deps -test ./conformance` lists none of
// the engine's packages (engineRoots, or a package below one), so the package and its
// tests reach sobjects only through its binary, over HTTP and the CLI. It names each
// package of this module that imports one, and what it imports.
func TestConformanceImportsNoEngine(t *testing.T) {
	const module = "github.com/sobjects/sobjects/"
	list := exec.Command("go", "list", "-deps", "-test", "-f", `{{.ImportPath}}|{{join .Imports ","}}`, "./conformance")
	list.Dir = ".." // the module root
	out, err := list.Output()
	if err != nil {
		var stderr []byte
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			stderr = ee.Stderr
		}
		t.Fatalf("go list -deps -test ./conformance: %v\n%s", err, stderr)
	}
	isEngine := func(pkg string) bool {
		for _, root := range engineRoots {
			if pkg == module+root || strings.HasPrefix(pkg, module+root+"/") {
				return true
			}
		}
		return false
	}
	// pkgPath is an import path without the " [X.test]" of a package built for a test.
	pkgPath := func(s string) string {
		p, _, _ := strings.Cut(s, " ")
		return p
	}
	var engine, edges []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, "|")
		if isEngine(pkgPath(pkg)) {
			engine = append(engine, pkgPath(pkg))
			continue
		}
		if !strings.HasPrefix(pkg, module) || imports == "" {
			continue
		}
		for _, imp := range strings.Split(imports, ",") {
			if isEngine(pkgPath(imp)) {
				edges = append(edges, fmt.Sprintf("%s imports %s", pkg, pkgPath(imp)))
			}
		}
	}
	if len(engine) > 0 {
		slices.Sort(engine)
		t.Fatalf("conformance and its tests depend on the engine's packages %s:\n%s",
			strings.Join(slices.Compact(engine), ", "), strings.Join(edges, "\n"))
	}
}
