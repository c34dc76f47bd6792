//! A minimal JSON parser and serializer (no serde).
//!
//! Integers are kept exact: a number written without fraction or exponent that fits in
//! `i64` parses as [`Json::Int`]; every other number is a [`Json::Float`]. Objects keep
//! their keys in document order; lookups take the last of repeated keys (as JavaScript
//! and Go do). Serialization is compact (no spaces); non-finite floats become `null`.
//! Parse errors have code `bad_input`.

use crate::error::{Error, Result};
use core::fmt::{self, Write};

/// The deepest nesting of arrays and objects [`Json::parse`] accepts.
pub const MAX_DEPTH: usize = 128;

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// an integer that fits in `i64`
    Int(i64),
    /// any other number
    Float(f64),
    /// a string
    String(String),
    /// an array
    Array(Vec<Json>),
    /// an object, keys in document order
    Object(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    /// Parses JSON text (surrounding whitespace allowed, nothing else after the value).
    pub fn parse(text: &str) -> Result<Json> {
        let mut p = Parser { s: text.as_bytes(), pos: 0 };
        p.ws();
        let v = p.value(0)?;
        p.ws();
        if p.pos != p.s.len() {
            return Err(p.err("unexpected data after the value"));
        }
        Ok(v)
    }

    /// Parses JSON from bytes, which must be UTF-8.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Json> {
        match core::str::from_utf8(bytes) {
            Ok(s) => Json::parse(s),
            Err(_) => Err(Error::bad_input("invalid JSON: not UTF-8")),
        }
    }

    /// An empty object.
    pub fn object() -> Json {
        Json::Object(Vec::new())
    }

    /// Adds (or replaces) `key` of an object and returns it, for building:
    /// `Json::object().with("a", 1).with("b", "x")`. On a non-object, does nothing.
    pub fn with(mut self, key: &str, value: impl Into<Json>) -> Json {
        self.set(key, value);
        self
    }

    /// Sets `key` of an object (replacing an existing one). On a non-object, does nothing.
    pub fn set(&mut self, key: &str, value: impl Into<Json>) {
        if let Json::Object(m) = self {
            let value = value.into();
            match m.iter_mut().rev().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = value,
                None => m.push((key.to_string(), value)),
            }
        }
    }

    /// Appends to an array. On a non-array, does nothing.
    pub fn push(&mut self, value: impl Into<Json>) {
        if let Json::Array(a) = self {
            a.push(value.into());
        }
    }

    /// The value of `key` in an object; `None` if absent or not an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(m) => m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Item `i` of an array.
    pub fn at(&self, i: usize) -> Option<&Json> {
        match self {
            Json::Array(a) => a.get(i),
            _ => None,
        }
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
    /// The bool of `Bool`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }
    /// The integer of `Int`, or of a `Float` with an exact integer value in `i64` range.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Int(i) => Some(*i),
            Json::Float(f) if f.fract() == 0.0 && *f >= -9.223372036854776e18 && *f < 9.223372036854776e18 => {
                Some(*f as i64)
            }
            _ => None,
        }
    }
    /// The number of `Float`, or of `Int` converted.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Int(i) => Some(*i as f64),
            Json::Float(f) => Some(*f),
            _ => None,
        }
    }
    /// The text of `String`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }
    /// The items of `Array`.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The entries of `Object`.
    pub fn as_object(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Object(m) => Some(m),
            _ => None,
        }
    }

    /// Field `key` as a string; `bad_input` when missing, null or not a string.
    pub fn req_str(&self, key: &str) -> Result<&str> {
        self.opt_str(key)?.ok_or_else(|| missing(key, "a string"))
    }
    /// Field `key` as an integer; `bad_input` when missing, null or not an integer.
    pub fn req_i64(&self, key: &str) -> Result<i64> {
        self.opt_i64(key)?.ok_or_else(|| missing(key, "an integer"))
    }
    /// Field `key` as a number; `bad_input` when missing, null or not a number.
    pub fn req_f64(&self, key: &str) -> Result<f64> {
        self.opt_f64(key)?.ok_or_else(|| missing(key, "a number"))
    }
    /// Field `key` as a bool; `bad_input` when missing, null or not a bool.
    pub fn req_bool(&self, key: &str) -> Result<bool> {
        self.opt_bool(key)?.ok_or_else(|| missing(key, "a bool"))
    }
    /// Field `key` as a string: `None` when missing or null, `bad_input` when another type.
    pub fn opt_str(&self, key: &str) -> Result<Option<&str>> {
        self.opt(key, "a string", Json::as_str)
    }
    /// Field `key` as an integer: `None` when missing or null, `bad_input` when another type.
    pub fn opt_i64(&self, key: &str) -> Result<Option<i64>> {
        self.opt(key, "an integer", Json::as_i64)
    }
    /// Field `key` as a number: `None` when missing or null, `bad_input` when another type.
    pub fn opt_f64(&self, key: &str) -> Result<Option<f64>> {
        self.opt(key, "a number", Json::as_f64)
    }
    /// Field `key` as a bool: `None` when missing or null, `bad_input` when another type.
    pub fn opt_bool(&self, key: &str) -> Result<Option<bool>> {
        self.opt(key, "a bool", Json::as_bool)
    }

    fn opt<'a, T>(&'a self, key: &str, what: &str, f: impl FnOnce(&'a Json) -> Option<T>) -> Result<Option<T>> {
        match self.get(key) {
            None | Some(Json::Null) => Ok(None),
            Some(v) => match f(v) {
                Some(x) => Ok(Some(x)),
                None => Err(Error::bad_input(format!("field \"{}\" must be {}", key, what))),
            },
        }
    }

    /// The compact JSON text as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

