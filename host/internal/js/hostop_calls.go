package js

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// Calls to other objects from a script (a stub's method, stub.fetch) are started, not
// run, where the script makes them (OP.CALL_START): the host runs the calls started
// since the script last waited once it has no promise job left to run (pump), all at
// once when there are several (Promise.all of stub calls, as on Cloudflare, where each
// is a message sent at once), and then tells runtime.js of each answer
// (__sobjects_settle), which takes it at once with OP.CALL_RESULT.

// The host operations of started calls (runtime.js's startCall).
const (
	// jsOpCallStart starts a call: the fourth argument is the operation it is
	// (jsOpCall, jsOpFetchCall), a and b are that operation's. It answers the call's
	// ticket, or fails as that operation would on a malformed request.
	jsOpCallStart = 70
	// jsOpCallResult answers the started call whose ticket is a, as its operation
	// would have, once __sobjects_settle named it.
	jsOpCallResult = 71
)

// StartedCall is a call to another object that a script started: a method call or a
// fetch, its request as Call or FetchCall takes it, and, once run, its result.
type StartedCall struct {
	Fetch bool
	Req   []byte
	Res   []byte
	Err   error
	// Body is the streamed body of a fetch's answer (Res then has none), or nil.
	Body *Body

	ticket int
}

// ConcurrentCaller is implemented by a Call that runs several calls to other objects
// at once, each as Call or FetchCall would, setting each one's Res and Err.
type ConcurrentCaller interface {
	CallAll(calls []*StartedCall)
}

// callRequest makes the request of OP.CALL (format.Host.Call's) from a: the lines
// class, name, method and input (JSON text, which holds no line break); or, when the
// name or method holds one, the JSON array of the four.
func callRequest(a []byte) ([]byte, error) {
	var req [4]string
	if len(a) > 0 && a[0] == '[' {
		if err := decodeJSON(a, &req); err != nil {
			return nil, fmt.Errorf("call: %v", err)
		}
	} else {
		f := strings.SplitN(string(a), "\n", 4)
		if len(f) != 4 {
			return nil, fmt.Errorf("call: a request of %d lines", len(f))
		}
		copy(req[:], f)
	}
	var enc abi.Encoder
	enc.ArrayHeader(4)
	for _, s := range req[:3] {
		enc.String(s)
	}
	enc.Bytes([]byte(req[3]))
	return enc.Buf, nil
}

// callAnswer appends the script's answer to a call from its result: the value as JSON
// (appendJSONValue), or undefined.
func callAnswer(out, res []byte) []byte {
	if len(res) == 0 {
		return append(out, `{"$t":"undefined"}`...)
	}
	return appendJSONValue(out, res)
}

// fetchRequest makes the request of OP.FETCH_CALL from a, the request's head (its lines
// class, name, method, URL and then a name and a value per header; or, when the name,
// method or URL holds a line break, the JSON {"Class", "Name", "Method", "URL",
// "Headers": [[name, value], ...]}), and b, its body.
func fetchRequest(a, b []byte) ([]byte, error) {
	var req struct {
		Class, Name, Method, URL string
		Headers                  [][2]string
	}
	if len(a) > 0 && a[0] == '{' {
		if err := decodeJSON(a, &req); err != nil {
			return nil, fmt.Errorf("fetch: %v", err)
		}
	} else {
		f := strings.Split(string(a), "\n")
		if len(f) < 4 || len(f)%2 != 0 {
			return nil, fmt.Errorf("fetch: a head of %d lines", len(f))
		}
		req.Class, req.Name, req.Method, req.URL = f[0], f[1], f[2], f[3]
		req.Headers = linePairs(f[4:])
	}
	var enc abi.Encoder
	enc.ArrayHeader(4)
	enc.String(req.Class)
	enc.String(req.Name)
	enc.String(abi.ExportFetch)
	enc.Bytes(abi.FetchRequest{Method: req.Method, URL: req.URL, Headers: req.Headers, Body: b}.Encode())
	return enc.Buf, nil
}

