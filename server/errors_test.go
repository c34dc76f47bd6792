package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
	"github.com/sobjects/sobjects/splitter"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// TestProblemDetailIsBounded: a plugin failing with a 50 KB message (SQLite's, naming a
// 50 KB column) gets a problem whose detail is at most MaxDetailBytes of valid UTF-8.
func TestProblemDetailIsBounded(t *testing.T) {
	v := start(t, Options{})
	long := strings.Repeat("é", 25000)
	p := v.problem("POST", "/v1/objects/testkit/t/sql", []byte(`{"sql":"SELECT `+long+`"}`), 500, "sql")
	if len(p.Detail) > MaxDetailBytes || !utf8.ValidString(p.Detail) || !strings.Contains(p.Detail, "no such column: éé") {
		t.Fatalf("detail of %d bytes, want at most %d of UTF-8 naming the column: %.200q", len(p.Detail), MaxDetailBytes, p.Detail)
	}
}

// A split that refuses to replace data it did not write is a conflict the operator
// resolves, not a server failure.
func TestSplitOntoForeignDataIsAConflict(t *testing.T) {
	err := fmt.Errorf("split ledger/acct: %w", splitter.ErrForeignData)
	if status, code := problemFor(err); status != http.StatusConflict || code != "foreign_data" {
		t.Fatalf("problemFor(%v) = %d %s, want 409 foreign_data", err, status, code)
	}
}

// A call whose commit batch another call's failure rolled back is told to retry.
func TestRolledBackIsRetriable(t *testing.T) {
	err := &host.CallError{Class: "c", Name: "n", Method: "m", Err: host.ErrRolledBack}
	if status, code := problemFor(err); status != http.StatusServiceUnavailable || code != "rolled_back" {
		t.Fatalf("problemFor(%v) = %d %s, want 503 rolled_back", err, status, code)
	}
}

// problemCase is an error the server can meet and the status and code problemFor gives
// it. branch is the position, in problemFor's switch, of the case that decides it
// (cases share a number when one decides both).
type problemCase struct {
	branch int
	name   string
	err    error
	status int
	code   string
}

// callErr wraps err the way Engine.Call returns a failed call.
func callErr(err error) error {
	return &host.CallError{ObjectID: "ab12", Class: "c", Name: "n", Method: "m", Err: err}
}

