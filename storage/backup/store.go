package backup

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sobjects/sobjects/storage"
)

// Mode is how far a commit's changes must have gone before its answers leave.
type Mode uint8

const (
	// ModeInterval (the default) uploads changes within Options.Interval of their
	// commit, and when the database closes or the Store closes. A lost disk loses at
	// most that interval.
	ModeInterval Mode = iota
	// ModeDurable uploads a commit's changes before any answer of its calls leaves (the
	// output gate): a lost disk loses nothing acknowledged.
	ModeDurable
)

// ParseMode parses "interval" or "durable".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "interval", "":
		return ModeInterval, nil
	case "durable":
		return ModeDurable, nil
	}
	return 0, fmt.Errorf("unknown backup mode %q: want interval or durable", s)
}

func (m Mode) String() string {
	if m == ModeDurable {
		return "durable"
	}
	return "interval"
}

// Defaults of Options.
const (
	DefaultInterval  = 10 * time.Second
	DefaultRetention = 7 * 24 * time.Hour
)

// Options configure a Store. Bucket is required; the zero value of each other field
// means its default.
type Options struct {
	Bucket Bucket
	Mode   Mode
	// Interval bounds how long a commit's changes wait for their upload in
	// ModeInterval; 0 means DefaultInterval.
	Interval time.Duration
	// Retention is how far back bookmarks stay restorable; 0 means DefaultRetention.
	Retention time.Duration
	// Node names this node in the epoch records; "" means the host name.
	Node string
	// Claim, when set, is where an object's epoch comes from: several nodes share the
	// bucket, and a coordinator (package cluster, on etcd) grants each object to one of
	// them at a time. Claim is given the object's key in the bucket (CLASS/ID) and
	// returns the epoch of this node's claim, or an error (the activation then fails
	// with it). Epochs of later claims must be higher (etcd's revisions are). The bucket
	// then holds ClusterEpoch(epoch) instead of a count of activations, and a bucket
	// that holds a higher one fences this node (ErrFenced). nil: one node, whose
	// activations count the epoch up.
	Claim func(ctx context.Context, key string) (uint64, error)
	// Release gives up this node's claim of the object at key (CLASS/ID), so that
	// another node may claim it at once (Replica.HandOver). nil with Claim nil.
	Release func(ctx context.Context, key string) error
	// Logger; nil means slog.Default().
	Logger *slog.Logger
	// Registerer receives the backup metrics; nil means they are not exported.
	Registerer prometheus.Registerer
}

// Store backs up the object databases of one engine to a bucket. Its methods that
// take a database must be called by the database's owner (the goroutine that holds it
// from the storage.Pool); the others are safe for concurrent use.
type Store struct {
	opts    Options
	b       Bucket
	log     *slog.Logger
	metrics *metrics

	mu       sync.Mutex
	replicas map[string]*Replica // by database path

	compactEvery, keepUploads time.Duration // maintenance (maintain.go); tests shorten them
	maxKeptUploads            int
	epochCheckEvery           time.Duration // see Replica.checkEpoch; tests lengthen it

	stop     chan struct{}
	stopOnce sync.Once
	bg       sync.WaitGroup
}

