//! counter: one integer per object.
//!
//! | method | input | output |
//! |---|---|---|
//! | `increment` | `{"by": n}` (default 1; empty input allowed) | `{"value": total}` |
//! | `get` | (ignored) | `{"value": total}` (0 before the first increment) |
//! | `reset` | (ignored) | `{"value": 0}` |
//! | `schedule_reset` | `{"in_ms": n}` or `{"at_ms": t}` | `{"at_ms": t}` |
//! | `alarm` (lifecycle) | | resets the counter to 0 |
//! | `fetch` (lifecycle) | GET | 200, the value as `text/plain`; other methods 405 |

use sobjects::{alarm, json_object, params, sql, AlarmEvent, Error, Json, Request, Response};

const RESET_SQL: &str =
    "INSERT INTO counter(id, value) VALUES (1, 0) ON CONFLICT(id) DO UPDATE SET value = 0";

fn init(_: ()) -> Result<(), Error> {
    sql::exec(
        "CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)",
        &[],
    )?;
    Ok(())
}

fn current() -> Result<i64, Error> {
    match sql::exec("SELECT value FROM counter WHERE id = 1", &[])?.first() {
        Some(row) => row.get_i64(0),
        None => Ok(0),
    }
}

fn increment(input: Json) -> Result<Json, Error> {
    let by = input.opt_i64("by")?.unwrap_or(1);
    let value = sql::exec(
        "INSERT INTO counter(id, value) VALUES (1, ?) \
         ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value",
        params![by],
    )?
    .one()?
    .get_i64(0)?;
    Ok(json_object! { "value" => value })
}

fn get(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "value" => current()? })
}

fn reset(_: ()) -> Result<Json, Error> {
    sql::exec(RESET_SQL, &[])?;
    Ok(json_object! { "value" => 0 })
}

fn schedule_reset(input: Json) -> Result<Json, Error> {
    let at_ms = match (input.opt_i64("at_ms")?, input.opt_i64("in_ms")?) {
        (Some(at), _) => at,
        (None, Some(delay)) => sobjects::now_ms().saturating_add(delay),
        (None, None) => return Err(Error::bad_input("give \"in_ms\" or \"at_ms\"")),
    };
    alarm::set(at_ms)?;
    Ok(json_object! { "at_ms" => at_ms })
}

fn on_alarm(_: AlarmEvent) -> Result<(), Error> {
    sql::exec(RESET_SQL, &[])?;
    Ok(())
}

fn fetch(req: Request) -> Result<Response, Error> {
    if req.method != "GET" {
        return Ok(Response::text(405, "method not allowed\n").header("allow", "GET"));
    }
    Ok(Response::text(200, current()?.to_string()))
}

sobjects::export!(init, increment, get, reset, schedule_reset, alarm = on_alarm, fetch);
