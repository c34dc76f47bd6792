package host

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/storage"
)

// Keyed state and leaves (ABI.md section 4.7). The host functions keyed_read,
// keyed_write and keyed_scan work in any class: an object whose database has no leaf
// record is the root leaf and owns every key. Package splitter routes calls by key
// and splits leaves; the engine enforces, inside each call's transaction, that a leaf
// serves only the keys its committed record gives it.

// LeafRefusal says why a leaf refused a key.
type LeafRefusal uint8

const (
	// Moved: the leaf does not own the key (the caller's split map is stale).
	Moved LeafRefusal = iota + 1
	// Moving: a split is copying the half that holds the key, and the call wrote;
	// retry once the split has switched or rolled back.
	Moving
	// Provisional: the leaf was made by a split its parent has not switched to yet.
	Provisional
	// Missing: the object holds no leaf under the bits the caller named (its database
	// was deleted or lost, and an empty one must not serve).
	Missing
)

// LeafError is the error of a call that a leaf refused before anything of it was
// applied. It matches ErrMoved with errors.Is.
type LeafError struct {
	Leaf   storage.Leaf // the refusing leaf's record
	Key    string       // the refused key ("" for Provisional)
	Reason LeafRefusal
}

// ErrMoved matches every *LeafError.
var ErrMoved = errors.New("key not served by this leaf")

func (e *LeafError) Error() string {
	switch e.Reason {
	case Moving:
		return fmt.Sprintf("leaf %q is splitting and key %q moves to leaf %q: retry after the split", e.Leaf.Bits, e.Key, e.Leaf.Moving)
	case Provisional:
		return fmt.Sprintf("leaf %q is the new half of a split not yet switched to", e.Leaf.Bits)
	case Missing:
		return fmt.Sprintf("the object holds leaf %q, not the leaf the caller named: its database was deleted or lost", e.Leaf.Bits)
	}
	return fmt.Sprintf("key %q is not on leaf %q", e.Key, e.Leaf.Bits)
}

func (e *LeafError) Is(target error) bool { return target == ErrMoved }

// checkLeafKey refuses key unless the leaf serves it; write also refuses a key a split is
// moving.
func (env *callEnv) checkLeafKey(leaf storage.Leaf, key string, write bool) error {
	if err := validKeyedKey(key); err != nil {
		return err
	}
	if leaf.Provisional && !env.hostTx {
		return &LeafError{Leaf: leaf, Reason: Provisional}
	}
	h := storage.KeyHash(key)
	if !leaf.Owns(h) {
		return &LeafError{Leaf: leaf, Key: key, Reason: Moved}
	}
	if write && leaf.IsMoving(h) {
		return &LeafError{Leaf: leaf, Key: key, Reason: Moving}
	}
	return nil
}

func validKeyedKey(key string) error {
	if key == "" {
		return abi.Errorf(abi.CodeBadInput, "a key may not be empty")
	}
	if len(key) > abi.MaxKVKeyBytes {
		return abi.Errorf(abi.CodeTooLarge, "key of %d bytes is over the limit of %d", len(key), abi.MaxKVKeyBytes)
	}
	return nil
}

// checkCallKeys checks the keys a keyed call declares before its method runs.
func (env *callEnv) checkCallKeys(c *call) error {
	if len(c.keys) == 0 {
		return nil
	}
	leaf, err := env.db.Leaf()
	if err != nil {
		return err
	}
	c.leaf = leaf
	if !strings.HasPrefix(leaf.Bits, c.leafBits) {
		return env.refuse(&LeafError{Leaf: leaf, Reason: Missing})
	}
	keys := c.keys
	for _, k := range keys {
		if err := env.checkLeafKey(leaf, k, false); err != nil {
			return err
		}
	}
	return nil
}

// checkMovingWrites refuses a call that wrote while declaring a key a split is moving:
// its writes may belong with that key, and the copy no longer takes them.
func (env *callEnv) checkMovingWrites(keys []string) error {
	if len(keys) == 0 || !env.db.CallWrote() {
		return nil
	}
	leaf, err := env.db.Leaf()
	if err != nil || leaf.Moving == "" {
		return err
	}
	for _, k := range keys {
		if err := env.checkLeafKey(leaf, k, true); err != nil {
			return err
		}
	}
	return nil
}

