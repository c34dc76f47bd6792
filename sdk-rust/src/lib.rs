//! # sobjects: the Rust SDK for sobjects plugins (ABI version 1)
//!
//! A plugin is a `cdylib` built for `wasm32-unknown-unknown` that implements one class
//! of stateful objects. Each object has its own SQLite database, a key-value store, an
//! alarm, and runs one call at a time; every call is a transaction that commits when the
//! method succeeds and rolls back when it fails. See `abi/ABI.md` for the contract.
//!
//! Write methods as ordinary functions and export them with [`export!`]:
//!
//! ```ignore
//! use sobjects::{sql, Error, Json};
//!
//! fn init(_: ()) -> Result<(), Error> {
//!     sql::exec("CREATE TABLE IF NOT EXISTS kv(k TEXT PRIMARY KEY, v TEXT)", &[])?;
//!     Ok(())
//! }
//!
//! fn hello(input: Json) -> Result<Json, Error> {
//!     let who = input.opt_str("name")?.unwrap_or("world");
//!     Ok(sobjects::json_object! { "hello" => who })
//! }
//!
//! sobjects::export!(init, hello);
//! ```
//!
//! Linking this crate also emits the exports every plugin needs: `sobjects_abi_v1` (the
//! version marker) and `sobjects_alloc` (the input allocator). The host functions are
//! imported from the wasm module `sobjects`; nothing else is imported.
//!
//! On targets other than `wasm32` the host functions are stubs that panic, so the pure
//! parts (MessagePack, JSON, encoders) can be unit-tested with `cargo test`.

#![warn(missing_docs)]

pub mod alarm;
pub mod bookmark;
mod error;
pub mod ffi;
pub mod http;
pub mod json;
pub mod keyed;
pub mod kv;
pub mod log;
pub mod memory;
pub mod msgpack;
pub mod rt;
pub mod sql;
pub mod websocket;

pub use alarm::AlarmEvent;
pub use error::{Code, Error, Result};
pub use http::{Request, Response};
pub use json::Json;
pub use kv::ListOptions;
pub use sql::{Cursor, Null, Row, SqlValue};
pub use websocket::{CloseEvent, ErrorEvent, Message, MessageEvent, Socket};

/// Milliseconds since the Unix epoch, from the host's clock.
pub fn now_ms() -> i64 {
    unsafe { ffi::now_ms() }
}

/// The object's database size in bytes (SQL tables, indexes and KV entries).
pub fn db_size() -> Result<i64> {
    ffi::status(unsafe { ffi::db_size() })
}

/// Calls `method` on the object `name` of `class` with `input`, and returns its output
/// (ABI.md section 4.5). The callee runs in its own transaction; its commit is not tied
/// to the caller's.
///
/// Errors: the callee's own code and message when its method failed; `not_found` for an
/// unknown class or method; `cycle` when the call would deadlock (A calls B calls A);
/// `unavailable` when the host is draining, the callee hit a limit, or the nesting depth
/// (16) is exceeded.
pub fn call(class: &str, name: &str, method: &str, input: &[u8]) -> Result<Vec<u8>> {
    let mut req = Vec::with_capacity(class.len() + name.len() + method.len() + input.len() + 16);
    msgpack::put_array_len(&mut req, 4);
    msgpack::put_str(&mut req, class);
    msgpack::put_str(&mut req, name);
    msgpack::put_str(&mut req, method);
    msgpack::put_bin(&mut req, input);
    ffi::bytes(|op, oc| unsafe { ffi::call(ffi::ptr32(req.as_ptr()), req.len() as i32, op, oc) })
}

/// Explicit, nestable transactions (savepoints) inside a call (ABI.md section 4.2). Prefer
/// [`transaction`](crate::transaction), which always closes what it opens.
pub mod txn {
    use crate::error::Result;
    use crate::ffi;

    /// Opens a transaction; returns the new nesting depth (1 for the outermost).
    pub fn begin() -> Result<i64> {
        ffi::status(unsafe { ffi::txn_begin() })
    }
    /// Commits the innermost open transaction; returns the depth left.
    /// Errors: `bad_input` when none is open.
    pub fn commit() -> Result<i64> {
        ffi::status(unsafe { ffi::txn_commit() })
    }
    /// Rolls back the innermost open transaction (its writes only); returns the depth
    /// left. Errors: `bad_input` when none is open.
    pub fn rollback() -> Result<i64> {
        ffi::status(unsafe { ffi::txn_rollback() })
    }
}

