package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/sobjects/sobjects/abi"
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
}

var errDraining = errors.New("server is draining: retry on another node or later")
var errOverloaded = errors.New("server is overloaded: too many calls in flight")
var errUnauthorized = errors.New("missing or wrong bearer token: send Authorization: Bearer $SOBJECTS_ADMIN_TOKEN")
var errNoToken = errors.New("uploads are refused on a non-loopback address unless SOBJECTS_ADMIN_TOKEN is set")

// problemFor maps an error to its status and stable code. It is the only place that
// decides HTTP statuses for errors.
func problemFor(err error) (int, string) {
	var ae *abi.Error
	var he *echo.HTTPError
	switch {
	case errors.Is(err, errDraining):
		return http.StatusServiceUnavailable, "draining"
	case errors.Is(err, errOverloaded):
		return http.StatusTooManyRequests, "overloaded"
	case errors.Is(err, errUnauthorized):
		return http.StatusUnauthorized, "unauthorized"
	case errors.Is(err, errNoToken):
		return http.StatusForbidden, "forbidden"
	case errors.Is(err, host.ErrClosed):
		return http.StatusServiceUnavailable, "draining"
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
	case errors.As(err, &he):
		return he.Code, "http"
	}
	return http.StatusInternalServerError, "internal"
}

// errorHandler is echo's HTTPErrorHandler: every error becomes a problem+json body.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, code := problemFor(err)
	p := Problem{Type: "urn:sobjects:problem:" + code, Title: http.StatusText(status), Status: status, Detail: err.Error(), Code: code}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		if msg, ok := he.Message.(string); ok {
			p.Detail = msg
		}
	}
	var ce *host.CallError
	if errors.As(err, &ce) {
		p.Object, p.Method = ce.ObjectID, ce.Method
	}
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		c.Response().Header().Set("Retry-After", "1")
	}
	c.Response().Header().Set(echo.HeaderContentType, "application/problem+json")
	c.JSON(status, p)
}
