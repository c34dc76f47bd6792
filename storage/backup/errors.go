package backup

import (
	"errors"
	"fmt"
	"time"
)

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
	// ErrTooOld means a time before the oldest state the bucket keeps. The error
	// returned is a *TooOldError, which names the earliest restorable time.
	ErrTooOld = errors.New("time is before the kept history")
	// ErrBadBookmark means a string that is not a bookmark.
	ErrBadBookmark = errors.New("not a bookmark")
)

// TooOldError is the error of a point-in-time lookup (BookmarkAt) for a time before the
// oldest state the bucket can rebuild. errors.Is(err, ErrTooOld) holds for it.
type TooOldError struct {
	// Time is the time asked for.
	Time time.Time
	// Earliest is the earliest time for which BookmarkAt finds a state, in UTC: the
	// time of the oldest state the bucket can still rebuild (retention removes older
	// ones). It is the zero Time when the bucket can rebuild no state of the object.
	Earliest time.Time
}

func (e *TooOldError) Error() string {
	if e.Earliest.IsZero() {
		return fmt.Sprintf("%v: %s, and the bucket can rebuild no state of this object", ErrTooOld, e.Time.UTC().Format(time.RFC3339Nano))
	}
	return fmt.Sprintf("%v: %s is before the earliest restorable time, %s", ErrTooOld,
		e.Time.UTC().Format(time.RFC3339Nano), e.Earliest.UTC().Format(time.RFC3339Nano))
}

// Is reports whether target is ErrTooOld.
func (e *TooOldError) Is(target error) bool { return target == ErrTooOld }
