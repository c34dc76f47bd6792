package host

import (
	"context"
	"errors"
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
}

// hostKey is the context key under which a call's *callEnv travels to host functions.
type hostKey = format.CallKey

// envOf returns the call environment of a host-function invocation. It panics (a trap
// for the plugin) when a host function is called outside a call, e.g. from a start
// function.
func envOf(ctx context.Context) *callEnv {
	env, ok := ctx.Value(hostKey{}).(*callEnv)
	if !ok {
		panic(errors.New("host function called outside a call"))
	}
	return env
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
func deliver(env *callEnv, m api.Module, stack []uint64, outPtr, outCap uint32, result []byte, err error) {
	if err != nil {
		stack[0] = env.failure(err)
		return
	}
	if len(result) <= int(outCap) {
		if len(result) > 0 && !m.Memory().Write(outPtr, result) {
			panic(fmt.Errorf("out of bounds memory access: %d bytes at %d", len(result), outPtr))
		}
		env.pending = env.pending[:0]
	} else {
		env.pending = append(env.pending[:0], result...)
	}
	stack[0] = uint64(len(result))
}

// status applies the result convention to a result without bytes.
func status(env *callEnv, stack []uint64, v int64, err error) {
	if err != nil {
		stack[0] = env.failure(err)
		return
	}
	env.pending = env.pending[:0]
	stack[0] = uint64(v)
}

// instantiateHostModule defines the module "sobjects" in rt.
func instantiateHostModule(ctx context.Context, rt wazero.Runtime) error {
	b := rt.NewHostModuleBuilder(abi.HostModule)
	def := func(name string, fn api.GoModuleFunc) {
		sig := hostSignatures[name]
		b.NewFunctionBuilder().WithGoModuleFunction(catchPanics(fn), sig.params, sig.results).Export(name)
	}
	bytesIn := func(name string, f func(env *callEnv, in []byte) ([]byte, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			out, err := f(env, read(m, uint32(s[0]), uint32(s[1])))
			deliver(env, m, s, uint32(s[2]), uint32(s[3]), out, err)
			if cap(out) <= 1<<20 { // reuse the result buffer, unless one big result grew it
				env.obj.scratch = out[:0]
			}
		})
	}
	bytesIn(abi.FuncSQLExec, func(env *callEnv, in []byte) ([]byte, error) { return env.SQLExec(in, env.obj.scratch[:0]) })
	bytesIn(abi.FuncKVGet, func(env *callEnv, in []byte) ([]byte, error) { return env.KVGet(in, env.obj.scratch[:0]) })
	bytesIn(abi.FuncKVList, func(env *callEnv, in []byte) ([]byte, error) { return env.KVList(in, env.obj.scratch[:0]) })
	bytesIn(abi.FuncKeyedRead, func(env *callEnv, in []byte) ([]byte, error) { return env.KeyedRead(in, env.obj.scratch[:0]) })
	bytesIn(abi.FuncKeyedScan, func(env *callEnv, in []byte) ([]byte, error) { return env.KeyedScan(in, env.obj.scratch[:0]) })
	def(abi.FuncKeyedWrite, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		n, err := env.KeyedWrite(read(m, uint32(s[0]), uint32(s[1])))
		status(env, s, n, err)
	})
	bytesIn(abi.FuncCall, func(env *callEnv, in []byte) ([]byte, error) { return env.Call(in, env.obj.scratch[:0]) })
	bytesIn(abi.FuncBookmarkRestore, func(env *callEnv, in []byte) ([]byte, error) {
		return env.BookmarkRestore(in, env.obj.scratch[:0])
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
	depthFn := func(name string, f func(env *callEnv) (int, error)) {
		def(name, func(ctx context.Context, m api.Module, s []uint64) {
			env := envOf(ctx)
			d, err := f(env)
			status(env, s, int64(d), err)
		})
	}
	depthFn(abi.FuncTxnBegin, (*callEnv).TxnBegin)
	depthFn(abi.FuncTxnCommit, (*callEnv).TxnCommit)
	depthFn(abi.FuncTxnRollback, (*callEnv).TxnRollback)
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
	def(abi.FuncDBSize, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		n, err := env.DBSize()
		status(env, s, n, err)
	})
	def(abi.FuncObjectName, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		deliver(env, m, s, uint32(s[0]), uint32(s[1]), env.ObjectName(env.obj.scratch[:0]), nil)
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
		s[0] = uint64(len(envOf(ctx).pending))
	})
	def(abi.FuncResultTake, func(ctx context.Context, m api.Module, s []uint64) {
		env := envOf(ctx)
		n := len(env.pending)
		if n > 0 && !m.Memory().Write(uint32(s[0]), env.pending) {
			panic(fmt.Errorf("out of bounds memory access: %d bytes at %d", n, uint32(s[0])))
		}
		env.pending = env.pending[:0]
		s[0] = uint64(n)
	})
	_, err := b.Instantiate(ctx)
	return err
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// encodeFailure packs an error code for a host function's i64 result: -code.
var encodeFailure = format.EncodeFailure
