//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockDataDir takes the lock of the data directory dir, creating both, so that a
// second server started on the same directory is refused with an error saying so,
// rather than failing later on a locked SQLite file. The lock is an flock on dir/lock,
// held until release or the process ends.
func lockDataDir(dir string) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if err == syscall.EWOULDBLOCK {
			return nil, fmt.Errorf("data directory %s is in use by another sobjects server: stop it, or give this one a --data-dir of its own", dir)
		}
		return nil, fmt.Errorf("lock data directory %s: %w", dir, err)
	}
	return func() { f.Close() }, nil
}
