// The JavaScript side of sobjects: what `cloudflare:workers` (and `sobjects:workers`)
// resolves to, the web APIs a Durable Object expects, and the dispatcher the host calls.
//
// The host evaluates this script once per engine instance, before the bundle. It talks
// to the host through one function, __sobjects_host(op, a, b): a and b are strings
// (mostly JSON texts, in the structured encoding below) or ArrayBuffers; the result is
// a string on success, or a negative number, -code, on failure, after which op PENDING
// returns the error message (the result convention of abi/ABI.md section 4.1).
(function () {
  "use strict";
  const hostFn = globalThis.__sobjects_host;
  // Strings cross to the host as C strings: one holding NUL crosses as its UTF-8 bytes.
  // A lone surrogate, which UTF-8 cannot hold, crosses as U+FFFD.
  const arg = (x) => (typeof x !== "string" ? x : x.indexOf("\0") >= 0 ? utf8Encode(x).buffer : x.isWellFormed() ? x : x.toWellFormed());
  const host = (op, a, b) => hostFn(op, arg(a), arg(b), 0);
  // hostBytes is host with byte arguments after the fourth, which cross as they are.
  const hostBytes = (op, a, b, bytes) => hostFn(op, arg(a), arg(b), 0, ...bytes);
  delete globalThis.__sobjects_host;
  // No file system, process or timers of the engine's own: everything goes through host.
  for (const name of ["std", "os", "bjson", "scriptArgs", "print", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "gc"]) {
    delete globalThis[name];
  }

  const OP = {
    SQL_EXEC: 1, KV_GET: 2, KV_PUT: 3, KV_DELETE: 4, KV_LIST: 5, TXN_BEGIN: 6, TXN_COMMIT: 7,
    TXN_ROLLBACK: 8, ALARM_SET: 9, ALARM_GET: 10, ALARM_DELETE: 11, CALL: 12, DB_SIZE: 13,
    LOG: 15, FAIL: 16, PENDING: 17, RANDOM: 18, FETCH_CALL: 19, RESPONSE: 20,
    SOURCE_POSITIONS: 65,
    UTF8_ENCODE: 21, UTF8_DECODE: 22, FETCH_BODY: 23, B64_ENCODE: 24, B64_DECODE: 25, BLOB: 26,
    CACHE_PUT: 60, CACHE_MATCH: 61, CACHE_DELETE: 62,
    CALL_START: 70, CALL_RESULT: 71,
    ID_FROM_NAME: 80, ID_UNIQUE: 81, ID_FROM_STRING: 82, ID_VALID: 83,
    STUB_EXPORTED: 85,
    STREAM_OPEN: 90, STREAM_WRITE: 91, STREAM_END: 92, STREAM_READ: 93, STREAM_RELEASE: 94,
    DIGEST: 30, SIGN: 31, VERIFY: 32, ENCRYPT: 33, DECRYPT: 34, DERIVE_BITS: 35, GENERATE_KEY: 36, IMPORT_KEY: 37, EXPORT_KEY: 38, PUBLIC_KEY: 39, COMPRESS: 40, DECOMPRESS: 41, TIMING_SAFE_EQUAL: 42, RANDOM_BYTES: 43,
    FETCH_START: 50, FETCH_WAIT: 51, FETCH_READ: 52, FETCH_CANCEL: 53,
    ASSETS_FETCH: 95, ASSETS_BODY: 96,
    WS_PAIR: 100, WS_ACCEPT: 101, WS_ACCEPT_HIB: 102, WS_SEND_TEXT: 103, WS_SEND_BINARY: 104, WS_CLOSE: 105, WS_RESPONSE: 106, WS_LIST: 107, WS_TAGS: 108, WS_ATTACHMENT: 109, WS_SET_ATTACHMENT: 110, WS_AUTO_RESPONSE: 111, WS_AUTO_TIME: 112, WS_EVENT_TIMEOUT: 113, WS_STATE: 114,
    WS_CONNECT: 115,
    MEM_APPEND: 120, MEM_IMAGE_BEGIN: 121, MEM_IMAGE_WRITE: 122, MEM_IMAGE_COMMIT: 123, MEM_IMAGE_ABORT: 124, MEM_READ: 125, MEM_SET_DEAD: 126, MEM_STATS: 127,
  };
  const CODES = ["", "bad_input", "not_found", "conflict", "internal", "too_large", "unavailable", "sql", "constraint", "denied", "cycle", "moved"];

  // ---- UTF-8 ----
  function utf8Encode(s) {
    s = String(s);
    const out = new Uint8Array(s.length * 3);
    let n = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) { out[n++] = c; continue; }
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
        else c = 0xfffd;
      } else if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
      if (c < 0x800) { out[n++] = 0xc0 | (c >> 6); out[n++] = 0x80 | (c & 63); }
      else if (c < 0x10000) { out[n++] = 0xe0 | (c >> 12); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63); }
      else { out[n++] = 0xf0 | (c >> 18); out[n++] = 0x80 | ((c >> 12) & 63); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63); }
    }
    return out.slice(0, n);
  }
  // utf8Decode decodes UTF-8 as the WHATWG Encoding Standard does
  // (https://encoding.spec.whatwg.org/#utf-8-decoder): each maximal ill-formed
  // subsequence becomes U+FFFD, or, with fatal, a TypeError. It returns the text and
  // where an incomplete sequence at the end starts (end when none), for stream decoding.
  function utf8DecodeAt(b, start, end, fatal, stream) {
    let s = "";
    let chunk = [];
    let i = start;
    while (i < end) {
      const c = b[i];
      if (c < 0x80) { chunk.push(c); i++; }
      else {
        let need = 0, lo = 0x80, hi = 0xbf, cp = 0;
        if (c >= 0xc2 && c <= 0xdf) { need = 1; cp = c & 0x1f; }
        else if (c >= 0xe0 && c <= 0xef) { need = 2; cp = c & 0xf; if (c === 0xe0) lo = 0xa0; if (c === 0xed) hi = 0x9f; }
        else if (c >= 0xf0 && c <= 0xf4) { need = 3; cp = c & 7; if (c === 0xf0) lo = 0x90; if (c === 0xf4) hi = 0x8f; }
        let j = i + 1, ok = need > 0;
        for (let k = 0; ok && k < need; k++, j++) {
          if (j >= end) { if (stream) return [s + String.fromCharCode.apply(null, chunk), i]; ok = false; break; }
          const d = b[j];
          if (d < lo || d > hi) { ok = false; break; }
          cp = (cp << 6) | (d & 0x3f);
          lo = 0x80; hi = 0xbf;
        }
        if (!ok) {
          if (fatal) throw new TypeError("The encoded data was not valid for encoding utf-8");
          chunk.push(0xfffd);
          i = Math.max(j, i + 1);
        } else {
          if (cp > 0xffff) { cp -= 0x10000; chunk.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 1023)); }
          else chunk.push(cp);
          i = j;
        }
      }
      if (chunk.length > 4096) { s += String.fromCharCode.apply(null, chunk); chunk = []; }
    }
    return [s + String.fromCharCode.apply(null, chunk), end];
  }
  const utf8Decode = (b, start = 0, end = b.length) => utf8DecodeAt(b, start, end, false, false)[0];
  function bytesOf(v) {
    if (v instanceof Uint8Array) return v;
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    throw new TypeError("expected an ArrayBuffer or a typed array");
  }

  // Long texts convert in the host, short ones here (a host call costs about as much as
  // converting a few dozen characters in the script).
  const encodeUTF8 = (s) => (s.length > 64 && s.indexOf("\0") < 0 ? new Uint8Array(host(OP.UTF8_ENCODE, s)) : utf8Encode(s));
  function decodeUTF8(b) {
    if (b.length > 64) {
      const r = host(OP.UTF8_DECODE, wholeBuffer(b));
      if (typeof r === "string") return r;
    }
    return utf8Decode(b);
  }
  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(s = "") { return encodeUTF8(String(s)); }
    encodeInto(s, dest) {
      s = String(s);
      let read = 0, written = 0;
      for (const ch of s) { // by code point: a whole character or nothing
        const bytes = utf8Encode(ch);
        if (written + bytes.length > dest.length) break;
        dest.set(bytes, written);
        written += bytes.length;
        read += ch.length;
      }
      return { read, written };
    }
  }
  class TextDecoder {
    constructor(label = "utf-8", options = {}) {
      if (!/^(unicode-1-1-)?utf-?8$/i.test(String(label).trim())) throw new RangeError(`TextDecoder: only utf-8 is supported, not ${label}`);
      this._fatal = Boolean(options.fatal);
      this._ignoreBOM = Boolean(options.ignoreBOM);
      this._pending = null; // the incomplete end of a stream's last chunk
      this._started = false;
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this._fatal; }
    get ignoreBOM() { return this._ignoreBOM; }
    decode(v, options = {}) {
      let b = v === undefined ? new Uint8Array(0) : bytesOf(v);
      const stream = Boolean(options.stream);
      if (this._pending) { const j = new Uint8Array(this._pending.length + b.length); j.set(this._pending); j.set(b, this._pending.length); b = j; this._pending = null; }
      let text, rest = b.length;
      if (!stream && !this._fatal && b.length > 64) text = decodeUTF8(b);
      else [text, rest] = utf8DecodeAt(b, 0, b.length, this._fatal, stream);
      if (rest < b.length) this._pending = b.slice(rest);
      if (!this._started && !this._ignoreBOM && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this._started = stream;
      return text;
    }
  }

  // ---- base64 ----
  // In the host: a script's loop over the characters costs a millisecond a kilobyte.
  // wholeBuffer is the ArrayBuffer of exactly b's bytes (b's own when it spans it), for
  // the host; a TypeError for a view of a detached buffer, whose bytes are gone.
  function wholeBuffer(b) {
    const buf = b.buffer;
    if (buf.detached) throw new TypeError("ArrayBuffer is detached");
    return b.byteOffset === 0 && b.byteLength === buf.byteLength ? buf : b.slice().buffer;
  }
  const b64encode = (b) => (b.length === 0 ? "" : host(OP.B64_ENCODE, wholeBuffer(b)));
  function b64decode(s) {
    const r = host(OP.B64_DECODE, String(s));
    if (typeof r === "number") throw new Error("invalid base64");
    return new Uint8Array(r);
  }
  globalThis.btoa = (s) => { s = String(s); const b = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c > 255) throw new DOMException("btoa: the string holds a character outside of Latin1", "InvalidCharacterError"); b[i] = c; } return b64encode(b); };
  globalThis.atob = (s) => String.fromCharCode.apply(null, Array.from(b64decode(s)));

  // ---- host calls ----
  // err.stack as V8 writes it, which Workers code and its tools parse: "Name: message",
  // then a line a frame, "    at fn (file:line:column)". The engine's own frames of
  // runtime.js are left out; the bundle's name the project's sources (sourcePositions).
  Error.prepareStackTrace = (err, frames) => {
    let out;
    try {
      const name = err.name === undefined ? "Error" : String(err.name), message = err.message === undefined ? "" : String(err.message);
      out = message ? name + ": " + message : name;
    } catch { out = "Error"; }
    const at = sourcePositions(frames);
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i], file = f.getFileName();
      if (file === "sobjects:runtime.js") continue;
      const fn = f.getFunctionName(), where = (at && at[i]) || (file ? `${file}:${f.getLineNumber()}:${f.getColumnNumber()}` : "native");
      out += fn ? `\n    at ${fn} (${where})` : `\n    at ${where}`;
    }
    return out;
  };
  class SobjectsError extends Error {
    constructor(code, message) {
      const known = typeof code === "number" ? CODES[code] : CODES.indexOf(code) > 0;
      super(known ? message : `${message} (SobjectsError with unknown code ${JSON.stringify(code)}: reported as internal)`);
      this.name = "SobjectsError";
      this.code = typeof code === "number" && known ? CODES[code] : code;
    }
  }
  // HOST_MADE marks the errors of host calls: one that a method lets go crosses a stub
  // call as workerd's would, an Error ("errors and members across calls").
  const HOST_MADE = Symbol("host error");
  function hostError(r) {
    const msg = host(OP.PENDING);
    if (r === -100) return remoteError(msg); // a stub call's error: "errors and members across calls"
    const code = CODES[-r] || "internal";
    const e = new SobjectsError(code, typeof msg === "string" ? msg : "");
    if (code === "sql" || code === "constraint" || code === "denied") e.name = "SqlError";
    e[HOST_MADE] = true;
    return e;
  }
  function call(op, a, b) {
    const r = host(op, a, b);
    if (typeof r === "number") throw hostError(r);
    return r;
  }
  const parse = (text) => {
    const b = bytesFromWire(text);
    if (b !== null) return b;
    return text.indexOf('"$t"') < 0 ? JSON.parse(text) : fromWire(JSON.parse(text));
  };
  // A SQL result's bytes values are {"$t": "Blob", "i": n}: the host hands over the
  // bytes themselves (OP.BLOB), right after the result and before any other host call.
  function fromSQL(v) {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = fromSQL(v[i]);
      return v;
    }
    if (v.$t === "Blob") {
      const r = host(OP.BLOB, String(v.i));
      if (typeof r === "number") throw hostError(r);
      return r;
    }
    return fromWire(v);
  }
  const sqlResult = (text) => new SqlStorageCursor(text.indexOf('"$t"') < 0 ? JSON.parse(text) : fromSQL(JSON.parse(text)));
  const callValue = (op, a, b) => parse(call(op, a, b));
  // startCall starts a call to another object, op CALL or FETCH_CALL with its a and b,
  // and returns a promise of its answer (for FETCH_CALL, [answer, body]). The host runs
  // the calls started once no promise job is left, all at once (hostop_calls.go), and
  // then settles each (__sobjects_settle).
  const startedCalls = new Map();
  function startCall(op, a, b) {
    const t = hostFn(OP.CALL_START, arg(a), arg(b), op);
    if (typeof t === "number") throw hostError(t);
    return new Promise((resolve, reject) => startedCalls.set(t, { op, resolve, reject }));
  }
  globalThis.__sobjects_settle = (ticket) => {
    const t = String(ticket), c = startedCalls.get(t);
    startedCalls.delete(t);
    const r = host(OP.CALL_RESULT, t);
    if (typeof r === "number") c.reject(hostError(r));
    else c.resolve(c.op === OP.FETCH_CALL ? [r, host(OP.FETCH_BODY)] : r);
  };

  // ---- structured values across calls and in storage (ABI.md section 11) ----
  // JSON, with the values JSON lacks written as {"$t": type, "v": ...}, as the
  // structured clone algorithm keeps them
  // (https://html.spec.whatwg.org/multipage/structured-data.html), as V8's serializer
  // does for workerd. Objects are numbered in the order toWire first meets them; an
  // object met again is {"$t": "Ref", "v": its number}, and a value holding one is
  // wrapped as {"$t": "Refs", "v": value}, so that decoding numbers objects only then.
  // cx is {first: the first object (number 0), ids: Map(object -> number) once there is
  // a second, refs: whether a Ref was written, rpc: whether the value crosses a call,
  // where a class instance cannot (below), not storage}.
  function toWire(v, cx = newWireCx(false)) {
    switch (typeof v) {
      case "undefined": return { $t: "undefined" };
      case "bigint": return { $t: "BigInt", v: v.toString() };
      case "number": return Number.isFinite(v) && (v !== 0 || 1 / v > 0) ? v : { $t: "Number", v: v === 0 ? "-0" : String(v) };
      case "string": case "boolean": return v;
      case "function": if (cx.rpc) return exportTarget(v); throw dataCloneError(`function ${v.name || "(anonymous)"}`); // "RPC stubs"
      case "symbol": throw dataCloneError(v.toString());
    }
    if (v === null) return null;
    let ids = cx.ids;
    if (ids === null) {
      if (cx.first === null) {
        if (typeof v.then === "function") throw dataCloneError("a Promise", ": await it first");
        cx.first = v;
        return toWireObject(v, cx);
      }
      ids = cx.ids = new Map([[cx.first, 0]]);
    }
    const id = ids.get(v);
    if (id !== undefined) { cx.refs = true; return { $t: "Ref", v: id }; }
    if (typeof v.then === "function") throw dataCloneError("a Promise", ": await it first");
    ids.set(v, ids.size);
    return toWireObject(v, cx);
  }
  const newWireCx = (rpc) => ({ first: null, ids: null, refs: false, rpc });
  const dataCloneError = (what, hint = "") => new DOMException(`${what} could not be cloned${hint}`, "DataCloneError");
  // toWireRoot is toWire for a whole value: wrapped in Refs when it holds a Ref.
  function toWireRoot(v, rpc) {
    const cx = newWireCx(rpc);
    const w = toWire(v, cx);
    return cx.refs ? { $t: "Refs", v: w } : w;
  }
  // The views that cross as their bytes, by Symbol.toStringTag; Uint8Array is bytes.
  const VIEWS = { Int8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView };
  if (typeof Float16Array === "function") VIEWS.Float16Array = Float16Array;
  const ERRORS = { EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  // setOwn defines o[k] as an own property, as JSON.parse does ("__proto__" included).
  const setOwn = (o, k, x) => Object.defineProperty(o, k, { value: x, writable: true, enumerable: true, configurable: true });
  function toWireObject(v, cx) {
    const p = Object.getPrototypeOf(v);
    if (p === Object.prototype) return toWirePlain(v, cx); // most objects: none of the below
    if (Array.isArray(v)) {
      let n = 0;
      const a = v.map((x) => { n++; return toWire(x, cx); }); // map skips holes
      if (n === v.length) return a;
      const items = [];
      a.forEach((x, i) => { items.push([i, x]); });
      return { $t: "Array", n: v.length, v: items };
    }
    if (v instanceof Date) { const t = v.getTime(); return { $t: "Date", v: t === t ? t : "NaN" }; }
    if (v instanceof Map) return { $t: "Map", v: Array.from(v, ([k, x]) => [toWire(k, cx), toWire(x, cx)]) };
    if (v instanceof Set) return { $t: "Set", v: Array.from(v, (x) => toWire(x, cx)) };
    if (v instanceof ArrayBuffer) return { $t: "ArrayBuffer", v: b64encode(new Uint8Array(v)) };
    if (v instanceof Uint8Array) return { $t: "Uint8Array", v: b64encode(v) };
    if (ArrayBuffer.isView(v)) {
      const t = v[Symbol.toStringTag] || "DataView";
      if (!hasOwn(VIEWS, t)) throw dataCloneError(t);
      return { $t: t, v: b64encode(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) };
    }
    if (v instanceof RegExp) return { $t: "RegExp", v: [v.source, v.flags] };
    if (v instanceof Boolean || v instanceof Number || v instanceof String || v instanceof BigInt) return { $t: "Boxed", v: toWire(v.valueOf(), cx) };
    if (v instanceof Error) {
      // As V8: the class by name, an own message, the stack, an own cause.
      const e = { name: String(v.name) };
      if (hasOwn(v, "message")) e.message = String(v.message);
      if (typeof v.stack === "string") e.stack = v.stack;
      if (hasOwn(v, "cause")) e.cause = toWire(v.cause, cx);
      return { $t: "Error", v: e };
    }
    if (v instanceof StreamBytes) return { $t: "ReadableStream", v: b64encode(v.bytes) };
    if (cx.rpc && v instanceof RpcTarget) return exportTarget(v); // "RPC stubs"
    if (v instanceof ResponseBytes) return { $t: "Response", v: v.wire };
    if (v instanceof ReadableStream) throw new TypeError("a ReadableStream can cross only as a method's result, not inside a value or as an argument");
    if (v instanceof WeakMap || v instanceof WeakSet || (typeof WeakRef === "function" && v instanceof WeakRef)) throw dataCloneError(`#<${v[Symbol.toStringTag]}>`);
    // Storage keeps a class instance as a plain object of its own fields; a call refuses
    // it, as workerd does. The runtime's classes that calls carry are left to the stubs.
    if (cx.rpc) {
      if (p !== null && !(v instanceof RpcTarget || v instanceof Request || v instanceof Response || v instanceof Headers || v instanceof Blob)) {
        const name = p.constructor && typeof p.constructor.name === "string" ? p.constructor.name : "Object";
        throw new DOMException(`Could not serialize object of type "${name}". This type does not support serialization.`, "DataCloneError");
      }
    }
    return toWirePlain(v, cx);
  }
  // toWirePlain is the wire of v's own enumerable properties.
  function toWirePlain(v, cx) {
    const o = {};
    for (const k of Object.keys(v)) {
      if (k === "__proto__") setOwn(o, k, toWire(v[k], cx));
      else o[k] = toWire(v[k], cx);
    }
    return "$t" in v ? { $t: "Object", v: o } : o;
  }
  // fromWire is the value of JSON.parse'd wire v: it rebuilds v's arrays and objects in
  // place. objs is the list of objects met so far inside a Refs, else null.
  function fromWire(v, objs = null) {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      if (objs !== null) objs.push(v);
      for (let i = 0; i < v.length; i++) v[i] = fromWire(v[i], objs);
      return v;
    }
    if (typeof v.$t === "string") {
      const t = v.$t;
      switch (t) {
        case "undefined": return undefined;
        case "BigInt": return BigInt(v.v);
        case "Number": return Number(v.v);
        case "Ref": {
          const o = objs !== null && typeof v.v === "number" ? objs[v.v] : undefined;
          if (o === undefined) throw new TypeError(`a reference to no object met before it (${v.v})`);
          return o;
        }
        case "Refs": return fromWire(v.v, []);
        case "Date": return met(new Date(v.v), objs);
        case "Map": {
          const m = met(new Map(), objs);
          for (const [k, x] of v.v) m.set(fromWire(k, objs), fromWire(x, objs));
          return m;
        }
        case "Set": {
          const s = met(new Set(), objs);
          for (const x of v.v) s.add(fromWire(x, objs));
          return s;
        }
        case "ArrayBuffer": return met(b64decode(v.v).buffer, objs);
        case "Uint8Array": return met(b64decode(v.v), objs);
        case "RegExp": return met(new RegExp(v.v[0], v.v[1]), objs);
        case "Boxed": return met(Object(fromWire(v.v, null)), objs);
        case "Array": {
          const a = met(new Array(v.n), objs);
          for (const [i, x] of v.v) a[i] = fromWire(x, objs);
          return a;
        }
        case "Error": {
          const w = v.v, C = hasOwn(ERRORS, w.name) ? ERRORS[w.name] : Error;
          const e = met(w.message === undefined ? new C() : new C(w.message), objs);
          if (typeof w.stack === "string") Object.defineProperty(e, "stack", { value: w.stack, writable: true, configurable: true });
          if (hasOwn(w, "cause")) Object.defineProperty(e, "cause", { value: fromWire(w.cause, objs), writable: true, configurable: true });
          return e;
        }
        case "ReadableStream": return met(streamOfBytes(b64decode(v.v)), objs);
        case "Stub": return met(targetStub(v.v), objs); // "RPC stubs"
        case "Response": return met(responseIn(v.v), objs);
        case "Object": v = v.v; break;
        case "args": return v;
        default:
          if (hasOwn(VIEWS, t)) {
            const b = b64decode(v.v), C = VIEWS[t];
            return met(C === DataView ? new DataView(b.buffer, b.byteOffset, b.byteLength) : new C(b.buffer, b.byteOffset, b.byteLength / C.BYTES_PER_ELEMENT), objs);
          }
      }
    }
    if (objs !== null) objs.push(v);
    for (const k of Object.keys(v)) {
      if (k === "__proto__") setOwn(v, k, fromWire(v[k], objs));
      else v[k] = fromWire(v[k], objs);
    }
    return v;
  }
  const met = (o, objs) => { if (objs !== null) objs.push(o); return o; };
  // encodeValue is the wire text of v as a call's argument or result; encodeStored as a
  // stored value. A finite number but -0, a boolean or null is its own JSON, and bytes
  // are their base64 between the halves of their tag (base64 has nothing JSON escapes):
  // JSON.stringify costs microseconds a call here, and 20 a KiB of base64, which it scans.
  function encodeValue(v, rpc = true) {
    if (v === null || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v) && (v !== 0 || 1 / v > 0))) return String(v);
    if (v instanceof ArrayBuffer) return BYTES_WIRE[0] + b64encode(new Uint8Array(v)) + '"}';
    if (v instanceof Uint8Array) return BYTES_WIRE[1] + b64encode(v) + '"}';
    return JSON.stringify(toWireRoot(v, rpc));
  }
  const encodeStored = (v) => encodeValue(v, false);
  // The JSON of toWire(ArrayBuffer) and toWire(Uint8Array) up to their base64.
  const BYTES_WIRE = ['{"$t":"ArrayBuffer","v":"', '{"$t":"Uint8Array","v":"'];
  // bytesFromWire is fromWire(JSON.parse(text)) for the text encodeValue makes of bytes
  // (an ArrayBuffer or a Uint8Array), without scanning the base64 twice; null for any
  // other text, which JSON.parse then reads (bytes in another spelling too: the host
  // refuses a quote or backslash as base64).
  function bytesFromWire(text) {
    const n = text.length;
    if (n < 26 || text.charCodeAt(n - 1) !== 125 || text.charCodeAt(n - 2) !== 34 || text.charCodeAt(0) !== 123) return null;
    const t = text.startsWith(BYTES_WIRE[0]) ? 0 : text.startsWith(BYTES_WIRE[1]) ? 1 : -1;
    if (t < 0) return null;
    const r = host(OP.B64_DECODE, text.slice(BYTES_WIRE[t].length, n - 2));
    if (typeof r === "number") return null;
    return t === 0 ? r : new Uint8Array(r);
  }
  // Method input: no bytes, no arguments; one argument as its value; several as
  // {"$t": "args", "v": [...]}. Input that is not JSON is refused (bad_input): raw
  // bytes go to fetch.
  function encodeArgs(args) {
    if (args.length === 0) return "";
    if (args.length === 1) return encodeValue(args[0]);
    let out = '{"$t":"args","v":[';
    for (let i = 0; i < args.length; i++) out += (i ? "," : "") + encodeValue(args[i]);
    return out + "]}";
  }
  const notJSON = {};
  function decodeArgs(input) {
    if (input === undefined || input === "") return [];
    if (typeof input === "string") {
      const b = bytesFromWire(input);
      if (b !== null) return [b];
    }
    let v;
    try { v = JSON.parse(input); } catch { v = notJSON; }
    if (v === notJSON || input instanceof ArrayBuffer) throw new SobjectsError("bad_input", "the method's input is not JSON (a string argument is quoted: '\"text\"'; several are {\"$t\":\"args\",\"v\":[...]})");
    if (v !== null && typeof v === "object" && input.indexOf('"$t"') >= 0) {
      try {
        if (v.$t === "args" && Array.isArray(v.v)) return v.v.map((x) => fromWire(x));
        v = fromWire(v);
      } catch (e) {
        throw new SobjectsError("bad_input", `the method's input has a malformed tagged value: ${e.message}`);
      }
    }
    return [v];
  }

  // ---- console ----
  function show(v) {
    if (typeof v === "string") return v;
    if (v instanceof Error) return typeof v.stack === "string" && v.stack ? v.stack : `${v.name}: ${v.message}`;
    try { return JSON.stringify(toWire(v)); } catch { return String(v); }
  }
  const log = (level) => (...args) => { host(OP.LOG, JSON.stringify([level, args.map(show).join(" ")])); };
  globalThis.console = { debug: log(0), log: log(1), info: log(1), warn: log(2), error: log(3), trace: log(0) };
  // sourcePositions maps the frames of a stack through the bundle's source map, which
  // the host keeps (once per class, nothing per object): a "file:line:column" of the
  // project's sources, or "", a frame; null when no frame is a script's. One host call
  // per stack built, none on calls that throw nothing, and none after the first for a
  // bundle without a map. A function declaration, and noSourceMap a var: Error
  // .prepareStackTrace above may run before this section is evaluated.
  var noSourceMap = false; // var, not let: no temporal dead zone (see above)
  function sourcePositions(frames) {
    if (noSourceMap) return null;
    let q = "", any = false;
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i], file = f.getFileName();
      if (i) q += "\n";
      if (!file || file === "sobjects:runtime.js") { q += "\n\n"; continue; }
      q += file + "\n" + f.getLineNumber() + "\n" + f.getColumnNumber();
      any = true;
    }
    if (!any) return null;
    const r = host(OP.SOURCE_POSITIONS, q);
    if (typeof r === "string") return r.split("\n");
    noSourceMap = true; // the bundle has none: no more host calls for stacks
    return null;
  }
  // ignoredBindings gives env, for each binding of the wrangler file that sobjects does
  // not provide (the manifest's ignored: name -> setting, as `sobjects inspect` lists
  // it), a stand-in whose every use throws an Error naming the binding: env.MY_KV is
  // there, as on Cloudflare, and env.MY_KV.get(k) fails where it is used, rather than
  // as "cannot read property 'get' of undefined". A Proxy for these only: real
  // bindings and vars are plain properties and cost nothing more.
  function ignoredBindings(env, ignored) {
    for (const [k, setting] of Object.entries(ignored)) {
      if (k in env) continue;
      const fail = (p) => { throw new Error(`env.${k}.${String(p)}: sobjects does not provide the binding ${setting} of the wrangler file (sobjects inspect --strict lists the settings it ignores)`); };
      env[k] = new Proxy({}, {
        // Not a thenable, and no own JSON or primitive conversion: awaiting, logging and
        // JSON.stringify of env do not throw.
        get(t, p) { return typeof p === "symbol" || p === "then" || p === "toJSON" ? undefined : fail(p); },
        set(t, p) { fail(p); },
      });
    }
  }

  // ---- timers ----
  // Timers are kept here; the host runs them (__sobjects_timers) while a call waits on
  // one, and, between calls, as an event of the object's own. flags[2] is set while a
  // timer is pending, so the host looks at timers only when there is one.
  // Ids are numbers from 1, as workerd's; ms is coerced to a number, and one that is
  // negative or not a number is 0 (1 for an interval).
  const timerQueue = new Map(); // id -> {fn, args, due (Date.now ms), every (ms, or -1)}
  let timerSeq = 0;
  function addTimer(fn, ms, args, repeat) {
    if (typeof fn !== "function") throw new TypeError("The \"callback\" argument must be a function");
    ms = Number(ms);
    if (!(ms > 0)) ms = 0;
    ms = Math.min(ms, 2 ** 31 - 1);
    if (repeat) ms = Math.max(ms, 1); // an interval of 0 would run again at once, for ever
    const id = ++timerSeq;
    timerQueue.set(id, { fn, args, due: Date.now() + ms, every: repeat ? ms : -1 });
    flags[2] = 1;
    return id;
  }
  function clearTimer(id) {
    if (typeof id === "object" && id !== null && typeof id[Symbol.toPrimitive] === "function") id = id[Symbol.toPrimitive]("number");
    timerQueue.delete(Number(id));
    if (timerQueue.size === 0) flags[2] = 0;
  }
  // nextTimer is the pending timer due first (by due time, then by id), or null.
  function nextTimer() {
    let best = null, bestId = 0;
    for (const [id, t] of timerQueue) {
      if (best === null || t.due < best.due) { best = t; bestId = id; }
    }
    return best === null ? null : [bestId, best];
  }
  // timers runs the timer due first if it is due (with run), and returns the
  // milliseconds until the next one is due: 0 when one is due now, -1 when none is
  // pending. The host runs the promise jobs between two timers, as an event loop does.
  function timers(run) {
    let next = nextTimer();
    if (next !== null && run && next[1].due <= Date.now()) {
      const [id, t] = next;
      if (t.every < 0) timerQueue.delete(id);
      else t.due = Date.now() + t.every;
      try { t.fn(...t.args); } catch (e) {
        if (e instanceof InternalError && e.message === "out of memory") throw e;
        console.error("Uncaught", e);
      }
      next = nextTimer();
    }
    if (next === null) { flags[2] = 0; return -1; }
    return Math.max(0, Math.min(Math.ceil(next[1].due - Date.now()), 2 ** 31 - 1)) | 0;
  }
  globalThis.setTimeout = (fn, ms, ...args) => addTimer(fn, ms, args, false);
  globalThis.setInterval = (fn, ms, ...args) => addTimer(fn, ms, args, true);
  globalThis.clearTimeout = clearTimer;
  globalThis.clearInterval = clearTimer;
  globalThis.scheduler = { wait: (ms) => new Promise((resolve) => addTimer(resolve, ms, [], false)) };
  if (typeof globalThis.queueMicrotask !== "function") {
    globalThis.queueMicrotask = (fn) => {
      if (typeof fn !== "function") throw new TypeError("queueMicrotask needs a function");
      Promise.resolve().then(() => fn());
    };
  }

  // ---- crypto ----
  globalThis.crypto = {
    getRandomValues(a) {
      if (!ArrayBuffer.isView(a) || a instanceof Float32Array || a instanceof Float64Array || a instanceof DataView) throw new TypeError("getRandomValues needs an integer typed array");
      if (a.byteLength > 65536) throw new DOMException(`getRandomValues: the ArrayBufferView's byte length (${a.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`, "QuotaExceededError");
      new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(new Uint8Array(cryptoHost(OP.RANDOM_BYTES, String(a.byteLength))));
      return a;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
      const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };

  // crypto.subtle (W3C Web Cryptography API, as workerd has it): the work runs in the
  // host's Go crypto (host/internal/js/hostop_crypto.go); this part checks algorithms,
  // keys and usages and throws the DOMExceptions the spec names. A CryptoKey's material
  // stays in the script, in keyMaterial (bytes; PKCS #8 or SPKI for the asymmetric
  // kinds), where the script cannot reach it, and crosses to the host with each use.
  const keyMaterial = new WeakMap();
  const ALGORITHMS = ["SHA-1", "SHA-256", "SHA-384", "SHA-512", "MD5", "HMAC", "AES-GCM", "AES-CBC", "AES-CTR", "PBKDF2", "HKDF", "ECDSA", "Ed25519", "ECDH", "X25519", "AES-KW", "RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP"];
  const ALGORITHM_OF = Object.fromEntries(ALGORITHMS.map((n) => [n.toUpperCase(), n]));
  ALGORITHM_OF.NODE_ED25519 = "Ed25519";
  const domError = (name, message) => new DOMException(message, name);
  function algorithmOf(alg) {
    const a = typeof alg === "string" ? { name: alg } : alg;
    if (a === null || typeof a !== "object" || a.name === undefined) throw new TypeError("an algorithm is a name or an object with a name");
    const name = ALGORITHM_OF[String(a.name).toUpperCase()];
    if (name === undefined) throw domError("NotSupportedError", `Unrecognized or unimplemented algorithm "${a.name}"`);
    return [name, a];
  }
  const hashName = (h) => {
    if (h === undefined) throw new TypeError("the algorithm needs a hash");
    const [name] = algorithmOf(h);
    if (!name.startsWith("SHA-")) throw domError("NotSupportedError", `Unrecognized or unimplemented hash algorithm "${name}"`);
    return name;
  };
  // bufferOf is the ArrayBuffer of exactly a BufferSource's bytes, for the host.
  function bufferOf(v, what = "data") {
    if (v instanceof ArrayBuffer) {
      if (v.detached) throw new TypeError("ArrayBuffer is detached");
      return v;
    }
    if (ArrayBuffer.isView(v)) return wholeBuffer(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    throw new TypeError(`${what} must be an ArrayBuffer or an ArrayBufferView`);
  }
  // cryptoHost runs a host operation of hostop_crypto.go with params (JSON, or a string
  // as it is) as a: its ArrayBuffer, or, for a string "Name: message", it throws the
  // DOMException (or TypeError) so named.
  function cryptoHost(op, params, b, bytes = []) {
    const r = hostBytes(op, typeof params === "object" ? JSON.stringify(params) : params, b, bytes);
    if (r instanceof ArrayBuffer) return r;
    if (typeof r !== "string") throw hostError(r);
    const i = r.indexOf(": ");
    const name = r.slice(0, i), message = r.slice(i + 2);
    throw name === "TypeError" ? new TypeError(message) : domError(name, message);
  }
  const KEY_USAGES = ["encrypt", "decrypt", "sign", "verify", "deriveKey", "deriveBits", "wrapKey", "unwrapKey"];
  // The usages each kind of key may have: [secret or private, public].
  const USAGES_OF = {
    HMAC: [["sign", "verify"]], "AES-GCM": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]],
    "AES-CBC": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]], "AES-CTR": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]],
    PBKDF2: [["deriveKey", "deriveBits"]], HKDF: [["deriveKey", "deriveBits"]],
    ECDSA: [["sign"], ["verify"]], Ed25519: [["sign"], ["verify"]],
    ECDH: [["deriveKey", "deriveBits"], []], X25519: [["deriveKey", "deriveBits"], []], "AES-KW": [["wrapKey", "unwrapKey"]],
    "RSASSA-PKCS1-v1_5": [["sign"], ["verify"]], "RSA-PSS": [["sign"], ["verify"]], "RSA-OAEP": [["decrypt", "unwrapKey"], ["encrypt", "wrapKey"]],
  };
  const RSA = new Set(["RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP"]);
  const ASYMMETRIC = new Set(["ECDSA", "Ed25519", "ECDH", "X25519", ...RSA]);
  class CryptoKey {
    constructor() { throw new TypeError("Illegal constructor"); }
    get type() { return this._type; }
    get extractable() { return this._extractable; }
    get algorithm() { return this._algorithm; }
    get usages() { return this._usages; }
    get [Symbol.toStringTag]() { return "CryptoKey"; }
  }
  globalThis.CryptoKey = CryptoKey;
  function newKey(type, extractable, algorithm, usages, material) {
    const k = Object.create(CryptoKey.prototype);
    for (const [p, v] of [["_type", type], ["_extractable", Boolean(extractable)], ["_algorithm", Object.freeze(algorithm)], ["_usages", Object.freeze(usages)]]) {
      Object.defineProperty(k, p, { value: v });
    }
    keyMaterial.set(k, material);
    return k;
  }
  // checkUsages returns the usages of a new key of type for algorithm name, in the
  // spec's order, or throws SyntaxError for one the key cannot have.
  function checkUsages(name, type, usages) {
    if (usages === null || typeof usages !== "object" || typeof usages[Symbol.iterator] !== "function") throw new TypeError("keyUsages must be an array");
    const allowed = USAGES_OF[name][type === "public" ? 1 : 0];
    const out = [];
    for (const u of usages) {
      if (!KEY_USAGES.includes(u)) throw new TypeError(`"${u}" is not a key usage`);
      if (!allowed.includes(u)) throw domError("SyntaxError", `Unsupported key usage "${u}" for a ${name} ${type} key`);
      if (!out.includes(u)) out.push(u);
    }
    if (out.length === 0 && type !== "public") throw domError("SyntaxError", `A ${type} key needs at least one usage`);
    return out;
  }
  // useKey checks that key is a CryptoKey of algorithm name allowed usage, and returns
  // its material.
  function useKey(key, name, usage) {
    const m = keyMaterial.get(key);
    if (m === undefined) throw new TypeError("the key is not a CryptoKey");
    if (key.algorithm.name !== name) throw domError("InvalidAccessError", `the key is for ${key.algorithm.name}, not ${name}`);
    if (!key.usages.includes(usage)) throw domError("InvalidAccessError", `the key's usages do not include "${usage}"`);
    return m;
  }
  const HASH_BITS = { "SHA-1": 512, "SHA-256": 512, "SHA-384": 1024, "SHA-512": 1024 };
  // secretAlgorithm is the algorithm of a new HMAC or AES key of bits bits (0: HMAC's
  // default, the hash's block size), or of a PBKDF2 or HKDF key.
  function secretAlgorithm(name, a, bits, op) {
    if (name === "HMAC") {
      const hash = hashName(a.hash);
      const length = a.length === undefined ? bits || HASH_BITS[hash] : Number(a.length);
      if (!(length > 0)) throw domError(op === "generateKey" ? "OperationError" : "DataError", "HMAC key length must be positive");
      if (bits && length !== bits && !(length <= bits && length > bits - 8)) throw domError("DataError", `HMAC key length ${length} does not fit ${bits / 8} bytes`);
      return { name, hash: { name: hash }, length };
    }
    if (name.startsWith("AES-")) {
      const length = op === "import" ? bits : Number(a.length);
      if (length !== 128 && length !== 192 && length !== 256) throw domError(op === "import" ? "DataError" : "OperationError", `AES key length must be 128, 192 or 256 bits, not ${length}`);
      return { name, length };
    }
    if (name === "PBKDF2" || name === "HKDF") return { name };
    throw domError("NotSupportedError", `${op}: unsupported algorithm ${name}`);
  }
  // namedCurve is the algorithm of an asymmetric key (for RSA, but its modulusLength
  // and publicExponent).
  function namedCurve(name, a) {
    if (name === "Ed25519" || name === "X25519") return { name };
    if (RSA.has(name)) return { name, hash: { name: hashName(a.hash) } };
    const c = String(a.namedCurve);
    if (c !== "P-256" && c !== "P-384" && c !== "P-521") throw domError("NotSupportedError", `Unrecognized or unimplemented named curve "${a.namedCurve}"`);
    return { name, namedCurve: c };
  }
  // rsaDescribe sets the modulusLength and publicExponent of the algorithm of RSA key
  // material m of type, from the n and e of its JWK.
  function rsaDescribe(algorithm, m, type) {
    const j = JSON.parse(decodeUTF8(new Uint8Array(cryptoHost(OP.EXPORT_KEY, { Name: algorithm.name, Format: "jwk", Type: type }, m))));
    const num = (v) => b64decode(v.replace(/-/g, "+").replace(/_/g, "/"));
    const n = num(j.n);
    algorithm.modulusLength = n.length * 8 - (Math.clz32(n[0]) - 24);
    algorithm.publicExponent = num(j.e);
  }
  function importKey(format, keyData, alg, extractable, usages) {
    const [name, a] = algorithmOf(alg);
    if (USAGES_OF[name] === undefined) throw domError("NotSupportedError", `importKey: unsupported algorithm ${name}`);
    format = String(format);
    if (!["raw", "jwk", "pkcs8", "spki"].includes(format)) throw new TypeError(`unknown key format "${format}"`);
    let data;
    if (format === "jwk") {
      if (keyData === null || typeof keyData !== "object" || ArrayBuffer.isView(keyData) || keyData instanceof ArrayBuffer) throw new TypeError("a jwk key is an object");
      if (keyData.ext === false && extractable) throw domError("DataError", "the JWK's ext is false, the key extractable");
      if (Array.isArray(keyData.key_ops) && Array.from(usages).some((u) => !keyData.key_ops.includes(u))) throw domError("DataError", "the key usages are not all in the JWK's key_ops");
      data = JSON.stringify(keyData);
    } else data = bufferOf(keyData, "keyData");
    if (ASYMMETRIC.has(name)) {
      const algorithm = namedCurve(name, a);
      const type = format === "pkcs8" || (format === "jwk" && keyData.d !== undefined) ? "private" : "public";
      if (format === "jwk" && type === "private" && keyData.x === undefined && !RSA.has(name)) throw domError("DataError", "a JWK private key needs x");
      const u = checkUsages(name, type, usages);
      const m = cryptoHost(OP.IMPORT_KEY, { Name: name, Curve: algorithm.namedCurve || name, Format: format }, data);
      if (RSA.has(name)) rsaDescribe(algorithm, m, type);
      return newKey(type, extractable, algorithm, u, m);
    }
    if (format !== "raw" && format !== "jwk") throw domError("NotSupportedError", `a ${name} key does not import from ${format}`);
    if ((name === "PBKDF2" || name === "HKDF") && (extractable || format !== "raw")) throw domError("SyntaxError", `a ${name} key is imported raw and not extractable`);
    const u = checkUsages(name, "secret", usages);
    const m = cryptoHost(OP.IMPORT_KEY, { Name: name, Format: format }, data);
    return newKey("secret", extractable, secretAlgorithm(name, a, m.byteLength * 8, "import"), u, m);
  }
  const JWK_ALG = { HMAC: (k) => "HS" + k.algorithm.hash.name.slice(4), "AES-GCM": (k) => `A${k.algorithm.length}GCM`, "AES-CBC": (k) => `A${k.algorithm.length}CBC`, "AES-CTR": (k) => `A${k.algorithm.length}CTR`, "AES-KW": (k) => `A${k.algorithm.length}KW`, Ed25519: () => "EdDSA",
    "RSASSA-PKCS1-v1_5": (k) => "RS" + k.algorithm.hash.name.slice(4), "RSA-PSS": (k) => "PS" + k.algorithm.hash.name.slice(4),
    "RSA-OAEP": (k) => (k.algorithm.hash.name === "SHA-1" ? "RSA-OAEP" : "RSA-OAEP-" + k.algorithm.hash.name.slice(4)) };
  function exportKey(format, key) {
    const m = keyMaterial.get(key);
    if (m === undefined) throw new TypeError("the key is not a CryptoKey");
    if (!key.extractable) throw domError("InvalidAccessError", "the key is not extractable");
    const name = key.algorithm.name;
    const r = cryptoHost(OP.EXPORT_KEY, { Name: name, Curve: key.algorithm.namedCurve || name, Format: String(format), Type: key.type }, m);
    if (format !== "jwk") return r;
    const j = JSON.parse(decodeUTF8(new Uint8Array(r)));
    const alg = JWK_ALG[name];
    if (alg) j.alg = alg(key); // none for ECDSA, ECDH, X25519, as workerd
    j.key_ops = key.usages.slice();
    j.ext = true;
    return j;
  }
  function generateKey(alg, extractable, usages) {
    const [name, a] = algorithmOf(alg);
    if (ASYMMETRIC.has(name)) {
      const algorithm = namedCurve(name, a);
      const all = Array.from(usages);
      const [privateUsages, publicUsages] = USAGES_OF[name];
      for (const u of all) {
        if (!privateUsages.includes(u) && !publicUsages.includes(u)) throw domError("SyntaxError", `Unsupported key usage "${u}" for ${name}`);
      }
      const pu = checkUsages(name, "private", all.filter((u) => privateUsages.includes(u)));
      const vu = checkUsages(name, "public", all.filter((u) => publicUsages.includes(u)));
      const curve = algorithm.namedCurve || name;
      let length = 0;
      if (RSA.has(name)) {
        length = Number(a.modulusLength);
        const e = bufferOf(a.publicExponent, "publicExponent");
        if (Array.from(new Uint8Array(e)).reduce((v, b) => v * 256 + b, 0) !== 65537) throw domError("OperationError", "RSA publicExponent must be 65537");
        Object.assign(algorithm, { modulusLength: length, publicExponent: new Uint8Array([1, 0, 1]) });
      }
      const priv = cryptoHost(OP.GENERATE_KEY, { Name: name, Curve: curve, Length: length });
      const pub = cryptoHost(OP.PUBLIC_KEY, undefined, priv);
      const publicAlgorithm = { ...algorithm };
      if (algorithm.publicExponent) publicAlgorithm.publicExponent = algorithm.publicExponent.slice();
      return { privateKey: newKey("private", extractable, algorithm, pu, priv), publicKey: newKey("public", true, publicAlgorithm, vu, pub) };
    }
    if (USAGES_OF[name] === undefined || name === "PBKDF2" || name === "HKDF") throw domError("NotSupportedError", `generateKey: unsupported algorithm ${name}`);
    const algorithm = secretAlgorithm(name, a, 0, "generateKey");
    const u = checkUsages(name, "secret", usages);
    const m = cryptoHost(OP.GENERATE_KEY, { Name: name, Length: Math.ceil(algorithm.length / 8) * 8 });
    return newKey("secret", extractable, algorithm, u, m);
  }
  function signParams(name, a, key) {
    if (name === "HMAC") return { Name: name, Hash: key.algorithm.hash.name };
    if (name === "ECDSA") return { Name: name, Hash: hashName(a.hash) };
    if (name === "Ed25519") return { Name: name };
    if (name === "RSASSA-PKCS1-v1_5") return { Name: name, Hash: key.algorithm.hash.name };
    if (name === "RSA-PSS") {
      if (a.saltLength === undefined) throw new TypeError("RSA-PSS needs a saltLength");
      return { Name: name, Hash: key.algorithm.hash.name, SaltLength: Number(a.saltLength) };
    }
    throw domError("NotSupportedError", `${name} does not sign`);
  }
  function cipherParams(name, a, key) {
    if (name === "AES-GCM") {
      if (a.iv === undefined) throw new TypeError("AES-GCM needs an iv");
      const p = { Name: name, TagLength: a.tagLength === undefined ? 128 : Number(a.tagLength) };
      return [p, [bufferOf(a.iv, "iv"), ...(a.additionalData === undefined ? [] : [bufferOf(a.additionalData, "additionalData")])]];
    }
    if (name === "AES-CBC") {
      if (a.iv === undefined) throw new TypeError("AES-CBC needs an iv");
      return [{ Name: name }, [bufferOf(a.iv, "iv")]];
    }
    if (name === "AES-KW") return [{ Name: name }, []];
    if (name === "RSA-OAEP") return [{ Name: name, Hash: key.algorithm.hash.name }, a.label === undefined ? [] : [bufferOf(a.label, "label")]];
    if (name === "AES-CTR") {
      if (a.counter === undefined || a.length === undefined) throw new TypeError("AES-CTR needs a counter and a length");
      return [{ Name: name, Length: Number(a.length) }, [bufferOf(a.counter, "counter")]];
    }
    throw domError("NotSupportedError", `${name} does not encrypt`);
  }
  function cipher(op, usage, alg, key, data) {
    const [name, a] = algorithmOf(alg);
    data = bufferOf(data);
    const m = useKey(key, name, usage);
    const [p, rest] = cipherParams(name, a, key);
    return cryptoHost(op, p, undefined, [m, data, ...rest]);
  }
  function deriveBits(alg, key, length, usage) {
    const [name, a] = algorithmOf(alg);
    const m = useKey(key, name, usage);
    if (name === "ECDH" || name === "X25519") {
      const pub = a.public, pm = keyMaterial.get(pub);
      if (pm === undefined) throw new TypeError(`${name} needs the public key as public`);
      if (key.type !== "private" || pub.type !== "public" || pub.algorithm.name !== name || pub.algorithm.namedCurve !== key.algorithm.namedCurve) {
        throw domError("InvalidAccessError", `${name} takes a private key and a public key of the same ${name === "ECDH" ? "curve" : "algorithm"}`);
      }
      return cryptoHost(OP.DERIVE_BITS, { Name: name, Length: length === null || length === undefined ? -1 : Number(length) }, undefined, [m, pm]);
    }
    if (name !== "PBKDF2" && name !== "HKDF") throw domError("NotSupportedError", `${name} does not derive bits`);
    if (length === null || length === undefined) throw domError("OperationError", "deriveBits needs a length");
    const p = { Name: name, Hash: hashName(a.hash), Length: Number(length) };
    if (name === "PBKDF2") p.Iterations = Number(a.iterations);
    if (a.salt === undefined || (name === "HKDF" && a.info === undefined)) throw new TypeError(`${name} needs a salt${name === "HKDF" ? " and an info" : ""}`);
    return cryptoHost(OP.DERIVE_BITS, p, undefined, [m, bufferOf(a.salt, "salt"), ...(name === "HKDF" ? [bufferOf(a.info, "info")] : [])]);
  }
  // subtle runs each method's steps and settles its promise with the result, or
  // rejects it with what they threw, as the spec's methods do.
  const settle = (f) => function (...args) {
    try { return Promise.resolve(f(...args)); } catch (e) { return Promise.reject(e); }
  };
  class SubtleCrypto {
    constructor() { throw new TypeError("Illegal constructor"); }
  }
  const subtleMethods = {
    digest: settle((alg, data) => {
      const [name] = algorithmOf(alg);
      if (!(name.startsWith("SHA-") || name === "MD5")) throw domError("NotSupportedError", `${name} is not a digest`);
      return cryptoHost(OP.DIGEST, name, bufferOf(data));
    }),
    importKey: settle(importKey),
    exportKey: settle(exportKey),
    generateKey: settle(generateKey),
    sign: settle((alg, key, data) => {
      const [name, a] = algorithmOf(alg);
      data = bufferOf(data);
      const m = useKey(key, name, "sign");
      return cryptoHost(OP.SIGN, signParams(name, a, key), undefined, [m, data]);
    }),
    verify: settle((alg, key, signature, data) => {
      const [name, a] = algorithmOf(alg);
      signature = bufferOf(signature, "signature");
      data = bufferOf(data);
      const m = useKey(key, name, "verify");
      return new Uint8Array(cryptoHost(OP.VERIFY, signParams(name, a, key), undefined, [m, signature, data]))[0] === 1;
    }),
    encrypt: settle((alg, key, data) => cipher(OP.ENCRYPT, "encrypt", alg, key, data)),
    decrypt: settle((alg, key, data) => cipher(OP.DECRYPT, "decrypt", alg, key, data)),
    deriveBits: settle((alg, key, length) => deriveBits(alg, key, length, "deriveBits")),
    deriveKey: settle((alg, key, derivedAlg, extractable, usages) => {
      const [dname, da] = algorithmOf(derivedAlg);
      const length = dname === "HMAC" ? (da.length === undefined ? HASH_BITS[hashName(da.hash)] : Number(da.length)) : Number(da.length);
      if (!(dname === "HMAC" || dname.startsWith("AES-"))) throw domError("NotSupportedError", `deriveKey: cannot derive a ${dname} key`);
      secretAlgorithm(dname, da, 0, "deriveKey");
      const bits = deriveBits(alg, key, Math.ceil(length / 8) * 8, "deriveKey");
      return importKey("raw", bits, derivedAlg, extractable, usages);
    }),
    wrapKey: settle((format, key, wrappingKey, wrapAlg) => {
      const [name] = algorithmOf(wrapAlg);
      useKey(wrappingKey, name, "wrapKey");
      let bytes = exportKey(format, key);
      if (format === "jwk") bytes = encodeUTF8(JSON.stringify(bytes)).buffer;
      return cipher(OP.ENCRYPT, "wrapKey", wrapAlg, wrappingKey, bytes);
    }),
    unwrapKey: settle((format, wrapped, unwrappingKey, unwrapAlg, keyAlg, extractable, usages) => {
      let bytes = cipher(OP.DECRYPT, "unwrapKey", unwrapAlg, unwrappingKey, wrapped);
      if (format === "jwk") {
        try { bytes = JSON.parse(decodeUTF8(new Uint8Array(bytes))); } catch { throw domError("DataError", "the unwrapped key is not a JWK"); }
      }
      return importKey(format, bytes, keyAlg, extractable, usages);
    }),
    // Cloudflare's extension (developers.cloudflare.com/workers/runtime-apis/web-crypto/#timingsafeequal):
    // synchronous, a TypeError for buffers of different lengths.
    timingSafeEqual(a, b) {
      a = bufferOf(a, "a");
      b = bufferOf(b, "b");
      if (a.byteLength !== b.byteLength) throw new TypeError("Input buffers must have the same byte length");
      return new Uint8Array(cryptoHost(OP.TIMING_SAFE_EQUAL, undefined, undefined, [a, b]))[0] === 1;
    },
  };
  for (const [k, f] of Object.entries(subtleMethods)) Object.defineProperty(SubtleCrypto.prototype, k, { value: f, writable: true, configurable: true });
  globalThis.SubtleCrypto = SubtleCrypto;
  globalThis.crypto.subtle = Object.create(SubtleCrypto.prototype);
  // What the Node.js modules of sdk-js/node (bundled under nodejs_compat) need of the
  // host synchronously; their _host.js takes it off globalThis.
  globalThis.__sobjects_node = { digest: (name, b) => cryptoHost(OP.DIGEST, name, b), b64encode, b64decode };
  // Math.random: xorshift128 seeded by the host for each instance (__sobjects_seed), as
  // the engine seeds its own from a clock the sandbox does not have.
  let r0 = 0x9e3779b9, r1 = 0x243f6a88, r2 = 0xb7e15162, r3 = 0x7f4a7c15;
  function next32() {
    let t = r3;
    const s = r0;
    r3 = r2; r2 = r1; r1 = s;
    t ^= t << 11; t ^= t >>> 8;
    r0 = t ^ s ^ (s >>> 19);
    return r0 >>> 0;
  }
  Math.random = () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992;
  globalThis.__sobjects_seed = (a, b, c, d) => { r0 = a | 1; r1 = b; r2 = c; r3 = d; };


  // ---- URL, URLSearchParams ----
  const enc = (s) => encodeURIComponent(s).replace(/%20/g, "+");
  const dec = (s) => {
    if (s.indexOf("+") < 0 && s.indexOf("%") < 0) return s;
    try { return decodeURIComponent(s.replace(/\+/g, " ")); } catch { return s; }
  };
  class URLSearchParams {
    constructor(init = "") {
      this._list = [];
      if (typeof init === "string") {
        const parts = (init.charCodeAt(0) === 63 ? init.slice(1) : init).split("&");
        for (let j = 0; j < parts.length; j++) { // an index loop: for...of costs microseconds here
          const part = parts[j];
          if (!part) continue;
          const i = part.indexOf("=");
          this._list.push(i < 0 ? [dec(part), ""] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
        }
      } else if (init instanceof URLSearchParams) this._list = init._list.map((p) => p.slice());
      else if (init && typeof init[Symbol.iterator] === "function") for (const [k, v] of init) this._list.push([String(k), String(v)]);
      else if (init && typeof init === "object") for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
    }
    _changed() { if (this._url) this._url._search = this._list.length ? "?" + this.toString() : ""; }
    append(k, v) { this._list.push([String(k), String(v)]); this._changed(); }
    delete(k) { this._list = this._list.filter(([x]) => x !== k); this._changed(); }
    get(k) { const l = this._list; for (let i = 0; i < l.length; i++) if (l[i][0] === k) return l[i][1]; return null; }
    getAll(k) { return this._list.filter((p) => p[0] === k).map((p) => p[1]); }
    has(k) { return this.get(k) !== null; }
    set(k, v) {
      const i = this._list.findIndex(([x]) => x === k);
      if (i < 0) this._list.push([String(k), String(v)]);
      else { this._list[i][1] = String(v); this._list = this._list.filter(([x], j) => x !== k || j === i); }
      this._changed();
    }
    sort() { this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this._changed(); }
    forEach(fn, self) { for (const [k, v] of this._list) fn.call(self, v, k, this); }
    keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
    values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
    entries() { return this._list.map((p) => p.slice())[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    get size() { return this._list.length; }
    toString() { return this._list.map(([k, v]) => enc(k) + "=" + enc(v)).join("&"); }
  }
  const URL_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  const DEFAULT_PORTS = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };
  function normalizePath(p) {
    const out = [];
    for (const seg of p.split("/").slice(1)) {
      if (seg === "..") out.pop();
      else if (seg !== ".") out.push(seg);
    }
    if (/\/\.\.?$/.test(p)) out.push("");
    return "/" + out.join("/");
  }
  // parseHTTP parses an absolute http(s) URL without a regular expression (the common
  // case, several times faster in this engine); null when it needs the general parser.
  function parseHTTP(s) {
    const start = s.startsWith("http://") ? 7 : s.startsWith("https://") ? 8 : 0;
    if (start === 0) return null;
    let a = s.length;
    let i = s.indexOf("/", start);
    if (i >= 0) a = i;
    i = s.indexOf("?", start);
    if (i >= 0 && i < a) a = i;
    i = s.indexOf("#", start);
    if (i >= 0 && i < a) a = i;
    const host = s.slice(start, a);
    if (host.indexOf("@") >= 0 || host.indexOf("[") >= 0 || host.indexOf(" ") >= 0 || host.indexOf("\\") >= 0) return null;
    const colon = host.indexOf(":");
    const port = colon < 0 ? "" : host.slice(colon + 1);
    if (port !== "" && !(String(port | 0) === port && (port | 0) < 65536)) return null;
    const hashAt = s.indexOf("#", a);
    const end = hashAt < 0 ? s.length : hashAt;
    const q = s.indexOf("?", a);
    const pathEnd = q >= 0 && q < end ? q : end;
    let path = a === pathEnd ? "/" : s.slice(a, pathEnd);
    if (path.indexOf("/.") >= 0 || path.indexOf("\\") >= 0) path = normalizePath(path);
    return [
      s.slice(0, start - 2),
      (colon < 0 ? host : host.slice(0, colon)).toLowerCase(),
      port,
      path,
      end - pathEnd > 1 ? s.slice(pathEnd, end) : "",
      hashAt >= 0 && s.length - hashAt > 1 ? s.slice(hashAt) : "",
    ];
  }
  class URL {
    constructor(input, base) {
      input = String(input).trim();
      if (base !== undefined && input.charCodeAt(0) === 47 && input.charCodeAt(1) !== 47) { // "/path"
        const b = base instanceof URL ? base : new URL(base);
        if (!b.username && b._protocol in DEFAULT_PORTS) { input = b._protocol + "//" + b.host + input; base = undefined; }
      }
      const f = parseHTTP(input);
      if (f !== null) {
        this._protocol = f[0];
        this.username = "";
        this.password = "";
        this._hostname = f[1];
        this._port = f[2] && f[2] !== DEFAULT_PORTS[f[0]] ? f[2] : "";
        this._pathname = f[3];
        this._search = f[4];
        this.hash = f[5];
        this._params = null;
        return;
      }
      let m = URL_RE.exec(input);
      if (!m || (!m[4] && /^(https?|wss?):$/i.test(m[1] || ""))) {
        if (base === undefined) throw new TypeError(`Invalid URL: ${input}`);
        const b = base instanceof URL ? base : new URL(base);
        let path;
        if (input.startsWith("//")) return new URL(b.protocol + input);
        if (input.startsWith("/")) path = input;
        else if (input.startsWith("?") || input.startsWith("#") || input === "") path = b.pathname + (input.startsWith("#") ? b.search : "") + input;
        else path = b.pathname.replace(/[^/]*$/, "") + input;
        m = URL_RE.exec(b.protocol + "//" + (b.username ? b.username + (b.password ? ":" + b.password : "") + "@" : "") + b.host + path);
        if (!m) throw new TypeError(`Invalid URL: ${input}`);
      }
      this._protocol = m[1].toLowerCase();
      this.username = m[2] || "";
      this.password = m[3] || "";
      this._hostname = (m[4] || "").toLowerCase();
      this._port = m[5] && m[5] !== DEFAULT_PORTS[this._protocol] ? m[5] : "";
      const special = this._protocol in DEFAULT_PORTS;
      this._pathname = special ? normalizePath(m[6] || "/") : m[6] || "";
      this._search = m[7] && m[7] !== "?" ? m[7] : "";
      this.hash = m[8] && m[8] !== "#" ? m[8] : "";
      this._params = null;
    }
    get protocol() { return this._protocol; }
    get hostname() { return this._hostname; }
    set hostname(v) { this._hostname = String(v).toLowerCase(); }
    get port() { return this._port; }
    set port(v) { this._port = String(v) === DEFAULT_PORTS[this._protocol] ? "" : String(v); }
    get host() { return this._hostname + (this._port ? ":" + this._port : ""); }
    get origin() { return this._protocol in DEFAULT_PORTS ? this._protocol + "//" + this.host : "null"; }
    get pathname() { return this._pathname; }
    set pathname(v) { v = String(v); this._pathname = normalizePath(v.startsWith("/") ? v : "/" + v); }
    get search() { return this._search; }
    set search(v) { v = String(v); this._search = v && v !== "?" ? (v.startsWith("?") ? v : "?" + v) : ""; this._params = null; }
    get searchParams() {
      if (!this._params) { this._params = new URLSearchParams(this._search); this._params._url = this; }
      return this._params;
    }
    get href() {
      const auth = this.username ? this.username + (this.password ? ":" + this.password : "") + "@" : "";
      return this._protocol + (this._hostname || this._protocol in DEFAULT_PORTS ? "//" + auth + this.host : "") + this._pathname + this._search + this.hash;
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
    static canParse(u, b) { try { new URL(u, b); return true; } catch { return false; } }
  }

  // ---- Headers, Request, Response ----
  // Header names are tokens and values hold no NUL, CR or LF (RFC 9110 section 5).
  // The names and values checked last are remembered (a regular expression test costs
  // microseconds here, a Map lookup a fraction of one): requests repeat them.
  const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const checkedNames = new Map(), checkedValues = new Map(); // as given -> as kept
  function remember(m, k, v) {
    if (m.size >= 256) m.clear();
    m.set(k, v);
    return v;
  }
  function headerName(k) {
    k = String(k);
    const known = checkedNames.get(k);
    if (known !== undefined) return known;
    if (!TOKEN.test(k)) throw new TypeError(`Invalid header name: ${JSON.stringify(k)}`);
    return remember(checkedNames, k, k.toLowerCase());
  }
  function headerValue(v) {
    const given = String(v);
    const known = checkedValues.get(given);
    if (known !== undefined) return known;
    v = given.trim();
    if (v.indexOf("\0") >= 0 || v.indexOf("\r") >= 0 || v.indexOf("\n") >= 0) throw new TypeError(`Invalid header value: ${JSON.stringify(v)}`);
    return given.length > 256 ? v : remember(checkedValues, given, v);
  }
  class Headers {
    constructor(init) {
      this._map = new Map();
      if (init instanceof Headers) { this._map = new Map(init._map); if (init._cookies) this._cookies = init._cookies.slice(); }
      else if (Array.isArray(init)) {
        for (let i = 0; i < init.length; i++) {
          if (init[i] === null || typeof init[i] !== "object" || init[i].length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
          this.append(init[i][0], init[i][1]);
        }
      }
      else if (init && typeof init === "object") for (const k of Object.keys(init)) this.append(k, init[k]);
    }
    append(k, v) {
      k = headerName(k); v = headerValue(v);
      const old = this._map.get(k);
      if (old !== undefined && k === "set-cookie") (this._cookies || (this._cookies = [old])).push(v);
      this._map.set(k, old === undefined ? v : old + ", " + v);
    }
    set(k, v) { k = headerName(k); if (k === "set-cookie") this._cookies = undefined; this._map.set(k, headerValue(v)); }
    get(k) { const v = this._map.get(String(k).toLowerCase()); return v === undefined ? null : v; }
    has(k) { return this._map.has(String(k).toLowerCase()); }
    delete(k) { k = String(k).toLowerCase(); if (k === "set-cookie") this._cookies = undefined; this._map.delete(k); }
    forEach(fn, self) { for (const [k, v] of this) fn.call(self, v, k, this); }
    // getSetCookie is each Set-Cookie value apart (a comma may be inside one); _cookies
    // holds them once there are two or more, and get joins them as for any header.
    getSetCookie() { if (this._cookies) return this._cookies.slice(); const v = this._map.get("set-cookie"); return v === undefined ? [] : [v]; }
    *entries() {
      const all = [...this._map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
      for (const e of all) { if (e[0] === "set-cookie" && this._cookies) for (const c of this._cookies) yield ["set-cookie", c]; else yield e; }
    }
    *keys() { for (const [k] of this.entries()) yield k; }
    *values() { for (const [, v] of this.entries()) yield v; }
    [Symbol.iterator]() { return this.entries(); }
  }
  // checkedHeaders is new Headers(pairs) for pairs the host found canonical (lowercase
  // token names, values with nothing to trim or refuse): the same Headers, unchecked.
  function checkedHeaders(pairs) {
    const h = Object.create(Headers.prototype);
    const m = new Map();
    for (let i = 0; i < pairs.length; i++) {
      const k = pairs[i][0], v = pairs[i][1], old = m.get(k);
      if (old !== undefined && k === "set-cookie") (h._cookies || (h._cookies = [old])).push(v);
      m.set(k, old === undefined ? v : old + ", " + v);
    }
    h._map = m;
    return h;
  }
  // A body is kept as given (a string, bytes, or a ReadableStream) and converted when
  // read. A stream is read whole when the body is read or sent, up to MAX_STREAM_BODY
  // bytes (a RangeError past that).
  const MAX_STREAM_BODY = 32 << 20;
  function bodyOf(body) {
    if (body === undefined || body === null) return null;
    if (typeof body === "string") return body;
    if (body instanceof URLSearchParams) return body.toString();
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return bytesOf(body).slice();
    if (body instanceof Blob) return body._bytes.slice();
    if (body instanceof ReadableStream) {
      if (body.locked || body._disturbed) throw new TypeError("the body stream is locked or already read");
      return body;
    }
    return String(body); // Body._init has made any other value its string
  }
  class Body {
    _init(body, headers) {
      this.headers = new Headers(headers);
      // Any BodyInit that is not one of the kinds below is its string, as in workerd
      // (new Response(0) is the text "0", a plain object "[object Object]").
      if (body === undefined || body === null || typeof body === "string") { /* a string or no body */ } else if (typeof body !== "object" || !(body instanceof ArrayBuffer || ArrayBuffer.isView(body) ||
        body instanceof URLSearchParams || body instanceof Blob || body instanceof ReadableStream || body instanceof FormData)) body = String(body);
      else if (body instanceof FormData) {
        const [bytes, type] = multipartOf(body);
        body = bytes;
        if (!this.headers._map.has("content-type")) this.headers._map.set("content-type", type);
      } else if (body instanceof Blob && body._type && !this.headers._map.has("content-type")) this.headers._map.set("content-type", body._type);
      this._body = bodyOf(body);
      this._used = false;
      if (typeof body === "string" && !this.headers._map.has("content-type")) this.headers._map.set("content-type", "text/plain;charset=UTF-8");
      if (body instanceof URLSearchParams && !this.headers._map.has("content-type")) this.headers._map.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    }
    // body is the body as a ReadableStream of Uint8Arrays (the same one each time; a
    // string or bytes become one, which reading then uses).
    get body() {
      const b = this._body;
      if (b === null || b instanceof ReadableStream) return b;
      return (this._body = streamOfBytes(this._bytes()));
    }
    // bodyUsed: read as a whole, or its stream read or cancelled.
    get bodyUsed() { return this._used || (this._body instanceof ReadableStream && this._body._disturbed); }
    set bodyUsed(v) { this._used = v; }
    _bytes() { return typeof this._body === "string" ? encodeUTF8(this._body) : this._body || new Uint8Array(0); }
    _take() {
      if (this.bodyUsed) throw new TypeError("body already used");
      this._used = true;
      return this._body;
    }
    // _readStream reads a stream body whole: a Uint8Array.
    _readStream() {
      const b = this._body;
      if (this.bodyUsed || b.locked) return Promise.reject(new TypeError("body already used"));
      this._used = true;
      return readBytes(b, MAX_STREAM_BODY);
    }
    // _teeBody is a body for a clone: a stream body is teed, this body keeping one branch.
    _teeBody() {
      const b = this._body;
      if (this.bodyUsed) throw new TypeError("clone: the body is already used");
      if (!(b instanceof ReadableStream)) return b;
      const [x, y] = b.tee();
      this._body = x;
      return y;
    }
    async arrayBuffer() { const b = this._body instanceof ReadableStream ? await this._readStream() : this._take(); return typeof b === "string" ? encodeUTF8(b).buffer : (b || new Uint8Array(0)).slice().buffer; }
    async bytes() { return new Uint8Array(await this.arrayBuffer()); }
    async text() { const b = this._body instanceof ReadableStream ? await this._readStream() : this._take(); return typeof b === "string" ? b : b ? decodeUTF8(b) : ""; }
    async json() { return JSON.parse(await this.text()); }
    async formData() { const ct = this.headers.get("content-type"); return formDataOf(this._body instanceof ReadableStream ? await this._readStream() : this._take(), ct); }
    async blob() { const ct = this.headers.get("content-type"); return newBlob(new Uint8Array(await this.arrayBuffer()), ct === null ? "" : ct); }
  }
  // plainURL reports whether u is an http(s) URL that new URL(u).href gives back as is
  // (so far as the Request constructor checks).
  const plainURL = (u) => (u.startsWith("http://") || u.startsWith("https://")) && u.indexOf("/.") < 0 && u.indexOf(" ") < 0;
  class Request extends Body {
    constructor(input, init = {}) {
      super();
      const from = input instanceof Request ? input : null;
      const u = from ? from.url : String(input);
      this.url = from || plainURL(u) ? u : new URL(u).href;
      this.method = String(init.method || (from ? from.method : "GET")).toUpperCase();
      const body = "body" in init ? init.body : from ? from._body : null;
      if (body != null && (this.method === "GET" || this.method === "HEAD")) throw new TypeError("a GET or HEAD request cannot have a body");
      this._init(body, init.headers || (from ? from.headers : undefined));
      const signal = init.signal != null ? init.signal : from ? from._signal : undefined;
      if (signal !== undefined) {
        if (!(signal instanceof AbortSignal)) throw new TypeError("Request: signal must be an AbortSignal");
        this._signal = signal;
      }
      this._cf = init.cf !== undefined ? init.cf : from ? from.cf : undefined;
      const redirect = init.redirect !== undefined ? String(init.redirect) : from ? from._redirect : undefined;
      if (redirect !== undefined) {
        // workerd refuses "error" too, as meaningless at the edge.
        if (redirect !== "follow" && redirect !== "manual") throw new TypeError(`Request: redirect must be "follow" or "manual", not ${JSON.stringify(redirect)}`);
        this._redirect = redirect;
      }
    }
    // Getters, so that requestFromHost sets nothing: a request's signal is made when asked
    // for (one that never aborts, unless init gave one).
    get redirect() { return this._redirect || "follow"; }
    // request.cf: for a request the host passed, its JSON text (_cfText, the host's ":cf"
    // header) until first read, then the object parsed from it, frozen as workerd's.
    get cf() {
      if (this._cfText !== undefined) {
        this._cf = freezeDeep(JSON.parse(this._cfText));
        this._cfText = undefined;
      }
      return this._cf;
    }
    get integrity() { return ""; } // as workerd, which checks no subresource integrity
    get keepalive() { return false; }
    get signal() { return this._signal || (this._signal = new AbortSignal(SIGNAL)); }
    clone() { return new Request(this, { body: this._teeBody() }); }
  }
  const REASON = /^[\t\x20-\x7e\x80-\xff]*$/;
  class Response extends Body {
    constructor(body = null, init = {}) {
      super();
      this.status = init.status === undefined ? 200 : init.status | 0;
      if ((this.status < 200 || this.status > 599) && !(this.status === 101 && init.webSocket)) throw new RangeError(`status ${this.status} is not in [200, 599]`);
      if (init.webSocket && this.status !== 101) throw new TypeError("a Response with a webSocket must have status 101");
      this.statusText = init.statusText === undefined ? "" : String(init.statusText);
      if (init.statusText !== undefined && this.statusText === "") this._emptyText = true; // given "": kept so across stub.fetch
      // A reason-phrase (RFC 9110 section 15): tabs, spaces and visible bytes.
      if (this.statusText !== "" && !REASON.test(this.statusText)) throw new TypeError(`Invalid statusText: ${JSON.stringify(this.statusText)}`);
      const s = this.status;
      if (body != null && (s === 204 || s === 205 || s === 304)) throw new TypeError(`Response with null body status (${s}) cannot have a body`);
      this._init(body, init.headers);
      this.webSocket = init.webSocket || null;
    }
    get ok() { return this.status >= 200 && this.status < 300; }
    // A Response made here was not redirected and has no URL; one that stub.fetch
    // answered has the request's URL (_url), as in workerd, and one that fetch answered
    // after following redirects has _redirected set.
    get redirected() { return this._redirected === true; }
    get type() { return this._type || "default"; }
    get url() { return this._url || ""; }
    clone() {
      const r = new Response(this._teeBody(), { status: this.status, statusText: this.statusText || (this._emptyText ? "" : undefined), headers: new Headers(this.headers) });
      if (this._url) r._url = this._url;
      if (this._redirected) r._redirected = true;
      return r;
    }
    // error() is a network error: status 0, type "error", no body.
    static error() {
      const r = Object.create(Response.prototype);
      Object.assign(r, { status: 0, statusText: "", headers: new Headers(), _body: null, _used: false, webSocket: null, _type: "error" });
      return r;
    }
    static json(v, init = {}) {
      const r = new Response(JSON.stringify(v), init);
      if (!(init.headers && new Headers(init.headers).has("content-type"))) r.headers.set("content-type", "application/json");
      return r;
    }
    static redirect(url, status = 302) {
      status = Number(status);
      if (status !== 301 && status !== 302 && status !== 303 && status !== 307 && status !== 308) throw new RangeError(`Response.redirect: ${status} is not a redirect status`);
      return new Response(null, { status, headers: { location: new URL(String(url)).href } }); // a relative URL: TypeError
    }
  }
  // The fetch export's request (abi/ABI.md section 7) as the host passes it: head is the
  // JSON [method, path, headers, checked], body an ArrayBuffer. With checked headers
  // (checkedHeaders) and a plain URL the Request is built as its constructor would
  // (keep the two alike).
  // The host's last header, when named ":cf", is request.cf as JSON (server.CFHeader).
  function requestFromHost(head, body, origin) {
    const h = JSON.parse(head), method = h[0], path = h[1], headers = h[2], checked = h[3];
    const last = headers.length - 1;
    let cfText;
    if (last >= 0 && headers[last][0] === ":cf") {
      cfText = headers[last][1];
      headers.length = last;
    }
    let hostHeader = null;
    for (let i = 0; i < headers.length; i++) if (headers[i][0] === "host") { hostHeader = headers[i][1]; break; }
    if (hostHeader !== null) origin = "http://" + hostHeader;
    const noBody = method === "GET" || method === "HEAD";
    const url = origin + path;
    if (!checked || !plainURL(url)) {
      const r = new Request(url, { method, headers, body: noBody ? null : new Uint8Array(body) });
      r._cfText = cfText;
      return r;
    }
    const r = Object.create(Request.prototype);
    r.url = url;
    r.method = String(method).toUpperCase();
    r.headers = checkedHeaders(headers);
    r._body = noBody ? null : new Uint8Array(body);
    r.bodyUsed = false;
    r._cf = undefined;
    r._cfText = cfText;
    return r;
  }
  // freezeDeep freezes v and every object in it, as workerd's request.cf is.
  function freezeDeep(v) {
    if (v !== null && typeof v === "object") {
      for (const k of Object.keys(v)) freezeDeep(v[k]);
      Object.freeze(v);
    }
    return v;
  }
  // responseToHost reports the head and returns the body as a string or ArrayBuffer.
  // A body stream is read whole first: then a promise of the same.
  // slot is the dispatcher's (dispatch): the call whose response this is.
  function responseToHost(res, slot) {
    if (!(res instanceof Response)) throw new TypeError("fetch must return a Response");
    // A stream body is streamed to the host when the call's caller takes it so ("streamed
    // responses"), else read whole.
    let pump = null;
    if (res._body instanceof ReadableStream) {
      pump = streamOut(res, slot);
      if (pump === null) return res._readStream().then((b) => { res._body = b; return responseToHost(res, slot); });
    }
    // The status, then each header's name and value, a line each: JSON.stringify of the
    // same costs several times as much here, and Headers holds no line break.
    // The first line is the status and, after a space, the status text, if one was given.
    let head = res.statusText !== "" || res._emptyText ? res.status + " " + res.statusText : String(res.status);
    const cookies = res.headers._cookies;
    res.headers._map.forEach((v, k) => {
      if (cookies && k === "set-cookie") for (let i = 0; i < cookies.length; i++) head += "\nset-cookie\n" + cookies[i];
      else head += "\n" + k + "\n" + v;
    });
    if (res.webSocket) {
      if (!(res.webSocket instanceof WebSocket)) throw new TypeError("response.webSocket is not a WebSocket");
      const r = hostFn(OP.WS_RESPONSE, res.webSocket._id, undefined, slot); // "WebSockets"
      if (typeof r === "number") throw hostError(r);
      sockets.delete(res.webSocket._id);
    }
    hostFn(OP.RESPONSE, arg(head), undefined, slot);
    if (pump !== null) { pump(); return ""; }
    const b = res._body;
    if (b === null) return "";
    return typeof b === "string" && b.indexOf("\0") < 0 ? b.toWellFormed() : res._bytes().slice().buffer;
  }

  // ---- web platform ----
  // DOMException, events, AbortController, structuredClone, Blob, File, FormData,
  // URLPattern and navigator, as the Workers runtime has them
  // (https://developers.cloudflare.com/workers/runtime-apis/web-standards/). Nothing
  // here runs on a call that does not use it.
  const DOM_CODES = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
    SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
    QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
  };
  // As in workerd, code, name, message and stack are the instance's own enumerable
  // properties.
  class DOMException extends Error {
    constructor(message = "", name = "Error") {
      super(String(message));
      name = String(name);
      let stack = this.stack;
      delete this.message;
      Object.assign(this, { code: DOM_CODES[name] || 0, name, message: String(message) });
      delete this.stack;
      // The stack was written while the name was still Error's: its head becomes this one's.
      if (typeof stack === "string") {
        const head = this.message ? `${name}: ${this.message}` : name, early = this.message ? `Error: ${this.message}` : "Error";
        if (stack === early || stack.startsWith(early + "\n")) stack = head + stack.slice(early.length);
        else if (!stack.startsWith(name)) stack = head + "\n" + stack;
      }
      this.stack = stack;
    }
    get [Symbol.toStringTag]() { return "DOMException"; }
  }
  ["INDEX_SIZE_ERR", "DOMSTRING_SIZE_ERR", "HIERARCHY_REQUEST_ERR", "WRONG_DOCUMENT_ERR", "INVALID_CHARACTER_ERR",
    "NO_DATA_ALLOWED_ERR", "NO_MODIFICATION_ALLOWED_ERR", "NOT_FOUND_ERR", "NOT_SUPPORTED_ERR", "INUSE_ATTRIBUTE_ERR",
    "INVALID_STATE_ERR", "SYNTAX_ERR", "INVALID_MODIFICATION_ERR", "NAMESPACE_ERR", "INVALID_ACCESS_ERR", "VALIDATION_ERR",
    "TYPE_MISMATCH_ERR", "SECURITY_ERR", "NETWORK_ERR", "ABORT_ERR", "URL_MISMATCH_ERR", "QUOTA_EXCEEDED_ERR", "TIMEOUT_ERR",
    "INVALID_NODE_TYPE_ERR", "DATA_CLONE_ERR"].forEach((k, i) => {
    Object.defineProperty(DOMException, k, { value: i + 1, enumerable: true });
    Object.defineProperty(DOMException.prototype, k, { value: i + 1, enumerable: true });
  });

  // Events (https://dom.spec.whatwg.org/#events): one target, no tree, so an event is
  // only ever at its target.
  class Event {
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Event: the type is required");
      this._type = String(type);
      this._bubbles = Boolean(init && init.bubbles);
      this._cancelable = Boolean(init && init.cancelable);
      this._composed = Boolean(init && init.composed);
      this._canceled = false;
      this._stop = false;
      this._passive = false;
      this._target = null;
      this._current = null;
      this._dispatching = false;
      this._time = Date.now();
    }
    get type() { return this._type; }
    get bubbles() { return this._bubbles; }
    get cancelable() { return this._cancelable; }
    get composed() { return this._composed; }
    get defaultPrevented() { return this._canceled; }
    get returnValue() { return !this._canceled; }
    get target() { return this._target; }
    get srcElement() { return this._target; }
    get currentTarget() { return this._current; }
    get eventPhase() { return this._dispatching ? 2 : 0; }
    get timeStamp() { return this._time; }
    get isTrusted() { return false; }
    get cancelBubble() { return this._stop; }
    set cancelBubble(v) { if (v) this._stop = true; }
    preventDefault() { if (this._cancelable && !this._passive) this._canceled = true; }
    stopPropagation() { this._stop = true; }
    stopImmediatePropagation() { this._stop = true; }
    composedPath() { return this._current ? [this._current] : []; }
  }
  for (const [k, v] of [["NONE", 0], ["CAPTURING_PHASE", 1], ["AT_TARGET", 2], ["BUBBLING_PHASE", 3]]) {
    Object.defineProperty(Event, k, { value: v, enumerable: true });
    Object.defineProperty(Event.prototype, k, { value: v, enumerable: true });
  }
  class CustomEvent extends Event {
    constructor(type, init = {}) {
      super(type, init);
      this._detail = init && init.detail !== undefined ? init.detail : null;
    }
    get detail() { return this._detail; }
  }
  const LISTENERS = Symbol("listeners");
  class EventTarget {
    addEventListener(type, listener, options) {
      if (listener === null || listener === undefined) return;
      if (typeof listener !== "function" && typeof listener !== "object") throw new TypeError("addEventListener: the listener must be a function or an object");
      type = String(type);
      const o = typeof options === "object" && options !== null ? options : { capture: Boolean(options) };
      const capture = Boolean(o.capture), signal = o.signal;
      if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError("addEventListener: signal must be an AbortSignal");
      if (signal && signal.aborted) return;
      if (type === "abort" && this instanceof AbortSignal && this._deadline !== undefined && !this.aborted) this._needTimer();
      const all = this[LISTENERS] || (this[LISTENERS] = new Map());
      let list = all.get(type);
      if (!list) all.set(type, (list = []));
      for (let i = 0; i < list.length; i++) if (list[i].listener === listener && list[i].capture === capture) return;
      list.push({ listener, capture, once: Boolean(o.once), passive: Boolean(o.passive), removed: false });
      if (signal) signal._follow(() => this.removeEventListener(type, listener, { capture }));
    }
    removeEventListener(type, listener, options) {
      const list = this[LISTENERS] && this[LISTENERS].get(String(type));
      if (!list) return;
      const capture = typeof options === "object" && options !== null ? Boolean(options.capture) : Boolean(options);
      for (let i = 0; i < list.length; i++) {
        if (list[i].listener === listener && list[i].capture === capture) {
          list[i].removed = true;
          list.splice(i, 1);
          return;
        }
      }
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError("dispatchEvent: the argument must be an Event");
      if (event._dispatching) throw new DOMException("The event is already being dispatched.", "InvalidStateError");
      event._dispatching = true;
      event._target = this;
      event._current = this;
      event._stop = false;
      const list = this[LISTENERS] && this[LISTENERS].get(event._type);
      try {
        if (list) {
          for (const l of list.slice()) {
            if (l.removed) continue;
            if (l.once) this.removeEventListener(event._type, l.listener, { capture: l.capture });
            event._passive = l.passive;
            // A listener's exception ends the dispatch and reaches its caller, as in workerd.
            if (typeof l.listener === "function") l.listener.call(this, event);
            else if (typeof l.listener.handleEvent === "function") l.listener.handleEvent(event);
            else throw new TypeError("the listener has no handleEvent method");
            event._passive = false;
            if (event._stop) break;
          }
        }
      } finally {
        event._dispatching = false; // currentTarget stays the target, as in workerd
        event._passive = false;
      }
      return !event._canceled;
    }
  }

  // AbortController and AbortSignal (https://dom.spec.whatwg.org/#aborting-ongoing-activities).
  const SIGNAL = Symbol("signal");
  const abortError = () => new DOMException("The operation was aborted", "AbortError");
  class AbortSignal extends EventTarget {
    constructor(key) {
      if (key !== SIGNAL) throw new TypeError("Illegal constructor: use new AbortController().signal");
      super();
      this._aborted = false;
      this._reason = undefined;
      this._onabort = null;
      this._followers = null; // what runs on abort, before the event: removals, AbortSignal.any
    }
    get aborted() { this._checkDeadline(); return this._aborted; }
    get reason() { this._checkDeadline(); return this._reason; }
    throwIfAborted() { if (this.aborted) throw this._reason; }
    get onabort() { return this._onabort; }
    set onabort(f) {
      if (this._onabort === null && typeof f === "function") this.addEventListener("abort", (e) => { if (typeof this._onabort === "function") this._onabort.call(this, e); });
      this._onabort = typeof f === "function" ? f : null;
    }
    _follow(f) { (this._followers || (this._followers = [])).push(f); }
    _abort(reason) {
      if (this._aborted) return;
      this._aborted = true;
      this._reason = reason === undefined ? abortError() : reason;
      this._deadline = undefined;
      const fs = this._followers;
      this._followers = null;
      // An AbortSignal.any follower is aborted at once, its event fired after this one's.
      const dependents = [];
      if (fs) for (const f of fs) { if (!(f instanceof AbortSignal)) f(); else if (!f._aborted) { f._aborted = true; f._reason = this._reason; dependents.push(f); } }
      this.dispatchEvent(new Event("abort"));
      for (const d of dependents) { d._aborted = false; d._abort(d._reason); }
    }
    // Without timers (no globalThis.setTimeout), AbortSignal.timeout's signal aborts when
    // it is looked at after its deadline; waiting for its abort event throws.
    _checkDeadline() {
      if (this._deadline !== undefined && Date.now() >= this._deadline) this._abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    }
    _needTimer() {
      throw new TypeError("AbortSignal.timeout: waiting for its abort event needs setTimeout, which this runtime does not have");
    }
    static abort(reason) {
      const s = new AbortSignal(SIGNAL);
      s._aborted = true;
      s._reason = reason === undefined ? abortError() : reason;
      return s;
    }
    static timeout(ms) {
      ms = Number(ms);
      if (!Number.isFinite(ms) || ms < 0 || ms > Number.MAX_SAFE_INTEGER) throw new TypeError(`AbortSignal.timeout: ${ms} is not a number of milliseconds`);
      const s = new AbortSignal(SIGNAL);
      const setTimer = globalThis.setTimeout;
      if (typeof setTimer === "function") setTimer(() => s._abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
      else s._deadline = Date.now() + ms;
      return s;
    }
    static any(signals) {
      const s = new AbortSignal(SIGNAL);
      const all = Array.from(signals);
      for (const x of all) if (!(x instanceof AbortSignal)) throw new TypeError("AbortSignal.any: every element must be an AbortSignal");
      for (const x of all) if (x.aborted) { s._aborted = true; s._reason = x._reason; return s; }
      for (const x of all) x._follow(s);
      return s;
    }
  }
  class AbortController {
    constructor() { this._signal = new AbortSignal(SIGNAL); }
    get signal() { return this._signal; }
    abort(reason) { this._signal._abort(reason); }
  }

  // structuredClone (https://html.spec.whatwg.org/multipage/structured-data.html).
  const ERROR_TYPES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const cloneError = (what) => new DOMException(`${what} could not be cloned.`, "DataCloneError");
  function cloneValue(v, memo) {
    if (typeof v === "function") throw cloneError(String(v));
    if (typeof v === "symbol") throw cloneError(String(v));
    if (typeof v !== "object" || v === null) return v;
    const known = memo.get(v);
    if (known !== undefined) return known;
    let out;
    if (Array.isArray(v)) {
      out = new Array(v.length);
      memo.set(v, out);
      for (const k of Object.keys(v)) out[k] = cloneValue(v[k], memo); // holes stay holes
      return out;
    }
    if (v instanceof ArrayBuffer) out = v.slice(0);
    else if (ArrayBuffer.isView(v)) {
      const buf = cloneValue(v.buffer, memo);
      const T = v instanceof DataView ? DataView : globalThis[v[Symbol.toStringTag]];
      out = T === DataView ? new DataView(buf, v.byteOffset, v.byteLength) : new T(buf, v.byteOffset, v.length);
    } else if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof Boolean || v instanceof Number || v instanceof String || v instanceof BigInt) out = Object(v.valueOf());
    else if (v instanceof Blob) out = v; // a Blob cannot change: the copy may share its bytes
    else if (v instanceof Error) {
      const T = v instanceof DOMException ? null : ERROR_TYPES[v.name] || Error;
      out = T ? new T(String(v.message)) : new DOMException(v.message, v.name);
      if (typeof v.stack === "string") Object.defineProperty(out, "stack", { value: v.stack, writable: true, configurable: true });
      if ("cause" in v) { memo.set(v, out); out.cause = cloneValue(v.cause, memo); }
    } else if (v instanceof Map) {
      out = new Map();
      memo.set(v, out);
      for (const [k, x] of v) out.set(cloneValue(k, memo), cloneValue(x, memo));
      return out;
    } else if (v instanceof Set) {
      out = new Set();
      memo.set(v, out);
      for (const x of v) out.add(cloneValue(x, memo));
      return out;
    } else if (v instanceof Promise || v instanceof WeakMap || v instanceof WeakSet || (typeof WeakRef === "function" && v instanceof WeakRef)) {
      throw cloneError(`#<${v.constructor.name}>`);
    } else {
      out = {};
      memo.set(v, out);
      for (const k of Object.keys(v)) out[k] = cloneValue(v[k], memo);
      return out;
    }
    memo.set(v, out);
    return out;
  }
  function structuredClone(value, options) {
    if (arguments.length === 0) throw new TypeError("structuredClone: a value is required");
    const memo = new Map();
    const transfer = options && options.transfer ? Array.from(options.transfer) : [];
    for (const t of transfer) {
      if (!(t instanceof ArrayBuffer)) throw cloneError("a value to transfer that is not an ArrayBuffer");
      if (t.detached) throw cloneError("a detached ArrayBuffer");
      memo.set(t, t.slice(0));
    }
    const out = cloneValue(value, memo);
    for (const t of transfer) if (typeof t.transfer === "function") t.transfer(0);
    return out;
  }

  // Blob and File (https://w3c.github.io/FileAPI/): immutable bytes, kept as one Uint8Array.
  const blobType = (t) => { t = String(t); return /^[\x20-\x7e]*$/.test(t) ? t.toLowerCase() : ""; };
  function newBlob(bytes, type, T = Blob) {
    const b = Object.create(T.prototype);
    b._bytes = bytes;
    b._type = type;
    return b;
  }
  class Blob {
    constructor(parts = [], options = {}) {
      if (parts === null || typeof parts !== "object" || typeof parts[Symbol.iterator] !== "function") {
        if (parts !== undefined) throw new TypeError("Blob: the parts must be a sequence");
        parts = [];
      }
      const chunks = [];
      let n = 0;
      for (const p of parts) {
        const b = p instanceof Blob ? p._bytes : p instanceof ArrayBuffer || ArrayBuffer.isView(p) ? bytesOf(p) : encodeUTF8(String(p));
        chunks.push(b);
        n += b.length;
      }
      const bytes = chunks.length === 1 && !(parts[0] instanceof Blob) ? chunks[0].slice() : chunks.length === 1 ? chunks[0] : new Uint8Array(n);
      if (chunks.length > 1) for (let i = 0, at = 0; i < chunks.length; at += chunks[i].length, i++) bytes.set(chunks[i], at);
      this._bytes = bytes;
      this._type = options && options.type !== undefined ? blobType(options.type) : "";
    }
    get size() { return this._bytes.length; }
    get type() { return this._type; }
    slice(start = 0, end = this._bytes.length, contentType = "") {
      const n = this._bytes.length;
      const at = (x) => { x = Math.trunc(Number(x)) || 0; return x < 0 ? Math.max(n + x, 0) : Math.min(x, n); };
      const a = at(start), b = at(end);
      return newBlob(this._bytes.subarray(a, Math.max(a, b)), blobType(contentType));
    }
    async text() { return decodeUTF8(this._bytes); } // a byte order mark stays, as in workerd
    async arrayBuffer() { return this._bytes.slice().buffer; }
    async bytes() { return this._bytes.slice(); }
    stream() {
      const RS = globalThis.ReadableStream;
      if (typeof RS !== "function") throw new TypeError("Blob.stream: this runtime has no ReadableStream");
      const bytes = this._bytes;
      return new RS({ type: "bytes", start(c) { if (bytes.length) c.enqueue(bytes.slice()); c.close(); } });
    }
    get [Symbol.toStringTag]() { return "Blob"; }
  }
  class File extends Blob {
    constructor(parts, name, options = {}) {
      if (arguments.length < 2) throw new TypeError("File: the parts and the name are required");
      super(parts, options);
      this._name = String(name);
      const m = options && options.lastModified !== undefined ? Math.trunc(Number(options.lastModified)) : Date.now();
      this._lastModified = Number.isFinite(m) ? m : 0;
    }
    get name() { return this._name; }
    get lastModified() { return this._lastModified; }
    get webkitRelativePath() { return ""; }
    get [Symbol.toStringTag]() { return "File"; }
  }

  // FormData (https://xhr.spec.whatwg.org/#interface-formdata): a list of [name, value],
  // each value a string or a File.
  function formEntry(name, value, filename) {
    name = String(name);
    if (!(value instanceof Blob)) return [name, String(value)];
    if (value instanceof File && filename === undefined) return [name, value];
    const f = newBlob(value._bytes, value._type, File);
    f._name = filename !== undefined ? String(filename) : value instanceof File ? value._name : name; // workerd's default, not "blob"
    f._lastModified = value instanceof File ? value._lastModified : Date.now();
    return [name, f];
  }
  class FormData {
    constructor(form) {
      if (form !== undefined) throw new TypeError("FormData: there are no form elements here");
      this._list = [];
    }
    append(name, value, filename) {
      if (arguments.length < 2) throw new TypeError("FormData.append: a name and a value are required");
      this._list.push(formEntry(name, value, filename));
    }
    set(name, value, filename) {
      if (arguments.length < 2) throw new TypeError("FormData.set: a name and a value are required");
      const e = formEntry(name, value, filename);
      const i = this._list.findIndex((x) => x[0] === e[0]);
      if (i < 0) this._list.push(e);
      else this._list = this._list.filter((x, j) => j === i || x[0] !== e[0]).map((x, j) => (j === i ? e : x));
    }
    get(name) { name = String(name); const e = this._list.find((x) => x[0] === name); return e ? e[1] : null; }
    getAll(name) { name = String(name); return this._list.filter((x) => x[0] === name).map((x) => x[1]); }
    has(name) { name = String(name); return this._list.some((x) => x[0] === name); }
    delete(name) { name = String(name); this._list = this._list.filter((x) => x[0] !== name); }
    forEach(fn, self) { for (const [k, v] of this._list) fn.call(self, v, k, this); }
    keys() { return this._list.map((x) => x[0])[Symbol.iterator](); }
    values() { return this._list.map((x) => x[1])[Symbol.iterator](); }
    entries() { return this._list.map((x) => x.slice())[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return "FormData"; }
  }
  // multipartOf writes f as multipart/form-data (RFC 7578) as workerd does: names and
  // filenames with " written %22 (CR and LF %0D and %0A), values as they are; it
  // returns [bytes, content type].
  function multipartOf(f) {
    let boundary = "----sobjectsFormBoundary";
    for (let i = 0; i < 4; i++) boundary += (next32() >>> 0).toString(16).padStart(8, "0");
    const esc = (s) => s.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
    const parts = [];
    let text = "";
    for (const [name, v] of f._list) {
      text += `--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"`;
      if (typeof v === "string") { text += `\r\n\r\n${v}\r\n`; continue; }
      text += `; filename="${esc(v._name)}"\r\nContent-Type: ${v._type || "application/octet-stream"}\r\n\r\n`;
      parts.push(encodeUTF8(text), v._bytes);
      text = "\r\n";
    }
    parts.push(encodeUTF8(text + `--${boundary}--\r\n`));
    let n = 0;
    for (const p of parts) n += p.length;
    const out = new Uint8Array(n);
    for (let i = 0, at = 0; i < parts.length; at += parts[i].length, i++) out.set(parts[i], at);
    return [out, "multipart/form-data; boundary=" + boundary];
  }
  // indexOfBytes is where pat first occurs in b at or after from, or -1: the engine's
  // indexOf finds each candidate first byte.
  function indexOfBytes(b, pat, from) {
    const first = pat[0], m = pat.length;
    for (let i = b.indexOf(first, from); i >= 0 && i + m <= b.length; i = b.indexOf(first, i + 1)) {
      let j = 1;
      while (j < m && b[i + j] === pat[j]) j++;
      if (j === m) return i;
    }
    return -1;
  }
  const badForm = () => new TypeError("No initial boundary string (or you have a truncated message).");
  // headerParam is parameter key of a header value such as a Content-Type or a
  // Content-Disposition (quoted or not), or null.
  function headerParam(v, key) {
    const re = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i");
    const m = re.exec(v);
    if (!m) return null;
    return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
  }
  function parseMultipart(b, boundary) {
    const f = new FormData();
    const delim = encodeUTF8("\r\n--" + boundary);
    let at;
    if (indexOfBytes(b, delim.subarray(2), 0) === 0) at = 0;
    else { at = indexOfBytes(b, delim, 0); if (at < 0) throw badForm(); at += 2; }
    at += delim.length - 2;
    const crlf2 = new Uint8Array([13, 10, 13, 10]);
    for (;;) {
      if (b[at] === 45 && b[at + 1] === 45) return f; // the closing delimiter
      while (at < b.length && (b[at] === 32 || b[at] === 9)) at++;
      if (b[at] !== 13 || b[at + 1] !== 10) throw badForm();
      at += 2;
      let headEnd, bodyAt;
      if (b[at] === 13 && b[at + 1] === 10) { headEnd = at; bodyAt = at + 2; } // no headers
      else { headEnd = indexOfBytes(b, crlf2, at); if (headEnd < 0) throw badForm(); bodyAt = headEnd + 4; }
      const end = indexOfBytes(b, delim, bodyAt);
      if (end < 0) throw badForm();
      const head = decodeUTF8(b.subarray(at, headEnd));
      let disposition = null, type = null;
      for (const line of head.split("\r\n")) {
        const i = line.indexOf(":");
        if (i < 0) continue;
        const k = line.slice(0, i).trim().toLowerCase(), v = line.slice(i + 1).trim();
        if (k === "content-disposition") disposition = v;
        else if (k === "content-type") type = v;
      }
      if (disposition === null || !/^form-data\b/i.test(disposition)) throw badForm();
      const name = headerParam(disposition, "name");
      if (name === null) throw badForm();
      const filename = headerParam(disposition, "filename");
      const data = b.subarray(bodyAt, end);
      // Names stay as written (%22 too) and a file without a type has none, as in workerd.
      if (filename === null) f._list.push([name, decodeUTF8(data)]);
      else {
        const file = newBlob(data.slice(), type === null ? "" : blobType(type), File);
        file._name = filename;
        file._lastModified = Date.now();
        f._list.push([name, file]);
      }
      at = end + delim.length;
    }
  }
  // formDataOf reads a body (a string or bytes, or null) as the FormData its content
  // type says (Body.formData).
  function formDataOf(body, contentType) {
    const ct = (contentType || "").toLowerCase();
    if (ct.startsWith("multipart/form-data")) {
      const boundary = headerParam(contentType, "boundary");
      if (!boundary) throw badForm();
      return parseMultipart(typeof body === "string" ? encodeUTF8(body) : body || new Uint8Array(0), boundary);
    }
    if (ct.startsWith("application/x-www-form-urlencoded")) {
      const f = new FormData();
      f._list = new URLSearchParams(typeof body === "string" ? body : body ? decodeUTF8(body) : "")._list;
      return f;
    }
    throw new TypeError("Unrecognized Content-Type header value. FormData can only parse the following MIME types: multipart/form-data, application/x-www-form-urlencoded");
  }

  // URLPattern (https://urlpattern.spec.whatwg.org/): each component's pattern becomes a
  // regular expression; :name, (regexp), * and {...} with the modifiers ?, + and *.
  const URLP_PARTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
  const reEscape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  function compileURLPattern(p, part, ignoreCase) {
    const segment = part === "pathname" ? "[^/]+?" : part === "hostname" ? "[^.]+?" : ".+?";
    const names = [];
    let anon = 0, i = 0, hasRegExp = false;
    function group(depth) {
      let re = "";
      while (i < p.length) {
        const c = p[i];
        if (c === "}") { if (depth === 0) throw new TypeError(`URLPattern: an unmatched } in ${p}`); i++; return re; }
        let g = null, name = null;
        if (c === "\\") { re += reEscape(p[i + 1] || ""); i += 2; continue; }
        if (c === "{") { i++; const inner = group(depth + 1); re += modify(`(?:${inner})`, null, ""); continue; }
        if (c === ":") {
          const m = /^[A-Za-z_$][\w$]*/.exec(p.slice(i + 1));
          if (!m) throw new TypeError(`URLPattern: a : without a name in ${p}`);
          name = m[0];
          i += 1 + name.length;
          g = segment;
          if (p[i] === "(") { g = regexpAt(); hasRegExp = true; }
        } else if (c === "(") { g = regexpAt(); hasRegExp = true; name = String(anon++); }
        else if (c === "*") { i++; g = ".*"; name = String(anon++); }
        if (g === null) { re += reEscape(c); i++; continue; }
        names.push(name);
        // A "/" before a group that may be left out (pathname) goes with it.
        let prefix = "";
        if (part === "pathname" && re.endsWith("\\/") && "?*+".includes(p[i] || "")) { prefix = "\\/"; re = re.slice(0, -2); }
        re += modify(`(${g})`, g, prefix);
      }
      if (depth > 0) throw new TypeError(`URLPattern: an unmatched { in ${p}`);
      return re;
    }
    function modify(g, inner, prefix) {
      const m = p[i];
      if (m === "?") { i++; return `(?:${prefix}${g})?`; }
      if (m === "+" || m === "*") {
        i++;
        const rep = inner === null ? g : `((?:${inner})(?:${prefix}(?:${inner}))*)`;
        return inner === null ? `(?:${prefix}${g})${m}` : `(?:${prefix}${rep})${m === "*" ? "?" : ""}`;
      }
      return prefix + g;
    }
    function regexpAt() {
      let depth = 0, j = i;
      for (; j < p.length; j++) {
        if (p[j] === "\\") { j++; continue; }
        if (p[j] === "(") depth++;
        else if (p[j] === ")" && --depth === 0) break;
      }
      if (j >= p.length) throw new TypeError(`URLPattern: an unmatched ( in ${p}`);
      const g = p.slice(i + 1, j);
      i = j + 1;
      if (g.startsWith("?")) throw new TypeError(`URLPattern: a group may not start with ? in ${p}`);
      return g;
    }
    const body = group(0);
    return { re: new RegExp(`^${body}$`, ignoreCase ? "iu" : "u"), names, hasRegExp };
  }
  // splitURLPattern splits a pattern string into its components.
  function splitURLPattern(s, base) {
    const o = {};
    let rest = s;
    const m = /^([A-Za-z*{(][A-Za-z0-9+.\-*{}()?]*):\/\//.exec(rest);
    if (m) {
      o.protocol = m[1];
      rest = rest.slice(m[0].length);
      const end = rest.search(/[/?#]/);
      let auth = end < 0 ? rest : rest.slice(0, end);
      rest = end < 0 ? "" : rest.slice(end);
      const at = auth.lastIndexOf("@");
      if (at >= 0) {
        const [u, pw] = auth.slice(0, at).split(":");
        o.username = u;
        if (pw !== undefined) o.password = pw;
        auth = auth.slice(at + 1);
      }
      const pm = /^(.*?)(?::(\d*|\*|\(.*\)))?$/.exec(auth);
      o.hostname = pm[1];
      if (pm[2] !== undefined) o.port = pm[2];
      else if (o.protocol !== "*") o.port = "";
    } else if (base === undefined) throw new TypeError(`URLPattern: a relative pattern ${JSON.stringify(s)} needs a base URL`);
    let h = -1;
    for (let j = 0; j < rest.length; j++) { if (rest[j] === "\\") j++; else if (rest[j] === "#" && !/[({]/.test(rest.slice(0, j).replace(/\\./g, "").replace(/\([^)]*\)|\{[^}]*\}/g, ""))) { h = j; break; } }
    if (h >= 0) { o.hash = rest.slice(h + 1); rest = rest.slice(0, h); }
    let q = -1;
    for (let j = 0; j < rest.length; j++) {
      if (rest[j] === "\\") { j++; continue; }
      if (rest[j] === "(" || rest[j] === "{") { const close = rest[j] === "(" ? ")" : "}"; const k = rest.indexOf(close, j); if (k > 0) { j = k; continue; } }
      if (rest[j] === "?" && j > 0 && /[):*}A-Za-z0-9_$]/.test(rest[j - 1]) && (rest[j - 1] === ")" || rest[j - 1] === "}" || rest[j - 1] === "*" || /:[\w$]+$/.test(rest.slice(0, j)))) continue;
      if (rest[j] === "?") { q = j; break; }
    }
    if (q >= 0) { o.search = rest.slice(q + 1); rest = rest.slice(0, q); }
    if (rest !== "" || m) o.pathname = rest === "" ? "/" : rest;
    if (base !== undefined) o.baseURL = base;
    // What a string leaves out after its start is empty, not a wildcard (as in workerd).
    for (const k of m ? URLP_PARTS : ["search", "hash"]) if (o[k] === undefined) o[k] = "";
    return o;
  }
  class URLPattern {
    constructor(input = {}, base, options) {
      if (typeof base === "object" && base !== null && options === undefined) { options = base; base = undefined; }
      const init = typeof input === "string" ? splitURLPattern(input, base) : Object.assign({}, input);
      if (typeof input !== "string" && base !== undefined) throw new TypeError("URLPattern: a base URL goes in the init object");
      if (init.baseURL !== undefined) {
        const b = new URL(init.baseURL);
        const from = { protocol: b.protocol.slice(0, -1), username: b.username, password: b.password, hostname: b.hostname, port: b.port, pathname: b.pathname, search: b.search.slice(1), hash: b.hash.slice(1) };
        for (const k of URLP_PARTS) {
          if (init[k] !== undefined) break;
          init[k] = reEscape(from[k]).replace(/\\\//g, "/");
        }
        if (init.pathname !== undefined && !init.pathname.startsWith("/") && !init.pathname.startsWith("*") && from.pathname) init.pathname = reEscape(from.pathname.replace(/[^/]*$/, "")).replace(/\\\//g, "/") + init.pathname;
      }
      const ignoreCase = Boolean(options && options.ignoreCase);
      this._parts = {};
      this._hasRegExp = false;
      for (const k of URLP_PARTS) {
        let p = init[k] === undefined ? "*" : String(init[k]);
        if (k === "protocol" && p.endsWith(":")) p = p.slice(0, -1);
        if (k === "search" && p.startsWith("?")) p = p.slice(1);
        if (k === "hash" && p.startsWith("#")) p = p.slice(1);
        const c = compileURLPattern(p, k, ignoreCase);
        c.pattern = p;
        this._parts[k] = c;
        this._hasRegExp = this._hasRegExp || c.hasRegExp;
      }
    }
    get hasRegExpGroups() { return this._hasRegExp; }
    test(input, base) { return this.exec(input, base) !== null; }
    exec(input, base) {
      let values;
      if (typeof input === "object" && input !== null && !(input instanceof URL)) {
        values = {};
        for (const k of URLP_PARTS) values[k] = input[k] === undefined ? "" : String(input[k]);
        if (input.baseURL !== undefined) {
          let b;
          try { b = new URL(input.baseURL); } catch { return null; }
          const from = urlParts(b);
          for (const k of URLP_PARTS) { if (input[k] !== undefined) break; values[k] = from[k]; }
        }
      } else {
        let u;
        try { u = input instanceof URL ? input : new URL(String(input), base); } catch { return null; }
        values = urlParts(u);
      }
      const out = { inputs: base === undefined ? [input] : [input, base] };
      for (const k of URLP_PARTS) {
        const c = this._parts[k];
        const m = c.re.exec(values[k]);
        if (!m) return null;
        const groups = {};
        for (let j = 0; j < c.names.length; j++) groups[c.names[j]] = m[j + 1] === undefined ? "" : m[j + 1]; // workerd's "" for a group left out
        out[k] = { input: values[k], groups };
      }
      return out;
    }
  }
  for (const k of URLP_PARTS) Object.defineProperty(URLPattern.prototype, k, { get() { return this._parts[k].pattern; }, configurable: true });
  const urlParts = (u) => ({
    protocol: u.protocol.slice(0, -1), username: u.username, password: u.password, hostname: u.hostname, port: u.port,
    pathname: u.pathname, search: u.search.slice(1), hash: u.hash.slice(1),
  });

  // navigator, as the Workers runtime has it.
  const navigator = Object.create({
    get userAgent() { return "Cloudflare-Workers"; },
    get hardwareConcurrency() { return 1; },
    get language() { return "en"; },
    get languages() { return ["en"]; },
  });
  Object.defineProperty(globalThis, "navigator", { value: navigator, writable: true, configurable: true });
  Object.assign(globalThis, { DOMException, Event, CustomEvent, EventTarget, AbortController, AbortSignal, structuredClone, Blob, File, FormData, URLPattern });

  // MessageChannel and MessagePort (https://html.spec.whatwg.org/multipage/web-messaging.html),
  // as workerd has them: a message is a structured clone, delivered as a microtask once
  // the port it reaches has a "message" listener (onmessage, or addEventListener even
  // without start(), as in workerd); until then it waits in the port. close() drops what
  // waits and what either port posts from then on. A transfer list is refused.
  const PORT = Symbol("port");
  const microtask = globalThis.queueMicrotask;
  class MessageEvent extends Event {
    constructor(type, init = {}) {
      super(type, init);
      const o = init || {};
      this._data = o.data === undefined ? null : o.data;
      this._origin = o.origin === undefined ? "" : String(o.origin);
      this._lastEventId = o.lastEventId === undefined ? "" : String(o.lastEventId);
      this._source = o.source === undefined ? null : o.source;
      this._ports = o.ports ? Array.from(o.ports) : [];
      this._trusted = false;
    }
    get data() { return this._data; }
    get origin() { return this._origin; }
    get lastEventId() { return this._lastEventId; }
    get source() { return this._source; }
    get ports() { return this._ports; }
    get isTrusted() { return this._trusted; }
  }
  class MessagePort extends EventTarget {
    constructor(key) {
      if (key !== PORT) throw new TypeError("Illegal constructor");
      super();
      this._other = null;
      this._closed = false;
      this._queue = [];
      this._handler = null; // onmessage
      this._handlerListener = null; // the listener that calls it
    }
    postMessage(data, transfer) {
      const list = transfer === undefined || transfer === null ? null : Array.isArray(transfer) ? transfer : transfer.transfer;
      if (list && list.length > 0) throw new Error("Transfer list is not supported");
      const v = cloneValue(data, new Map());
      const to = this._other;
      if (this._closed || to === null || to._closed) return;
      to._queue.push(v);
      to._flush();
    }
    start() { this._flush(); }
    close() { this._closed = true; this._queue.length = 0; }
    get onmessage() { return this._handler; }
    set onmessage(fn) {
      this._handler = typeof fn === "function" ? fn : null;
      if (this._handler !== null && this._handlerListener === null) {
        this._handlerListener = (e) => { if (this._handler !== null) this._handler.call(this, e); };
        super.addEventListener("message", this._handlerListener);
      } else if (this._handler === null && this._handlerListener !== null) {
        super.removeEventListener("message", this._handlerListener);
        this._handlerListener = null;
      }
      this._flush();
    }
    addEventListener(type, listener, options) {
      super.addEventListener(type, listener, options);
      if (String(type) === "message") this._flush();
    }
    get [Symbol.toStringTag]() { return "MessagePort"; }
    // _flush delivers the messages waiting, a microtask each, if the port has a listener.
    _flush() {
      const l = this[LISTENERS] && this[LISTENERS].get("message");
      if (!l || l.length === 0) return;
      while (this._queue.length > 0) {
        const v = this._queue.shift();
        microtask(() => this._deliver(v));
      }
    }
    _deliver(v) {
      const e = new MessageEvent("message", { source: this });
      e._data = v; // undefined too
      e._trusted = true;
      e._origin = null;
      try { this.dispatchEvent(e); } catch (err) {
        if (err instanceof InternalError && err.message === "out of memory") throw err;
        console.error("Uncaught", err);
      }
    }
  }
  class MessageChannel {
    constructor() {
      const a = new MessagePort(PORT), b = new MessagePort(PORT);
      a._other = b;
      b._other = a;
      this.port2 = b; // in workerd's order of keys
      this.port1 = a;
    }
  }

  // performance, as workerd has it: timeOrigin is 0 and now() is Date.now(), the time
  // since the epoch in milliseconds (https://developers.cloudflare.com/workers/runtime-apis/performance/).
  class Performance {
    constructor(key) { if (key !== PORT) throw new TypeError("Illegal constructor"); }
    get timeOrigin() { return 0; }
    now() { return Date.now(); }
    get [Symbol.toStringTag]() { return "Performance"; }
  }
  Object.defineProperty(globalThis, "performance", { value: new Performance(PORT), writable: true, configurable: true, enumerable: true });

  // The Cache API (https://developers.cloudflare.com/workers/runtime-apis/cache/):
  // caches.default and caches.open(name) keep responses in the node's cache (the host's
  // Cache, OP.CACHE_*), which honours Cache-Control and Expires as Cloudflare's does.
  // Cache keys are GET requests by URL, without the fragment.
  const CACHE = Symbol("cache");
  const MAX_CACHE_NAME = 1023; // in UTF-8 bytes, as workerd
  const notImplemented = (what, m) => Promise.reject(new Error(`Failed to execute '${m}' on '${what}': the method is not implemented.`));
  const cacheRequest = (r) => (r instanceof Request ? r : new Request(String(r)));
  // cacheURL is the key of a request's URL: as URL writes it (the host in lowercase, ...),
  // without the fragment.
  const cacheURL = (u) => { u = new URL(u).href; const i = u.indexOf("#"); return i < 0 ? u : u.slice(0, i); };
  function cacheCall(op, a, b) {
    const r = host(op, a, b);
    if (typeof r !== "string") throw new Error("the cache refused the operation");
    return r;
  }
  class Cache {
    constructor(key, name) {
      if (key !== CACHE) throw new TypeError("Illegal constructor");
      this._key = name; // "d" for caches.default, "n" and the name for caches.open(name)
    }
    async put(request, response) {
      if (!(response instanceof Response)) throw new TypeError("Failed to execute 'put' on 'Cache': parameter 2 is not of type 'Response'.");
      const r = cacheRequest(request);
      if (r.method !== "GET") throw new TypeError("Cannot cache response to non-GET request.");
      if (response.status === 206) throw new TypeError("Cannot cache response to a range request (206 Partial Content).");
      const vary = response.headers.get("vary");
      if (vary !== null && vary.split(",").some((v) => v.trim() === "*")) throw new TypeError("Cannot cache response with 'Vary: *' header.");
      if (response.bodyUsed) throw new TypeError("Body has already been used. It can only be used once. Use tee() first if you need to read it twice.");
      const body = await response.arrayBuffer();
      cacheCall(OP.CACHE_PUT, JSON.stringify([this._key, cacheURL(r.url), response.status, [...response.headers]]), body);
    }
    async match(request, options) {
      const r = cacheRequest(request);
      if (r.method !== "GET" && !(options && options.ignoreMethod)) return undefined;
      const h = r.headers;
      const got = cacheCall(OP.CACHE_MATCH, JSON.stringify([this._key, cacheURL(r.url), h.get("if-none-match") || "", h.get("if-modified-since") || ""]));
      if (got === "") return undefined;
      const [status, headers] = JSON.parse(got);
      const body = host(OP.FETCH_BODY);
      return new Response(status === 304 ? null : new Uint8Array(body), { status, headers });
    }
    async delete(request, options) {
      const r = cacheRequest(request);
      if (r.method !== "GET" && !(options && options.ignoreMethod)) return false;
      return cacheCall(OP.CACHE_DELETE, JSON.stringify([this._key, cacheURL(r.url)])) === "true";
    }
    add() { return notImplemented("Cache", "add"); }
    addAll() { return notImplemented("Cache", "addAll"); }
    matchAll() { return notImplemented("Cache", "matchAll"); }
    keys() { return notImplemented("Cache", "keys"); }
    get [Symbol.toStringTag]() { return "Cache"; }
  }
  class CacheStorage {
    constructor(key) {
      if (key !== CACHE) throw new TypeError("Illegal constructor");
      this._default = new Cache(CACHE, "d");
    }
    get default() { return this._default; }
    async open(name) {
      if (name === undefined) throw new TypeError("Failed to execute 'open' on 'CacheStorage': parameter 1 is not of type 'string'.");
      name = String(name);
      if (name.length > MAX_CACHE_NAME / 3 && utf8Encode(name).length > MAX_CACHE_NAME) throw new TypeError("Cache name is too long.");
      return new Cache(CACHE, "n" + name);
    }
    has() { return notImplemented("CacheStorage", "has"); }
    match() { return notImplemented("CacheStorage", "match"); }
    keys() { return notImplemented("CacheStorage", "keys"); }
    delete() { return notImplemented("CacheStorage", "delete"); }
    get [Symbol.toStringTag]() { return "CacheStorage"; }
  }
  Object.defineProperty(globalThis, "caches", { value: new CacheStorage(CACHE), writable: true, configurable: true, enumerable: true });
  // ErrorEvent (https://html.spec.whatwg.org/multipage/webappapis.html#errorevent).
  class ErrorEvent extends Event {
    constructor(type, init = {}) {
      super(type, init);
      const o = init || {};
      this._message = o.message === undefined ? "" : String(o.message);
      this._filename = o.filename === undefined ? "" : String(o.filename);
      this._lineno = o.lineno >>> 0;
      this._colno = o.colno >>> 0;
      this._error = o.error;
    }
    get message() { return this._message; }
    get filename() { return this._filename; }
    get lineno() { return this._lineno; }
    get colno() { return this._colno; }
    get error() { return this._error; }
  }
  // PromiseRejectionEvent (https://html.spec.whatwg.org/multipage/webappapis.html#promiserejectionevent),
  // which scripts cannot construct in workerd.
  class PromiseRejectionEvent extends Event {
    constructor(type, init, key) {
      if (key !== PORT) throw new TypeError("Illegal constructor");
      super(type, init);
      this._promise = init.promise;
      this._reason = init.reason;
    }
    get promise() { return this._promise; }
    get reason() { return this._reason; }
  }
  // The global scope is an event target, as workerd's: addEventListener,
  // removeEventListener and dispatchEvent reach one EventTarget. The engine dispatches
  // no event to it of its own (not "unhandledrejection": the host logs those).
  const globalTarget = new EventTarget();
  for (const m of ["addEventListener", "removeEventListener", "dispatchEvent"]) {
    Object.defineProperty(globalThis, m, { value: EventTarget.prototype[m].bind(globalTarget), writable: true, configurable: true, enumerable: true });
  }
  // reportError logs what it is given as an uncaught exception, as workerd does.
  function reportError(e) {
    if (arguments.length === 0) throw new TypeError("reportError: an error is required");
    console.error("Uncaught", e);
  }
  Object.assign(globalThis, { MessageEvent, MessagePort, MessageChannel, Cache, CacheStorage, ErrorEvent, PromiseRejectionEvent, reportError }); // workerd has no global Performance
  Object.defineProperty(globalThis, "self", { value: globalThis, writable: true, configurable: true, enumerable: true });
  // ---- outbound fetch ----
  // fetch(input, init) to the outside (https://developers.cloudflare.com/workers/runtime-apis/fetch/):
  // Go's client makes the request (host/internal/js/hostop_fetch.go) while the script
  // goes on. The host waits between the script's events for the heads of the requests in
  // flight and the body reads awaited, and then calls __sobjects_fetch, which settles
  // their promises; a response's body is a stream the host reads as the script reads it.
  // Where a request may connect is the host's to say (--fetch-allow).
  const fetchWaiting = new Map(); // id -> {resolve, reject, method, signal}: heads awaited
  const fetchReads = new Map(); // id -> resolve: body reads awaited
  function fetchError(text) {
    const i = text.indexOf(": ");
    const T = text.slice(0, i) === "RangeError" ? RangeError : TypeError;
    return new T(text.slice(i + 2));
  }
  globalThis.__sobjects_fetch = function fetchSettle() {
    if (fetchWaiting.size === 0 && fetchReads.size === 0) return;
    const r = host(OP.FETCH_WAIT);
    if (typeof r === "number") throw hostError(r);
    const heads = JSON.parse(r);
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h.length === 1) { const read = fetchReads.get(h[0]); fetchReads.delete(h[0]); if (read !== undefined) read(); continue; }
      const w = fetchWaiting.get(h[0]);
      if (w === undefined) continue;
      fetchWaiting.delete(h[0]);
      if (h.length === 2) w.reject(fetchError(h[1]));
      else w.resolve(fetchResponse(h, w));
    }
  };
  function immutableHeaders() { throw new TypeError("Can't modify immutable headers."); }
  // fetchResponse is the Response of head h: [id, status, statusText, url, redirected, headers].
  function fetchResponse(h, w) {
    const n = h[0], id = String(n), status = h[1];
    let body = null, open = true, ctl = null;
    const end = () => {
      if (!open) return;
      open = false;
      host(OP.FETCH_CANCEL, id);
      const read = fetchReads.get(n);
      fetchReads.delete(n);
      if (read !== undefined) read();
    };
    // read reads the next bytes the host has; when none has come, it waits for
    // __sobjects_fetch to say they have, so timers (an abort) run meanwhile.
    const read = (c) => {
      if (!open) return;
      const r = host(OP.FETCH_READ, id);
      if (r === 1) return new Promise((resolve) => { fetchReads.set(n, resolve); }).then(() => read(c));
      if (typeof r === "string") { open = false; c.error(fetchError(r)); } else if (typeof r === "number") { open = false; c.close(); } else c.enqueue(new Uint8Array(r));
    };
    if (w.method === "HEAD" || status === 101 || status === 204 || status === 205 || status === 304) end();
    else {
      body = new ReadableStream({
        type: "bytes",
        start(c) { ctl = c; },
        pull: read,
        cancel: end,
      });
    }
    if (w.signal) w.signal._follow(() => { if (open) { end(); if (ctl) try { ctl.error(w.signal._reason); } catch { /* closed */ } } });
    const res = new Response(body, { status: status < 200 || status > 599 ? 502 : status, statusText: h[2], headers: h[5] });
    res._url = h[3];
    if (h[4]) res._redirected = true;
    // As workerd's, its headers are immutable (a new Response(r.body, r) has its own).
    Object.defineProperties(res.headers, { set: { value: immutableHeaders }, append: { value: immutableHeaders }, delete: { value: immutableHeaders } });
    return res;
  }
  async function fetch(input, init) {
    let redirect = "follow";
    if (init != null && init.redirect !== undefined) {
      redirect = String(init.redirect);
      if (redirect !== "follow" && redirect !== "manual" && redirect !== "error") throw new TypeError(`fetch: redirect must be "follow", "manual" or "error", not ${JSON.stringify(redirect)}`);
      // The Request constructor takes "follow" and "manual" only, as workerd's.
      if (redirect === "error") init = Object.assign(Object.create(init), { redirect: "follow" });
    } else if (input instanceof Request) redirect = input.redirect;
    const req = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (/^websocket$/i.test(req.headers.get("upgrade") || "")) return webSocketFetch(req); // "WebSockets", outbound
    const signal = req._signal;
    if (signal !== undefined && signal.aborted) throw signal.reason;
    let body = req._body;
    if (body !== null) {
      body = body instanceof ReadableStream ? await req._readStream() : req._take();
      if (typeof body !== "string") body = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body.buffer : body.slice().buffer;
    }
    if (signal !== undefined && signal.aborted) throw signal.reason;
    const headers = [];
    for (const kv of req.headers) headers.push(kv);
    const r = host(OP.FETCH_START, JSON.stringify({ Method: req.method, URL: req.url, Headers: headers, Redirect: redirect, HasBody: body !== null }), body === null ? undefined : body);
    if (typeof r === "string") throw fetchError(r);
    if (r < 0) throw hostError(r);
    return new Promise((resolve, reject) => {
      const w = { resolve, reject, method: req.method, signal };
      fetchWaiting.set(r, w);
      if (signal !== undefined) signal._follow(() => { if (fetchWaiting.get(r) === w) { fetchWaiting.delete(r); host(OP.FETCH_CANCEL, String(r)); reject(signal._reason); } });
    });
  }
  globalThis.fetch = fetch;

  // ---- storage (Cloudflare's Durable Object Storage API) ----
  class SqlStorageCursor {
    constructor(res) {
      this.columnNames = res[0];
      this._rows = res[1];
      this._i = 0;
      this.rowsRead = res[2];
      this.rowsWritten = res[3];
    }
    _object(r) { const o = {}; for (let i = 0; i < this.columnNames.length; i++) o[this.columnNames[i]] = r[i]; return o; }
    next() {
      if (this._i >= this._rows.length) return { done: true, value: undefined };
      return { done: false, value: this._object(this._rows[this._i++]) };
    }
    toArray() { const out = []; for (; this._i < this._rows.length; this._i++) out.push(this._object(this._rows[this._i])); return out; }
    one() {
      const left = this._rows.length - this._i;
      if (left !== 1) throw new Error(left === 0 ? "Expected exactly one result from SQL query, but got no results." : "Expected exactly one result from SQL query, but got multiple results.");
      return this._object(this._rows[this._i++]);
    }
    raw() {
      const self = this;
      return {
        next() { return self._i < self._rows.length ? { done: false, value: self._rows[self._i++] } : { done: true, value: undefined }; },
        toArray() { const out = self._rows.slice(self._i); self._i = self._rows.length; return out; },
        [Symbol.iterator]() { return this; },
      };
    }
    [Symbol.iterator]() { return this; }
  }
  // sqlParam is the JSON of binding v, bound as workerd binds it: a number as a REAL
  // (the host binds every number so; the infinities tagged, NaN as NULL, which SQLite
  // makes of it anyway), a boolean as its string ("true"), undefined as NULL; bytes go to
  // blobs, and the JSON names their index; any other object its String(). A BigInt is a
  // TypeError, as workerd's conversion to a number throws.
  function sqlParam(v, blobs) {
    switch (typeof v) {
      case "string": return v;
      case "boolean": return String(v);
      case "number": return Number.isFinite(v) ? v : Number.isNaN(v) ? null : { $t: "Number", v: String(v) };
      case "bigint": throw new TypeError("Cannot convert a BigInt value to a number");
      case "undefined": return null;
    }
    if (v === null) return null;
    if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
      blobs.push(wholeBuffer(bytesOf(v))); // a detached buffer is a TypeError (bytesOf, wholeBuffer)
      return { $t: "Blob", i: blobs.length - 1 };
    }
    if (typeof v === "symbol") throw new TypeError("Cannot convert a Symbol value to a string");
    return String(v); // any other object as its string ("1,2", "[object Object]"), as workerd binds it
  }
  // sqlFailure is the error a failed exec throws: an Error, as workerd's (its message
  // SQLite's or the host's), yet a SobjectsError underneath, so that one left uncaught
  // still fails the call with its code (sql, constraint, denied, bad_input, ...).
  function sqlFailure(r) {
    const e = hostError(r);
    e.name = "Error";
    return e;
  }
  const sql = {
    exec(query, ...bindings) {
      let r;
      if (bindings.length === 0) r = host(OP.SQL_EXEC, String(query));
      else {
        const blobs = [];
        for (let i = 0; i < bindings.length; i++) {
          const b = bindings[i];
          if (typeof b !== "string" && (typeof b !== "number" || !Number.isFinite(b))) bindings[i] = sqlParam(b, blobs);
        }
        r = hostBytes(OP.SQL_EXEC, String(query), JSON.stringify(bindings), blobs);
      }
      if (typeof r === "number") throw sqlFailure(r);
      return sqlResult(r);
    },
    get databaseSize() { return Number(call(OP.DB_SIZE)); },
  };
  // A key is a string; any other value is converted to one, as workerd does (a Symbol
  // is a TypeError).
  const checkKey = (k) => (typeof k === "string" ? k : `${k}`);
  function kvGet(key) {
    const r = host(OP.KV_GET, checkKey(key));
    if (typeof r === "number") {
      if (r === -2) { host(OP.PENDING); return undefined; }
      throw hostError(r);
    }
    return parse(r);
  }
  function kvPut(key, value) {
    if (value === undefined) throw new TypeError("put() called with undefined value.");
    call(OP.KV_PUT, checkKey(key), encodeStored(value));
  }
  const kvDelete = (key) => call(OP.KV_DELETE, checkKey(key)) === "true";
  // kvList's option errors are workerd's TypeErrors.
  function kvList(o = {}) {
    const req = {};
    for (const k of ["prefix", "start", "end"]) if (o[k] !== undefined) req[k] = checkKey(o[k]);
    if (o.startAfter !== undefined) {
      if (o.start !== undefined) throw new TypeError("list() cannot be called with both start and startAfter values.");
      req.start = checkKey(o.startAfter) + "\u0000";
    }
    if (o.limit !== undefined) {
      const n = Math.trunc(Number(o.limit));
      if (!(n > 0)) throw new TypeError("List limit must be positive.");
      if (n < 2 ** 31) req.limit = n;
    }
    if (o.reverse) req.reverse = true;
    return callValue(OP.KV_LIST, JSON.stringify(req));
  }
  // utf8Order compares strings by their UTF-8 bytes, the order of stored keys: that of
  // their code units but for surrogates, which sort after U+E000 to U+FFFF.
  function utf8Order(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      let x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x === y) continue;
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
    return a.length - b.length;
  }
  // kvGetMany is get(keys): a Map of the keys that exist, in sorted order, as workerd.
  function kvGetMany(keys) {
    const found = [];
    for (const k of keysOf(keys)) {
      const key = checkKey(k), v = kvGet(key);
      if (v !== undefined) found.push([key, v]);
    }
    return new Map(found.sort((a, b) => utf8Order(a[0], b[0])));
  }
  const MAX_KEYS = 128; // https://developers.cloudflare.com/durable-objects/api/storage-api/
  function keysOf(keys) {
    if (keys.length > MAX_KEYS) throw new RangeError(`at most ${MAX_KEYS} keys per call, got ${keys.length}`);
    return keys;
  }
  let txnQueue = Promise.resolve();
  let txnOpen = 0; // transactions whose closure runs (runTransaction)
  async function runTransaction(fn) {
    call(OP.TXN_BEGIN);
    txnOpen++;
    let rolledBack = false;
    const writable = () => {
      if (rolledBack) throw new Error("this transaction was rolled back (txn.rollback()): it takes no more writes");
    };
    // txn is the storage itself (its writes are the transaction's), plus rollback().
    // As on workerd, it refuses writes after rollback() and deleteAll().
    const txn = Object.assign(Object.create(storage), {
      rollback() { rolledBack = true; },
      async put(k, v) { writable(); return storage.put(k, v); },
      async delete(k) { writable(); return storage.delete(k); },
      async deleteAll() { throw new Error("deleteAll() cannot be called on a transaction: call it on storage, outside the transaction"); },
    });
    let r;
    try { r = await fn(txn); } catch (e) { txnOpen--; call(OP.TXN_ROLLBACK); throw e; }
    txnOpen--;
    call(rolledBack ? OP.TXN_ROLLBACK : OP.TXN_COMMIT);
    return r;
  }
  // memoryBytes is an entry or a chunk of durable memory for the host: a string's UTF-8,
  // or the bytes of an ArrayBuffer or a view.
  const memoryBytes = (v) => (typeof v === "string" ? wholeBuffer(encodeUTF8(v)) : wholeBuffer(bytesOf(v)));
  function transactionSync(fn) {
    call(OP.TXN_BEGIN);
    let r;
    try { r = fn(); } catch (e) { call(OP.TXN_ROLLBACK); throw e; }
    call(OP.TXN_COMMIT);
    return r;
  }
  const storage = {
    sql,
    kv: {
      get: kvGet,
      put: kvPut,
      delete: kvDelete,
      list(o) { return kvList(o)[Symbol.iterator](); },
    },
    async get(k) {
      if (Array.isArray(k)) return kvGetMany(k);
      return kvGet(k);
    },
    async put(k, v) {
      if (typeof k === "object" && k !== null) {
        // put(entries, options), as workerd: a value there is options.
        if (v !== undefined && (typeof v !== "object" || v === null)) throw new TypeError("put() called with entries and a non-object options.");
        const keys = keysOf(Object.keys(k));
        transactionSync(() => { for (const key of keys) kvPut(key, k[key]); });
        return;
      }
      kvPut(k, v);
    },
    async delete(k) {
      if (Array.isArray(k)) return transactionSync(() => keysOf(k).reduce((n, key) => n + (kvDelete(key) ? 1 : 0), 0));
      return kvDelete(k);
    },
    async list(o = {}) { return new Map(kvList(o)); },
    // deleteAll deletes everything the object stored, its SQL tables too, as Cloudflare's
    // SQLite-backed objects do.
    async deleteAll() {
      transactionSync(() => {
        // Newest first, so a table goes before the tables its foreign keys name; IF
        // EXISTS, as dropping an FTS5 table drops its shadow tables with it.
        const tables = sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC").toArray();
        for (const { name } of tables) sql.exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
        for (;;) {
          const batch = kvList({ limit: 1000 });
          if (batch.length === 0) break;
          for (const [k] of batch) kvDelete(k);
        }
      });
      call(OP.ALARM_DELETE);
    },
    async getAlarm() { const at = Number(call(OP.ALARM_GET)); return at > 0 ? at : null; },
    async setAlarm(t) { call(OP.ALARM_SET, String(t instanceof Date ? t.getTime() : Number(t))); },
    async deleteAlarm() { call(OP.ALARM_DELETE); },
    transactionSync,
    // Transactions run one at a time: one begun while another awaits would otherwise
    // commit or roll back the other's savepoint.
    // One called inside another's closure nests in it at once (a savepoint), as on
    // workerd: queued, it would wait for the one that waits for it.
    transaction(fn) {
      if (txnOpen > 0) return runTransaction(fn);
      const run = txnQueue.then(() => runTransaction(fn));
      txnQueue = run.then(() => {}, () => {});
      return run;
    },
    async sync() {},
    // Durable memory (abi/ABI.md section 13), sobjects' own: state an object keeps in
    // its memory, persisted as an image and a journal. append's entry commits with the
    // call's other writes; an image (beginImage, write, commit) replaces the image and
    // journal before it; read() yields the image's chunks, then the entries after it.
    memory: {
      append(entry) { call(OP.MEM_APPEND, memoryBytes(entry)); },
      beginImage() {
        call(OP.MEM_IMAGE_BEGIN);
        let open = true;
        const closed = () => { if (!open) throw new Error("the image was committed or aborted"); };
        return {
          write(chunk) { closed(); call(OP.MEM_IMAGE_WRITE, memoryBytes(chunk)); },
          commit() { closed(); open = false; call(OP.MEM_IMAGE_COMMIT); },
          abort() { if (open) { open = false; call(OP.MEM_IMAGE_ABORT); } },
        };
      },
      *read() {
        for (;;) {
          const r = call(OP.MEM_READ);
          if (r === "") return;
          const b = new Uint8Array(r);
          yield { image: b[0] === 1, data: b.subarray(1) };
        }
      },
      stats() {
        const [generation, imageBytes, journalBytes, deadBytes, due] = JSON.parse(call(OP.MEM_STATS));
        return { generation, imageBytes, journalBytes, deadBytes, due };
      },
      setDead(bytes) { call(OP.MEM_SET_DEAD, String(Math.max(0, Math.floor(Number(bytes)) || 0))); },
    },
    getCurrentBookmark() { throw new Error("getCurrentBookmark: use the host's bookmark API"); },
  };

  // ---- streams ----
  // The WHATWG Streams Standard (https://streams.spec.whatwg.org/) as far as Workers code
  // uses it, run in the promise jobs the host drains. Chunks move as they are (bytes stay
  // Uint8Arrays, never copied a byte at a time); queues count chunks unless a strategy
  // says otherwise.
  // The section is one function scope: of its names only these reach the rest of the
  // runtime (the others are its own, whatever other sections call theirs).
  const { ReadableStream, readBytes, streamOfBytes, StreamBytes } = (() => {
    const resolved = Promise.resolve();
    const noop = () => {};
    const settle = (p) => { p.catch(noop); return p; }; // a promise whose rejection is not "unhandled"
    // deferred is a promise with its resolve and reject, and whether it is still pending.
    function deferred() {
      const d = { promise: null, resolve: null, reject: null, pending: true };
      d.promise = new Promise((a, b) => {
        d.resolve = (v) => { d.pending = false; a(v); };
        d.reject = (e) => { d.pending = false; b(e); };
      });
      return d;
    }
    // rejectReady rejects a writer's ready promise with e: the pending one (what a pipe
    // awaits), or a new one in place of one settled already.
    function rejectReady(w, e) {
      if (!w._ready.pending) { w._ready = deferred(); settle(w._ready.promise); }
      w._ready.reject(e);
    }
    function strategyOf(s, hwm) {
      s = s || {};
      const h = s.highWaterMark === undefined ? hwm : Number(s.highWaterMark);
      if (Number.isNaN(h) || h < 0) throw new RangeError("highWaterMark must be a non-negative number");
      const size = s.size === undefined ? null : s.size;
      if (size !== null && typeof size !== "function") throw new TypeError("size must be a function");
      return [h, size];
    }
    // call runs f(...args) as a promise: its throw a rejection, undefined a resolved one.
    function callSource(o, name, args) {
      const f = o[name];
      if (f === undefined) return resolved;
      try { return Promise.resolve(f.apply(o, args)); } catch (e) { return Promise.reject(e); }
    }
    class ByteLengthQueuingStrategy {
      constructor(init) { this.highWaterMark = init.highWaterMark; }
      get size() { return (chunk) => chunk.byteLength; }
    }
    class CountQueuingStrategy {
      constructor(init) { this.highWaterMark = init.highWaterMark; }
      get size() { return () => 1; }
    }

    class ReadableStreamDefaultController {
      get desiredSize() { const s = this._stream; return s._state === "errored" ? null : s._state === "closed" ? 0 : s._hwm - s._queueSize; }
      enqueue(chunk) {
        const s = this._stream;
        if (s._closeRequested || s._state !== "readable") throw new TypeError("cannot enqueue: the stream is closed or errored");
        if (s._bytes) {
          if (!ArrayBuffer.isView(chunk)) throw new TypeError("a byte stream's chunk must be an ArrayBuffer view");
          chunk = bytesOf(chunk);
          if (chunk.byteLength === 0) throw new TypeError("a byte stream's chunk must not be empty");
        }
        const rd = s._reader;
        if (rd !== null && rd._requests.length > 0 && s._queue.length === s._head) rd._fulfill(chunk);
        else {
          let n = 1;
          if (s._size !== null) {
            try { n = Number(s._size(chunk)); } catch (e) { s._error(e); throw e; }
          } else if (s._bytes) n = chunk.byteLength;
          s._queue.push(chunk, n);
          s._queueSize += n;
        }
        s._pullIfNeeded();
      }
      close() {
        const s = this._stream;
        if (s._closeRequested || s._state !== "readable") throw new TypeError("the stream is already closed or errored");
        s._closeRequested = true;
        if (s._queue.length === s._head) s._close();
      }
      error(e) { if (this._stream._state === "readable") this._stream._error(e); }
      get byobRequest() { return null; }
    }
    // A reader's read requests are [resolve, reject, view] (view for a BYOB read).
    class ReadableStreamDefaultReader {
      constructor(stream) {
        if (!(stream instanceof ReadableStream)) throw new TypeError("a reader needs a ReadableStream");
        if (stream._reader !== null) throw new TypeError("the stream is locked to another reader");
        this._stream = stream;
        this._requests = [];
        stream._reader = this;
        this._closed = deferred();
        settle(this._closed.promise);
        if (stream._state === "closed") this._closed.resolve();
        else if (stream._state === "errored") this._closed.reject(stream._stored);
      }
      get closed() { return this._closed.promise; }
      read() { return this._read(undefined); }
      _read(view) {
        const s = this._stream;
        if (s === null) return Promise.reject(new TypeError("the reader was released"));
        s._disturbed = true;
        if (s._queue.length > s._head) {
          const chunk = this._take(view);
          if (s._closeRequested && s._queue.length === s._head) s._close();
          else s._pullIfNeeded();
          return Promise.resolve({ value: chunk, done: false });
        }
        if (s._state === "closed") return Promise.resolve({ value: view === undefined ? undefined : new view.constructor(view.buffer, view.byteOffset, 0), done: true });
        if (s._state === "errored") return Promise.reject(s._stored);
        const d = deferred();
        this._requests.push([d.resolve, d.reject, view]);
        s._pullIfNeeded();
        return d.promise;
      }
      // _take removes the next chunk from the queue (for a BYOB read, as much of it as
      // view holds, copied in).
      _take(view) {
        const s = this._stream, q = s._queue, h = s._head;
        const chunk = q[h];
        if (view === undefined) {
          s._queueSize -= q[h + 1];
          s._dequeue();
          return chunk;
        }
        const [out, rest] = fillView(view, chunk);
        if (rest === null) { s._queueSize -= q[h + 1]; s._dequeue(); }
        else { s._queueSize -= chunk.byteLength - rest.byteLength; q[h + 1] = rest.byteLength; q[h] = rest; }
        return out;
      }
      _fulfill(chunk) {
        const [resolve, , view] = this._requests.shift();
        if (view === undefined) { resolve({ value: chunk, done: false }); return; }
        const [out, rest] = fillView(view, chunk);
        // (the queue is empty here: enqueue fulfills a read only then)
        if (rest !== null) { this._stream._queue.push(rest, rest.byteLength); this._stream._queueSize += rest.byteLength; }
        resolve({ value: out, done: false });
      }
      releaseLock() {
        const s = this._stream;
        if (s === null) return;
        const e = new TypeError("the reader was released");
        for (const r of this._requests.splice(0)) r[1](e);
        if (s._state === "readable") this._closed.reject(e);
        else { this._closed = deferred(); settle(this._closed.promise); this._closed.reject(e); }
        s._reader = null;
        this._stream = null;
      }
      cancel(reason) {
        if (this._stream === null) return Promise.reject(new TypeError("the reader was released"));
        return this._stream._cancel(reason);
      }
    }
    // fillView copies as much of chunk as view holds into view: [the filled view, the rest
    // of chunk or null].
    function fillView(view, chunk) {
      const n = Math.min(view.byteLength, chunk.byteLength);
      new Uint8Array(view.buffer, view.byteOffset, n).set(chunk.subarray(0, n));
      const per = view.BYTES_PER_ELEMENT || 1;
      const out = new view.constructor(view.buffer, view.byteOffset, Math.floor(n / per));
      return [out, n < chunk.byteLength ? chunk.subarray(n) : null];
    }
    class ReadableStreamBYOBReader extends ReadableStreamDefaultReader {
      read(view) {
        if (!ArrayBuffer.isView(view) || view.byteLength === 0) return Promise.reject(new TypeError("read() needs a non-empty ArrayBuffer view"));
        return this._read(view);
      }
    }

    class ReadableStream {
      constructor(source = {}, strategy = {}) {
        if (source === null) source = {};
        const bytes = source.type === "bytes";
        if (source.type !== undefined && !bytes) throw new TypeError(`ReadableStream: unknown type ${source.type}`);
        [this._hwm, this._size] = strategyOf(strategy, bytes ? 0 : 1);
        if (bytes && this._size !== null) throw new RangeError("a byte stream's strategy cannot have a size");
        this._bytes = bytes;
        this._source = source;
        this._state = "readable";
        this._queue = []; // chunk, size, chunk, size, ... from _head on
        this._head = 0; // where the queue starts in _queue: a read moves it, not the chunks
        this._queueSize = 0;
        this._reader = null;
        this._stored = undefined;
        this._closeRequested = false;
        this._started = false;
        this._pulling = false;
        this._pullAgain = false;
        this._disturbed = false;
        const c = Object.create(ReadableStreamDefaultController.prototype);
        c._stream = this;
        this._controller = c;
        callSource(source, "start", [c]).then(() => { this._started = true; this._pullIfNeeded(); }, (e) => this._errorIf(e));
      }
      _errorIf(e) { if (this._state === "readable") this._error(e); }
      get locked() { return this._reader !== null; }
      // _dequeue drops the queue's first chunk and size, compacting _queue now and then.
      _dequeue() {
        this._head += 2;
        if (this._head === this._queue.length) { this._queue.length = 0; this._head = 0; }
        else if (this._head >= 1024 && this._head * 2 >= this._queue.length) { this._queue = this._queue.slice(this._head); this._head = 0; }
      }
      _pullIfNeeded() {
        if (!this._started || this._state !== "readable" || this._closeRequested || this._source.pull === undefined) return;
        const rd = this._reader;
        if (!(rd !== null && rd._requests.length > 0) && this._hwm - this._queueSize <= 0) return;
        if (this._pulling) { this._pullAgain = true; return; }
        this._pulling = true;
        callSource(this._source, "pull", [this._controller]).then(() => {
          this._pulling = false;
          if (this._pullAgain) { this._pullAgain = false; this._pullIfNeeded(); }
        }, (e) => this._errorIf(e));
      }
      _close() {
        this._state = "closed";
        const rd = this._reader;
        if (rd === null) return;
        for (const r of rd._requests.splice(0)) r[0]({ value: r[2] === undefined ? undefined : new r[2].constructor(r[2].buffer, r[2].byteOffset, 0), done: true });
        rd._closed.resolve();
      }
      _error(e) {
        this._state = "errored";
        this._stored = e;
        this._queue = [];
        this._head = 0;
        this._queueSize = 0;
        const rd = this._reader;
        if (rd === null) return;
        for (const r of rd._requests.splice(0)) r[1](e);
        rd._closed.reject(e);
      }
      _cancel(reason) {
        this._disturbed = true;
        if (this._state === "closed") return resolved;
        if (this._state === "errored") return Promise.reject(this._stored);
        this._queue = [];
        this._head = 0;
        this._queueSize = 0;
        this._close();
        return callSource(this._source, "cancel", [reason]).then(noop);
      }
      cancel(reason) {
        if (this._reader !== null) return Promise.reject(new TypeError("cannot cancel a locked stream"));
        return this._cancel(reason);
      }
      getReader(options = {}) {
        if (options && options.mode === "byob") {
          if (!this._bytes) throw new TypeError("a BYOB reader needs a byte stream (type: \"bytes\")");
          return new ReadableStreamBYOBReader(this);
        }
        if (options && options.mode !== undefined) throw new TypeError(`getReader: unknown mode ${options.mode}`);
        return new ReadableStreamDefaultReader(this);
      }
      // tee reads this stream once for both branches: each gets every chunk (the same
      // object), and this stream is cancelled once both are.
      tee() {
        const reader = this.getReader();
        let reading = false, canceled = 0, reasons = [];
        const done = deferred();
        const branches = [];
        const pull = () => {
          if (reading) return resolved;
          reading = true;
          return reader.read().then(({ value, done: end }) => {
            reading = false;
            for (const b of branches) {
              if (b._state !== "readable" || b._closeRequested) continue;
              if (end) b._controller.close();
              else b._controller.enqueue(value);
            }
            if (end) done.resolve();
          }, noop);
        };
        const cancel = (i) => (reason) => {
          reasons[i] = reason;
          if (++canceled === 2) done.resolve(reader.cancel(reasons));
          return done.promise;
        };
        for (let i = 0; i < 2; i++) branches.push(new ReadableStream({ type: this._bytes ? "bytes" : undefined, pull, cancel: cancel(i) }, this._bytes ? undefined : { highWaterMark: 0 }));
        reader.closed.catch((e) => { for (const b of branches) b._errorIf(e); done.resolve(); });
        return branches;
      }
      // pipeTo writes each chunk of this stream to dest, waiting for dest's writer to be
      // ready before reading the next (backpressure), then closes dest.
      async pipeTo(dest, options = {}) {
        if (!(dest instanceof WritableStream)) throw new TypeError("pipeTo needs a WritableStream");
        if (this.locked || dest.locked) throw new TypeError("pipeTo: a stream is locked");
        const { preventClose = false, preventAbort = false, preventCancel = false, signal } = options || {};
        const reader = this.getReader(), writer = dest.getWriter();
        let destErr = null;
        writer.closed.catch((e) => { destErr = { e }; });
        let aborted = null;
        const onAbort = () => { aborted = { e: signal.reason }; };
        if (signal) { if (signal.aborted) onAbort(); else if (signal.addEventListener) signal.addEventListener("abort", onAbort); }
        try {
          for (;;) {
            if (aborted) throw aborted.e;
            try { await writer.ready; } catch (e) { destErr = { e }; }
            if (destErr) {
              if (!preventCancel) await reader.cancel(destErr.e);
              throw destErr.e;
            }
            let r;
            try { r = await reader.read(); } catch (e) {
              if (!preventAbort) await writer.abort(e).catch(noop);
              throw e;
            }
            if (r.done) break;
            settle(writer.write(r.value));
          }
          if (!preventClose) await writer.close();
          else await writer.ready;
        } catch (e) {
          if (aborted && e === aborted.e) {
            if (!preventAbort) await writer.abort(e).catch(noop);
            if (!preventCancel) await reader.cancel(e).catch(noop);
          }
          throw e;
        } finally {
          if (signal && signal.removeEventListener) signal.removeEventListener("abort", onAbort);
          reader.releaseLock();
          writer.releaseLock();
        }
      }
      pipeThrough(pair, options) {
        if (this.locked) throw new TypeError("pipeThrough: the stream is locked");
        settle(this.pipeTo(pair.writable, options));
        return pair.readable;
      }
      values(options = {}) {
        const reader = this.getReader();
        const preventCancel = Boolean(options && options.preventCancel);
        return {
          next() {
            return reader.read().then((r) => { if (r.done) reader.releaseLock(); return r; }, (e) => { reader.releaseLock(); throw e; });
          },
          async return(value) {
            if (reader._stream !== null) {
              if (!preventCancel) { const p = reader.cancel(value); reader.releaseLock(); await p; }
              else reader.releaseLock();
            }
            return { value, done: true };
          },
          [Symbol.asyncIterator]() { return this; },
        };
      }
      [Symbol.asyncIterator](options) { return this.values(options); }
      static from(iterable) {
        if (iterable instanceof ReadableStream) return iterable;
        const it = typeof iterable[Symbol.asyncIterator] === "function" ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
        return new ReadableStream({
          async pull(c) {
            const r = await it.next();
            if (r.done) c.close();
            else c.enqueue(await r.value);
          },
          async cancel(reason) { if (typeof it.return === "function") await it.return(reason); },
        }, { highWaterMark: 0 });
      }
    }

    class WritableStreamDefaultController {
      error(e) { if (this._stream._state === "writable") this._stream._startErroring(e); }
      get signal() { return undefined; }
    }
    class WritableStreamDefaultWriter {
      constructor(stream) {
        if (!(stream instanceof WritableStream)) throw new TypeError("a writer needs a WritableStream");
        if (stream._writer !== null) throw new TypeError("the stream is locked to another writer");
        this._stream = stream;
        stream._writer = this;
        this._closed = deferred();
        settle(this._closed.promise);
        this._ready = deferred();
        settle(this._ready.promise);
        const st = stream._state;
        if (st === "closed") this._closed.resolve();
        if (st === "errored") { this._closed.reject(stream._stored); this._ready.reject(stream._stored); }
        else if (st === "erroring") this._ready.reject(stream._stored);
        else if (!stream._backpressure() || st === "closed") this._ready.resolve();
      }
      get closed() { return this._closed.promise; }
      get ready() { return this._ready.promise; }
      get desiredSize() {
        const s = this._stream;
        if (s === null) throw new TypeError("the writer was released");
        return s._state === "errored" || s._state === "erroring" ? null : s._state === "closed" ? 0 : s._hwm - s._queueSize;
      }
      write(chunk) {
        const s = this._stream;
        if (s === null) return Promise.reject(new TypeError("the writer was released"));
        return s._write(chunk);
      }
      close() {
        const s = this._stream;
        if (s === null) return Promise.reject(new TypeError("the writer was released"));
        return s._closeStream();
      }
      abort(reason) {
        const s = this._stream;
        if (s === null) return Promise.reject(new TypeError("the writer was released"));
        return s._abort(reason);
      }
      releaseLock() {
        const s = this._stream;
        if (s === null) return;
        const e = new TypeError("the writer was released");
        rejectReady(this, e);
        if (s._state === "writable" || s._state === "erroring") { this._closed.reject(e); }
        else { this._closed = deferred(); settle(this._closed.promise); this._closed.reject(e); }
        s._writer = null;
        this._stream = null;
      }
    }
    const CLOSE = {}; // the close request in a WritableStream's queue
    class WritableStream {
      constructor(sink = {}, strategy = {}) {
        if (sink === null) sink = {};
        if (sink.type !== undefined) throw new RangeError("WritableStream: type must be undefined");
        [this._hwm, this._size] = strategyOf(strategy, 1);
        this._sink = sink;
        this._state = "writable";
        this._queue = []; // [chunk or CLOSE, size, resolve, reject]
        this._queueSize = 0;
        this._writer = null;
        this._stored = undefined;
        this._started = false;
        this._inFlight = false;
        this._closing = false;
        const c = Object.create(WritableStreamDefaultController.prototype);
        c._stream = this;
        this._controller = c;
        this._pendingAbort = null;
        callSource(sink, "start", [c]).then(() => {
          this._started = true;
          if (this._state === "erroring") this._finishErroring();
          else this._advance();
        }, (e) => {
          this._started = true;
          if (this._state === "writable") this._startErroring(e);
          this._finishErroring();
        });
      }
      get locked() { return this._writer !== null; }
      getWriter() { return new WritableStreamDefaultWriter(this); }
      close() {
        if (this._writer !== null) return Promise.reject(new TypeError("cannot close a locked stream"));
        return this._closeStream();
      }
      abort(reason) {
        if (this._writer !== null) return Promise.reject(new TypeError("cannot abort a locked stream"));
        return this._abort(reason);
      }
      _backpressure() { return this._hwm - this._queueSize <= 0; }
      _updateReady(before) {
        const w = this._writer, after = this._backpressure();
        if (w === null || before === after || this._state !== "writable" || this._closing) return;
        if (after) { w._ready = deferred(); settle(w._ready.promise); }
        else w._ready.resolve();
      }
      _write(chunk) {
        if (this._state === "errored" || this._state === "erroring") return Promise.reject(this._stored);
        if (this._closing || this._state === "closed") return Promise.reject(new TypeError("the stream is closing or closed"));
        let n = 1;
        if (this._size !== null) {
          try { n = Number(this._size(chunk)); } catch (e) { this._startErroring(e); return Promise.reject(e); }
        }
        const d = deferred();
        const before = this._backpressure();
        this._queue.push([chunk, n, d.resolve, d.reject]);
        this._queueSize += n;
        this._updateReady(before);
        this._advance();
        return d.promise;
      }
      _closeStream() {
        if (this._state === "closed" || this._state === "errored" || this._closing) return Promise.reject(new TypeError("the stream is closed or closing"));
        if (this._state === "erroring") return Promise.reject(this._stored);
        const d = deferred();
        this._closing = true;
        this._queue.push([CLOSE, 0, d.resolve, d.reject]);
        if (this._writer !== null && this._backpressure()) this._writer._ready.resolve();
        this._advance();
        return d.promise;
      }
      _advance() {
        if (!this._started || this._inFlight || this._queue.length === 0) return;
        if (this._state === "erroring") { this._finishErroring(); return; }
        if (this._state !== "writable") return;
        const [chunk, n, resolve, reject] = this._queue[0];
        this._inFlight = true;
        if (chunk === CLOSE) {
          callSource(this._sink, "close", []).then(() => {
            this._inFlight = false;
            this._queue.shift();
            resolve();
            const abort = this._pendingAbort;
            this._pendingAbort = null;
            if (abort) abort.resolve();
            this._stored = undefined;
            this._state = "closed";
            if (this._writer !== null) this._writer._closed.resolve();
          }, (e) => { this._inFlight = false; this._queue.shift(); reject(e); this._fail(e); });
          return;
        }
        callSource(this._sink, "write", [chunk, this._controller]).then(() => {
          this._inFlight = false;
          this._queue.shift();
          const before = this._backpressure();
          this._queueSize -= n;
          resolve();
          if (this._state === "erroring") { this._finishErroring(); return; }
          this._updateReady(before);
          this._advance();
        }, (e) => { this._inFlight = false; this._queue.shift(); reject(e); this._fail(e); });
      }
      _startErroring(e) {
        this._state = "erroring";
        this._stored = e;
        if (this._writer !== null) rejectReady(this._writer, e);
        if (!this._inFlight && this._started) this._finishErroring();
      }
      _finishErroring() {
        if (this._state !== "erroring") return;
        this._state = "errored";
        const e = this._stored;
        for (const q of this._queue.splice(0)) q[3](e);
        this._queueSize = 0;
        if (this._writer !== null) this._writer._closed.reject(e);
        const abort = this._pendingAbort;
        this._pendingAbort = null;
        if (abort) callSource(this._sink, "abort", [abort.reason]).then(abort.resolve, abort.reject);
      }
      _fail(e) {
        if (this._state === "writable") this._startErroring(e);
        this._finishErroring();
      }
      _abort(reason) {
        if (this._state === "closed" || this._state === "errored") return resolved;
        if (this._pendingAbort) return this._pendingAbort.promise;
        const d = deferred();
        this._pendingAbort = { reason, resolve: () => d.resolve(), reject: d.reject, promise: d.promise };
        if (this._state === "writable") this._startErroring(reason);
        else if (!this._inFlight) this._finishErroring();
        return d.promise;
      }
    }

    class TransformStreamDefaultController {
      get desiredSize() { return this._ts._readable._controller.desiredSize; }
      enqueue(chunk) {
        const rc = this._ts._readable._controller;
        rc.enqueue(chunk);
      }
      error(e) { this._ts._fail(e); }
      terminate() {
        const ts = this._ts;
        try { ts._readable._controller.close(); } catch {}
        ts._writable._fail(new TypeError("the TransformStream was terminated"));
      }
    }
    // A TransformStream's writes wait while its readable side's queue is full (its
    // readable side's high-water mark is 0 by default: a write waits for a read).
    class TransformStream {
      constructor(transformer = {}, writableStrategy = {}, readableStrategy = {}) {
        if (transformer === null) transformer = {};
        const tc = Object.create(TransformStreamDefaultController.prototype);
        tc._ts = this;
        this._transformer = transformer;
        this._pulled = null; // deferred resolved on the readable side's next pull
        const started = deferred();
        this._readable = new ReadableStream({
          start: () => started.promise,
          pull: () => { if (this._pulled) { const p = this._pulled; this._pulled = null; p.resolve(); } },
          cancel: (reason) => {
            this._writable._fail(reason);
            return callSource(transformer, "cancel", [reason]);
          },
        }, readableStrategy && readableStrategy.highWaterMark !== undefined ? readableStrategy : { highWaterMark: 0, size: readableStrategy && readableStrategy.size });
        this._writable = new WritableStream({
          start: () => started.promise,
          write: async (chunk) => {
            const rs = this._readable;
            if (rs._state === "readable" && rs._hwm - rs._queueSize <= 0 && !(rs._reader && rs._reader._requests.length)) {
              this._pulled = this._pulled || deferred();
              await this._pulled.promise;
            }
            try {
              if (transformer.transform === undefined) tc.enqueue(chunk);
              else await transformer.transform(chunk, tc);
            } catch (e) { this._fail(e); throw e; }
          },
          close: async () => {
            try { await callSource(transformer, "flush", [tc]); } catch (e) { this._fail(e); throw e; }
            const rs = this._readable;
            if (rs._state === "readable" && !rs._closeRequested) rs._controller.close();
          },
          abort: (reason) => { this._readable._errorIf(reason); return callSource(transformer, "cancel", [reason]); },
        }, writableStrategy);
        callSource(transformer, "start", [tc]).then(() => started.resolve(), (e) => { started.reject(e); });
      }
      get readable() { return this._readable; }
      get writable() { return this._writable; }
      _fail(e) {
        this._readable._errorIf(e);
        this._writable._fail(e);
        if (this._pulled) { const p = this._pulled; this._pulled = null; p.resolve(); }
      }
    }
    // chunkBytes is a chunk of a byte stream as a Uint8Array (a TypeError for anything
    // but an ArrayBuffer or a view of one).
    function chunkBytes(c) {
      if (c instanceof Uint8Array) return c;
      if (c instanceof ArrayBuffer || ArrayBuffer.isView(c)) return bytesOf(c);
      throw new TypeError("this stream takes ArrayBuffer or ArrayBufferView chunks");
    }
    // IdentityTransformStream (Cloudflare's) passes bytes through unchanged.
    class IdentityTransformStream extends TransformStream {
      constructor() { super({ transform(c, ctl) { c = chunkBytes(c); if (c.byteLength > 0) ctl.enqueue(c); } }); }
    }
    // FixedLengthStream (Cloudflare's) is an IdentityTransformStream that must carry
    // exactly length bytes: more is a TypeError at the write, fewer one at the close.
    class FixedLengthStream extends TransformStream {
      constructor(length) {
        const n = Number(length);
        if (!(n >= 0) || !Number.isSafeInteger(n)) throw new TypeError("FixedLengthStream needs a non-negative integer length");
        let seen = 0;
        super({
          transform(c, ctl) {
            c = chunkBytes(c);
            seen += c.byteLength;
            if (seen > n) throw new TypeError(`FixedLengthStream: more than the ${n} bytes announced`);
            if (c.byteLength > 0) ctl.enqueue(c);
          },
          flush() { if (seen < n) throw new TypeError(`FixedLengthStream: ${seen} bytes written of the ${n} announced`); },
        });
        this.expectedLength = n;
      }
    }
    class TextEncoderStream extends TransformStream {
      constructor() {
        let high = ""; // a lead surrogate that ended the last chunk
        super({
          transform(c, ctl) {
            let s = high + String(c);
            high = "";
            const last = s.charCodeAt(s.length - 1);
            if (last >= 0xd800 && last < 0xdc00) { high = s.slice(-1); s = s.slice(0, -1); }
            if (s.length > 0) ctl.enqueue(encodeUTF8(s));
          },
          flush(ctl) { if (high) ctl.enqueue(new Uint8Array([0xef, 0xbf, 0xbd])); },
        });
      }
      get encoding() { return "utf-8"; }
    }
    // incompleteTail is where a UTF-8 sequence that b's end cuts short begins (b.length
    // when none does): at most 3 bytes from the end.
    function incompleteTail(b) {
      for (let i = b.length - 1; i >= 0 && i >= b.length - 3; i--) {
        const c = b[i];
        if (c < 0x80) return b.length;
        if (c >= 0xc0) return b.length - i < (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2) ? i : b.length;
      }
      return b.length;
    }
    // TextDecoderStream decodes each chunk's complete characters whole (in the host for a
    // long one) and keeps a character the chunk cuts short for the next.
    class TextDecoderStream extends TransformStream {
      constructor(label = "utf-8", options = {}) {
        const d = new TextDecoder(label, { fatal: options.fatal, ignoreBOM: true });
        const ignoreBOM = Boolean(options.ignoreBOM);
        let pending = null, first = true;
        const out = (ctl, text) => {
          if (first && text.length > 0) { first = false; if (!ignoreBOM && text.charCodeAt(0) === 0xfeff) text = text.slice(1); }
          if (text.length > 0) ctl.enqueue(text);
        };
        super({
          transform(c, ctl) {
            let b = chunkBytes(c);
            if (pending !== null) { const j = new Uint8Array(pending.length + b.length); j.set(pending); j.set(b, pending.length); b = j; pending = null; }
            const end = incompleteTail(b);
            if (end < b.length) pending = b.slice(end);
            if (end > 0) out(ctl, d.decode(b.subarray(0, end)));
          },
          flush(ctl) { if (pending !== null) out(ctl, d.decode(pending)); },
        });
        this._decoder = d;
        this._ignoreBOM = ignoreBOM;
      }
      get encoding() { return "utf-8"; }
      get fatal() { return this._decoder.fatal; }
      get ignoreBOM() { return this._ignoreBOM; }
    }
    // CompressionStream and DecompressionStream buffer the whole input and (de)compress it
    // in the host (OP.COMPRESS, OP.DECOMPRESS) when the writable side closes, so their
    // output comes at the end, and a corrupt input fails there, with a TypeError.
    const COMPRESSION_FORMATS = ["gzip", "deflate", "deflate-raw"];
    function codecStream(op, format, what) {
      format = String(format);
      if (!COMPRESSION_FORMATS.includes(format)) throw new TypeError(`${what}: unsupported format ${JSON.stringify(format)}`);
      const chunks = [];
      return {
        transform(c) { c = chunkBytes(c); if (c.byteLength > 0) chunks.push(c.slice()); },
        flush(ctl) {
          const r = host(op, format, concatBytes(chunks, Infinity).buffer);
          chunks.length = 0;
          if (typeof r === "number") {
            const msg = host(OP.PENDING);
            throw new TypeError(`${what}: ${typeof msg === "string" && msg ? msg : `the ${format} data is corrupt`}`);
          }
          if (r.byteLength > 0) ctl.enqueue(new Uint8Array(r));
        },
      };
    }
    class CompressionStream extends TransformStream {
      constructor(format) { super(codecStream(OP.COMPRESS, format, "CompressionStream")); }
    }
    class DecompressionStream extends TransformStream {
      constructor(format) { super(codecStream(OP.DECOMPRESS, format, "DecompressionStream")); }
    }
    // concatBytes joins chunks into one Uint8Array; a RangeError past limit bytes.
    function concatBytes(chunks, limit) {
      let n = 0;
      for (let i = 0; i < chunks.length; i++) n += chunks[i].byteLength;
      if (n > limit) throw new RangeError(`a body of more than ${limit} bytes`);
      if (chunks.length === 1 && chunks[0].byteOffset === 0 && chunks[0].byteLength === chunks[0].buffer.byteLength) return chunks[0];
      const out = new Uint8Array(n);
      let at = 0;
      for (let i = 0; i < chunks.length; i++) { out.set(chunks[i], at); at += chunks[i].byteLength; }
      return out;
    }
    // readBytes reads all of stream's chunks (bytes) into one Uint8Array, of at most limit
    // bytes (a RangeError past it, and the stream is cancelled).
    async function readBytes(stream, limit) {
      const reader = stream.getReader();
      const chunks = [];
      let n = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const b = chunkBytes(value);
        n += b.byteLength;
        if (n > limit) {
          reader.cancel(new RangeError("too large")).catch(noop);
          throw new RangeError(`a body stream of more than ${limit} bytes: bodies from streams are read whole, up to that`);
        }
        chunks.push(b);
      }
      reader.releaseLock();
      return concatBytes(chunks, limit);
    }
    // streamOfBytes is a byte stream of one chunk, b, enqueued when first read.
    function streamOfBytes(b) {
      return new ReadableStream({
        type: "bytes",
        pull(c) {
          if (b.byteLength > 0) c.enqueue(b);
          c.close();
        },
      });
    }
    // StreamBytes is a ReadableStream result of an RPC method, read whole, for toWire:
    // it crosses as {"$t": "ReadableStream", "v": base64} and arrives as a stream.
    class StreamBytes {
      constructor(bytes) { this.bytes = bytes; }
    }
    Object.assign(globalThis, {
      ReadableStream, ReadableStreamDefaultReader, ReadableStreamBYOBReader, ReadableStreamDefaultController,
      WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController,
      TransformStream, TransformStreamDefaultController, IdentityTransformStream, FixedLengthStream,
      TextEncoderStream, TextDecoderStream, CompressionStream, DecompressionStream,
      ByteLengthQueuingStrategy, CountQueuingStrategy,
    });
    return { ReadableStream, readBytes, streamOfBytes, StreamBytes };
  })();

  // ---- errors and members across calls (ABI.md section 11) ----
  // A method or fetch that throws an Error fails with a description of it besides the
  // code and message (thrownOf: OP.FAIL's third element), and a stub call that fails
  // with one (the host's code 100, jsCodeThrown) rethrows an error of its class
  // (remoteError), as workerd does: the standard classes, DOMException and
  // SobjectsError keep theirs, other classes arrive as Error with "Name: message",
  // and the error of a host call the callee let go (a SQL error, a limit) as an Error
  // with its code; remote is true on what the callee threw.
  const ERROR_CLASSES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const MAX_THROWN_MESSAGE = 16384; // characters; the host drops a longer description
  function thrownOf(e) {
    try {
      // Any other value thrown arrives as workerd's: an Error with the value as text.
      if (!(e instanceof Error)) return e === null || typeof e !== "object" ? JSON.stringify({ name: "Error", message: String(e) }) : null;
      let message = String(e.message ?? "");
      if (message.length > MAX_THROWN_MESSAGE) message = message.slice(0, MAX_THROWN_MESSAGE) + "…";
      const t = { name: String(e.name ?? "Error"), message };
      if (e instanceof SobjectsError) t.code = e.code;
      if (e[HOST_MADE]) Object.assign(t, { name: "Error", code: e.code, host: true }); // workerd's is an Error
      if (e instanceof DOMException) t.dom = true;
      return JSON.stringify(t);
    } catch {
      return null;
    }
  }
  // remoteError is the error a stub call rethrows for text, the description of
  // thrownOf (or, with local set, of an error the host made for the call).
  function remoteError(text) {
    let t;
    try { t = JSON.parse(text); } catch { t = null; }
    if (t === null || typeof t !== "object") return new SobjectsError("internal", String(text));
    const name = String(t.name), message = String(t.message ?? "");
    let e;
    if (t.dom === true) e = new DOMException(message, name);
    else if (name === "SobjectsError") e = new SobjectsError(t.code, message);
    else if (Object.hasOwn(ERROR_CLASSES, name)) e = new ERROR_CLASSES[name](message);
    else e = new Error(name ? `${name}: ${message}` : message);
    if (t.host === true) Object.assign(e, { code: String(t.code), [HOST_MADE]: true }); // it keeps its code (codeOf)
    if (t.local !== true) e.remote = true;
    return e;
  }
  // A stub's member is a function that calls the method, and a thenable that reads the
  // property (await stub.name): a call whose input is PROPERTY_READ.
  const PROPERTY_READ = '{"$t":"get"}';
  const propertyRead = {}; // the argument of then's call of the member
  function memberThen(resolve, reject) { return this(propertyRead).then(resolve, reject); }
  function rpcMember(f) {
    f.then = memberThen;
    return f;
  }
  // rpcInput is a stub call's input for args (encodeArgs, which throws the
  // DataCloneError of what cannot be sent).
  function rpcInput(args) {
    if (args.length === 1 && args[0] === propertyRead) return PROPERTY_READ;
    return encodeArgs(args);
  }

  // rpcProperty answers a call of member name of the object that is not a method call
  // (f is its value, read for a call): a property read gives its value (a getter's),
  // and so does a call with no input of a member that is not a function (over HTTP, a
  // getter is read so).
  function rpcProperty(obj, name, input, f) {
    if (input === PROPERTY_READ) {
      const v = obj[name];
      if (typeof v === "function") throw new TypeError(`"${name}" is a method of the RPC receiver: call it`);
      return v;
    }
    if (input === "" || input === undefined) return f;
    throw new TypeError(`"${name}" of the RPC receiver is not a method`);
  }

  // ---- static assets ----
  // env.ASSETS (the binding of wrangler's assets setting): fetch(request) answers as
  // Cloudflare's asset worker does, from the files the bundle carries (OP.ASSETS_FETCH,
  // then OP.ASSETS_BODY for its body).
  class AssetsBinding {
    async fetch(input, init) {
      const req = input instanceof Request && init === undefined ? input : new Request(input, init);
      const got = host(OP.ASSETS_FETCH, JSON.stringify([req.method, req.url, Array.from(req.headers._map)]));
      if (typeof got !== "string") throw new Error("env.ASSETS.fetch: the host refused the request");
      const [status, headers, hasBody] = JSON.parse(got);
      const body = host(OP.ASSETS_BODY);
      return new Response(hasBody ? new Uint8Array(body) : null, { status, headers });
    }
    get [Symbol.toStringTag]() { return "Fetcher"; }
  }

  // ---- ids, stubs, env ----
  // A DurableObjectId is 64 hex digits the host makes (OP.ID_*, host/ids.go) from the
  // class and the name, or at random for newUniqueId; they do not reveal the name, and
  // idFromString takes only ids this installation made for the namespace. The engine
  // addresses objects by name: an id's object is the object of its name when one is
  // known (idFromName, or idFromString of an id the host knows the name of), else the
  // object called by the id's hex digits (_object).
  const HEX64 = /^[0-9a-f]{64}$/;
  class DurableObjectId {
    constructor(className, hex, name, object) {
      Object.defineProperties(this, {
        _class: { value: className },
        _hex: { value: hex },
        _object: { value: object },
      });
      this.jurisdiction = undefined; // workerd's own fields, in its order
      this.name = name;
    }
    toString() { return this._hex; }
    equals(o) { return o instanceof DurableObjectId && o._hex === this._hex; }
  }
  // idHost runs an id operation, throwing what it refuses as workerd would.
  function idHost(op, className, s) {
    const r = host(op, className, s);
    if (typeof r === "number") {
      if (r === -5) throw new TypeError("idFromName: the name is over the host's limit of 16 KiB of UTF-8");
      throw new SobjectsError(CODES[-r] || "internal", `the Durable Object id operation failed (${CODES[-r] || r})`);
    }
    return r;
  }
  function idFromName(className, n) {
    n = String(n);
    return new DurableObjectId(className, idHost(OP.ID_FROM_NAME, className, n), n, n);
  }
  function idFromString(className, s) {
    s = String(s).toLowerCase(); // workerd takes upper-case digits too
    if (!HEX64.test(s)) throw new TypeError("Invalid Durable Object ID: must be 64 hex digits");
    let r = idHost(OP.ID_FROM_STRING, className, s);
    if (r === "") throw new TypeError("Invalid Durable Object ID: not an id of this Durable Object namespace");
    if (typeof r !== "string") r = utf8Decode(new Uint8Array(r));
    // The name stays unknown to the script, as on workerd; the stub reaches its object.
    return new DurableObjectId(className, s, undefined, r === "-" ? s : r.slice(1));
  }
  // ctxId is ctx.id inside the object objectName of className: its id, as its callers
  // made it.
  function ctxId(className, objectName) {
    if (HEX64.test(objectName) && host(OP.ID_VALID, className, objectName) === "1") {
      return new DurableObjectId(className, objectName, undefined, objectName);
    }
    return idFromName(className, objectName);
  }
  // stubFor is the stub of id's object of className; with id null, the stub of the
  // object called object (a service: the Worker's entrypoint, serviceStub).
  function stubFor(className, id, object) {
    // An id of another namespace reaches, as on workerd, an object of this one that no
    // name of it reaches: the one called by the id's hex digits.
    if (id !== null) object = id._class === className ? id._object : id._hex;
    const target = {
      async fetch(input, init) {
        const req = input instanceof Request && init === undefined ? input : new Request(input, init);
        const f = parseHTTP(req.url);
        const u = f === null ? new URL(req.url) : null;
        const path = f === null ? u.pathname + u.search : f[3] + f[4];
        // The head a line a field, then a line per header name and value (OP.FETCH_CALL);
        // JSON when the name, method or URL holds a line break.
        // request.cf goes along as the last header, ":cf" (requestFromHost).
        const cf = req._cfText !== undefined ? req._cfText : req._cf !== undefined ? JSON.stringify(req._cf) : undefined;
        let head;
        if ((object + req.method + path).indexOf("\n") < 0) {
          head = className + "\n" + object + "\n" + req.method + "\n" + path;
          req.headers._map.forEach((v, k) => { head += "\n" + k + "\n" + v; });
          if (cf !== undefined) head += "\n:cf\n" + cf;
        } else {
          const hs = Array.from(req.headers._map);
          if (cf !== undefined) hs.push([":cf", cf]);
          head = JSON.stringify({ Class: className, Name: object, Method: req.method, URL: path, Headers: hs });
        }
        const b = req._body instanceof ReadableStream ? await req._readStream() : req._body;
        const [answer, body] = await startCall(OP.FETCH_CALL, head, b === null ? "" : typeof b === "string" ? b : b.slice().buffer);
        const r = parse(answer);
        const status = r[0], headers = r[1], checked = r[2], statusText = r[3];
        if (r[5] !== undefined) { // a WebSocket: this instance holds the end now ("WebSockets")
          const res = new Response(null, { status, headers, statusText, webSocket: new WebSocket(WS_MADE, r[5]) });
          res._url = req.url;
          return res;
        }
        const resBody = status === 204 || status === 205 || status === 304 ? null : r[4] !== undefined ? hostBodyStream(r[4]) : new Uint8Array(body);
        if (!checked || status < 200) { // the host passes only a valid statusText (reasonPhrase)
          const res = new Response(resBody, { status, headers, statusText });
          res._url = req.url;
          return res;
        }
        // The Response as its constructor would build it (keep the two alike).
        const res = Object.create(Response.prototype);
        res._url = req.url;
        res.status = status;
        res.statusText = statusText;
        res.headers = checkedHeaders(headers);
        res._body = resBody;
        res.bodyUsed = false;
        res.webSocket = null;
        return res;
      },
    };
    if (id !== null) Object.assign(target, { id, name: id.name });
    return new Proxy(target, {
      get(t, prop) {
        if (prop in t || typeof prop === "symbol") return t[prop];
        if (prop === "then") return undefined; // a stub is not a thenable
        return rpcMember(pipelines(async (...args) => {
          // Lines class, name, method, input (JSON, with no line break); JSON when the
          // name or the method holds a line break (OP.CALL).
          const input = rpcInput(args), p = String(prop);
          const req = (object + p).indexOf("\n") < 0 ? className + "\n" + object + "\n" + p + "\n" + input : JSON.stringify([className, object, p, input]);
          return parse(await startCall(OP.CALL, req));
        }));
      },
    });
  }
  class DurableObjectNamespace {
    constructor(className) { this._class = className; }
    idFromName(n) { return idFromName(this._class, n); }
    idFromString(s) { return idFromString(this._class, s); }
    newUniqueId() { const hex = idHost(OP.ID_UNIQUE, this._class, ""); return new DurableObjectId(this._class, hex, undefined, hex); }
    get(id) {
      if (!(id instanceof DurableObjectId)) throw new TypeError("get() takes an id from idFromName, idFromString or newUniqueId");
      return stubFor(this._class, id);
    }
    getByName(n) { return this.get(this.idFromName(n)); }
    jurisdiction() { return this; }
  }
  const manifest = () => globalThis.__sobjects_manifest || { name: "", bindings: {}, vars: {} };
  // deployedClass is the class an export is deployed as: in a wrangler environment the
  // manifest's classes map it ("Room" -> "Room.staging"), else its own name.
  const deployedClass = (name) => { const c = manifest().classes; return c && Object.hasOwn(c, name) ? c[name] : name; };
  // The Worker's entrypoints are objects of its class (the manifest's name) whose names
  // start with NUL, then the export: "\0default", "\0Greeter" (entrypointOf).
  // serviceStub is the stub of one, a service binding to the Worker itself: RPC and
  // fetch, as workerd's Fetcher. An entrypoint is one object, so its calls run one at a
  // time.
  const ENTRYPOINT = "\0";
  // HOST_NAME: an object name that can be the host of the URL of a request its fetch
  // gets without a Host header (others get "object", or "worker" for the Worker).
  const HOST_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
  const serviceStub = (entrypoint) => stubFor(manifest().name, null, ENTRYPOINT + entrypoint);
  // isEntrypoint says whether an export is a named entrypoint: as on workerd, any
  // exported class (meant to extend WorkerEntrypoint) but a Durable Object class.
  const isEntrypoint = (e) => typeof e === "function" && !(e.prototype instanceof DurableObject);
  // entrypointOf is the export an object of the Worker's class serves: the default
  // export, or for the object ENTRYPOINT + name the export name (isEntrypoint, or the
  // default export).
  function entrypointOf(objectName) {
    const ex = exportsOf();
    if (!objectName.startsWith(ENTRYPOINT)) return ex.default;
    const k = objectName.slice(1), e = ex[k];
    if (k === "default" || isEntrypoint(e)) return e;
    throw new SobjectsError("not_found", `the Worker has no entrypoint ${JSON.stringify(k)}: no export of that name is a class (one that extends WorkerEntrypoint)`);
  }
  // entrypointMethods are the methods the Worker's class offers over RPC: those of its
  // entrypoints that extend WorkerEntrypoint (entrypointOf).
  function entrypointMethods() {
    const ex = exportsOf(), names = new Set();
    for (const k of Object.keys(ex)) {
      const e = ex[k];
      if (isEntrypoint(e) && (k === "default" || e.prototype instanceof WorkerEntrypoint)) for (const m of methodsOf(e)) names.add(m);
    }
    return [...names].sort();
  }
  // workerExports is ctx.exports (and exports of cloudflare:workers): for each export
  // of the bundle, a Durable Object namespace (a class that extends DurableObject) or a
  // service binding (the default export and the other classes, isEntrypoint), as
  // workerd's loopback bindings. Made at its first use: the bundle's exports are known
  // only once its top level ran.
  let exportBindings = null;
  function exportBinding(k) {
    if (exportBindings === null) {
      const ex = globalThis.__sobjects_exports; // undefined while the bundle's top level runs
      if (ex === null || typeof ex !== "object") return undefined;
      exportBindings = {};
      for (const name of Object.keys(ex)) {
        const v = ex[name];
        if (typeof v === "function" && v.prototype instanceof DurableObject) exportBindings[name] = new DurableObjectNamespace(deployedClass(name));
        else if (name === "default" ? v !== null && v !== undefined : isEntrypoint(v)) {
          // A class that does not extend WorkerEntrypoint has no RPC, as on workerd: fetch only.
          const stub = serviceStub(name);
          exportBindings[name] = name === "default" || v.prototype instanceof WorkerEntrypoint ? stub : { fetch: stub.fetch };
        }
      }
    }
    return Object.hasOwn(exportBindings, k) ? exportBindings[k] : undefined;
  }
  const workerExports = new Proxy({}, {
    get(_, k) { return typeof k === "string" ? exportBinding(k) : undefined; },
    has(_, k) { return typeof k === "string" && exportBinding(k) !== undefined; },
    ownKeys() { exportBinding(""); return exportBindings === null ? [] : Reflect.ownKeys(exportBindings); },
    getOwnPropertyDescriptor(_, k) {
      const v = typeof k === "string" ? exportBinding(k) : undefined;
      return v === undefined ? undefined : { value: v, enumerable: true, configurable: true, writable: false };
    },
  });
  function makeEnv() {
    const m = manifest();
    const env = {};
    for (const [k, v] of Object.entries(m.vars || {})) env[k] = v;
    for (const [k, b] of Object.entries(m.bindings || {})) env[k] = new DurableObjectNamespace(b.class);
    for (const [k, sv] of Object.entries(m.services || {})) env[k] = serviceStub(sv.entrypoint || "default");
    if (m.assets) env[m.assets.binding] = new AssetsBinding();
    if (m.ignored) ignoredBindings(env, m.ignored);
    return env;
  }

  // ---- RPC stubs ----
  // An RpcTarget or a function that crosses a call, as an argument or a result, stays
  // in the instance that sent it, as on workerd: the instance keeps it among its
  // exported targets, and it crosses as {"$t": "Stub", "v": [class, name, handle]}
  // (ABI.md section 11), of which the other side makes a stub (targetStub). A call
  // through the stub is a call to the sender's object of the reserved method
  // STUB_METHOD, which no class can declare (it is not a method name, ABI.md section
  // 2), with the input {"h": handle, "m": member or null (a call of the function
  // itself), "a": the call's input as a method's, absent for none}, or {"h", "d": true}
  // to dispose of it; the sender's dispatcher runs it on the target (stubCall). A
  // handle names its instance: once that is gone (evicted, restarted, or the object
  // started over) the stub's calls fail with an Error saying so. An instance keeps at
  // most MAX_EXPORTED targets and drops the oldest past that; stub[Symbol.dispose]()
  // (what `using` calls) drops one at once.
  //
  // A call's promise pipelines (pipelined): stub.counter(40).add(2) calls add on what
  // counter resolves to, without awaiting it first.
  const STUB_METHOD = "$stub";
  const MAX_EXPORTED = 1024;
  const exportedTargets = new Map(); // handle -> RpcTarget or function, oldest first
  let exportedPrefix = ""; // this instance's part of its handles, made at its first export
  let exportedCount = 0;
  let stubSelf = null; // [class, object name] of the object this instance runs
  const STUB_REF = Symbol("stub reference"); // a stub's [class, name, handle]
  // Symbol.dispose and Symbol.asyncDispose (explicit resource management), which the
  // engine lacks, are the symbols esbuild's lowering of `using` falls back to.
  for (const name of ["dispose", "asyncDispose"]) {
    if (Symbol[name] === undefined) Object.defineProperty(Symbol, name, { value: Symbol.for("Symbol." + name) });
  }
  const DISPOSE = [Symbol.dispose, Symbol.asyncDispose];
  // stubsFor starts the exported targets of a new instance of the object: those of
  // the one before are gone.
  function stubsFor(className, objectName) {
    stubSelf = [className, objectName];
    exportedTargets.clear();
    exportedPrefix = "";
  }
  // exportTarget is the wire of v, an RpcTarget or function crossing a call. A stub
  // passed on crosses as the stub it is: its calls go to its own object.
  function exportTarget(v) {
    const ref = v[STUB_REF];
    if (ref !== undefined) return { $t: "Stub", v: ref };
    if (stubSelf === null) throw new DOMException("an RpcTarget or a function can cross a call only from inside a method, fetch or alarm", "DataCloneError");
    if (exportedPrefix === "") {
      exportedPrefix = crypto.randomUUID().replace(/-/g, "") + ".";
      host(OP.STUB_EXPORTED); // calls back may come while this instance waits on its calls out
    }
    if (exportedTargets.size >= MAX_EXPORTED) exportedTargets.delete(exportedTargets.keys().next().value);
    const h = exportedPrefix + (++exportedCount).toString(36);
    exportedTargets.set(h, v);
    return { $t: "Stub", v: [stubSelf[0], stubSelf[1], h] };
  }
  // targetStub is the stub of the wire ref, [class, name, handle]. Its dup() is another
  // stub of the target, which stays until each of them is disposed of (held counts
  // the stubs not disposed of).
  function targetStub(ref, held = { n: 1 }) {
    if (!Array.isArray(ref) || ref.length !== 3 || !ref.every((x) => typeof x === "string")) throw new TypeError("a malformed stub");
    const [className, objectName, handle] = ref;
    let disposed = false;
    const send = (input) => {
      // Lines class, name, method, input (OP.CALL); JSON when the name holds a line break.
      const req = objectName.indexOf("\n") < 0 ? className + "\n" + objectName + "\n" + STUB_METHOD + "\n" + input : JSON.stringify([className, objectName, STUB_METHOD, input]);
      return startCall(OP.CALL, req);
    };
    const invoke = async (member, args) => {
      if (disposed) throw new Error("RPC stub used after being disposed.");
      const a = rpcInput(args);
      return parse(await send('{"h":' + JSON.stringify(handle) + ',"m":' + JSON.stringify(member) + (a === "" ? "" : ',"a":' + a) + "}"));
    };
    const dispose = () => {
      if (disposed) return;
      disposed = true;
      if (--held.n > 0) return;
      send('{"h":' + JSON.stringify(handle) + ',"d":true}').catch(() => {}); // its object may be gone: nothing to release
    };
    const dup = () => {
      if (disposed) throw new Error("RPC stub used after being disposed.");
      held.n++;
      return targetStub(ref, held);
    };
    return new Proxy(() => {}, {
      get(_, prop) {
        if (prop === STUB_REF) return ref;
        if (DISPOSE.includes(prop)) return dispose;
        if (prop === "dup") return dup;
        if (typeof prop === "symbol" || prop === "then") return undefined; // a stub is not a thenable
        return rpcMember((...args) => pipelined(invoke(prop, args)));
      },
      apply(_, self, args) { return pipelined(invoke(null, args)); },
    });
  }
  // pipelined is promise p of a call's result, on which members can be called before it
  // settles: each is called on what p resolves to.
  const pipelined = (p) => new Proxy(p, PIPELINED);
  const PIPELINED = {
    get(p, prop) {
      if (prop === "then" || prop === "catch" || prop === "finally") return (...a) => p[prop](...a);
      if (typeof prop === "symbol") return p[prop];
      return rpcMember((...args) => pipelined(p.then((v) => {
        if (v === null || v === undefined) throw new TypeError(`cannot call "${prop}" on the call's result: it is ${v}`);
        if (args.length === 1 && args[0] === propertyRead) return v[prop];
        if (typeof v[prop] !== "function") throw new TypeError(`"${prop}" of the call's result is not a method`);
        return v[prop](...args);
      })));
    },
  };
  // pipelines makes the stub method f's promise pipelined.
  const pipelines = (f) => (...args) => pipelined(f(...args));
  // stubCall runs a call that came through a stub of a target this instance exported
  // (STUB_METHOD): as workerd, an RpcTarget exposes the members its class declares
  // (methods, getters), not its instance properties.
  function stubCall(input) {
    let req = null;
    try { req = JSON.parse(input); } catch { req = null; }
    if (req === null || typeof req !== "object" || typeof req.h !== "string") throw new SobjectsError("bad_input", 'a stub call\'s input is not {"h": handle, ...}');
    const t = exportedTargets.get(req.h);
    if (t === undefined) {
      throw new Error(`the RpcTarget or function this stub calls is gone: it was disposed, or its object's instance has restarted or was evicted since it was sent (an object keeps the last ${MAX_EXPORTED} it sent)`);
    }
    if (req.d === true) {
      exportedTargets.delete(req.h);
      return undefined;
    }
    const read = hasOwn(req, "a") && req.a !== null && typeof req.a === "object" && req.a.$t === "get";
    let args = [];
    if (hasOwn(req, "a") && !read) {
      try {
        const a = req.a;
        args = a !== null && typeof a === "object" && a.$t === "args" && Array.isArray(a.v) ? a.v.map((x) => fromWire(x)) : [fromWire(a)];
      } catch (e) {
        throw new SobjectsError("bad_input", `the stub call's input has a malformed tagged value: ${e.message}`);
      }
    }
    if (req.m === null || req.m === undefined) {
      if (typeof t !== "function") throw new TypeError("The RPC receiver is not a function.");
      return t(...args);
    }
    const m = String(req.m);
    let d;
    if (typeof t !== "function" && m !== "constructor") {
      for (let p = Object.getPrototypeOf(t); p && p !== RpcTarget.prototype && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
        if ((d = Object.getOwnPropertyDescriptor(p, m))) break;
      }
    }
    if (d === undefined) throw new TypeError(`The RPC receiver does not implement the method "${m}".`);
    if (read) {
      const v = t[m];
      if (typeof v === "function") throw new TypeError(`"${m}" is a method of the RPC receiver: call it`);
      return v;
    }
    if (typeof d.value === "function") return t[m](...args);
    if (typeof d.get === "function" && args.length === 0) return t[m];
    throw new TypeError(`"${m}" of the RPC receiver is not a method`);
  }
  // A Response a method returns crosses whole: {"$t": "Response", "v": {status,
  // statusText, headers, body: base64 or null}} (responseOut, in the dispatcher, reads
  // its body; ResponseBytes holds it for toWire), and arrives as a Response (responseIn).
  class ResponseBytes {
    constructor(wire) { this.wire = wire; }
  }
  async function responseOut(r) {
    const body = r._body === null ? null : b64encode(new Uint8Array(await r.arrayBuffer()));
    return new ResponseBytes({ status: r.status, statusText: r.statusText, headers: [...r.headers], body });
  }
  function responseIn(w) {
    if (w === null || typeof w !== "object" || !Array.isArray(w.headers)) throw new TypeError("a malformed Response");
    return new Response(typeof w.body === "string" ? b64decode(w.body) : null, { status: w.status, statusText: w.statusText, headers: w.headers });
  }

  // ---- base classes ----
  class DurableObject {
    constructor(ctx, env) { this.ctx = ctx; this.env = env; }
  }
  class WorkerEntrypoint {
    constructor(ctx, env) { this.ctx = ctx; this.env = env; }
  }
  class RpcTarget {}

  // ---- streamed responses ----
  // A fetch handler's Response whose body is a ReadableStream answers with its head, and
  // its chunks follow through the host as they are read (host/internal/js/hostop_stream.go):
  // a pump reads the stream after the handler has returned, in the object's promise jobs,
  // timers, and the events the host runs when a full pipe has room again
  // (__sobjects_streams). A stream that errors cuts the response, as on workerd; a reader
  // that goes away (the client) cancels it. Another object's streamed answer to
  // stub.fetch is a stream the host reads (hostBodyStream), and returned unread as this
  // handler's body it is spliced: its chunks never pass through this script.
  let streamRoom = []; // resolves of the pumps that wait for room, and of reads of hostBodyStream that wait
  // streamOut makes res's stream body the host's (OP.STREAM_OPEN, or a splice of another
  // object's body) and returns the pump that feeds it, or null when the call's caller
  // takes whole bodies only.
  function streamOut(res, slot) {
    const s = res._body;
    if (res.bodyUsed || s.locked) throw new TypeError("body already used");
    if (s._hostBody !== undefined) {
      const r = hostFn(OP.STREAM_RELEASE, String(s._hostBody), "splice", slot);
      if (r === 0) return null;
      s._hostBody = undefined;
      s._spliced = true;
      res._used = true;
      return noopPump;
    }
    const id = hostFn(OP.STREAM_OPEN, undefined, undefined, slot);
    if (id === 0) return null;
    detachWaitUntil(); // what feeds the stream may be waitUntil's work
    res._used = true;
    const reader = s.getReader();
    // The pump starts once the dispatcher has settled, so that its reads of another
    // object's body (hostBodyStream) do not hold the call (the host waits for those
    // only while the call is pending).
    return () => { resolvedPromise.then(() => pumpOut(String(id), reader)); };
  }
  const resolvedPromise = Promise.resolve();
  function noopPump() {}
  function outBytes(v) {
    if (v instanceof Uint8Array) return v;
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    throw new TypeError("This ReadableStream did not return bytes.");
  }
  const pumps = new Map(); // id -> reader: the pumps running
  async function pumpOut(id, reader) {
    pumps.set(id, reader);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) { hostFn(OP.STREAM_END, id, undefined, 0); return; }
        const b = outBytes(value);
        if (b.byteLength === 0) continue;
        let r = hostFn(OP.STREAM_WRITE, id, undefined, 0, b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.slice().buffer);
        if (r === 1) {
          await new Promise((resolve) => { streamRoom.push(resolve); flags[4] = 1; });
          r = hostFn(OP.STREAM_WRITE, id, undefined, 0); // gone meanwhile?
        }
        if (r === 2) { reader.cancel(new TypeError("the response's reader went away")).catch(() => {}); return; }
      }
    } catch (e) {
      let msg = "";
      try { msg = String(e instanceof Error ? `${e.name}: ${e.message}` : e); } catch { msg = "the stream failed"; }
      hostFn(OP.STREAM_END, id, arg(msg || "the stream failed"), 0);
      try { reader.cancel(e).catch(() => {}); } catch { /* released */ }
    } finally {
      pumps.delete(id);
    }
  }
  // streamsResume lets the pumps that wait for room and the reads that wait for a body
  // go on, and cancels the streams whose reader went (the host calls it then).
  function streamsResume() {
    flags[4] = 0;
    const w = streamRoom;
    streamRoom = [];
    for (let i = 0; i < w.length; i++) w[i]();
    // A pump that waits for its stream learns now that its reader went.
    pumps.forEach((reader, id) => {
      if (hostFn(OP.STREAM_WRITE, id, undefined, 0) !== 2) return;
      pumps.delete(id);
      reader.cancel(new TypeError("the response's reader went away")).catch(() => {});
    });
  }
  // streamFailure is the error of a stream whose failure the host gave as "Name:
  // message": an error of that name where it is one of JavaScript's, as workerd keeps it.
  const STREAM_ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };
  function streamFailure(text) {
    const i = text.indexOf(": ");
    const T = i > 0 && Object.hasOwn(STREAM_ERRORS, text.slice(0, i)) ? STREAM_ERRORS[text.slice(0, i)] : null;
    return T === null ? new Error(text) : new T(text.slice(i + 2));
  }
  // streamWait is a timer of this section's own, set while a call is pending and one of
  // its reads of hostBodyStream waits: it waits in the host until something is there to
  // read, never past the script's next timer, and lets the reads go on.
  let streamWaitSet = false;
  const untilNextTimer = () => { const next = nextTimer(); return String(next === null ? -1 : Math.max(0, Math.ceil(next[1].due - Date.now()))); };
  function streamWait() {
    streamWaitSet = false;
    hostFn(OP.STREAM_READ, "", untilNextTimer(), 0);
    streamsResume();
  }
  // hostBodyStream is the body of another object's streamed answer, id its host id.
  function hostBodyStream(id) {
    const sid = String(id);
    let open = true;
    // pull reads what the host has; with nothing there yet (outside a call that waits),
    // it waits for __sobjects_streams and reads again.
    const pull = (c) => {
      if (s._spliced) { open = false; c.error(new TypeError("body already used")); return; }
      const r = hostFn(OP.STREAM_READ, sid, undefined, 0);
      if (r === 1 || r === 3) {
        if (r === 3 && !streamWaitSet) { streamWaitSet = true; addTimer(streamWait, 0, [], false); }
        return new Promise((resolve) => { streamRoom.push(resolve); flags[4] = 1; }).then(() => { if (open) return pull(c); });
      }
      if (typeof r === "number") { open = false; c.close(); }
      else if (typeof r === "string") { open = false; c.error(streamFailure(r)); }
      else c.enqueue(new Uint8Array(r));
    };
    const s = new ReadableStream({
      type: "bytes",
      pull,
      cancel() { if (open && !s._spliced) { open = false; hostFn(OP.STREAM_RELEASE, sid, "cancel", 0); } },
    });
    s._hostBody = id;
    return s;
  }

  // ---- WebSockets ----
  // The host holds both ends of every WebSocket (host/websocket.go); a WebSocket here
  // names its end by the host's id. What arrives on an end this instance accepted
  // (accept()) is an event here (dispatch kind 3); on one accepted with
  // ctx.acceptWebSocket, a call of the object's webSocketMessage / webSocketClose /
  // webSocketError, in whichever instance the object has then: such a socket outlives
  // the instance (hibernation), and its WebSocket here is made again from its id.
  // https://developers.cloudflare.com/workers/runtime-apis/websockets/ and
  // https://developers.cloudflare.com/durable-objects/best-practices/websockets/
  const WS_MADE = Symbol("made by the runtime");
  const sockets = new Map(); // id → the WebSocket of this instance
  class CloseEvent extends Event {
    constructor(type, init = {}) {
      super(type, init);
      const o = init || {};
      this._code = o.code === undefined ? 0 : o.code | 0;
      this._reason = o.reason === undefined ? "" : String(o.reason);
      this._wasClean = Boolean(o.wasClean);
    }
    get code() { return this._code; }
    get reason() { return this._reason; }
    get wasClean() { return this._wasClean; }
  }
  const WS_SEND_FIRST = "You must call one of accept() or state.acceptWebSocket() on this WebSocket before sending messages.";
  class WebSocket extends EventTarget {
    constructor(url, protocols) {
      super();
      if (url !== WS_MADE) return webSocketConnect(this, url, protocols);
      this._id = protocols;
      this._state = 1; // readyState, as workerd's: OPEN from the start, 2 once this end closed, 3 once both did
      this._hib = false; // accepted with ctx.acceptWebSocket
      this._accepted = false;
      this._url = null;
      this._protocol = "";
      this.binaryType = "arraybuffer";
      this.onopen = this.onmessage = this.onclose = this.onerror = null;
      sockets.set(protocols, this);
    }
    get readyState() { return this._state; }
    get url() { return this._url; }
    get protocol() { return this._protocol; }
    get extensions() { return ""; }
    accept() {
      if (this._accepted) return; // as workerd: a second accept is not refused
      call(OP.WS_ACCEPT, this._id);
      this._accepted = true;
    }
    send(data) {
      if (!this._accepted) throw new TypeError(WS_SEND_FIRST);
      if (this._state >= 2) throw new TypeError("Can't call WebSocket send() after close().");
      if (typeof data === "string") call(OP.WS_SEND_TEXT, this._id, data.isWellFormed() ? data : data.toWellFormed());
      else if (data instanceof ArrayBuffer) call(OP.WS_SEND_BINARY, this._id, data.byteLength ? data : new ArrayBuffer(0));
      else if (ArrayBuffer.isView(data)) call(OP.WS_SEND_BINARY, this._id, new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice().buffer);
      else throw new TypeError("WebSocket send() takes a string, an ArrayBuffer or an ArrayBufferView");
    }
    close(code, reason) {
      if (code !== undefined) {
        code = Number(code);
        if (!(code === 1000 || (code >= 3000 && code <= 4999))) throw new DOMException(`Invalid WebSocket close code: ${code}.`, "InvalidAccessError");
      }
      if (reason !== undefined) {
        // workerd does not refuse a longer one: it is cut to what a close frame holds.
        reason = String(reason);
        while (utf8Encode(reason).length > 123) reason = reason.slice(0, -1);
      }
      if (!this._accepted) throw new TypeError("You must call accept() on this WebSocket before closing it.");
      if (this._state >= 2) return;
      this._state = 2;
      call(OP.WS_CLOSE, this._id, JSON.stringify([code === undefined ? 0 : code, reason === undefined ? "" : reason]));
    }
    serializeAttachment(v) {
      const text = v === undefined || v === null ? "" : encodeStored(v);
      call(OP.WS_SET_ATTACHMENT, this._id, text);
    }
    deserializeAttachment() {
      const text = call(OP.WS_ATTACHMENT, this._id);
      return text === "" ? null : parse(text);
    }
    // _event fires what arrived on an end this instance accepted.
    _event(ev, data) {
      if (ev.e === "message") this._fire("message", new MessageEvent("message", { data }));
      else if (ev.e === "close") {
        this._state = 3; // the host answered the close if this end had not
        sockets.delete(this._id);
        this._fire("close", new CloseEvent("close", { code: ev.code, reason: ev.reason, wasClean: ev.clean }));
      } else this._fire("error", new ErrorEvent("error", { message: ev.message, error: new Error(ev.message) }));
    }
    _fire(type, event) {
      const h = this["on" + type];
      this.dispatchEvent(event);
      if (typeof h === "function") h.call(this, event);
    }
  }
  for (const [k, v] of [["CONNECTING", 0], ["OPEN", 1], ["CLOSING", 2], ["CLOSED", 3]]) {
    Object.defineProperty(WebSocket, k, { value: v, enumerable: true });
    Object.defineProperty(WebSocket.prototype, k, { value: v, enumerable: true });
  }
  // webSocketConnect is new WebSocket(url): see "outbound WebSockets" below.
  // socketFor is the WebSocket of end id here: one of a hibernatable socket the object
  // accepted in an instance before this one is made again.
  function socketFor(id) {
    let ws = sockets.get(id);
    if (ws) return ws;
    ws = new WebSocket(WS_MADE, id);
    ws._accepted = ws._hib = true;
    ws._state = Number(call(OP.WS_STATE, id)) || 1;
    return ws;
  }
  class WebSocketPair {
    constructor() {
      const [a, b] = call(OP.WS_PAIR).split(",");
      this[0] = new WebSocket(WS_MADE, a);
      this[1] = new WebSocket(WS_MADE, b);
    }
  }
  class WebSocketRequestResponsePair {
    constructor(request, response) {
      if (arguments.length < 2) throw new TypeError("WebSocketRequestResponsePair takes a request and a response");
      this._request = String(request);
      this._response = String(response);
    }
    get request() { return this._request; }
    get response() { return this._response; }
  }
  let autoResponse = null; // the pair given to ctx.setWebSocketAutoResponse
  const checkSocket = (ws) => { if (!(ws instanceof WebSocket)) throw new TypeError("not a WebSocket"); return ws; };
  // The hibernation API of a Durable Object's ctx (DurableObjectState).
  const webSocketState = {
    acceptWebSocket(ws, tags = []) {
      checkSocket(ws);
      if (ws._accepted) throw new TypeError("The WebSocket has already been accepted.");
      tags = Array.from(tags, String);
      call(OP.WS_ACCEPT_HIB, ws._id, JSON.stringify(tags));
      ws._accepted = ws._hib = true;
      ws._state = 1;
    },
    getWebSockets(tag) {
      return JSON.parse(call(OP.WS_LIST, tag === undefined ? "" : String(tag), "")).map(socketFor);
    },
    getTags(ws) {
      checkSocket(ws);
      return JSON.parse(call(OP.WS_TAGS, ws._id));
    },
    setWebSocketAutoResponse(pair) {
      if (pair === undefined || pair === null) {
        autoResponse = null;
        call(OP.WS_AUTO_RESPONSE, "", "");
        return;
      }
      if (!(pair instanceof WebSocketRequestResponsePair)) throw new TypeError("setWebSocketAutoResponse takes a WebSocketRequestResponsePair");
      if (pair.request === "") throw new TypeError("the auto-response request must not be empty");
      autoResponse = pair;
      call(OP.WS_AUTO_RESPONSE, pair.request, pair.response);
    },
    getWebSocketAutoResponse() { return autoResponse; },
    getWebSocketAutoResponseTimestamp(ws) {
      checkSocket(ws);
      const ms = call(OP.WS_AUTO_TIME, ws._id);
      return ms === "" ? null : new Date(Number(ms));
    },
    setHibernatableWebSocketEventTimeout(ms) {
      call(OP.WS_EVENT_TIMEOUT, String(ms === undefined || ms === null ? 0 : Math.max(0, Math.floor(Number(ms)))));
    },
    getHibernatableWebSocketEventTimeout() {
      const ms = Number(call(OP.WS_EVENT_TIMEOUT, ""));
      return ms === 0 ? null : ms;
    },
  };
  // webSocketEvent runs an event of end ev.s (dispatch kind 3) in obj, the instance.
  async function webSocketEvent(obj, ev, data) {
    const ws = socketFor(ev.s);
    if (!ws._hib) return ws._event(ev, data);
    if (ev.e === "message") {
      if (typeof obj.webSocketMessage === "function") await obj.webSocketMessage(ws, data);
    } else if (ev.e === "close") {
      try {
        if (typeof obj.webSocketClose === "function") await obj.webSocketClose(ws, ev.code, ev.reason, ev.clean);
      } finally {
        ws._state = 3; // the host answers the close if the handler did not
        sockets.delete(ws._id);
      }
    } else if (typeof obj.webSocketError === "function") await obj.webSocketError(ws, new Error(ev.message));
  }
  // -- outbound WebSockets (hostop_wsclient.go) --
  // new WebSocket(url, protocols) and fetch() with "Upgrade: websocket": the script
  // holds one end of a new pair, and the host dials the server (as fetch, within the
  // fetch policy) and makes the other end the connection's. The handshake holds the
  // call until it ends; open, or error and close, fire after the constructor.
  // webSocketURL is the URL of new WebSocket(url), as workerd checks it.
  function webSocketURL(url) {
    let u;
    try { u = new URL(String(url)); } catch { throw new DOMException("WebSocket Constructor: The url is invalid.", "SyntaxError"); }
    if (u.protocol !== "ws:" && u.protocol !== "wss:") throw new DOMException("WebSocket Constructor: The url scheme must be ws or wss.", "SyntaxError");
    if (u.hash !== "" || String(url).includes("#")) throw new DOMException("WebSocket Constructor: The url fragment must be empty.", "SyntaxError");
    return u.href;
  }
  // webSocketDial has the host dial url for end: the server's answer {status, headers,
  // protocol}. It throws when no answer came; the pair is closed then, or on a status
  // other than 101.
  function webSocketDial(end, url, protocols, headers) {
    const r = host(OP.WS_CONNECT, end, JSON.stringify({ url, protocols, headers }));
    if (typeof r === "number") throw hostError(r);
    if (r[0] === "{") return JSON.parse(r);
    const i = r.indexOf(": ");
    if (r.slice(0, i) === "SyntaxError") throw new DOMException(r.slice(i + 2), "SyntaxError");
    throw new TypeError(r.slice(i + 2));
  }
  function webSocketConnect(ws, url, protocols) {
    const href = webSocketURL(url);
    protocols = protocols === undefined ? [] : typeof protocols === "string" ? [protocols] : Array.from(protocols, String);
    for (const p of protocols) {
      if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(p) || protocols.indexOf(p) !== protocols.lastIndexOf(p)) throw new DOMException(`Failed to construct 'WebSocket': The subprotocol '${p}' is invalid or given twice.`, "SyntaxError");
    }
    const [a, b] = call(OP.WS_PAIR).split(",");
    Object.assign(ws, { _id: a, _state: 0, _hib: false, _accepted: false, _url: href, _protocol: "", binaryType: "arraybuffer" });
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    let r = null;
    let failure = null;
    try {
      r = webSocketDial(b, href, protocols, []);
      if (r.status !== 101) failure = new TypeError(`Failed to establish the WebSocket connection: expected server to reply with HTTP status code 101 (switching protocols), but received ${r.status} instead.`);
    } catch (e) {
      failure = e;
    }
    if (failure === null) {
      sockets.set(a, ws);
      call(OP.WS_ACCEPT, a);
      ws._accepted = true;
      ws._protocol = r.protocol;
    } else ws._state = 3;
    queueMicrotask(() => {
      if (failure !== null) {
        ws._fire("error", new ErrorEvent("error", { message: failure.message, error: failure }));
        ws._fire("close", new CloseEvent("close", { code: 1006, reason: "", wasClean: false }));
        return;
      }
      if (ws._state === 0) ws._state = 1;
      ws._fire("open", new Event("open"));
    });
    return ws;
  }
  // webSocketFetch is fetch(req) with "Upgrade: websocket": a Response of status 101
  // whose webSocket the script accepts, or the server's other answer (no body).
  async function webSocketFetch(req) {
    const u = new URL(req.url);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new TypeError(`Fetch API cannot load: ${req.url}`);
    const href = (u.protocol === "http:" ? "ws:" : "wss:") + u.href.slice(u.protocol.length);
    const headers = [];
    for (const kv of req.headers) headers.push(kv);
    const [a, b] = call(OP.WS_PAIR).split(",");
    const r = webSocketDial(b, href, [], headers);
    if (r.status !== 101) return new Response(null, { status: r.status, headers: r.headers });
    const ws = new WebSocket(WS_MADE, a);
    ws._protocol = r.protocol;
    return new Response(null, { status: 101, headers: r.headers, webSocket: ws });
  }
  Object.assign(globalThis, { WebSocket, WebSocketPair, CloseEvent, WebSocketRequestResponsePair });

  // ---- the dispatcher ----
  let env = null;
  let instance = null;
  let instanceClass = null;
  let instanceMethods = null; // Set of the callable method names of instanceClass
  function exportsOf() { return globalThis.__sobjects_exports || {}; }
  // The class of the bundle that className names: the export the manifest's classes
  // deploy as className (a wrangler environment's); the export of that name; the
  // default export (the Worker, null here) for the project's own name; or, for a bundle
  // uploaded under another name, its only exported subclass of DurableObject, else its
  // default export.
  function classFor(className) {
    const ex = exportsOf(), deployed = manifest().classes;
    if (deployed) for (const k of Object.keys(deployed)) if (deployed[k] === className && typeof ex[k] === "function") return ex[k];
    if (typeof ex[className] === "function" && className !== "default") return ex[className];
    const worker = ex.default !== undefined && ex.default !== null && (typeof ex.default === "object" || typeof ex.default === "function");
    if (worker && className === manifest().name) return null;
    const all = Object.keys(ex).filter((k) => typeof ex[k] === "function" && ex[k].prototype instanceof DurableObject);
    if (all.length === 1) return ex[all[0]];
    if (worker && all.length === 0) return null;
    throw new SobjectsError("not_found", `the bundle exports no class ${className} (its exports: ${Object.keys(ex).join(", ") || "none"})`);
  }
  function methodsOf(cls) {
    const names = new Set();
    for (let p = cls.prototype; p && p !== DurableObject.prototype && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const k of Object.getOwnPropertyNames(p)) {
        const d = Object.getOwnPropertyDescriptor(p, k);
        if (k !== "constructor" && (typeof d.value === "function" || typeof d.get === "function")) names.add(k);
      }
    }
    return [...names].sort();
  }
  // describe lists what the host's inspection needs: the methods of className's class.
  function describe(className) {
    const cls = classFor(className);
    if (cls === null) return JSON.stringify({ methods: entrypointMethods(), worker: true });
    return JSON.stringify({ methods: methodsOf(cls), worker: false });
  }
  // blockConcurrencyWhile's promises: the next method runs once they settle.
  let blockers = [];
  let waiting = 0; // promises given to waitUntil, still pending
  let waitEpoch = 0; // detachWaitUntil's count: the promises given before it count no more
  // detachWaitUntil lets the call end without waiting for the promises given to
  // waitUntil so far: a streamed response's ("streamed responses"), whose work goes on
  // alongside the stream, in the object's later events, as on Cloudflare.
  function detachWaitUntil() {
    waitEpoch++;
    waiting = 0;
    flags[1] = 0;
  }
  // ctx.props: the props of the caller, which sobjects' bindings never set, so an empty
  // object, as workerd gives, one for each ctx (made at its first read, kept under a
  // symbol of the ctx's own: the objects' ctx inherit from the Worker's).
  const PROPS = Symbol("props");
  function ctxProps(ctx) {
    if (!Object.hasOwn(ctx, PROPS)) Object.defineProperty(ctx, PROPS, { value: {} });
    return ctx[PROPS];
  }
  const ctxBase = {
    // A blocker that fails resets the object (Cloudflare's "the object is reset"): the
    // next call constructs it afresh.
    blockConcurrencyWhile(fn) {
      const p = (async () => fn())();
      blockers.push(p);
      p.catch((e) => {
        if (!blockers.includes(p)) return; // awaited: the waiting call failed with it
        blockers = blockers.filter((x) => x !== p);
        instance = null;
        console.error("blockConcurrencyWhile failed; the object starts over:", e);
      });
      return p;
    },
    // The host runs p's work before the call ends; a p still pending when no work is
    // left fails the call (flags[1]). Its rejection is logged (as workerd does), but
    // running out of memory fails the call: the rethrown error reaches the host's
    // rejection tracker.
    waitUntil(p) {
      waiting++;
      flags[1] = 1;
      const epoch = waitEpoch;
      const done = () => { if (epoch === waitEpoch && --waiting === 0) flags[1] = 0; };
      Promise.resolve(p).then(done, (e) => {
        done();
        if (e instanceof InternalError && e.message === "out of memory") throw e;
        console.error("waitUntil:", e);
      });
    },
    passThroughOnException() {},
    get exports() { return workerExports; },
    get props() { return ctxProps(this); },
  };
  // A Durable Object's ctx: the Worker's, and the WebSocket hibernation API.
  const doState = Object.create(ctxBase);
  for (const k of Object.keys(webSocketState)) Object.defineProperty(doState, k, { value: webSocketState[k], writable: true, configurable: true });
  function ensureInstance(className, objectName) {
    if (instance) return instance;
    const cls = classFor(className);
    env = env || makeEnv();
    stubsFor(className, objectName);
    const ctx = Object.assign(Object.create(doState), {
      storage,
      abort(reason) { throw new Error(`aborted: ${reason}`); },
    });
    let id = null; // made at its first read: a host call most objects need not make
    Object.defineProperty(ctx, "id", { enumerable: true, get: () => id || (id = ctxId(className, objectName)) });
    if (cls === null) {
      // The Worker: an object with fetch, or a class (extends WorkerEntrypoint) to make one;
      // or one of its named entrypoints (entrypointOf).
      const d = entrypointOf(objectName);
      instance = typeof d === "function" ? new d(ctxBase, env) : d; // a Worker has no storage
      instanceClass = null;
      if (typeof d === "function") {
        if (d !== exportsOf().default) instanceClass = d; // fetch(request), as a class's
        instanceMethods = new Set(methodsOf(d));
      }
    } else {
      instance = new cls(ctx, env);
      instanceClass = cls;
      instanceMethods = new Set(methodsOf(cls));
    }
    return instance;
  }
  const LIFECYCLE = new Set(["fetch", "alarm", "constructor", "webSocketMessage", "webSocketClose", "webSocketError"]);
  // codeOf gives the code of a thrown value: a SobjectsError's (a name, or the number of
  // abi/ABI.md section 5), else internal.
  function codeOf(e) {
    if (!(e instanceof SobjectsError)) return e instanceof Error && e[HOST_MADE] && CODES.indexOf(e.code) > 0 ? CODES.indexOf(e.code) : 4;
    if (typeof e.code === "number" && CODES[e.code]) return e.code;
    return CODES.indexOf(e.code) > 0 ? CODES.indexOf(e.code) : 4;
  }
  // messageOf is the message a failed call reports: a coded error's own message, or
  // for anything else thrown (a bug) its name, message and stack.
  function messageOf(e) {
    const safe = (f) => { try { return f(); } catch { return undefined; } };
    if (e instanceof SobjectsError || (e instanceof Error && e[HOST_MADE])) return safe(() => String(e.message)) ?? "SobjectsError";
    if (e instanceof Error) {
      const head = safe(() => `${e.name}: ${e.message}`) ?? "Error (its message cannot be read)";
      const stack = safe(() => e.stack);
      if (typeof stack !== "string" || !stack) return head;
      // V8's stack (Error.prepareStackTrace above) begins with the error's name already.
      return stack.startsWith(safe(() => String(e.name)) ?? "\0") ? stack.trimEnd() : `${head}\n${stack.trimEnd()}`;
    }
    return safe(() => `uncaught ${show(e)}`) ?? "uncaught exception";
  }
  function fail(e, slot) {
    let code = 4;
    try { code = codeOf(e); } catch {}
    hostFn(OP.FAIL, arg(JSON.stringify([code, messageOf(e), thrownOf(e)])), undefined, slot);
  }
  // kind: 0 method, 1 fetch, 2 alarm. input is the method's input (a string, or an
  // ArrayBuffer when it is not UTF-8), fetch's head, or alarm's JSON [scheduled_ms,
  // retry_count]; body is fetch's body. Resolves to the output (a string or an
  // ArrayBuffer), or to null after reporting the failure with OP.FAIL; either way it
  // tells the host by setting flags[8 + slot]. The host then runs the promise jobs left
  // (work the call started and did not await, waitUntil's): they are part of the call,
  // and a call whose promise is still pending once none is left fails, as nothing can
  // ever settle it.
  //
  // slot, which the host writes to flags[3] before the call, tells this call from the
  // others in progress: one that runs while another awaits a timer (its input gate is
  // open) takes the next slot, and its failure (OP.FAIL) and response head (OP.RESPONSE)
  // name it, whichever call's work is running when they come.
  async function dispatch(kind, className, objectName, name, input, body) {
    const slot = flags[3];
    if (typeof objectName !== "string") objectName = utf8Decode(new Uint8Array(objectName)); // it holds NUL
    let out = null;
    try {
      const obj = ensureInstance(className, objectName);
      while (blockers.length) {
        const b = blockers;
        blockers = [];
        try { await Promise.all(b); } catch (e) { instance = null; blockers = []; throw e; } // the object starts over
      }
      if (kind === 1) {
        if (typeof obj.fetch !== "function") throw new SobjectsError("not_found", "the object has no fetch handler");
        const req = requestFromHost(input, body, "http://" + (HOST_NAME.test(objectName) ? objectName : instanceClass === null ? "worker" : "object"));
        out = responseToHost(await (instanceClass === null ? obj.fetch(req, env, ctxBase) : obj.fetch(req)), slot);
        if (out instanceof Promise) out = await out;
      } else if (kind === 3) {
        await webSocketEvent(obj, JSON.parse(input), body); // "WebSockets"
        out = "";
      } else if (kind === 2) {
        const [scheduledTime, retryCount] = JSON.parse(input);
        if (typeof obj.alarm === "function") await obj.alarm({ retryCount, isRetry: retryCount > 0, scheduledTime });
        out = "";
      } else {
        const stubbed = name === STUB_METHOD; // a call through a stub of what this instance sent ("RPC stubs")
        if (!stubbed && (LIFECYCLE.has(name) || (instanceMethods && !instanceMethods.has(name)))) {
          throw new SobjectsError("not_found", `class ${className} has no method ${JSON.stringify(name)}`);
        }
        const f = input === PROPERTY_READ || stubbed ? undefined : obj[name];
        let v = await (stubbed ? stubCall(input) : typeof f === "function" ? obj[name](...decodeArgs(input)) : rpcProperty(obj, name, input, f));
        if (v instanceof ReadableStream) v = new StreamBytes(await readBytes(v, MAX_STREAM_BODY));
        else if (v instanceof Response) v = await responseOut(v);
        out = v === undefined ? "" : encodeValue(v);
      }
    } catch (e) {
      out = null;
      fail(e, slot);
    } finally {
      flags[8 + slot] = 1;
    }
    return out;
  }
  // construct runs the constructor for a fresh instance (the host calls it in the first
  // call's transaction, as the init export of a wasm plugin).
  // A blockConcurrencyWhile of the constructor (a migration) is part of it: when it
  // fails, the constructor fails, and init's writes roll back.
  async function construct(className, objectName) {
    const slot = flags[3];
    if (typeof objectName !== "string") objectName = utf8Decode(new Uint8Array(objectName)); // it holds NUL
    let out = "";
    try {
      ensureInstance(className, objectName);
      while (blockers.length) {
        const b = blockers;
        blockers = [];
        await Promise.all(b);
      }
    } catch (e) {
      instance = null;
      blockers = [];
      out = null;
      fail(e, slot);
    } finally {
      flags[8 + slot] = 1;
    }
    return out;
  }

  // What cloudflare:workers exports on Cloudflare and sobjects does not implement
  // (jsbundle's stubbed): the module loads, and using one throws an Error naming it.
  const notHere = (name) => new Error(`${name} from cloudflare:workers is not supported by sobjects`);
  const stubFn = (name) => function () { throw notHere(name); };
  const stubObject = (name) => new Proxy({}, { get(_, p) { if (typeof p === "symbol" || p === "then") return undefined; throw notHere(`${name}.${String(p)}`); } });
  class WorkflowEntrypoint {
    constructor(ctx, env) { this.ctx = ctx; this.env = env; }
  }
  class WorkflowStep {
    do() { throw notHere("WorkflowStep"); }
    sleep() { throw notHere("WorkflowStep"); }
    sleepUntil() { throw notHere("WorkflowStep"); }
    waitForEvent() { throw notHere("WorkflowStep"); }
  }
  class RpcStub {
    constructor() { throw notHere("RpcStub"); }
  }
  globalThis.__sobjects_workers = {
    DurableObject, WorkerEntrypoint, RpcTarget, get env() { return env || (env = makeEnv()); }, SobjectsError,
    waitUntil(p) { ctxBase.waitUntil(p); },
    WorkflowEntrypoint, WorkflowStep, RpcStub,
    cache: stubObject("cache"), exports: workerExports, tracing: stubObject("tracing"),
    withEnv: stubFn("withEnv"), withExports: stubFn("withExports"), withEnvAndExports: stubFn("withEnvAndExports"),
  };
  // flags is memory the host reads and writes directly (its ArrayBuffer's bytes stay in
  // place): flags[1] is set while a promise given to waitUntil is pending, flags[2]
  // while a timer is pending; flags[3] is the slot of the call the host starts, and
  // flags[8 + slot] is set when that call has settled (slots 0 to 7).
  const flags = new Uint8Array(16);
  globalThis.__sobjects_flags = flags.buffer;
  globalThis.__sobjects_dispatch = dispatch;
  globalThis.__sobjects_construct = construct;
  globalThis.__sobjects_describe = describe;
  globalThis.__sobjects_timers = timers;
  globalThis.__sobjects_streams = streamsResume;
  Object.assign(globalThis, { TextEncoder, TextDecoder, URL, URLSearchParams, Headers, Request, Response });
})();
