//! SQL on the object's SQLite database (ABI.md section 4.3).
//!
//! ```ignore
//! use sobjects::{sql, params};
//! sql::exec("CREATE TABLE IF NOT EXISTS t(k TEXT PRIMARY KEY, v INTEGER)", &[])?;
//! sql::exec("INSERT INTO t VALUES (?, ?)", params!["a", 1])?;
//! let n = sql::exec("SELECT count(*) FROM t", &[])?.one()?.get_i64(0)?;
//! ```

use crate::error::{Error, Result};
use crate::ffi;
use crate::msgpack::{self, Value};

/// A SQL value: a parameter or a column value.
///
/// Parameters convert from `i64`/`i32`/`u32`/... (INTEGER), `bool` (INTEGER 0/1), `f64`
/// (REAL), `&str`/`String` (TEXT), `&[u8]`/`Vec<u8>` (BLOB), [`Null`] and `Option<T>`
/// (`None` is NULL).
#[derive(Clone, Debug, PartialEq)]
pub enum SqlValue {
    /// NULL
    Null,
    /// INTEGER
    Int(i64),
    /// REAL
    Float(f64),
    /// TEXT
    Text(String),
    /// BLOB
    Blob(Vec<u8>),
}

/// The SQL NULL, as a parameter: `params![Null]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Null;

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for SqlValue {
            fn from(v: $t) -> SqlValue { SqlValue::Int(v as i64) }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32);
impl From<bool> for SqlValue {
    fn from(v: bool) -> SqlValue {
        SqlValue::Int(v as i64)
    }
}
impl From<f64> for SqlValue {
    fn from(v: f64) -> SqlValue {
        SqlValue::Float(v)
    }
}
impl From<f32> for SqlValue {
    fn from(v: f32) -> SqlValue {
        SqlValue::Float(v as f64)
    }
}
impl From<&str> for SqlValue {
    fn from(v: &str) -> SqlValue {
        SqlValue::Text(v.to_string())
    }
}
impl From<String> for SqlValue {
    fn from(v: String) -> SqlValue {
        SqlValue::Text(v)
    }
}
impl From<&String> for SqlValue {
    fn from(v: &String) -> SqlValue {
        SqlValue::Text(v.clone())
    }
}
impl From<&[u8]> for SqlValue {
    fn from(v: &[u8]) -> SqlValue {
        SqlValue::Blob(v.to_vec())
    }
}
impl From<Vec<u8>> for SqlValue {
    fn from(v: Vec<u8>) -> SqlValue {
        SqlValue::Blob(v)
    }
}
impl From<Null> for SqlValue {
    fn from(_: Null) -> SqlValue {
        SqlValue::Null
    }
}
impl<T: Into<SqlValue>> From<Option<T>> for SqlValue {
    fn from(v: Option<T>) -> SqlValue {
        match v {
            Some(v) => v.into(),
            None => SqlValue::Null,
        }
    }
}

impl SqlValue {
    /// True for NULL.
    pub fn is_null(&self) -> bool {
        matches!(self, SqlValue::Null)
    }
    /// The integer of an INTEGER.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            SqlValue::Int(i) => Some(*i),
            _ => None,
        }
    }
    /// The number of a REAL or INTEGER.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            SqlValue::Float(f) => Some(*f),
            SqlValue::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
    /// The text of a TEXT.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            SqlValue::Text(s) => Some(s),
            _ => None,
        }
    }
    /// The bytes of a BLOB or TEXT.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            SqlValue::Blob(b) => Some(b),
            SqlValue::Text(s) => Some(s.as_bytes()),
            _ => None,
        }
    }
    /// The SQLite type name: NULL, INTEGER, REAL, TEXT or BLOB.
    pub fn type_name(&self) -> &'static str {
        match self {
            SqlValue::Null => "NULL",
            SqlValue::Int(_) => "INTEGER",
            SqlValue::Float(_) => "REAL",
            SqlValue::Text(_) => "TEXT",
            SqlValue::Blob(_) => "BLOB",
        }
    }

    fn put(&self, out: &mut Vec<u8>) {
        match self {
            SqlValue::Null => msgpack::put_nil(out),
            SqlValue::Int(i) => msgpack::put_int(out, *i),
            SqlValue::Float(f) => msgpack::put_float(out, *f),
            SqlValue::Text(s) => msgpack::put_str(out, s),
            SqlValue::Blob(b) => msgpack::put_bin(out, b),
        }
    }

    fn from_msgpack(v: Value) -> Result<SqlValue> {
        Ok(match v {
            Value::Nil => SqlValue::Null,
            Value::Int(i) => SqlValue::Int(i),
            Value::Bool(b) => SqlValue::Int(b as i64),
            Value::Float(f) => SqlValue::Float(f),
            Value::Str(s) => SqlValue::Text(s),
            Value::Bin(b) => SqlValue::Blob(b),
            _ => return Err(Error::internal("sql_exec: unexpected value type in a row")),
        })
    }
}