fn missing(key: &str, what: &str) -> Error {
    Error::bad_input(format!("field \"{}\" is required and must be {}", key, what))
}

impl core::ops::Index<&str> for Json {
    type Output = Json;
    /// `json["key"]`: the field, or `Json::Null` when absent.
    fn index(&self, key: &str) -> &Json {
        self.get(key).unwrap_or(&NULL)
    }
}

impl core::ops::Index<usize> for Json {
    type Output = Json;
    /// `json[i]`: the item, or `Json::Null` when absent.
    fn index(&self, i: usize) -> &Json {
        self.at(i).unwrap_or(&NULL)
    }
}

// ---------------------------------------------------------------- conversions

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Json {
            fn from(v: $t) -> Json { Json::Int(v as i64) }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32, usize);
impl From<f64> for Json {
    fn from(v: f64) -> Json {
        Json::Float(v)
    }
}
impl From<bool> for Json {
    fn from(v: bool) -> Json {
        Json::Bool(v)
    }
}
impl From<&str> for Json {
    fn from(v: &str) -> Json {
        Json::String(v.to_string())
    }
}
impl From<String> for Json {
    fn from(v: String) -> Json {
        Json::String(v)
    }
}
impl From<&String> for Json {
    fn from(v: &String) -> Json {
        Json::String(v.clone())
    }
}
impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(v: Vec<T>) -> Json {
        Json::Array(v.into_iter().map(Into::into).collect())
    }
}
impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        match v {
            Some(v) => v.into(),
            None => Json::Null,
        }
    }
}
impl From<&Json> for Json {
    fn from(v: &Json) -> Json {
        v.clone()
    }
}

// ---------------------------------------------------------------- serialization

/// Writes `s` as a JSON string literal (with quotes) into `out`.
pub fn write_str<W: Write>(out: &mut W, s: &str) -> fmt::Result {
    out.write_char('"')?;
    let mut start = 0;
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        let esc: Option<&str> = match c {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0x08 => Some("\\b"),
            0x0c => Some("\\f"),
            0..=0x1f | 0x7f => Some(""),
            _ => None,
        };
        if let Some(e) = esc {
            out.write_str(&s[start..i])?;
            if e.is_empty() {
                write!(out, "\\u{:04x}", c)?;
            } else {
                out.write_str(e)?;
            }
            start = i + 1;
        }
    }
    out.write_str(&s[start..])?;
    out.write_char('"')
}

