package js

import (
	"context"
	"errors"
	"strings"

	"github.com/sobjects/sobjects/abi"
)

// IDs makes and checks the ids of Durable Objects (runtime.js's DurableObjectId): 64
// lowercase hex digits that do not reveal the name they were made from. The engine
// implements it (package host, ids.go). It is safe for concurrent use.
type IDs interface {
	// FromName is the id of the object name of class (idFromName), the same for the
	// same class and name, recorded so that NameOf finds name.
	//
	// # Errors
	//
	// ErrNameTooLong for a name over the engine's limit; the index's errors.
	FromName(class, name string) (string, error)
	// NewUnique is a new random id of class (newUniqueId).
	NewUnique(class string) string
	// Valid reports whether id is an id this installation could have made for class.
	Valid(class, id string) bool
	// NameOf returns the name FromName made id of; ok is false when it knows none.
	NameOf(class, id string) (name string, ok bool, err error)
}

// ErrNameTooLong is what IDs.FromName returns for a name over the engine's limit.
var ErrNameTooLong = errors.New("object name too long")

// Host operations of the ids (runtime.js's OP.ID_*). a is always the class; the
// operations run inside a call or at the bundle's top level.
const (
	// jsOpIDFromName: b is the name; the result is the id, or -too_large for a name over
	// the engine's limit (-internal when the name cannot be recorded).
	jsOpIDFromName = 80
	// jsOpIDUnique: the result is a new random id.
	jsOpIDUnique = 81
	// jsOpIDFromString: b is an id's text; the result is "" when it is not an id of the
	// class, "-" for an id of no name the installation knows, and "=" and the name for
	// the id of that name (as the bytes of that text, an ArrayBuffer, when the name
	// holds NUL).
	jsOpIDFromString = 82
	// jsOpIDValid: b is an id's text; the result is "1" when it is an id of the class,
	// else "".
	jsOpIDValid = 83
)

// idsOp runs the ids' operation op on the arguments of the host call (argA, argB).
func (js *Instance) idsOp(ctx context.Context, op int32) uint64 {
	if js.ids == nil {
		return jsInt(-int32(abi.CodeUnavailable))
	}
	class, s := string(js.argA), string(js.argB)
	switch op {
	case jsOpIDFromName:
		id, err := js.ids.FromName(class, s)
		switch {
		case errors.Is(err, ErrNameTooLong):
			return jsInt(-int32(abi.CodeTooLarge))
		case err != nil:
			return jsInt(-int32(abi.CodeInternal))
		}
		return js.stringOf(ctx, []byte(id))
	case jsOpIDUnique:
		return js.stringOf(ctx, []byte(js.ids.NewUnique(class)))
	case jsOpIDValid:
		if js.ids.Valid(class, s) {
			return js.stringOf(ctx, []byte("1"))
		}
		return js.stringOf(ctx, nil)
	default: // jsOpIDFromString
		if !js.ids.Valid(class, s) {
			return js.stringOf(ctx, nil)
		}
		name, ok, err := js.ids.NameOf(class, s)
		if err != nil {
			return jsInt(-int32(abi.CodeInternal))
		}
		if !ok {
			return js.stringOf(ctx, []byte("-"))
		}
		if strings.IndexByte(name, 0) >= 0 { // a C string cannot hold it: the bytes
			return js.arrayBuffer(ctx, append([]byte("="), name...))
		}
		return js.stringOf(ctx, append([]byte("="), name...))
	}
}
