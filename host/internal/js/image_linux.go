package js

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"
	"golang.org/x/sys/unix"
)

// memoryImage is a snapshot's linear memory in a sealed memfd, which the instances
// restored from it map copy-on-write (MAP_PRIVATE): the pages an instance only reads
// stay the one copy in the page cache that every instance of the class shares, and a
// page costs an instance memory of its own only once it writes to it. An instance of
// the example counter writes to about a fifth of its engine's memory in its first
// calls (BenchmarkJSResidentObjects, pss-KiB/object).
//
// It is safe for concurrent use; its file is closed once the snapshot is unreachable
// (the mappings made from it stay valid).
type memoryImage struct {
	fd   int
	size uintptr // in bytes, a multiple of the wasm page (64 KiB)

	viewOnce sync.Once
	viewed   []byte // the file mapped read-only, shared (view); nil until then
	viewErr  error
}

// newMemoryImage puts mem in a sealed memfd; nil where that fails (no memfd): the
// instances then copy the snapshot.
func newMemoryImage(mem []byte) *memoryImage {
	if len(mem) == 0 || len(mem)%unix.Getpagesize() != 0 {
		return nil
	}
	fd, err := unix.MemfdCreate("sobjects-js-snapshot", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil
	}
	for off := 0; off < len(mem); {
		n, err := unix.Pwrite(fd, mem[off:], int64(off))
		if err != nil || n == 0 {
			unix.Close(fd)
			return nil
		}
		off += n
	}
	// Sealed so that no write can reach the pages the instances share.
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_WRITE|unix.F_SEAL_GROW|unix.F_SEAL_SHRINK|unix.F_SEAL_SEAL); err != nil {
		unix.Close(fd)
		return nil
	}
	img := &memoryImage{fd: fd, size: uintptr(len(mem))}
	runtime.AddCleanup(img, func(fd int) { unix.Close(fd) }, fd)
	return img
}

// view returns the image's bytes, mapped read-only from its file once (the mapping
// lives as long as the image): what a hibernating instance's memory is compared with.
func (img *memoryImage) view() ([]byte, error) {
	img.viewOnce.Do(func() {
		b, err := unix.Mmap(img.fd, 0, int(img.size), unix.PROT_READ, unix.MAP_SHARED)
		if err != nil {
			img.viewErr = fmt.Errorf("js engine: mapping the snapshot: %w", err)
			return
		}
		img.viewed = b
		runtime.AddCleanup(img, func(b []byte) { _ = unix.Munmap(b) }, b)
	})
	return img.viewed, img.viewErr
}

// copyTo copies the image into dst, which must be at least its size.
func (img *memoryImage) copyTo(dst []byte) error {
	if uintptr(len(dst)) < img.size {
		return fmt.Errorf("js engine: the memory (%d bytes) is smaller than the snapshot (%d bytes)", len(dst), img.size)
	}
	for off := uintptr(0); off < img.size; {
		n, err := unix.Pread(img.fd, dst[off:img.size], int64(off))
		if err != nil || n == 0 {
			return fmt.Errorf("js engine: reading the snapshot: %v", err)
		}
		off += uintptr(n)
	}
	runtime.KeepAlive(img)
	return nil
}

// cowMemory backs an engine instance's linear memory (wazero's experimental memory
// allocator) with a reserved range of address space as large as the instance may grow,
// so that a memoryImage can be mapped over its start (mapImage). The reservation is
// inaccessible past the memory's size, so that it is not charged as committed memory
// where the system does not overcommit; pages past the image are anonymous and cost
// nothing until written. Should the reservation fail, it falls back to a Go slice, as
// wazero's own allocator does, and mapImage reports false.
type cowMemory struct {
	region []byte // the reservation, len the most the memory may grow to; nil: none
	usable int    // the bytes of region made readable and writable, a multiple of the page
	heap   []byte // the fallback's memory

	unmap runtime.Cleanup // unmaps region once c is unreachable, unless release did
}