/// One result row: a value per column. Dereferences to `[SqlValue]`.
///
/// The typed getters fail with code `internal` when the column index is out of range or
/// the value has another type (a plugin bug, not bad input).
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<SqlValue>);

impl core::ops::Deref for Row {
    type Target = [SqlValue];
    fn deref(&self) -> &[SqlValue] {
        &self.0
    }
}

impl Row {
    fn col(&self, idx: usize) -> Result<&SqlValue> {
        self.0
            .get(idx)
            .ok_or_else(|| Error::internal(format!("column {} out of range ({} columns)", idx, self.0.len())))
    }
    fn mismatch(&self, idx: usize, want: &str) -> Error {
        let got = self.0.get(idx).map(SqlValue::type_name).unwrap_or("?");
        Error::internal(format!("column {} is {}, not {}", idx, got, want))
    }
    /// Column `idx` as an INTEGER (NULL is an error).
    pub fn get_i64(&self, idx: usize) -> Result<i64> {
        self.col(idx)?.as_i64().ok_or_else(|| self.mismatch(idx, "INTEGER"))
    }
    /// Column `idx` as an INTEGER or NULL.
    pub fn get_opt_i64(&self, idx: usize) -> Result<Option<i64>> {
        match self.col(idx)? {
            SqlValue::Null => Ok(None),
            v => v.as_i64().map(Some).ok_or_else(|| self.mismatch(idx, "INTEGER")),
        }
    }
    /// Column `idx` as a bool (an INTEGER, non-zero is true).
    pub fn get_bool(&self, idx: usize) -> Result<bool> {
        Ok(self.get_i64(idx)? != 0)
    }
    /// Column `idx` as a REAL (an INTEGER is converted).
    pub fn get_f64(&self, idx: usize) -> Result<f64> {
        self.col(idx)?.as_f64().ok_or_else(|| self.mismatch(idx, "REAL"))
    }
    /// Column `idx` as a REAL or NULL.
    pub fn get_opt_f64(&self, idx: usize) -> Result<Option<f64>> {
        match self.col(idx)? {
            SqlValue::Null => Ok(None),
            v => v.as_f64().map(Some).ok_or_else(|| self.mismatch(idx, "REAL")),
        }
    }
    /// Column `idx` as TEXT.
    pub fn get_str(&self, idx: usize) -> Result<&str> {
        self.col(idx)?.as_str().ok_or_else(|| self.mismatch(idx, "TEXT"))
    }
    /// Column `idx` as TEXT or NULL.
    pub fn get_opt_str(&self, idx: usize) -> Result<Option<&str>> {
        match self.col(idx)? {
            SqlValue::Null => Ok(None),
            v => v.as_str().map(Some).ok_or_else(|| self.mismatch(idx, "TEXT")),
        }
    }
    /// Column `idx` as bytes (a BLOB, or the UTF-8 of a TEXT).
    pub fn get_bytes(&self, idx: usize) -> Result<&[u8]> {
        self.col(idx)?.as_bytes().ok_or_else(|| self.mismatch(idx, "BLOB"))
    }
    /// The values, by value.
    pub fn into_values(self) -> Vec<SqlValue> {
        self.0
    }
}

/// The result of [`exec`]: columns, rows and counters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cursor {
    /// Column names of the last statement that returns columns (empty if none did).
    pub columns: Vec<String>,
    /// All rows, in order.
    pub rows: Vec<Row>,
    /// Rows returned plus rows stepped over by full scans.
    pub rows_read: i64,
    /// Rows inserted, updated or deleted.
    pub rows_written: i64,
}

impl Cursor {
    /// Column names.
    pub fn columns(&self) -> &[String] {
        &self.columns
    }
    /// The index of column `name`, if any.
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
    /// The rows.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    /// Rows read (returned plus full-scan steps).
    pub fn rows_read(&self) -> i64 {
        self.rows_read
    }
    /// Rows inserted, updated or deleted.
    pub fn rows_written(&self) -> i64 {
        self.rows_written
    }
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }
    /// True when there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
    /// The first row; `not_found` ("query returned no rows") when there is none.
    pub fn one(self) -> Result<Row> {
        self.first().ok_or_else(|| Error::not_found("query returned no rows"))
    }
    /// The first row, if any.
    pub fn first(self) -> Option<Row> {
        self.rows.into_iter().next()
    }
    /// The rows, by value.
    pub fn into_rows(self) -> Vec<Row> {
        self.rows
    }
    /// Iterates over the rows.
    pub fn iter(&self) -> core::slice::Iter<'_, Row> {
        self.rows.iter()
    }
}

