package host

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// availableMemory is AvailableMemory on Linux.
func availableMemory() int64 {
	var n int64
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		n = int64(si.Totalram) * int64(si.Unit)
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// "max" (v2) or a huge number (v1) when there is no limit.
		if v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && v > 0 && (n == 0 || v < n) {
			n = v
		}
		break
	}
	return n
}
