//go:build !unix

package server

// FileLimit returns how many file descriptors the process may hold: on systems without
// RLIMIT_NOFILE, a number large enough that the default connection cap does not bind.
func FileLimit() uint64 { return 1 << 20 }
