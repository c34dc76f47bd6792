//! testkit: a plugin for the host's tests and benchmarks. Inputs and outputs are JSON
//! unless stated.
//!
//! | method | input | output / effect |
//! |---|---|---|
//! | `noop` | ignored | empty output, nothing else |
//! | `now` | ignored | `now_ms()` as a JSON number (one host round trip) |
//! | `echo` | any bytes | the input bytes |
//! | `set_init_fail` | ignored | from the next activation on, `init` fails (`unavailable`): every later call fails |
//! | `trap` | ignored | executes `unreachable` |
//! | `panic` | ignored | panics with "deliberate panic" (the SDK reports the message, then traps) |
//! | `spin` | ignored | loops forever without host calls |
//! | `hog` | ignored | allocates and touches 1 MiB chunks, keeping them, until allocation fails; then traps |
//! | `sql` | `{"sql": s, "params": [..]}` | `{"columns": [..], "rows": [[..]], "rows_read": n, "rows_written": n}`; blobs as arrays of byte numbers (also accepted as params) |
//! | `write_then_fail` | `{"value": s}` | inserts s into `t(v TEXT)`, then fails `conflict` "deliberate failure" |
//! | `write_then_trap` | `{"value": s}` | inserts s into `t`, then traps |
//! | `count_t` | ignored | `{"n": rows in t}` (0 without the table) |
//! | `call` | `{"class", "name", "method", "input"}` | the callee's output bytes (input: JSON value sent as its compact text; absent = empty) |
//! | `kv_put_size` | `{"size": n}` | `kv::put("big", n zero bytes)`, `{"ok": true}` |
//! | `txn` | `{"commit": bool}` | inserts 'txn' into `t` in a transaction, commits or rolls back, `{"n": rows in t}` |
//! | `txn_leak` | ignored | `txn_begin` without closing, then success (the host must fail the call) |
//! | `alarm_set` | `{"at_ms": t}` | `{"at_ms": t}` |
//! | `alarm_get` | ignored | `{"at_ms": t or null}` |
//! | `alarm_delete` | ignored | `{"deleted": bool}` |
//! | `alarm_fires` | ignored | `{"fires": n, "last_retry": r or null, "last_scheduled": ms or null}` (successful alarm runs) |
//! | `set_alarm_failures` | `{"n": k}` | the `alarm` export fails (`unavailable`) while `retry_count < k`; `{"ok": true}` |
//! | `db_size` | ignored | `{"bytes": n}` |
//! | `kv_list_all` | ignored | `{"keys": [..]}` |
//! | `remember` | `{"s": text}` | appends text to a list kept in the instance's memory (its heap), which `init` does not load, and stores the list, joined by newlines, under KV key `remembered`; `{"remembered": [..], "stored": [..], "calls": n, "inits": i}`: the list in memory, the list storage held before this call, the calls of `remember` and the runs of `init` since the instance was made (hibernation keeps all but `stored`) |
//! | `init` (lifecycle) | | fails once `set_init_fail` was called, else counts its runs (`remember`) |
//! | `alarm` (lifecycle) | | fails while `retry_count < k`, else records `(scheduled_ms, retry_count)` in `alarms_seen` |
//! | `fetch` (lifecycle) | any request | 200, `x-testkit: 1`, JSON `{"method", "url", "body"}`; each request header `x-reply-NAME: v` becomes a response header `NAME: v` |
//! | `fetch` with `Upgrade: websocket` | `x-ws-tags: a,b` (optional), `x-ws-status: n` (optional) | accepts a WebSocket with those tags, answers 101 (or n) |
//! | `websocket_message` (lifecycle) | a message | text `trap` traps; `tags`, `att`, `list` answer the socket's tags, attachment, the object's sockets; `att=X` sets the attachment to X; `close` closes with 4001 "bye"; `closewith C` closes with code C and answers `ok` or `CODE: message`; `send N` / `close N` / `tags N` try socket N and answer `ok` or `CODE: message`; anything else is echoed |
//! | `websocket_close`, `websocket_error` (lifecycle) | an event | records it in `ws_events` |
//! | `ws_events` | ignored | `{"events": [{"kind", "socket", "code", "reason", "clean"}]}`: the close and error events, in order |
//! | `ws_try` | `{"op": "accept" or "send" or "list", "socket": n}` | `{"result": "ok" or "CODE: message"}`: a WebSocket host function called from a method |

