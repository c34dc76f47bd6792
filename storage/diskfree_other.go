//go:build !unix

package storage

// diskFree is the space free on the file system holding dir: -1, unknown here.
func diskFree(dir string) int64 { return -1 }
