package format

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// A memory encoded against a base comes back whole when applied over that base, and
// holds only what differs: a page where a few bytes changed takes a few bytes, not the
// page. A state cut short or naming pages out of its memory is refused with
// ErrInvalidPlugin, not applied in part past its end; one of version 1 is stale.
func TestEncodeMemoryRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	base := make([]byte, 2*65536)
	for i := range base {
		base[i] = byte(r.IntN(4))
	}
	mem := make([]byte, 3*65536) // grown by a wasm page
	copy(mem, base)
	mem[5] = 99                         // page 0
	copy(mem[7*MemoryPage:], "changed") // page 7
	for p := 8; p < 24; p++ {
		mem[p*MemoryPage+p] = 200 // a byte in each of 16 pages
	}
	for _, at := range []int{0, 2 * MemoryBlock, 3*MemoryBlock + 5, MemoryPage - 1} {
		mem[25*MemoryPage+at] = 201 // page 25: blocks 0, 2 and 3, and 63
	}
	for i := 26 * MemoryPage; i < 27*MemoryPage; i++ {
		mem[i] = byte(r.Uint32()) // page 26, written whole
	}
	mem[2*65536-1] = 7 // page 31, the base's last, in a run with page 32
	for i := 2 * 65536; i < 2*65536+100; i++ {
		mem[i] = byte(r.Uint32()) // page 32: past the base, not zeros
	}
	state := EncodeMemory(base, BaseSum(base), mem, []uint64{1, 1 << 40}, []byte("extra"))
	s, err := DecodeMemory(state)
	if err != nil {
		t.Fatal(err)
	}
	if s.Base != BaseSum(base) || s.Size != uint32(len(mem)) || len(s.Globals) != 2 || s.Globals[1] != 1<<40 || string(s.Extra) != "extra" {
		t.Fatalf("decoded %+v", s)
	}
	got := make([]byte, len(mem))
	copy(got, base)
	if err := s.ApplyMemory(got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, mem) {
		t.Fatal("the memory applied over its base is not the memory encoded")
	}
	if len(state) > 2*MemoryPage+1024 {
		t.Fatalf("%d bytes for a page written whole and 21 that differ by 1 to 100 bytes each", len(state))
	}
	for _, bad := range [][]byte{nil, []byte("sohb\x02"), state[:len(state)-10]} {
		if s, err := DecodeMemory(bad); err == nil {
			err = s.ApplyMemory(make([]byte, s.Size))
			if !errors.Is(err, ErrInvalidPlugin) {
				t.Errorf("a state of %d bytes cut short: %v, want ErrInvalidPlugin", len(bad), err)
			}
		} else if !errors.Is(err, ErrInvalidPlugin) {
			t.Errorf("a state of %d bytes: %v, want ErrInvalidPlugin", len(bad), err)
		}
	}
	if err := s.ApplyMemory(make([]byte, 65536)); !errors.Is(err, ErrInvalidPlugin) {
		t.Errorf("applied into a smaller memory: %v, want ErrInvalidPlugin", err)
	}
	v1 := append([]byte("sohb\x01"), state[5:]...)
	if _, err := DecodeMemory(v1); !errors.Is(err, ErrStaleHibernation) {
		t.Errorf("a state of version 1: %v, want ErrStaleHibernation", err)
	}
}
