package js

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tetratelabs/wazero/api"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
	"github.com/sobjects/sobjects/storage"
)

// Host operations of __sobjects_host (sdk-js/runtime.js, OP).
const (
	jsOpSQLExec = iota + 1
	jsOpKVGet
	jsOpKVPut
	jsOpKVDelete
	jsOpKVList
	jsOpTxnBegin
	jsOpTxnCommit
	jsOpTxnRollback
	jsOpAlarmSet
	jsOpAlarmGet
	jsOpAlarmDelete
	jsOpCall
	jsOpDBSize
	_ // 14, once NOW_MS: the engine reads the clock itself (Date.now through WASI)
	jsOpLog
	jsOpFail
	jsOpPending
	jsOpRandom
	jsOpFetchCall
	jsOpResponse
	jsOpUTF8Encode
	jsOpUTF8Decode
	jsOpFetchBody
	jsOpBase64Encode // a's bytes as padded base64 (RFC 4648 section 4)
	jsOpBase64Decode // base64 text a as an ArrayBuffer (whitespace and "=" ignored), or -bad_input
	jsOpBlob         // bytes value a (its index) of the last SQL result (appendJSONBlobs)
)

// jsHostCall is env.jsFunctionProxy: __sobjects_host(op, a, b, 0) of runtime.js (see
// bindHostDirectly).
func jsHostCall(ctx context.Context, m api.Module, s []uint64) {
	defer format.NotePanic(ctx)
	js, _ := ctx.Value(jsKey{}).(*Instance)
	if js == nil {
		panic(errors.New("JavaScript host call outside the host's control"))
	}
	argc, argv := uint32(s[2]), uint32(s[3])
	if int32(argc) == -jsOutOfMemoryMarker { // the engine throws out of memory (addOutOfMemoryHook)
		js.outOfMemory(m.Memory(), argv)
		s[0] = jsUndefined
		return
	}
	if int32(argc) < 0 { // the rejection tracker (addRejectionTracker)
		js.rejection(ctx, argv, s[1], int32(argc)+jsRejectionMarker != 0)
		s[0] = jsUndefined
		return
	}
	mem := m.Memory()
	word := func(i uint32) uint64 {
		if i >= argc {
			return jsUndefined
		}
		v, ok := mem.ReadUint64Le(argv + 8*i)
		if !ok {
			panic(fmt.Errorf("out of bounds memory access: argument %d at %d", i, argv))
		}
		return v
	}
	opv := word(0)
	if jsTag(opv) != jsTagInt {
		panic(errors.New("__sobjects_host: op must be an int"))
	}
	arg := func(i uint32, dst []byte) []byte {
		v := word(i)
		if jsTag(v) == jsTagUndefined {
			return dst
		}
		b, ok := js.valueIn(ctx, v, dst)
		if !ok {
			panic(errors.New("__sobjects_host: arguments must be strings or ArrayBuffers"))
		}
		return b
	}
	defer js.trimBuffers()
	js.argA = arg(1, js.argA[:0])
	js.argB = arg(2, js.argB[:0])
	// Arguments after the fourth are bytes the operation takes as they are (the blobs
	// of sql.exec's bindings): read in place, valid while the operation runs, since no
	// script runs before it ends.
	js.extra = js.extra[:0]
	for i := uint32(4); i < argc; i++ {
		b, ok := js.bytesIn(ctx, word(i))
		if !ok {
			panic(errors.New("__sobjects_host: arguments after the fourth must be ArrayBuffers"))
		}
		js.extra = append(js.extra, b)
	}
	switch op := int32(opv); op {
	case jsOpDigest, jsOpSign, jsOpVerify, jsOpEncrypt, jsOpDecrypt, jsOpDeriveBits, jsOpGenerateKey, jsOpImportKey, jsOpExportKey, jsOpPublicKey, jsOpCompress, jsOpDecompress, jsOpTimingSafeEqual, jsOpRandomBytes:
		s[0] = js.cryptoOp(ctx, op) // hostop_crypto.go, hostop_compress.go
		return
	case jsOpFetchStart, jsOpFetchWait, jsOpFetchRead, jsOpFetchCancel:
		s[0] = js.fetchOp(ctx, op) // hostop_fetch.go
		return
	case jsOpCachePut, jsOpCacheMatch, jsOpCacheDelete:
		s[0] = js.cacheOp(ctx, op) // hostop_cache.go
		return
	case jsOpSourcePositions:
		s[0] = js.toolsOp(ctx, op) // hostop_tools.go
		return
	case jsOpIDFromName, jsOpIDUnique, jsOpIDFromString, jsOpIDValid:
		s[0] = js.idsOp(ctx, op) // hostop_ids.go
		return
	case jsOpAssetsFetch:
		s[0] = js.assetsFetch(ctx) // hostop_assets.go
		return
	case jsOpAssetsBody:
		s[0] = js.assetsBody(ctx) // hostop_assets.go
		return
	case jsOpStubExported:
		s[0] = js.stubsOp() // hostop_rpcstubs.go
		return
	case jsOpMemoryAppend, jsOpMemoryImageBegin, jsOpMemoryImageWrite, jsOpMemoryImageCommit, jsOpMemoryImageAbort, jsOpMemoryRead, jsOpMemorySetDead, jsOpMemoryStats:
		s[0] = js.memoryOp(ctx, int32(opv)) // hostop_memory.go
		return
	case jsOpWSPair, jsOpWSAccept, jsOpWSAcceptHib, jsOpWSSendText, jsOpWSSendBinary, jsOpWSClose, jsOpWSResponse, jsOpWSList, jsOpWSTags, jsOpWSAttachment, jsOpWSSetAttachment, jsOpWSAutoResponse, jsOpWSAutoTime, jsOpWSEventTimeout, jsOpWSState:
		s[0] = js.webSocketOp(ctx, op, word(3)) // hostop_websocket.go
		return
	case jsOpWSConnect:
		s[0] = js.webSocketConnectOp(ctx) // hostop_wsclient.go
		return
	case jsOpStreamOpen, jsOpStreamWrite, jsOpStreamEnd, jsOpStreamRead, jsOpStreamRelease:
		s[0] = js.streamOp(ctx, op, word(3)) // hostop_stream.go
		return
	case jsOpUTF8Encode:
		s[0] = js.arrayBuffer(ctx, js.argA)
		return
	case jsOpFetchBody: // the body of the last response of FETCH_CALL
		s[0] = js.arrayBuffer(ctx, js.fetchBody)
		js.fetchBody = js.fetchBody[:0]
		if cap(js.fetchBody) > 1<<20 {
			js.fetchBody = nil
		}
		return
	case jsOpBase64Encode:
		s[0] = js.stringOf(ctx, base64.StdEncoding.AppendEncode(js.argB[:0], js.argA))
		return
	case jsOpBase64Decode:
		b, ok := decodeBase64(js.argB[:0], js.argA)
		if !ok {
			s[0] = jsInt(-int32(abi.CodeBadInput))
			return
		}
		s[0] = js.arrayBuffer(ctx, b)
		return
	case jsOpBlob:
		i, err := strconv.Atoi(string(js.argA))
		if err != nil || i < 0 || i >= len(js.blobs) {
			s[0] = jsInt(-int32(abi.CodeBadInput))
			return
		}
		s[0] = js.arrayBuffer(ctx, js.blobs[i])
		return
	case jsOpUTF8Decode:
		if !utf8.Valid(js.argA) {
			js.argA = wellFormedUTF8(js.argA)
		}
		if bytes.IndexByte(js.argA, 0) >= 0 {
			s[0] = jsInt(-int32(abi.CodeBadInput)) // the script decodes it itself
			return
		}
		s[0] = js.stringOf(ctx, js.argA)
		return
	}
	env, _ := ctx.Value(format.CallKey{}).(Call)
	js.opSlot = -1
	if op := int32(opv); op == jsOpCallStart {
		js.startOp = -1 // the operation the call is (runtime.js's startCall)
		if v := word(3); jsTag(v) == jsTagInt {
			js.startOp = int32(uint32(v))
		}
	} else if op == jsOpFail || op == jsOpResponse {
		// These name the call they are of (runtime.js's dispatch slot), which may not be
		// the one whose work is running (Instance.calls).
		if v := word(3); jsTag(v) == jsTagInt {
			if i := int(int32(uint32(v))); i >= 0 && i < len(js.calls) {
				js.opSlot, env = i, js.calls[i].env
			}
		}
	}
	js.blobs = js.blobs[:0]
	out, code := js.hostOp(ctx, env, int32(opv), js.argA, js.argB)
	if code != 0 {
		s[0] = jsInt(-int32(code))
		return
	}
	s[0] = js.stringOf(ctx, out)
	if env != nil && cap(out) <= 1<<20 {
		env.KeepScratch(out[:0])
	}
}

