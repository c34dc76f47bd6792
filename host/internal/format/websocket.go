package format

// WebSocketHost is the WebSocket host functions of the native ABI (abi/ABI.md section
// 12) as Go methods over byte slices, like Host. The engine's Call implements it; a
// binding asserts it of the Call and answers code unavailable when it is missing.
//
// Socket ids are the engine's, as the websocket_* exports' inputs name them. Errors are
// *abi.Error values: not_found for an id that names no WebSocket of the object,
// bad_input for a closed one or malformed input, too_large past a limit.
type WebSocketHost interface {
	// WSAccept accepts a WebSocket in the running fetch, hibernatable, with tags (a
	// MessagePack array of strings), and makes its other end the fetch's answer: the
	// id of the object's end.
	WSAccept(tags []byte) (int64, error)
	// WSSend sends a message, text (UTF-8) or binary, on socket id.
	WSSend(id int64, text bool, data []byte) error
	// WSClose closes socket id with code (1000 or 3000-4999) and reason (UTF-8, at
	// most 123 bytes).
	WSClose(id int64, code int64, reason []byte) error
	// WSList appends to out the open hibernatable sockets of the object with tag (all
	// for an empty tag), as a MessagePack array of ids.
	WSList(tag []byte, out []byte) ([]byte, error)
	// WSTags appends to out socket id's tags, as a MessagePack array of strings.
	WSTags(id int64, out []byte) ([]byte, error)
	// WSAttachment appends to out socket id's attachment (empty when none).
	WSAttachment(id int64, out []byte) ([]byte, error)
	// WSSetAttachment replaces socket id's attachment (empty: none).
	WSSetAttachment(id int64, b []byte) error
}
