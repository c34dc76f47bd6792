//! chat: a chat room per object, over methods and over WebSockets.
//!
//! | method | input | output |
//! |---|---|---|
//! | `post` | `{"user": u, "text": t}` (both non-empty) | `{"id": n, "at": ms}`; the message also goes to every socket of the room |
//! | `history` | `{"limit": n}` (default 50, at most 1000; larger is clamped) | `{"messages": [{"id", "user", "text", "at"}, ...]}`, the last n in chronological order |
//! | `online` | ignored | `{"names": [..]}`: who is connected, in the order they joined |
//! | `fetch` | `GET` with `Upgrade: websocket`, `?name=NAME` | 101: a socket of the room (the protocol in README.md) |
//!
//! The sockets are hibernatable: the room may be evicted while people are connected,
//! and each socket keeps its name in its attachment and tags.

use sobjects::websocket::{self, CloseEvent, ErrorEvent, Message, MessageEvent, Socket};
use sobjects::{json_object, params, sql, Error, Json, Request, Response};

const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 1000;
/// How many of the last messages a socket gets when it joins.
const JOIN_HISTORY: i64 = 50;
/// The longest name and message text, in bytes.
const MAX_NAME_BYTES: usize = 64;
const MAX_TEXT_BYTES: usize = 4096;
/// The tag of every socket of the room.
const ROOM: &str = "room";

fn init(_: ()) -> Result<(), Error> {
    sql::exec(
        "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, \
         user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)",
        &[],
    )?;
    Ok(())
}

/// Stores a message and sends it to the room: `{"type":"message","id","from","text","at"}`.
fn say(user: &str, text: &str) -> Result<(i64, i64), Error> {
    let at = sobjects::now_ms();
    let id = sql::exec(
        "INSERT INTO messages(user, text, at) VALUES (?, ?, ?) RETURNING id",
        params![user, text, at],
    )?
    .one()?
    .get_i64(0)?;
    broadcast(
        &json_object! { "type" => "message", "id" => id, "from" => user, "text" => text, "at" => at },
        None,
    )?;
    Ok((id, at))
}

fn post(input: Json) -> Result<Json, Error> {
    let user = input.req_str("user")?;
    let text = input.req_str("text")?;
    if user.is_empty() || text.is_empty() {
        return Err(Error::bad_input("\"user\" and \"text\" must not be empty"));
    }
    let (id, at) = say(user, text)?;
    Ok(json_object! { "id" => id, "at" => at })
}

fn last_messages(limit: i64, user_key: &str) -> Result<Vec<Json>, Error> {
    let cur = sql::exec(
        "SELECT id, user, text, at FROM \
         (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id",
        params![limit],
    )?;
    let mut messages = Vec::with_capacity(cur.len());
    for row in &cur {
        messages.push(json_object! {
            "id" => row.get_i64(0)?,
            user_key => row.get_str(1)?,
            "text" => row.get_str(2)?,
            "at" => row.get_i64(3)?,
        });
    }
    Ok(messages)
}

fn history(input: Json) -> Result<Json, Error> {
    let limit = input.opt_i64("limit")?.unwrap_or(DEFAULT_LIMIT);
    if limit < 1 {
        return Err(Error::bad_input("field \"limit\" must be at least 1"));
    }
    Ok(json_object! { "messages" => last_messages(limit.min(MAX_LIMIT), "user")? })
}

fn online(_: ()) -> Result<Json, Error> {
    let mut names = Vec::new();
    for s in websocket::list(ROOM)? {
        if let Ok(n) = name_of(s) {
            names.push(Json::from(n));
        }
    }
    Ok(json_object! { "names" => names })
}

/// Sends `msg` to every socket of the room but `except`. A socket that closed meanwhile
/// is skipped.
fn broadcast(msg: &Json, except: Option<Socket>) -> Result<(), Error> {
    let text = msg.to_bytes();
    for s in websocket::list(ROOM)? {
        if Some(s) != except {
            let _ = s.send(true, &text);
        }
    }
    Ok(())
}