// HeldBytes is the capacity, in bytes, of the buffers the host keeps for the instance
// between calls (the arguments and results of host calls): at most 4 MiB, as one big
// host call's buffers are dropped after it.
func (js *Instance) HeldBytes() int {
	return cap(js.argA) + cap(js.argB) + cap(js.msg) + cap(js.fetchBody)
}

// trimBuffers drops the argument and result buffers that one big host call grew, so an
// idle object does not keep them.
func (js *Instance) trimBuffers() {
	clear(js.extra) // in the engine's memory: valid during the operation only
	js.extra = js.extra[:0]
	// fetchBody waits for FETCH_BODY, which drops it when it is that big.
	for _, b := range []*[]byte{&js.argA, &js.argB, &js.msg} {
		if cap(*b) > 1<<20 {
			*b = nil
		}
	}
}

// decodeBase64 appends the bytes of the base64 text s to dst as runtime.js's atob and
// structured values read it: white space and "=" anywhere are skipped, and a final group
// of one character, which holds no whole byte, gives none. ok is false when s holds
// another character outside the alphabet of RFC 4648 section 4.
func decodeBase64(dst, s []byte) (b []byte, ok bool) {
	clean := true
	for _, c := range s {
		if !isBase64Char(c) {
			clean = false
			break
		}
	}
	if !clean {
		var kept []byte
		for _, r := range string(s) {
			switch {
			case r < utf8.RuneSelf && isBase64Char(byte(r)):
				kept = append(kept, byte(r))
			case r == '=' || r == '\ufeff' || unicode.IsSpace(r):
			default:
				return dst, false
			}
		}
		s = kept
	}
	if len(s)%4 == 1 {
		s = s[:len(s)-1]
	}
	b, err := base64.RawStdEncoding.AppendDecode(dst, s)
	return b, err == nil
}

