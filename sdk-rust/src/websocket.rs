//! WebSockets (ABI.md section 12), with the hibernation model: the host holds every
//! socket a plugin accepts, so an object with open sockets and nothing else to do is
//! evicted when idle; the next event activates it again (`init` runs again), with each
//! socket's tags and attachment intact.
//!
//! A plugin accepts an upgrade in its `fetch` with [`accept`] and answers with
//! [`upgrade_response`] (status 101). What arrives on a socket is a call of one of the
//! exports `websocket_message`, `websocket_close` and `websocket_error`, each a method
//! taking a [`MessageEvent`], [`CloseEvent`] or [`ErrorEvent`]:
//!
//! ```ignore
//! use sobjects::websocket::{self, MessageEvent, Message};
//! use sobjects::{Error, Request, Response};
//!
//! fn fetch(req: Request) -> Result<Response, Error> {
//!     if !websocket::is_upgrade(&req) {
//!         return Ok(Response::text(426, "expected a WebSocket upgrade"));
//!     }
//!     websocket::accept(&["room"])?;
//!     Ok(websocket::upgrade_response())
//! }
//!
//! fn on_message(ev: MessageEvent) -> Result<(), Error> {
//!     if let Message::Text(t) = &ev.message {
//!         for s in websocket::list("room")? {
//!             let _ = s.send_text(t); // a socket may have closed meanwhile
//!         }
//!     }
//!     Ok(())
//! }
//!
//! sobjects::export!(fetch, websocket_message = on_message);
//! ```
//!
//! Sends of a call whose writes are not yet durable leave once they are (the output
//! gate). These host functions need a host of ABI revision 1.2 or later; a plugin that
//! calls none of them does not import them.

use crate::error::{Error, Result};
use crate::ffi;
use crate::http::{Request, Response};
use crate::msgpack::{self, Value};

/// The largest attachment of a socket, in bytes.
pub const MAX_ATTACHMENT_BYTES: usize = 2048;
/// The most tags a socket has, and the longest tag in bytes.
pub const MAX_TAGS: usize = 10;
/// The longest tag, in bytes.
pub const MAX_TAG_BYTES: usize = 256;

/// A WebSocket the object holds, named by the host's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Socket {
    id: i64,
}

/// A message: text (UTF-8) or binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A text message.
    Text(String),
    /// A binary message.
    Binary(Vec<u8>),
}

/// Whether `req` asks for a WebSocket: its `Upgrade` header is `websocket`.
pub fn is_upgrade(req: &Request) -> bool {
    req.header("upgrade").map_or(false, |v| v.trim().eq_ignore_ascii_case("websocket"))
}

/// The response that hands the socket [`accept`] made to the client: status 101.
pub fn upgrade_response() -> Response {
    Response::new(101)
}

/// Accepts a WebSocket in `fetch`, hibernatable, with `tags` (at most [`MAX_TAGS`], each
/// 1 to [`MAX_TAG_BYTES`] bytes), and returns the object's end. The fetch must answer
/// status 101 ([`upgrade_response`]) for the client to get it; any other answer, or a
/// failed fetch, discards the socket.
///
/// Errors: `bad_input` outside `fetch`, for a second accept in one fetch, or for bad
/// tags; `unavailable` when the object holds its limit of sockets (32,768 by default).
pub fn accept(tags: &[&str]) -> Result<Socket> {
    let mut req = Vec::new();
    msgpack::put_array_len(&mut req, tags.len());
    for t in tags {
        msgpack::put_str(&mut req, t);
    }
    let id = ffi::status(unsafe { ffi::ws_accept(ffi::ptr32(req.as_ptr()), req.len() as i32) })?;
    Ok(Socket { id })
}

/// The object's open sockets with `tag` (every one for `""`), in the order they were
/// accepted.
pub fn list(tag: &str) -> Result<Vec<Socket>> {
    let b = ffi::bytes(|op, oc| unsafe { ffi::ws_list(ffi::ptr32(tag.as_ptr()), tag.len() as i32, op, oc) })?;
    let bad = || Error::new(crate::Code::Internal, "ws_list: the host sent a malformed list");
    match msgpack::decode(&b).map_err(|_| bad())? {
        Value::Array(a) => a.iter().map(|v| v.as_i64().map(|id| Socket { id }).ok_or_else(bad)).collect(),
        _ => Err(bad()),
    }
}