// problemCases lists, in the order of problemFor's cases, every error the engine, the
// splitter, storage, the backup, jsbundle and the server itself return, with the
// status and code a client is told of it.
var problemCases = []problemCase{
	{1, "server draining", errDraining, 503, "draining"},
	{2, "server in-flight limit", errOverloaded, 429, "overloaded"},
	{2, "server connection limit", errTooManyConnections, 429, "overloaded"},
	{3, "server unread answers limit", errBuffered, 503, "overloaded"},
	{4, "wrong bearer token", errUnauthorized, 401, "unauthorized"},
	{5, "upload without a token off loopback", errNoToken, 403, "forbidden"},
	{6, "engine closed", host.ErrClosed, 503, "draining"},
	{6, "engine closed during a call", callErr(host.ErrClosed), 503, "draining"},
	{7, "resident limit", callErr(fmt.Errorf("activate: %w", host.ErrOverloaded)), 503, "resident_limit"},
	{8, "batch rolled back", callErr(host.ErrRolledBack), 503, "rolled_back"},
	{9, "invalid name", fmt.Errorf("%w: class %q", host.ErrInvalidName, "a/b"), 400, "invalid_name"},
	{10, "class not found", callErr(host.ErrClassNotFound), 404, "class_not_found"},
	{11, "method not found", callErr(host.ErrMethodNotFound), 404, "method_not_found"},
	{12, "no fetch export", callErr(host.ErrNoFetch), 404, "no_fetch"},
	{13, "JavaScript build failed", fmt.Errorf("deploy: %w", &jsbundle.BuildError{Project: "p",
		Messages: []jsbundle.Message{{File: "a.js", Line: 1, Column: 2, Text: "Unexpected end of file"}}}), 400, "build_failed"},
	{14, "unsupported JavaScript API", fmt.Errorf("%w: node:fs", jsbundle.ErrUnsupported), 400, "unsupported_api"},
	{15, "invalid plugin", fmt.Errorf("%w: no memory export", host.ErrInvalidPlugin), 422, "invalid_plugin"},
	{15, "unknown ABI version", fmt.Errorf("%w: %w", host.ErrInvalidPlugin, host.ErrUnknownABIVersion), 422, "invalid_plugin"},
	{15, "not a JavaScript project", fmt.Errorf("%w: no package.json", jsbundle.ErrNotJS), 422, "invalid_plugin"},
	{15, "invalid bundle", fmt.Errorf("%w: two default exports", jsbundle.ErrBadBundle), 422, "invalid_plugin"},
	{16, "too large", callErr(fmt.Errorf("output: %w", host.ErrTooLarge)), 413, "too_large"},
	{17, "database out of file descriptors", callErr(errors.Join(storage.ErrTooManyFiles, syscall.EMFILE)), 503, "unavailable"},
	{17, "process out of file descriptors", fmt.Errorf("open: %w", syscall.EMFILE), 503, "unavailable"},
	{17, "system out of file descriptors", fmt.Errorf("open: %w", syscall.ENFILE), 503, "unavailable"},
	{18, "disk full", callErr(errors.Join(storage.ErrNoSpace, syscall.ENOSPC)), 507, "insufficient_storage"},
	{18, "storage quota", callErr(&storage.QuotaError{MaxBytes: 1 << 20}), 507, "insufficient_storage"},
	{18, "disk full rolled the batch back", callErr(&storage.LostError{Cause: errors.Join(storage.ErrNoSpace, syscall.ENOSPC)}), 507, "insufficient_storage"},
	{18, "read-only storage", callErr(errors.Join(storage.ErrReadOnly, syscall.EROFS)), 507, "insufficient_storage"},
	{19, "fenced", callErr(fmt.Errorf("%w: node b took the object", backup.ErrFenced)), 409, "fenced"},
	{20, "not durable", callErr(fmt.Errorf("%w: %w", backup.ErrNotDurable, errors.New("put: 500"))), 503, "not_durable"},
	{21, "bucket unavailable", callErr(fmt.Errorf("%w: no local copy", backup.ErrUnavailable)), 503, "bucket_unavailable"},
	{22, "keys span leaves", fmt.Errorf("%w: a, b", splitter.ErrSpansLeaves), 409, "spans_leaves"},
	{23, "stale leaf", &splitter.LeafCallError{Leaf: "01", Positions: []int{0}, Err: splitter.ErrStale}, 409, "stale_leaf"},
	{24, "max depth", fmt.Errorf("%w: leaf %q", splitter.ErrMaxDepth, "0101"), 409, "max_depth"},
	{25, "foreign data", fmt.Errorf("split: %w", splitter.ErrForeignData), 409, "foreign_data"},
	{26, "leaf missing", fmt.Errorf("%w: object x has no leaf under %q", splitter.ErrLeafMissing, "1"), 500, "leaf_missing"},
	{27, "not splittable", fmt.Errorf("%w: counter", splitter.ErrNotSplittable), 400, "not_splittable"},
	{28, "cycle", callErr(fmt.Errorf("call b: %w", host.ErrCycle)), 508, "cycle"},
	{29, "plugin bad_input", callErr(&abi.Error{Code: abi.CodeBadInput, Message: "x"}), 400, "bad_input"},
	{29, "plugin not_found", callErr(&abi.Error{Code: abi.CodeNotFound}), 404, "not_found"},
	{29, "plugin conflict", callErr(&abi.Error{Code: abi.CodeConflict}), 409, "conflict"},
	{29, "plugin internal", callErr(&abi.Error{Code: abi.CodeInternal}), 500, "internal"},
	{29, "plugin too_large", callErr(&abi.Error{Code: abi.CodeTooLarge}), 413, "too_large"},
	{29, "plugin unavailable", callErr(&abi.Error{Code: abi.CodeUnavailable}), 503, "unavailable"},
	{29, "SQL error", callErr(&abi.Error{Code: abi.CodeSQL, Message: "no such table: t"}), 500, "sql"},
	{29, "constraint", callErr(&abi.Error{Code: abi.CodeConstraint}), 409, "constraint"},
	{29, "denied SQL", callErr(&abi.Error{Code: abi.CodeDenied}), 403, "denied"},
	{29, "plugin cycle code", callErr(&abi.Error{Code: abi.CodeCycle}), 508, "cycle"},
	{29, "moved", callErr(&abi.Error{Code: abi.CodeMoved}), 421, "moved"},
	{29, "unknown ABI code", callErr(&abi.Error{Code: 99}), 500, "code(99)"},
	{29, "bookmark too old", errors.Join(&abi.Error{Code: abi.CodeNotFound, Message: "too old"},
		&backup.TooOldError{Time: time.Unix(1, 0), Earliest: time.Unix(2, 0)}), 404, "not_found"},
	{30, "time limit", callErr(context.DeadlineExceeded), 504, "time_limit"},
	{30, "time limit wrapped", callErr(fmt.Errorf("sql: %w", context.DeadlineExceeded)), 504, "time_limit"},
	{31, "memory limit", callErr(fmt.Errorf("%w of 16 MiB", host.ErrMemoryLimit)), 500, "memory_limit"},
	{32, "trap", callErr(fmt.Errorf("%w: unreachable", host.ErrTrap)), 500, "trap"},
	{33, "database memory limit", callErr(storage.ErrOutOfMemory), 500, "database_memory_limit"},
	{34, "no route under /v1/", fmt.Errorf("%w: GET /v1/x", errNoRoute), 404, "no_route"},
	{35, "method of another route under /v1/", fmt.Errorf("%w: GET /v1/objects/c/n/m", errMethodNotAllowed), 405, "method_not_allowed"},
	{36, "request.cf header not JSON", fmt.Errorf("%w: X-Cf", errCFHeader), 400, "bad_cf_header"},
	{37, "echo bad request", echo.NewHTTPError(http.StatusBadRequest, "read body: EOF"), 400, "http"},
	{37, "echo no route", echo.ErrNotFound, 404, "http"},
	{37, "echo method not allowed", echo.ErrMethodNotAllowed, 405, "http"},
	{38, "unclassified", errors.New("boom"), 500, "internal"},
	{38, "call canceled", callErr(context.Canceled), 500, "internal"},
	{38, "no database", host.ErrNoDatabase, 500, "internal"},
	{38, "key moved off the leaf", callErr(&host.LeafError{Key: "k"}), 500, "internal"},
	{38, "SQL interrupted", callErr(storage.ErrInterrupted), 500, "internal"},
	{38, "batch lost to an I/O error", callErr(&storage.LostError{Cause: errors.New("disk I/O error")}), 500, "internal"},
	{38, "database closed", callErr(storage.ErrClosed), 500, "internal"},
	{38, "bucket without conditional writes", backup.ErrNoConditionalWrites, 500, "internal"},
}

