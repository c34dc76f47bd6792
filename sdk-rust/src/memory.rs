//! Durable memory (ABI.md section 13, revision 1.3): a plugin whose state lives in its
//! own memory (an index, a simulation) keeps it as an image and a journal in the
//! object's database.
//!
//! - [`append`] adds a journal entry, committed with the call's other writes: durable
//!   exactly when they are.
//! - [`Image`] writes a new image in chunks (so the plugin never holds it twice); its
//!   [`Image::commit`] replaces the image and journal before it, in the call's
//!   transaction. A call that fails undoes it.
//! - [`read`] hands the current image's chunks, then every journal entry after it, in
//!   order, to a function: what `init` does to rebuild the state after an activation.
//! - [`stats`] says how big both are and whether a new image is due by the host's rule
//!   (the journal past half the image and 64 KiB, or half of it dead and 1 MiB);
//!   [`set_dead`] reports how many bytes of it the plugin counts dead.
//!
//! Each chunk and entry is at most 1 MiB (`too_large` past it).

use crate::error::{Code, Error, Result};
use crate::ffi;
use crate::msgpack;

/// Appends `entry` to the journal.
///
/// Errors: `too_large` over 1 MiB.
pub fn append(entry: &[u8]) -> Result<()> {
    ffi::status(unsafe { ffi::memory_append(ffi::ptr32(entry.as_ptr()), entry.len() as i32) }).map(|_| ())
}

/// A new image being written: [`Image::write`] its chunks in order, then
/// [`Image::commit`]. Dropped without a commit, it is aborted. One at a time per call;
/// a call that returns with one still open fails (`bad_input`).
pub struct Image {
    open: bool,
}

impl Image {
    /// Starts a new image.
    pub fn begin() -> Result<Image> {
        ffi::status(unsafe { ffi::memory_image_begin() })?;
        Ok(Image { open: true })
    }
    /// Appends a chunk of at most 1 MiB.
    pub fn write(&mut self, chunk: &[u8]) -> Result<()> {
        ffi::status(unsafe { ffi::memory_image_write(ffi::ptr32(chunk.as_ptr()), chunk.len() as i32) }).map(|_| ())
    }
    /// Makes the image the current one: the image and journal before it go, in this
    /// call's transaction.
    pub fn commit(mut self) -> Result<()> {
        self.open = false;
        ffi::status(unsafe { ffi::memory_image_commit() }).map(|_| ())
    }
}

impl Drop for Image {
    fn drop(&mut self) {
        if self.open {
            unsafe { ffi::memory_image_abort() };
        }
    }
}

/// A row of the durable memory, as [`read`] hands it over.
pub enum Row<'a> {
    /// A chunk of the image.
    Image(&'a [u8]),
    /// A journal entry written after the image.
    Entry(&'a [u8]),
}

/// Hands the current image's chunks, then the journal's entries, to `f`, in order.
/// An object without durable memory calls `f` for nothing.
pub fn read(mut f: impl FnMut(Row) -> Result<()>) -> Result<()> {
    // One buffer for every row (a kind byte and at most 1 MiB), which the host fills
    // directly: no copy through the pending result.
    let mut buf: Vec<u8> = Vec::with_capacity(MAX_ROW_BYTES + 1);
    loop {
        let r = unsafe { ffi::memory_read(ffi::ptr32(buf.as_mut_ptr()), buf.capacity() as i32) };
        if r < 0 {
            let e = ffi::status(r).unwrap_err();
            return if e.code == Code::NotFound { Ok(()) } else { Err(e) };
        }
        let n = r as usize;
        if n > buf.capacity() {
            buf.reserve_exact(n);
            let got = unsafe { ffi::result_take(ffi::ptr32(buf.as_mut_ptr())) };
            unsafe { buf.set_len((got.max(0) as usize).min(n)) };
        } else {
            unsafe { buf.set_len(n) };
        }
        match buf.split_first() {
            Some((1, data)) => f(Row::Image(data))?,
            Some((2, data)) => f(Row::Entry(data))?,
            _ => return Err(Error::internal("memory_read: a row of an unknown kind")),
        }
        unsafe { buf.set_len(0) };
    }
}

/// The largest image chunk or journal entry, in bytes.
pub const MAX_ROW_BYTES: usize = 1 << 20;

/// Records that `bytes` of what the durable memory holds are dead (overwritten or
/// deleted since written), for the rule of [`Stats::due`].
pub fn set_dead(bytes: u64) -> Result<()> {
    ffi::status(unsafe { ffi::memory_set_dead(bytes.min(i64::MAX as u64) as i64) }).map(|_| ())
}

/// The durable memory's sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The current generation: 0 before anything was written, 1 with a journal and no
    /// image yet, then one more for each image.
    pub generation: i64,
    /// The image's bytes, all chunks.
    pub image_bytes: i64,
    /// The journal's bytes, all entries.
    pub journal_bytes: i64,
    /// What the plugin last reported dead ([`set_dead`]).
    pub dead_bytes: i64,
    /// Whether the host's rule says a new image is due.
    pub due: bool,
}

/// The durable memory's sizes, and whether a new image is due.
pub fn stats() -> Result<Stats> {
    let b = ffi::bytes(|op, oc| unsafe { ffi::memory_stats(op, oc) })?;
    let v = msgpack::decode(&b)?;
    let a = v.as_array().filter(|a| a.len() == 5).ok_or_else(|| Error::internal("memory_stats: want 5 items"))?;
    let int = |i: usize| a[i].as_i64().unwrap_or(0);
    Ok(Stats {
        generation: int(0),
        image_bytes: int(1),
        journal_bytes: int(2),
        dead_bytes: int(3),
        due: a[4].as_bool().unwrap_or(false),
    })
}
