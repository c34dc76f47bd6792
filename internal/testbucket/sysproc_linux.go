package testbucket

import "syscall"

// sysProcAttr makes the kernel kill the child when the test binary dies without running
// its cleanups (a panic in another goroutine, a -timeout, kill -9), so no server is left
// behind holding its port.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
