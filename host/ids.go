package host

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// The ids of JavaScript objects (Cloudflare's DurableObjectId): 32 bytes, written as 64
// lowercase hex digits, that do not reveal the object's name and that only this
// installation can make.
//
//	bytes 0..23   body: HMAC-SHA-256(secret, "name", 0, class, 0, name)[:24] for
//	              idFromName, 24 random bytes for newUniqueId
//	bytes 24..31  tag: HMAC-SHA-256(secret, "tag", 0, class, 0, body)[:8]
//
// The tag makes an id self-checking: idFromString accepts a string only when its tag is
// the one this installation gives its body for that class, so a forged id, or one of
// another class or installation, throws (as on workerd).
//
// The engine addresses objects by (class, name): the object of idFromName(x) is the
// object called x, as over HTTP and from native plugins, and the object of an id with
// no known name (newUniqueId, or idFromString of an id whose name the installation never
// saw) is the object called by the id's 64 hex digits. So idFromString(id) reaches the
// object of idFromName(x) for id = idFromName(x), the engine records, at the first
// idFromName of each name, which name its id stands for (AlarmIndex.PutName). The
// record is in the node's index file, backed up with it.
const (
	idBytes   = 32
	idBodyLen = 24
	// idKeyFile is the installation's secret in the data directory and, beside the
	// alarm index, among the node's files in the bucket: 32 random bytes, made at the
	// first start.
	idKeyFile = "ids.key"
	// maxKnownIDs bounds ids.known, the ids recorded since the start; past it the set
	// starts over (a name recorded again is a no-op write).
	maxKnownIDs = 1 << 16
)

// ids makes and checks the ids of JavaScript objects. It is safe for concurrent use.
type ids struct {
	secret []byte // idKeyFile's

	mu    sync.Mutex
	index *storage.AlarmIndex // where names are recorded; set once the index is open
	known map[string]bool     // class, NUL, id: recorded in index
}

// loadIDKey reads the installation's secret from dir, making it (0600) when there is
// none; created says it was made now.
func loadIDKey(dir string) (secret []byte, created bool, err error) {
	path := filepath.Join(dir, idKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		if len(b) != idBytes {
			return nil, false, fmt.Errorf("engine: %s: %d bytes, want %d", path, len(b), idBytes)
		}
		return b, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, fmt.Errorf("engine: %w", err)
	}
	b = make([]byte, idBytes)
	rand.Read(b)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, storage.FileMode); err != nil {
		return nil, false, fmt.Errorf("engine: %w", err)
	}
	if err := syncFile(tmp); err != nil {
		return nil, false, fmt.Errorf("engine: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, false, fmt.Errorf("engine: %w", err)
	}
	return b, true, nil
}

func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func (x *ids) mac(parts ...string) []byte {
	h := hmac.New(sha256.New, x.secret)
	for i, p := range parts {
		if i > 0 {
			h.Write([]byte{0})
		}
		h.Write([]byte(p))
	}
	return h.Sum(nil)
}

// withTag is the id of body (idBodyLen bytes) for class, in hex.
func (x *ids) withTag(class string, body []byte) string {
	id := make([]byte, 0, idBytes)
	id = append(id, body...)
	id = append(id, x.mac("tag", class, string(body))[:idBytes-idBodyLen]...)
	return hex.EncodeToString(id)
}

var _ js.IDs = (*ids)(nil)

// FromName is the id of the object name of class, recorded so that NameOf finds name.
// A name over MaxObjectNameBytes is js.ErrNameTooLong.
func (x *ids) FromName(class, name string) (string, error) {
	if len(name) > MaxObjectNameBytes {
		return "", fmt.Errorf("%w: %d bytes, over %d", js.ErrNameTooLong, len(name), MaxObjectNameBytes)
	}
	id := x.withTag(class, x.mac("name", class, name)[:idBodyLen])
	key := class + "\x00" + id
	x.mu.Lock()
	known, index := x.known[key], x.index
	x.mu.Unlock()
	if known || index == nil {
		return id, nil
	}
	if err := index.PutName(class, id, name); err != nil {
		return "", fmt.Errorf("record the name of id %s: %w", id, err)
	}
	x.mu.Lock()
	if len(x.known) >= maxKnownIDs {
		clear(x.known)
	}
	x.known[key] = true
	x.mu.Unlock()
	return id, nil
}