impl Socket {
    /// The socket named `id`, as an event names it ([`MessageEvent::socket`] is one).
    pub fn from_id(id: i64) -> Socket {
        Socket { id }
    }

    /// The host's id of the socket.
    pub fn id(&self) -> i64 {
        self.id
    }

    /// Sends a text message.
    ///
    /// Errors: `not_found` when the socket is not the object's (or is gone), `bad_input`
    /// when it is closed, `too_large` over the message limit (1 MiB by default).
    pub fn send_text(&self, text: &str) -> Result<()> {
        self.send(true, text.as_bytes())
    }

    /// Sends a binary message; errors as [`send_text`](Socket::send_text).
    pub fn send_binary(&self, data: &[u8]) -> Result<()> {
        self.send(false, data)
    }

    /// Sends `data`, as text (UTF-8) when `text`; errors as [`send_text`](Socket::send_text).
    pub fn send(&self, text: bool, data: &[u8]) -> Result<()> {
        ffi::status(unsafe { ffi::ws_send(self.id, text as i32, ffi::ptr32(data.as_ptr()), data.len() as i32) }).map(|_| ())
    }

    /// Closes the socket with `code` (1000, or 3000 to 4999) and `reason` (at most 123
    /// bytes); closing a closed socket does nothing.
    ///
    /// Errors: `bad_input` for another code or a longer reason, `not_found` when the
    /// socket is not the object's.
    pub fn close(&self, code: u16, reason: &str) -> Result<()> {
        ffi::status(unsafe { ffi::ws_close(self.id, code as i32, ffi::ptr32(reason.as_ptr()), reason.len() as i32) })
            .map(|_| ())
    }

    /// The tags the socket was accepted with.
    pub fn tags(&self) -> Result<Vec<String>> {
        let b = ffi::bytes(|op, oc| unsafe { ffi::ws_tags(self.id, op, oc) })?;
        let bad = || Error::new(crate::Code::Internal, "ws_tags: the host sent malformed tags");
        match msgpack::decode(&b).map_err(|_| bad())? {
            Value::Array(a) => a.into_iter().map(|v| if let Value::Str(s) = v { Ok(s) } else { Err(bad()) }).collect(),
            _ => Err(bad()),
        }
    }

    /// The socket's attachment: bytes the object keeps with it, which survive the
    /// object's eviction (empty when none was set).
    pub fn attachment(&self) -> Result<Vec<u8>> {
        ffi::bytes(|op, oc| unsafe { ffi::ws_attachment_get(self.id, op, oc) })
    }

    /// Replaces the socket's attachment (empty: none).
    ///
    /// Errors: `too_large` over [`MAX_ATTACHMENT_BYTES`].
    pub fn set_attachment(&self, b: &[u8]) -> Result<()> {
        ffi::status(unsafe { ffi::ws_attachment_set(self.id, ffi::ptr32(b.as_ptr()), b.len() as i32) }).map(|_| ())
    }
}

/// The input of `websocket_message`: a message that arrived on `socket`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageEvent {
    /// The socket it arrived on.
    pub socket: Socket,
    /// The message.
    pub message: Message,
}

/// The input of `websocket_close`: the other end closed `socket`. The host answers
/// the close with the same code unless the handler closes the socket itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloseEvent {
    /// The socket.
    pub socket: Socket,
    /// The close code the other end sent: 1005 without one, 1006 when the connection
    /// was lost.
    pub code: i64,
    /// Its reason.
    pub reason: String,
    /// Whether the close handshake completed.
    pub was_clean: bool,
}

/// The input of `websocket_error`: `socket` failed (a malformed frame, a message over
/// the limit); it is closed afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorEvent {
    /// The socket.
    pub socket: Socket,
    /// What went wrong.
    pub message: String,
}

