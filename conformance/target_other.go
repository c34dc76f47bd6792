//go:build !linux

package conformance

import "syscall"

// targetProcAttr is nil where the kernel cannot kill a child with its parent.
func targetProcAttr() *syscall.SysProcAttr { return nil }
