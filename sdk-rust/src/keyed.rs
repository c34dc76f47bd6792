//! Keyed state of a splittable class (ABI.md section 4.7).
//!
//! A splittable class is written as if it were one object: its keyed methods take a
//! list of keys, a payload per key (or none) and other arguments ([`Keyed`]), and keep
//! per-key state with [`read`] and [`update`]. The host splits the object into leaves
//! when it stays busy, each leaf owning the keys whose hash starts with its bits; it
//! calls each leaf with the keys that leaf owns. Mark the class with [`splittable!`].
//!
//! ```ignore
//! use sobjects::{keyed::{self, Keyed}, Error, Json};
//!
//! fn add(call: Keyed) -> Result<Json, Error> {
//!     let amounts = call.payloads()?;
//!     keyed::update(&call.keys, |current| {
//!         let mut writes = Vec::new();
//!         let mut out = Vec::new();
//!         for (i, key) in call.keys.iter().enumerate() {
//!             let v = keyed::as_i64(&current[i])? + amounts[i].as_i64().unwrap_or(0);
//!             writes.push((key.clone(), Some(v.to_string().into_bytes())));
//!             out.push(Json::Int(v));
//!         }
//!         Ok((writes, Json::Array(out)))
//!     })
//! }
//! sobjects::splittable!();
//! sobjects::export!(add);
//! ```
//!
//! A key read or written that this leaf does not own fails the whole call with code
//! `moved`, whatever the method does with the error: the host then retries the call on
//! the right leaf. A call is one transaction on one leaf, so [`update`] is atomic.

use crate::error::{Error, Result};
use crate::json::Json;
use crate::msgpack::{self, Value};
use crate::rt::FromInput;
use crate::ffi;

/// The input of a keyed method: the JSON object `{"keys": [str...], "payloads": [any...]
/// or null, "args": any}` the host passes, with the keys this leaf owns.
#[derive(Clone, Debug, PartialEq)]
pub struct Keyed {
    /// The keys of this call that this leaf owns, in the caller's order.
    pub keys: Vec<String>,
    /// One payload per key, or `None` when the caller gave none.
    pub payloads: Option<Vec<Json>>,
    /// The call's other arguments (`Json::Null` when none).
    pub args: Json,
}

impl Keyed {
    /// The payloads; `bad_input` when the caller gave none.
    pub fn payloads(&self) -> Result<&[Json]> {
        self.payloads.as_deref().ok_or_else(|| Error::bad_input("this method needs a payload per key"))
    }
}

impl<'a> FromInput<'a> for Keyed {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        let j = Json::from_input(input)?;
        let keys = match j.get("keys").and_then(Json::as_array) {
            Some(a) => a
                .iter()
                .map(|k| k.as_str().map(str::to_string).ok_or_else(|| Error::bad_input("a key must be a string")))
                .collect::<Result<Vec<_>>>()?,
            None => Vec::new(),
        };
        let payloads = match j.get("payloads") {
            None | Some(Json::Null) => None,
            Some(Json::Array(p)) if p.len() == keys.len() => Some(p.clone()),
            Some(_) => return Err(Error::bad_input("payloads must be an array with one item per key")),
        };
        let args = j.get("args").cloned().unwrap_or(Json::Null);
        Ok(Keyed { keys, payloads, args })
    }
}

/// The values of `keys`, `None` for a key without one.
pub fn read(keys: &[String]) -> Result<Vec<Option<Vec<u8>>>> {
    let mut req = Vec::new();
    msgpack::put_array_len(&mut req, keys.len());
    for k in keys {
        msgpack::put_str(&mut req, k);
    }
    let out = ffi::bytes(|op, oc| unsafe { ffi::keyed_read(ffi::ptr32(req.as_ptr()), req.len() as i32, op, oc) })?;
    match msgpack::decode(&out)? {
        Value::Array(vs) if vs.len() == keys.len() => Ok(vs
            .into_iter()
            .map(|v| match v {
                Value::Bin(b) => Some(b),
                _ => None,
            })
            .collect()),
        _ => Err(Error::internal("keyed_read: malformed result")),
    }
}

