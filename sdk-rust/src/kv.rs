//! Key-value storage (ABI.md sections 4.2 and 4.4).
//!
//! Keys are UTF-8 strings of 1 to 2,048 bytes; values are bytes of at most 2 MiB (both
//! limits are host settings; past them the host answers `too_large`). Entries live in the
//! object's database, so they commit and roll back with the call's SQL writes.

use crate::error::{Code, Error, Result};
use crate::ffi;
use crate::msgpack::{self, Value};

/// The value of `key`, or `None` when absent.
///
/// Errors: `too_large` (key over the limit), `bad_input` (empty key).
pub fn get(key: &str) -> Result<Option<Vec<u8>>> {
    match ffi::bytes(|op, oc| unsafe { ffi::kv_get(ffi::ptr32(key.as_ptr()), key.len() as i32, op, oc) }) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.code == Code::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The value of `key` as UTF-8 text, or `None` when absent; `internal` if not UTF-8.
pub fn get_str(key: &str) -> Result<Option<String>> {
    match get(key)? {
        None => Ok(None),
        Some(v) => String::from_utf8(v)
            .map(Some)
            .map_err(|_| Error::internal(format!("value of key {:?} is not UTF-8", key))),
    }
}

/// Stores `value` under `key`, replacing any previous value.
///
/// Errors: `too_large` (key over 2,048 bytes or value over 2 MiB), `bad_input` (empty key).
pub fn put(key: &str, value: &[u8]) -> Result<()> {
    ffi::status(unsafe {
        ffi::kv_put(ffi::ptr32(key.as_ptr()), key.len() as i32, ffi::ptr32(value.as_ptr()), value.len() as i32)
    })
    .map(|_| ())
}

/// Stores UTF-8 text under `key` (see [`put`]).
pub fn put_str(key: &str, value: &str) -> Result<()> {
    put(key, value.as_bytes())
}

/// Deletes `key`; `true` if it existed.
pub fn delete(key: &str) -> Result<bool> {
    ffi::status(unsafe { ffi::kv_delete(ffi::ptr32(key.as_ptr()), key.len() as i32) }).map(|r| r == 1)
}

/// Options of [`list`]; all optional. Build with struct syntax
/// (`ListOptions { prefix: Some("a/".into()), ..Default::default() }`) or the builder
/// methods (`ListOptions::new().prefix("a/").limit(10)`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListOptions {
    /// Only keys starting with this.
    pub prefix: Option<String>,
    /// Only keys `>=` this (UTF-8 byte order).
    pub start: Option<String>,
    /// Only keys `<` this.
    pub end: Option<String>,
    /// At most this many entries; 0 or `None` means no limit.
    pub limit: Option<i64>,
    /// Descending key order.
    pub reverse: bool,
}

impl ListOptions {
    /// No options: everything, ascending.
    pub fn new() -> ListOptions {
        ListOptions::default()
    }
    /// Sets `prefix`.
    pub fn prefix(mut self, p: &str) -> ListOptions {
        self.prefix = Some(p.to_string());
        self
    }
    /// Sets `start` (inclusive).
    pub fn start(mut self, s: &str) -> ListOptions {
        self.start = Some(s.to_string());
        self
    }
    /// Sets `end` (exclusive).
    pub fn end(mut self, e: &str) -> ListOptions {
        self.end = Some(e.to_string());
        self
    }
    /// Sets `limit`.
    pub fn limit(mut self, n: i64) -> ListOptions {
        self.limit = Some(n);
        self
    }
    /// Sets `reverse`.
    pub fn reverse(mut self, r: bool) -> ListOptions {
        self.reverse = r;
        self
    }

    /// The `kv_list` request: a map holding only the options that are set.
    pub fn encode(&self) -> Vec<u8> {
        let mut m: Vec<(Value, Value)> = Vec::new();
        let mut s = |k: &str, v: &Option<String>| {
            if let Some(v) = v {
                m.push((Value::Str(k.into()), Value::Str(v.clone())));
            }
        };
        s("prefix", &self.prefix);
        s("start", &self.start);
        s("end", &self.end);
        if let Some(l) = self.limit {
            m.push((Value::Str("limit".into()), Value::Int(l)));
        }
        if self.reverse {
            m.push((Value::Str("reverse".into()), Value::Bool(true)));
        }
        msgpack::encode(&Value::Map(m))
    }
}

/// Lists entries as `(key, value)` pairs in key order (UTF-8 byte order; descending with
/// `reverse`).
pub fn list(opts: &ListOptions) -> Result<Vec<(String, Vec<u8>)>> {
    let req = opts.encode();
    let out = ffi::bytes(|op, oc| unsafe { ffi::kv_list(ffi::ptr32(req.as_ptr()), req.len() as i32, op, oc) })?;
    decode_list(&out)
}

/// Decodes a `kv_list` result: an array of `[key, value]` arrays.
pub fn decode_list(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>> {
    let bad = || Error::internal("kv_list: malformed result from the host");
    let v = msgpack::decode(bytes).map_err(|e| Error::internal(format!("kv_list: {}", e.message)))?;
    let items = match v {
        Value::Array(a) => a,
        _ => return Err(bad()),
    };
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        match it {
            Value::Array(pair) if pair.len() == 2 => {
                let mut p = pair.into_iter();
                match (p.next(), p.next()) {
                    (Some(Value::Str(k)), Some(Value::Bin(v))) => out.push((k, v)),
                    (Some(Value::Str(k)), Some(Value::Str(v))) => out.push((k, v.into_bytes())),
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
    }
    Ok(out)
}
