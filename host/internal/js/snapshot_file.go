package js

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/cespare/xxhash/v2"

	"github.com/sobjects/sobjects/host/internal/format"
)

// A class's snapshot kept in a file (Runtime.SetSnapshotDir), so that the next process
// to compile the same bundle with the same build of the host takes it rather than
// evaluating the bundle again. Evaluating it again would make another snapshot (the
// bundle's top level draws other random numbers, reads another time), and a hibernated
// instance's state is only good against the snapshot it was compared with
// (hibernate.go): with the file, states survive a restart.
//
// The file's name is a SHA-256 of what decides the snapshot: the host's executable
// (its engine, runtime.js and the Go code that sets an instance up), the instances'
// memory limit, the class's name and the bundle. It holds the class's Info, the
// snapshot's stack globals and host state, and its memory (the pages that are not
// zeros, compressed: format.EncodeMemory). A file that does not read back whole is
// ignored, and the bundle evaluated as without one. On a file's use the bundle's top
// level does not run, so what it logs is not logged again.
//
// The engine keeps snapshot files only when some class hibernates (host.Options.
// Hibernate), and never removes them: each version of a bundle adds one (about
// 0.5 MB).

// SetSnapshotDir makes dir where classes' snapshots are kept between processes; ""
// (the default) keeps none. Call it before the runtime is used.
func (j *Runtime) SetSnapshotDir(dir string) { j.snapDir = dir }

var hostBuild = sync.OnceValue(func() []byte {
	var sum [8]byte
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := xxhash.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil
	}
	return binary.LittleEndian.AppendUint64(sum[:0], h.Sum64())
})

// snapshotPath is the file of class's snapshot for bundle; "" when none is kept.
func (j *Runtime) snapshotPath(class string, bundle []byte) string {
	build := hostBuild()
	if j.snapDir == "" || build == nil {
		return ""
	}
	h := sha256.New()
	h.Write(build)
	binary.Write(h, binary.LittleEndian, j.limits.MemoryLimitBytes)
	binary.Write(h, binary.LittleEndian, uint64(len(class)))
	h.Write([]byte(class))
	h.Write(bundle)
	return filepath.Join(j.snapDir, hex.EncodeToString(h.Sum(nil))+".snapshot")
}

var snapshotMagic = []byte("sojs\x01")

// writeSnapshot writes s and info to path, whole or not at all.
func writeSnapshot(path string, s *jsSnapshot, info format.Info) error {
	mem, _, err := s.base()
	if err != nil {
		return err
	}
	meta, err := json.Marshal(info)
	if err != nil {
		return err
	}
	b := append([]byte(nil), snapshotMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(meta)))
	b = append(b, meta...)
	st := &s.state
	for _, v := range []uint64{s.sp, s.limit, st.ctx, st.dispatch, st.construc, st.describ, st.seed, st.class,
		uint64(st.argv), uint64(st.jobCtx), uint64(st.flags), uint64(st.buf), uint64(st.bufCap), uint64(s.size)} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	b = append(b, format.EncodeMemory(nil, 0, mem[:s.size], nil, nil)...) // its pages that are not zeros, compressed
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".snapshot-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// readSnapshot reads what writeSnapshot wrote to path.
func readSnapshot(path string) (*jsSnapshot, format.Info, error) {
	var info format.Info
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, info, err
	}
	bad := errors.New("js engine: a snapshot file that does not read back")
	if !bytes.HasPrefix(b, snapshotMagic) || len(b) < len(snapshotMagic)+4 {
		return nil, info, bad
	}
	b = b[len(snapshotMagic):]
	n := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if uint64(len(b)) < uint64(n)+14*8 {
		return nil, info, bad
	}
	if err := json.Unmarshal(b[:n], &info); err != nil {
		return nil, info, fmt.Errorf("%w: %v", bad, err)
	}
	b = b[n:]
	var v [14]uint64
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	pages, err := format.DecodeMemory(b[14*8:])
	if err != nil || uint64(pages.Size) != v[13] {
		return nil, info, bad
	}
	mem := make([]byte, pages.Size)
	if err := pages.ApplyMemory(mem); err != nil {
		return nil, info, fmt.Errorf("%w: %v", bad, err)
	}
	s := &jsSnapshot{size: uint32(v[13]), sp: v[0], limit: v[1]}
	s.state = Instance{ctx: v[2], dispatch: v[3], construc: v[4], describ: v[5], seed: v[6], class: v[7],
		argv: uint32(v[8]), jobCtx: uint32(v[9]), flags: uint32(v[10]), buf: uint32(v[11]), bufCap: uint32(v[12])}
	if s.image = newMemoryImage(mem); s.image == nil {
		s.mem = mem
	}
	return s, info, nil
}
