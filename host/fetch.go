package host

import (
	"context"

	"github.com/sobjects/sobjects/abi"
)

// Fetch: HTTP requests for a plugin's fetch export (ABI.md section 7).

// FetchRequest is an HTTP request for a plugin's fetch export (ABI.md section 7).
type FetchRequest = abi.FetchRequest

// FetchResponse is what a fetch export answered (ABI.md section 7).
type FetchResponse = abi.FetchResponse

// Fetch passes req to the fetch export of the object. Errors as for Call, and
// ErrNoFetch when the plugin has no fetch export.
func (e *Engine) Fetch(ctx context.Context, class, name string, req FetchRequest) (FetchResponse, error) {
	return e.fetch(ctx, class, name, req, nil) // stream.go
}

// IsJavaScript reports whether the current version of class is a JavaScript bundle
// (KindJS), whose fetch handler the server gives request.cf; false for a class that is
// not deployed. It is safe for concurrent use.
func (e *Engine) IsJavaScript(class string) bool {
	p, err := e.reg.current(class)
	return err == nil && p.Info.Kind == KindJS
}