/// Writes each `(key, value)`; a `None` value deletes the key.
pub fn write(entries: &[(String, Option<Vec<u8>>)]) -> Result<()> {
    let mut req = Vec::new();
    msgpack::put_array_len(&mut req, entries.len());
    for (k, v) in entries {
        msgpack::put_array_len(&mut req, 2);
        msgpack::put_str(&mut req, k);
        match v {
            Some(v) => msgpack::put_bin(&mut req, v),
            None => msgpack::put_nil(&mut req),
        }
    }
    ffi::status(unsafe { ffi::keyed_write(ffi::ptr32(req.as_ptr()), req.len() as i32) }).map(|_| ())
}

/// Reads `keys`, lets `decide` choose the writes and the result from their values (in
/// the order of `keys`), and applies the writes. It runs inside the call's transaction:
/// when `decide` or the call fails, nothing is written.
pub fn update<R>(
    keys: &[String],
    decide: impl FnOnce(&[Option<Vec<u8>>]) -> Result<(Vec<(String, Option<Vec<u8>>)>, R)>,
) -> Result<R> {
    let current = read(keys)?;
    let (writes, result) = decide(&current)?;
    if !writes.is_empty() {
        write(&writes)?;
    }
    Ok(result)
}

/// Calls `f` with every row of this leaf (key, value), in hash order, a page at a time.
pub fn all_rows(mut f: impl FnMut(&str, &[u8]) -> Result<()>) -> Result<()> {
    let mut cursor: Option<Vec<u8>> = None;
    loop {
        let mut req = Vec::new();
        msgpack::put_array_len(&mut req, 2);
        match &cursor {
            Some(c) => msgpack::put_bin(&mut req, c),
            None => msgpack::put_nil(&mut req),
        }
        msgpack::put_int(&mut req, 1000);
        let out = ffi::bytes(|op, oc| unsafe { ffi::keyed_scan(ffi::ptr32(req.as_ptr()), req.len() as i32, op, oc) })?;
        let page = msgpack::decode(&out)?;
        let (rows, next) = match page.as_array() {
            Some([Value::Array(rows), next]) => (rows, next),
            _ => return Err(Error::internal("keyed_scan: malformed result")),
        };
        for r in rows {
            match r.as_array() {
                Some([Value::Str(k), v]) => f(k, v.as_bytes().unwrap_or(&[]))?,
                _ => return Err(Error::internal("keyed_scan: malformed row")),
            }
        }
        match next {
            Value::Bin(c) => cursor = Some(c.clone()),
            _ => return Ok(()),
        }
    }
}

/// A stored value as an `i64` written in decimal text; 0 for `None`.
pub fn as_i64(v: &Option<Vec<u8>>) -> Result<i64> {
    match v {
        None => Ok(0),
        Some(b) => core::str::from_utf8(b)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| Error::internal("stored value is not a decimal integer")),
    }
}

/// The input of the `after_clone` and `before_hand_out` lifecycle exports: a leaf's
/// bits, and the range of `sobjects_key_hash(key)` values (a SQL function) of its keys,
/// inclusive, so plugin tables can keep or drop a leaf's rows in SQL.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafRange {
    /// The leaf's bits, e.g. `"011"`.
    pub bits: String,
    /// The smallest `sobjects_key_hash` of the leaf.
    pub hash_lo: i64,
    /// The largest `sobjects_key_hash` of the leaf.
    pub hash_hi: i64,
}

impl<'a> FromInput<'a> for LeafRange {
    fn from_input(input: &'a [u8]) -> Result<Self> {
        let j = Json::from_input(input)?;
        Ok(LeafRange {
            bits: j.req_str("bits")?.to_string(),
            hash_lo: j.req_i64("hash_lo")?,
            hash_hi: j.req_i64("hash_hi")?,
        })
    }
}

/// Marks the plugin's class as splittable: emits the `sobjects_splittable` export.
#[macro_export]
macro_rules! splittable {
    () => {
        const _: () = {
            #[export_name = "sobjects_splittable"]
            extern "C" fn __sobjects_splittable() {}
        };
    };
}