impl fmt::Display for Json {
    /// Compact JSON text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Json::Int(i) => write!(f, "{}", i),
            Json::Float(x) => {
                if x.is_finite() {
                    // Debug is the shortest text that round-trips, always with a '.' or
                    // an exponent, so the number stays a float when parsed back.
                    write!(f, "{:?}", x)
                } else {
                    f.write_str("null")
                }
            }
            Json::String(s) => write_str(f, s),
            Json::Array(a) => {
                f.write_char('[')?;
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    fmt::Display::fmt(v, f)?;
                }
                f.write_char(']')
            }
            Json::Object(m) => {
                f.write_char('{')?;
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_str(f, k)?;
                    f.write_char(':')?;
                    fmt::Display::fmt(v, f)?;
                }
                f.write_char('}')
            }
        }
    }
}

// ---------------------------------------------------------------- parsing

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, what: &str) -> Error {
        Error::bad_input(format!("invalid JSON at byte {}: {}", self.pos, what))
    }
    fn ws(&mut self) {
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn lit(&mut self, word: &str, v: Json) -> Result<Json> {
        if self.s[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            Err(self.err("unexpected character"))
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        match self.peek() {
            None => Err(self.err("unexpected end of input")),
            Some(b'n') => self.lit("null", Json::Null),
            Some(b't') => self.lit("true", Json::Bool(true)),
            Some(b'f') => self.lit("false", Json::Bool(false)),
            Some(b'"') => Ok(Json::String(self.string()?)),
            Some(b'[') => {
                self.pos += 1;
                let mut a = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Ok(Json::Array(a));
                }
                loop {
                    self.ws();
                    a.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Ok(Json::Array(a));
                        }
                        _ => return Err(self.err("expected ',' or ']'")),
                    }
                }
            }
            Some(b'{') => {
                self.pos += 1;
                let mut m = Vec::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.pos += 1;
                    return Ok(Json::Object(m));
                }
                loop {
                    self.ws();
                    if self.peek() != Some(b'"') {
                        return Err(self.err("expected a string key"));
                    }
                    let k = self.string()?;
                    self.ws();
                    if self.peek() != Some(b':') {
                        return Err(self.err("expected ':'"));
                    }
                    self.pos += 1;
                    self.ws();
                    let v = self.value(depth + 1)?;
                    m.push((k, v));
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            return Ok(Json::Object(m));
                        }
                        _ => return Err(self.err("expected ',' or '}'")),
                    }
                }
            }
            Some(b'-') | Some(b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("unexpected character")),
        }
    }
    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }
    fn number(&mut self) -> Result<Json> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n = self.digits();
        if n == 0 {
            return Err(self.err("expected a digit"));
        }
        if n > 1 && self.s[int_start] == b'0' {
            return Err(self.err("leading zero"));
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            integer = false;
            if self.digits() == 0 {
                return Err(self.err("expected a digit after '.'"));
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            self.pos += 1;
            integer = false;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("expected a digit in the exponent"));
            }
        }
        // The slice is ASCII by construction.
        let text = core::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        if integer {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(Json::Int(i));
            }
        }
        match text.parse::<f64>() {
            Ok(f) => Ok(Json::Float(f)),
            Err(_) => Err(self.err("bad number")),
        }
    }
    fn hex4(&mut self) -> Result<u32> {
        if self.s.len() - self.pos < 4 {
            return Err(self.err("short \\u escape"));
        }
        let mut x = 0u32;
        for _ in 0..4 {
            let c = self.s[self.pos];
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                _ => return Err(self.err("bad \\u escape")),
            };
            x = x * 16 + d as u32;
            self.pos += 1;
        }
        Ok(x)
    }
    fn string(&mut self) -> Result<String> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self.pos < self.s.len() && !matches!(self.s[self.pos], b'"' | b'\\' | 0..=0x1f) {
                self.pos += 1;
            }
            // Input is a &str and we stop only at ASCII bytes, so this is valid UTF-8.
            out.push_str(core::str::from_utf8(&self.s[start..self.pos]).unwrap_or(""));
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(c) => c,
                        None => return Err(self.err("unterminated string")),
                    };
                    self.pos += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let cp = if (0xd800..0xdc00).contains(&hi) {
                                // A high surrogate: combine with a following low one.
                                if self.s[self.pos..].starts_with(b"\\u") {
                                    let save = self.pos;
                                    self.pos += 2;
                                    let lo = self.hex4()?;
                                    if (0xdc00..0xe000).contains(&lo) {
                                        0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                                    } else {
                                        self.pos = save;
                                        0xfffd
                                    }
                                } else {
                                    0xfffd
                                }
                            } else {
                                hi
                            };
                            out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err(self.err("bad escape")),
                    }
                }
                Some(_) => return Err(self.err("control character in string")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(text: &str) {
        let v = Json::parse(text).unwrap();
        assert_eq!(v.to_string(), text);
        assert_eq!(Json::parse(&v.to_string()).unwrap(), v);
    }

    #[test]
    fn round_trips() {
        rt("null");
        rt("true");
        rt("[1,-2,3.5,\"x\",[],{}]");
        rt("{\"a\":{\"b\":[null,false]},\"c\":\"\\\"\\\\\\n\\t\\u0001é😀\"}");
        rt("9223372036854775807");
        rt("-9223372036854775808");
        rt("1e300");
        rt("2.0");
    }

    #[test]
    fn numbers() {
        assert_eq!(Json::parse("42").unwrap(), Json::Int(42));
        assert_eq!(Json::parse("-0").unwrap(), Json::Int(0));
        assert_eq!(Json::parse("1.0").unwrap(), Json::Float(1.0));
        assert_eq!(Json::parse("1e2").unwrap(), Json::Float(100.0));
        assert_eq!(Json::parse("9223372036854775808").unwrap(), Json::Float(9223372036854775808.0));
        assert_eq!(Json::parse("1.0").unwrap().as_i64(), Some(1));
        for bad in ["01", "1.", ".5", "-", "1e", "+1", "NaN"] {
            assert!(Json::parse(bad).is_err(), "{}", bad);
        }
        assert_eq!(Json::Float(f64::NAN).to_string(), "null");
    }

    #[test]
    fn strings() {
        assert_eq!(Json::parse(r#""\ud83d\ude00""#).unwrap(), Json::String("😀".into()));
        assert_eq!(Json::parse(r#""\ud83d""#).unwrap(), Json::String("\u{fffd}".into()));
        assert_eq!(Json::parse(r#""a\/b""#).unwrap(), Json::String("a/b".into()));
        assert_eq!(Json::String("\u{7f}\u{1f}".into()).to_string(), "\"\\u007f\\u001f\"");
        assert!(Json::parse("\"a\nb\"").is_err());
        assert!(Json::parse("\"abc").is_err());
    }

    #[test]
    fn access() {
        let v = Json::parse(r#" { "a": 1, "b": "x", "a": 2, "n": null, "l": [true] } "#).unwrap();
        assert_eq!(v["a"].as_i64(), Some(2));
        assert_eq!(v.req_str("b").unwrap(), "x");
        assert_eq!(v.opt_i64("n").unwrap(), None);
        assert_eq!(v.opt_i64("zz").unwrap(), None);
        assert!(v.req_i64("b").is_err());
        assert_eq!(v["l"][0].as_bool(), Some(true));
        assert!(v["nope"]["x"].is_null());
        let o = Json::object().with("k", 1).with("s", "t").with("k", vec![1, 2]);
        assert_eq!(o.to_string(), r#"{"k":[1,2],"s":"t"}"#);
        assert!(Json::parse("").is_err());
        assert!(Json::parse("[1,]").is_err());
        assert!(Json::parse("{} x").is_err());
        assert!(Json::parse(&"[".repeat(1000)).is_err());
    }
}
