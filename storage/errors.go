package storage

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/ncruces/go-sqlite3"

	"github.com/sobjects/sobjects/abi"
)

// Errors returned by this package. SQL errors caused by plugin SQL are *abi.Error
// values with code abi.CodeSQL, abi.CodeConstraint or abi.CodeDenied instead.
var (
	// ErrClosed is returned by a DB method after Close.
	ErrClosed = errors.New("database is closed")
	// ErrCheckpointHeld is returned by DB.Checkpoint while Pool.HoldCheckpoints holds
	// the file: a snapshot is being copied from it.
	ErrCheckpointHeld = errors.New("checkpoints are held while a snapshot is copied")
	// ErrOutOfMemory means SQLite reached the connection's memory limit
	// (Options.MaxMemoryBytes). The DB is closed by the failing call.
	ErrOutOfMemory = errors.New("database memory limit reached")
	// ErrInterrupted means the call's context ended while SQL ran.
	ErrInterrupted = errors.New("sql interrupted")
	// ErrNoSpace means the disk is full (SQLITE_FULL), or the object reached its
	// storage quota (then the error matches ErrQuota too).
	ErrNoSpace = errors.New("no space left for the database")
	// ErrQuota means a write would grow the object's database past its storage quota
	// (Options.MaxObjectBytes); the error is a *QuotaError, which matches ErrNoSpace
	// too, and the disk may have room.
	ErrQuota = errors.New("object storage quota reached")
	// ErrReadOnly means the database file or its directory cannot be written.
	ErrReadOnly = errors.New("database is read-only")
	// ErrTooManyFiles means the process or the system is out of file descriptors
	// (EMFILE, ENFILE): the database could not be opened now, and may be later.
	ErrTooManyFiles = errors.New("too many open files")
	// ErrTransactionLost means SQLite rolled the batch transaction back by itself after
	// a statement failed (a full disk, an I/O error, an interrupt, out of memory): every
	// write since DB.Begin is gone. The error is a *LostError, which names the failure.
	// https://sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction
	ErrTransactionLost = errors.New("the transaction was rolled back by SQLite")
)

// LostError is the error of a DB whose batch transaction SQLite rolled back by itself
// (DB.Lost). It matches ErrTransactionLost and unwraps to the failure that caused the
// loss, so that a full disk still matches ErrNoSpace and an interrupt ErrInterrupted.
type LostError struct {
	Cause error // the error of the statement after which the transaction was gone
}

func (e *LostError) Error() string {
	return "the transaction was rolled back by SQLite after: " + e.Cause.Error()
}

// Is matches ErrTransactionLost.
func (e *LostError) Is(target error) bool { return target == ErrTransactionLost }

// Unwrap returns the cause.
func (e *LostError) Unwrap() error { return e.Cause }

// failure returns the sentinel for a failure of the host rather than of the SQL (an
// interrupt, a full disk, a read-only file, no file descriptor left), or nil.
//
// SQLite says SQLITE_FULL only for a write that found the disk full; a full disk met
// by fsync, or a file system remounted read-only, comes as SQLITE_IOERR_* carrying
// the system error (ENOSPC, EDQUOT, EROFS), which the *sqlite3.Error unwraps to.
func failure(err error) error {
	switch {
	case errors.Is(err, sqlite3.INTERRUPT):
		return ErrInterrupted
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return errors.Join(ErrTooManyFiles, err) // before CANTOPEN, which it comes as
	case errors.Is(err, sqlite3.FULL), errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return errors.Join(ErrNoSpace, err)
	case errors.Is(err, sqlite3.READONLY), errors.Is(err, sqlite3.CANTOPEN), errors.Is(err, syscall.EROFS):
		return errors.Join(ErrReadOnly, err)
	}
	return nil
}

