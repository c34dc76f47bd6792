package native

import (
	"context"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

type signature struct{ params, results []api.ValueType }

// hostSignatures are the wasm signatures of the host functions (ABI.md section 4.2).
var hostSignatures = map[string]signature{
	abi.FuncSQLExec:         {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncKVGet:           {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncKVPut:           {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncKVDelete:        {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncKVList:          {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncTxnBegin:        {nil, []api.ValueType{i64}},
	abi.FuncTxnCommit:       {nil, []api.ValueType{i64}},
	abi.FuncTxnRollback:     {nil, []api.ValueType{i64}},
	abi.FuncAlarmSet:        {[]api.ValueType{i64}, []api.ValueType{i64}},
	abi.FuncAlarmGet:        {nil, []api.ValueType{i64}},
	abi.FuncAlarmDelete:     {nil, []api.ValueType{i64}},
	abi.FuncCall:            {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncDBSize:          {nil, []api.ValueType{i64}},
	abi.FuncObjectName:      {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncBookmarkCurrent: {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncBookmarkForTime: {[]api.ValueType{i64, i32, i32}, []api.ValueType{i64}},
	abi.FuncBookmarkRestore: {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncKeyedRead:       {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncKeyedWrite:      {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncKeyedScan:       {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncNowMs:           {nil, []api.ValueType{i64}},
	abi.FuncLog:             {[]api.ValueType{i32, i32, i32}, nil},
	abi.FuncFail:            {[]api.ValueType{i32, i32, i32}, nil},
	abi.FuncResultLen:       {nil, []api.ValueType{i32}},
	abi.FuncResultTake:      {[]api.ValueType{i32}, []api.ValueType{i32}},

	abi.FuncWSAccept:        {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncWSSend:          {[]api.ValueType{i64, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncWSClose:         {[]api.ValueType{i64, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncWSList:          {[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i64}},
	abi.FuncWSTags:          {[]api.ValueType{i64, i32, i32}, []api.ValueType{i64}},
	abi.FuncWSAttachmentGet: {[]api.ValueType{i64, i32, i32}, []api.ValueType{i64}},
	abi.FuncWSAttachmentSet: {[]api.ValueType{i64, i32, i32}, []api.ValueType{i64}},

	abi.FuncMemoryAppend:      {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncMemoryImageBegin:  {nil, []api.ValueType{i64}},
	abi.FuncMemoryImageWrite:  {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncMemoryImageCommit: {nil, []api.ValueType{i64}},
	abi.FuncMemoryImageAbort:  {nil, []api.ValueType{i64}},
	abi.FuncMemoryRead:        {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
	abi.FuncMemorySetDead:     {[]api.ValueType{i64}, []api.ValueType{i64}},
	abi.FuncMemoryStats:       {[]api.ValueType{i32, i32}, []api.ValueType{i64}},
}

var (
	i32 = api.ValueTypeI32
	i64 = api.ValueTypeI64
)

// envOf returns the call of a host-function invocation. It panics (a trap for the
// plugin) when a host function is called outside a call, e.g. from a start function.
var envOf = format.CallOf

// catchPanics wraps a wazero host function so that a Go panic in it is passed to its
// call (format.NotePanic) before wazero turns it into the wasm call's error (TrapError
// then reports it as the host's).
func catchPanics(fn api.GoModuleFunc) api.GoModuleFunc {
	return func(ctx context.Context, m api.Module, s []uint64) {
		defer format.NotePanic(ctx)
		fn(ctx, m, s)
	}
}

// read returns the guest bytes [ptr, ptr+n), trapping when out of range. The slice
// aliases guest memory and is valid until the guest runs again.
func read(m api.Module, ptr, n uint32) []byte {
	if n == 0 {
		return nil
	}
	b, ok := m.Memory().Read(ptr, n)
	if !ok {
		panic(fmt.Errorf("out of bounds memory access: %d bytes at %d", n, ptr))
	}
	return b
}

// deliver applies the result convention of ABI.md 4.1 to a byte result.
func deliver(env format.Call, m api.Module, stack []uint64, outPtr, outCap uint32, result []byte, err error) {
	if err != nil {
		stack[0] = env.Failure(err)
		return
	}
	if len(result) <= int(outCap) {
		if len(result) > 0 && !m.Memory().Write(outPtr, result) {
			panic(fmt.Errorf("out of bounds memory access: %d bytes at %d", len(result), outPtr))
		}
		env.SetPending(env.Pending()[:0])
	} else {
		env.SetPending(append(env.Pending()[:0], result...))
	}
	stack[0] = uint64(len(result))
}

// status applies the result convention to a result without bytes.
func status(env format.Call, stack []uint64, v int64, err error) {
	if err != nil {
		stack[0] = env.Failure(err)
		return
	}
	env.SetPending(env.Pending()[:0])
	stack[0] = uint64(v)
}

// InstantiateHostModule defines the module "sobjects" in rt.
func InstantiateHostModule(ctx context.Context, rt wazero.Runtime) error {
	b := rt.NewHostModuleBuilder(abi.HostModule)
	def := func(name string, fn api.GoModuleFunc) {
		sig := hostSignatures[name]
		b.NewFunctionBuilder().WithGoModuleFunction(catchPanics(fn), sig.params, sig.results).Export(name)
	}
	bytesIn := func(name string, f func(env format.Call, in []byte) ([]byte, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			out, err := f(env, read(m, uint32(s[0]), uint32(s[1])))
			deliver(env, m, s, uint32(s[2]), uint32(s[3]), out, err)
			if cap(out) <= 1<<20 { // reuse the result buffer, unless one big result grew it
				env.KeepScratch(out[:0])
			}
		})
	}
	bytesIn(abi.FuncSQLExec, func(env format.Call, in []byte) ([]byte, error) { return env.SQLExec(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKVGet, func(env format.Call, in []byte) ([]byte, error) { return env.KVGet(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKVList, func(env format.Call, in []byte) ([]byte, error) { return env.KVList(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKeyedRead, func(env format.Call, in []byte) ([]byte, error) { return env.KeyedRead(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncKeyedScan, func(env format.Call, in []byte) ([]byte, error) { return env.KeyedScan(in, env.Scratch()[:0]) })
	def(abi.FuncKeyedWrite, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		n, err := env.KeyedWrite(read(m, uint32(s[0]), uint32(s[1])))
		status(env, s, n, err)
	})
	bytesIn(abi.FuncCall, func(env format.Call, in []byte) ([]byte, error) { return env.Call(in, env.Scratch()[:0]) })
	bytesIn(abi.FuncBookmarkRestore, func(env format.Call, in []byte) ([]byte, error) {
		return env.BookmarkRestore(in, env.Scratch()[:0])
	})
	def(abi.FuncBookmarkCurrent, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		out, err := env.BookmarkCurrent(nil)
		deliver(env, m, s, uint32(s[0]), uint32(s[1]), out, err)
	})
	def(abi.FuncBookmarkForTime, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		out, err := env.BookmarkForTime(int64(s[0]), nil)
		deliver(env, m, s, uint32(s[1]), uint32(s[2]), out, err)
	})
	def(abi.FuncKVPut, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		err := env.KVPut(read(m, uint32(s[0]), uint32(s[1])), read(m, uint32(s[2]), uint32(s[3])))
		status(env, s, 0, err)
	})
	def(abi.FuncKVDelete, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		existed, err := env.KVDelete(read(m, uint32(s[0]), uint32(s[1])))
		status(env, s, boolInt(existed), err)
	})
	depthFn := func(name string, f func(env format.Call) (int, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			d, err := f(env)
			status(env, s, int64(d), err)
		})
	}
	depthFn(abi.FuncTxnBegin, format.Call.TxnBegin)
	depthFn(abi.FuncTxnCommit, format.Call.TxnCommit)
	depthFn(abi.FuncTxnRollback, format.Call.TxnRollback)
	def(abi.FuncAlarmSet, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		status(env, s, 0, env.AlarmSet(int64(s[0])))
	})
	def(abi.FuncAlarmGet, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		at, err := env.AlarmGet()
		status(env, s, at, err)
	})
	def(abi.FuncAlarmDelete, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		existed, err := env.AlarmDelete()
		status(env, s, boolInt(existed), err)
	})
	bytesArg := func(name string, f func(env format.Call, in []byte) error) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			status(env, s, 0, f(env, read(m, uint32(s[0]), uint32(s[1]))))
		})
	}
	noArg := func(name string, f func(env format.Call) error) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			status(env, s, 0, f(env))
		})
	}
	bytesOut := func(name string, f func(env format.Call, out []byte) ([]byte, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			out, err := f(env, env.Scratch()[:0])
			deliver(env, m, s, uint32(s[0]), uint32(s[1]), out, err)
			if cap(out) <= 2<<20 { // a row of durable memory is at most 1 MiB and a byte
				env.KeepScratch(out[:0])
			}
		})
	}
	bytesArg(abi.FuncMemoryAppend, format.Call.MemoryAppend)
	bytesArg(abi.FuncMemoryImageWrite, format.Call.MemoryImageWrite)
	noArg(abi.FuncMemoryImageBegin, format.Call.MemoryImageBegin)
	noArg(abi.FuncMemoryImageCommit, format.Call.MemoryImageCommit)
	noArg(abi.FuncMemoryImageAbort, format.Call.MemoryImageAbort)
	bytesOut(abi.FuncMemoryRead, format.Call.MemoryRead)
	bytesOut(abi.FuncMemoryStats, format.Call.MemoryStats)
	def(abi.FuncMemorySetDead, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		status(env, s, 0, env.MemorySetDead(int64(s[0])))
	})
	def(abi.FuncDBSize, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		n, err := env.DBSize()
		status(env, s, n, err)
	})
	def(abi.FuncObjectName, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		deliver(env, m, s, uint32(s[0]), uint32(s[1]), env.ObjectName(env.Scratch()[:0]), nil)
	})
	def(abi.FuncNowMs, func(ctx context.Context, m api.Module, s []uint64) {
		s[0] = uint64(envOf(ctx).NowMs())
	})
	def(abi.FuncLog, func(ctx context.Context, m api.Module, s []uint64) {
		envOf(ctx).Log(int32(s[0]), read(m, uint32(s[1]), uint32(s[2])))
	})
	def(abi.FuncFail, func(ctx context.Context, m api.Module, s []uint64) {
		envOf(ctx).Fail(int32(s[0]), read(m, uint32(s[1]), uint32(s[2])))
	})
	def(abi.FuncResultLen, func(ctx context.Context, m api.Module, s []uint64) {
		s[0] = uint64(len(envOf(ctx).Pending()))
	})
	def(abi.FuncResultTake, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		pending := env.Pending()
		n := len(pending)
		if n > 0 && !m.Memory().Write(uint32(s[0]), pending) {
			panic(fmt.Errorf("out of bounds memory access: %d bytes at %d", n, uint32(s[0])))
		}
		env.SetPending(env.Pending()[:0])
		s[0] = uint64(n)
	})
	defineWebSockets(def, bytesIn)
	_, err := b.Instantiate(ctx)
	return err
}

// defineWebSockets defines the WebSocket host functions (ABI.md section 12) over the
// call's format.WebSocketHost; a call without one answers code unavailable.
func defineWebSockets(def func(string, api.GoModuleFunc), bytesIn func(string, func(format.Call, []byte) ([]byte, error))) {
	wsOf := func(env format.Call) (format.WebSocketHost, error) {
		if ws, ok := env.(format.WebSocketHost); ok {
			return ws, nil
		}
		return nil, abi.Errorf(abi.CodeUnavailable, "this host has no WebSockets")
	}
	// withWS runs f with the call's WebSockets and applies the result convention to
	// its status result.
	withWS := func(name string, f func(ws format.WebSocketHost, m api.Module, s []uint64) (int64, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			ws, err := wsOf(env)
			var v int64
			if err == nil {
				v, err = f(ws, m, s)
			}
			status(env, s, v, err)
		})
	}
	withWS(abi.FuncWSAccept, func(ws format.WebSocketHost, m api.Module, s []uint64) (int64, error) {
		return ws.WSAccept(read(m, uint32(s[0]), uint32(s[1])))
	})
	withWS(abi.FuncWSSend, func(ws format.WebSocketHost, m api.Module, s []uint64) (int64, error) {
		return 0, ws.WSSend(int64(s[0]), uint32(s[1]) != 0, read(m, uint32(s[2]), uint32(s[3])))
	})
	withWS(abi.FuncWSClose, func(ws format.WebSocketHost, m api.Module, s []uint64) (int64, error) {
		return 0, ws.WSClose(int64(s[0]), int64(int32(s[1])), read(m, uint32(s[2]), uint32(s[3])))
	})
	withWS(abi.FuncWSAttachmentSet, func(ws format.WebSocketHost, m api.Module, s []uint64) (int64, error) {
		return 0, ws.WSSetAttachment(int64(s[0]), read(m, uint32(s[1]), uint32(s[2])))
	})
	bytesIn(abi.FuncWSList, func(env format.Call, in []byte) ([]byte, error) {
		ws, err := wsOf(env)
		if err != nil {
			return nil, err
		}
		return ws.WSList(in, env.Scratch()[:0])
	})
	byID := func(name string, f func(ws format.WebSocketHost, id int64, out []byte) ([]byte, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			ws, err := wsOf(env)
			var out []byte
			if err == nil {
				out, err = f(ws, int64(s[0]), env.Scratch()[:0])
			}
			deliver(env, m, s, uint32(s[1]), uint32(s[2]), out, err)
			if err == nil && cap(out) <= 1<<20 {
				env.KeepScratch(out[:0])
			}
		})
	}
	byID(abi.FuncWSTags, format.WebSocketHost.WSTags)
	byID(abi.FuncWSAttachmentGet, format.WebSocketHost.WSAttachment)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