// NewStore checks the bucket and starts the uploads of ModeInterval. In ModeDurable the
// bucket must answer and honour conditional writes (see Check): NewStore retries
// until it does or ctx ends. In ModeInterval a bucket that does not answer is logged,
// and changes wait for it.
func NewStore(ctx context.Context, opts Options) (*Store, error) {
	if opts.Bucket == nil {
		return nil, errors.New("backup: a bucket is required")
	}
	if opts.Interval <= 0 {
		opts.Interval = DefaultInterval
	}
	if opts.Retention <= 0 {
		opts.Retention = DefaultRetention
	}
	if opts.Node == "" {
		opts.Node, _ = os.Hostname()
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Store{opts: opts, b: opts.Bucket, log: opts.Logger, metrics: newMetrics(opts.Registerer),
		replicas: map[string]*Replica{}, stop: make(chan struct{}), compactEvery: compactEvery, keepUploads: keepUploads, maxKeptUploads: maxKeptUploads, epochCheckEvery: epochCheckEvery}
	if opts.Mode == ModeDurable {
		for wait := time.Second; ; wait = min(2*wait, 30*time.Second) {
			err := Check(ctx, s.b)
			if err == nil || errors.Is(err, ErrNoConditionalWrites) {
				if err != nil {
					return nil, err
				}
				break
			}
			s.log.Warn("backup: waiting for the bucket (durable mode does not start without it)", "bucket", s.b.String(), "err", err, "retry_in", wait, "hint", checkHint)
			select {
			case <-ctx.Done():
				return nil, fmt.Errorf("backup: bucket %s: %w", s.b, err)
			case <-time.After(wait):
			}
		}
	} else if err := Check(ctx, s.b); err != nil {
		s.log.Warn("backup: bucket check failed; uploads will retry", "bucket", s.b.String(), "err", err, "hint", checkHint)
	}
	s.bg.Add(1)
	go s.uploader()
	return s, nil
}

// Interval is the store's upload interval (Options.Interval).
func (s *Store) Interval() time.Duration { return s.opts.Interval }

// NodeKey is the bucket key of this node's file name (not of one object), such as the
// engine's alarm index.
func (s *Store) NodeKey(name string) string {
	return s.NodeKeyOf(s.opts.Node, name)
}

// NodeKeyOf is NodeKey of the node called node (Options.Node of another node on the
// same bucket).
func (s *Store) NodeKeyOf(node, name string) string {
	return path.Join(".sobjects", "nodes", node, name)
}

// PutFile uploads the local file at localPath to key (relative to the prefix),
// replacing what is there.
func (s *Store) PutFile(ctx context.Context, key, localPath string) error {
	f, err := os.Open(localPath)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = s.b.Put(ctx, key, f, Cond{})
	return err
}

// GetFiles downloads every file under keyPrefix into dir, keeping the part of each key
// after keyPrefix as its path, and returns how many it wrote.
func (s *Store) GetFiles(ctx context.Context, keyPrefix, dir string) (int, error) {
	objs, err := s.b.List(ctx, keyPrefix)
	if err != nil {
		return 0, err
	}
	for i, o := range objs {
		rel := filepath.FromSlash(strings.TrimPrefix(o.Key, keyPrefix))
		if !filepath.IsLocal(rel) {
			return i, fmt.Errorf("backup: key %s does not name a file under %s", o.Key, dir)
		}
		if err := s.GetFile(ctx, o.Key, filepath.Join(dir, rel)); err != nil {
			return i, err
		}
	}
	return len(objs), nil
}

// GetFile downloads key to the file localPath, which it replaces once the whole file
// is written and synced; ErrNotFound if the bucket has no such key.
func (s *Store) GetFile(ctx context.Context, key, localPath string) error {
	body, _, err := s.b.Get(ctx, key)
	if err != nil {
		return err
	}
	defer body.Close()
	if err := os.MkdirAll(filepath.Dir(localPath), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(localPath), ".download-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := io.Copy(f, body); err != nil {
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
	return os.Rename(f.Name(), localPath)
}

// checkHint is logged with a failed bucket check.
const checkHint = "credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE); a store other than AWS needs S3_ENDPOINT"

// Check writes, rewrites and deletes a key under .sobjects-check/ to see that the
// bucket answers and honours conditional writes (RFC 9110 section 13.1): a PUT with
// If-None-Match: * on an existing key, and one with If-Match and a stale ETag, must be
// refused. One writer per object rests on them.
//
// # Errors
//
// ErrNoConditionalWrites, naming the check that failed; any error of the bucket.
func Check(ctx context.Context, b Bucket) error {
	var rnd [8]byte
	rand.Read(rnd[:])
	key := ".sobjects-check/" + hex.EncodeToString(rnd[:])
	defer b.Delete(context.WithoutCancel(ctx), key)
	etag1, err := b.Put(ctx, key, bytes.NewReader([]byte("1")), Cond{IfNoneMatch: true})
	if err != nil {
		return err
	}
	if _, err := b.Put(ctx, key, bytes.NewReader([]byte("2")), Cond{IfNoneMatch: true}); err == nil {
		return fmt.Errorf("%w: %s accepted PUT with If-None-Match: * on an existing key", ErrNoConditionalWrites, b)
	} else if !errors.Is(err, ErrPrecondition) {
		return err
	}
	if _, err := b.Put(ctx, key, bytes.NewReader([]byte("3")), Cond{IfMatch: etag1}); err != nil {
		return fmt.Errorf("%w: %s refused PUT with If-Match and the current ETag: %v", ErrNoConditionalWrites, b, err)
	}
	if _, err := b.Put(ctx, key, bytes.NewReader([]byte("4")), Cond{IfMatch: etag1}); err == nil {
		return fmt.Errorf("%w: %s accepted PUT with If-Match and a stale ETag", ErrNoConditionalWrites, b)
	} else if !errors.Is(err, ErrPrecondition) {
		return err
	}
	return nil
}

// Mode is the store's mode.
func (s *Store) Mode() Mode { return s.opts.Mode }

// Track tells the store which object the database at path holds and returns its
// replica; call it before the database is first opened. The object's files go under
// <prefix>/<class>/<id>/. Tracking a path again returns the same replica.
func (s *Store) Track(path, class, id, name string) *Replica {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.replicas[path]
	if r == nil {
		r = newReplica(s, path, class, id, name)
		s.replicas[path] = r
	}
	return r
}

func (s *Store) replica(path string) (*Replica, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.replicas[path]
	if r == nil {
		return nil, fmt.Errorf("backup: database %s was not tracked", path)
	}
	return r, nil
}

// BeforeOpen implements storage.PoolHooks: at the first open in this process it takes
// the object's epoch and reconciles the local file with the bucket, restoring it if
// it is missing.
func (s *Store) BeforeOpen(ctx context.Context, path string) error {
	r, err := s.replica(path)
	if err != nil {
		return err
	}
	if r.isPrepared() {
		return nil
	}
	// No upload runs while the file is reconciled.
	if err := r.shipMu.LockCtx(ctx); err != nil {
		return err
	}
	defer r.shipMu.Unlock()
	if err := r.prepare(ctx); err != nil {
		if ce := (*claimError)(nil); errors.As(err, &ce) {
			return fmt.Errorf("backup: %w", err) // the object is not this node's to open
		}
		if _, statErr := os.Stat(path); s.opts.Mode != ModeInterval || statErr != nil {
			if statErr != nil {
				return fmt.Errorf("%w: the bucket is unreachable and this object has no local copy: %w", ErrUnavailable, err)
			}
			return fmt.Errorf("backup: %w", err)
		}
		// Interval mode serves the local copy while the bucket is away, and takes the
		// object's epoch when it can upload again (Replica.reconcile); the local file
		// then goes up whole, as the newest state.
		s.log.Warn("backup: bucket unreachable; serving the local copy, to be uploaded whole when it answers", "object", r.key, "err", err)
		r.servedWithoutBucket()
		return nil
	}
	r.markPrepared()
	return nil
}

// AfterOpen implements storage.PoolHooks.
func (s *Store) AfterOpen(ctx context.Context, db *storage.DB) error {
	r, err := s.replica(db.Path())
	if err != nil {
		return err
	}
	if err := r.attach(db); err != nil {
		return err
	}
	if s.opts.Mode == ModeDurable {
		// A snapshot or a restored state is uploaded before the first call runs.
		if err := r.shipOwned(ctx, db); err != nil {
			return err
		}
		return r.deleteMarkerIfDue(ctx)
	}
	return nil
}

// BeforeClose implements storage.PoolHooks: the last frames are read, the log is
// folded into the file, and in interval mode the changes not uploaded yet go up at
// once, in the background (a failed upload is retried with the next round).
func (s *Store) BeforeClose(db *storage.DB) {
	r, err := s.replica(db.Path())
	if err != nil {
		return
	}
	if r.rollingBack() {
		return // the log is cut back at AfterClose
	}
	if err := r.capture(db); err != nil {
		s.log.Error("backup: before close", "object", r.key, "err", err)
		return
	}
	if err := r.checkpoint(db); err != nil {
		s.log.Error("backup: checkpoint before close", "object", r.key, "err", err)
	}
	if s.opts.Mode == ModeInterval {
		// An object that closes (idle, or the pool is full) uploads now, not at the
		// next round.
		s.bg.Add(1)
		go func() {
			defer s.bg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if err := r.ship(ctx); err != nil {
				s.log.Warn("backup: upload at close failed; will retry", "object", r.key, "err", err)
			}
		}()
	}
}

// AfterClose implements storage.PoolHooks: in durable mode, after an upload failed,
// the frames that did not reach the bucket are cut from the log, so the next open sees
// the last acknowledged state.
func (s *Store) AfterClose(path string) {
	r, err := s.replica(path)
	if err != nil {
		return
	}
	r.closed()
}

// uploader uploads the changes of ModeInterval: every half interval, each Replica
// with changes older than half an interval.
func (s *Store) uploader() {
	defer s.bg.Done()
	t := time.NewTicker(s.opts.Interval / 2)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		s.flush(context.Background(), s.opts.Interval/2, nil)
		s.maintainDue(context.Background())
	}
}

// flush uploads, 16 at a time, the changes of every replica dirty for at least age,
// and returns how many replicas failed. Fenced replicas upload nothing, and nothing
// uploads in durable mode.
func (s *Store) flush(ctx context.Context, age time.Duration, progress func(done, total int)) (failed int) {
	if s.opts.Mode == ModeDurable {
		// Only a commit's owner uploads its changes, before answering; changes it could
		// not upload are undone, never sent later.
		return 0
	}
	s.mu.Lock()
	var dirty []*Replica
	for _, r := range s.replicas {
		// An upload under way is waited for, so that flush returns with it done.
		if r.uploadDue(age) {
			dirty = append(dirty, r)
		}
	}
	s.mu.Unlock()
	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	for _, r := range dirty {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			uctx, cancel := context.WithTimeout(ctx, time.Minute)
			err := r.ship(uctx)
			cancel()
			mu.Lock()
			defer mu.Unlock()
			done++
			if err != nil {
				failed++
				s.log.Warn("backup: upload failed; will retry", "object", r.key, "err", err)
			}
			if progress != nil {
				progress(done, len(dirty))
			}
		}()
	}
	wg.Wait()
	return failed
}

// Close stops the uploads of ModeInterval after a last round that uploads every
// change, which ctx bounds, logging its progress. Close databases (storage.Pool.Close)
// before, so their last changes are read.
func (s *Store) Close(ctx context.Context) error {
	s.stopOnce.Do(func() { close(s.stop) })
	s.bg.Wait()
	last := time.Now()
	for {
		failed := s.flush(ctx, 0, func(done, total int) {
			if time.Since(last) > 2*time.Second || done == total {
				last = time.Now()
				s.log.Info("backup: uploading before stop", "done", done, "objects", total)
			}
		})
		if failed == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("backup: %d objects have changes the bucket did not take: %w", failed, ctx.Err())
		case <-time.After(time.Second):
		}
	}
	// Fenced objects upload nothing: what they acknowledged since is only on this disk.
	var fenced []string
	s.mu.Lock()
	for _, r := range s.replicas {
		if r.changesOnlyHere() {
			fenced = append(fenced, r.key)
		}
	}
	s.mu.Unlock()
	if len(fenced) > 0 {
		return fmt.Errorf("backup: %d objects taken by another node have changes only on this disk: %s", len(fenced), strings.Join(fenced, ", "))
	}
	return nil
}
