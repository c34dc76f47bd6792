package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/cluster"
	"github.com/sobjects/sobjects/host"
	"github.com/sobjects/sobjects/jsbundle"
	"github.com/sobjects/sobjects/splitter"
	"github.com/sobjects/sobjects/storage"
	"github.com/sobjects/sobjects/storage/backup"
)

// Problem is an error response body (RFC 9457, application/problem+json).
type Problem struct {
	Type   string `json:"type"`   // "urn:sobjects:problem:" + Code
	Title  string `json:"title"`  // the HTTP status text
	Status int    `json:"status"` // the HTTP status
	Detail string `json:"detail"` // what went wrong, for a person
	Code   string `json:"code"`   // a stable name: an ABI error code (abi.Code) or a host condition
	Object string `json:"object,omitempty"`
	Method string `json:"method,omitempty"`
	// EarliestRestorableTime is, for a point-in-time lookup before the kept history
	// (404 not_found from GET _bookmark?time=T), the earliest time that finds a state:
	// RFC 3339 in UTC, to the millisecond or finer (backup.TooOldError).
	EarliestRestorableTime string `json:"earliest_restorable_time,omitempty"`
}

var errDraining = errors.New("server is draining: retry on another node or later")
var errOverloaded = errors.New("server is overloaded: too many calls in flight")
var errUnauthorized = errors.New("missing or wrong bearer token: send Authorization: Bearer $SOBJECTS_ADMIN_TOKEN")
var errBuffered = errors.New("server is overloaded: it holds too many answers its clients have not read yet; nothing of the call ran, retry later")
var errTooManyConnections = errors.New("server is overloaded: too many connections open; retry later")
var errNoToken = errors.New("uploads are refused on a non-loopback address unless SOBJECTS_ADMIN_TOKEN is set")
var errNoRoute = errors.New("no such route of the HTTP API")
var errMethodNotAllowed = errors.New("method not allowed on this route of the HTTP API")

// problemFor maps an error to its status and stable code. It is the only place that
// decides HTTP statuses for errors.
func problemFor(err error) (int, string) {
	var ae *abi.Error
	var he *echo.HTTPError
	switch {
	case errors.Is(err, errDraining):
		return http.StatusServiceUnavailable, "draining"
	case errors.Is(err, errOverloaded), errors.Is(err, errTooManyConnections):
		return http.StatusTooManyRequests, "overloaded"
	case errors.Is(err, errBuffered):
		return http.StatusServiceUnavailable, "overloaded"
	case errors.Is(err, errUnauthorized):
		return http.StatusUnauthorized, "unauthorized"
	case errors.Is(err, errNoToken):
		return http.StatusForbidden, "forbidden"
	case errors.Is(err, host.ErrClosed):
		return http.StatusServiceUnavailable, "draining"
	case errors.Is(err, host.ErrLeaseLost), errors.Is(err, cluster.ErrLeaseLost):
		return http.StatusServiceUnavailable, "lease_lost"
	case errors.Is(err, errBadSignature):
		return http.StatusUnauthorized, "bad_signature"
	case errors.Is(err, cluster.ErrOwned):
		return http.StatusMisdirectedRequest, "not_owner"
	case errors.Is(err, cluster.ErrUnavailable), errors.Is(err, errPeerUnavailable), errors.Is(err, errMoved):
		return http.StatusServiceUnavailable, "cluster_unavailable"
	case errors.Is(err, host.ErrOverloaded):
		return http.StatusServiceUnavailable, "resident_limit"
	case errors.Is(err, host.ErrRolledBack):
		return http.StatusServiceUnavailable, "rolled_back"
	case errors.Is(err, host.ErrInvalidName):
		return http.StatusBadRequest, "invalid_name"
	case errors.Is(err, host.ErrClassNotFound):
		return http.StatusNotFound, "class_not_found"
	case errors.Is(err, host.ErrMethodNotFound):
		return http.StatusNotFound, "method_not_found"
	case errors.Is(err, host.ErrNoFetch):
		return http.StatusNotFound, "no_fetch"
	case errors.As(err, new(*jsbundle.BuildError)):
		return http.StatusBadRequest, "build_failed"
	case errors.Is(err, jsbundle.ErrUnsupported):
		return http.StatusBadRequest, "unsupported_api"
	case errors.Is(err, host.ErrInvalidPlugin), errors.Is(err, jsbundle.ErrNotJS), errors.Is(err, jsbundle.ErrBadBundle):
		return http.StatusUnprocessableEntity, "invalid_plugin"
	case errors.Is(err, host.ErrTooLarge):
		return http.StatusRequestEntityTooLarge, "too_large"
	case outOfFiles(err):
		return http.StatusServiceUnavailable, abi.CodeUnavailable.String()
	case errors.Is(err, storage.ErrNoSpace), errors.Is(err, storage.ErrReadOnly):
		return http.StatusInsufficientStorage, "insufficient_storage"
	case errors.Is(err, backup.ErrFenced):
		return http.StatusConflict, "fenced"
	case errors.Is(err, backup.ErrNotDurable):
		return http.StatusServiceUnavailable, "not_durable"
	case errors.Is(err, backup.ErrUnavailable):
		return http.StatusServiceUnavailable, "bucket_unavailable"
	case errors.Is(err, splitter.ErrSpansLeaves):
		return http.StatusConflict, "spans_leaves"
	case errors.Is(err, splitter.ErrStale):
		return http.StatusConflict, "stale_leaf"
	case errors.Is(err, splitter.ErrMaxDepth):
		return http.StatusConflict, "max_depth"
	case errors.Is(err, splitter.ErrForeignData):
		return http.StatusConflict, "foreign_data"
	case errors.Is(err, splitter.ErrLeafMissing):
		return http.StatusInternalServerError, "leaf_missing"
	case errors.Is(err, splitter.ErrNotSplittable):
		return http.StatusBadRequest, "not_splittable"
	case errors.Is(err, host.ErrCycle):
		return http.StatusLoopDetected, abi.CodeCycle.String()
	case errors.As(err, &ae):
		return ae.Code.HTTPStatus(), ae.Code.String()
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout, "time_limit"
	case errors.Is(err, host.ErrMemoryLimit):
		return http.StatusInternalServerError, "memory_limit"
	case errors.Is(err, host.ErrTrap):
		return http.StatusInternalServerError, "trap"
	case errors.Is(err, storage.ErrOutOfMemory):
		return http.StatusInternalServerError, "database_memory_limit"
	case errors.Is(err, errNoRoute):
		return http.StatusNotFound, "no_route"
	case errors.Is(err, errMethodNotAllowed):
		return http.StatusMethodNotAllowed, "method_not_allowed"
	case errors.Is(err, errCFHeader):
		return http.StatusBadRequest, "bad_cf_header"
	case errors.As(err, &he):
		return he.Code, "http"
	}
	return http.StatusInternalServerError, "internal"
}

