package host

import (
	"context"
	"errors"
	"fmt"
	"os"
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