// QuotaError is the error of a write that would grow an object's database past its
// storage quota (Options.MaxObjectBytes). It matches ErrQuota and ErrNoSpace.
type QuotaError struct {
	MaxBytes int64 // the quota, in bytes
	err      error
}

func (e *QuotaError) Error() string {
	return fmt.Sprintf("the object's database is at its storage quota of %d bytes: the write was rolled back (delete data, or raise --max-object-bytes)", e.MaxBytes)
}

// Is matches ErrQuota and ErrNoSpace.
func (e *QuotaError) Is(target error) bool { return target == ErrQuota || target == ErrNoSpace }

// Unwrap returns SQLite's error.
func (e *QuotaError) Unwrap() error { return e.err }

// sqlError translates an error from SQLite run on behalf of a plugin into an
// *abi.Error, keeping the host's own failures (out of space, interrupt) as sentinels.
func sqlError(err error) error {
	if err == nil {
		return nil
	}
	if f := failure(err); f != nil {
		return f
	}
	switch {
	case errors.Is(err, sqlite3.IOERR):
		return err
	case errors.Is(err, sqlite3.AUTH):
		return &abi.Error{Code: abi.CodeDenied, Message: "plugin SQL may not touch the _cf_ tables, ATTACH databases, " +
			"open or end transactions, or run PRAGMAs that change settings (" + sqlMessage(err) + ")"}
	case errors.Is(err, sqlite3.CONSTRAINT):
		return &abi.Error{Code: abi.CodeConstraint, Message: sqlMessage(err)}
	case errors.Is(err, sqlite3.TOOBIG):
		return &abi.Error{Code: abi.CodeTooLarge, Message: sqlMessage(err)}
	}
	return &abi.Error{Code: abi.CodeSQL, Message: sqlMessage(err)}
}

// sqliteCodeNames name the primary result codes of SQLite that plugin SQL meets
// (https://sqlite.org/rescode.html).
var sqliteCodeNames = map[sqlite3.ErrorCode]string{
	sqlite3.ERROR: "SQLITE_ERROR", sqlite3.ABORT: "SQLITE_ABORT", sqlite3.CONSTRAINT: "SQLITE_CONSTRAINT",
	sqlite3.TOOBIG: "SQLITE_TOOBIG", sqlite3.MISMATCH: "SQLITE_MISMATCH", sqlite3.AUTH: "SQLITE_AUTH",
	sqlite3.RANGE: "SQLITE_RANGE", sqlite3.MISUSE: "SQLITE_MISUSE", sqlite3.SCHEMA: "SQLITE_SCHEMA",
}

// sqlMessage is SQLite's message of err as workerd words it: the message, then the
// name of its primary code ("no such table: t: SQLITE_ERROR").
func sqlMessage(err error) string {
	var e *sqlite3.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	msg, ok := strings.CutPrefix(e.Error(), e.Code().Error()+": ")
	if !ok {
		return e.Error()
	}
	if name, ok := sqliteCodeNames[e.Code()]; ok {
		msg += ": " + name
	}
	return msg
}

// hostError classifies a failure of the host's own SQL (KV, alarms, transactions).
func hostError(op string, err error) error {
	if err == nil {
		return nil
	}
	if f := failure(err); f != nil {
		return f
	}
	return &opError{op: op, err: err}
}

type opError struct {
	op  string
	err error
}

func (e *opError) Error() string { return e.op + ": " + e.err.Error() }
func (e *opError) Unwrap() error { return e.err }

// FileError marks an error of the file system (of os.WriteFile, say) as ErrNoSpace,
// ErrReadOnly or ErrTooManyFiles where it is one, so that errors.Is finds the sentinel;
// it returns other errors, and nil, as they are.
func FileError(err error) error { return classifyIO(err) }

// classifyIO marks a file-system error as ErrNoSpace, ErrReadOnly or ErrTooManyFiles
// where it is one.
func classifyIO(err error) error {
	if f := failure(err); f != nil {
		return f
	}
	return err
}
