package js

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/sobjects/sobjects/host/internal/format"
)

// A class compiled again with a snapshot directory takes the snapshot the first
// compile left there (the same memory, so a hibernated state stays good); a file that
// does not read back is ignored, and the bundle evaluated again.
func TestSnapshotFileIsTakenByTheNextCompile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	bundle := []byte(BundleMarker + "\nglobalThis.__sobjects_manifest = {\"name\":\"t\",\"bindings\":{},\"vars\":{}};\n" +
		"var __sobjects_exports = (() => { const { DurableObject } = globalThis.__sobjects_workers;\n" +
		"const drawn = Math.random();\nclass A extends DurableObject { x() { return drawn } }\nreturn { A };\n})();\n")
	compile := func() (format.Info, uint64) {
		t.Helper()
		rt := wazero.NewRuntime(ctx)
		t.Cleanup(func() { rt.Close(ctx) })
		wasi_snapshot_preview1.MustInstantiate(ctx, rt)
		j := NewRuntime(rt, format.Limits{CallTimeout: 5e9, MemoryLimitBytes: 128 << 20, MaxOutputBytes: 1 << 20}, slog.Default(), nil)
		j.SetSnapshotDir(dir)
		info, c, err := j.Compile(ctx, "A", bundle)
		if err != nil {
			t.Fatal(err)
		}
		_, sum, err := c.(*Class).snapshot.base()
		if err != nil {
			t.Fatal(err)
		}
		return info, sum
	}
	info1, sum1 := compile()
	files, _ := filepath.Glob(filepath.Join(dir, "*.snapshot"))
	if len(files) != 1 {
		t.Fatalf("%d snapshot files, want 1", len(files))
	}
	info2, sum2 := compile()
	if sum2 != sum1 || len(info2.Methods) != 1 || info2.Methods[0] != "x" || info2.Kind != info1.Kind {
		t.Fatalf("the second compile: snapshot %x (first %x), info %+v: want the first's", sum2, sum1, info2)
	}
	if err := os.WriteFile(files[0], []byte("sojs\x01garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, sum3 := compile(); sum3 == sum1 {
		t.Fatal("a compile over a corrupt file has the first snapshot: it did not evaluate the bundle again")
	}
}
