package host

import "github.com/sobjects/sobjects/host/internal/js"

// Timers of JavaScript objects (setTimeout, setInterval): see package js's
// hostop_timers.go. A call that waits on one frees its worker thread meanwhile.

var _ js.ThreadPauser = (*callEnv)(nil)

// PauseThread frees the call's worker thread while its script sleeps until a timer is
// due; ResumeThread takes it back.
func (env *callEnv) PauseThread() { env.obj.e.pauseSlot(env.obj) }

// ResumeThread: see PauseThread.
func (env *callEnv) ResumeThread() { env.obj.e.resumeSlot(env.obj) }
