package format

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// A memory encoded against a base comes back whole when applied over that base, and
// holds only the pages that differ; a state cut short or naming pages out of its memory
// is refused with ErrInvalidPlugin, not applied in part past its end.
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
	if len(state) > 4*MemoryPage {
		t.Fatalf("%d bytes for three pages that differ", len(state))
	}
	for _, bad := range [][]byte{nil, []byte("sohb\x01"), state[:len(state)-10]} {
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
}
