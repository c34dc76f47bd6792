package backup

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

var _ Bucket = (*MemoryBucket)(nil)

// MemoryBucket is a Bucket held in memory, for tests and for trying the package without
// an object store: what it holds is lost with the process. It keeps the contract of
// Bucket as S3 does: an object's ETag is the quoted hex MD5 of its body, as S3 gives
// for an object written by one PUT (https://docs.aws.amazon.com/AmazonS3/latest/API/API_Object.html),
// so it changes when the content does; conditional writes follow RFC 9110 section
// 13.1 (If-Match on a missing key fails, If-None-Match: * on an existing one fails),
// with ErrPrecondition. A Get, List or Put whose context has ended fails with the
// context's error and changes nothing.
//
// The zero value is an empty bucket, safe for concurrent use.
type MemoryBucket struct {
	// Name names the bucket in String ("memory://<Name>"); "" means "memory://".
	Name string

	mu   sync.Mutex
	objs map[string]memoryObject
}

type memoryObject struct {
	body     []byte
	etag     string
	modified time.Time
}

func (b *MemoryBucket) String() string { return "memory://" + b.Name }

// Put implements Bucket. It reads body to its end before it takes the bucket's lock.
func (b *MemoryBucket) Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", b.error("put", key, err)
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return "", b.error("put", key, err)
	}
	sum := md5.Sum(data)
	o := memoryObject{body: data, etag: `"` + hex.EncodeToString(sum[:]) + `"`, modified: time.Now().UTC()}
	b.mu.Lock()
	defer b.mu.Unlock()
	old, exists := b.objs[key]
	switch {
	case cond.IfNoneMatch && exists:
		return "", b.error("put", key, fmt.Errorf("%w: the key exists (If-None-Match: *)", ErrPrecondition))
	case cond.IfMatch != "" && !exists:
		return "", b.error("put", key, fmt.Errorf("%w: the key does not exist (If-Match: %s)", ErrPrecondition, cond.IfMatch))
	case cond.IfMatch != "" && old.etag != cond.IfMatch:
		return "", b.error("put", key, fmt.Errorf("%w: its ETag is %s, not %s (If-Match)", ErrPrecondition, old.etag, cond.IfMatch))
	}
	if b.objs == nil {
		b.objs = map[string]memoryObject{}
	}
	b.objs[key] = o
	return o.etag, nil
}

// Get implements Bucket. The body is a copy: later writes do not change it.
func (b *MemoryBucket) Get(ctx context.Context, key string) (io.ReadCloser, string, error) {
	if err := ctx.Err(); err != nil {
		return nil, "", b.error("get", key, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	o, ok := b.objs[key]
	if !ok {
		return nil, "", b.error("get", key, ErrNotFound)
	}
	return io.NopCloser(bytes.NewReader(o.body)), o.etag, nil
}

// List implements Bucket.
func (b *MemoryBucket) List(ctx context.Context, prefix string) ([]ObjectInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, b.error("list", prefix, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	var infos []ObjectInfo
	for k, o := range b.objs {
		if strings.HasPrefix(k, prefix) {
			infos = append(infos, ObjectInfo{Key: k, Size: int64(len(o.body)), Modified: o.modified})
		}
	}
	sort.Slice(infos, func(i, j int) bool { return infos[i].Key < infos[j].Key })
	return infos, nil
}

// Delete implements Bucket.
func (b *MemoryBucket) Delete(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return b.error("delete", strings.Join(keys, " "), err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, k := range keys {
		delete(b.objs, k)
	}
	return nil
}

func (b *MemoryBucket) error(op, key string, err error) error {
	return fmt.Errorf("%s: %s %s: %w", b, op, key, err)
}