func isBase64Char(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// wellFormedUTF8 replaces each maximal ill-formed subsequence of b with U+FFFD, as the
// WHATWG Encoding Standard's UTF-8 decoder does (https://encoding.spec.whatwg.org/#utf-8-decoder).
func wellFormedUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		// An ill-formed sequence: skip the lead byte and the continuation bytes that
		// could still have completed it.
		need, lo, hi := 0, byte(0x80), byte(0xBF)
		switch c := b[i]; {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lo = 2, 0xA0
		case c == 0xED:
			need, hi = 2, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			need = 2
		case c == 0xF0:
			need, lo = 3, 0x90
		case c == 0xF4:
			need, hi = 3, 0x8F
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		}
		i++
		for ; need > 0 && i < len(b) && b[i] >= lo && b[i] <= hi; need-- {
			i++
			lo, hi = 0x80, 0xBF
		}
		out = append(out, "\uFFFD"...)
	}
	return out
}

// hostOp runs one host operation for the script: the Host methods, with JSON
// arguments and results. code is 0 on success, else the failure's code, with
// env.pending holding its message. Outside a call (the bundle's top level) only
// logging works.
func (js *Instance) hostOp(ctx context.Context, env Call, op int32, a, b []byte) (out []byte, code abi.Code) {
	if env == nil {
		if op == jsOpLog {
			var m [2]any
			if decodeJSON(a, &m) == nil {
				level, _ := m[0].(json.Number).Int64()
				msg, _ := m[1].(string)
				// The bundle's top level, once per deploy: cut, not counted (log.go).
				js.topLog(ctx, js.className, int32(level), []byte(msg))
			}
			return []byte("null"), 0
		}
		if op == jsOpPending {
			return []byte("storage and calls are only available inside a method, fetch or alarm"), 0
		}
		return nil, abi.CodeUnavailable
	}
	fail := func(err error) ([]byte, abi.Code) {
		return nil, abi.Code(-int64(env.Failure(err)))
	}
	bad := func(format string, args ...any) ([]byte, abi.Code) {
		return fail(abi.Errorf(abi.CodeBadInput, format, args...))
	}
	out = env.Scratch()[:0]
	var err error
	switch op {
	case jsOpSQLExec:
		// a is the SQL text, b the JSON array of bindings (absent when there are none).
		var bindings []any
		if len(b) > 0 {
			if err := decodeJSON(b, &bindings); err != nil {
				return bad("sql.exec: bindings: %v", err)
			}
		}
		params := js.params[:0]
		for _, p := range bindings {
			if b, ok := js.blobBinding(p); ok {
				params = append(params, b)
				continue
			}
			v, err := sqlBinding(p) // hostop_sql.go
			if err != nil {
				return bad("sql.exec: binding %d: %v", len(params)+1, err)
			}
			params = append(params, v)
		}
		js.params = params[:0]
		var res []byte
		res, err = env.SQL(string(a), params, js.msg[:0])
		clear(params)
		if err == nil {
			js.msg = res
			out, err = appendJSONBlobs(out, abi.NewDecoder(res), &js.blobs)
		}
	case jsOpKVGet:
		var v []byte
		v, err = env.KVGet(a, js.msg[:0])
		if err == nil {
			js.msg = v
			out = appendJSONValue(out, v)
		}
	case jsOpKVPut:
		err = env.KVPut(a, b)
		out = append(out, "null"...)
	case jsOpKVDelete:
		var existed bool
		existed, err = env.KVDelete(a)
		out = strconv.AppendBool(out, existed)
	case jsOpKVList:
		var o struct {
			Prefix, Start, End *string
			Limit              int
			Reverse            bool
		}
		if err := decodeJSON(a, &o); err != nil || o.Limit < 0 {
			return bad("list: prefix, start, end must be strings, limit a positive number, reverse a boolean")
		}
		opts := storage.ListOptions{Limit: o.Limit, Reverse: o.Reverse}
		for _, f := range []struct {
			dst *string
			src *string
		}{{&opts.Prefix, o.Prefix}, {&opts.Start, o.Start}, {&opts.End, o.End}} {
			if f.src != nil {
				*f.dst = *f.src
			}
		}
		js.msg, err = env.KVListOptions(opts, js.msg[:0])
		if err == nil {
			out, err = appendKVListJSON(out, js.msg)
		}
	case jsOpTxnBegin, jsOpTxnCommit, jsOpTxnRollback:
		var depth int
		switch op {
		case jsOpTxnBegin:
			depth, err = env.TxnBegin()
		case jsOpTxnCommit:
			depth, err = env.TxnCommit()
		default:
			depth, err = env.TxnRollback()
		}
		out = strconv.AppendInt(out, int64(depth), 10)
	case jsOpAlarmSet:
		f, perr := strconv.ParseFloat(string(a), 64)
		if perr != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return bad("setAlarm takes a time in milliseconds since the epoch, or a Date")
		}
		err = env.AlarmSet(int64(f))
		out = append(out, "null"...)
	case jsOpAlarmGet:
		var at int64
		at, err = env.AlarmGet()
		out = strconv.AppendInt(out, at, 10)
	case jsOpAlarmDelete:
		var existed bool
		existed, err = env.AlarmDelete()
		out = strconv.AppendBool(out, existed)
	case jsOpCall:
		req, berr := callRequest(a)
		if berr != nil {
			return bad("%v", berr)
		}
		var res []byte
		res, err = env.Call(req, js.msg[:0])
		if err == nil {
			js.msg = res
			out = callAnswer(out, res)
		}
	case jsOpFetchCall:
		req, berr := fetchRequest(a, b)
		if berr != nil {
			return bad("%v", berr)
		}
		var res []byte
		res, err = env.FetchCall(req, nil)
		if err == nil {
			out, err = js.fetchAnswer(out, res)
		}
	case jsOpCallStart, jsOpCallResult: // hostop_calls.go
		out, err = js.startedOp(op, a, b, out)
	case jsOpResponse:
		// a is the status (and, after a space, the status text the script gave, maybe
		// ""), then a name and a value per header, one a line (a Headers name or value
		// holds no line break).
		f := strings.Split(string(a), "\n")
		code, text, given := strings.Cut(f[0], " ")
		status, perr := strconv.Atoi(code)
		if perr != nil || len(f)%2 != 1 {
			return bad("response: a head of %d lines starting %q", len(f), f[0])
		}
		if js.opSlot < 0 {
			return bad("response: no call in progress")
		}
		c := &js.calls[js.opSlot]
		c.respStatus, c.respHeaders = status, linePairs(f[1:])
		c.respStatusText, c.hasStatusText = text, given && givenStatusText(status, text)
		out = append(out, "null"...)
	case jsOpDBSize:
		var n int64
		n, err = env.DBSize()
		out = strconv.AppendInt(out, n, 10)
	case jsOpFail:
		return js.failOp(env, a) // hostop_rpcerr.go
	case jsOpLog:
		var m [2]any
		if err := decodeJSON(a, &m); err != nil {
			return bad("%v", err)
		}
		n, _ := m[0].(json.Number)
		level, _ := n.Int64()
		msg, _ := m[1].(string)
		env.Log(int32(level), []byte(msg))
		out = append(out, "null"...)
	case jsOpPending:
		out = append(out, bytes.ReplaceAll(env.Pending(), []byte{0}, nil)...)
		env.SetPending(env.Pending()[:0])
		return out, 0
	case jsOpRandom:
		n, perr := strconv.Atoi(string(a))
		if perr != nil || n < 0 || n > 65536 {
			return bad("getRandomValues: 0 to 65536 bytes")
		}
		r := make([]byte, n)
		rand.Read(r)
		out = append(out, '"')
		out = hex.AppendEncode(out, r)
		out = append(out, '"')
	default:
		return bad("unknown host operation %d", op)
	}
	if err != nil {
		if op == jsOpCall || op == jsOpFetchCall || op == jsOpCallResult {
			return nil, js.callFailure(env, err) // hostop_rpcerr.go
		}
		return fail(err)
	}
	env.SetPending(env.Pending()[:0])
	return out, 0
}

