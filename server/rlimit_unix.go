//go:build unix

package server

import "syscall"

// FileLimit raises the process's soft RLIMIT_NOFILE to its hard limit, where it is
// lower, and returns the soft limit then in force: how many file descriptors the
// process may hold. (Go raises it at start on most systems already; this makes sure.)
func FileLimit() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 1024
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = raised.Max
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			lim = raised
		}
	}
	return uint64(lim.Cur)
}
