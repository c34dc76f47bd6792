package host

import (
	"unicode/utf8"

	"github.com/sobjects/sobjects/abi"
	"github.com/sobjects/sobjects/host/internal/format"
)

// The WebSocket host functions of native and Extism plugins (ABI.md section 12), over
// the operations scripts use (websocket.go). A plugin's fetch accepts an upgrade with
// ws_accept: that makes a pair, accepts the object's end hibernatable and hands the
// other to the fetch's caller, which takes it when the fetch answers status 101
// (answerWebSocket). Its events then reach the exports websocket_message,
// websocket_close and websocket_error.

var _ format.WebSocketHost = (*callEnv)(nil)

// WSAccept accepts a WebSocket for the running fetch (ABI.md section 12).
//
// # Errors
//
// bad_input outside a fetch, for a second accept in one fetch, or for malformed tags
// (not an array of 1 to WebSocketTagBytes-byte strings, more than WebSocketTagsMax);
// unavailable when the object holds Options.WebSocketsPerObject sockets already.
func (env *callEnv) WSAccept(tags []byte) (int64, error) {
	if !env.fetching {
		return 0, abi.Errorf(abi.CodeBadInput, "ws_accept: only a fetch may accept a WebSocket")
	}
	if env.obj.wsAnswer != 0 {
		return 0, abi.Errorf(abi.CodeBadInput, "ws_accept: this fetch accepted a WebSocket already")
	}
	list, err := decodeTags(tags)
	if err != nil {
		return 0, err
	}
	a, b := env.WebSocketPair()
	if err := env.WebSocketAccept(a, true, list); err != nil {
		env.obj.e.discardPair(a)
		return 0, err
	}
	if err := env.WebSocketRespond(b); err != nil {
		env.obj.e.discardPair(a)
		return 0, err
	}
	env.obj.wsAnswer = b
	return int64(a), nil
}

// decodeTags decodes ws_accept's tags: a MessagePack array of strings (empty input: no
// tags).
func decodeTags(b []byte) ([]string, error) {
	if len(b) == 0 {
		return nil, nil
	}
	bad := abi.Errorf(abi.CodeBadInput, "ws_accept: tags must be a MessagePack array of strings")
	d := abi.NewDecoder(b)
	n, err := d.ArrayHeader()
	if err != nil {
		return nil, bad
	}
	if n > WebSocketTagsMax {
		return nil, abi.Errorf(abi.CodeBadInput, "a WebSocket has at most %d tags, not %d", WebSocketTagsMax, n)
	}
	tags := make([]string, n)
	for i := range tags {
		if tags[i], err = d.String(); err != nil {
			return nil, bad
		}
	}
	if d.End() != nil {
		return nil, bad
	}
	return tags, nil
}

// answerWebSocket completes a fetch whose plugin called ws_accept: a response with
// status 101 names the accepted socket's other end (abi.FetchResponse.WebSocket), so
// that the caller takes it; any other outcome (an error, another status) discards the
// pair without events, as if it had never been accepted. A fetch that did not call
// ws_accept passes through untouched.
func (env *callEnv) answerWebSocket(out []byte, err error) ([]byte, error) {
	o := env.obj
	if o.wsAnswer == 0 {
		return out, err
	}
	e := o.e
	id := o.wsAnswer
	o.wsAnswer = 0
	if err != nil {
		e.discardPair(id)
		return out, err
	}
	resp, derr := abi.DecodeFetchResponse(out)
	if derr != nil || resp.Status != 101 {
		e.discardPair(id)
		return out, nil // a malformed response fails where the fetch's caller decodes it
	}
	resp.WebSocket = int64(id)
	return resp.Encode(), nil
}

// discardPair removes the WebSocket of end id, both ends, from the registry without
// delivering anything: no one holds its other end yet.
func (e *Engine) discardPair(id uint64) {
	x := e.ws.get(id)
	if x == nil {
		return
	}
	for _, y := range []*wsEnd{x, x.peer} {
		y.mu.Lock()
		gone := y.done
		y.done, y.sentClose, y.gotClose = true, true, true
		y.queued = nil
		y.mu.Unlock()
		if !gone {
			e.ws.drop(y)
			e.metrics.websockets.Dec()
		}
	}
}

// wsEnd64 converts a plugin's socket id.
func wsEnd64(id int64) (uint64, error) {
	if id <= 0 {
		return 0, abi.Errorf(abi.CodeNotFound, "no WebSocket %d", id)
	}
	return uint64(id), nil
}

// WSSend sends a message on socket id (WebSocketSend): not_found for a socket that is
// not the object's (or gone), bad_input when it is closed, too_large over
// Options.WebSocketMessageBytes, bad_input for a text message that is not UTF-8.
func (env *callEnv) WSSend(id int64, text bool, data []byte) error {
	u, err := wsEnd64(id)
	if err != nil {
		return err
	}
	if text && !utf8.Valid(data) {
		return abi.Errorf(abi.CodeBadInput, "ws_send: a text message must be UTF-8")
	}
	return env.WebSocketSend(u, text, data)
}

// WSClose closes socket id (WebSocketClose), after checking code and reason
// (abi.CheckCloseCode, abi.CheckCloseReason): not_found for a socket that is not the
// object's; closing a socket closed already does nothing.
func (env *callEnv) WSClose(id int64, code int64, reason []byte) error {
	u, err := wsEnd64(id)
	if err != nil {
		return err
	}
	if code < 0 || code > 65535 {
		return abi.CheckCloseCode(-1)
	}
	if err := abi.CheckCloseCode(int(code)); err != nil {
		return err
	}
	if err := abi.CheckCloseReason(string(reason)); err != nil {
		return err
	}
	if _, err := env.end(u); err != nil {
		return err
	}
	return env.WebSocketClose(u, int(code), string(reason))
}

// WSList appends the ids of the object's open hibernatable sockets with tag (any, for
// an empty tag) to out, as a MessagePack array, in the order they were made.
func (env *callEnv) WSList(tag []byte, out []byte) ([]byte, error) {
	ids := env.WebSockets(string(tag), false)
	enc := abi.Encoder{Buf: out}
	enc.ArrayHeader(len(ids))
	for _, id := range ids {
		enc.Int(int64(id))
	}
	return enc.Buf, nil
}

// WSTags appends socket id's tags to out, as a MessagePack array of strings.
func (env *callEnv) WSTags(id int64, out []byte) ([]byte, error) {
	u, err := wsEnd64(id)
	if err != nil {
		return nil, err
	}
	tags, err := env.WebSocketTags(u)
	if err != nil {
		return nil, err
	}
	enc := abi.Encoder{Buf: out}
	enc.ArrayHeader(len(tags))
	for _, t := range tags {
		enc.String(t)
	}
	return enc.Buf, nil
}

// WSAttachment appends socket id's attachment to out (nothing when it has none).
func (env *callEnv) WSAttachment(id int64, out []byte) ([]byte, error) {
	u, err := wsEnd64(id)
	if err != nil {
		return nil, err
	}
	b, err := env.WebSocketAttachment(u)
	if err != nil {
		return nil, err
	}
	return append(out, b...), nil
}

// WSSetAttachment replaces socket id's attachment with b (empty: none): too_large over
// WebSocketAttachmentBytes.
func (env *callEnv) WSSetAttachment(id int64, b []byte) error {
	u, err := wsEnd64(id)
	if err != nil {
		return err
	}
	if len(b) == 0 {
		b = nil
	}
	return env.SetWebSocketAttachment(u, b)
}