use sobjects::websocket::{self, CloseEvent, ErrorEvent, Message, MessageEvent, Socket};
use sobjects::{alarm, bookmark, json_object, kv, params, sql, txn, AlarmEvent, Error, Json, ListOptions, Request, Response, SqlValue};

fn noop(_: ()) -> Result<(), Error> {
    Ok(())
}

fn now(_: ()) -> Result<String, Error> {
    Ok(sobjects::now_ms().to_string())
}

fn echo(input: &[u8]) -> Result<&[u8], Error> {
    Ok(input)
}

fn unreachable() -> ! {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::unreachable()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::process::abort()
    }
}

fn trap(_: ()) -> Result<(), Error> {
    unreachable()
}

static mut SPIN: u32 = 0;

fn spin(_: ()) -> Result<(), Error> {
    loop {
        // A volatile read the optimizer cannot remove, and no host call.
        unsafe { core::ptr::read_volatile(core::ptr::addr_of!(SPIN)) };
    }
}

static mut HOARD: Vec<Vec<u8>> = Vec::new();

fn hog(_: ()) -> Result<(), Error> {
    const CHUNK: usize = 1 << 20;
    loop {
        let mut v: Vec<u8> = Vec::new();
        if v.try_reserve_exact(CHUNK).is_err() {
            // Out of memory (the host's memory limit): trap, as Rust's own OOM would.
            unreachable()
        }
        unsafe {
            v.set_len(CHUNK);
            let mut i = 0;
            while i < CHUNK {
                core::ptr::write_volatile(v.as_mut_ptr().add(i), 1);
                i += 4096;
            }
            let hoard = &mut *core::ptr::addr_of_mut!(HOARD);
            if hoard.try_reserve(1).is_err() {
                unreachable()
            }
            hoard.push(v);
        }
    }
}

fn to_param(j: &Json) -> Result<SqlValue, Error> {
    Ok(match j {
        Json::Null => SqlValue::Null,
        Json::Bool(b) => SqlValue::from(*b),
        Json::Int(i) => SqlValue::Int(*i),
        Json::Float(f) => SqlValue::Float(*f),
        Json::String(s) => SqlValue::Text(s.clone()),
        Json::Array(a) => {
            let mut b = Vec::with_capacity(a.len());
            for x in a {
                match x.as_i64() {
                    Some(n) if (0..=255).contains(&n) => b.push(n as u8),
                    _ => return Err(Error::bad_input("a blob parameter is an array of numbers 0..255")),
                }
            }
            SqlValue::Blob(b)
        }
        Json::Object(_) => return Err(Error::bad_input("parameters are null, bool, number, string or byte array")),
    })
}

fn to_json(v: SqlValue) -> Json {
    match v {
        SqlValue::Null => Json::Null,
        SqlValue::Int(i) => Json::Int(i),
        SqlValue::Float(f) => Json::Float(f),
        SqlValue::Text(s) => Json::String(s),
        SqlValue::Blob(b) => Json::Array(b.into_iter().map(Json::from).collect()),
    }
}

fn run_sql(input: Json) -> Result<Json, Error> {
    let text = input.req_str("sql")?;
    let params = match input.get("params") {
        None | Some(Json::Null) => Vec::new(),
        Some(Json::Array(a)) => a.iter().map(to_param).collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(Error::bad_input("field \"params\" must be an array")),
    };
    let cur = sql::exec(text, &params)?;
    let (rows_read, rows_written) = (cur.rows_read, cur.rows_written);
    let columns = Json::from(cur.columns.clone());
    let rows: Vec<Json> = cur
        .into_rows()
        .into_iter()
        .map(|r| Json::Array(r.into_values().into_iter().map(to_json).collect()))
        .collect();
    Ok(json_object! {
        "columns" => columns,
        "rows" => rows,
        "rows_read" => rows_read,
        "rows_written" => rows_written,
    })
}

