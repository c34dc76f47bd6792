//! A small MessagePack encoder and decoder (ABI.md section 8): nil, bool, int, float,
//! str, bin, array and map. Extension types are refused.
//!
//! Integers decode into `i64`; a `uint 64` above `i64::MAX` is an error. `float 32` decodes
//! into `f64`; floats are always encoded as `float 64`. Integers are encoded in the
//! smallest format. Decoding errors have code `bad_input`.

use crate::error::{Error, Result};

/// The deepest nesting of arrays and maps [`decode`] accepts.
pub const MAX_DEPTH: usize = 128;

/// A MessagePack value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// nil
    Nil,
    /// true / false
    Bool(bool),
    /// any int format that fits in `i64`
    Int(i64),
    /// float 32 or float 64
    Float(f64),
    /// str (UTF-8)
    Str(String),
    /// bin
    Bin(Vec<u8>),
    /// array
    Array(Vec<Value>),
    /// map, in wire order
    Map(Vec<(Value, Value)>),
}

impl Value {
    /// True for `Nil`.
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }
    /// The bool of `Bool`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    /// The integer of `Int`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    /// The number of `Float`, or of `Int` converted.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Float(f) => Some(*f),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
    /// The text of `Str`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    /// The bytes of `Bin` (or of `Str`).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Bin(b) => Some(b),
            Value::Str(s) => Some(s.as_bytes()),
            _ => None,
        }
    }
    /// The items of `Array`.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The value under string key `key` of a `Map` (the last one if repeated).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(m) => m.iter().rev().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v),
            _ => None,
        }
    }
    /// The encoding of this value.
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value { Value::Int(v as i64) }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32);
impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Float(v)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Str(v.to_string())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Str(v)
    }
}
impl From<&[u8]> for Value {
    fn from(v: &[u8]) -> Value {
        Value::Bin(v.to_vec())
    }
}
impl From<Vec<u8>> for Value {
    fn from(v: Vec<u8>) -> Value {
        Value::Bin(v)
    }
}
impl From<Vec<Value>> for Value {
    fn from(v: Vec<Value>) -> Value {
        Value::Array(v)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        match v {
            Some(v) => v.into(),
            None => Value::Nil,
        }
    }
}

// ---------------------------------------------------------------- encoding

/// Appends nil.
pub fn put_nil(out: &mut Vec<u8>) {
    out.push(0xc0);
}

/// Appends a bool.
pub fn put_bool(out: &mut Vec<u8>, b: bool) {
    out.push(if b { 0xc3 } else { 0xc2 });
}

