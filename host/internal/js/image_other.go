//go:build !linux

package js

import "github.com/tetratelabs/wazero/experimental"

// memoryImage is, on Linux, a snapshot's memory that instances map copy-on-write
// (image_linux.go); elsewhere there is none and the instances copy the snapshot.
type memoryImage struct{}

func newMemoryImage([]byte) *memoryImage { return nil }

func (img *memoryImage) copyTo([]byte) error { panic("js engine: no memory images here") }

func (img *memoryImage) view() ([]byte, error) { panic("js engine: no memory images here") }

// cowMemory is, on Linux, a linear memory that a memoryImage can be mapped into.
type cowMemory struct{}

func newCOWMemory(**cowMemory) experimental.MemoryAllocator { return nil }

func (c *cowMemory) mapImage(*memoryImage) (bool, error) { return false, nil }

func (c *cowMemory) release() {}
