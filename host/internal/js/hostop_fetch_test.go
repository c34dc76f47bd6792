package js

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// An instance's six connections are held by requests whose heads the script has and
// does not read, and a seventh waits: the least recently used is cancelled, once. While
// the seventh takes the slot that frees (its flag not yet set), no other is cancelled.
func TestFetchDeadlockCancelsOneRequest(t *testing.T) {
	o := &outbound{slots: make(chan struct{}, MaxFetchConnections), byID: map[int32]*outFetch{}}
	for i := range MaxFetchConnections {
		ctx, cancel := context.WithCancel(context.Background())
		o.slots <- struct{}{}
		o.byID[int32(i+1)] = &outFetch{ctx: ctx, cancel: cancel, started: true, headed: true, used: int64(i + 1),
			resp: &http.Response{Body: io.NopCloser(strings.NewReader(""))}}
	}
	waiting := &outFetch{ctx: context.Background(), cancel: func() {}}
	o.byID[MaxFetchConnections+1] = waiting

	cancelled := func() (n int) {
		for _, f := range o.byID {
			if f.evicted {
				n++
			}
		}
		return n
	}
	o.evictIfDeadlocked()
	if n := cancelled(); n != 1 || !o.byID[1].evicted {
		t.Fatalf("%d requests cancelled (the oldest: %v), want the least recently used one", n, o.byID[1].evicted)
	}
	o.evictIfDeadlocked()
	if n := cancelled(); n != 1 {
		t.Fatalf("while room is made: %d cancelled, want 1", n)
	}
	// The cancelled request gives its slot back; the waiting one takes it before it
	// marks itself started.
	<-o.slots
	o.byID[1].released = true
	o.slots <- struct{}{}
	o.evictIfDeadlocked()
	if n := cancelled(); n != 1 {
		t.Fatalf("with the waiting request on its way: %d cancelled, want 1", n)
	}
	waiting.started = true
	o.evictIfDeadlocked()
	if n := cancelled(); n != 1 {
		t.Fatalf("with the waiting request connecting: %d cancelled, want 1", n)
	}
}