fn send(s: Socket, msg: &Json) {
    let _ = s.send(true, &msg.to_bytes());
}

/// The name a socket joined with, from its attachment `{"name": ..}`.
fn name_of(s: Socket) -> Result<String, Error> {
    let a = Json::parse_bytes(&s.attachment()?)?;
    Ok(a.req_str("name")?.to_string())
}

/// The value of `key` in a query string, percent-decoded (`+` is a space).
fn query_param(query: &str, key: &str) -> Option<String> {
    for pair in query.split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        if k == key {
            let b = v.as_bytes();
            let mut out = Vec::with_capacity(b.len());
            let mut i = 0;
            while i < b.len() {
                match b[i] {
                    b'+' => out.push(b' '),
                    b'%' if i + 2 < b.len() => {
                        let hex = core::str::from_utf8(&b[i + 1..i + 3]).ok()?;
                        out.push(u8::from_str_radix(hex, 16).ok()?);
                        i += 2;
                    }
                    c => out.push(c),
                }
                i += 1;
            }
            return String::from_utf8(out).ok();
        }
    }
    None
}

fn fetch(req: Request) -> Result<Response, Error> {
    if !websocket::is_upgrade(&req) {
        return Ok(Response::text(426, "chat: connect with a WebSocket (Upgrade: websocket), ?name=NAME"));
    }
    let name = query_param(req.query().unwrap_or(""), "name").unwrap_or_default();
    if name.is_empty() || name.len() > MAX_NAME_BYTES {
        return Ok(Response::text(400, format!("chat: ?name= must be 1 to {} bytes", MAX_NAME_BYTES)));
    }
    let user_tag = format!("user:{}", name);
    let s = websocket::accept(&[ROOM, &user_tag])?;
    let at = sobjects::now_ms();
    s.set_attachment(&json_object! { "name" => name.as_str(), "joined" => at }.to_bytes())?;
    send(s, &json_object! { "type" => "history", "messages" => last_messages(JOIN_HISTORY, "from")? });
    let online = websocket::list(ROOM)?.len() as i64;
    broadcast(&json_object! { "type" => "join", "name" => name.as_str(), "at" => at, "online" => online }, None)?;
    Ok(websocket::upgrade_response())
}

fn on_message(ev: MessageEvent) -> Result<(), Error> {
    let s = ev.socket;
    let fail = |msg: &str| send(s, &json_object! { "type" => "error", "error" => msg });
    let text = match &ev.message {
        Message::Text(t) => t,
        Message::Binary(_) => {
            fail("chat: send text messages, {\"text\": \"...\"}");
            return Ok(());
        }
    };
    let input = match Json::parse(text) {
        Ok(j) => j,
        Err(_) => {
            fail("chat: a message is JSON, {\"text\": \"...\"}");
            return Ok(());
        }
    };
    let text = match input.get("text").and_then(Json::as_str) {
        Some(t) if !t.is_empty() && t.len() <= MAX_TEXT_BYTES => t,
        _ => {
            fail(&format!("chat: \"text\" must be a string of 1 to {} bytes", MAX_TEXT_BYTES));
            return Ok(());
        }
    };
    say(&name_of(s)?, text)?;
    Ok(())
}

/// Tells the others who left: `{"type":"leave","name","at","online"}`.
fn leave(s: Socket) -> Result<(), Error> {
    let name = name_of(s)?;
    let online = websocket::list(ROOM)?.into_iter().filter(|x| *x != s).count() as i64;
    broadcast(&json_object! { "type" => "leave", "name" => name.as_str(), "at" => sobjects::now_ms(), "online" => online }, Some(s))
}

fn on_close(ev: CloseEvent) -> Result<(), Error> {
    leave(ev.socket)
}

fn on_error(ev: ErrorEvent) -> Result<(), Error> {
    sobjects::log::warn(&format!("chat: socket {} failed: {}", ev.socket.id(), ev.message));
    Ok(())
}

sobjects::export!(
    init,
    post,
    history,
    online,
    fetch,
    websocket_message = on_message,
    websocket_close = on_close,
    websocket_error = on_error,
);