fn insert_t(value: &str) -> Result<(), Error> {
    sql::exec("CREATE TABLE IF NOT EXISTS t(v TEXT)", &[])?;
    sql::exec("INSERT INTO t(v) VALUES (?)", params![value])?;
    Ok(())
}

fn table_exists(name: &str) -> Result<bool, Error> {
    Ok(!sql::exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", params![name])?.is_empty())
}

fn count(table: &str) -> Result<i64, Error> {
    if !table_exists(table)? {
        return Ok(0);
    }
    sql::exec(&format!("SELECT count(*) FROM {}", table), &[])?.one()?.get_i64(0)
}

fn write_then_fail(input: Json) -> Result<(), Error> {
    insert_t(input.req_str("value")?)?;
    Err(Error::conflict("deliberate failure"))
}

fn write_then_trap(input: Json) -> Result<(), Error> {
    insert_t(input.req_str("value")?)?;
    unreachable()
}

fn count_t(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "n" => count("t")? })
}

fn call(input: Json) -> Result<Vec<u8>, Error> {
    let arg = match input.get("input") {
        None => Vec::new(),
        Some(v) => v.to_bytes(),
    };
    sobjects::call(input.req_str("class")?, input.req_str("name")?, input.req_str("method")?, &arg)
}

fn kv_put_size(input: Json) -> Result<Json, Error> {
    let size = input.req_i64("size")?;
    if size < 0 {
        return Err(Error::bad_input("field \"size\" must not be negative"));
    }
    kv::put("big", &vec![0u8; size as usize])?;
    Ok(json_object! { "ok" => true })
}

fn run_txn(input: Json) -> Result<Json, Error> {
    let commit = input.req_bool("commit")?;
    sql::exec("CREATE TABLE IF NOT EXISTS t(v TEXT)", &[])?;
    txn::begin()?;
    sql::exec("INSERT INTO t(v) VALUES ('txn')", &[])?;
    if commit {
        txn::commit()?;
    } else {
        txn::rollback()?;
    }
    Ok(json_object! { "n" => count("t")? })
}

fn txn_leak(_: ()) -> Result<(), Error> {
    txn::begin()?;
    Ok(())
}

fn alarm_set(input: Json) -> Result<Json, Error> {
    let at = input.req_i64("at_ms")?;
    alarm::set(at)?;
    Ok(json_object! { "at_ms" => at })
}

fn alarm_get(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "at_ms" => alarm::get() })
}

fn alarm_delete(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "deleted" => alarm::delete() })
}

const FAILURES_KEY: &str = "testkit:alarm_failures";

fn set_alarm_failures(input: Json) -> Result<Json, Error> {
    let n = input.req_i64("n")?;
    kv::put_str(FAILURES_KEY, &n.to_string())?;
    Ok(json_object! { "ok" => true })
}

fn on_alarm(ev: AlarmEvent) -> Result<(), Error> {
    let k: i64 = kv::get_str(FAILURES_KEY)?.and_then(|s| s.parse().ok()).unwrap_or(0);
    if ev.retry_count < k {
        return Err(Error::unavailable(format!(
            "deliberate alarm failure (retry_count {} < {})",
            ev.retry_count, k
        )));
    }
    sql::exec(
        "CREATE TABLE IF NOT EXISTS alarms_seen(id INTEGER PRIMARY KEY AUTOINCREMENT, \
         scheduled_ms INTEGER NOT NULL, retry_count INTEGER NOT NULL, at INTEGER NOT NULL)",
        &[],
    )?;
    sql::exec(
        "INSERT INTO alarms_seen(scheduled_ms, retry_count, at) VALUES (?, ?, ?)",
        params![ev.scheduled_ms, ev.retry_count, sobjects::now_ms()],
    )?;
    Ok(())
}

