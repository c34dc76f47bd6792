package format

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cespare/xxhash/v2"
	"github.com/pierrec/lz4/v4"
)

// Hibernation: an idle instance's state written to its object's storage, and a new
// instance made from it instead of running init (host.Options.Hibernate). A format
// whose instances can do it implements Hibernator on its instances and Restorer on its
// class.

// Hibernator is implemented by an instance whose state can be saved between calls.
type Hibernator interface {
	// Hibernate returns the instance's state, for its class's Restore, or an error
	// wrapping ErrNotHibernatable when it holds what a state cannot carry now (a
	// pending timer, a stream, a stub another object holds). It runs between calls,
	// under the object's input gate; the instance is closed after it either way.
	Hibernate() ([]byte, error)
}

// Restorer is implemented by a class whose instances can be made from a state their
// Hibernate returned.
type Restorer interface {
	// Restore makes an instance for the object objectName from state, as the instance
	// that hibernated was: nothing runs in it (no start function, no init). Errors wrap
	// ErrInvalidPlugin for a state this class did not write.
	Restore(ctx context.Context, objectName string, state []byte) (Instance, error)
}

// ErrNotHibernatable is wrapped by Hibernate's error when the instance cannot be saved.
var ErrNotHibernatable = errors.New("the instance cannot hibernate")

// ErrStaleHibernation is wrapped by Restore's error for a state written against another
// base memory than the class has now: the JavaScript engine's snapshot changes with the
// host's build (its runtime) and with what a bundle's top level computed (a time, a
// random number). Its instance runs init instead.
var ErrStaleHibernation = errors.New("the hibernated state was written against another memory")

// BaseSum is the checksum of a base memory that a state records (xxhash64).
func BaseSum(base []byte) uint64 { return xxhash.Sum64(base) }

// MemoryPage is the unit in which a hibernated memory is compared with its class's
// memory: 4 KiB, the page of the operating system, so that a page an instance wrote
// costs 4 KiB before compression rather than the 64 KiB of a wasm page.
const MemoryPage = 4096

// MemoryState is an instance's state as a hibernation holds it: its linear memory as
// the pages that differ from a base (the memory every new instance of the class starts
// with), its mutable globals, and what the format keeps besides (Extra).
type MemoryState struct {
	Base    uint64   // BaseSum of the base memory the pages were compared with
	Size    uint32   // of the memory, in bytes: a multiple of the wasm page
	Globals []uint64 // in the order the format defines
	Extra   []byte
	runs    []byte // the encoded runs of pages (EncodeMemory), read by ApplyMemory
}

// The encoding: "sohb", version 1, Base, Size, the number of globals and each, Extra's
// length and bytes, then runs until the end: first page, count of pages, compressed
// length (0: the pages follow as they are) and the bytes.
var stateMagic = []byte("sohb\x01")

// EncodeMemory encodes the state of memory mem, which started as base (whose BaseSum is
// baseSum), with globals and extra: each run of pages that differ from base (beyond base, from zeros) is
// compressed with LZ4 (github.com/pierrec/lz4), or kept as it is when that saves
// nothing.
func EncodeMemory(base []byte, baseSum uint64, mem []byte, globals []uint64, extra []byte) []byte {
	out := append([]byte(nil), stateMagic...)
	out = binary.LittleEndian.AppendUint64(out, baseSum)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(mem)))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(globals)))
	for _, g := range globals {
		out = binary.LittleEndian.AppendUint64(out, g)
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(extra)))
	out = append(out, extra...)
	var zero [MemoryPage]byte
	differs := func(p int) bool {
		page := mem[p*MemoryPage : (p+1)*MemoryPage]
		if off := p * MemoryPage; off+MemoryPage <= len(base) { // base is whole wasm pages
			return !bytes.Equal(page, base[off:off+MemoryPage])
		}
		return !bytes.Equal(page, zero[:])
	}
	var c lz4.Compressor
	var buf []byte
	pages := len(mem) / MemoryPage
	for p := 0; p < pages; {
		if !differs(p) {
			p++
			continue
		}
		first := p
		for p < pages && differs(p) {
			p++
		}
		run := mem[first*MemoryPage : p*MemoryPage]
		if need := lz4.CompressBlockBound(len(run)); cap(buf) < need {
			buf = make([]byte, need)
		}
		n, err := c.CompressBlock(run, buf[:cap(buf)])
		out = binary.LittleEndian.AppendUint32(out, uint32(first))
		out = binary.LittleEndian.AppendUint32(out, uint32(p-first))
		if err != nil || n == 0 || n >= len(run) {
			out = binary.LittleEndian.AppendUint32(out, 0)
			out = append(out, run...)
			continue
		}
		out = binary.LittleEndian.AppendUint32(out, uint32(n))
		out = append(out, buf[:n]...)
	}
	return out
}