// TestEveryErrorHasItsStatusAndCode: each error the server meets answers its own status
// and code.
func TestEveryErrorHasItsStatusAndCode(t *testing.T) {
	for _, c := range problemCases {
		if status, code := problemFor(c.err); status != c.status || code != c.code {
			t.Errorf("%s: problemFor(%v) = %d %s, want %d %s", c.name, c.err, status, code, c.status, c.code)
		}
	}
}

// TestProblemBranchesKeepTheirOrder: an error that matches two cases of problemFor gets
// the status and code of the one listed first, whichever of the two it wraps first.
func TestProblemBranchesKeepTheirOrder(t *testing.T) {
	for i, a := range problemCases {
		if i > 0 && a.branch < problemCases[i-1].branch {
			t.Fatalf("problemCases out of order at %q", a.name)
		}
		for _, b := range problemCases[i+1:] {
			if b.branch == a.branch {
				continue
			}
			for _, err := range []error{errors.Join(a.err, b.err), errors.Join(b.err, a.err)} {
				if status, code := problemFor(err); status != a.status || code != a.code {
					t.Errorf("%s before %s: problemFor(%v) = %d %s, want %d %s", a.name, b.name,
						err, status, code, a.status, a.code)
				}
			}
		}
	}
}

// TestOverlappingErrorsTakeTheFirstCase names the overlaps the engine really produces.
func TestOverlappingErrorsTakeTheFirstCase(t *testing.T) {
	for _, c := range []problemCase{
		{0, "batch rolled back after a full disk", callErr(errors.Join(host.ErrRolledBack, storage.ErrNoSpace)), 503, "rolled_back"},
		{0, "quota, which is also no space", callErr(&storage.QuotaError{MaxBytes: 10}), 507, "insufficient_storage"},
		{0, "plugin error inside a call error", callErr(fmt.Errorf("kv.get: %w", &abi.Error{Code: abi.CodeNotFound})), 404, "not_found"},
		{0, "plugin error that also timed out", callErr(errors.Join(&abi.Error{Code: abi.CodeSQL}, context.DeadlineExceeded)), 500, "sql"},
		{0, "deadline inside a call error", callErr(fmt.Errorf("%w: 5s", context.DeadlineExceeded)), 504, "time_limit"},
		{0, "memory limit met as a trap", callErr(errors.Join(host.ErrTrap, host.ErrMemoryLimit)), 500, "memory_limit"},
		{0, "time limit met as a trap", callErr(errors.Join(host.ErrTrap, context.DeadlineExceeded)), 504, "time_limit"},
		{0, "read-only because out of files", errors.Join(storage.ErrReadOnly, syscall.EMFILE), 503, "unavailable"},
		{0, "not durable because fenced", callErr(fmt.Errorf("%w: %w", backup.ErrNotDurable, backup.ErrFenced)), 409, "fenced"},
		{0, "not durable because the bucket is down", fmt.Errorf("%w: %w", backup.ErrNotDurable, backup.ErrUnavailable), 503, "not_durable"},
		{0, "disk full while the bucket is down", errors.Join(backup.ErrUnavailable, storage.ErrNoSpace), 507, "insufficient_storage"},
		{0, "unknown ABI version is an invalid plugin", fmt.Errorf("%w: %w", host.ErrInvalidPlugin, host.ErrUnknownABIVersion), 422, "invalid_plugin"},
		{0, "invalid plugin too large", fmt.Errorf("%w: %w", host.ErrInvalidPlugin, host.ErrTooLarge), 422, "invalid_plugin"},
		{0, "leaf missing in a split", fmt.Errorf("%w: %w", splitter.ErrLeafMissing, splitter.ErrStale), 409, "stale_leaf"},
		{0, "cycle reported as an ABI error too", callErr(errors.Join(&abi.Error{Code: abi.CodeInternal}, host.ErrCycle)), 508, "cycle"},
		{0, "echo error around an engine error", &echo.HTTPError{Code: 400, Message: "bad", Internal: host.ErrTooLarge}, 413, "too_large"},
		{0, "engine closed while overloaded", errors.Join(host.ErrOverloaded, host.ErrClosed), 503, "draining"},
		{0, "server draining while overloaded", errors.Join(errOverloaded, errDraining), 503, "draining"},
		{0, "leaf call error of a plugin failure", &splitter.LeafCallError{Leaf: "1", Err: callErr(&abi.Error{Code: abi.CodeConflict})}, 409, "conflict"},
	} {
		if status, code := problemFor(c.err); status != c.status || code != c.code {
			t.Errorf("%s: problemFor(%v) = %d %s, want %d %s", c.name, c.err, status, code, c.status, c.code)
		}
	}
}

