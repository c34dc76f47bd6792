package js

import (
	"context"
	"errors"
	"strconv"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// Durable memory of a script (ABI.md section 13; runtime.js's ctx.storage.memory).
const (
	jsOpMemoryAppend      = 120 // a: the entry's bytes
	jsOpMemoryImageBegin  = 121
	jsOpMemoryImageWrite  = 122 // a: a chunk's bytes
	jsOpMemoryImageCommit = 123
	jsOpMemoryImageAbort  = 124
	jsOpMemoryRead        = 125 // the next row, an ArrayBuffer whose first byte is its kind (1 image, 2 journal); "" after the last
	jsOpMemorySetDead     = 126 // a: the dead bytes, decimal
	jsOpMemoryStats       = 127 // [generation, image bytes, journal bytes, dead bytes, due] as JSON
)

// memoryOp runs a durable memory operation of the call under way.
func (js *Instance) memoryOp(ctx context.Context, op int32) uint64 {
	env, _ := ctx.Value(format.CallKey{}).(Call)
	if env == nil {
		return jsInt(-int32(abi.CodeUnavailable))
	}
	done := func(err error) uint64 {
		if err != nil {
			return jsInt(-int32(env.Failure(err)))
		}
		return js.stringOf(ctx, nil)
	}
	switch op {
	case jsOpMemoryAppend:
		return done(env.MemoryAppend(js.argA))
	case jsOpMemoryImageBegin:
		return done(env.MemoryImageBegin())
	case jsOpMemoryImageWrite:
		return done(env.MemoryImageWrite(js.argA))
	case jsOpMemoryImageCommit:
		return done(env.MemoryImageCommit())
	case jsOpMemoryImageAbort:
		return done(env.MemoryImageAbort())
	case jsOpMemoryRead:
		row, err := env.MemoryRead(js.msg[:0])
		var ae *abi.Error
		if errors.As(err, &ae) && ae.Code == abi.CodeNotFound {
			return js.stringOf(ctx, nil)
		}
		if err != nil {
			return done(err)
		}
		js.msg = row
		return js.arrayBuffer(ctx, row)
	case jsOpMemorySetDead:
		n, err := strconv.ParseInt(string(js.argA), 10, 64)
		if err != nil {
			return done(abi.Errorf(abi.CodeBadInput, "setDead takes a count of bytes, not %q", js.argA))
		}
		return done(env.MemorySetDead(n))
	case jsOpMemoryStats:
		b, err := env.MemoryStats(nil)
		if err != nil {
			return done(err)
		}
		d := abi.NewDecoder(b)
		if n, err := d.ArrayHeader(); err != nil || n != 5 {
			return done(errors.New("memory_stats: a malformed answer"))
		}
		out := []byte{'['}
		for range 4 {
			v, err := d.Int()
			if err != nil {
				return done(err)
			}
			out = append(strconv.AppendInt(out, v, 10), ',')
		}
		due, err := d.Bool()
		if err != nil {
			return done(err)
		}
		out = append(strconv.AppendBool(out, due), ']')
		return js.stringOf(ctx, out)
	}
	return jsInt(-int32(abi.CodeBadInput))
}