// outOfFiles reports whether err is the process or the system out of file descriptors
// (EMFILE, ENFILE): the server is overloaded, and the client should retry.
func outOfFiles(err error) bool {
	return errors.Is(err, storage.ErrTooManyFiles) || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// MaxDetailBytes bounds the detail of a problem; a longer one is cut at a character
// boundary and ends with "… (cut)".
const MaxDetailBytes = 4096

// serverFault is the detail of a failure of the server's own, which a client is told
// instead of the error: that names the server's files and how it failed, and goes to
// the server's log. It returns "" for other errors, whose detail is for the client.
func serverFault(err error, code string) string {
	var ae *abi.Error
	var owned *cluster.OwnedError
	switch {
	case errors.As(err, &owned):
		return "the object is owned by node " + owned.Owner.Node + ", which this call cannot be forwarded to (docs/cluster.md, Not yet)"
	case outOfFiles(err):
		return "the server is out of file descriptors: nothing was written; retry later"
	case errors.Is(err, storage.ErrQuota):
		return "" // the object's own limit, which the client is told
	case errors.Is(err, storage.ErrNoSpace):
		return "the server's disk is full: nothing was written"
	case errors.Is(err, storage.ErrReadOnly):
		return "the server's storage is read-only: nothing was written"
	case errors.Is(err, backup.ErrNotDurable):
		return "the backup bucket did not take the write, so it was undone; retry later"
	case errors.Is(err, backup.ErrUnavailable):
		return "the backup bucket does not answer and the object has no copy on this server; retry later"
	case errors.Is(err, splitter.ErrLeafMissing):
		return "a leaf's database is missing: its keys are refused rather than answered from an empty one"
	case code == "internal" && !errors.As(err, &ae):
		return "internal error: the server's log has the details"
	}
	return ""
}

// detailOf is the detail a client of request c is told of err, whose problem is status
// and code: the message of the plugin or of the check that refused the request, at most
// MaxDetailBytes and without the data directory's path; for a failure of the server's
// own, a fixed sentence (serverFault), and err goes to the log.
func (s *Server) detailOf(c echo.Context, err error, status int, code string) string {
	if d := serverFault(err, code); d != "" {
		r := c.Request()
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "status", status, "code", code, "err", err)
		return d
	}
	detail := err.Error()
	var he *echo.HTTPError
	if errors.As(err, &he) {
		if msg, ok := he.Message.(string); ok {
			detail = msg
		}
	}
	for _, dir := range s.dataDirs {
		detail = strings.ReplaceAll(detail, dir, "$DATA_DIR")
	}
	return cutDetail(detail)
}

// cutDetail bounds a detail to MaxDetailBytes.
func cutDetail(d string) string {
	const marker = "… (cut)"
	if len(d) <= MaxDetailBytes {
		return d
	}
	n := MaxDetailBytes - len(marker)
	for n > 0 && !utf8.RuneStart(d[n]) {
		n--
	}
	return d[:n] + marker
}

// errorHandler is echo's HTTPErrorHandler: every error becomes a problem+json body.
func (s *Server) errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, code := problemFor(err)
	p := Problem{Type: "urn:sobjects:problem:" + code, Title: http.StatusText(status), Status: status,
		Detail: s.detailOf(c, err, status, code), Code: code}
	var ce *host.CallError
	if errors.As(err, &ce) {
		p.Object, p.Method = ce.ObjectID, ce.Method
	}
	var old *backup.TooOldError
	if errors.As(err, &old) && !old.Earliest.IsZero() {
		p.EarliestRestorableTime = old.Earliest.UTC().Format(time.RFC3339Nano)
	}
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		c.Response().Header().Set("Retry-After", "1")
	}
	c.Response().Header().Set(echo.HeaderContentType, "application/problem+json")
	c.JSON(status, p)
}
