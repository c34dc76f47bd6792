//! The object's alarm (ABI.md section 6). An object has at most one alarm; when it
//! fires, the host calls the plugin's `alarm` export with an [`AlarmEvent`]. A plugin
//! without an `alarm` export may not set an alarm (`bad_input`).

use crate::error::{Error, Result};
use crate::ffi;
use crate::msgpack::{self, Value};

/// Sets (replaces) the alarm to fire at `at_ms`, milliseconds since the Unix epoch; a time
/// in the past fires at once. Commits with the call.
///
/// Errors: `bad_input` when the plugin has no `alarm` export.
pub fn set(at_ms: i64) -> Result<()> {
    ffi::status(unsafe { ffi::alarm_set(at_ms) }).map(|_| ())
}

/// Sets the alarm to fire `delay_ms` milliseconds from now.
pub fn set_in(delay_ms: i64) -> Result<()> {
    set(crate::now_ms().saturating_add(delay_ms))
}

/// The alarm time in ms since the Unix epoch, or `None` when no alarm is set.
/// (A host failure here, which the ABI does not foresee, traps.)
pub fn get() -> Option<i64> {
    match ffi::status(unsafe { ffi::alarm_get() }) {
        Ok(0) => None,
        Ok(t) => Some(t),
        Err(e) => crate::rt::trap(&e),
    }
}

/// Deletes the alarm; `true` if one was set. (A host failure here traps.)
pub fn delete() -> bool {
    match ffi::status(unsafe { ffi::alarm_delete() }) {
        Ok(r) => r == 1,
        Err(e) => crate::rt::trap(&e),
    }
}

/// The input of the `alarm` export: `[scheduled_ms, retry_count]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlarmEvent {
    /// When the alarm was scheduled to fire, ms since the Unix epoch.
    pub scheduled_ms: i64,
    /// 0 on the first delivery, then 1, 2, ... on retries after failures.
    pub retry_count: i64,
}

impl AlarmEvent {
    /// Decodes the `alarm` export's input; `bad_input` when malformed.
    pub fn decode(input: &[u8]) -> Result<AlarmEvent> {
        let bad = || Error::bad_input("alarm input must be [scheduled_ms, retry_count]");
        match msgpack::decode(input).map_err(|_| bad())? {
            Value::Array(a) if a.len() == 2 => Ok(AlarmEvent {
                scheduled_ms: a[0].as_i64().ok_or_else(bad)?,
                retry_count: a[1].as_i64().ok_or_else(bad)?,
            }),
            _ => Err(bad()),
        }
    }

    /// Encodes as the host does (for tests).
    pub fn encode(&self) -> Vec<u8> {
        msgpack::encode(&Value::Array(vec![Value::Int(self.scheduled_ms), Value::Int(self.retry_count)]))
    }
}
