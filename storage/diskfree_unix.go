//go:build unix

package storage

import "syscall"

// diskFree is the space free to unprivileged users on the file system holding dir, in
// bytes; -1 where it cannot be read.
func diskFree(dir string) int64 {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}
