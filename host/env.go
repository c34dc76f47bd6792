package host

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/host/internal/js"
	"github.com/sobjects/sobjects/storage"
)

// callEnv is the state of one running call that host functions see: the object, its
// database, the call's deadline, and what the call reported. It implements Host.
type callEnv struct {
	ctx     context.Context // carries the call's deadline; cancelled at the time limit
	obj     *object
	db      *storage.DB
	plugin  *plugin
	depth   int // object-to-object nesting: 0 for a call from outside
	pending []byte
	enc     abi.Encoder
	params  []any

	deadline     time.Time  // for a call from another object, its caller's: it ends by then (Engine.callContext)
	failed       *abi.Error // what the plugin passed to fail
	hostErr      error      // a host failure that fails the call whatever the plugin does
	alarmTouched bool
	calledOut    bool // the call host function ran
	hostTx       bool // the host runs this call (Engine.Run): a provisional leaf's keyed state is open to it
	method       bool // the call runs a method (a JavaScript class may name one init)
	gate         bool // other calls may join this one while it sleeps (gate.go)
	fetching     bool // the call runs the fetch export: ws_accept may accept (websocket_native.go)

	body *bodySlot // where a streamed response body goes (stream.go); nil: whole only

	image    *storage.MemoryImage // the image being written (durable_memory.go), if any
	memoryAt int64                // the last row of durable memory read (memory_read)

	log callLog // what the call logged and dropped (log.go)

	panicked *hostPanic // a Go panic of the host in the call (panic.go): it fails the call
}

var (
	_ format.Host = (*callEnv)(nil)
	_ format.Env  = (*callEnv)(nil)
	_ format.Call = (*callEnv)(nil)
	_ js.Call     = (*callEnv)(nil)
)

// Failure is failure, for the host functions of formats outside this package.
func (env *callEnv) Failure(err error) uint64 { return env.failure(err) }

// Pending is the result waiting for result_take.
func (env *callEnv) Pending() []byte { return env.pending }

// SetPending replaces the result waiting for result_take.
func (env *callEnv) SetPending(b []byte) { env.pending = b }

// Scratch is the object's buffer for host-function results.
func (env *callEnv) Scratch() []byte { return env.obj.scratch }

// KeepScratch makes b the object's buffer for host-function results.
func (env *callEnv) KeepScratch(b []byte) { env.obj.scratch = b }

// Instance is the instance the call runs in.
func (env *callEnv) Instance() format.Instance { return env.obj.inst.impl }

// NotePanic records a host panic that is not a deliberate trap (notePanic).
func (env *callEnv) NotePanic(r any) {
	if !deliberateTrap(r) && env.panicked == nil {
		env.panicked = &hostPanic{value: r, stack: debug.Stack()}
	}
}

// Context is the call's context (Engine.callContext).
func (env *callEnv) Context() context.Context { return env.ctx }

// shareContext returns the call's context for what may hold it past the call's end
// (another object's call, the bucket): the end then cancels it (callCtx.share).
func (env *callEnv) shareContext() context.Context {
	if c, ok := env.ctx.(*callCtx); ok {
		c.share()
	}
	return env.ctx
}

// Method reports whether the call runs a method.
func (env *callEnv) Method() bool { return env.method }

// HostErr is the host failure that fails the call, if any.
func (env *callEnv) HostErr() error { return env.hostErr }

// Failed is what the plugin passed to fail, if anything.
func (env *callEnv) Failed() *abi.Error { return env.failed }

// PanicError is the call's error after a host panic (panic.go), nil without one.
func (env *callEnv) PanicError() error {
	if env.panicked == nil {
		return nil
	}
	return env.obj.panicError(env)
}

// failure records err as the pending result and returns the i64 the host function
// gives the plugin: -code.
func (env *callEnv) failure(err error) uint64 {
	code := abi.CodeInternal
	var ae *abi.Error
	switch {
	case errors.As(err, &ae):
		code = ae.Code
	case errors.Is(err, ErrMoved):
		code = abi.CodeMoved
	case errors.Is(err, ErrCycle):
		code = abi.CodeCycle
	case errors.Is(err, ErrClassNotFound), errors.Is(err, ErrMethodNotFound), errors.Is(err, ErrNoFetch):
		code = abi.CodeNotFound
	case errors.Is(err, ErrTooLarge):
		code = abi.CodeTooLarge
	case errors.Is(err, ErrInvalidName):
		code = abi.CodeBadInput
	default:
		code = abi.CodeUnavailable
	}
	if isHostFailure(err) && env.hostErr == nil {
		env.hostErr = err
	}
	msg := err.Error()
	if ae != nil {
		msg = ae.Message // the plugin gets the code separately; a message passed on stays as it is
	}
	env.pending = append(env.pending[:0], msg...)
	return encodeFailure(code)
}

