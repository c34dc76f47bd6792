package host

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fakeRoot lays out files (path relative to the root: content) under a temp dir.
func fakeRoot(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCgroupMemoryLimitIsTheProcessCgroupsSmallest(t *testing.T) {
	const unlimitedV1 = "9223372036854771712\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"v2 own cgroup under an unlimited root", map[string]string{
			"proc/self/cgroup":                                       "0::/system.slice/sobjects.service\n",
			"sys/fs/cgroup/memory.max":                               "max\n",
			"sys/fs/cgroup/system.slice/memory.max":                  "max\n",
			"sys/fs/cgroup/system.slice/sobjects.service/memory.max": "1610612736\n",
		}, 1610612736},
		{"v2 an ancestor's memory.high is smaller", map[string]string{
			"proc/self/cgroup":              "0::/a/b\n",
			"sys/fs/cgroup/a/memory.high":   "1073741824\n",
			"sys/fs/cgroup/a/b/memory.max":  "3221225472\n",
			"sys/fs/cgroup/a/b/memory.high": "max\n",
		}, 1 << 30},
		{"v2 hybrid mount at unified", map[string]string{
			"proc/self/cgroup":                     "4:memory:/\n0::/svc\n",
			"sys/fs/cgroup/unified/svc/memory.max": "536870912\n",
		}, 512 << 20},
		{"v1 own cgroup, as srv.sh makes it", map[string]string{
			"proc/self/cgroup":                                     "9:name=systemd:/\n4:memory:/breaker-b\n3:cpuset:/\n0::/\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":           unlimitedV1,
			"sys/fs/cgroup/memory/breaker-b/memory.limit_in_bytes": "1073741824\n",
		}, 1 << 30},
		{"v1 hierarchical limit of an ancestor in memory.stat", map[string]string{
			"proc/self/cgroup": "4:cpu,memory:/x/y\n",
			"sys/fs/cgroup/memory/x/y/memory.limit_in_bytes": unlimitedV1,
			"sys/fs/cgroup/memory/x/y/memory.stat":           "cache 0\nhierarchical_memory_limit 805306368\nhierarchical_memsw_limit 9223372036854771712\n",
		}, 768 << 20},
		{"container: the root of the mount is the limit", map[string]string{
			"proc/self/cgroup":         "0::/\n",
			"sys/fs/cgroup/memory.max": "268435456\n",
		}, 256 << 20},
		{"cgroup path of the host's namespace, absent in the mount", map[string]string{
			"proc/self/cgroup":         "0::/docker/abc\n",
			"sys/fs/cgroup/memory.max": "268435456\n",
		}, 256 << 20},
		{"no limit anywhere", map[string]string{
			"proc/self/cgroup":                             "4:memory:/q\n0::/q\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":   unlimitedV1,
			"sys/fs/cgroup/memory/q/memory.limit_in_bytes": unlimitedV1,
			"sys/fs/cgroup/unified/q/memory.max":           "max\n",
		}, 0},
		{"no /proc/self/cgroup, only the root files", map[string]string{
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "2147483648\n",
		}, 2 << 30},
		{"garbage counts as no limit", map[string]string{
			"proc/self/cgroup":           "nonsense\n0::/z\n",
			"sys/fs/cgroup/z/memory.max": "lots\n",
			"sys/fs/cgroup/memory.max":   "-5\n",
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cgroupMemoryLimit(fakeRoot(t, tc.files)); got != tc.want {
				t.Fatalf("limit %d, want %d", got, tc.want)
			}
		})
	}
}

// TestAvailableMemoryWithinOwnCgroupLimit reads the limit of the cgroup that
// /proc/self/cgroup names for this process, where it can, and checks that the memory
// the engine budgets from is not more than it.
func TestAvailableMemoryWithinOwnCgroupLimit(t *testing.T) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Skip(err)
	}
	found := false
	for line := range strings.Lines(string(b)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		var file string
		switch {
		case f[0] == "0" && f[1] == "":
			file = filepath.Join("/sys/fs/cgroup", f[2], "memory.max")
			if _, err := os.Stat(file); err != nil {
				file = filepath.Join("/sys/fs/cgroup/unified", f[2], "memory.max")
			}
		case strings.Contains(","+f[1]+",", ",memory,"):
			file = filepath.Join("/sys/fs/cgroup/memory", f[2], "memory.limit_in_bytes")
		default:
			continue
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		found = true
		v, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		if err != nil || v >= cgroupUnlimited {
			t.Logf("%s: no limit (%q)", file, strings.TrimSpace(string(raw)))
			continue
		}
		if got := AvailableMemory(); got <= 0 || got > v {
			t.Fatalf("AvailableMemory %d, want at most %s's %d", got, file, v)
		}
		if got := cgroupMemoryLimit("/"); got <= 0 || got > v {
			t.Fatalf("cgroupMemoryLimit %d, want at most %s's %d", got, file, v)
		}
		t.Logf("%s: %d; AvailableMemory %d", file, v, AvailableMemory())
	}
	if !found {
		t.Skip("no readable memory limit file for this process's cgroups")
	}
}
