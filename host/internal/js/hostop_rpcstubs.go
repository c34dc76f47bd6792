package js

// The host operation of runtime.js's "RPC stubs".
const (
	// jsOpStubExported tells the host that the script sent an RpcTarget or a function in
	// a call (its first since the instance started or the object started over): calls
	// back through its stub may come while the instance waits on its calls out
	// (ExportsTargets). It answers undefined.
	jsOpStubExported = 85
)

// stubsOp runs jsOpStubExported.
func (js *Instance) stubsOp() uint64 {
	js.exportsTargets = true
	return jsUndefined
}

// ExportsTargets reports whether the script sent an RpcTarget or a function in a call
// (jsOpStubExported): the host then lets calls back through their stubs run while the
// instance waits on its calls out.
func (js *Instance) ExportsTargets() bool { return js.exportsTargets }