// KeyedRead: request an array of keys (str); result an array with, per key, its value
// (bin) or nil.
func (env *callEnv) KeyedRead(req []byte, out []byte) ([]byte, error) {
	d := abi.NewDecoder(req)
	n, err := d.ArrayHeader()
	if err != nil {
		return out, abi.Errorf(abi.CodeBadInput, "keyed_read: request must be an array of keys")
	}
	leaf, err := env.db.Leaf()
	if err != nil {
		return out, err
	}
	keys := make([]string, 0, n)
	for range n {
		k, err := d.String()
		if err != nil {
			return out, abi.Errorf(abi.CodeBadInput, "keyed_read: a key must be a str")
		}
		if err := env.refuse(env.checkLeafKey(leaf, k, false)); err != nil {
			return out, err
		}
		keys = append(keys, k)
	}
	if err := d.End(); err != nil {
		return out, abi.Errorf(abi.CodeBadInput, "keyed_read: %v", err)
	}
	env.enc.Buf = out
	env.enc.ArrayHeader(len(keys))
	var v []byte
	for _, k := range keys {
		var found bool
		v, found, err = env.db.KeyedGet(k, v[:0])
		if err != nil {
			return env.enc.Buf, err
		}
		if found {
			env.enc.Bytes(v)
		} else {
			env.enc.Nil()
		}
		if max := env.obj.e.opts.MaxOutputBytes; len(env.enc.Buf) > max {
			return env.enc.Buf[:len(out)], abi.Errorf(abi.CodeTooLarge, "keyed_read: the values of %d keys are over the limit of %d bytes: read fewer keys at a time", len(keys), max)
		}
	}
	return env.enc.Buf, nil
}

// KeyedWrite: request an array of [key: str, value: bin or nil] (nil deletes); result
// the number of entries.
func (env *callEnv) KeyedWrite(req []byte) (int64, error) {
	d := abi.NewDecoder(req)
	n, err := d.ArrayHeader()
	if err != nil {
		return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: request must be an array of [key, value]")
	}
	leaf, err := env.db.Leaf()
	if err != nil {
		return 0, err
	}
	type write struct {
		key   string
		value []byte
	}
	writes := make([]write, 0, n)
	for range n {
		if m, err := d.ArrayHeader(); err != nil || m != 2 {
			return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: an entry must be [key, value]")
		}
		k, err := d.String()
		if err != nil {
			return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: a key must be a str")
		}
		v, err := d.Value()
		if err != nil {
			return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: %v", err)
		}
		var value []byte
		switch v := v.(type) {
		case nil:
		case []byte:
			value = v
			if value == nil {
				value = []byte{}
			}
		case string:
			value = []byte(v)
		default:
			return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: a value must be bin or nil")
		}
		if len(value) > env.obj.e.opts.MaxKVValueBytes {
			return 0, abi.Errorf(abi.CodeTooLarge, "value of %d bytes for key %q is over the limit of %d", len(value), k, env.obj.e.opts.MaxKVValueBytes)
		}
		if err := env.refuse(env.checkLeafKey(leaf, k, true)); err != nil {
			return 0, err
		}
		writes = append(writes, write{k, value})
	}
	if err := d.End(); err != nil {
		return 0, abi.Errorf(abi.CodeBadInput, "keyed_write: %v", err)
	}
	for _, w := range writes {
		if err := env.db.KeyedPut(w.key, w.value); err != nil {
			return 0, err
		}
	}
	return int64(len(writes)), nil
}

// KeyedScan: request [cursor: bin or nil, limit: int]; result [entries: array of
// [key: str, value: bin], cursor: bin or nil], the leaf's own rows in hash order, nil
// cursor at the end. A page holds fewer than limit rows, with a cursor, when its keys
// and values would come to more than the smaller of storage.KeyedScanPageBytes (4 MiB)
// and Options.MaxOutputBytes (at least one row).
func (env *callEnv) KeyedScan(req []byte, out []byte) ([]byte, error) {
	d := abi.NewDecoder(req)
	bad := abi.Errorf(abi.CodeBadInput, "keyed_scan: request must be [cursor: bin or nil, limit: int from 1 to 10000]")
	if n, err := d.ArrayHeader(); err != nil || n != 2 {
		return out, bad
	}
	cur, err := d.Value()
	if err != nil {
		return out, bad
	}
	limit, err := d.Int()
	if err != nil || limit < 1 || limit > 10000 || d.End() != nil {
		return out, bad
	}
	leaf, err := env.db.Leaf()
	if err != nil {
		return out, err
	}
	if leaf.Provisional && !env.hostTx {
		return out, env.refuse(&LeafError{Leaf: leaf, Reason: Provisional})
	}
	var after bool
	var afterHash uint64
	var afterKey string
	switch c := cur.(type) {
	case nil:
	case []byte:
		if len(c) < 9 {
			return out, bad
		}
		after, afterHash, afterKey = true, beUint64(c), string(c[8:])
	default:
		return out, bad
	}
	rows, more, err := env.db.KeyedScan(leaf.Bits, after, afterHash, afterKey, int(limit))
	if err != nil {
		return out, err
	}
	env.enc.Buf = out
	env.enc.ArrayHeader(2)
	env.enc.ArrayHeader(len(rows))
	for _, r := range rows {
		env.enc.ArrayHeader(2)
		env.enc.String(r.Key)
		env.enc.Bytes(r.Value)
	}
	if !more {
		env.enc.Nil()
	} else {
		last := rows[len(rows)-1]
		c := make([]byte, 8, 8+len(last.Key))
		putBeUint64(c, last.Hash)
		env.enc.Bytes(append(c, last.Key...))
	}
	return env.enc.Buf, nil
}

