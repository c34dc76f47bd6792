package js

import (
	"context"
	"strconv"
	"time"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// WebSockets of scripts (runtime.js section "WebSockets"): the host holds both ends of
// each (host/websocket.go); runtime.js's WebSocket names its end by the decimal id the
// host gave. What arrives on an accepted end is a call of the instance's, to the
// dispatcher with kind 3 (run, webSocketEvent).
const (
	jsOpWSPair          = 100 // → "a,b": the ids of a new pair's two ends
	jsOpWSAccept        = 101 // a id: ws.accept()
	jsOpWSAcceptHib     = 102 // a id, b JSON array of tags: ctx.acceptWebSocket
	jsOpWSSendText      = 103 // a id, b the text
	jsOpWSSendBinary    = 104 // a id, b the bytes
	jsOpWSClose         = 105 // a id, b JSON [code, reason] (code 0: none given)
	jsOpWSResponse      = 106 // a id: the Response of the call in slot (word 3) holds it
	jsOpWSList          = 107 // a the tag ("" any), b "1" for accepted ones too → JSON array of ids
	jsOpWSTags          = 108 // a id → JSON array
	jsOpWSAttachment    = 109 // a id → the attachment's text; "" none
	jsOpWSSetAttachment = 110 // a id, b the attachment's text ("" none)
	jsOpWSAutoResponse  = 111 // a request, b response; neither: clear
	jsOpWSAutoTime      = 112 // a id → unix milliseconds, or "" never
	jsOpWSEventTimeout  = 113 // a milliseconds ("" reads) → milliseconds
	jsOpWSState         = 114 // a id → readyState
)

// WebSockets is implemented by a Call whose object can hold WebSockets (the engine's
// callEnv). Ids name ends the object holds; errors are *abi.Error values.
type WebSockets interface {
	WebSocketPair() (a, b uint64)
	WebSocketAccept(id uint64, hibernatable bool, tags []string) error
	WebSocketRespond(id uint64) error
	WebSocketSend(id uint64, text bool, data []byte) error
	WebSocketClose(id uint64, code int, reason string) error
	WebSockets(tag string, all bool) []uint64
	WebSocketState(id uint64) (int, error)
	WebSocketTags(id uint64) ([]string, error)
	WebSocketAttachment(id uint64) ([]byte, error)
	SetWebSocketAttachment(id uint64, b []byte) error
	SetWebSocketAutoResponse(request, response string, ok bool)
	WebSocketAutoResponseTime(id uint64) (time.Time, bool)
	SetWebSocketEventTimeout(d time.Duration)
	WebSocketEventTimeout() time.Duration
	// WebSocketsOpen reports whether the instance holds accepted WebSockets, whose
	// events a pending call may wait for.
	WebSocketsOpen() bool
}

// webSocketOp runs one of the jsOpWS operations.
func (js *Instance) webSocketOp(ctx context.Context, op int32, slot uint64) uint64 {
	env, _ := ctx.Value(format.CallKey{}).(Call)
	if op == jsOpWSResponse && jsTag(slot) == jsTagInt {
		if i := int(int32(uint32(slot))); i >= 0 && i < len(js.calls) {
			env = js.calls[i].env
		}
	}
	ws, _ := env.(WebSockets)
	if ws == nil {
		return jsInt(-int32(abi.CodeUnavailable))
	}
	js.usedSockets = true
	fail := func(err error) uint64 { return jsInt(-int32(env.Failure(err))) }
	bad := func(format string, args ...any) uint64 { return fail(abi.Errorf(abi.CodeBadInput, format, args...)) }
	a, b := js.argA, js.argB
	var id uint64
	switch op {
	case jsOpWSPair, jsOpWSList, jsOpWSAutoResponse, jsOpWSEventTimeout:
	default:
		var err error
		if id, err = strconv.ParseUint(string(a), 10, 64); err != nil || id == 0 {
			return bad("malformed WebSocket id %q", a)
		}
	}
	ok := js.stringOf(ctx, nil)
	var err error
	switch op {
	case jsOpWSPair:
		x, y := ws.WebSocketPair()
		return js.stringOf(ctx, strconv.AppendUint(append(strconv.AppendUint(nil, x, 10), ','), y, 10))
	case jsOpWSAccept:
		err = ws.WebSocketAccept(id, false, nil)
	case jsOpWSAcceptHib:
		var tags []string
		if len(b) > 0 {
			if err := decodeJSON(b, &tags); err != nil {
				return bad("tags: %v", err)
			}
		}
		err = ws.WebSocketAccept(id, true, tags)
	case jsOpWSSendText, jsOpWSSendBinary:
		err = ws.WebSocketSend(id, op == jsOpWSSendText, b)
	case jsOpWSClose:
		var args struct {
			code   int
			reason string
		}
		var raw []any
		if err := decodeJSON(b, &raw); err != nil || len(raw) != 2 {
			return bad("close: want [code, reason]")
		}
		if n, ok := raw[0].(interface{ Int64() (int64, error) }); ok {
			c, _ := n.Int64()
			args.code = int(c)
		}
		args.reason, _ = raw[1].(string)
		if err := closeArgs(args.code, args.reason); err != nil {
			return fail(err)
		}
		err = ws.WebSocketClose(id, args.code, args.reason)
	case jsOpWSResponse:
		err = ws.WebSocketRespond(id)
		if err == nil && jsTag(slot) == jsTagInt {
			if i := int(int32(uint32(slot))); i >= 0 && i < len(js.calls) {
				js.calls[i].respSocket = int64(id)
			}
		}
	case jsOpWSList:
		ids := ws.WebSockets(string(a), string(b) == "1")
		out := []byte{'['}
		for i, x := range ids {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(strconv.AppendUint(append(out, '"'), x, 10), '"')
		}
		return js.stringOf(ctx, append(out, ']'))
	case jsOpWSTags:
		tags, err := ws.WebSocketTags(id)
		if err != nil {
			return fail(err)
		}
		out := []byte{'['}
		for i, t := range tags {
			if i > 0 {
				out = append(out, ',')
			}
			out = appendJSONString(out, []byte(t))
		}
		return js.stringOf(ctx, append(out, ']'))
	case jsOpWSAttachment:
		att, err := ws.WebSocketAttachment(id)
		if err != nil {
			return fail(err)
		}
		return js.stringOf(ctx, att)
	case jsOpWSSetAttachment:
		err = ws.SetWebSocketAttachment(id, b)
	case jsOpWSAutoResponse:
		ws.SetWebSocketAutoResponse(string(a), string(b), len(a) > 0)
	case jsOpWSAutoTime:
		at, ok := ws.WebSocketAutoResponseTime(id)
		if !ok {
			return js.stringOf(ctx, nil)
		}
		return js.stringOf(ctx, strconv.AppendInt(nil, at.UnixMilli(), 10))
	case jsOpWSEventTimeout:
		if len(a) > 0 {
			ms, err := strconv.ParseInt(string(a), 10, 64)
			if err != nil || ms < 0 {
				return bad("setHibernatableWebSocketEventTimeout: %q is not a number of milliseconds", a)
			}
			ws.SetWebSocketEventTimeout(time.Duration(ms) * time.Millisecond)
		}
		return js.stringOf(ctx, strconv.AppendInt(nil, ws.WebSocketEventTimeout().Milliseconds(), 10))
	case jsOpWSState:
		s, _ := ws.WebSocketState(id)
		return js.stringOf(ctx, strconv.AppendInt(nil, int64(s), 10))
	default:
		return bad("unknown WebSocket operation %d", op)
	}
	if err != nil {
		return fail(err)
	}
	return ok
}

// closeArgs checks the code and reason of ws.close(code, reason) (code 0: none given).
func closeArgs(code int, reason string) error {
	if code != 0 {
		if err := abi.CheckCloseCode(code); err != nil {
			return err
		}
	}
	return abi.CheckCloseReason(reason)
}

// webSocketEvent is the dispatcher's head for a WebSocket event: JSON {"s": id, "e":
// "message"|"close"|"error", ...}; a message's bytes are the body.
func webSocketEvent(ev abi.WebSocketEvent) []byte {
	out := strconv.AppendInt(append([]byte(nil), `{"s":"`...), ev.Socket, 10)
	switch ev.Export {
	case abi.ExportWebSocketMessage:
		out = strconv.AppendBool(append(out, `","e":"message","text":`...), ev.Text)
	case abi.ExportWebSocketClose:
		out = strconv.AppendInt(append(out, `","e":"close","code":`...), int64(ev.Code), 10)
		out = appendJSONString(append(out, `,"reason":`...), []byte(ev.Reason))
		out = strconv.AppendBool(append(out, `,"clean":`...), ev.WasClean)
	default:
		out = appendJSONString(append(out, `","e":"error","message":`...), []byte(ev.Reason))
	}
	return append(out, '}')
}
