package host

import (
	"context"

	"github.com/tetratelabs/wazero"

	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/native"
)

// hostKey is the context key under which a call's *callEnv travels to host functions.
type hostKey = format.CallKey

// instantiateHostModule defines the module "sobjects" (package native) in rt.
func instantiateHostModule(ctx context.Context, rt wazero.Runtime) error {
	return native.InstantiateHostModule(ctx, rt)
}

// encodeFailure packs an error code for a host function's i64 result: -code.
var encodeFailure = format.EncodeFailure
