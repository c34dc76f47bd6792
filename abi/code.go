package abi

import "fmt"

// Code is an error code that crosses the ABI (ABI.md section 5). Host functions return
// -Code on failure; a plugin passes one to the fail host function.
type Code int32

// The error codes of ABI version 1.
const (
	CodeBadInput    Code = 1
	CodeNotFound    Code = 2
	CodeConflict    Code = 3
	CodeInternal    Code = 4
	CodeTooLarge    Code = 5
	CodeUnavailable Code = 6
	CodeSQL         Code = 7
	CodeConstraint  Code = 8
	CodeDenied      Code = 9
	CodeCycle       Code = 10
	CodeMoved       Code = 11
)

var codeNames = [...]string{
	CodeBadInput:    "bad_input",
	CodeNotFound:    "not_found",
	CodeConflict:    "conflict",
	CodeInternal:    "internal",
	CodeTooLarge:    "too_large",
	CodeUnavailable: "unavailable",
	CodeSQL:         "sql",
	CodeConstraint:  "constraint",
	CodeDenied:      "denied",
	CodeCycle:       "cycle",
	CodeMoved:       "moved",
}

var codeStatus = [...]int{
	CodeBadInput:    400,
	CodeNotFound:    404,
	CodeConflict:    409,
	CodeInternal:    500,
	CodeTooLarge:    413,
	CodeUnavailable: 503,
	CodeSQL:         500,
	CodeConstraint:  409,
	CodeDenied:      403,
	CodeCycle:       508,
	CodeMoved:       421,
}

// Valid reports whether c is one of the codes above.
func (c Code) Valid() bool { return c >= CodeBadInput && c <= CodeMoved }

// String gives the code's name, such as "not_found"; an unknown code prints as "code(N)".
func (c Code) String() string {
	if !c.Valid() {
		return fmt.Sprintf("code(%d)", int32(c))
	}
	return codeNames[c]
}

// HTTPStatus gives the HTTP status the code maps to (ABI.md section 5); 500 for an
// unknown code.
func (c Code) HTTPStatus() int {
	if !c.Valid() {
		return 500
	}
	return codeStatus[c]
}

// Error is a failure with an ABI code: what a plugin reported with fail, or what a host
// function returned to it.
type Error struct {
	Code    Code
	Message string
	// Thrown describes, as a JSON object, the JavaScript error a JavaScript object's
	// method or fetch threw (ABI.md section 11: {"name", "message"}, more members
	// optional), so that a JavaScript caller rethrows one of its class; empty for the
	// errors the host and the other plugins make. Code and Message are as without it.
	Thrown string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return e.Code.String()
	}
	return e.Code.String() + ": " + e.Message
}

// Errorf returns an *Error with code c and a formatted message.
func Errorf(c Code, format string, args ...any) *Error {
	return &Error{Code: c, Message: fmt.Sprintf(format, args...)}
}
