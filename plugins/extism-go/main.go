// Command extism-go is the counter of plugins/counter as an Extism plugin, written with
// the Extism Go PDK and built by Go's own toolchain (build.sh beside it):
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -trimpath -o extism-go.wasm .
//
// It calls the sobjects host functions that the host offers Extism plugins in the
// namespace extism:host/user (abi/ABI.md, "Extism plugins").
//
// | method | input | output |
// |---|---|---|
// | increment | {"by": n} (default 1; empty input allowed) | {"value": total} |
// | get | (ignored) | {"value": total} (0 before the first increment) |
// | reset | (ignored) | {"value": 0} |
// | schedule_reset | {"in_ms": n} or {"at_ms": t} | {"at_ms": t} |
// | alarm (lifecycle) | | resets the counter to 0 |
// | fetch (lifecycle) | GET | 200, the value as text/plain; other methods 405 |
package main

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/extism/go-pdk"
)

// The sobjects host functions this plugin uses (abi/ABI.md, "Extism plugins"). A handle
// is the offset of a block of Extism memory; a negative result is -code, with the
// message left for result_take.
//
//go:wasmimport extism:host/user sql_exec
func sqlExec(req uint64) int64

//go:wasmimport extism:host/user alarm_set
func alarmSet(atMs int64) int64

//go:wasmimport extism:host/user now_ms
func nowMs() int64

//go:wasmimport extism:host/user fail
func fail(code int32, msg uint64)

//go:wasmimport extism:host/user result_take
func resultTake() uint64

// Error codes (abi/ABI.md section 5).
const codeBadInput = 1

// hostError is a failed host function or a refused input: an ABI error code and a
// message.
type hostError struct {
	code int32
	msg  string
}

func (e *hostError) Error() string { return e.msg }

// check turns a host function's result into an error when it is negative.
func check(r int64) (int64, error) {
	if r >= 0 {
		return r, nil
	}
	msg := ""
	if h := resultTake(); h != 0 {
		m := pdk.FindMemory(h)
		msg = string(m.ReadBytes())
		m.Free()
	}
	return 0, &hostError{code: int32(-r), msg: msg}
}

// exec runs one SQL statement with integer parameters and returns its rows.
func exec(sql string, params ...int64) ([][]any, error) {
	var e encoder
	e.arrayHeader(2)
	e.str(sql)
	e.arrayHeader(len(params))
	for _, p := range params {
		e.int(p)
	}
	req := pdk.AllocateBytes(e.buf)
	defer req.Free()
	h, err := check(sqlExec(req.Offset()))
	if err != nil {
		return nil, err
	}
	if h == 0 {
		return nil, &hostError{code: 4, msg: "sql_exec returned nothing"}
	}
	m := pdk.FindMemory(uint64(h))
	res := m.ReadBytes()
	m.Free()
	// [columns, rows, rows_read, rows_written]
	v, _, err := decode(res)
	if err != nil {
		return nil, err
	}
	top, ok := v.([]any)
	if !ok || len(top) != 4 {
		return nil, &hostError{code: 4, msg: "malformed sql_exec result"}
	}
	var rows [][]any
	rs, _ := top[1].([]any)
	for _, r := range rs {
		row, _ := r.([]any)
		rows = append(rows, row)
	}
	return rows, nil
}

// done ends a method: its output on success, or fail with the error's code.
func done(out []byte, err error) int32 {
	if err != nil {
		code := int32(4) // internal
		if he, ok := err.(*hostError); ok {
			code = he.code
		}
		msg := pdk.AllocateString(err.Error())
		fail(code, msg.Offset())
		msg.Free()
		return 1
	}
	pdk.Output(out)
	return 0
}

const resetSQL = "INSERT INTO counter(id, value) VALUES (1, 0) ON CONFLICT(id) DO UPDATE SET value = 0"

func current() (int64, error) {
	rows, err := exec("SELECT value FROM counter WHERE id = 1")
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	n, _ := rows[0][0].(int64)
	return n, nil
}

func value(n int64) []byte { return []byte(`{"value":` + strconv.FormatInt(n, 10) + `}`) }

// input decodes the method's JSON input into v. An empty input, or a JSON value that
// is not an object, has no fields and leaves v as it is (as in sdk-rust).
func input(v any) error {
	in := bytes.TrimSpace(pdk.Input())
	if len(in) == 0 {
		return nil
	}
	if !json.Valid(in) {
		return &hostError{code: codeBadInput, msg: "input is not valid JSON"}
	}
	if in[0] != '{' {
		return nil
	}
	if err := json.Unmarshal(in, v); err != nil {
		return &hostError{code: codeBadInput, msg: "input: " + err.Error()}
	}
	return nil
}

//go:wasmexport init
func initCounter() int32 {
	_, err := exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)")
	return done(nil, err)
}

//go:wasmexport increment
func increment() int32 {
	var in struct {
		By *int64 `json:"by"`
	}
	if err := input(&in); err != nil {
		return done(nil, err)
	}
	by := int64(1)
	if in.By != nil {
		by = *in.By
	}
	rows, err := exec("INSERT INTO counter(id, value) VALUES (1, ?) "+
		"ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", by)
	if err != nil {
		return done(nil, err)
	}
	n, _ := rows[0][0].(int64)
	return done(value(n), nil)
}

//go:wasmexport get
func get() int32 {
	n, err := current()
	return done(value(n), err)
}

//go:wasmexport reset
func reset() int32 {
	_, err := exec(resetSQL)
	return done(value(0), err)
}

//go:wasmexport schedule_reset
func scheduleReset() int32 {
	var in struct {
		InMs *int64 `json:"in_ms"`
		AtMs *int64 `json:"at_ms"`
	}
	if err := input(&in); err != nil {
		return done(nil, err)
	}
	var at int64
	switch {
	case in.AtMs != nil:
		at = *in.AtMs
	case in.InMs != nil:
		at = nowMs() + *in.InMs
	default:
		return done(nil, &hostError{code: codeBadInput, msg: `give "in_ms" or "at_ms"`})
	}
	if _, err := check(alarmSet(at)); err != nil {
		return done(nil, err)
	}
	return done([]byte(`{"at_ms":`+strconv.FormatInt(at, 10)+`}`), nil)
}

//go:wasmexport alarm
func alarm() int32 {
	_, err := exec(resetSQL)
	return done(nil, err)
}

//go:wasmexport fetch
func fetch() int32 {
	// [method, url, headers, body] -> [status, headers, body] (abi/ABI.md section 7)
	v, _, err := decode(pdk.Input())
	req, ok := v.([]any)
	if err != nil || !ok || len(req) != 4 {
		return done(nil, &hostError{code: codeBadInput, msg: "fetch: malformed request"})
	}
	var e encoder
	e.arrayHeader(3)
	if method, _ := req[0].(string); method != "GET" {
		e.int(405)
		e.arrayHeader(2)
		e.header("content-type", "text/plain; charset=utf-8")
		e.header("allow", "GET")
		e.bin([]byte("method not allowed\n"))
		return done(e.buf, nil)
	}
	n, err := current()
	if err != nil {
		return done(nil, err)
	}
	e.int(200)
	e.arrayHeader(1)
	e.header("content-type", "text/plain; charset=utf-8")
	e.bin([]byte(strconv.FormatInt(n, 10)))
	return done(e.buf, nil)
}

func main() {}