// blobBinding returns the bytes a binding {"$t":"Blob","i":n} of sql.exec names: its
// nth argument after the fourth (runtime.js sends blobs so, not in the JSON).
func (js *Instance) blobBinding(p any) ([]byte, bool) {
	m, ok := p.(map[string]any)
	if !ok || m["$t"] != "Blob" {
		return nil, false
	}
	n, _ := m["i"].(json.Number)
	i, err := n.Int64()
	if err != nil || i < 0 || i >= int64(len(js.extra)) {
		return nil, false
	}
	return js.extra[i], true
}

// linePairs makes header pairs of lines name, value, name, value, ...
func linePairs(lines []string) [][2]string {
	pairs := make([][2]string, 0, len(lines)/2)
	for i := 0; i+1 < len(lines); i += 2 {
		pairs = append(pairs, [2]string{lines[i], lines[i+1]})
	}
	return pairs
}

// appendKVListJSON transcodes kv_list's result, an array of [key, value], to JSON with
// each value as the JSON it holds.
func appendKVListJSON(dst, res []byte) ([]byte, error) {
	d := abi.NewDecoder(res)
	n, err := d.ArrayHeader()
	if err != nil {
		return dst, err
	}
	dst = append(dst, '[')
	for i := range n {
		if _, err := d.ArrayHeader(); err != nil {
			return dst, err
		}
		k, err := d.StringBytes()
		if err != nil {
			return dst, err
		}
		v, err := d.BytesAlias()
		if err != nil {
			return dst, err
		}
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(appendJSONString(append(dst, '['), k), ',')
		dst = append(appendJSONValue(dst, v), ']')
	}
	return append(dst, ']'), nil
}

// Call is a running call as the JavaScript format sees it: format.Call, and the forms
// of host operations that take what a script passes without its MessagePack encoding.
type Call interface {
	format.Call
	// SQL is sql_exec of sql with params bound (Go values of the types of ABI.md
	// section 5); its result is appended to out as sql_exec gives it.
	SQL(sql string, params []any, out []byte) ([]byte, error)
	// KVListOptions is kv_list with its options decoded.
	KVListOptions(opts storage.ListOptions, out []byte) ([]byte, error)
	// FetchCall is call (format.Host.Call) for another object's fetch export.
	FetchCall(req []byte, out []byte) ([]byte, error)
}
