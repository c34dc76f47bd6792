package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"time"

	"github.com/tetratelabs/wazero"

	"github.com/sobjects/sobjects/host/internal/extism"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// ClassInfo describes a deployed class.
type ClassInfo struct {
	Name       string        `json:"name"`
	Version    string        `json:"version"` // the current version: hex SHA-256 of its bytes
	Size       int           `json:"size"`    // bytes of the current version
	UploadedAt time.Time     `json:"uploaded_at"`
	Methods    []string      `json:"methods"`
	Lifecycle  []string      `json:"lifecycle"`
	Splittable bool          `json:"splittable"` // its objects are split into leaves (package splitter)
	Versions   []VersionInfo `json:"versions"`   // every version uploaded, oldest first
	// Bindings are the Durable Object bindings of a JavaScript class, name -> class, as
	// its upload declared them: its objects may call those classes only (abi.CodeDenied
	// otherwise). Absent for other plugins, which may call any class.
	Bindings map[string]string `json:"bindings,omitempty"`
}

// VersionInfo is one uploaded version of a class, as kept on disk in class.json.
type VersionInfo struct {
	Version    string    `json:"version"`
	Size       int       `json:"size"`
	UploadedAt time.Time `json:"uploaded_at"`
}

type classFile struct {
	Current  string        `json:"current"`
	Versions []VersionInfo `json:"versions"`
}

// registry holds the classes: each upload is a version named by the hash of its bytes,
// kept under dir/<class>/<version>.wasm with dir/<class>/class.json, so a restart
// serves what was uploaded.
type registry struct {
	dir    string
	rt     wazero.Runtime
	js     *js.Runtime      // the JavaScript format: its engine is compiled at the first bundle
	ext    *extism.Compiler // compiles Extism plugins
	limits format.Limits    // of the instances of native plugins
	backup *backup.Store    // nil without Options.Backup
	log    *slog.Logger

	mu       sync.RWMutex // guards classes, unloaded
	classes  map[string]*classEntry
	unloaded map[string]unloadedClass // classes on disk that did not compile at start (load)
}

// unloadedClass is a class that did not compile at start: why, and its versions.
type unloadedClass struct {
	err  error
	file classFile
}

type classEntry struct {
	plugin *plugin // the current version
	file   classFile
}

// classesKey is where the registry's files go in a backup bucket.
const classesKey = ".sobjects/classes/"

// restoreClasses downloads the classes from the bucket into dir, unless dir holds
// some already; it returns how many files it wrote.
func restoreClasses(ctx context.Context, b *backup.Store, dir string) (int, error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return 0, nil
	}
	return b.GetFiles(ctx, classesKey, dir)
}

func newRegistry(dir string, rt wazero.Runtime) *registry {
	return &registry{dir: dir, rt: rt, classes: map[string]*classEntry{}, unloaded: map[string]unloadedClass{}}
}

// compile makes a plugin of an upload: a wasm module or a JavaScript bundle. A compile
// that fails for the host's own files (compileError) is a storage error.
func (r *registry) compile(ctx context.Context, class string, b []byte) (*plugin, error) {
	p, err := r.compileCode(ctx, class, b)
	if err != nil {
		return nil, compileError(class, err)
	}
	return p, nil
}

// compileError is err of a failed compile, unless the compile failed for the host's own
// files (writing the compilation cache on a full or read-only disk, or out of file
// descriptors): then a storage error that matches storage.ErrNoSpace, ErrReadOnly or
// ErrTooManyFiles and not ErrInvalidPlugin, since the plugin is not at fault.
func compileError(class string, err error) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	if f := storage.FileError(errno); f != error(errno) {
		return fmt.Errorf("compile %s: %w (%v)", class, f, err)
	}
	return err
}

// compileCode is compile, its errors as they come.
func (r *registry) compileCode(ctx context.Context, class string, b []byte) (*plugin, error) {
	if IsJSBundle(b) {
		bindings, own, err := bundleManifest(b)
		if err != nil {
			return nil, err
		}
		info, code, err := r.js.Compile(ctx, class, b)
		if err != nil {
			return nil, err
		}
		p := newPlugin(class, b, info, code)
		p.bindings, p.own = bindings, own
		return p, nil
	}
	if info, code, ok, err := r.ext.Compile(ctx, class, b); ok {
		if err != nil {
			return nil, err
		}
		return newPlugin(class, b, info, code), nil
	}
	return compilePlugin(ctx, r.rt, r.limits, class, b)
}

// load compiles the current version of every class on disk.
func (r *registry) load(ctx context.Context) error {
	entries, err := os.ReadDir(r.dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("load classes: %w", err)
	}
	for _, de := range entries {
		if !de.IsDir() || ValidateClassName(de.Name()) != nil {
			continue
		}
		class := de.Name()
		raw, err := os.ReadFile(filepath.Join(r.dir, class, "class.json"))
		if err != nil {
			continue // an upload that never finished
		}
		var f classFile
		if err := json.Unmarshal(raw, &f); err != nil {
			return fmt.Errorf("load class %s: %w", class, err)
		}
		wasm, err := os.ReadFile(filepath.Join(r.dir, class, f.Current+".wasm"))
		if err != nil {
			return fmt.Errorf("load class %s: %w", class, err)
		}
		p, err := r.compile(ctx, class, wasm)
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("load class %s: %w", class, err) // the start was cancelled
		}
		if err != nil {
			// The other classes still serve (the limits may have changed since the
			// upload: a bundle that no longer fits its memory limit).
			r.unloaded[class] = unloadedClass{fmt.Errorf("%w: class %s did not load at start (deploy it again): %v", ErrInvalidPlugin, class, err), f}
			r.log.Error("class did not load; its objects fail their calls until it is deployed again", "class", class, "err", err)
			continue
		}
		r.classes[class] = &classEntry{plugin: p, file: f}
	}
	return nil
}

