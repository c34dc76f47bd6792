package conformance

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// SobjectsMode is one way of running sobjects: its worker threads, durability and,
// for the durable backup mode, the bucket.
type SobjectsMode struct {
	// Name is the target's name: "sobjects-t1-fsync", ...
	Name string
	// Threads is --threads.
	Threads int
	// Durability is --durability: fsync or relaxed.
	Durability string
	// Backups says the mode is durable backup mode (--backup-mode durable), which
	// needs a Bucket.
	Backups bool
}

// Bucket is where a durable target backs up: URL is s3://bucket/prefix (each
// deployment uses a prefix of its own below it), Env the variables that reach it
// (S3_ENDPOINT, credentials, region).
type Bucket struct {
	URL string
	Env []string
}

// SobjectsModes are the sobjects targets, in the order they run.
var SobjectsModes = []SobjectsMode{
	{Name: "sobjects-t1-fsync", Threads: 1, Durability: "fsync"},
	{Name: "sobjects-t4-fsync", Threads: 4, Durability: "fsync"},
	{Name: "sobjects-t1-relaxed", Threads: 1, Durability: "relaxed"},
	{Name: "sobjects-t4-relaxed", Threads: 4, Durability: "relaxed"},
	{Name: "sobjects-durable", Threads: 4, Durability: "fsync", Backups: true},
}

// SobjectsOptions add to every deployment of a sobjects target (SobjectsTargetWith).
// The zero value adds nothing.
type SobjectsOptions struct {
	// Args follow the target's own arguments of `sobjects run`: more plugins and
	// projects (FILE.wasm, CLASS=FILE, absolute paths: the process runs in its work
	// folder) and flags such as --call-timeout.
	Args []string
	// CacheDir, when set, is a compilation cache (of the plugins and the JavaScript
	// engine) that the deployments share: each start makes DATA/cache a link to it.
	// Processes of one sobjects build may share one.
	CacheDir string
}

// SobjectsTarget is the sobjects binary bin in mode m: `sobjects run FIXTURE
// --data-dir D --listen 127.0.0.1:PORT --threads N --durability X`, plus the backup
// flags against b in durable backup mode (b is ignored in the other modes).
func SobjectsTarget(bin string, m SobjectsMode, b Bucket) *Target {
	return SobjectsTargetWith(bin, m, b, SobjectsOptions{})
}

// SobjectsTargetWith is SobjectsTarget with o's additions.
func SobjectsTargetWith(bin string, m SobjectsMode, b Bucket, o SobjectsOptions) *Target {
	return &Target{
		Name:      m.Name,
		Durable:   m.Backups,
		readyPath: "/healthz",
		command: func(dir, work string, port int) (*exec.Cmd, error) {
			args := []string{
				"run", dir,
				"--data-dir", filepath.Join(work, "data"),
				"--listen", "127.0.0.1:" + strconv.Itoa(port),
				"--threads", strconv.Itoa(m.Threads),
				"--durability", m.Durability,
			}
			var env []string
			if m.Backups {
				// One prefix per deployment (its work folder's name, unique in the run),
				// the same across its restarts.
				args = append(args, "--backup-bucket", b.URL+"/"+filepath.Base(work), "--backup-mode", "durable")
				env = b.Env
			}
			args = append(args, o.Args...)
			if o.CacheDir != "" {
				if err := linkCache(filepath.Join(work, "data"), o.CacheDir); err != nil {
					return nil, err
				}
			}
			cmd := exec.Command(bin, args...)
			cmd.Env = append(childEnv(), env...)
			return cmd, nil
		},
	}
}

// linkCache makes data/cache a link to cache, unless it is one already (a restart); a
// data folder lost with its disk gets a new link.
func linkCache(data, cache string) error {
	link := filepath.Join(data, "cache")
	if to, err := os.Readlink(link); err == nil && to == cache {
		return nil
	}
	if err := os.MkdirAll(data, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	return os.Symlink(cache, link)
}
