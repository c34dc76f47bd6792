package backup

import (
	"context"
	"errors"
	"io"
	"time"
)

// Errors of a Bucket, to test with errors.Is.
var (
	// ErrNotFound means the key does not exist.
	ErrNotFound = errors.New("not found in the bucket")
	// ErrPrecondition means a conditional write was refused: the key exists (IfNoneMatch)
	// or its ETag is not the one given (IfMatch). HTTP 412.
	ErrPrecondition = errors.New("conditional write refused")
)

// Bucket is the narrow interface to an object store that backups need. S3 implements
// it over any S3-compatible store, MemoryBucket in memory; bucket_test.go holds the
// contract both pass.
type Bucket interface {
	// Put stores body under key and returns its ETag. With cond.IfNoneMatch it fails
	// with ErrPrecondition if the key exists; with cond.IfMatch, unless the key's ETag
	// is cond.IfMatch (on a key that does not exist, with ErrPrecondition or, as some
	// S3 stores answer 404, ErrNotFound). A refused Put changes nothing.
	Put(ctx context.Context, key string, body io.ReadSeeker, cond Cond) (etag string, err error)
	// Get opens the object at key; ErrNotFound if there is none. The caller closes it.
	Get(ctx context.Context, key string) (body io.ReadCloser, etag string, err error)
	// List returns every object whose key starts with prefix, in key order.
	List(ctx context.Context, prefix string) ([]ObjectInfo, error)
	// Delete deletes keys; missing keys are not an error.
	Delete(ctx context.Context, keys ...string) error
	// String names the bucket for messages, e.g. "s3://backups/prod".
	String() string
}

// Cond makes a Put conditional (RFC 9110 section 13.1).
type Cond struct {
	IfNoneMatch bool   // If-None-Match: *, create only
	IfMatch     string // If-Match: the ETag the key must have
}

// ObjectInfo describes one object in a bucket.
type ObjectInfo struct {
	Key      string
	Size     int64
	Modified time.Time
}
