//! Error codes (ABI.md section 5) and the SDK's error type.

use core::fmt;

/// An error code of ABI.md section 5. The numeric value is what crosses the ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum Code {
    /// 1, HTTP 400: the input or a host-function argument is malformed.
    BadInput = 1,
    /// 2, HTTP 404: a key, object, class or method does not exist.
    NotFound = 2,
    /// 3, HTTP 409: the request conflicts with the current state.
    Conflict = 3,
    /// 4, HTTP 500: a bug or unexpected state in the plugin.
    Internal = 4,
    /// 5, HTTP 413: a value or payload exceeds a limit.
    TooLarge = 5,
    /// 6, HTTP 503: the host or a callee cannot serve now; retrying later may work.
    Unavailable = 6,
    /// 7, HTTP 500: SQLite refused the SQL (syntax, unknown table, ...).
    Sql = 7,
    /// 8, HTTP 409: a SQL constraint was violated.
    Constraint = 8,
    /// 9, HTTP 403: the SQL touched something reserved.
    Denied = 9,
    /// 10, HTTP 508: an object-to-object call would deadlock.
    Cycle = 10,
    /// 11, HTTP 421: a key is not on this leaf of a splittable object now (section 4.7);
    /// the call fails whatever the method does, and the host retries it elsewhere.
    Moved = 11,
}

impl Code {
    /// All codes, in numeric order.
    pub const ALL: [Code; 11] = [
        Code::BadInput,
        Code::NotFound,
        Code::Conflict,
        Code::Internal,
        Code::TooLarge,
        Code::Unavailable,
        Code::Sql,
        Code::Constraint,
        Code::Denied,
        Code::Cycle,
        Code::Moved,
    ];

    /// The code with numeric value `n`; values outside 1..=11 map to [`Code::Internal`]
    /// (as the host does for `fail`).
    pub fn from_i64(n: i64) -> Code {
        if (1..=11).contains(&n) {
            Code::ALL[(n - 1) as usize]
        } else {
            Code::Internal
        }
    }

    /// The numeric value (1..=11).
    pub fn as_i32(self) -> i32 {
        self as i32
    }

    /// The ABI name, e.g. `"bad_input"`.
    pub fn name(self) -> &'static str {
        match self {
            Code::BadInput => "bad_input",
            Code::NotFound => "not_found",
            Code::Conflict => "conflict",
            Code::Internal => "internal",
            Code::TooLarge => "too_large",
            Code::Unavailable => "unavailable",
            Code::Sql => "sql",
            Code::Constraint => "constraint",
            Code::Denied => "denied",
            Code::Cycle => "cycle",
            Code::Moved => "moved",
        }
    }

    /// The code with ABI name `name`, if any.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The HTTP status the host answers with for this code.
    pub fn http_status(self) -> u16 {
        match self {
            Code::BadInput => 400,
            Code::NotFound => 404,
            Code::Conflict => 409,
            Code::Internal => 500,
            Code::TooLarge => 413,
            Code::Unavailable => 503,
            Code::Sql => 500,
            Code::Constraint => 409,
            Code::Denied => 403,
            Code::Cycle => 508,
            Code::Moved => 421,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error: a [`Code`] and a human-readable message.
///
/// Returned by every fallible SDK function (for host functions, the code and message are
/// the host's), and returned by methods to make the call fail: the method wrapper passes
/// both to the host's `fail`, and the call's writes are rolled back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The error code.
    pub code: Code,
    /// The message (UTF-8).
    pub message: String,
}

macro_rules! ctor {
    ($($(#[$m:meta])* $name:ident => $code:ident,)*) => {$(
        $(#[$m])*
        pub fn $name(message: impl Into<String>) -> Error {
            Error::new(Code::$code, message)
        }
    )*};
}

impl Error {
    /// An error with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> Error {
        Error { code, message: message.into() }
    }

    ctor! {
        /// Code `bad_input` (1).
        bad_input => BadInput,
        /// Code `not_found` (2).
        not_found => NotFound,
        /// Code `conflict` (3).
        conflict => Conflict,
        /// Code `internal` (4).
        internal => Internal,
        /// Code `too_large` (5).
        too_large => TooLarge,
        /// Code `unavailable` (6).
        unavailable => Unavailable,
        /// Code `sql` (7).
        sql => Sql,
        /// Code `constraint` (8).
        constraint => Constraint,
        /// Code `denied` (9).
        denied => Denied,
        /// Code `cycle` (10).
        cycle => Cycle,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

impl From<core::str::Utf8Error> for Error {
    fn from(e: core::str::Utf8Error) -> Error {
        Error::bad_input(format!("invalid UTF-8: {}", e))
    }
}

impl From<std::string::FromUtf8Error> for Error {
    fn from(e: std::string::FromUtf8Error) -> Error {
        Error::bad_input(format!("invalid UTF-8: {}", e))
    }
}

/// `Result<T, Error>`.
pub type Result<T, E = Error> = core::result::Result<T, E>;