impl IntoIterator for Cursor {
    type Item = Row;
    type IntoIter = std::vec::IntoIter<Row>;
    fn into_iter(self) -> Self::IntoIter {
        self.rows.into_iter()
    }
}

impl<'a> IntoIterator for &'a Cursor {
    type Item = &'a Row;
    type IntoIter = core::slice::Iter<'a, Row>;
    fn into_iter(self) -> Self::IntoIter {
        self.rows.iter()
    }
}

/// Encodes a `sql_exec` request `[sql, params]`.
pub fn encode_request(sql: &str, params: &[SqlValue]) -> Vec<u8> {
    let mut out = Vec::with_capacity(sql.len() + 16);
    msgpack::put_array_len(&mut out, 2);
    msgpack::put_str(&mut out, sql);
    msgpack::put_array_len(&mut out, params.len());
    for p in params {
        p.put(&mut out);
    }
    out
}

/// Decodes a `sql_exec` result `[columns, rows, rows_read, rows_written]`.
pub fn decode_result(bytes: &[u8]) -> Result<Cursor> {
    let bad = || Error::internal("sql_exec: malformed result from the host");
    let v = msgpack::decode(bytes).map_err(|e| Error::internal(format!("sql_exec: {}", e.message)))?;
    let mut parts = match v {
        Value::Array(a) if a.len() == 4 => a.into_iter(),
        _ => return Err(bad()),
    };
    let (cols, rows, read, written) = (parts.next(), parts.next(), parts.next(), parts.next());
    let mut c = Cursor::default();
    match cols {
        Some(Value::Array(cols)) => {
            for col in cols {
                match col {
                    Value::Str(s) => c.columns.push(s),
                    _ => return Err(bad()),
                }
            }
        }
        _ => return Err(bad()),
    }
    match rows {
        Some(Value::Array(rows)) => {
            c.rows.reserve(rows.len());
            for row in rows {
                match row {
                    Value::Array(vals) => {
                        let row: Result<Vec<SqlValue>> = vals.into_iter().map(SqlValue::from_msgpack).collect();
                        c.rows.push(Row(row?));
                    }
                    _ => return Err(bad()),
                }
            }
        }
        _ => return Err(bad()),
    }
    c.rows_read = read.and_then(|v| v.as_i64()).ok_or_else(bad)?;
    c.rows_written = written.and_then(|v| v.as_i64()).ok_or_else(bad)?;
    Ok(c)
}

/// Runs `sql` with positional `params` in the call's transaction.
///
/// `sql` may hold several statements separated by `;`; each consumes as many parameters
/// as it has placeholders. The cursor is that of the last statement that returns columns
/// (or of the last statement). Limits: SQL text 100,000 bytes, 100 parameters per
/// statement (`too_large`).
///
/// Errors: `sql` (SQLite refused it; the message is SQLite's), `constraint`, `denied`
/// (transaction control, ATTACH, most PRAGMAs, tables named `_cf_*`), `too_large`.
pub fn exec(sql: &str, params: &[SqlValue]) -> Result<Cursor> {
    let req = encode_request(sql, params);
    let out = ffi::bytes(|op, oc| unsafe { ffi::sql_exec(ffi::ptr32(req.as_ptr()), req.len() as i32, op, oc) })?;
    decode_result(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_and_result() {
        let r = encode_request("SELECT ?", &[1.into(), "x".into(), Null.into(), None::<i64>.into(), true.into(), vec![1u8].into()]);
        assert_eq!(
            msgpack::decode(&r).unwrap(),
            Value::Array(vec![
                Value::Str("SELECT ?".into()),
                Value::Array(vec![Value::Int(1), Value::Str("x".into()), Value::Nil, Value::Nil, Value::Int(1), Value::Bin(vec![1])]),
            ])
        );
        let res = msgpack::encode(&Value::Array(vec![
            Value::Array(vec![Value::Str("a".into()), Value::Str("b".into())]),
            Value::Array(vec![Value::Array(vec![Value::Int(7), Value::Nil])]),
            Value::Int(3),
            Value::Int(0),
        ]));
        let c = decode_result(&res).unwrap();
        assert_eq!(c.columns, vec!["a", "b"]);
        assert_eq!(c.rows_read, 3);
        let row = c.one().unwrap();
        assert_eq!(row.get_i64(0).unwrap(), 7);
        assert_eq!(row.get_opt_str(1).unwrap(), None);
        assert!(row.get_str(0).is_err());
        assert!(row.get_i64(5).is_err());
    }
}