// isHostFailure reports whether err must fail the call even if the plugin goes on:
// the database is unusable, full or read-only, or the call ran out of time.
func isHostFailure(err error) bool {
	return errors.Is(err, storage.ErrNoSpace) || errors.Is(err, storage.ErrReadOnly) ||
		errors.Is(err, storage.ErrOutOfMemory) || errors.Is(err, storage.ErrInterrupted) ||
		errors.Is(err, storage.ErrClosed) || errors.Is(err, storage.ErrTransactionLost)
}

func (env *callEnv) SQLExec(req []byte, out []byte) ([]byte, error) {
	d := abi.NewDecoder(req)
	if n, err := d.ArrayHeader(); err != nil || n != 2 {
		return out, abi.Errorf(abi.CodeBadInput, "sql_exec: request must be [sql, params]")
	}
	sql, err := d.String()
	if err != nil {
		return out, abi.Errorf(abi.CodeBadInput, "sql_exec: %v", err)
	}
	n, err := d.ArrayHeader()
	if err != nil {
		return out, abi.Errorf(abi.CodeBadInput, "sql_exec: params: %v", err)
	}
	params := env.params[:0]
	for range n {
		v, err := d.Value()
		if err != nil {
			return out, abi.Errorf(abi.CodeBadInput, "sql_exec: params: %v", err)
		}
		params = append(params, v)
	}
	env.params = params[:0]
	out, err = env.SQL(sql, params, out)
	clear(params)
	return out, err
}

// SQL runs sql with params and appends its MessagePack result to out. For a
// JavaScript class, params are the last statement's, as on workerd.
func (env *callEnv) SQL(sql string, params []any, out []byte) ([]byte, error) {
	env.enc.Buf = out
	var err error
	if env.plugin != nil && env.plugin.Info.Kind == format.KindJS {
		err = env.db.ExecLastBound(sql, params, &env.enc)
	} else {
		err = env.db.Exec(sql, params, &env.enc)
	}
	return env.enc.Buf, err
}

// checkKey refuses a key the ABI does not allow: one of 1 to abi.MaxKVKeyBytes bytes
// of UTF-8, or also the empty key for a JavaScript class, as on workerd.
func (env *callEnv) checkKey(key []byte) error {
	if (len(key) == 0 && (env.plugin == nil || env.plugin.Info.Kind != format.KindJS)) || len(key) > abi.MaxKVKeyBytes {
		return abi.Errorf(abi.CodeTooLarge, "kv key must be 1 to %d bytes, got %d", abi.MaxKVKeyBytes, len(key))
	}
	if !utf8.Valid(key) {
		return abi.Errorf(abi.CodeBadInput, "kv key is not UTF-8")
	}
	return nil
}

func (env *callEnv) KVGet(key []byte, out []byte) ([]byte, error) {
	if err := env.checkKey(key); err != nil {
		return out, err
	}
	out, found, err := env.db.KVGet(string(key), out)
	if err == nil && !found {
		err = abi.Errorf(abi.CodeNotFound, "key not found")
	}
	return out, err
}

func (env *callEnv) KVPut(key, value []byte) error {
	if err := env.checkKey(key); err != nil {
		return err
	}
	if max := env.obj.e.opts.MaxKVValueBytes; len(value) > max {
		return abi.Errorf(abi.CodeTooLarge, "kv value is %d bytes, over the limit of %d", len(value), max)
	}
	return env.db.KVPut(string(key), value)
}

func (env *callEnv) KVDelete(key []byte) (bool, error) {
	if err := env.checkKey(key); err != nil {
		return false, err
	}
	return env.db.KVDelete(string(key))
}

func (env *callEnv) KVList(req []byte, out []byte) ([]byte, error) {
	var opts storage.ListOptions
	if len(req) > 0 {
		v, err := abi.NewDecoder(req).Value()
		m, ok := v.(map[string]any)
		if err != nil || !ok {
			return out, abi.Errorf(abi.CodeBadInput, "kv_list: request must be a map")
		}
		str := func(k string) (string, bool) { s, ok := m[k].(string); return s, ok || m[k] == nil }
		var okP, okS, okE bool
		opts.Prefix, okP = str("prefix")
		opts.Start, okS = str("start")
		opts.End, okE = str("end")
		limit, okL := m["limit"].(int64)
		reverse, okR := m["reverse"].(bool)
		if !okP || !okS || !okE || (!okL && m["limit"] != nil) || (!okR && m["reverse"] != nil) || limit < 0 {
			return out, abi.Errorf(abi.CodeBadInput, "kv_list: prefix, start, end must be str, limit a non-negative int, reverse a bool")
		}
		opts.Limit, opts.Reverse = int(limit), reverse
	}
	return env.KVListOptions(opts, out)
}

// KVListOptions is KVList with its options decoded (the JavaScript format's form).
func (env *callEnv) KVListOptions(opts storage.ListOptions, out []byte) ([]byte, error) {
	env.enc.Buf = out
	err := env.db.KVList(opts, &env.enc)
	return env.enc.Buf, err
}

