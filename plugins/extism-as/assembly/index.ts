// extism-as: the counter of plugins/counter as an Extism plugin, written in
// AssemblyScript with @extism/as-pdk (build.sh beside it). It calls the sobjects host
// functions that the host offers Extism plugins in the namespace extism:host/user
// (abi/ABI.md, "Extism plugins").
//
// | method | input | output |
// |---|---|---|
// | increment | {"by": n} (default 1; empty input allowed) | {"value": total} |
// | get | (ignored) | {"value": total} (0 before the first increment) |
// | reset | (ignored) | {"value": 0} |
// | schedule_reset | {"in_ms": n} or {"at_ms": t} | {"at_ms": t} |
// | alarm (lifecycle) | | resets the counter to 0 |
// | fetch (lifecycle) | GET | 200, the value as text/plain; other methods 405 |

import { Host, Memory } from "@extism/as-pdk";

// The sobjects host functions this plugin uses. A handle is the offset of a block of
// Extism memory; a negative result is -code, with the message left for result_take.
@external("extism:host/user", "sql_exec")
declare function sql_exec(req: u64): i64;
@external("extism:host/user", "alarm_set")
declare function alarm_set(at_ms: i64): i64;
@external("extism:host/user", "now_ms")
declare function now_ms(): i64;
@external("extism:host/user", "fail")
declare function fail(code: i32, msg: u64): void;
@external("extism:host/user", "result_take")
declare function result_take(): u64;
@external("extism:host/env", "length")
declare function extism_length(h: u64): u64;

// Error codes (abi/ABI.md section 5).
const BAD_INPUT: i32 = 1;
const INTERNAL: i32 = 4;

// The failure of the running method: set by failWith, reported by finish.
let failCode: i32 = 0;
let failMsg: string = "";

function failWith(code: i32, msg: string): bool {
  failCode = code;
  failMsg = msg;
  return false;
}

// finish ends a method: its output, or fail with the recorded code and message.
function finish(ok: bool, out: Uint8Array | null = null): i32 {
  if (!ok) {
    const m = allocBytes(utf8(failMsg));
    fail(failCode, m.offset);
    m.free();
    failCode = 0;
    failMsg = "";
    return 1;
  }
  if (out !== null) Host.output(out);
  return 0;
}

// abort (asc --use abort=...) reports an AssemblyScript abort as the call's failure
// before the module traps.
function abort(message: string | null, file: string | null, line: u32, column: u32): void {
  let text = "abort";
  if (message !== null) text = message;
  let where = "?";
  if (file !== null) where = file;
  const m = allocBytes(utf8(text + " at " + where + ":" + line.toString() + ":" + column.toString()));
  fail(INTERNAL, m.offset);
  unreachable();
}

function utf8(s: string): Uint8Array {
  return Uint8Array.wrap(String.UTF8.encode(s));
}

// allocBytes copies b into a new block of Extism memory, 8 bytes per kernel call
// (Memory.allocateBytes stores one byte per call).
function allocBytes(b: Uint8Array): Memory {
  const m = Memory.allocate(<u64>b.length);
  m.store(b);
  return m;
}

function readHandle(h: u64): Uint8Array {
  if (h == 0) return new Uint8Array(0);
  const m = new Memory(h, extism_length(h));
  const b = m.toUint8Array();
  m.free();
  return b;
}

// check records a host function's failure; it returns false when r is negative.
function check(r: i64): bool {
  if (r >= 0) return true;
  return failWith(<i32>-r, String.UTF8.decode(readHandle(result_take()).buffer));
}

// ---- MessagePack (abi/ABI.md section 8), the little this plugin needs ----

class Encoder {
  buf: u8[] = [];
  byte(b: u32): void { this.buf.push(<u8>b); }
  be(v: u64, size: i32): void {
    for (let i = size - 1; i >= 0; i--) this.byte(<u32>((v >> (<u64>i * 8)) & 0xff));
  }
  arrayHeader(n: i32): void {
    if (n < 16) this.byte(0x90 | n);
    else { this.byte(0xdd); this.be(<u64>n, 4); }
  }
  int(v: i64): void {
    if (v >= 0 && v < 128) this.byte(<u32>v);
    else { this.byte(0xd3); this.be(<u64>v, 8); }
  }
  bytes(tag: u32, b: Uint8Array): void {
    this.byte(tag);
    this.be(<u64>b.length, 4);
    for (let i = 0; i < b.length; i++) this.byte(b[i]);
  }
  str(s: string): void { this.bytes(0xdb, utf8(s)); }
  bin(b: Uint8Array): void { this.bytes(0xc6, b); }
  header(name: string, value: string): void {
    this.arrayHeader(2);
    this.str(name);
    this.str(value);
  }
  done(): Uint8Array {
    const out = new Uint8Array(this.buf.length);
    for (let i = 0; i < this.buf.length; i++) out[i] = this.buf[i];
    return out;
  }
}

