package format

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

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

// MemoryBlock is the unit within a page in which a state keeps what changed: a page
// where an instance wrote a few words costs a few blocks, not the page (the JavaScript
// engine writes a little in each of many pages).
const MemoryBlock = 64

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

// The encoding: "sohb", version 2, Base, Size, the number of globals and each, Extra's
// length and bytes, then runs until the end. A run is its first page, its count of
// pages, for each page a 64-bit map of the blocks (MemoryBlock) that differ, then the
// compressed length of those blocks (0: they follow uncompressed) and their bytes, in
// order. Version 1 stored whole pages: its states are stale (ErrStaleHibernation).
var (
	stateMagic   = []byte("sohb\x02")
	stateMagicV1 = []byte("sohb\x01")
)

const blocksPerPage = MemoryPage / MemoryBlock // 64: a page's map is a uint64

// EncodeMemory encodes the state of memory mem, which started as base (whose BaseSum is
// baseSum), with globals and extra: for each run of pages that differ from base (beyond
// base, from zeros), the blocks that differ, compressed with LZ4
// (github.com/pierrec/lz4) unless that saves nothing.
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
	was := func(p int) []byte { // page p of the base, or zeros past it (base is whole wasm pages)
		if off := p * MemoryPage; off+MemoryPage <= len(base) {
			return base[off : off+MemoryPage]
		}
		return zero[:]
	}
	var c lz4.Compressor
	var buf, blocks []byte
	pages := len(mem) / MemoryPage
	for p := 0; p < pages; {
		if bytes.Equal(mem[p*MemoryPage:(p+1)*MemoryPage], was(p)) {
			p++
			continue
		}
		first := p
		out = binary.LittleEndian.AppendUint32(out, uint32(first))
		countAt := len(out)
		out = append(out, 0, 0, 0, 0)
		blocks = blocks[:0]
		for ; p < pages; p++ {
			page, old := mem[p*MemoryPage:(p+1)*MemoryPage], was(p)
			var changed uint64
			for b := range blocksPerPage {
				if blk := page[b*MemoryBlock : (b+1)*MemoryBlock]; !bytes.Equal(blk, old[b*MemoryBlock:(b+1)*MemoryBlock]) {
					changed |= 1 << b
					blocks = append(blocks, blk...)
				}
			}
			if changed == 0 {
				break
			}
			out = binary.LittleEndian.AppendUint64(out, changed)
		}
		binary.LittleEndian.PutUint32(out[countAt:], uint32(p-first))
		if need := lz4.CompressBlockBound(len(blocks)); cap(buf) < need {
			buf = make([]byte, need)
		}
		n, err := c.CompressBlock(blocks, buf[:cap(buf)])
		if err != nil || n == 0 || n >= len(blocks) {
			out = binary.LittleEndian.AppendUint32(out, 0)
			out = append(out, blocks...)
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
	if bytes.HasPrefix(b, stateMagicV1) {
		return MemoryState{}, fmt.Errorf("%w: a hibernated state of version 1", ErrStaleHibernation)
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

var errStateCutShort = fmt.Errorf("%w: a hibernated state's pages are cut short", ErrInvalidPlugin)

// ApplyMemory writes the state's blocks into mem, which must be s.Size bytes and hold
// the base the state was encoded against, and zeros past it, as a new instance's
// memory does. It writes only what changed, and reads nothing of mem, so that a page of
// a copy-on-write mapping faults once. Errors wrap ErrInvalidPlugin.
func (s MemoryState) ApplyMemory(mem []byte) error {
	if len(mem) != int(s.Size) {
		return fmt.Errorf("%w: a hibernated state of %d bytes of memory, restored into %d", ErrInvalidPlugin, s.Size, len(mem))
	}
	short := errStateCutShort
	var scratch []byte
	b := s.runs
	for len(b) > 0 {
		if len(b) < 8 {
			return short
		}
		first, count := binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])
		b = b[8:]
		if end := (uint64(first) + uint64(count)) * MemoryPage; end > uint64(len(mem)) || count == 0 {
			return fmt.Errorf("%w: a hibernated state's pages [%d, +%d) are out of its memory", ErrInvalidPlugin, first, count)
		}
		if uint64(len(b)) < 8*uint64(count)+4 {
			return short
		}
		maps := b[:8*count]
		b = b[8*count:]
		size := 0
		for i := range count {
			size += bits.OnesCount64(binary.LittleEndian.Uint64(maps[8*i:])) * MemoryBlock
		}
		n := binary.LittleEndian.Uint32(b)
		b = b[4:]
		var blocks []byte
		switch {
		case n == 0 && len(b) < size, n > 0 && uint64(len(b)) < uint64(n):
			return short
		case n == 0:
			blocks, b = b[:size], b[size:]
		default:
			scratch = slices.Grow(scratch[:0], size)[:size]
			if got, err := lz4.UncompressBlock(b[:n], scratch); err != nil || got != size {
				return fmt.Errorf("%w: a hibernated state's pages [%d, +%d) do not decompress: %v", ErrInvalidPlugin, first, count, err)
			}
			blocks, b = scratch, b[n:]
		}
		for i := range count {
			page := mem[(int(first)+int(i))*MemoryPage:]
			for changed := binary.LittleEndian.Uint64(maps[8*i:]); changed != 0; {
				// a span of consecutive blocks at once: a page written whole is one copy
				at := bits.TrailingZeros64(changed)
				n := bits.TrailingZeros64(^(changed >> at))
				k := copy(page[at*MemoryBlock:(at+n)*MemoryBlock], blocks)
				blocks = blocks[k:]
				if at+n == blocksPerPage {
					break
				}
				changed &^= (1<<n - 1) << at
			}
		}
	}
	return nil
}