// TestServerFaultsKeepPathsInTheLog: a failure of the server's own (a full disk, a
// read-only disk, no file descriptors, the bucket, a lost leaf, an unclassified error)
// tells the client a fixed sentence without the server's paths, and writes the error
// with its paths to the log; the object's own limits and the plugin's messages reach
// the client, with the data directory's path replaced by $DATA_DIR.
func TestServerFaultsKeepPathsInTheLog(t *testing.T) {
	const dataDir = "/srv/sobjects-data"
	const file = dataDir + "/objects/ab/12/ab12.db"
	var log strings.Builder
	s := &Server{log: slog.New(slog.NewTextHandler(&log, nil)), dataDirs: []string{dataDir}}
	c := echo.New().NewContext(httptest.NewRequest("POST", "/v1/objects/c/n/m", nil), httptest.NewRecorder())
	at := func(err error) error { return callErr(fmt.Errorf("open %s: %w", file, err)) }
	for _, f := range []struct {
		name, want string
		err        error
	}{
		{"disk full", "the server's disk is full: nothing was written", at(errors.Join(storage.ErrNoSpace, syscall.ENOSPC))},
		{"read-only", "the server's storage is read-only: nothing was written", at(errors.Join(storage.ErrReadOnly, syscall.EROFS))},
		{"out of files", "the server is out of file descriptors: nothing was written; retry later", at(errors.Join(storage.ErrTooManyFiles, syscall.EMFILE))},
		{"not durable", "the backup bucket did not take the write, so it was undone; retry later", at(backup.ErrNotDurable)},
		{"bucket unavailable", "the backup bucket does not answer and the object has no copy on this server; retry later", at(backup.ErrUnavailable)},
		{"leaf missing", "a leaf's database is missing: its keys are refused rather than answered from an empty one", at(splitter.ErrLeafMissing)},
		{"unclassified", "internal error: the server's log has the details", at(errors.New("boom"))},
		{"SQL interrupted", "internal error: the server's log has the details", at(storage.ErrInterrupted)},
	} {
		log.Reset()
		status, code := problemFor(f.err)
		if d := s.detailOf(c, f.err, status, code); d != f.want || strings.Contains(d, dataDir) {
			t.Errorf("%s: detail %q, want %q", f.name, d, f.want)
		}
		if !strings.Contains(log.String(), file) {
			t.Errorf("%s: the log does not name %s: %q", f.name, file, log.String())
		}
	}
	for _, f := range []struct {
		name, want string
		err        error
	}{
		{"quota", "the object's database is at its storage quota of 1024 bytes", callErr(&storage.QuotaError{MaxBytes: 1024})},
		{"plugin internal", "internal: cannot read $DATA_DIR/x", callErr(&abi.Error{Code: abi.CodeInternal, Message: "cannot read " + dataDir + "/x"})},
		{"plugin SQL", "sql: no such table: t", callErr(&abi.Error{Code: abi.CodeSQL, Message: "no such table: t"})},
		{"echo", "read body: EOF", echo.NewHTTPError(400, "read body: EOF")},
	} {
		log.Reset()
		status, code := problemFor(f.err)
		if d := s.detailOf(c, f.err, status, code); !strings.Contains(d, f.want) || strings.Contains(d, dataDir) {
			t.Errorf("%s: detail %q, want it to hold %q", f.name, d, f.want)
		}
		if log.Len() != 0 {
			t.Errorf("%s: a client's error went to the server's log: %q", f.name, log.String())
		}
	}
}
