//! The `fetch` export's request and response (ABI.md section 7).

use crate::error::{Error, Result};
use crate::json::Json;
use crate::msgpack::{self, Value};

/// An HTTP request as the host passes it to `fetch`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Request {
    /// The HTTP method, e.g. `"GET"`.
    pub method: String,
    /// The path and query after `/v1/objects/{class}/{name}/fetch`; at least `"/"`.
    pub url: String,
    /// Header `(name, value)` pairs as the host passes them.
    pub headers: Vec<(String, String)>,
    /// The request body.
    pub body: Vec<u8>,
}

fn pairs(v: Value) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    match v {
        Value::Array(a) => {
            for h in a {
                match h {
                    Value::Array(p) if p.len() == 2 => {
                        let mut p = p.into_iter();
                        match (p.next(), p.next()) {
                            (Some(Value::Str(n)), Some(Value::Str(v))) => out.push((n, v)),
                            _ => return None,
                        }
                    }
                    _ => return None,
                }
            }
            Some(out)
        }
        _ => None,
    }
}

fn put_pairs(out: &mut Vec<u8>, h: &[(String, String)]) {
    msgpack::put_array_len(out, h.len());
    for (n, v) in h {
        msgpack::put_array_len(out, 2);
        msgpack::put_str(out, n);
        msgpack::put_str(out, v);
    }
}

impl Request {
    /// Decodes `[method, url, headers, body]`; `bad_input` when malformed.
    pub fn decode(input: &[u8]) -> Result<Request> {
        let bad = || Error::bad_input("fetch input must be [method, url, headers, body]");
        let a = match msgpack::decode(input).map_err(|_| bad())? {
            Value::Array(a) if a.len() == 4 => a,
            _ => return Err(bad()),
        };
        let mut it = a.into_iter();
        let method = match it.next() {
            Some(Value::Str(s)) => s,
            _ => return Err(bad()),
        };
        let url = match it.next() {
            Some(Value::Str(s)) => s,
            _ => return Err(bad()),
        };
        let headers = it.next().and_then(pairs).ok_or_else(bad)?;
        let body = match it.next() {
            Some(Value::Bin(b)) => b,
            Some(Value::Str(s)) => s.into_bytes(),
            Some(Value::Nil) => Vec::new(),
            _ => return Err(bad()),
        };
        Ok(Request { method, url, headers, body })
    }

    /// Encodes as the host does (for tests).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        msgpack::put_array_len(&mut out, 4);
        msgpack::put_str(&mut out, &self.method);
        msgpack::put_str(&mut out, &self.url);
        put_pairs(&mut out, &self.headers);
        msgpack::put_bin(&mut out, &self.body);
        out
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The path: `url` before any `?`.
    pub fn path(&self) -> &str {
        self.url.split('?').next().unwrap_or("/")
    }

    /// The query: `url` after the first `?`, if any (not decoded).
    pub fn query(&self) -> Option<&str> {
        self.url.split_once('?').map(|(_, q)| q)
    }

    /// The body as UTF-8 text; `bad_input` if it is not UTF-8.
    pub fn body_str(&self) -> Result<&str> {
        core::str::from_utf8(&self.body).map_err(|_| Error::bad_input("request body is not UTF-8"))
    }

    /// The body parsed as JSON (`Json::Null` when empty); `bad_input` when invalid.
    pub fn json(&self) -> Result<Json> {
        if self.body.is_empty() {
            Ok(Json::Null)
        } else {
            Json::parse_bytes(&self.body)
        }
    }
}

/// An HTTP response returned from `fetch`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The HTTP status, e.g. 200.
    pub status: u16,
    /// Header `(name, value)` pairs.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A response with `status`, no headers and no body.
    pub fn new(status: u16) -> Response {
        Response { status, headers: Vec::new(), body: Vec::new() }
    }
    /// A `text/plain; charset=utf-8` response.
    pub fn text(status: u16, body: impl Into<String>) -> Response {
        Response::new(status).header("content-type", "text/plain; charset=utf-8").body(body.into().into_bytes())
    }
    /// An `application/json` response with the compact text of `body`.
    pub fn json(status: u16, body: &Json) -> Response {
        Response::new(status).header("content-type", "application/json").body(body.to_bytes())
    }
    /// Adds a header.
    pub fn header(mut self, name: &str, value: &str) -> Response {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
    /// Sets the body.
    pub fn body(mut self, body: impl Into<Vec<u8>>) -> Response {
        self.body = body.into();
        self
    }
    /// Encodes as the `fetch` output `[status, headers, body]`.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.body.len() + 32);
        msgpack::put_array_len(&mut out, 3);
        msgpack::put_int(&mut out, self.status as i64);
        put_pairs(&mut out, &self.headers);
        msgpack::put_bin(&mut out, &self.body);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let r = Request {
            method: "POST".into(),
            url: "/a?b=1".into(),
            headers: vec![("Content-Type".into(), "x".into())],
            body: b"hi".to_vec(),
        };
        let d = Request::decode(&r.encode()).unwrap();
        assert_eq!(d, r);
        assert_eq!(d.header("content-type"), Some("x"));
        assert_eq!(d.path(), "/a");
        assert_eq!(d.query(), Some("b=1"));
        let resp = Response::text(200, "ok").encode();
        assert_eq!(
            msgpack::decode(&resp).unwrap(),
            Value::Array(vec![
                Value::Int(200),
                Value::Array(vec![Value::Array(vec![
                    Value::Str("content-type".into()),
                    Value::Str("text/plain; charset=utf-8".into())
                ])]),
                Value::Bin(b"ok".to_vec()),
            ])
        );
    }
}
