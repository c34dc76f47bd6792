package host

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage/backup"
)

// Errors returned by the Engine. Failures a plugin reported are *abi.Error values;
// storage failures keep storage's sentinels (storage.ErrNoSpace, ...).
var (
	// ErrInvalidName: a class or object name is empty, over 256 bytes, or holds '/',
	// NUL or "..".
	ErrInvalidName = errors.New("invalid name")
	// ErrClassNotFound: no class of that name was deployed.
	ErrClassNotFound = errors.New("class not found")
	// ErrMethodNotFound: the plugin exports no method of that name.
	ErrMethodNotFound = format.ErrMethodNotFound
	// ErrInvalidPlugin: the uploaded bytes are not a plugin this host can run. The
	// error wraps it with what is wrong.
	ErrInvalidPlugin = format.ErrInvalidPlugin
	// ErrUnknownABIVersion: the plugin declares an ABI version this host does not speak
	// (it also matches ErrInvalidPlugin).
	ErrUnknownABIVersion = format.ErrUnknownABIVersion
	// ErrTrap: the plugin trapped (unreachable, out-of-bounds access, ...).
	ErrTrap = format.ErrTrap
	// ErrMemoryLimit: the plugin reached its linear memory limit.
	ErrMemoryLimit = format.ErrMemoryLimit
	// ErrCycle: an object-to-object call would deadlock (A calls B calls A). A
	// JavaScript callback through a stub A sent runs in A's waiting call instead
	// (rpcstubs.go), unless that call cannot take it.
	ErrCycle = errors.New("would deadlock")
	// ErrClosed: the engine is shutting down and takes no new calls.
	ErrClosed = errors.New("engine is closed")
	// ErrLeaseLost: with several nodes, this node's lease may have lapsed
	// (Options.Lease): another node may own its objects now, so it answers no more
	// calls. What the call wrote may or may not stay.
	ErrLeaseLost = errors.New("this node's cluster lease may have lapsed")
	// ErrTooLarge: an input, output or value exceeds its limit.
	ErrTooLarge = format.ErrTooLarge
	// ErrNoDatabase: Engine.RunExisting found no database for the object.
	ErrNoDatabase = errors.New("object has no database")
	// ErrOverloaded: the object is not resident, and activating it would take the
	// resident objects over Options.MaxResident or Options.MemoryBudgetBytes while too
	// few of them are idle to be evicted. Nothing of the call ran; retry later.
	ErrOverloaded = errors.New("engine is overloaded")
	// ErrRolledBack: SQLite rolled back the transaction of the call's commit batch by
	// itself, because another call of the batch met a full disk, an I/O error or its
	// time limit, and the call could not run again safely (it called another object).
	// Nothing of it was committed; retry. (storage.ErrTransactionLost; runBatch.)
	ErrRolledBack = errors.New("the call's commit batch was rolled back by another call's failure; nothing was committed, retry")
	// ErrNoFetch / ErrNoAlarm: the plugin has no fetch or alarm export.
	ErrNoFetch = errors.New("no fetch handler (a JavaScript class without fetch(), a plugin without the fetch export)")
	// ErrStreamCut: reading a StreamedBody, the object's stream failed (its script's
	// stream errored, or its instance went before the stream ended).
	ErrStreamCut = js.ErrStreamCut
)

// MaxFailureMessageBytes bounds the message of a failure a plugin reports (the fail
// host function, a JavaScript exception): a longer one is cut at a character boundary
// and ends with "… (cut from N bytes)".
const MaxFailureMessageBytes = 4096

// failureMessage is the message msg of a plugin's failure, bounded by
// MaxFailureMessageBytes.
func failureMessage(msg []byte) string {
	if len(msg) <= MaxFailureMessageBytes {
		return string(msg)
	}
	marker := fmt.Sprintf("… (cut from %d bytes)", len(msg))
	n := MaxFailureMessageBytes - len(marker)
	for n > 0 && !utf8.RuneStart(msg[n]) {
		n--
	}
	return string(msg[:n]) + marker
}

// errNoBucket is the error of point-in-time recovery without a bucket.
var errNoBucket = &abi.Error{Code: abi.CodeUnavailable, Message: "point-in-time recovery needs a bucket: " +
	"start the server with --backup-bucket s3://bucket/prefix (backup mode interval or durable)"}

// errRestoreSplittable refuses a point-in-time restore of one leaf of a splittable
// object: the leaves would disagree about which keys each owns.
var errRestoreSplittable = &abi.Error{Code: abi.CodeBadInput, Message: "point-in-time restore of an object of a " +
	"splittable class is not supported: a leaf restored alone would disagree with the others about which keys it owns"}

// backupReplica returns the object's replica, or errNoBucket.
func (o *object) backupReplica() (*backup.Replica, error) {
	if o.replica == nil {
		return nil, errNoBucket
	}
	return o.replica, nil
}

// bookmarkError gives the failures of point-in-time recovery their ABI codes.
func bookmarkError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, backup.ErrBadBookmark):
		return &abi.Error{Code: abi.CodeBadInput, Message: err.Error()}
	case errors.Is(err, backup.ErrTooOld):
		return causedError{&abi.Error{Code: abi.CodeNotFound, Message: err.Error()}, err}
	case errors.Is(err, backup.ErrBookmarkGone), errors.Is(err, backup.ErrNoBackup):
		return &abi.Error{Code: abi.CodeNotFound, Message: err.Error()}
	}
	return &abi.Error{Code: abi.CodeUnavailable, Message: err.Error()}
}

// causedError is an *abi.Error that keeps its cause for errors.Is and errors.As, such
// as the *backup.TooOldError that names the earliest restorable time.
type causedError struct {
	code  *abi.Error
	cause error
}

func (e causedError) Error() string   { return e.code.Error() }
func (e causedError) Unwrap() []error { return []error{e.code, e.cause} }

// timeLimitError is the error of a call that ran out of time. It matches
// context.DeadlineExceeded with errors.Is.
type timeLimitError = format.TimeLimitError

// CallError is the error of a failed call: errors.As gives the object, errors.Is and
// errors.As the cause (an *abi.Error, ErrTrap, context.DeadlineExceeded, ...).
type CallError struct {
	ObjectID string // hex id of the object
	Class    string
	Name     string // object name
	Method   string // method, or "init", "alarm", "fetch"
	Err      error
}

func (e *CallError) Error() string {
	return fmt.Sprintf("call %s/%s.%s: %v", e.Class, e.Name, e.Method, e.Err)
}

func (e *CallError) Unwrap() error { return e.Err }