// DecodeMemory reads the head of a state EncodeMemory wrote; ApplyMemory writes its
// pages. Errors wrap ErrInvalidPlugin.
func DecodeMemory(b []byte) (MemoryState, error) {
	var s MemoryState
	bad := func(what string) (MemoryState, error) {
		return MemoryState{}, fmt.Errorf("%w: a hibernated state: %s", ErrInvalidPlugin, what)
	}
	if !bytes.HasPrefix(b, stateMagic) {
		return bad("no header")
	}
	b = b[len(stateMagic):]
	if len(b) < 16 {
		return bad("cut short")
	}
	s.Base = binary.LittleEndian.Uint64(b)
	s.Size = binary.LittleEndian.Uint32(b[8:])
	n := binary.LittleEndian.Uint32(b[12:])
	b = b[16:]
	if uint64(len(b)) < 8*uint64(n)+4 || s.Size%65536 != 0 {
		return bad("cut short")
	}
	s.Globals = make([]uint64, n)
	for i := range s.Globals {
		s.Globals[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	b = b[8*n:]
	extra := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if uint64(len(b)) < uint64(extra) {
		return bad("cut short")
	}
	s.Extra, s.runs = b[:extra], b[extra:]
	return s, nil
}

// ApplyMemory writes the state's pages into mem, which must be s.Size bytes and hold
// the base the state was encoded against. Errors wrap ErrInvalidPlugin.
func (s MemoryState) ApplyMemory(mem []byte) error {
	if len(mem) != int(s.Size) {
		return fmt.Errorf("%w: a hibernated state of %d bytes of memory, restored into %d", ErrInvalidPlugin, s.Size, len(mem))
	}
	b := s.runs
	for len(b) > 0 {
		if len(b) < 12 {
			return fmt.Errorf("%w: a hibernated state's pages are cut short", ErrInvalidPlugin)
		}
		first, count, n := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:])
		b = b[12:]
		start, end := uint64(first)*MemoryPage, (uint64(first)+uint64(count))*MemoryPage
		if end > uint64(len(mem)) || count == 0 {
			return fmt.Errorf("%w: a hibernated state's pages [%d, +%d) are out of its memory", ErrInvalidPlugin, first, count)
		}
		dst := mem[start:end]
		if n == 0 {
			if len(b) < len(dst) {
				return fmt.Errorf("%w: a hibernated state's pages are cut short", ErrInvalidPlugin)
			}
			copy(dst, b)
			b = b[len(dst):]
			continue
		}
		if uint64(len(b)) < uint64(n) {
			return fmt.Errorf("%w: a hibernated state's pages are cut short", ErrInvalidPlugin)
		}
		if got, err := lz4.UncompressBlock(b[:n], dst); err != nil || got != len(dst) {
			return fmt.Errorf("%w: a hibernated state's pages [%d, +%d) do not decompress: %v", ErrInvalidPlugin, first, count, err)
		}
		b = b[n:]
	}
	return nil
}
