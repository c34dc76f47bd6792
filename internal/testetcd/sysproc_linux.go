package testetcd

import "syscall"

// sysProcAttr makes the kernel kill a member when the test binary dies without running
// its cleanups (a panic in another goroutine, a -timeout, kill -9), so no member is left
// behind holding its ports.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
