package host

import (
	"os"
	"strconv"
	"strings"
)

// rssBytes reads the process's resident set size from /proc/self/status (Linux).
func rssBytes() int64 { return procKiB("/proc/self/status", "VmRSS:") }

// peakRSSBytes is the process's peak resident set size (VmHWM), in bytes.
func peakRSSBytes() int64 { return procKiB("/proc/self/status", "VmHWM:") }

// pssBytes reads the process's proportional set size from /proc/self/smaps_rollup
// (Linux): its resident memory with each page that n processes or mappings share
// counted as 1/n, so that pages the engine instances of a class share copy-on-write
// count once in all.
func pssBytes() int64 { return procKiB("/proc/self/smaps_rollup", "Pss:") }

// procKiB reads the field named key, in kB, from the /proc file path, in bytes; 0
// where it cannot.
func procKiB(path, key string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
