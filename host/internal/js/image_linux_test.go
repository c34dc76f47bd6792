package js

import (
	"bytes"
	"strings"
	"testing"
)

// imageBytes is a memory of pages pages (64 KiB each) whose every byte tells where it is.
func imageBytes(pages int) []byte {
	b := make([]byte, pages<<16)
	for i := range b {
		b[i] = byte(i*7 + i>>16)
	}
	return b
}

// newTestMemory allocates a memory as wazero would, at minPages of at most maxPages.
func newTestMemory(t *testing.T, minPages, maxPages uint64) (*cowMemory, []byte) {
	t.Helper()
	var c *cowMemory
	lm := newCOWMemory(&c).Allocate(minPages<<16, maxPages<<16)
	if c == nil || c.region == nil {
		t.Fatal("no reservation made")
	}
	t.Cleanup(func() { lm.Free(); c.release() })
	return c, lm.Reallocate(minPages << 16)
}

// An instance's memory mapped from an image reads as the image; what it writes stays
// its own: another memory mapped from the same image, and the image itself, still read
// as before.
func TestMemoryImageMapsCopyOnWrite(t *testing.T) {
	want := imageBytes(3)
	img := newMemoryImage(want)
	if img == nil {
		t.Fatal("no image made")
	}
	a, memA := newTestMemory(t, 3, 16)
	b, memB := newTestMemory(t, 3, 16)
	for _, c := range []*cowMemory{a, b} {
		if ok, err := c.mapImage(img); !ok || err != nil {
			t.Fatalf("mapImage: %v %v", ok, err)
		}
	}
	if !bytes.Equal(memA, want) || !bytes.Equal(memB, want) {
		t.Fatal("a mapped memory does not read as the image")
	}
	copy(memA[70000:], "written by a")
	memA[len(memA)-1] ^= 0xff
	if !bytes.Equal(memB, want) {
		t.Error("a write to one memory shows in another mapped from the same image")
	}
	back := make([]byte, len(want))
	if err := img.copyTo(back); err != nil || !bytes.Equal(back, want) {
		t.Errorf("the image changed under a write to a memory mapped from it (%v)", err)
	}
	if !strings.HasPrefix(string(memA[70000:]), "written by a") {
		t.Error("the write is lost")
	}
}

// A memory grows within its maximum, zeroed past the image, keeping what it holds, and
// refuses to grow past it.
func TestCOWMemoryGrowsZeroedWithinItsMaximum(t *testing.T) {
	want := imageBytes(2)
	img := newMemoryImage(want)
	c, mem := newTestMemory(t, 2, 4)
	if ok, err := c.mapImage(img); !ok || err != nil {
		t.Fatalf("mapImage: %v %v", ok, err)
	}
	mem[5] = 42
	grown := c.Reallocate(4 << 16)
	if len(grown) != 4<<16 || grown[5] != 42 || !bytes.Equal(grown[6:2<<16], want[6:]) {
		t.Fatal("growing lost the memory's contents")
	}
	if !bytes.Equal(grown[2<<16:], make([]byte, 2<<16)) {
		t.Error("the grown pages are not zero")
	}
	if c.Reallocate(5<<16) != nil {
		t.Error("grew past the maximum")
	}
}

// An image larger than the memory it would map into is refused with an error naming
// both sizes, and the memory is left as it was.
func TestMemoryImageLargerThanTheMemoryIsRefused(t *testing.T) {
	img := newMemoryImage(imageBytes(4))
	c, mem := newTestMemory(t, 1, 2)
	mem[0] = 9
	ok, err := c.mapImage(img)
	if ok || err == nil || !strings.Contains(err.Error(), "smaller than the snapshot") {
		t.Fatalf("mapImage = %v, %v; want an error", ok, err)
	}
	if mem[0] != 9 {
		t.Error("the refused mapping changed the memory")
	}
	if err := img.copyTo(make([]byte, 1<<16)); err == nil {
		t.Error("copyTo into too small a memory succeeded")
	}
}

// Where no reservation could be made, the memory lives in a Go slice that keeps its
// contents as it grows, and mapImage says false so that the caller copies the image.
func TestCOWMemoryFallbackCopies(t *testing.T) {
	want := imageBytes(2)
	img := newMemoryImage(want)
	c := &cowMemory{heap: make([]byte, 0, 1<<16)}
	mem := c.Reallocate(2 << 16)
	if ok, err := c.mapImage(img); ok || err != nil {
		t.Fatalf("mapImage on the fallback = %v, %v; want false, nil", ok, err)
	}
	if err := img.copyTo(mem); err != nil || !bytes.Equal(mem, want) {
		t.Fatalf("copyTo: %v", err)
	}
	if grown := c.Reallocate(3 << 16); !bytes.Equal(grown[:2<<16], want) {
		t.Error("the fallback lost its contents growing")
	}
	var none *cowMemory // instantiate made no memory of its own
	if ok, err := none.mapImage(img); ok || err != nil {
		t.Errorf("mapImage without a memory = %v, %v; want false, nil", ok, err)
	}
}

// wazero frees a module's memory when the module closes, which closing the runtime
// does even while a call still runs in it: the memory stays mapped, readable and
// writable, until the instance releases it.
func TestCOWMemoryOutlivesFreeUntilReleased(t *testing.T) {
	var c *cowMemory
	lm := newCOWMemory(&c).Allocate(1<<16, 2<<16)
	mem := lm.Reallocate(1 << 16)
	mem[100] = 1
	lm.Free()
	mem[100]++ // a call still running after its module closed
	if mem[100] != 2 {
		t.Fatal("the memory changed under Free")
	}
	c.release()
	if c.region != nil {
		t.Error("release left the reservation")
	}
	c.release() // a second is harmless
}