// refuse makes a leaf's refusal fail the whole call, whatever the plugin does with it:
// the caller must retry elsewhere, with nothing of this call applied.
func (env *callEnv) refuse(err error) error {
	var le *LeafError
	if errors.As(err, &le) && env.hostErr == nil {
		env.hostErr = err
	}
	return err
}

func beUint64(b []byte) uint64 {
	var v uint64
	for i := range 8 {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func putBeUint64(b []byte, v uint64) {
	for i := range 8 {
		b[i] = byte(v >> (56 - 8*i))
	}
}

// CallKeyed runs method on the object name, a leaf of a splittable class, for keys:
// before the method runs, the leaf refuses the call with a *LeafError (ErrMoved) if it
// does not own every key; a call that writes while a split moves one of its keys is
// rolled back and refused the same way. input is the method's input as the caller
// encoded it (it holds the keys too). Other errors as for Call.
//
// leaf is the record of the leaf that ran the call.
//
// The object must hold a leaf whose bits start with leafBits (the bits the caller's
// split map names it by), or the call is refused with reason Missing; so must an object
// named by bits (leafBits not "") that has no database, which is not created.
func (e *Engine) CallKeyed(ctx context.Context, class, name, leafBits, method string, keys []string, input []byte) (out []byte, leaf storage.Leaf, err error) {
	if len(keys) == 0 {
		return nil, leaf, abi.Errorf(abi.CodeBadInput, "a keyed call names at least one key")
	}
	if err := e.checkMethod(class, name, method); err != nil {
		return nil, leaf, err
	}
	c := &call{ctx: ctx, kind: kindMethod, method: method, keys: keys, leafBits: leafBits, mustExist: leafBits != "", input: input, done: make(chan bool, 1)}
	out, err = e.external(class, name, c)
	return out, c.leaf, err
}

// Splittable reports whether the current version of class is splittable (its plugin
// exports sobjects_splittable); ErrClassNotFound for an unknown class. Cheaper than
// Class, for a check on every call.
func (e *Engine) Splittable(class string) (bool, error) {
	p, err := e.reg.current(class)
	if err != nil {
		return false, err
	}
	return p.Info.Splittable, nil
}

// CheckMethod returns ErrClassNotFound or ErrMethodNotFound when the current version of
// class has no method of that name, and nil when it has.
func (e *Engine) CheckMethod(class, method string) error {
	p, err := e.reg.current(class)
	if err != nil {
		return err
	}
	return p.checkMethod(method)
}

// KeyedRouter routes the calls that objects make (the call host function) to a
// splittable class; package splitter implements it. input and output are as over
// HTTP: {"keys", "payloads", "args"} in, {"leaves": [...]} out.
type KeyedRouter interface {
	CallJSON(ctx context.Context, class, name, method string, input []byte) ([]byte, error)
}

// SetKeyedRouter makes calls from objects to splittable classes go through r. Without
// one they fail with code bad_input. Call it before serving calls.
func (e *Engine) SetKeyedRouter(r KeyedRouter) { e.keyedRouter = r }

// Tx is what a function given to Engine.Run works with: the object's database inside
// the call's transaction, and its plugin instance. It is valid only during that
// function.
type Tx struct {
	o   *Object
	env *callEnv
}

// DB is the object's database; the function's writes commit with the call.
func (t *Tx) DB() *storage.DB { return t.env.db }

// HasExport reports whether the object's plugin exports a function named name.
func (t *Tx) HasExport(name string) bool { return t.o.inst.mod.ExportedFunction(name) != nil }

// Invoke calls the plugin's export name (a method or a lifecycle export such as
// abi.ExportAfterClone) with input, inside the transaction, under the limits of a call.
func (t *Tx) Invoke(name string, input []byte) ([]byte, error) {
	return t.o.invoke(t.env, name, input)
}

// Run runs fn under the object's input gate, as one call of a commit batch: fn's
// writes (and those of exports it invokes) commit when it returns nil and roll back
// when it fails, and its output is returned once the commit is as durable as every
// call's. The object is activated (and its init run) first.
func (e *Engine) Run(ctx context.Context, class, name string, fn func(tx *Tx) ([]byte, error)) ([]byte, error) {
	if err := e.check(class, name); err != nil {
		return nil, err
	}
	if !e.reg.has(class) {
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindTx, method: "(host)", tx: fn, done: make(chan bool, 1)})
}

// RunExisting is Run for an object that must have a database already: it fails with
// ErrNoDatabase, creating nothing, when the object has none (on disk or, with
// Options.Backup, in the bucket). The check and fn run under the same input gate.
func (e *Engine) RunExisting(ctx context.Context, class, name string, fn func(tx *Tx) ([]byte, error)) ([]byte, error) {
	if err := e.check(class, name); err != nil {
		return nil, err
	}
	if !e.reg.has(class) {
		return nil, fmt.Errorf("%w: %q", ErrClassNotFound, class)
	}
	return e.external(class, name, &call{ctx: ctx, kind: kindTx, method: "(host)", tx: fn, mustExist: true, done: make(chan bool, 1)})
}

// Snapshot is a copy of an object's database made while the object serves
// (Engine.Snapshot), brought up to date with CatchUp and installed as another object's
// database with Install. Until Release, the source's file stays as it was at the
// snapshot and its log keeps every commit since (storage.Pool.HoldCheckpoints).
type Snapshot struct {
	hold     *storage.Hold
	src, tmp string // the source's database file; the copy, beside the target's
	dst      string // the target's database file
	pageSize int
	cur      storage.WALCursor // the source's log is applied to the copy up to here
	opts     storage.Options
	done     bool // installed
}

// Snapshot copies the database of object src of class, to become the database of
// object dst (which must have none): the source checkpoints, its file is held unchanged
// and copied (storage.CopyFile) while it serves calls. Call CatchUp to bring the copy
// to the source's latest commit, Install to make it dst's database, and Release in
// every case. The copy (dst's file name with ".clone" added) that a crash leaves is
// removed when an engine next starts (New).
func (e *Engine) Snapshot(ctx context.Context, class, src, dst string) (*Snapshot, error) {
	if err := e.check(class, dst); err != nil {
		return nil, err
	}
	snap := &Snapshot{src: e.pathOf(class, ObjectID(class, src)), dst: e.pathOf(class, ObjectID(class, dst)),
		opts: storage.Options{Durability: e.opts.Durability, VFS: e.opts.VFS}}
	snap.tmp = snap.dst + ".clone"
	if _, err := os.Stat(snap.dst); err == nil {
		return nil, fmt.Errorf("snapshot %s/%s for %s: the target has a database", class, src, dst)
	}
	_, err := e.external(class, src, &call{ctx: ctx, kind: kindHost, done: make(chan bool, 1),
		fn: func(o *Object, db *storage.DB) ([]byte, error) {
			var err error
			if o.replica != nil {
				err = o.replica.Checkpoint(db)
			} else {
				err = db.Checkpoint()
			}
			if err != nil {
				return nil, fmt.Errorf("snapshot: checkpoint: %w", err)
			}
			if snap.pageSize, err = db.PageSize(); err != nil {
				return nil, err
			}
			// The log's frames are all in the file now: reading goes on after them, or
			// from the start of the next generation once a write restarts the log.
			if snap.cur, _, err = storage.ReadWAL(snap.src+"-wal", storage.WALCursor{}, snap.pageSize, func(uint32, []byte) {}); err != nil {
				return nil, err
			}
			snap.cur.Checkpointed = true
			snap.hold, err = e.pool.HoldCheckpoints(db)
			return nil, err
		}})
	if err != nil {
		return nil, err
	}
	if err := snap.copy(); err != nil {
		snap.Release() // the source's checkpoints are held until then
		return nil, err
	}
	return snap, nil
}

// copy copies the source's database file, held unchanged, to the copy's.
func (snap *Snapshot) copy() error {
	if err := os.MkdirAll(filepath.Dir(snap.dst), storage.DirMode); err != nil {
		return err
	}
	os.Remove(snap.tmp)
	os.Remove(snap.tmp + "-wal")
	return storage.CopyFile(snap.src, snap.tmp)
}

// CatchUp applies to the copy the commits the source made since the snapshot (or the
// last CatchUp), and syncs it (storage.ApplyWAL). It fails when the source's log was cut
// back meanwhile.
func (s *Snapshot) CatchUp() error {
	cur, err := storage.ApplyWAL(s.tmp, s.src+"-wal", s.cur, s.pageSize)
	if err != nil {
		return fmt.Errorf("snapshot: catch up: %w", err)
	}
	s.cur = cur
	return nil
}

// Install runs prepare on the copy (synced by the copy and each CatchUp) and makes it
// the target's database.
func (s *Snapshot) Install(ctx context.Context, prepare func(db *storage.DB) error) error {
	db, err := storage.Open(ctx, s.tmp, s.opts)
	if err != nil {
		return err
	}
	if err := prepare(db); err != nil {
		db.Close()
		return err
	}
	if err := db.Close(); err != nil { // folds the log into the file and removes it
		return err
	}
	if err := storage.Install(s.tmp, s.dst); err != nil {
		return err
	}
	s.done = true
	return nil
}

// Release ends the hold on the source and removes a copy that was not installed. It
// may be called more than once.
func (s *Snapshot) Release() {
	if s.hold != nil {
		s.hold.Release()
	}
	if !s.done {
		os.Remove(s.tmp)
		os.Remove(s.tmp + "-wal")
	}
}

// cloneSuffixes are the files of a split's copy beside its target's database file
// ID.db (Engine.Snapshot): the copy ID.db.clone and the files SQLite keeps beside it
// while Install opens it.
var cloneSuffixes = []string{".db.clone", ".db.clone-wal", ".db.clone-shm", ".db.clone-journal"}

// removeStaleClones removes the copies of splits that a crash (kill -9 during the copy)
// left in the objects folder dir: files named with one of cloneSuffixes in dir/CLASS/XX/,
// nothing else. Only a Snapshot owns such a file, from its creation to its Release or
// Install, so when the engine starts every one is stale. A file that cannot be removed
// is logged and left; the split of its leaf removes it before copying again.
func removeStaleClones(dir string, log *slog.Logger) {
	classes, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			log.Warn("split copies left by a crash: cannot read the objects folder", "err", err)
		}
		return
	}
	for _, c := range classes {
		if !c.IsDir() {
			continue
		}
		shards, err := os.ReadDir(filepath.Join(dir, c.Name()))
		if err != nil {
			log.Warn("split copies left by a crash: cannot read a class folder", "class", c.Name(), "err", err)
			continue
		}
		for _, sh := range shards {
			if !sh.IsDir() {
				continue
			}
			files, err := os.ReadDir(filepath.Join(dir, c.Name(), sh.Name()))
			if err != nil {
				log.Warn("split copies left by a crash: cannot read a folder", "class", c.Name(), "folder", sh.Name(), "err", err)
				continue
			}
			for _, f := range files {
				if !f.Type().IsRegular() || !slices.ContainsFunc(cloneSuffixes, func(suffix string) bool {
					return strings.HasSuffix(f.Name(), suffix) && len(f.Name()) > len(suffix)
				}) {
					continue
				}
				path := filepath.Join(dir, c.Name(), sh.Name(), f.Name())
				var size int64
				if fi, err := f.Info(); err == nil {
					size = fi.Size()
				}
				if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
					log.Warn("split copy left by a crash: cannot remove it", "class", c.Name(), "file", f.Name(), "err", err)
					continue
				}
				log.Info("removed a split copy left by a crash", "class", c.Name(), "file", f.Name(), "bytes", size)
			}
		}
	}
}

// ObjectExists reports whether the object has a database: on disk or, with
// Options.Backup, in the bucket (its next activation restores it). It does not create
// the object. Errors are the bucket's.
func (e *Engine) ObjectExists(ctx context.Context, class, name string) (bool, error) {
	if ValidateClassName(class) != nil || e.validateName(class, name) != nil {
		return false, nil
	}
	if e.opts.Backup == nil { // no need of an entry in the object table
		_, err := os.Stat(e.pathOf(class, ObjectID(class, name)))
		return err == nil, nil
	}
	return e.object(class, name).exists(ctx)
}
