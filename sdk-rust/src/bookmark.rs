//! Point-in-time recovery (ABI.md section 4.6): bookmarks name past states of the
//! object's database, and the object can be restored to one. They need the server to
//! back objects up to a bucket (`sobjects run --backup-bucket`); without one, each call
//! fails with code `unavailable` and a message that says so. The same operations as
//! Cloudflare's `getCurrentBookmark`, `getBookmarkForTime` and
//! `onNextSessionRestoreBookmark`.

use crate::{ffi, Error, Result};

fn string(b: Vec<u8>) -> Result<String> {
    String::from_utf8(b).map_err(|_| Error::internal("bookmark is not UTF-8"))
}

/// The bookmark of the current committed state (what was committed before this call).
/// Bookmarks are strings that sort in time order.
pub fn current() -> Result<String> {
    string(ffi::bytes(|op, oc| unsafe { ffi::bookmark_current(op, oc) })?)
}

/// The bookmark of the newest state that reached the bucket at or before `at_ms`
/// (milliseconds since the Unix epoch). Code `not_found` when that time is before the
/// kept history.
pub fn for_time(at_ms: i64) -> Result<String> {
    string(ffi::bytes(|op, oc| unsafe { ffi::bookmark_for_time(at_ms, op, oc) })?)
}

/// Asks that the object be restored to `bookmark` when this call's batch has
/// committed: the object is then closed, and its next call finds the database as it was
/// at `bookmark`. Writes made after this call in the same activation are lost. Returns
/// the bookmark of the current state, which undoes the restore. Code `bad_input` for a
/// malformed bookmark, `not_found` for one the bucket can no longer rebuild.
pub fn restore(bookmark: &str) -> Result<String> {
    let b = bookmark.as_bytes();
    string(ffi::bytes(|op, oc| unsafe { ffi::bookmark_restore(ffi::ptr32(b.as_ptr()), b.len() as i32, op, oc) })?)
}
