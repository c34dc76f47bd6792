//! kv: a JSON key-value store on the KV host API. Values are stored as their compact JSON
//! text.
//!
//! | method | input | output |
//! |---|---|---|
//! | `put` | `{"key": k, "value": v}` (v any JSON value) | `{"ok": true}` |
//! | `get` | `{"key": k}` | `{"value": v}`; `not_found` "key not found: k" when absent |
//! | `delete` | `{"key": k}` | `{"deleted": bool}` |
//! | `list` | `{"prefix","start","end","limit","reverse"}` (all optional) | `{"entries": [{"key": k, "value": v}, ...]}` |
//!
//! Bad JSON or a missing/non-string key: `bad_input`. Keys over 2,048 bytes or values over
//! 2 MiB: the host's `too_large`.

use sobjects::{json_object, kv, Error, Json, ListOptions};

fn key(input: &Json) -> Result<&str, Error> {
    let k = input.req_str("key")?;
    if k.is_empty() {
        return Err(Error::bad_input("field \"key\" must not be empty"));
    }
    Ok(k)
}

fn decode(bytes: Vec<u8>) -> Json {
    match Json::parse_bytes(&bytes) {
        Ok(v) => v,
        // Written by something else than this plugin: hand it back as a string.
        Err(_) => Json::String(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

fn put(input: Json) -> Result<Json, Error> {
    let k = key(&input)?;
    let v = input.get("value").ok_or_else(|| Error::bad_input("field \"value\" is required"))?;
    kv::put(k, &v.to_bytes())?;
    Ok(json_object! { "ok" => true })
}

fn get(input: Json) -> Result<Json, Error> {
    let k = key(&input)?;
    match kv::get(k)? {
        Some(v) => Ok(json_object! { "value" => decode(v) }),
        None => Err(Error::not_found(format!("key not found: {}", k))),
    }
}

fn delete(input: Json) -> Result<Json, Error> {
    let k = key(&input)?;
    Ok(json_object! { "deleted" => kv::delete(k)? })
}

fn list(input: Json) -> Result<Json, Error> {
    if !input.is_null() && input.as_object().is_none() {
        return Err(Error::bad_input("input must be a JSON object"));
    }
    let opts = ListOptions {
        prefix: input.opt_str("prefix")?.map(str::to_string),
        start: input.opt_str("start")?.map(str::to_string),
        end: input.opt_str("end")?.map(str::to_string),
        limit: input.opt_i64("limit")?,
        reverse: input.opt_bool("reverse")?.unwrap_or(false),
    };
    if opts.limit.map_or(false, |l| l < 0) {
        return Err(Error::bad_input("field \"limit\" must not be negative"));
    }
    let entries: Vec<Json> = kv::list(&opts)?
        .into_iter()
        .map(|(k, v)| json_object! { "key" => k, "value" => decode(v) })
        .collect();
    Ok(json_object! { "entries" => entries })
}

sobjects::export!(put, get, delete, list);
