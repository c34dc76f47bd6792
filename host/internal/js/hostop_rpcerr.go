package js

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// jsCodeThrown is the failure code of a stub call (OP.CALL, OP.FETCH_CALL) whose
// error the calling script rethrows as a JavaScript error: OP.PENDING then gives its
// description, the JSON object of abi.Error.Thrown (runtime.js's "errors across
// calls"). It is past the codes of ABI.md section 5, which the script sees otherwise.
const jsCodeThrown abi.Code = 100

// maxThrownBytes bounds the description a failed call carries; a longer one (the
// script cuts messages well below it) is dropped, and the call fails as without one.
const maxThrownBytes = 64 << 10

// failOp is OP.FAIL: a is the JSON [code, message] of the failure, and, when the
// script threw a JavaScript error, a third element, the JSON text of its description
// (abi.Error.Thrown).
func (js *Instance) failOp(env Call, a []byte) (out []byte, code abi.Code) {
	var m []json.RawMessage
	if err := decodeJSON(a, &m); err != nil || len(m) < 2 {
		return nil, abi.Code(-int64(env.Failure(abi.Errorf(abi.CodeBadInput, "fail: want [code, message, thrown]"))))
	}
	n, perr := strconv.ParseInt(string(m[0]), 10, 32)
	var msg, thrown string
	if perr != nil || json.Unmarshal(m[1], &msg) != nil {
		return nil, abi.Code(-int64(env.Failure(abi.Errorf(abi.CodeBadInput, "fail: want [code, message, thrown]"))))
	}
	if len(m) > 2 && json.Unmarshal(m[2], &thrown) == nil && len(thrown) <= maxThrownBytes && json.Valid([]byte(thrown)) {
		// kept below
	} else {
		thrown = ""
	}
	env.Fail(int32(n), []byte(msg))
	if f := env.Failed(); f != nil {
		f.Thrown = thrown
	}
	return append(env.Scratch()[:0], "null"...), 0
}

// callFailure is the failure of a stub call (OP.CALL, OP.FETCH_CALL, OP.CALL_RESULT)
// for the calling script: the callee's JavaScript error (its description) or the
// host's finding that the class has no such method, which workerd reports as a
// TypeError; both come back as jsCodeThrown. Any other error keeps its code.
func (js *Instance) callFailure(env Call, err error) abi.Code {
	code := abi.Code(-int64(env.Failure(err)))
	var ae *abi.Error
	var mnf *format.MethodNotFoundError
	var desc []byte
	switch {
	case errors.As(err, &ae) && ae.Thrown != "":
		desc = []byte(ae.Thrown)
	case errors.As(err, &mnf):
		msg := "The RPC receiver does not implement the method " + strconv.Quote(mnf.Method) + "."
		desc = appendJSONString(append([]byte(nil), `{"name":"TypeError","local":true,"message":`...), []byte(msg))
		desc = append(desc, '}')
	default:
		return code
	}
	env.SetPending(append(env.Pending()[:0], desc...))
	return jsCodeThrown
}
