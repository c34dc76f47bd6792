package js

import "context"

// Host operations of what users see when things go wrong (runtime.js, OP 65-69).
const (
	// jsOpSourcePositions maps stack frames through the bundle's source map
	// (Instance.mapFrames): a is "file\nline\ncolumn" a frame, one after the other;
	// the result is a string of a line per frame, "file:line:column" or empty; -1
	// when the bundle has no source map (then the script stops asking). It works at
	// the bundle's top level too (no call needed) and costs nothing unless a script
	// builds an Error's stack.
	jsOpSourcePositions = 65
)

// toolsOp runs the operations of this file.
func (js *Instance) toolsOp(ctx context.Context, op int32) uint64 {
	switch op {
	case jsOpSourcePositions:
		if js.srcmap == nil {
			return jsInt(-1) // runtime.js asks no more
		}
		out := js.mapFrames(js.argA)
		js.argB = out[:0]
		return js.stringOf(ctx, out)
	}
	return jsInt(-1)
}
