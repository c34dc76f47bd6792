//go:build !linux

package testetcd

import "syscall"

func sysProcAttr() *syscall.SysProcAttr { return nil }