/// Appends an integer in the smallest format.
pub fn put_int(out: &mut Vec<u8>, i: i64) {
    if i >= 0 {
        let u = i as u64;
        if u < 0x80 {
            out.push(u as u8);
        } else if u <= 0xff {
            out.extend_from_slice(&[0xcc, u as u8]);
        } else if u <= 0xffff {
            out.push(0xcd);
            out.extend_from_slice(&(u as u16).to_be_bytes());
        } else if u <= 0xffff_ffff {
            out.push(0xce);
            out.extend_from_slice(&(u as u32).to_be_bytes());
        } else {
            out.push(0xcf);
            out.extend_from_slice(&u.to_be_bytes());
        }
    } else if i >= -32 {
        out.push(i as i8 as u8);
    } else if i >= i8::MIN as i64 {
        out.extend_from_slice(&[0xd0, i as i8 as u8]);
    } else if i >= i16::MIN as i64 {
        out.push(0xd1);
        out.extend_from_slice(&(i as i16).to_be_bytes());
    } else if i >= i32::MIN as i64 {
        out.push(0xd2);
        out.extend_from_slice(&(i as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&i.to_be_bytes());
    }
}

/// Appends a float 64.
pub fn put_float(out: &mut Vec<u8>, f: f64) {
    out.push(0xcb);
    out.extend_from_slice(&f.to_bits().to_be_bytes());
}

fn put_len(out: &mut Vec<u8>, n: usize, fix: Option<(u8, usize)>, m8: Option<u8>, m16: u8, m32: u8) {
    match fix {
        Some((base, max)) if n <= max => {
            out.push(base | n as u8);
            return;
        }
        _ => {}
    }
    match m8 {
        Some(m) if n <= 0xff => {
            out.extend_from_slice(&[m, n as u8]);
            return;
        }
        _ => {}
    }
    if n <= 0xffff {
        out.push(m16);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(m32);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
}

/// Appends a str.
pub fn put_str(out: &mut Vec<u8>, s: &str) {
    put_len(out, s.len(), Some((0xa0, 31)), Some(0xd9), 0xda, 0xdb);
    out.extend_from_slice(s.as_bytes());
}

/// Appends a bin.
pub fn put_bin(out: &mut Vec<u8>, b: &[u8]) {
    put_len(out, b.len(), None, Some(0xc4), 0xc5, 0xc6);
    out.extend_from_slice(b);
}

/// Appends an array header for `n` items (the items follow).
pub fn put_array_len(out: &mut Vec<u8>, n: usize) {
    put_len(out, n, Some((0x90, 15)), None, 0xdc, 0xdd);
}

/// Appends a map header for `n` pairs (the keys and values follow, alternating).
pub fn put_map_len(out: &mut Vec<u8>, n: usize) {
    put_len(out, n, Some((0x80, 15)), None, 0xde, 0xdf);
}

/// Appends the encoding of `v`.
pub fn put_value(out: &mut Vec<u8>, v: &Value) {
    match v {
        Value::Nil => put_nil(out),
        Value::Bool(b) => put_bool(out, *b),
        Value::Int(i) => put_int(out, *i),
        Value::Float(f) => put_float(out, *f),
        Value::Str(s) => put_str(out, s),
        Value::Bin(b) => put_bin(out, b),
        Value::Array(a) => {
            put_array_len(out, a.len());
            for x in a {
                put_value(out, x);
            }
        }
        Value::Map(m) => {
            put_map_len(out, m.len());
            for (k, x) in m {
                put_value(out, k);
                put_value(out, x);
            }
        }
    }
}

/// The encoding of `v`.
pub fn encode(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    put_value(&mut out, v);
    out
}

// ---------------------------------------------------------------- decoding

/// Decodes exactly one value from `data` (trailing bytes are an error).
pub fn decode(data: &[u8]) -> Result<Value> {
    let mut d = Decoder { data, pos: 0 };
    let v = d.value(0)?;
    if d.pos != data.len() {
        return Err(Error::bad_input(format!(
            "msgpack: {} trailing bytes after the value",
            data.len() - d.pos
        )));
    }
    Ok(v)
}

struct Decoder<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Decoder<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.data.len() - self.pos < n {
            return Err(Error::bad_input("msgpack: unexpected end of data"));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn be(&mut self, n: usize) -> Result<u64> {
        let b = self.take(n)?;
        let mut x = 0u64;
        for &c in b {
            x = (x << 8) | c as u64;
        }
        Ok(x)
    }
    fn str(&mut self, n: usize) -> Result<Value> {
        let b = self.take(n)?;
        match core::str::from_utf8(b) {
            Ok(s) => Ok(Value::Str(s.to_string())),
            Err(_) => Err(Error::bad_input("msgpack: str is not valid UTF-8")),
        }
    }
    fn bin(&mut self, n: usize) -> Result<Value> {
        Ok(Value::Bin(self.take(n)?.to_vec()))
    }
    fn array(&mut self, n: usize, depth: usize) -> Result<Value> {
        // Each item takes at least one byte: refuse absurd lengths before allocating.
        if n > self.data.len() - self.pos {
            return Err(Error::bad_input("msgpack: unexpected end of data"));
        }
        let mut a = Vec::with_capacity(n);
        for _ in 0..n {
            a.push(self.value(depth + 1)?);
        }
        Ok(Value::Array(a))
    }
    fn map(&mut self, n: usize, depth: usize) -> Result<Value> {
        if n > (self.data.len() - self.pos) / 2 {
            return Err(Error::bad_input("msgpack: unexpected end of data"));
        }
        let mut m = Vec::with_capacity(n);
        for _ in 0..n {
            let k = self.value(depth + 1)?;
            let v = self.value(depth + 1)?;
            m.push((k, v));
        }
        Ok(Value::Map(m))
    }
    fn value(&mut self, depth: usize) -> Result<Value> {
        if depth > MAX_DEPTH {
            return Err(Error::bad_input("msgpack: nested too deeply"));
        }
        let b = self.u8()?;
        match b {
            0x00..=0x7f => Ok(Value::Int(b as i64)),
            0x80..=0x8f => self.map((b & 0x0f) as usize, depth),
            0x90..=0x9f => self.array((b & 0x0f) as usize, depth),
            0xa0..=0xbf => self.str((b & 0x1f) as usize),
            0xc0 => Ok(Value::Nil),
            0xc2 => Ok(Value::Bool(false)),
            0xc3 => Ok(Value::Bool(true)),
            0xc4 => {
                let n = self.be(1)? as usize;
                self.bin(n)
            }
            0xc5 => {
                let n = self.be(2)? as usize;
                self.bin(n)
            }
            0xc6 => {
                let n = self.be(4)? as usize;
                self.bin(n)
            }
            0xca => Ok(Value::Float(f32::from_bits(self.be(4)? as u32) as f64)),
            0xcb => Ok(Value::Float(f64::from_bits(self.be(8)?))),
            0xcc => Ok(Value::Int(self.be(1)? as i64)),
            0xcd => Ok(Value::Int(self.be(2)? as i64)),
            0xce => Ok(Value::Int(self.be(4)? as i64)),
            0xcf => {
                let u = self.be(8)?;
                if u > i64::MAX as u64 {
                    Err(Error::bad_input("msgpack: uint 64 does not fit in i64"))
                } else {
                    Ok(Value::Int(u as i64))
                }
            }
            0xd0 => Ok(Value::Int(self.be(1)? as u8 as i8 as i64)),
            0xd1 => Ok(Value::Int(self.be(2)? as u16 as i16 as i64)),
            0xd2 => Ok(Value::Int(self.be(4)? as u32 as i32 as i64)),
            0xd3 => Ok(Value::Int(self.be(8)? as i64)),
            0xd9 => {
                let n = self.be(1)? as usize;
                self.str(n)
            }
            0xda => {
                let n = self.be(2)? as usize;
                self.str(n)
            }
            0xdb => {
                let n = self.be(4)? as usize;
                self.str(n)
            }
            0xdc => {
                let n = self.be(2)? as usize;
                self.array(n, depth)
            }
            0xdd => {
                let n = self.be(4)? as usize;
                self.array(n, depth)
            }
            0xde => {
                let n = self.be(2)? as usize;
                self.map(n, depth)
            }
            0xdf => {
                let n = self.be(4)? as usize;
                self.map(n, depth)
            }
            0xe0..=0xff => Ok(Value::Int(b as i8 as i64)),
            0xc1 => Err(Error::bad_input("msgpack: byte 0xc1 is never used")),
            _ => Err(Error::bad_input("msgpack: extension types are not supported")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(v: Value) {
        let b = encode(&v);
        assert_eq!(decode(&b).unwrap(), v, "bytes {:02x?}", b);
    }

    #[test]
    fn round_trips() {
        for i in [
            0i64, 1, 127, 128, 255, 256, 65535, 65536, 4294967295, 4294967296, i64::MAX, -1, -32,
            -33, -128, -129, -32768, -32769, -2147483648, -2147483649, i64::MIN,
        ] {
            rt(Value::Int(i));
        }
        rt(Value::Nil);
        rt(Value::Bool(true));
        rt(Value::Bool(false));
        rt(Value::Float(1.5));
        rt(Value::Float(-0.0));
        for n in [0usize, 31, 32, 255, 256, 65535, 65536] {
            rt(Value::Str("x".repeat(n)));
            rt(Value::Bin(vec![7u8; n]));
        }
        for n in [0usize, 15, 16, 65535, 65536] {
            rt(Value::Array(vec![Value::Nil; n]));
            rt(Value::Map(vec![(Value::Int(1), Value::Str("é".into())); n]));
        }
        rt(Value::Array(vec![
            Value::Str("SELECT ?".into()),
            Value::Array(vec![Value::Int(-5), Value::Float(2.25), Value::Bin(vec![0, 255])]),
        ]));
    }

    #[test]
    fn smallest_ints() {
        assert_eq!(encode(&Value::Int(5)), vec![5]);
        assert_eq!(encode(&Value::Int(-1)), vec![0xff]);
        assert_eq!(encode(&Value::Int(200)), vec![0xcc, 200]);
        assert_eq!(encode(&Value::Int(-100)), vec![0xd0, 0x9c]);
        assert_eq!(encode(&Value::Str("ab".into())), vec![0xa2, b'a', b'b']);
    }

    #[test]
    fn decodes_other_formats() {
        assert_eq!(decode(&[0xca, 0x3f, 0xc0, 0, 0]).unwrap(), Value::Float(1.5));
        assert_eq!(decode(&[0xcd, 0, 5]).unwrap(), Value::Int(5));
        assert_eq!(decode(&[0xd9, 1, b'z']).unwrap(), Value::Str("z".into()));
        assert_eq!(decode(&[0xdc, 0, 1, 0xc0]).unwrap(), Value::Array(vec![Value::Nil]));
    }

    #[test]
    fn errors() {
        assert!(decode(&[]).is_err());
        assert!(decode(&[0xc1]).is_err());
        assert!(decode(&[0xd4, 0, 0]).is_err()); // fixext 1
        assert!(decode(&[0x01, 0x02]).is_err()); // trailing
        assert!(decode(&[0xa2, 0xff, 0xfe]).is_err()); // bad UTF-8
        assert!(decode(&[0xdd, 0xff, 0xff, 0xff, 0xff]).is_err()); // huge array
        assert!(decode(&[0xcf, 0xff, 0, 0, 0, 0, 0, 0, 0]).is_err());
        let deep = vec![0x91u8; 1000];
        assert!(decode(&deep).is_err());
    }
}
