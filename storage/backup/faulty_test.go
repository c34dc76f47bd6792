package backup

// The bucket wrappers the tests use to make the bucket fail on purpose: faulty decides,
// key by key, what each Put and Delete does; outage stops answering altogether. With
// them every interleaving a test needs is forced by a hook, never by timing.

import (
	"context"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/superfly/ltx"
)

// faulty wraps a bucket and lets a test decide, key by key, what each Put and Delete
// does: go through, fail before reaching the bucket, or reach the bucket and then
// report a failure (an answer lost on the way back).
type faulty struct {
	Bucket
	mu sync.Mutex
	// put, if set, is asked before each Put. stored: the Put goes to the bucket first.
	// err: what the Put then returns (nil: the bucket's answer).
	put func(key string) (stored bool, err error)
	// del, if set, is asked before each Delete; an error fails it without deleting.
	del func(keys []string) error
	// modified, if set, rewrites the LastModified times List reports.
	modified func(key string, t time.Time) time.Time
}

func (f *faulty) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	objs, err := f.Bucket.List(ctx, prefix)
	if f.modified != nil {
		for i := range objs {
			objs[i].Modified = f.modified(objs[i].Key, objs[i].Modified)
		}
	}
	return objs, err
}

func (f *faulty) setPut(fn func(key string) (bool, error)) {
	f.mu.Lock()
	f.put = fn
	f.mu.Unlock()
}

func (f *faulty) setDelete(fn func(keys []string) error) {
	f.mu.Lock()
	f.del = fn
	f.mu.Unlock()
}

func (f *faulty) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	f.mu.Lock()
	fn := f.put
	f.mu.Unlock()
	if fn != nil {
		stored, err := fn(key)
		if err != nil {
			if stored {
				f.Bucket.Put(ctx, key, body, cond)
			}
			return "", err
		}
	}
	return f.Bucket.Put(ctx, key, body, cond)
}

func (f *faulty) Delete(ctx context.Context, keys ...string) error {
	f.mu.Lock()
	fn := f.del
	f.mu.Unlock()
	if fn != nil {
		if err := fn(keys); err != nil {
			return err
		}
	}
	return f.Bucket.Delete(ctx, keys...)
}

var errInjected = errors.New("injected bucket failure")

// once returns a put hook that acts (stored, errInjected) on the first key that
// matches, and lets every other Put through.
func once(match func(key string) bool, stored bool) func(string) (bool, error) {
	var mu sync.Mutex
	done := false
	return func(key string) (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		if done || !match(key) {
			return false, nil
		}
		done = true
		return stored, errInjected
	}
}

func isLTX(key string) bool { return strings.HasSuffix(key, ".ltx") }

// ltxLevel is the level of the LTX file at key (either layout: <obj>/ltx/<level>/ or
// <obj>/<level in 4 hex digits>/), or -1.
func ltxLevel(key string) int {
	if !isLTX(key) {
		return -1
	}
	dir := path.Base(path.Dir(key))
	base := 10
	if len(dir) == 4 {
		base = 16
	}
	lv, err := strconv.ParseInt(dir, base, 32)
	if err != nil {
		return -1
	}
	return int(lv)
}

// isUploadOf reports whether key is the level-0 file of TXID txid.
func isUploadOf(txid ltx.TXID) func(key string) bool {
	return func(key string) bool {
		return ltxLevel(key) == levelUpload && path.Base(key) == ltx.FormatFilename(txid, txid)
	}
}

func newFaulty(t *testing.T) *faulty {
	return &faulty{Bucket: testBucket(t)}
}

// outage wraps a bucket that stops answering (every call fails) while down is set.
type outage struct {
	Bucket
	down atomic.Bool
}

var errDown = errors.New("injected: the bucket does not answer")

func (o *outage) Get(ctx context.Context, key string) (io.ReadCloser, string, error) {
	if o.down.Load() {
		return nil, "", errDown
	}
	return o.Bucket.Get(ctx, key)
}

func (o *outage) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	if o.down.Load() {
		return "", errDown
	}
	return o.Bucket.Put(ctx, key, body, cond)
}

func (o *outage) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	if o.down.Load() {
		return nil, errDown
	}
	return o.Bucket.List(ctx, prefix)
}

func (o *outage) Delete(ctx context.Context, keys ...string) error {
	if o.down.Load() {
		return errDown
	}
	return o.Bucket.Delete(ctx, keys...)
}
