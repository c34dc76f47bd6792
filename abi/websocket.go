package abi

import (
	"fmt"
	"unicode/utf8"
)

// WebSockets (ABI.md section 12): the host holds every WebSocket an object accepts, and
// delivers what arrives on one as a call of the object's, to one of these exports,
// under the input gate like any call. A plugin without the export gets no such events.
const (
	// ExportWebSocketMessage receives a message: input [socket, text, data]
	// (WebSocketMessage).
	ExportWebSocketMessage = "websocket_message"
	// ExportWebSocketClose receives the close of a socket by its other end: input
	// [socket, code, reason, was_clean] (WebSocketClose).
	ExportWebSocketClose = "websocket_close"
	// ExportWebSocketError receives an error of a socket (the connection failed, a
	// frame was malformed or over the size limit): input [socket, message]
	// (WebSocketError). The socket is closed afterwards.
	ExportWebSocketError = "websocket_error"
)

// IsWebSocketExport reports whether name is one of the WebSocket event exports, which
// the host calls and callers cannot.
func IsWebSocketExport(name string) bool {
	return name == ExportWebSocketMessage || name == ExportWebSocketClose || name == ExportWebSocketError
}

// Close codes of RFC 6455 section 7.4.1 that the host sends itself.
const (
	CloseNormal         = 1000 // the close handshake was completed
	CloseGoingAway      = 1001 // the server is going down or the object went away
	CloseNoStatus       = 1005 // a close frame without a code (never sent, only reported)
	CloseAbnormal       = 1006 // the connection was lost without a close frame (only reported)
	ClosePolicy         = 1008 // a client too slow to take what is sent to it
	CloseTooBig         = 1009 // a message over the size limit
	CloseInternal       = 1011 // the object's instance failed
	CloseServiceRestart = 1012 // the server restarts: reconnect
	CloseTryAgainLater  = 1013 // the host has no room for the socket now
)

// MaxCloseReasonBytes is the longest close reason: a close frame's payload is at most
// 125 bytes, two of them the code (RFC 6455 section 5.5).
const MaxCloseReasonBytes = 123

// CheckCloseCode reports whether code may be sent in a close frame by an application:
// 1000, or 3000 to 4999 (RFC 6455 section 7.4.2; the WebSocket standard's close()
// allows only these).
func CheckCloseCode(code int) error {
	if code == CloseNormal || (code >= 3000 && code <= 4999) {
		return nil
	}
	return Errorf(CodeBadInput, "close code %d is neither 1000 nor in 3000-4999", code)
}

// CheckCloseReason reports whether reason fits a close frame: valid UTF-8 of at most
// MaxCloseReasonBytes bytes.
func CheckCloseReason(reason string) error {
	if len(reason) > MaxCloseReasonBytes || !utf8.ValidString(reason) {
		return Errorf(CodeBadInput, "a close reason is valid UTF-8 of at most %d bytes", MaxCloseReasonBytes)
	}
	return nil
}

// WebSocketEvent is what the host delivers to one of the WebSocket exports.
type WebSocketEvent struct {
	Socket int64  // the socket's id, as the host functions name it
	Export string // ExportWebSocketMessage, ExportWebSocketClose or ExportWebSocketError

	Text bool   // message: a text message (UTF-8) rather than binary
	Data []byte // message: its bytes

	Code     int    // close: the code the other end sent (CloseNoStatus without one, CloseAbnormal when the connection was lost)
	Reason   string // close: its reason; error: the error's message
	WasClean bool   // close: the close handshake completed
}

// Encode is the export's input for ev.
func (ev WebSocketEvent) Encode() []byte {
	var enc Encoder
	switch ev.Export {
	case ExportWebSocketMessage:
		enc.ArrayHeader(3)
		enc.Int(ev.Socket)
		enc.Bool(ev.Text)
		enc.Bytes(ev.Data)
	case ExportWebSocketClose:
		enc.ArrayHeader(4)
		enc.Int(ev.Socket)
		enc.Int(int64(ev.Code))
		enc.String(ev.Reason)
		enc.Bool(ev.WasClean)
	default:
		enc.ArrayHeader(2)
		enc.Int(ev.Socket)
		enc.String(ev.Reason)
	}
	return enc.Buf
}

// DecodeWebSocketEvent decodes the input of export (one of the WebSocket exports).
func DecodeWebSocketEvent(export string, input []byte) (WebSocketEvent, error) {
	ev := WebSocketEvent{Export: export}
	d := NewDecoder(input)
	n, err := d.ArrayHeader()
	want := map[string]int{ExportWebSocketMessage: 3, ExportWebSocketClose: 4, ExportWebSocketError: 2}[export]
	if err != nil || n != want {
		return ev, fmt.Errorf("malformed %s input", export)
	}
	if ev.Socket, err = d.Int(); err != nil {
		return ev, err
	}
	switch export {
	case ExportWebSocketMessage:
		if ev.Text, err = d.Bool(); err == nil {
			var b []byte
			b, err = d.BytesAlias()
			ev.Data = b
		}
	case ExportWebSocketClose:
		var code int64
		if code, err = d.Int(); err == nil {
			ev.Code = int(code)
			if ev.Reason, err = d.String(); err == nil {
				ev.WasClean, err = d.Bool()
			}
		}
	default:
		ev.Reason, err = d.String()
	}
	if err != nil {
		return ev, fmt.Errorf("malformed %s input: %w", export, err)
	}
	return ev, d.End()
}