fn alarm_fires(_: ()) -> Result<Json, Error> {
    if !table_exists("alarms_seen")? {
        return Ok(json_object! { "fires" => 0, "last_retry" => Json::Null, "last_scheduled" => Json::Null });
    }
    let row = sql::exec(
        "SELECT (SELECT count(*) FROM alarms_seen), \
         (SELECT retry_count FROM alarms_seen ORDER BY id DESC LIMIT 1), \
         (SELECT scheduled_ms FROM alarms_seen ORDER BY id DESC LIMIT 1)",
        &[],
    )?
    .one()?;
    Ok(json_object! {
        "fires" => row.get_i64(0)?,
        "last_retry" => row.get_opt_i64(1)?,
        "last_scheduled" => row.get_opt_i64(2)?,
    })
}

fn db_size(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "bytes" => sobjects::db_size()? })
}

fn object_name(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "name" => sobjects::object_name()? })
}

fn bookmark_current(_: ()) -> Result<Json, Error> {
    Ok(json_object! { "bookmark" => bookmark::current()? })
}

fn bookmark_for_time(input: Json) -> Result<Json, Error> {
    Ok(json_object! { "bookmark" => bookmark::for_time(input.req_i64("at_ms")?)? })
}

fn bookmark_restore(input: Json) -> Result<Json, Error> {
    Ok(json_object! { "undo" => bookmark::restore(input.req_str("bookmark")?)? })
}

fn kv_list_all(_: ()) -> Result<Json, Error> {
    let keys: Vec<Json> = kv::list(&ListOptions::new())?.into_iter().map(|(k, _)| Json::String(k)).collect();
    Ok(json_object! { "keys" => keys })
}

fn fetch(req: Request) -> Result<Response, Error> {
    if websocket::is_upgrade(&req) {
        let tags: Vec<&str> = req.header("x-ws-tags").map_or(Vec::new(), |t| t.split(',').filter(|x| !x.is_empty()).collect());
        websocket::accept(&tags)?;
        let status = req.header("x-ws-status").and_then(|s| s.parse().ok()).unwrap_or(101);
        return Ok(Response::new(status));
    }
    let body = json_object! {
        "method" => req.method.as_str(),
        "url" => req.url.as_str(),
        "body" => String::from_utf8_lossy(&req.body).into_owned(),
    };
    let mut resp = Response::json(200, &body).header("x-testkit", "1");
    for (name, value) in &req.headers {
        if let Some(reply) = name.strip_prefix("x-reply-") {
            resp = resp.header(reply, value);
        }
    }
    Ok(resp)
}

fn outcome(r: Result<(), Error>) -> String {
    match r {
        Ok(()) => "ok".to_string(),
        Err(e) => format!("{}: {}", e.code.name(), e.message),
    }
}

fn ids(sockets: Vec<Socket>) -> Json {
    Json::Array(sockets.iter().map(|s| Json::from(s.id())).collect())
}

fn on_ws_message(ev: MessageEvent) -> Result<(), Error> {
    let s = ev.socket;
    let text = match &ev.message {
        Message::Text(t) => t.as_str(),
        Message::Binary(b) => return s.send_binary(b),
    };
    let (cmd, arg) = text.split_once(' ').unwrap_or((text, ""));
    let other = || Socket::from_id(arg.parse().unwrap_or(0));
    let reply = match cmd {
        "trap" => unreachable(),
        "tags" if arg.is_empty() => Json::Array(s.tags()?.into_iter().map(Json::from).collect()).to_string(),
        "tags" => outcome(other().tags().map(|_| ())),
        "att" => String::from_utf8_lossy(&s.attachment()?).into_owned(),
        "list" => ids(websocket::list(arg)?).to_string(),
        "close" if arg.is_empty() => return s.close(4001, "bye"),
        "close" => outcome(other().close(1000, "")),
        "send" => outcome(other().send_text("x")),
        "closewith" => outcome(s.close(arg.parse().unwrap_or(0), "")),
        _ if cmd.starts_with("att=") => outcome(s.set_attachment(cmd["att=".len()..].as_bytes())),
        _ => text.to_string(),
    };
    s.send_text(&reply)
}

fn ws_event(kind: &str, socket: Socket, code: i64, reason: &str, clean: bool) -> Result<(), Error> {
    sql::exec(
        "CREATE TABLE IF NOT EXISTS ws_events(kind TEXT, socket INTEGER, code INTEGER, reason TEXT, clean INTEGER)",
        &[],
    )?;
    sql::exec(
        "INSERT INTO ws_events VALUES (?, ?, ?, ?, ?)",
        params![kind, socket.id(), code, reason, clean as i64],
    )?;
    Ok(())
}

