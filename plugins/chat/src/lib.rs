//! chat: a chat room per object.
//!
//! | method | input | output |
//! |---|---|---|
//! | `post` | `{"user": u, "text": t}` (both non-empty) | `{"id": n, "at": ms}` |
//! | `history` | `{"limit": n}` (default 50, at most 1000; larger is clamped) | `{"messages": [{"id", "user", "text", "at"}, ...]}`, the last n in chronological order |

use sobjects::{json_object, params, sql, Error, Json};

const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 1000;

fn init(_: ()) -> Result<(), Error> {
    sql::exec(
        "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, \
         user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)",
        &[],
    )?;
    Ok(())
}

fn post(input: Json) -> Result<Json, Error> {
    let user = input.req_str("user")?;
    let text = input.req_str("text")?;
    if user.is_empty() || text.is_empty() {
        return Err(Error::bad_input("\"user\" and \"text\" must not be empty"));
    }
    let at = sobjects::now_ms();
    let id = sql::exec(
        "INSERT INTO messages(user, text, at) VALUES (?, ?, ?) RETURNING id",
        params![user, text, at],
    )?
    .one()?
    .get_i64(0)?;
    Ok(json_object! { "id" => id, "at" => at })
}

fn history(input: Json) -> Result<Json, Error> {
    let limit = input.opt_i64("limit")?.unwrap_or(DEFAULT_LIMIT);
    if limit < 1 {
        return Err(Error::bad_input("field \"limit\" must be at least 1"));
    }
    let limit = limit.min(MAX_LIMIT);
    let cur = sql::exec(
        "SELECT id, user, text, at FROM \
         (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id",
        params![limit],
    )?;
    let mut messages = Vec::with_capacity(cur.len());
    for row in &cur {
        messages.push(json_object! {
            "id" => row.get_i64(0)?,
            "user" => row.get_str(1)?,
            "text" => row.get_str(2)?,
            "at" => row.get_i64(3)?,
        });
    }
    Ok(json_object! { "messages" => messages })
}

sobjects::export!(init, post, history);