/// Runs `f` in a nested transaction (a savepoint): commits it when `f` returns `Ok`, rolls
/// back its writes (and nothing earlier) when `f` returns `Err`, and returns `f`'s result.
/// The analogue of Cloudflare's `ctx.storage.transactionSync`.
///
/// Note that a method's writes are already atomic: this is for undoing part of a call.
pub fn transaction<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    txn::begin()?;
    match f() {
        Ok(v) => {
            txn::commit()?;
            Ok(v)
        }
        Err(e) => {
            let _ = txn::rollback();
            Err(e)
        }
    }
}

/// Exports functions as methods (ABI.md section 2).
///
/// `export!(a, b, c)` exports each function under its own name; `export!(name = path)`
/// exports the function at `path` under `name`. Each function takes one argument of a
/// [`FromInput`](rt::FromInput) type (`&[u8]`, `Vec<u8>`, `&str`, `String`, [`Json`],
/// [`Request`], [`AlarmEvent`], [`msgpack::Value`], or `()` to ignore the input) and
/// returns `Result<O, E>` where `O` is an [`IntoOutput`](rt::IntoOutput) type (`Vec<u8>`,
/// `String`, `&str`, `()`, [`Json`], [`Response`], [`msgpack::Value`]) and `E: Into<Error>`.
///
/// On `Ok` the output is returned to the host; on `Err` the method calls `fail(code,
/// message)` and returns -1, and the call's writes roll back.
///
/// The lifecycle exports are methods with these names: `init` (run once per activation
/// before the first call; migrations go here), `alarm` (takes an [`AlarmEvent`]) and
/// `fetch` (takes a [`Request`], returns a [`Response`]); a class that accepts
/// WebSockets ([`websocket`]) also exports `websocket_message`, `websocket_close` and
/// `websocket_error` (taking a [`MessageEvent`], [`CloseEvent`], [`ErrorEvent`]).
///
/// Method names must be 1 to 256 bytes of `[A-Za-z0-9_]` and must not start with `_` or
/// `sobjects_`; avoid names of C library symbols (`memcpy`, `malloc`, ...).
///
/// ```ignore
/// fn get(_: ()) -> Result<Json, Error> { ... }
/// fn put(input: Json) -> Result<Json, Error> { ... }
/// fn on_alarm(ev: AlarmEvent) -> Result<(), Error> { ... }
/// sobjects::export!(get, put, alarm = on_alarm);
/// ```
#[macro_export]
macro_rules! export {
    ($($name:ident $(= $path:path)?),* $(,)?) => {
        $( $crate::__export_one!($name $(= $path)?); )*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __export_one {
    ($name:ident) => {
        $crate::__export_one!($name = $name);
    };
    ($name:ident = $path:path) => {
        const _: () = {
            #[export_name = stringify!($name)]
            extern "C" fn __sobjects_method(ptr: i32, len: i32) -> i64 {
                $crate::rt::dispatch(ptr, len, |input| $crate::rt::invoke(input, $path))
            }
        };
    };
}

/// SQL parameters: `params![1, "text", None::<i64>, Null]` is a `&[SqlValue]` for
/// [`sql::exec`]; each item converts with `SqlValue::from`.
#[macro_export]
macro_rules! params {
    ($($p:expr),* $(,)?) => {
        &[$($crate::SqlValue::from($p)),*][..]
    };
}

/// A JSON object: `json_object! { "value" => 5, "name" => "x" }` is a [`Json::Object`];
/// each value converts with `Json::from`.
#[macro_export]
macro_rules! json_object {
    ($($k:expr => $v:expr),* $(,)?) => {
        $crate::Json::Object(vec![$((::std::string::String::from($k), $crate::Json::from($v))),*])
    };
}

/// The name of the object this call runs on, as its callers address it (1 to 256 bytes of
/// UTF-8; in a splittable class, the name of the object holding the leaf, `NAME` or
/// `NAME/BITS`): JavaScript's `ctx.id.name`.
///
/// It needs a host of ABI revision 1.1 or later (ABI.md section 1): an older host refuses
/// the plugin at upload, naming the import `object_name`. A plugin that never calls it
/// does not import it and loads on every v1 host.
pub fn object_name() -> Result<String> {
    let b = ffi::bytes(|op, oc| unsafe { ffi::object_name(op, oc) })?;
    String::from_utf8(b).map_err(|_| Error::new(Code::Internal, "object_name: the host sent a name that is not UTF-8"))
}