fn event(input: &[u8], n: usize, what: &'static str) -> Result<Vec<Value>> {
    let bad = || Error::bad_input(what);
    match msgpack::decode(input).map_err(|_| bad())? {
        Value::Array(a) if a.len() == n && a[0].as_i64().is_some() => Ok(a),
        _ => Err(bad()),
    }
}

impl MessageEvent {
    /// Decodes `[socket, text, data]`.
    pub fn decode(input: &[u8]) -> Result<MessageEvent> {
        const WHAT: &str = "websocket_message input must be [socket, text, data]";
        let mut a = event(input, 3, WHAT)?.into_iter();
        let socket = Socket { id: a.next().and_then(|v| v.as_i64()).unwrap_or(0) };
        let text = a.next().and_then(|v| v.as_bool()).ok_or_else(|| Error::bad_input(WHAT))?;
        let data = match a.next() {
            Some(Value::Bin(b)) => b,
            Some(Value::Str(s)) => s.into_bytes(),
            Some(Value::Nil) => Vec::new(),
            _ => return Err(Error::bad_input(WHAT)),
        };
        let message = if text {
            Message::Text(String::from_utf8(data).map_err(|_| Error::bad_input("a text message is not UTF-8"))?)
        } else {
            Message::Binary(data)
        };
        Ok(MessageEvent { socket, message })
    }
}

impl CloseEvent {
    /// Decodes `[socket, code, reason, was_clean]`.
    pub fn decode(input: &[u8]) -> Result<CloseEvent> {
        const WHAT: &str = "websocket_close input must be [socket, code, reason, was_clean]";
        let bad = || Error::bad_input(WHAT);
        let mut a = event(input, 4, WHAT)?.into_iter();
        let socket = Socket { id: a.next().and_then(|v| v.as_i64()).unwrap_or(0) };
        let code = a.next().and_then(|v| v.as_i64()).ok_or_else(bad)?;
        let reason = match a.next() {
            Some(Value::Str(s)) => s,
            _ => return Err(bad()),
        };
        let was_clean = a.next().and_then(|v| v.as_bool()).ok_or_else(bad)?;
        Ok(CloseEvent { socket, code, reason, was_clean })
    }
}

impl ErrorEvent {
    /// Decodes `[socket, message]`.
    pub fn decode(input: &[u8]) -> Result<ErrorEvent> {
        const WHAT: &str = "websocket_error input must be [socket, message]";
        let mut a = event(input, 2, WHAT)?.into_iter();
        let socket = Socket { id: a.next().and_then(|v| v.as_i64()).unwrap_or(0) };
        let message = match a.next() {
            Some(Value::Str(s)) => s,
            _ => return Err(Error::bad_input(WHAT)),
        };
        Ok(ErrorEvent { socket, message })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_events() {
        let mut b = Vec::new();
        msgpack::put_array_len(&mut b, 3);
        msgpack::put_int(&mut b, 7);
        msgpack::put_bool(&mut b, true);
        msgpack::put_bin(&mut b, b"hi");
        let ev = MessageEvent::decode(&b).unwrap();
        assert_eq!(ev.socket.id(), 7);
        assert_eq!(ev.message, Message::Text("hi".into()));

        let mut b = Vec::new();
        msgpack::put_array_len(&mut b, 4);
        msgpack::put_int(&mut b, 8);
        msgpack::put_int(&mut b, 4000);
        msgpack::put_str(&mut b, "bye");
        msgpack::put_bool(&mut b, true);
        let ev = CloseEvent::decode(&b).unwrap();
        assert_eq!((ev.socket.id(), ev.code, ev.reason.as_str(), ev.was_clean), (8, 4000, "bye", true));

        let mut b = Vec::new();
        msgpack::put_array_len(&mut b, 2);
        msgpack::put_int(&mut b, 9);
        msgpack::put_str(&mut b, "boom");
        assert_eq!(ErrorEvent::decode(&b).unwrap().message, "boom");
        assert!(ErrorEvent::decode(&[0x90]).is_err());
    }

    #[test]
    fn sees_upgrades() {
        let mut r = Request::default();
        assert!(!is_upgrade(&r));
        r.headers.push(("Upgrade".into(), "WebSocket".into()));
        assert!(is_upgrade(&r));
    }
}