fn on_ws_close(ev: CloseEvent) -> Result<(), Error> {
    ws_event("close", ev.socket, ev.code, &ev.reason, ev.was_clean)
}

fn on_ws_error(ev: ErrorEvent) -> Result<(), Error> {
    ws_event("error", ev.socket, 0, &ev.message, false)
}

fn ws_events(_: ()) -> Result<Json, Error> {
    let cur = sql::exec("SELECT name FROM sqlite_master WHERE name = 'ws_events'", &[])?;
    let mut events = Vec::new();
    if cur.len() > 0 {
        for row in &sql::exec("SELECT kind, socket, code, reason, clean FROM ws_events ORDER BY rowid", &[])? {
            events.push(json_object! {
                "kind" => row.get_str(0)?,
                "socket" => row.get_i64(1)?,
                "code" => row.get_i64(2)?,
                "reason" => row.get_str(3)?,
                "clean" => row.get_i64(4)? != 0,
            });
        }
    }
    Ok(json_object! { "events" => events })
}

fn ws_try(input: Json) -> Result<Json, Error> {
    let socket = Socket::from_id(input.opt_i64("socket")?.unwrap_or(0));
    let result = match input.req_str("op")? {
        "accept" => outcome(websocket::accept(&[]).map(|_| ())),
        "send" => outcome(socket.send_text("from a method")),
        "list" => ids(websocket::list("")?).to_string(),
        op => return Err(Error::bad_input(format!("unknown op {:?}", op))),
    };
    Ok(json_object! { "result" => result })
}

const INIT_FAIL: &str = "testkit:init_fail";

fn init(_: ()) -> Result<(), Error> {
    if kv::get(INIT_FAIL)?.is_some() {
        return Err(Error::unavailable("init fails: set_init_fail was called"));
    }
    unsafe { INITS += 1 };
    Ok(())
}

static mut INITS: i64 = 0;
static mut REMEMBERED: Vec<String> = Vec::new();
static mut REMEMBER_CALLS: i64 = 0;

fn remember(input: Json) -> Result<Json, Error> {
    let s = input.req_str("s")?.to_string();
    let stored = kv::get("remembered")?.unwrap_or_default();
    let stored: Vec<Json> = String::from_utf8_lossy(&stored).split('\n').filter(|s| !s.is_empty()).map(Json::from).collect();
    unsafe {
        // Storage first: a call that fails leaves the memory as it was.
        let mut next = REMEMBERED.clone();
        next.push(s);
        kv::put("remembered", next.join("\n").as_bytes())?;
        REMEMBERED = next;
        REMEMBER_CALLS += 1;
        let list: Vec<Json> = REMEMBERED.iter().map(|s| Json::from(s.as_str())).collect();
        Ok(json_object! { "remembered" => Json::Array(list), "stored" => Json::Array(stored), "calls" => REMEMBER_CALLS, "inits" => INITS })
    }
}

fn set_init_fail(_: ()) -> Result<Json, Error> {
    kv::put(INIT_FAIL, b"1")?;
    Ok(json_object! { "ok" => true })
}

fn panic_now(_: ()) -> Result<(), Error> {
    panic!("deliberate panic")
}

sobjects::export!(
    init,
    set_init_fail,
    remember,
    noop,
    panic = panic_now,
    now,
    echo,
    trap,
    spin,
    hog,
    sql = run_sql,
    write_then_fail,
    write_then_trap,
    count_t,
    call,
    kv_put_size,
    txn = run_txn,
    txn_leak,
    alarm_set,
    alarm_get,
    alarm_delete,
    alarm_fires,
    set_alarm_failures,
    db_size,
    object_name,
    bookmark_current,
    bookmark_for_time,
    bookmark_restore,
    kv_list_all,
    alarm = on_alarm,
    fetch,
    ws_events,
    ws_try,
    websocket_message = on_ws_message,
    websocket_close = on_ws_close,
    websocket_error = on_ws_error,
);