func (env *callEnv) TxnBegin() (int, error)    { return env.db.TxnBegin() }
func (env *callEnv) TxnCommit() (int, error)   { return env.db.TxnEnd(true) }
func (env *callEnv) TxnRollback() (int, error) { return env.db.TxnEnd(false) }

func (env *callEnv) AlarmSet(atMs int64) error {
	if !env.plugin.hasAlarm {
		return abi.Errorf(abi.CodeBadInput, "alarm_set: the plugin has no alarm export")
	}
	if atMs <= 0 {
		return abi.Errorf(abi.CodeBadInput, "alarm_set: time must be positive milliseconds since the Unix epoch")
	}
	env.alarmTouched, env.obj.alarmChanged = true, true
	return env.db.AlarmSet(atMs)
}

func (env *callEnv) AlarmGet() (int64, error) { return env.db.AlarmGet() }

func (env *callEnv) AlarmDelete() (bool, error) {
	env.alarmTouched, env.obj.alarmChanged = true, true
	return env.db.AlarmDelete()
}

func (env *callEnv) Call(req []byte, out []byte) ([]byte, error) {
	return env.call(kindMethod, req, out)
}

func (env *callEnv) call(kind callKind, req []byte, out []byte) ([]byte, error) {
	env.calledOut = true
	class, name, method, input, err := env.callRequest(req)
	if err != nil {
		return out, err
	}
	res, err := env.obj.e.callFrom(env, kind, class, name, method, input)
	if err != nil {
		return out, callFailure(err)
	}
	return append(out, res...), nil
}

// callFailure is the error a call to another object fails with: the callee's own
// failure passes through with its code.
func callFailure(err error) error {
	var ae *abi.Error
	if errors.As(err, &ae) {
		return ae
	}
	return err
}

// callRequest decodes a call's request, [class, name, method, input] (ABI.md section
// 4.2), and checks that it may nest one more level; input is a copy.
func (env *callEnv) callRequest(req []byte) (class, name, method string, input []byte, err error) {
	d := abi.NewDecoder(req)
	n, err := d.ArrayHeader()
	if err == nil && n == 4 {
		class, err = d.String()
		if err == nil {
			name, err = d.String()
		}
		if err == nil {
			method, err = d.String()
		}
		if err == nil {
			input, err = d.BytesAlias()
		}
	}
	if err != nil || n != 4 {
		return "", "", "", nil, abi.Errorf(abi.CodeBadInput, "call: request must be [class, name, method, input]")
	}
	if env.depth+1 > abi.MaxCallDepth {
		return "", "", "", nil, abi.Errorf(abi.CodeCycle, "calls between objects nest deeper than %d", abi.MaxCallDepth)
	}
	input = append([]byte(nil), input...) // the callee must not alias the caller's memory
	return class, name, method, input, nil
}

// FetchCall sends a request to another object's fetch handler: req is [class, name,
// "fetch", request] with request as the fetch export's input (ABI.md section 7), and
// the result is its output. Errors are those of Call.
func (env *callEnv) FetchCall(req []byte, out []byte) ([]byte, error) {
	return env.call(kindFetch, req, out)
}

func (env *callEnv) DBSize() (int64, error) { return env.db.Size() }

// ObjectName appends the name the object is addressed by (ABI.md section 4.2).
func (env *callEnv) ObjectName(out []byte) []byte { return append(out, env.obj.name...) }

func (env *callEnv) BookmarkCurrent(out []byte) ([]byte, error) {
	r, err := env.obj.backupReplica()
	if err != nil {
		return out, err
	}
	b, err := r.CurrentBookmark(env.shareContext(), env.db)
	return append(out, b...), bookmarkError(err)
}

func (env *callEnv) BookmarkForTime(atMs int64, out []byte) ([]byte, error) {
	r, err := env.obj.backupReplica()
	if err != nil {
		return out, err
	}
	b, err := r.BookmarkAt(env.shareContext(), time.UnixMilli(atMs))
	return append(out, b...), bookmarkError(err)
}

func (env *callEnv) BookmarkRestore(bookmark []byte, out []byte) ([]byte, error) {
	if env.plugin.Info.Splittable {
		return out, errRestoreSplittable
	}
	r, err := env.obj.backupReplica()
	if err != nil {
		return out, err
	}
	undo, err := r.RestoreOnNextOpen(env.shareContext(), env.db, string(bookmark))
	if err != nil {
		return out, bookmarkError(err)
	}
	env.obj.restart = true
	return append(out, undo...), nil
}

func (env *callEnv) NowMs() int64 { return time.Now().UnixMilli() }

func (env *callEnv) Fail(code int32, msg []byte) {
	c := abi.Code(code)
	if !c.Valid() {
		msg = fmt.Appendf(nil, "%s (plugin gave unknown code %d)", msg, code)
		c = abi.CodeInternal
	}
	env.failed = &abi.Error{Code: c, Message: failureMessage(msg)}
}
