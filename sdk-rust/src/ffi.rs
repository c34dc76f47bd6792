//! Raw host imports (ABI.md section 4.2) and the result convention (section 4.1).
//!
//! Everything here is low level; plugin code normally uses the safe wrappers in the
//! other modules. On targets other than `wasm32` the imports are replaced by stubs that
//! panic, so that the pure-Rust parts of the SDK (MessagePack, JSON) can be unit-tested
//! on the build machine.

use crate::error::{Code, Error};

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "sobjects")]
extern "C" {
    /// `sql_exec(req_ptr, req_len, out_ptr, out_cap) -> i64`: bytes, the SQL result (4.3).
    pub fn sql_exec(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `kv_get(key_ptr, key_len, out_ptr, out_cap) -> i64`: bytes; `not_found` when absent.
    pub fn kv_get(key_ptr: i32, key_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `kv_put(key_ptr, key_len, val_ptr, val_len) -> i64`: 0.
    pub fn kv_put(key_ptr: i32, key_len: i32, val_ptr: i32, val_len: i32) -> i64;
    /// `kv_delete(key_ptr, key_len) -> i64`: 1 if the key existed, else 0.
    pub fn kv_delete(key_ptr: i32, key_len: i32) -> i64;
    /// `kv_list(req_ptr, req_len, out_ptr, out_cap) -> i64`: bytes, the entries (4.4).
    pub fn kv_list(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `txn_begin() -> i64`: the new nesting depth.
    pub fn txn_begin() -> i64;
    /// `txn_commit() -> i64`: the depth left; `bad_input` when none is open.
    pub fn txn_commit() -> i64;
    /// `txn_rollback() -> i64`: the depth left; `bad_input` when none is open.
    pub fn txn_rollback() -> i64;
    /// `alarm_set(at_ms) -> i64`: 0.
    pub fn alarm_set(at_ms: i64) -> i64;
    /// `alarm_get() -> i64`: the alarm time in ms since the epoch, 0 when none.
    pub fn alarm_get() -> i64;
    /// `alarm_delete() -> i64`: 1 if an alarm was set, else 0.
    pub fn alarm_delete() -> i64;
    /// `call(req_ptr, req_len, out_ptr, out_cap) -> i64`: bytes, the callee's output (4.5).
    pub fn call(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `db_size() -> i64`: the database size in bytes.
    pub fn db_size() -> i64;
    /// `bookmark_current(out_ptr, out_cap) -> i64`: bytes, the bookmark of the current state.
    pub fn bookmark_current(out_ptr: i32, out_cap: i32) -> i64;
    /// `bookmark_for_time(at_ms, out_ptr, out_cap) -> i64`: bytes, the bookmark at a time.
    pub fn bookmark_for_time(at_ms: i64, out_ptr: i32, out_cap: i32) -> i64;
    /// `bookmark_restore(bm_ptr, bm_len, out_ptr, out_cap) -> i64`: bytes, the undo bookmark.
    pub fn bookmark_restore(bm_ptr: i32, bm_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `keyed_read(req_ptr, req_len, out_ptr, out_cap) -> i64`: bytes, the values (4.7).
    pub fn keyed_read(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `keyed_write(req_ptr, req_len) -> i64`: the number of entries written (4.7).
    pub fn keyed_write(req_ptr: i32, req_len: i32) -> i64;
    /// `keyed_scan(req_ptr, req_len, out_ptr, out_cap) -> i64`: bytes, a page of rows (4.7).
    pub fn keyed_scan(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `now_ms() -> i64`: milliseconds since the Unix epoch.
    pub fn now_ms() -> i64;
    /// `log(level, msg_ptr, msg_len)`: level 0 debug, 1 info, 2 warn, 3 error.
    pub fn log(level: i32, msg_ptr: i32, msg_len: i32);
    /// `fail(code, msg_ptr, msg_len)`: records the failure of the running method.
    pub fn fail(code: i32, msg_ptr: i32, msg_len: i32);
    /// `result_len() -> i32`: length of the pending result, 0 if none.
    pub fn result_len() -> i32;
    /// `result_take(ptr) -> i32`: copies the pending result to `ptr`, returns its length.
    pub fn result_take(ptr: i32) -> i32;
}

#[cfg(not(target_arch = "wasm32"))]
mod stubs {
    #![allow(unused_variables, clippy::missing_safety_doc)]
    macro_rules! stub {
        ($(fn $name:ident($($a:ident: $t:ty),*) $(-> $r:ty)?;)*) => {$(
            /// Stub: host functions exist only on `wasm32`; this panics.
            pub unsafe fn $name($($a: $t),*) $(-> $r)? {
                panic!(concat!("sobjects host function `", stringify!($name), "` is only available on wasm32"))
            }
        )*};
    }
    stub! {
        fn sql_exec(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn kv_get(key_ptr: i32, key_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn kv_put(key_ptr: i32, key_len: i32, val_ptr: i32, val_len: i32) -> i64;
        fn kv_delete(key_ptr: i32, key_len: i32) -> i64;
        fn kv_list(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn txn_begin() -> i64;
        fn txn_commit() -> i64;
        fn txn_rollback() -> i64;
        fn alarm_set(at_ms: i64) -> i64;
        fn alarm_get() -> i64;
        fn alarm_delete() -> i64;
        fn call(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn db_size() -> i64;
        fn bookmark_current(out_ptr: i32, out_cap: i32) -> i64;
        fn bookmark_for_time(at_ms: i64, out_ptr: i32, out_cap: i32) -> i64;
        fn bookmark_restore(bm_ptr: i32, bm_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn keyed_read(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn keyed_write(req_ptr: i32, req_len: i32) -> i64;
        fn keyed_scan(req_ptr: i32, req_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn now_ms() -> i64;
        fn log(level: i32, msg_ptr: i32, msg_len: i32);
        fn fail(code: i32, msg_ptr: i32, msg_len: i32);
        fn result_len() -> i32;
        fn result_take(ptr: i32) -> i32;
    }
}
#[cfg(not(target_arch = "wasm32"))]
pub use stubs::*;

/// Size of the reusable scratch output buffer handed to host functions as `out_cap`.
pub const SCRATCH_LEN: usize = 4096;
static mut SCRATCH: [u8; SCRATCH_LEN] = [0; SCRATCH_LEN];

/// A pointer as the `i32` the ABI passes.
#[inline]
pub fn ptr32<T>(p: *const T) -> i32 {
    p as usize as i32
}

/// Reads the pending result (an error message after a failed host call).
fn take_pending() -> Vec<u8> {
    unsafe {
        let len = result_len();
        if len <= 0 {
            return Vec::new();
        }
        let mut v: Vec<u8> = Vec::with_capacity(len as usize);
        let got = result_take(ptr32(v.as_mut_ptr()));
        v.set_len((got.max(0) as usize).min(len as usize));
        v
    }
}

/// Turns a negative host result `-code` into an [`Error`] carrying the pending message.
pub fn pending_error(r: i64) -> Error {
    let code = Code::from_i64(r.checked_neg().unwrap_or(0));
    let msg = take_pending();
    Error::new(code, String::from_utf8_lossy(&msg).into_owned())
}

/// Checks the result of a host function that returns no bytes: `Ok(r)` when `r >= 0`.
pub fn status(r: i64) -> Result<i64, Error> {
    if r < 0 {
        Err(pending_error(r))
    } else {
        Ok(r)
    }
}

/// Calls a host function that returns bytes (section 4.1): `f(out_ptr, out_cap)` gets the
/// scratch buffer; a result longer than the buffer is fetched with `result_take`.
pub fn bytes(f: impl FnOnce(i32, i32) -> i64) -> Result<Vec<u8>, Error> {
    unsafe {
        let buf = core::ptr::addr_of_mut!(SCRATCH) as *mut u8;
        let r = f(ptr32(buf), SCRATCH_LEN as i32);
        if r < 0 {
            return Err(pending_error(r));
        }
        let n = r as usize;
        if n <= SCRATCH_LEN {
            return Ok(core::slice::from_raw_parts(buf, n).to_vec());
        }
        let mut v: Vec<u8> = Vec::new();
        if v.try_reserve_exact(n).is_err() {
            return Err(Error::too_large(format!("cannot allocate {} bytes for a host result", n)));
        }
        let got = result_take(ptr32(v.as_mut_ptr()));
        v.set_len((got.max(0) as usize).min(n));
        Ok(v)
    }
}

// Host functions added to ABI v1 by a later revision (ABI.md section 1). A plugin imports
// one only if it calls it, so a plugin that does not still loads on an older v1 host.

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "sobjects")]
extern "C" {
    /// `object_name(out_ptr, out_cap) -> i64`: bytes, the object's name (revision 1.1).
    pub fn object_name(out_ptr: i32, out_cap: i32) -> i64;
}

/// Stub: host functions exist only on `wasm32`; this panics.
///
/// # Safety
///
/// None needed: it never returns.
#[cfg(not(target_arch = "wasm32"))]
pub unsafe fn object_name(_out_ptr: i32, _out_cap: i32) -> i64 {
    panic!("sobjects host function `object_name` is only available on wasm32")
}

// The WebSocket host functions (ABI.md section 12), added by revision 1.2.

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "sobjects")]
extern "C" {
    /// `ws_accept(tags_ptr, tags_len) -> i64`: the accepted socket's id (revision 1.2).
    pub fn ws_accept(tags_ptr: i32, tags_len: i32) -> i64;
    /// `ws_send(id, text, data_ptr, data_len) -> i64`: 0 (revision 1.2).
    pub fn ws_send(id: i64, text: i32, data_ptr: i32, data_len: i32) -> i64;
    /// `ws_close(id, code, reason_ptr, reason_len) -> i64`: 0 (revision 1.2).
    pub fn ws_close(id: i64, code: i32, reason_ptr: i32, reason_len: i32) -> i64;
    /// `ws_list(tag_ptr, tag_len, out_ptr, out_cap) -> i64`: bytes, an array of ids (revision 1.2).
    pub fn ws_list(tag_ptr: i32, tag_len: i32, out_ptr: i32, out_cap: i32) -> i64;
    /// `ws_tags(id, out_ptr, out_cap) -> i64`: bytes, an array of strings (revision 1.2).
    pub fn ws_tags(id: i64, out_ptr: i32, out_cap: i32) -> i64;
    /// `ws_attachment_get(id, out_ptr, out_cap) -> i64`: bytes, the attachment (revision 1.2).
    pub fn ws_attachment_get(id: i64, out_ptr: i32, out_cap: i32) -> i64;
    /// `ws_attachment_set(id, ptr, len) -> i64`: 0 (revision 1.2).
    pub fn ws_attachment_set(id: i64, ptr: i32, len: i32) -> i64;
}

#[cfg(not(target_arch = "wasm32"))]
mod ws_stubs {
    #![allow(unused_variables, clippy::missing_safety_doc)]
    macro_rules! stub {
        ($(fn $name:ident($($a:ident: $t:ty),*) -> $r:ty;)*) => {$(
            /// Stub: host functions exist only on `wasm32`; this panics.
            pub unsafe fn $name($($a: $t),*) -> $r {
                panic!(concat!("sobjects host function `", stringify!($name), "` is only available on wasm32"))
            }
        )*};
    }
    stub! {
        fn ws_accept(tags_ptr: i32, tags_len: i32) -> i64;
        fn ws_send(id: i64, text: i32, data_ptr: i32, data_len: i32) -> i64;
        fn ws_close(id: i64, code: i32, reason_ptr: i32, reason_len: i32) -> i64;
        fn ws_list(tag_ptr: i32, tag_len: i32, out_ptr: i32, out_cap: i32) -> i64;
        fn ws_tags(id: i64, out_ptr: i32, out_cap: i32) -> i64;
        fn ws_attachment_get(id: i64, out_ptr: i32, out_cap: i32) -> i64;
        fn ws_attachment_set(id: i64, ptr: i32, len: i32) -> i64;
    }
}
#[cfg(not(target_arch = "wasm32"))]
pub use ws_stubs::*;

// The durable memory host functions (ABI.md section 13), added by revision 1.3.

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "sobjects")]
extern "C" {
    /// `memory_append(ptr, len) -> i64`: 0 (revision 1.3).
    pub fn memory_append(ptr: i32, len: i32) -> i64;
    /// `memory_image_begin() -> i64`: 0 (revision 1.3).
    pub fn memory_image_begin() -> i64;
    /// `memory_image_write(ptr, len) -> i64`: 0 (revision 1.3).
    pub fn memory_image_write(ptr: i32, len: i32) -> i64;
    /// `memory_image_commit() -> i64`: 0 (revision 1.3).
    pub fn memory_image_commit() -> i64;
    /// `memory_image_abort() -> i64`: 0 (revision 1.3).
    pub fn memory_image_abort() -> i64;
    /// `memory_read(out_ptr, out_cap) -> i64`: bytes, the next row; `not_found` after the last (revision 1.3).
    pub fn memory_read(out_ptr: i32, out_cap: i32) -> i64;
    /// `memory_set_dead(bytes) -> i64`: 0 (revision 1.3).
    pub fn memory_set_dead(bytes: i64) -> i64;
    /// `memory_stats(out_ptr, out_cap) -> i64`: bytes, the stats (revision 1.3).
    pub fn memory_stats(out_ptr: i32, out_cap: i32) -> i64;
}

#[cfg(not(target_arch = "wasm32"))]
mod memory_stubs {
    #![allow(unused_variables, clippy::missing_safety_doc)]
    macro_rules! stub {
        ($(fn $name:ident($($a:ident: $t:ty),*) -> $r:ty;)*) => {$(
            /// Stub: host functions exist only on `wasm32`; this panics.
            pub unsafe fn $name($($a: $t),*) -> $r {
                panic!(concat!("sobjects host function `", stringify!($name), "` is only available on wasm32"))
            }
        )*};
    }
    stub! {
        fn memory_append(ptr: i32, len: i32) -> i64;
        fn memory_image_begin() -> i64;
        fn memory_image_write(ptr: i32, len: i32) -> i64;
        fn memory_image_commit() -> i64;
        fn memory_image_abort() -> i64;
        fn memory_read(out_ptr: i32, out_cap: i32) -> i64;
        fn memory_set_dead(bytes: i64) -> i64;
        fn memory_stats(out_ptr: i32, out_cap: i32) -> i64;
    }
}
#[cfg(not(target_arch = "wasm32"))]
pub use memory_stubs::*;
