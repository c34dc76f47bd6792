package host

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
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
	if c := cgroupMemoryLimit("/"); c > 0 && (n == 0 || c < n) {
		n = c
	}
	return n
}

// cgroupUnlimited is where a cgroup v1 limit means none: v1 writes "no limit" as the
// largest page-aligned int64 (9223372036854771712).
const cgroupUnlimited = 1 << 62

// cgroupMemoryLimit is the smallest memory limit, in bytes, of the process's own cgroups
// and their ancestors as /proc/self/cgroup names them, and of the root of the cgroup
// mounts (which, in a container with its own cgroup namespace, is the container's
// cgroup): for cgroup v2 (the "0::/path" line, mounted at /sys/fs/cgroup or
// /sys/fs/cgroup/unified) memory.max and memory.high of each directory from the
// process's up to the root; for cgroup v1 (the line naming the memory controller,
// mounted at /sys/fs/cgroup/memory) memory.limit_in_bytes of each, and
// hierarchical_memory_limit in the process's memory.stat. Files that are missing or
// unreadable, "max", and v1's "no limit" count as no limit; 0 means none was found.
// root is the file system root ("/"; tests lay out a tree of their own).
func cgroupMemoryLimit(root string) int64 {
	var limit int64
	take := func(v int64) {
		if v > 0 && v < cgroupUnlimited && (limit == 0 || v < limit) {
			limit = v
		}
	}
	readInt := func(file string) int64 {
		b, err := os.ReadFile(file)
		if err != nil {
			return 0
		}
		v, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
		if err != nil { // "max"
			return 0
		}
		return v
	}
	// walk calls f with each directory from mount/p up to mount itself.
	walk := func(mount, p string, f func(dir string)) {
		p = path.Clean("/" + p)
		for {
			f(filepath.Join(mount, filepath.FromSlash(p)))
			if p == "/" {
				return
			}
			p = path.Dir(p)
		}
	}
	v2, v1 := "/", "/"
	if b, err := os.ReadFile(filepath.Join(root, "proc/self/cgroup")); err == nil {
		for line := range strings.Lines(string(b)) {
			// hierarchy-ID:controller-list:cgroup-path
			id, rest, ok := strings.Cut(strings.TrimRight(line, "\n"), ":")
			if !ok {
				continue
			}
			ctrls, p, ok := strings.Cut(rest, ":")
			if !ok {
				continue
			}
			switch {
			case id == "0" && ctrls == "":
				v2 = p
			case strings.Contains(","+ctrls+",", ",memory,"):
				v1 = p
			}
		}
	}
	for _, mount := range []string{"sys/fs/cgroup", "sys/fs/cgroup/unified"} {
		walk(filepath.Join(root, mount), v2, func(dir string) {
			take(readInt(filepath.Join(dir, "memory.max")))
			take(readInt(filepath.Join(dir, "memory.high")))
		})
	}
	mount := filepath.Join(root, "sys/fs/cgroup/memory")
	walk(mount, v1, func(dir string) {
		take(readInt(filepath.Join(dir, "memory.limit_in_bytes")))
	})
	if f, err := os.Open(filepath.Join(mount, filepath.FromSlash(path.Clean("/"+v1)), "memory.stat")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "hierarchical_memory_limit "); ok {
				n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				take(n)
			}
		}
		f.Close()
	}
	return limit
}
