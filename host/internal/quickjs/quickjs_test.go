package quickjs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	// Keeps github.com/fastschema/qjs in go.mod, at the version whose qjs.wasm Wasm is a
	// copy of: TestWasmIsTheRelease compares the two.
	_ "github.com/fastschema/qjs"
)

const qjsModule = "github.com/fastschema/qjs"

func TestWasmHasItsSHA256(t *testing.T) {
	sum := sha256.Sum256(Wasm())
	if got := hex.EncodeToString(sum[:]); got != SHA256 {
		t.Fatalf("qjs.wasm has SHA-256 %s, SHA256 says %s", got, SHA256)
	}
}

// TestWasmIsTheRelease checks the copy against the qjs.wasm of the qjs module go.mod
// requires, from the module cache (this test's build put it there).
func TestWasmIsTheRelease(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", qjsModule).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", qjsModule, err)
	}
	version, dir, ok := strings.Cut(strings.TrimSpace(string(out)), " ")
	if !ok || dir == "" {
		t.Fatalf("go list -m %s: no module folder in %q", qjsModule, out)
	}
	release, err := os.ReadFile(filepath.Join(dir, "qjs.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(release, Wasm()) {
		want, got := sha256.Sum256(release), sha256.Sum256(Wasm())
		t.Fatalf("go.mod requires %s %s, whose qjs.wasm (SHA-256 %s) is not the copy here (%s): copy it over host/internal/quickjs/qjs.wasm, update SHA256, and check host/js.go against the new build",
			qjsModule, version, hex.EncodeToString(want[:]), hex.EncodeToString(got[:]))
	}
}
