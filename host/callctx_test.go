package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sobjects/sobjects/host/internal/format"
)

// A call's context ends at the call's time limit with context.DeadlineExceeded, and so
// do the contexts derived from it and the functions registered with
// context.AfterFunc; it carries the call's env. The object's next call gets a new
// context, and the one that ended stays ended for whoever still holds it.
func TestCallContextEndsAtTheTimeLimit(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: 20 * time.Millisecond})
	env := &callEnv{obj: e.object("testkit", "o")}
	ctx := e.callContext(env)
	if got := ctx.Value(hostKey{}); got != env {
		t.Fatalf("Value(hostKey) = %v, want the call's env", got)
	}
	if d, ok := ctx.Deadline(); !ok || d.IsZero() {
		t.Fatalf("Deadline() = %v, %v: want the time limit", d, ok)
	}
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	ran := make(chan struct{})
	context.AfterFunc(ctx, func() { close(ran) })
	for _, done := range []<-chan struct{}{ctx.Done(), child.Done(), ran} {
		select {
		case <-done:
		case <-time.After(time.Minute): // a liveness guard only: the limit is 20 ms
			t.Fatal("the call's context, one derived from it, or its AfterFunc did not end at the time limit")
		}
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) || !errors.Is(child.Err(), context.DeadlineExceeded) {
		t.Fatalf("Err() = %v, derived %v: want context.DeadlineExceeded", ctx.Err(), child.Err())
	}
	if !format.PastDeadline(ctx) {
		t.Fatal("PastDeadline is false after the time limit")
	}
	e.endCallContext(env, ctx)

	next := e.callContext(env)
	defer e.endCallContext(env, next)
	if next == ctx || next.Err() != nil {
		t.Fatalf("the next call's context: the same %v, Err %v; want a new, live one", next == ctx, next.Err())
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("the ended call's context: Err %v after the next call began, want context.DeadlineExceeded", ctx.Err())
	}
}

// A call's context that something may hold past the call (a call to another object,
// the bucket), or that still has a function registered with context.AfterFunc, is
// cancelled when the call ends, as context.WithDeadline's cancel would, and stays so
// while the object's next call runs under a new one.
func TestCallContextHeldPastTheCallIsCancelledAtItsEnd(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: time.Hour})
	for _, tt := range []struct {
		name string
		hold func(env *callEnv, ctx context.Context) <-chan struct{}
	}{
		{"shared", func(env *callEnv, ctx context.Context) <-chan struct{} {
			return env.shareContext().Done()
		}},
		{"AfterFunc", func(env *callEnv, ctx context.Context) <-chan struct{} {
			ran := make(chan struct{})
			context.AfterFunc(ctx, func() { close(ran) })
			return ran
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := &callEnv{obj: e.object("testkit", tt.name)}
			ctx := e.callContext(env)
			env.ctx = ctx
			done := tt.hold(env, ctx)
			e.endCallContext(env, ctx)
			select {
			case <-done:
			case <-time.After(time.Minute): // a liveness guard only
				t.Fatal("the call ended and its context did not")
			}
			if !errors.Is(ctx.Err(), context.Canceled) {
				t.Fatalf("Err() = %v after the call ended, want context.Canceled", ctx.Err())
			}
			next := e.callContext(env)
			defer e.endCallContext(env, next)
			if next == ctx || next.Err() != nil {
				t.Fatalf("the next call's context: the same %v, Err %v; want a new, live one", next == ctx, next.Err())
			}
			if !errors.Is(ctx.Err(), context.Canceled) {
				t.Fatalf("the held context: Err %v once the next call began, want context.Canceled", ctx.Err())
			}
		})
	}
}

// A call's context that nothing holds past the call is armed again for the object's
// next call, with the new call's env and time limit; a firing of its timer meant for
// the earlier call that comes late does not end it.
func TestCallContextIsArmedAgainForTheNextCall(t *testing.T) {
	e := newEngine(t, Options{CallTimeout: time.Hour})
	o := e.object("testkit", "o")
	first := &callEnv{obj: o}
	ctx := e.callContext(first)
	stop := context.AfterFunc(ctx, func() {})
	if !stop() {
		t.Fatal("stop of an AfterFunc of a live context: false")
	}
	e.endCallContext(first, ctx)
	if ctx.Err() != nil {
		t.Fatalf("Err() = %v after an ordinary call ended; want it kept to arm again", ctx.Err())
	}

	second := &callEnv{obj: o, deadline: time.Now().Add(time.Minute)}
	again := e.callContext(second)
	if again != ctx {
		t.Fatal("the next call got a new context: the last one was not armed again")
	}
	if got := again.Value(hostKey{}); got != second {
		t.Fatalf("Value(hostKey) = %v, want the next call's env", got)
	}
	if d, _ := again.Deadline(); !d.Equal(second.deadline) {
		t.Fatalf("Deadline() = %v, want the caller's %v", d, second.deadline)
	}
	again.expire() // the earlier call's timer, late
	if again.Err() != nil {
		t.Fatalf("Err() = %v: a late firing for the earlier call ended the next one", again.Err())
	}
	// The next call's AfterFunc (in the slot the first one's left) runs at its end.
	ran := make(chan struct{})
	context.AfterFunc(again, func() { close(ran) })
	e.endCallContext(second, again)
	select {
	case <-ran:
	case <-time.After(time.Minute): // a liveness guard only
		t.Fatal("a function registered with AfterFunc in the next call did not run at its end")
	}
}