// NewUnique is a new random id of class.
func (x *ids) NewUnique(class string) string {
	body := make([]byte, idBodyLen)
	rand.Read(body)
	return x.withTag(class, body)
}

// Valid reports whether id is 64 lowercase hex digits this installation could have made
// for class.
func (x *ids) Valid(class, id string) bool {
	if len(id) != 2*idBytes {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	b, _ := hex.DecodeString(id)
	return hmac.Equal([]byte(x.withTag(class, b[:idBodyLen])), []byte(id))
}

// NameOf returns the name whose id (FromName) is id, for a valid id of class; ok is
// false when the installation knows none (a unique id, or a name never seen here).
func (x *ids) NameOf(class, id string) (name string, ok bool, err error) {
	x.mu.Lock()
	index := x.index
	x.mu.Unlock()
	if index == nil {
		return "", false, nil
	}
	return index.Name(class, id)
}

// setIndex makes index the record of names.
func (x *ids) setIndex(index *storage.AlarmIndex) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.index, x.known = index, map[string]bool{}
}

// openIDs loads (or makes) the installation's secret. With a bucket, a data directory
// without one first takes the bucket's, so a restore keeps the ids; a new secret goes
// to the bucket at once (and, when that fails in interval mode, at each backup
// interval: uploadIDKey). In durable mode, a bucket it cannot read or write, or one
// that holds another secret, stops the start.
func (e *Engine) openIDs(ctx context.Context) error {
	dir := e.opts.DataDir
	if b := e.opts.Backup; b != nil {
		path := filepath.Join(dir, idKeyFile)
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			switch err := b.GetFile(ctx, b.NodeKey(idKeyFile), path); {
			case err == nil:
				e.log.Info("restored the ids' secret from the bucket")
				e.idKeyCopied.Store(true)
			case !errors.Is(err, backup.ErrNotFound):
				if b.Mode() == backup.ModeDurable {
					return fmt.Errorf("engine: restore the ids' secret from the bucket: %w", err)
				}
				// Interval mode starts without the bucket, here with a new secret, which
				// uploadIDKey never puts over one the bucket already holds.
				e.log.Warn("backup: bucket unreachable at start; making a new ids' secret (ids made before a restore may change)", "err", err)
			}
		}
	}
	secret, _, err := loadIDKey(dir)
	if err != nil {
		return err
	}
	e.ids = &ids{secret: secret, known: map[string]bool{}}
	if e.opts.Backup != nil && !e.idKeyCopied.Load() {
		if err := e.uploadIDKey(ctx); err != nil {
			if e.opts.Backup.Mode() == backup.ModeDurable {
				return fmt.Errorf("engine: back up the ids' secret: %w", err)
			}
			e.log.Warn("backup: the ids' secret; trying again at the next interval", "err", err)
		}
	}
	return nil
}

// uploadIDKey copies the installation's secret to the bucket, once, unless the bucket
// holds one already: the same is done; another one is an error (this data directory
// made its own while the bucket was unreachable), which it never overwrites.
func (e *Engine) uploadIDKey(ctx context.Context) error {
	if e.idKeyCopied.Load() {
		return nil
	}
	b, path := e.opts.Backup, filepath.Join(e.opts.DataDir, idKeyFile)
	tmp := path + ".bucket"
	defer os.Remove(tmp)
	switch err := b.GetFile(ctx, b.NodeKey(idKeyFile), tmp); {
	case err == nil:
		theirs, rerr := os.ReadFile(tmp)
		if rerr != nil {
			return rerr
		}
		if !hmac.Equal(theirs, e.ids.secret) {
			return fmt.Errorf("the bucket holds another %s than the data directory: ids differ from those of the backup; keeping both", idKeyFile)
		}
	case errors.Is(err, backup.ErrNotFound):
		if err := b.PutFile(ctx, b.NodeKey(idKeyFile), path); err != nil {
			return err
		}
	default:
		return err
	}
	e.idKeyCopied.Store(true)
	return nil
}
