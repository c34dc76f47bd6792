//! Logging through the host (`log` host function). Messages are UTF-8 text; the host
//! decides where they go. Never fails.

use crate::ffi;

/// Log level: 0 debug, 1 info, 2 warn, 3 error.
pub fn log(level: i32, msg: &str) {
    unsafe { ffi::log(level, ffi::ptr32(msg.as_ptr()), msg.len() as i32) }
}
/// Logs at level debug (0).
pub fn debug(msg: &str) {
    log(0, msg)
}
/// Logs at level info (1).
pub fn info(msg: &str) {
    log(1, msg)
}
/// Logs at level warn (2).
pub fn warn(msg: &str) {
    log(2, msg)
}
/// Logs at level error (3).
pub fn error(msg: &str) {
    log(3, msg)
}