// fetchAnswer appends the script's answer to a fetch from its result: [status,
// headers, checked, statusText] as JSON (checked: every header canonicalHeader;
// statusText: reasonPhrase); the body waits for FETCH_BODY. The answer is checked as
// Engine.Fetch checks it, so no shape of it reaches the script.
func (js *Instance) fetchAnswer(out, res []byte) ([]byte, error) {
	resp, err := abi.DecodeFetchResponse(res)
	if err != nil {
		return out, abi.Errorf(abi.CodeInternal, "malformed fetch response: %v", err)
	}
	out = strconv.AppendInt(append(out, '['), int64(resp.Status), 10)
	out = append(out, ",["...)
	checked := true
	for i, h := range resp.Headers {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONString(append(out, '['), []byte(h[0])), ',')
		out = append(appendJSONString(out, []byte(h[1])), ']')
		checked = checked && canonicalHeader(h[0], h[1])
	}
	out = strconv.AppendBool(append(out, "],"...), checked)
	out = appendJSONString(append(out, ','), []byte(reasonPhrase(resp)))
	if resp.WebSocket != 0 { // [..., body (none), "socket"]: runtime.js's response.webSocket
		out = strconv.AppendInt(append(out, `,null,"`...), resp.WebSocket, 10)
		out = append(out, '"')
	}
	out = append(out, ']')
	js.fetchBody = append(js.fetchBody[:0], resp.Body...)
	return out, nil
}

// startedOp runs jsOpCallStart and jsOpCallResult, appending its answer to out.
func (js *Instance) startedOp(op int32, a, b, out []byte) ([]byte, error) {
	if op == jsOpCallStart {
		c := &StartedCall{Fetch: js.startOp == jsOpFetchCall}
		var err error
		switch js.startOp {
		case jsOpCall:
			c.Req, err = callRequest(a)
		case jsOpFetchCall:
			c.Req, err = fetchRequest(a, b)
		default:
			err = fmt.Errorf("call start: operation %d", js.startOp)
		}
		if err != nil {
			return out, abi.Errorf(abi.CodeBadInput, "%v", err)
		}
		js.tickets++
		c.ticket = js.tickets
		js.started = append(js.started, c)
		return strconv.AppendInt(out, int64(c.ticket), 10), nil
	}
	t, err := strconv.Atoi(string(a))
	c := js.settling
	if err != nil || c == nil || c.ticket != t {
		return out, abi.Errorf(abi.CodeBadInput, "call result: no answer for ticket %q", a)
	}
	js.settling = nil
	switch {
	case c.Err != nil:
		return out, c.Err
	case c.Fetch:
		out, err := js.fetchAnswer(out, c.Res)
		if err == nil && c.Body != nil {
			out = appendBodyID(out, js.adoptBody(c.Body)) // hostop_stream.go
			c.Body = nil
		}
		return out, err
	}
	js.msg = append(js.msg[:0], c.Res...)
	return callAnswer(out, js.msg), nil
}

// pump runs promise jobs until none is left and no call the script started is left to
// run: it runs those (runStarted) each time the jobs run out. Run inside guard.
func (js *Instance) pump(ctx context.Context) {
	for {
		js.drain(ctx)
		if len(js.started) == 0 || js.oom != "" {
			return
		}
		js.runStarted(ctx)
	}
}

// errNoCaller fails a call started where no call is in progress to make it.
var errNoCaller = errors.New("calls to other objects are only available inside a method, fetch or alarm")

// runStarted runs the calls the script started, at once when the call in progress can
// (ConcurrentCaller), and tells runtime.js of each answer, in the order they were made.
func (js *Instance) runStarted(ctx context.Context) {
	calls := js.started
	js.started = nil
	switch env := ctx.Value(format.CallKey{}).(type) {
	case ConcurrentCaller:
		env.CallAll(calls)
	case Call:
		for _, c := range calls {
			if c.Fetch {
				c.Res, c.Err = env.FetchCall(c.Req, nil)
			} else {
				c.Res, c.Err = env.Call(c.Req, nil)
			}
		}
	default:
		for _, c := range calls {
			c.Err = errNoCaller
		}
	}
	if js.settleFn == 0 {
		js.settleFn = js.global(ctx, "__sobjects_settle")
	}
	defer func() {
		js.settling = nil // an answer the script did not take (it failed first)
		for _, c := range calls {
			if c.Body != nil { // a streamed body nobody took
				c.Body.Close()
			}
		}
	}()
	for _, c := range calls {
		js.settling = c
		js.callHook(ctx, "settling a call", js.settleFn, jsInt(int32(c.ticket)))
	}
}

// callHook calls fn, a function of runtime.js the host runs between the script's
// events, with args, and logs what it throws as the error of what it was doing; the
// engine's out of memory error is also kept in oom, to fail the call. Run inside guard.
func (js *Instance) callHook(ctx context.Context, doing string, fn uint64, args ...uint64) {
	v := js.callSync(ctx, fn, args...)
	if jsTag(v) == jsTagException {
		msg := js.exception(ctx)
		js.noteOOM(msg)
		js.logError(ctx, "js: "+doing+": "+msg)
		return
	}
	js.c(ctx, "QJS_FreeValue", js.ctx, v)
}
