package server

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/plugins"
)

// fullClassesEnv names, in the child process of TestUploadOnFullDisk, the directory
// to serve from.
const fullClassesEnv = "SOBJECTS_TEST_FULL_CLASSES"

// TestUploadOnFullDisk: an upload that finds the disk full answers 507
// insufficient_storage without naming the server's files, and the class goes on
// serving its last version. The class directory is a small tmpfs, mounted in a user
// and mount namespace of its own (unshare -rm): the test runs again there, and is
// skipped where such namespaces are not allowed.
func TestUploadOnFullDisk(t *testing.T) {
	dir := os.Getenv(fullClassesEnv)
	if dir == "" {
		dir = t.TempDir()
		cmd := exec.Command("unshare", "-rm", os.Args[0], "-test.run=^TestUploadOnFullDisk$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), fullClassesEnv+"="+dir)
		out, err := cmd.CombinedOutput()
		switch {
		case strings.Contains(string(out), "--- FAIL") || strings.Contains(string(out), "panic:"):
			t.Fatalf("in the namespace:\n%s", out)
		case strings.Contains(string(out), "--- SKIP"), err != nil:
			t.Skipf("no user and mount namespace here: %v\n%s", err, out)
		}
		return
	}
	classes := filepath.Join(dir, "classes")
	if err := os.MkdirAll(classes, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", classes, "tmpfs", 0, "size=320k"); err != nil {
		t.Skipf("mount tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(classes, 0) })
	v, _ := startOn(t, dir, "") // counter and kv fill most of it
	before, _ := v.srv.e.Class("counter")

	wasm, _ := plugins.Wasm("testkit") // 150 KB: more than is left
	p := v.problem("PUT", "/v1/classes/counter", wasm, 507, "insufficient_storage")
	if strings.Contains(p.Detail, dir) || strings.Contains(p.Detail, ".wasm") {
		t.Fatalf("the detail %q names the server's files", p.Detail)
	}
	_, body, _ := v.do("GET", "/v1/classes/counter", nil)
	var info host.ClassInfo
	if err := json.Unmarshal(body, &info); err != nil || info.Version != before.Version || len(info.Versions) != 1 {
		t.Fatalf("class after the failed upload: %s, want version %s alone", body, before.Version)
	}
	if status, body, _ := v.do("POST", "/v1/objects/counter/a/increment", nil); status != 200 || string(body) != `{"value":1}` {
		t.Fatalf("call after the failed upload: %d %s", status, body)
	}

	// A WebAssembly upload whose compilation cannot be cached, the disk being full
	// there, is the server's fault too: 507, not 422 invalid_plugin.
	second := filepath.Join(dir, "second")
	cache := filepath.Join(second, "cache")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", cache, "tmpfs", 0, "size=64m"); err != nil {
		t.Skipf("mount tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(cache, 0) })
	v, _ = startOn(t, second, "") // compiles counter and kv into the cache
	fill(t, filepath.Join(cache, "filler"))
	p = v.problem("PUT", "/v1/classes/testkit", wasm, 507, "insufficient_storage")
	if strings.Contains(p.Detail, dir) || strings.Contains(p.Detail, "cache") {
		t.Fatalf("the detail %q names the server's files", p.Detail)
	}
	if status, body, _ := v.do("GET", "/v1/classes/testkit", nil); status != 404 {
		t.Fatalf("class after the failed upload: %d %s, want 404", status, body)
	}
	if status, body, _ := v.do("POST", "/v1/objects/counter/a/increment", nil); status != 200 || string(body) != `{"value":1}` {
		t.Fatalf("call after the failed upload: %d %s", status, body)
	}
}

// fill writes path until its file system is full.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 1<<20)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("fill %s: %v", path, err)
			}
			return
		}
	}
}
