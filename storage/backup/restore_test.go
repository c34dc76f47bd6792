package backup

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/superfly/ltx"
)

// ltxWithPagePastCommit is an LTX file of one 4 KiB page numbered 1000 whose header
// says the database has one page: what a hostile or broken bucket could hold.
func ltxWithPagePastCommit(t testing.TB) []byte {
	t.Helper()
	page := bytes.Repeat([]byte{0xAB}, 4096)
	b, err := encodeLTX(4096, 1000, 2, 2, time.UnixMilli(1), 1, map[uint32][]byte{1000: page})
	if err != nil {
		t.Fatal(err)
	}
	binary.BigEndian.PutUint32(b[12:16], 1) // the header's commit, in pages
	return b
}

// A restore writes no page the file's own header places past the database's end: a
// file from the bucket does not get to make the restored database as large as it
// likes (a page numbered 2^32-1 of 64 KiB is 256 TiB in).
func TestRestoreRefusesPagePastCommit(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pageSize, commit uint32
	err = applyLTX(bytes.NewReader(ltxWithPagePastCommit(t)), f, make([]byte, ltx.MaxPageSize), &pageSize, &commit)
	if err == nil {
		t.Fatal("an LTX file with a page past its commit was applied")
	}
	if st, _ := f.Stat(); st.Size() != 0 {
		t.Fatalf("the refused file left %d bytes written (%v)", st.Size(), err)
	}
}

// An LTX file of a few hundred bytes whose first page block claims 4 GiB is refused
// before anything allocates that much (ltx's decoder allocates a block's claimed size
// before reading it; the fuzzer found a worker at 5 GiB).
func TestRestoreRefusesOversizedPageBlock(t *testing.T) {
	b, err := encodeLTX(4096, 1, 2, 2, time.UnixMilli(1), 1, map[uint32][]byte{1: make([]byte, 4096)})
	if err != nil {
		t.Fatal(err)
	}
	if flags := binary.BigEndian.Uint16(b[ltx.HeaderSize+4:]); flags&ltx.PageHeaderFlagSize == 0 {
		t.Fatalf("the encoder wrote page flags %#x, not the block format this test changes", flags)
	}
	binary.BigEndian.PutUint32(b[ltx.HeaderSize+ltx.PageHeaderSize:], 0xFFFFFF00)
	f, err := os.Create(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var pageSize, commit uint32
	err = applyLTX(bytes.NewReader(b), f, make([]byte, ltx.MaxPageSize), &pageSize, &commit)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errBlockTooLarge) {
		t.Fatalf("a page block claiming 4 GiB: %v, want errBlockTooLarge", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Fatalf("refusing it allocated %d MiB", alloc>>20)
	}
}

// FuzzApplyLTX: whatever bytes a bucket holds, applying them returns (no panic, no
// hang) and writes nothing past the size the file's header declares.
func FuzzApplyLTX(f *testing.F) {
	pages := map[uint32][]byte{1: bytes.Repeat([]byte{1}, 4096), 2: bytes.Repeat([]byte{2}, 4096)}
	good, err := encodeLTX(4096, 2, 1, 1, time.UnixMilli(1), 1, pages)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(ltxWithPagePastCommit(f))
	f.Add(good[:len(good)/2])
	huge := bytes.Clone(good)
	binary.BigEndian.PutUint32(huge[ltx.HeaderSize+ltx.PageHeaderSize:], 0xFFFFFF00)
	f.Add(huge)
	dir := f.TempDir()
	buf := make([]byte, ltx.MaxPageSize)
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := os.CreateTemp(dir, "db")
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(file.Name())
		defer file.Close()
		var pageSize, commit uint32
		_ = applyLTX(bytes.NewReader(b), file, buf, &pageSize, &commit)
		st, err := file.Stat()
		if err != nil {
			t.Fatal(err)
		}
		if max := int64(commit) * int64(pageSize); st.Size() > max {
			t.Fatalf("wrote %d bytes, past the %d pages of %d bytes the header declares", st.Size(), commit, pageSize)
		}
	})
}