var _ experimental.LinearMemory = (*cowMemory)(nil)

// newCOWMemory returns an allocator that records the memory it made in *m.
func newCOWMemory(m **cowMemory) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(capBytes, maxBytes uint64) experimental.LinearMemory {
		c := &cowMemory{}
		*m = c
		page := uint64(unix.Getpagesize())
		size := (maxBytes + page - 1) &^ (page - 1)
		if size > 0 && size <= 1<<32 {
			region, err := unix.Mmap(-1, 0, int(size), unix.PROT_NONE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
			if err == nil {
				_ = unix.Madvise(region, unix.MADV_NOHUGEPAGE) // a huge page would make a touched byte cost 2 MiB
				c.region = region[:maxBytes]
				c.unmap = runtime.AddCleanup(c, func(r []byte) { _ = unix.Munmap(r) }, region)
				return c
			}
		}
		c.heap = make([]byte, 0, capBytes)
		return c
	})
}

// Reallocate implements experimental.LinearMemory: the memory at size bytes, or nil
// past its maximum or where the system refuses the memory.
func (c *cowMemory) Reallocate(size uint64) []byte {
	if c.region != nil {
		if size > uint64(len(c.region)) {
			return nil
		}
		if size > uint64(c.usable) {
			page := unix.Getpagesize()
			end := min((int(size)+page-1)&^(page-1), cap(c.region))
			if err := unix.Mprotect(c.region[c.usable:end], unix.PROT_READ|unix.PROT_WRITE); err != nil {
				return nil
			}
			c.usable = end
		}
		return c.region[:size:size]
	}
	if size > uint64(cap(c.heap)) {
		grown := make([]byte, size, max(size, 2*uint64(cap(c.heap))))
		copy(grown, c.heap)
		c.heap = grown
	}
	c.heap = c.heap[:size]
	return c.heap
}

// Free implements experimental.LinearMemory. wazero calls it when the module closes,
// which closing the runtime does even while a call still runs in the module (an
// engine's Close past its deadline): so the reservation stays mapped until release,
// or until the memory is unreachable, and such a call reads and writes memory that is
// still there rather than faulting.
func (c *cowMemory) Free() {}

// release unmaps the reservation: the instance's Close calls it once its module is
// closed, when no call can run in it. A nil c or the fallback's memory has nothing to
// release.
func (c *cowMemory) release() {
	if c == nil || c.region == nil {
		return
	}
	c.unmap.Stop()
	_ = unix.Munmap(c.region[:cap(c.region)])
	c.region = nil
}

// mapImage maps img over the start of the memory, copy-on-write, replacing what was
// there; the memory must be at least img's size. It reports false, changing nothing,
// where the memory is the fallback's or the mapping fails.
func (c *cowMemory) mapImage(img *memoryImage) (bool, error) {
	if c == nil || c.region == nil || img == nil {
		return false, nil
	}
	if uintptr(c.usable) < img.size {
		return false, fmt.Errorf("js engine: the memory (%d bytes) is smaller than the snapshot (%d bytes)", c.usable, img.size)
	}
	_, err := unix.MmapPtr(img.fd, 0, unsafe.Pointer(unsafe.SliceData(c.region)), img.size,
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_FIXED)
	runtime.KeepAlive(img) // its file stays open until the mapping is made
	if err == nil {
		return true, nil
	}
	// A failed MAP_FIXED may have unmapped the range: map it anonymous again, for the
	// caller to copy the snapshot into.
	if _, err := unix.MmapPtr(-1, 0, unsafe.Pointer(unsafe.SliceData(c.region)), img.size,
		unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_FIXED|unix.MAP_NORESERVE); err != nil {
		return false, fmt.Errorf("js engine: mapping the snapshot failed, and so did mapping its range again: %w", err)
	}
	return false, nil
}
