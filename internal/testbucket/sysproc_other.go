//go:build !linux

package testbucket

import "syscall"

func sysProcAttr() *syscall.SysProcAttr { return nil }
