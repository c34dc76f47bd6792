package backup

import "errors"

// Errors of this package, to test with errors.Is. The errors of a Bucket are in
// bucket.go.
var (
	// ErrNotDurable means a commit's changes did not reach the bucket in durable mode:
	// its calls are not acknowledged and are undone.
	ErrNotDurable = errors.New("backup: the bucket did not take the changes; not acknowledged")
	// ErrUnavailable means the bucket is needed and does not answer.
	ErrUnavailable = errors.New("backup bucket unavailable")
	// ErrNoConditionalWrites means a bucket accepted a write it should have refused.
	ErrNoConditionalWrites = errors.New("the bucket does not honour conditional writes")
	// ErrFenced means another node took the object (a newer epoch): this one no longer
	// writes it.
	ErrFenced = errors.New("object is fenced")

	// ErrNoBackup means the bucket holds nothing for the object.
	ErrNoBackup = errors.New("the bucket holds no backup of this object")
	// ErrBookmarkGone means the bucket can no longer rebuild the database at a
	// bookmark: its files were removed by retention, or it was never one of this
	// object's.
	ErrBookmarkGone = errors.New("the bucket can no longer rebuild this bookmark")
	// ErrTooOld means a time before the oldest state the bucket keeps.
	ErrTooOld = errors.New("time is before the kept history")
	// ErrBadBookmark means a string that is not a bookmark.
	ErrBadBookmark = errors.New("not a bookmark")
)
