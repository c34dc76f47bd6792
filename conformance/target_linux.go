package conformance

import "syscall"

// targetProcAttr makes the kernel kill a target's process when the test binary dies
// without stopping it (a -timeout, a panic, kill -9), so that no server is left
// behind holding its port and data.
func targetProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
