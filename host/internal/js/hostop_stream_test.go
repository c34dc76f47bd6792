package js

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A Body's reader gets what its writer released, in order, and nothing staged; the
// writer is told it is full at BodyBufferBytes and woken once the reader took half.
func TestBodyReleasesInOrderAndBoundsWhatItHolds(t *testing.T) {
	b := NewBody()
	woken := 0
	b.SetHooks(func() { woken++ }, nil)
	chunk := make([]byte, 64<<10)
	full := false
	n := 0
	for !full {
		binary.LittleEndian.PutUint32(chunk, uint32(n))
		full, _ = b.write(chunk)
		n++
	}
	if n*len(chunk) < BodyBufferBytes || (n-1)*len(chunk) >= BodyBufferBytes {
		t.Fatalf("full after %d chunks of %d bytes, want at %d bytes", n, len(chunk), BodyBufferBytes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("before release: %v, want nothing to read", err)
	}
	b.finish(nil)
	b.release()
	for i := range n {
		c, err := b.Next(context.Background())
		if err != nil || binary.LittleEndian.Uint32(c) != uint32(i) {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if taken := (i + 1) * len(chunk); woken != 0 && n*len(chunk)-taken > BodyBufferBytes/2 {
			t.Fatalf("woken after %d chunks read, before half was taken", i+1)
		}
	}
	if woken != 1 {
		t.Fatalf("the writer was woken %d times, want once", woken)
	}
	if _, err := b.Next(context.Background()); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
}

// Cut drops what was staged: the reader sees what was released and then the failure.
func TestBodyCutDropsWhatWasStaged(t *testing.T) {
	b := NewBody()
	b.write([]byte("released"))
	b.release()
	b.write([]byte("staged"))
	b.cut(errInstanceGone)
	if c, err := b.Next(context.Background()); string(c) != "released" || err != nil {
		t.Fatalf("first: %q %v", c, err)
	}
	if c, err := b.Next(context.Background()); !errors.Is(err, ErrStreamCut) {
		t.Fatalf("after the cut: %q %v, want ErrStreamCut", c, err)
	}
}

// The reader closing tells a writer that waits, and the writer's next write finds it
// gone; done runs once.
func TestBodyClosedByItsReader(t *testing.T) {
	b := NewBody()
	var woken, done int
	b.SetHooks(func() { woken++ }, func() { done++ })
	if full, _ := b.write(make([]byte, BodyBufferBytes)); !full {
		t.Fatal("not full at BodyBufferBytes")
	}
	b.Close()
	b.Close()
	if _, gone := b.write([]byte("x")); !gone || woken != 1 || done != 1 {
		t.Fatalf("after Close: gone %v, woken %d, done %d", gone, woken, done)
	}
	b.finish(nil)
	b.release()
	if done != 1 {
		t.Fatalf("done ran %d times", done)
	}
}

// A reader that sees the body end, or be cut, finds done run already: the object that
// wrote it no longer counts as streaming by then (host.Engine.keptForStreams).
func TestBodyDoneRunsBeforeItsReaderSeesTheEnd(t *testing.T) {
	for _, end := range []string{"end", "cut"} {
		b := NewBody()
		var done atomic.Bool
		b.SetHooks(func() {}, func() {
			time.Sleep(50 * time.Millisecond) // a slow hook: the reader must not see the end before it returns
			done.Store(true)
		})
		type seen struct {
			err  error
			done bool
		}
		read := make(chan seen, 1)
		go func() {
			_, err := b.Next(context.Background())
			read <- seen{err, done.Load()} // as the reader sees the end
		}()
		if end == "end" {
			b.finish(nil)
			b.release()
		} else {
			b.cut(errInstanceGone)
		}
		if r := <-read; r.err == nil || !r.done {
			t.Fatalf("%s: the reader got %v with done run %v, want the end after done", end, r.err, r.done)
		}
	}
}

// Hammer: a writer that writes, releases and waits for room as a pump does, a reader
// that reads or closes at random: the reader sees a prefix of what was written, in
// order, and the writer never holds much more than BodyBufferBytes.
func TestBodyHammer(t *testing.T) {
	for round := range 50 {
		b := NewBody()
		room := make(chan struct{}, 1)
		var doneN atomic.Int32
		b.SetHooks(func() {
			select {
			case room <- struct{}{}:
			default:
			}
		}, func() { doneN.Add(1) })
		r := rand.New(rand.NewPCG(uint64(round), 1))
		closeAt := -1
		if round%2 == 1 {
			closeAt = r.IntN(200)
		}
		var wg sync.WaitGroup
		wg.Add(2)
		var maxHeld atomic.Int64
		go func() {
			defer wg.Done()
			c := make([]byte, 1+r.IntN(100<<10))
			for i := range 300 {
				binary.LittleEndian.PutUint32(c, uint32(i))
				full, gone := b.write(c[:max(4, len(c)-i)])
				if gone {
					return
				}
				b.mu.Lock()
				maxHeld.Store(max(maxHeld.Load(), int64(b.held)))
				b.mu.Unlock()
				if i%3 == 0 || full {
					b.release()
				}
				if full {
					<-room
				}
			}
			b.finish(nil)
			b.release()
		}()
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				if i == closeAt {
					b.Close()
					return
				}
				c, err := b.Next(context.Background())
				if err == io.EOF {
					if i != 300 {
						t.Errorf("round %d: ended after %d chunks", round, i)
					}
					return
				}
				if err != nil || binary.LittleEndian.Uint32(c) != uint32(i) {
					t.Errorf("round %d: chunk %d: %v", round, i, err)
					return
				}
			}
		}()
		wg.Wait()
		if m := maxHeld.Load(); m > BodyBufferBytes+100<<10 {
			t.Fatalf("round %d: held %d bytes", round, m)
		}
		if n := doneN.Load(); n != 1 {
			t.Fatalf("round %d: done ran %d times", round, n)
		}
	}
}