// current returns the current version of class.
func (r *registry) current(class string) (*plugin, error) {
	r.mu.RLock()
	c := r.classes[class]
	r.mu.RUnlock()
	if c == nil {
		r.mu.RLock()
		u, ok := r.unloaded[class]
		r.mu.RUnlock()
		if ok {
			return nil, u.err
		}
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return c.plugin, nil
}

// has reports whether class exists.
func (r *registry) has(class string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, unloaded := r.unloaded[class]
	return r.classes[class] != nil || unloaded
}

// add makes p the current version of its class, writing the module and the class
// file durably first.
func (r *registry) add(p *plugin, wasm []byte) (ClassInfo, error) {
	dir := filepath.Join(r.dir, p.Class)
	if err := os.MkdirAll(dir, storage.DirMode); err != nil {
		return ClassInfo{}, fmt.Errorf("deploy %s: %w", p.Class, storage.FileError(err))
	}
	path := filepath.Join(dir, p.Version+".wasm")
	if _, err := os.Stat(path); err != nil {
		if err := writeFileSync(path, wasm); err != nil {
			return ClassInfo{}, fmt.Errorf("deploy %s: %w", p.Class, storage.FileError(err))
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var f classFile
	if old := r.classes[p.Class]; old != nil {
		f.Versions = append(f.Versions, old.file.Versions...)
	} else if u, ok := r.unloaded[p.Class]; ok {
		f.Versions = append(f.Versions, u.file.Versions...)
		delete(r.unloaded, p.Class)
	}
	known := false
	for _, v := range f.Versions {
		known = known || v.Version == p.Version
	}
	if !known {
		f.Versions = append(f.Versions, VersionInfo{Version: p.Version, Size: p.Size, UploadedAt: time.Now().UTC()})
	}
	f.Current = p.Version
	raw, _ := json.MarshalIndent(f, "", "  ")
	if err := writeFileSync(filepath.Join(dir, "class.json"), raw); err != nil {
		return ClassInfo{}, fmt.Errorf("deploy %s: %w", p.Class, storage.FileError(err))
	}
	if r.backup != nil {
		// A lost disk loses no class: the objects restored from the bucket need them.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, name := range []string{p.Version + ".wasm", "class.json"} {
			key := classesKey + p.Class + "/" + name
			if err := r.backup.PutFile(ctx, key, filepath.Join(dir, name)); err != nil {
				if r.backup.Mode() == backup.ModeDurable {
					return ClassInfo{}, fmt.Errorf("deploy %s: copy to the bucket: %w", p.Class, err)
				}
				// Interval mode goes on without the bucket; the class goes up when it is
				// deployed again.
				r.log.Warn("backup: class not copied to the bucket", "class", p.Class, "err", err)
				break
			}
		}
	}
	e := &classEntry{plugin: p, file: f}
	if old := r.classes[p.Class]; old != nil {
		old.plugin.superseded.Store(true) // its resident objects switch at their next call
		defer old.plugin.release()        // its code goes once its last instance does
	}
	r.classes[p.Class] = e
	return e.info(), nil
}

func (e *classEntry) info() ClassInfo {
	p := e.plugin
	ci := ClassInfo{Name: p.Class, Version: p.Version, Size: p.Size, Methods: p.Info.Methods, Lifecycle: p.Info.Lifecycle,
		Splittable: p.Info.Splittable, Bindings: p.bindings, Versions: e.file.Versions}
	for _, v := range e.file.Versions {
		if v.Version == p.Version {
			ci.UploadedAt = v.UploadedAt
		}
	}
	return ci
}

// closeOwnRuntimes releases the code of the current versions of classes compiled in
// runtimes of their own (format.Class.OwnsRuntime: Extism), which the engine's own
// runtime does not hold. Engine.Close calls it last, when no instance is left.
func (r *registry) closeOwnRuntimes() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.classes {
		if c.plugin.code.OwnsRuntime() {
			c.plugin.code.Close()
		}
	}
}

// list returns every class, sorted by name.
func (r *registry) list() []ClassInfo {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]ClassInfo, 0, len(r.classes))
	for _, e := range r.classes {
		out = append(out, e.info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// info returns one class.
func (r *registry) info(class string) (ClassInfo, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e := r.classes[class]
	if e == nil {
		return ClassInfo{}, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return e.info(), nil
}

// writeFileSync writes data to path atomically (a temporary file renamed over it) and
// durably (the file and its directory fsynced).
func writeFileSync(path string, data []byte) error {
	// A temporary name of its own, so concurrent writers of one path do not collide.
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename there is nothing to remove
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