class Decoder {
  pos: i32 = 0;
  ok: bool = true;
  constructor(public b: Uint8Array) {}
  next(): u32 {
    if (this.pos >= this.b.length) { this.ok = false; return 0xc1; }
    return this.b[this.pos++];
  }
  be(size: i32): u64 {
    let v: u64 = 0;
    for (let i = 0; i < size; i++) v = (v << 8) | <u64>this.next();
    return v;
  }
  // arrayHeader reads an array's length, or -1 when the next value is not an array.
  arrayHeader(): i32 {
    const t = this.next();
    if ((t & 0xf0) == 0x90) return <i32>(t & 0x0f);
    if (t == 0xdc) return <i32>this.be(2);
    if (t == 0xdd) return <i32>this.be(4);
    this.ok = false;
    return -1;
  }
  // int reads an integer; nil reads as 0.
  int(): i64 {
    const t = this.next();
    if (t <= 0x7f) return <i64>t;
    if (t >= 0xe0) return <i64>(<i8>t);
    if (t == 0xc0) return 0;
    if (t >= 0xcc && t <= 0xcf) return <i64>this.be(1 << (t - 0xcc));
    if (t >= 0xd0 && t <= 0xd3) {
      const size = 1 << (t - 0xd0);
      const shift = <u64>(64 - 8 * size);
      return (<i64>(this.be(size) << shift)) >> shift;
    }
    this.ok = false;
    return 0;
  }
  // str reads a string (or bin) value.
  str(): string {
    const t = this.next();
    let n: i32 = -1;
    if ((t & 0xe0) == 0xa0) n = <i32>(t & 0x1f);
    else if (t == 0xd9 || t == 0xc4) n = <i32>this.be(1);
    else if (t == 0xda || t == 0xc5) n = <i32>this.be(2);
    else if (t == 0xdb || t == 0xc6) n = <i32>this.be(4);
    if (n < 0 || this.pos + n > this.b.length) { this.ok = false; return ""; }
    const s = String.UTF8.decode(this.b.slice(this.pos, this.pos + n).buffer);
    this.pos += n;
    return s;
  }
}

// exec runs SQL with integer parameters; the first column of its first row is left in
// execValue (0 when there is no row).
let execValue: i64 = 0;
let execRows: i32 = 0;

function exec(sql: string, params: i64[] = []): bool {
  const e = new Encoder();
  e.arrayHeader(2);
  e.str(sql);
  e.arrayHeader(params.length);
  for (let i = 0; i < params.length; i++) e.int(params[i]);
  const req = allocBytes(e.done());
  const r = sql_exec(req.offset);
  req.free();
  if (!check(r)) return false;
  // [columns, rows, rows_read, rows_written]
  const d = new Decoder(readHandle(<u64>r));
  d.arrayHeader();
  const ncols = d.arrayHeader();
  for (let i = 0; i < ncols; i++) d.str();
  execRows = d.arrayHeader();
  execValue = 0;
  if (execRows > 0 && d.arrayHeader() > 0) execValue = d.int();
  if (!d.ok) return failWith(INTERNAL, "malformed sql_exec result");
  return true;
}

// ---- JSON input: the integer fields of one object ----

class IntField {
  present: bool = false;
  value: i64 = 0;
}

function skipSpace(s: string, i: i32): i32 {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c != 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) break;
    i++;
  }
  return i;
}

// skipString returns the index after the string that starts at i (a quote), or -1.
function skipString(s: string, i: i32): i32 {
  for (i++; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 0x5c) i++;
    else if (c == 0x22) return i + 1;
  }
  return -1;
}

// skipValue returns the index after the JSON value that starts at i, or -1.
function skipValue(s: string, i: i32): i32 {
  if (i >= s.length) return -1;
  const c = s.charCodeAt(i);
  if (c == 0x22) return skipString(s, i);
  if (c == 0x7b || c == 0x5b) {
    let depth = 0;
    for (; i < s.length; i++) {
      const d = s.charCodeAt(i);
      if (d == 0x22) { i = skipString(s, i); if (i < 0) return -1; i--; }
      else if (d == 0x7b || d == 0x5b) depth++;
      else if (d == 0x7d || d == 0x5d) { depth--; if (depth == 0) return i + 1; }
    }
    return -1;
  }
  const start = i;
  while (i < s.length) {
    const d = s.charCodeAt(i);
    if (d == 0x2c || d == 0x7d || d == 0x5d || d == 0x20 || d == 0x09 || d == 0x0a || d == 0x0d) break;
    i++;
  }
  return i > start ? i : -1;
}

// isScalarOrComposite reports whether v, a value skipValue delimited, is a string, an
// array, true, false, null or a number.
function isScalarOrComposite(v: string): bool {
  const c = v.charCodeAt(0);
  if (c == 0x22 || c == 0x5b) return true;
  if (v == "true" || v == "false" || v == "null") return true;
  let digits = 0;
  for (let k = 0; k < v.length; k++) {
    const d = v.charCodeAt(k);
    if (d >= 0x30 && d <= 0x39) digits++;
    else if (d != 0x2d && d != 0x2b && d != 0x2e && d != 0x65 && d != 0x45) return false;
  }
  return digits > 0;
}

