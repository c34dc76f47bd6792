package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// sourceHash recomputes the source hash that build.sh records in SOURCE_SHA256: the
// SHA-256 of `sha256sum` lines for the plugin's sources, the SDK's sources and the
// workspace files, sorted by path.
func sourceHash(t *testing.T, name string) string {
	t.Helper()
	root := ".."
	var paths []string
	for _, dir := range []string{"sdk-rust", "plugins/" + name} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "target" {
				return filepath.SkipDir
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".rs") || d.Name() == "Cargo.toml") {
				rel, _ := filepath.Rel(root, path)
				paths = append(paths, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"plugins/Cargo.toml", "plugins/Cargo.lock", "plugins/.cargo/config.toml"} {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(h, "%s  %s\n", hex.EncodeToString(sum[:]), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestBuiltFromSource checks that each committed .wasm was built from the committed
// sources: build.sh records the source hash beside the module it builds.
func TestBuiltFromSource(t *testing.T) {
	for _, name := range append(Examples, "testkit", "vecindex") {
		t.Run(name, func(t *testing.T) {
			recorded, err := os.ReadFile(filepath.Join(name, "SOURCE_SHA256"))
			if err != nil {
				t.Fatal(err)
			}
			if got := sourceHash(t, name); strings.TrimSpace(string(recorded)) != got {
				t.Fatalf("%s/%s.wasm is stale: sources hash to %s, the build recorded %s; run plugins/build.sh",
					name, name, got, strings.TrimSpace(string(recorded)))
			}
			if _, err := Wasm(name); err != nil {
				t.Fatal(err)
			}
		})
	}
}