// intField reads the integer field key of the JSON object in; an empty input, or a
// JSON value that is not an object, has no fields. It records a bad_input failure and
// returns null when the input is not JSON or the field is not an integer.
function intField(input: string, key: string): IntField | null {
  const f = new IntField();
  let i = skipSpace(input, 0);
  if (i == input.length) return f;
  if (input.charCodeAt(i) != 0x7b) {
    // Another JSON value has no fields, as in sdk-rust; text that is not JSON is refused.
    const end = skipValue(input, i);
    if (end > 0 && skipSpace(input, end) == input.length && isScalarOrComposite(input.substring(i, end))) return f;
    failWith(BAD_INPUT, "input is not valid JSON");
    return null;
  }
  i = skipSpace(input, i + 1);
  if (i < input.length && input.charCodeAt(i) == 0x7d) return f;
  while (i < input.length) {
    if (input.charCodeAt(i) != 0x22) break;
    const end = skipString(input, i);
    if (end < 0) break;
    const name = input.substring(i + 1, end - 1);
    i = skipSpace(input, end);
    if (i >= input.length || input.charCodeAt(i) != 0x3a) break;
    i = skipSpace(input, i + 1);
    const vend = skipValue(input, i);
    if (vend < 0) break;
    if (name == key) {
      const text = input.substring(i, vend);
      let digits = text.startsWith("-") ? text.substring(1) : text;
      let ok = digits.length > 0 && digits.length <= 18;
      for (let k = 0; k < digits.length; k++) {
        const d = digits.charCodeAt(k);
        if (d < 0x30 || d > 0x39) ok = false;
      }
      if (text == "null") {
        f.present = false;
      } else if (!ok) {
        failWith(BAD_INPUT, "\"" + key + "\" must be an integer");
        return null;
      } else {
        f.present = true;
        f.value = I64.parseInt(text);
      }
    }
    i = skipSpace(input, vend);
    if (i < input.length && input.charCodeAt(i) == 0x2c) { i = skipSpace(input, i + 1); continue; }
    if (i < input.length && input.charCodeAt(i) == 0x7d && skipSpace(input, i + 1) == input.length) return f;
    break;
  }
  failWith(BAD_INPUT, "input is not valid JSON");
  return null;
}

// ---- the counter ----

const RESET_SQL = "INSERT INTO counter(id, value) VALUES (1, 0) ON CONFLICT(id) DO UPDATE SET value = 0";

function value(n: i64): Uint8Array {
  return utf8("{\"value\":" + n.toString() + "}");
}

export function init(): i32 {
  return finish(exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)"));
}

export function increment(): i32 {
  const by = intField(Host.inputString(), "by");
  if (by === null) return finish(false);
  const n: i64 = by.present ? by.value : 1;
  if (!exec("INSERT INTO counter(id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", [n])) {
    return finish(false);
  }
  return finish(true, value(execValue));
}

export function get(): i32 {
  if (!exec("SELECT value FROM counter WHERE id = 1")) return finish(false);
  return finish(true, value(execValue));
}

export function reset(): i32 {
  if (!exec(RESET_SQL)) return finish(false);
  return finish(true, value(0));
}

export function schedule_reset(): i32 {
  const input = Host.inputString();
  const atMs = intField(input, "at_ms");
  if (atMs === null) return finish(false);
  const inMs = intField(input, "in_ms");
  if (inMs === null) return finish(false);
  let at: i64 = 0;
  if (atMs.present) at = atMs.value;
  else if (inMs.present) at = now_ms() + inMs.value;
  else return finish(failWith(BAD_INPUT, "give \"in_ms\" or \"at_ms\""));
  if (!check(alarm_set(at))) return finish(false);
  return finish(true, utf8("{\"at_ms\":" + at.toString() + "}"));
}

export function alarm(): i32 {
  return finish(exec(RESET_SQL));
}

export function fetch(): i32 {
  // [method, url, headers, body] -> [status, headers, body] (abi/ABI.md section 7)
  const d = new Decoder(Host.input());
  const n = d.arrayHeader();
  const method = d.str();
  if (!d.ok || n != 4) return finish(failWith(BAD_INPUT, "fetch: malformed request"));
  const e = new Encoder();
  e.arrayHeader(3);
  if (method != "GET") {
    e.int(405);
    e.arrayHeader(2);
    e.header("content-type", "text/plain; charset=utf-8");
    e.header("allow", "GET");
    e.bin(utf8("method not allowed\n"));
    return finish(true, e.done());
  }
  if (!exec("SELECT value FROM counter WHERE id = 1")) return finish(false);
  e.int(200);
  e.arrayHeader(1);
  e.header("content-type", "text/plain; charset=utf-8");
  e.bin(utf8(execValue.toString()));
  return finish(true, e.done());
}
