// node:buffer (https://developers.cloudflare.com/workers/runtime-apis/nodejs/buffer/):
// Buffer, a Uint8Array with Node's methods. UTF-8 goes through TextEncoder and
// TextDecoder and base64 through the host (no loop over the bytes here); hex, latin1,
// ascii and utf16le are converted here.
import { b64encode, b64decode } from "node:_host";
import { typeError, rangeError, invalidArgType, outOfRange, describe } from "node:_errors";

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");
export const kMaxLength = 2 ** 32;
export const kStringMaxLength = 2 ** 29 - 24;
export const constants = { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength };
export let INSPECT_MAX_BYTES = 50;

// encodingOf is the canonical name of encoding e, or undefined.
function encodingOf(e) {
  switch (String(e).toLowerCase()) {
    case "utf8": case "utf-8": return "utf8";
    case "hex": return "hex";
    case "base64": return "base64";
    case "base64url": return "base64url";
    case "latin1": case "binary": return "latin1";
    case "ascii": return "ascii";
    case "ucs2": case "ucs-2": case "utf16le": case "utf-16le": return "utf16le";
  }
  return undefined;
}
function encoding(e) {
  if (e === undefined || e === null) return "utf8";
  const n = typeof e === "string" ? encodingOf(e) : undefined;
  if (!n) throw typeError("ERR_UNKNOWN_ENCODING", `Unknown encoding: ${e}`);
  return n;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hexValue = (c) => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1);

// base64Bytes decodes base64 or base64url as Node does: characters outside both
// alphabets are skipped, and decoding stops at the first "=".
function base64Bytes(s) {
  const eq = s.indexOf("=");
  if (eq >= 0) s = s.slice(0, eq);
  s = s.replace(/[^A-Za-z0-9+/_-]/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (s.length % 4 === 1) s = s.slice(0, -1);
  return s.length === 0 ? new Uint8Array(0) : b64decode(s);
}

// bytesOf encodes string s in encoding enc (canonical).
function bytesOf(s, enc) {
  switch (enc) {
    case "utf8": return utf8Encoder.encode(s);
    case "base64": case "base64url": return base64Bytes(s);
    case "hex": {
      const n = s.length >>> 1, out = new Uint8Array(n);
      let i = 0;
      for (; i < n; i++) {
        const hi = hexValue(s.charCodeAt(2 * i)), lo = hexValue(s.charCodeAt(2 * i + 1));
        if (hi < 0 || lo < 0) break;
        out[i] = (hi << 4) | lo;
      }
      return i === n ? out : out.subarray(0, i);
    }
    case "latin1": case "ascii": {
      const out = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
      return out;
    }
    case "utf16le": {
      const out = new Uint8Array(s.length * 2);
      for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); out[2 * i] = c; out[2 * i + 1] = c >> 8; }
      return out;
    }
  }
}

function charCodes(b, mask) {
  let s = "";
  for (let i = 0; i < b.length; i += 4096) {
    const part = b.subarray(i, Math.min(i + 4096, b.length));
    s += String.fromCharCode.apply(null, mask === 0xff ? part : Array.from(part, (c) => c & mask));
  }
  return s;
}

// textOf decodes bytes b in encoding enc (canonical).
function textOf(b, enc) {
  switch (enc) {
    case "utf8": return utf8Decoder.decode(b);
    case "base64": return b.length ? b64encode(b) : "";
    case "base64url": return b.length ? b64encode(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : "";
    case "hex": { let s = ""; for (let i = 0; i < b.length; i++) s += HEX[b[i]]; return s; }
    case "latin1": return charCodes(b, 0xff);
    case "ascii": return charCodes(b, 0x7f);
    case "utf16le": {
      let s = "";
      for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(b[i] | (b[i + 1] << 8));
      return s;
    }
  }
}

function checkOffset(buf, offset, n) {
  if (offset === undefined) offset = 0;
  if (typeof offset !== "number") throw invalidArgType("offset", "of type number", offset);
  if (!Number.isInteger(offset) || offset < 0 || offset + n > buf.length) {
    if (buf.length - n < 0) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", "Attempt to access memory outside buffer bounds");
    throw outOfRange("offset", Number.isInteger(offset) ? `>= 0 and <= ${buf.length - n}` : "an integer", offset);
  }
  return offset;
}
function checkInt(value, min, max, n) {
  if (typeof value !== "number") throw invalidArgType("value", "of type number", value);
  if (value < min || value > max || Number.isNaN(value)) {
    const range = n > 4 ? `>= ${min} and < 2 ** ${n * 8}` : `>= ${min} and <= ${max}`;
    throw outOfRange("value", range, value);
  }
}
function clampIndex(i, len, dflt) {
  if (i === undefined) return dflt;
  i = Math.trunc(Number(i)) || 0;
  return i < 0 ? Math.max(len + i, 0) : Math.min(i, len);
}
const view = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);

export class Buffer extends Uint8Array {
  // new Buffer(...) as Node's deprecated constructor: a string, a size, an array or an
  // ArrayBuffer (and what Uint8Array methods pass when they make a Buffer).
  constructor(a, b, c) {
    if (typeof a === "string") {
      const x = bytesOf(a, encoding(b));
      super(x.buffer, x.byteOffset, x.byteLength);
    } else if (b === undefined && c === undefined) {
      super(a);
    } else {
      super(a, b, c);
    }
  }

  static from(value, encodingOrOffset, length) {
    if (typeof value === "string") {
      const x = bytesOf(value, encoding(encodingOrOffset));
      return new Buffer(x.buffer, x.byteOffset, x.byteLength);
    }
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && value instanceof SharedArrayBuffer)) {
      const offset = encodingOrOffset === undefined ? 0 : Math.trunc(Number(encodingOrOffset)) || 0;
      if (offset < 0 || offset > value.byteLength) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", '"offset" is outside of buffer bounds');
      const n = length === undefined ? value.byteLength - offset : Math.trunc(Number(length)) || 0;
      if (n < 0 || offset + n > value.byteLength) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", '"length" is outside of buffer bounds');
      return new Buffer(value, offset, n);
    }
    if (value instanceof Uint8Array) {
      const out = Buffer.allocUnsafe(value.length);
      out.set(value);
      return out;
    }
    if (value !== null && typeof value === "object") {
      if (typeof value[Symbol.toPrimitive] === "function") {
        const p = value[Symbol.toPrimitive]("string");
        if (typeof p === "string") return Buffer.from(p, encodingOrOffset);
      }
      const v = typeof value.valueOf === "function" ? value.valueOf() : value;
      if (v !== value && v != null && (typeof v === "string" || typeof v === "object")) return Buffer.from(v, encodingOrOffset, length);
      if (value.type === "Buffer" && Array.isArray(value.data)) return fromArrayLike(value.data);
      if (typeof value.length === "number" || ArrayBuffer.isView(value)) return fromArrayLike(value);
    }
    throw typeError("ERR_INVALID_ARG_TYPE", `The first argument must be of type string or an instance of Buffer, TypedArray, ArrayBuffer, SharedArrayBuffer, or Array or an Array-like Object.${describe(value)}`);
  }
  static alloc(size, fill, enc) {
    checkSize(size);
    const b = new Buffer(size);
    if (fill !== undefined && fill !== 0 && size > 0) b.fill(fill, 0, b.length, enc);
    return b;
  }
  static allocUnsafe(size) {
    checkSize(size);
    return new Buffer(size);
  }
  static allocUnsafeSlow(size) {
    return Buffer.allocUnsafe(size);
  }
  static byteLength(value, enc) {
    if (typeof value !== "string") {
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
      throw invalidArgType("string", "of type string or an instance of Buffer or ArrayBuffer", value);
    }
    const e = encodingOf(enc === undefined ? "utf8" : enc) || "utf8";
    switch (e) {
      case "utf8": return utf8Encoder.encode(value).length;
      case "hex": return value.length >>> 1;
      case "utf16le": return value.length * 2;
      case "latin1": case "ascii": return value.length;
      default: return base64Bytes(value).length;
    }
  }
  static isBuffer(b) {
    return b instanceof Buffer;
  }
  static isEncoding(e) {
    return typeof e === "string" && e !== "" && encodingOf(e) !== undefined;
  }
  static compare(a, b) {
    if (!(a instanceof Uint8Array)) throw invalidArgType("buf1", "an instance of Buffer or Uint8Array", a);
    if (!(b instanceof Uint8Array)) throw invalidArgType("buf2", "an instance of Buffer or Uint8Array", b);
    return compareBytes(a, 0, a.length, b, 0, b.length);
  }
  static concat(list, totalLength) {
    if (!Array.isArray(list)) throw invalidArgType("list", "an instance of Array", list);
    if (totalLength === undefined) {
      totalLength = 0;
      for (let i = 0; i < list.length; i++) {
        if (!(list[i] instanceof Uint8Array)) throw invalidArgType(`list[${i}]`, "an instance of Buffer or Uint8Array", list[i]);
        totalLength += list[i].length;
      }
    }
    const out = Buffer.alloc(totalLength);
    let n = 0;
    for (let i = 0; i < list.length && n < totalLength; i++) {
      const b = list[i];
      if (!(b instanceof Uint8Array)) throw invalidArgType(`list[${i}]`, "an instance of Buffer or Uint8Array", b);
      const part = b.length > totalLength - n ? b.subarray(0, totalLength - n) : b;
      out.set(part, n);
      n += part.length;
    }
    return out;
  }
  static copyBytesFrom(view, offset = 0, length) {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const size = view.BYTES_PER_ELEMENT || 1;
    const end = length === undefined ? view.length : offset + length;
    return Buffer.from(bytes.subarray(offset * size, Math.min(end, view.length) * size));
  }

  toString(enc, start, end) {
    if (arguments.length === 0) return utf8Decoder.decode(this);
    const e = encoding(enc);
    start = start === undefined ? 0 : Math.max(0, Math.trunc(Number(start)) || 0);
    end = end === undefined ? this.length : Math.min(this.length, Math.trunc(Number(end)) || 0);
    if (end <= start) return "";
    return textOf(start === 0 && end === this.length ? this : this.subarray(start, end), e);
  }
  toLocaleString(enc, start, end) {
    return this.toString(enc, start, end);
  }
  // write(string[, offset[, length]][, encoding]): the bytes written (never a partial
  // character in utf8).
  write(string, offset, length, enc) {
    if (typeof string !== "string") throw invalidArgType("string", "of type string", string);
    if (typeof offset === "string") { enc = offset; offset = 0; length = undefined; }
    else if (typeof length === "string") { enc = length; length = undefined; }
    offset = offset === undefined ? 0 : offset >>> 0;
    if (offset > this.length) throw outOfRange("offset", `>= 0 && <= ${this.length}`, offset);
    const room = this.length - offset;
    length = length === undefined ? room : Math.min(room, length >>> 0);
    const e = encoding(enc);
    let bytes = bytesOf(string, e);
    if (bytes.length > length) {
      let n = length;
      if (e === "utf8") while (n > 0 && (bytes[n] & 0xc0) === 0x80) n--;
      else if (e === "utf16le") n &= ~1;
      bytes = bytes.subarray(0, n);
    }
    this.set(bytes, offset);
    return bytes.length;
  }
  toJSON() {
    return { type: "Buffer", data: Array.from(this) };
  }
  equals(other) {
    if (!(other instanceof Uint8Array)) throw invalidArgType("b", "an instance of Buffer or Uint8Array", other);
    return this.length === other.length && compareBytes(this, 0, this.length, other, 0, other.length) === 0;
  }
  compare(target, targetStart = 0, targetEnd = target.length, sourceStart = 0, sourceEnd = this.length) {
    if (!(target instanceof Uint8Array)) throw invalidArgType("target", "an instance of Buffer or Uint8Array", target);
    if (targetStart < 0 || targetEnd > target.length) throw outOfRange("targetStart", `>= 0 and <= ${target.length}`, targetStart);
    if (sourceStart < 0 || sourceEnd > this.length) throw outOfRange("sourceStart", `>= 0 and <= ${this.length}`, sourceStart);
    return compareBytes(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
  }
  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    if (!(target instanceof Uint8Array)) throw invalidArgType("target", "an instance of Buffer or Uint8Array", target);
    targetStart = Math.trunc(targetStart) || 0;
    sourceStart = Math.trunc(sourceStart) || 0;
    sourceEnd = Math.min(Math.trunc(sourceEnd) || 0, this.length);
    if (targetStart < 0) throw outOfRange("targetStart", ">= 0", targetStart);
    if (sourceStart < 0) throw outOfRange("sourceStart", ">= 0", sourceStart);
    if (targetStart >= target.length || sourceStart >= sourceEnd) return 0;
    const n = Math.min(sourceEnd - sourceStart, target.length - targetStart);
    target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
    return n;
  }
  // slice is subarray, as in Node: a view of the same memory.
  slice(start, end) {
    return this.subarray(start, end);
  }
  fill(value, offset, end, enc) {
    if (typeof offset === "string") { enc = offset; offset = 0; end = this.length; }
    else if (typeof end === "string") { enc = end; end = this.length; }
    offset = offset === undefined ? 0 : offset;
    end = end === undefined ? this.length : end;
    if (offset < 0 || offset > this.length) throw outOfRange("offset", `>= 0 and <= ${this.length}`, offset);
    if (end < 0 || end > this.length) throw outOfRange("end", `>= 0 and <= ${this.length}`, end);
    if (end <= offset) return this;
    if (typeof value === "number") return super.fill(value & 255, offset, end);
    if (typeof value === "boolean") return super.fill(Number(value), offset, end);
    if (typeof value === "string" && encoding(enc) === "hex" && (value.length % 2 !== 0 || /[^0-9a-fA-F]/.test(value))) throw new TypeError("The text is not valid hex"); // as workerd
    const pattern = typeof value === "string" ? bytesOf(value, encoding(enc)) : value instanceof Uint8Array ? value : ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : null;
    if (pattern === null) return super.fill(Number(value) & 255, offset, end);
    if (pattern.length === 0) {
      if (typeof value === "string" && value.length > 0) throw invalidArgType("value", "a valid fill value for the encoding", value);
      return super.fill(0, offset, end);
    }
    let n = Math.min(pattern.length, end - offset);
    this.set(pattern.subarray(0, n), offset);
    while (offset + n < end) { // doubling copies: O(log n) calls
      const k = Math.min(n, end - offset - n);
      this.copyWithin(offset + n, offset, offset + k);
      n += k;
    }
    return this;
  }
  indexOf(value, byteOffset, enc) {
    return indexOf(this, value, byteOffset, enc, true);
  }
  lastIndexOf(value, byteOffset, enc) {
    return indexOf(this, value, byteOffset, enc, false);
  }
  includes(value, byteOffset, enc) {
    return this.indexOf(value, byteOffset, enc) !== -1;
  }
  swap16() { return swap(this, 2); }
  swap32() { return swap(this, 4); }
  swap64() { return swap(this, 8); }

  readUInt8(o) { o = checkOffset(this, o, 1); return this[o]; }
  readUInt16LE(o) { o = checkOffset(this, o, 2); return this[o] | (this[o + 1] << 8); }
  readUInt16BE(o) { o = checkOffset(this, o, 2); return (this[o] << 8) | this[o + 1]; }
  readUInt32LE(o) { o = checkOffset(this, o, 4); return (this[o] | (this[o + 1] << 8) | (this[o + 2] << 16)) + this[o + 3] * 0x1000000; }
  readUInt32BE(o) { o = checkOffset(this, o, 4); return this[o] * 0x1000000 + ((this[o + 1] << 16) | (this[o + 2] << 8) | this[o + 3]); }
  readInt8(o) { const v = this.readUInt8(o); return v > 127 ? v - 256 : v; }
  readInt16LE(o) { const v = this.readUInt16LE(o); return v > 0x7fff ? v - 0x10000 : v; }
  readInt16BE(o) { const v = this.readUInt16BE(o); return v > 0x7fff ? v - 0x10000 : v; }
  readInt32LE(o) { return this.readUInt32LE(o) | 0; }
  readInt32BE(o) { return this.readUInt32BE(o) | 0; }
  readUIntLE(o, n) { return readVar(this, o, n, true, false); }
  readUIntBE(o, n) { return readVar(this, o, n, false, false); }
  readIntLE(o, n) { return readVar(this, o, n, true, true); }
  readIntBE(o, n) { return readVar(this, o, n, false, true); }
  readBigUInt64LE(o) { o = checkOffset(this, o, 8); return view(this).getBigUint64(o, true); }
  readBigUInt64BE(o) { o = checkOffset(this, o, 8); return view(this).getBigUint64(o, false); }
  readBigInt64LE(o) { o = checkOffset(this, o, 8); return view(this).getBigInt64(o, true); }
  readBigInt64BE(o) { o = checkOffset(this, o, 8); return view(this).getBigInt64(o, false); }
  readFloatLE(o) { o = checkOffset(this, o, 4); return view(this).getFloat32(o, true); }
  readFloatBE(o) { o = checkOffset(this, o, 4); return view(this).getFloat32(o, false); }
  readDoubleLE(o) { o = checkOffset(this, o, 8); return view(this).getFloat64(o, true); }
  readDoubleBE(o) { o = checkOffset(this, o, 8); return view(this).getFloat64(o, false); }

  writeUInt8(v, o) { checkInt(v, 0, 0xff, 1); o = checkOffset(this, o, 1); this[o] = v; return o + 1; }
  writeUInt16LE(v, o) { checkInt(v, 0, 0xffff, 2); o = checkOffset(this, o, 2); this[o] = v; this[o + 1] = v >>> 8; return o + 2; }
  writeUInt16BE(v, o) { checkInt(v, 0, 0xffff, 2); o = checkOffset(this, o, 2); this[o] = v >>> 8; this[o + 1] = v; return o + 2; }
  writeUInt32LE(v, o) { checkInt(v, 0, 0xffffffff, 4); o = checkOffset(this, o, 4); this[o] = v; this[o + 1] = v >>> 8; this[o + 2] = v >>> 16; this[o + 3] = v >>> 24; return o + 4; }
  writeUInt32BE(v, o) { checkInt(v, 0, 0xffffffff, 4); o = checkOffset(this, o, 4); this[o] = v >>> 24; this[o + 1] = v >>> 16; this[o + 2] = v >>> 8; this[o + 3] = v; return o + 4; }
  writeInt8(v, o) { checkInt(v, -0x80, 0x7f, 1); o = checkOffset(this, o, 1); this[o] = v; return o + 1; }
  writeInt16LE(v, o) { checkInt(v, -0x8000, 0x7fff, 2); o = checkOffset(this, o, 2); this[o] = v; this[o + 1] = v >>> 8; return o + 2; }
  writeInt16BE(v, o) { checkInt(v, -0x8000, 0x7fff, 2); o = checkOffset(this, o, 2); this[o] = v >>> 8; this[o + 1] = v; return o + 2; }
  writeInt32LE(v, o) { checkInt(v, -0x80000000, 0x7fffffff, 4); o = checkOffset(this, o, 4); this[o] = v; this[o + 1] = v >>> 8; this[o + 2] = v >>> 16; this[o + 3] = v >>> 24; return o + 4; }
  writeInt32BE(v, o) { checkInt(v, -0x80000000, 0x7fffffff, 4); o = checkOffset(this, o, 4); this[o] = v >>> 24; this[o + 1] = v >>> 16; this[o + 2] = v >>> 8; this[o + 3] = v; return o + 4; }
  writeUIntLE(v, o, n) { return writeVar(this, v, o, n, true, false); }
  writeUIntBE(v, o, n) { return writeVar(this, v, o, n, false, false); }
  writeIntLE(v, o, n) { return writeVar(this, v, o, n, true, true); }
  writeIntBE(v, o, n) { return writeVar(this, v, o, n, false, true); }
  writeBigUInt64LE(v, o) { return writeBig(this, v, o, true, false); }
  writeBigUInt64BE(v, o) { return writeBig(this, v, o, false, false); }
  writeBigInt64LE(v, o) { return writeBig(this, v, o, true, true); }
  writeBigInt64BE(v, o) { return writeBig(this, v, o, false, true); }
  writeFloatLE(v, o) { o = checkOffset(this, o, 4); view(this).setFloat32(o, Number(v), true); return o + 4; }
  writeFloatBE(v, o) { o = checkOffset(this, o, 4); view(this).setFloat32(o, Number(v), false); return o + 4; }
  writeDoubleLE(v, o) { o = checkOffset(this, o, 8); view(this).setFloat64(o, Number(v), true); return o + 8; }
  writeDoubleBE(v, o) { o = checkOffset(this, o, 8); view(this).setFloat64(o, Number(v), false); return o + 8; }

  [inspectSymbol]() {
    const max = INSPECT_MAX_BYTES;
    let s = "";
    for (let i = 0; i < Math.min(max, this.length); i++) s += (i ? " " : "") + HEX[this[i]];
    if (this.length > max) s += ` ... ${this.length - max} more byte${this.length - max > 1 ? "s" : ""}`;
    return `<Buffer ${s}>`;
  }
}
Buffer.poolSize = 8192;
// A global under nodejs_compat, as in workerd (jsbundle injects this module where the
// code names Buffer; this serves the code that reads globalThis.Buffer).
if (globalThis.Buffer === undefined) globalThis.Buffer = Buffer;
// The lowercase-int spellings Node also has (readUint8, writeBigUint64LE, ...).
for (const name of Object.getOwnPropertyNames(Buffer.prototype)) {
  if (/^(read|write)(Big)?UInt/.test(name)) {
    Object.defineProperty(Buffer.prototype, name.replace("UInt", "Uint"), { value: Buffer.prototype[name], writable: true, configurable: true });
  }
}

function checkSize(size) {
  if (typeof size !== "number") throw invalidArgType("size", "of type number", size);
  if (Number.isNaN(size)) throw rangeError("ERR_INVALID_ARG_VALUE", `The argument 'size' is invalid. Received ${size}`);
  if (size < 0) throw new RangeError(`Invalid typed array length: ${size}`); // as workerd
  if (!(size <= kMaxLength)) throw outOfRange("size", `>= 0 && <= ${kMaxLength}`, size);
}
function fromArrayLike(a) {
  const n = a.length > 0 ? a.length >>> 0 : 0;
  const out = new Buffer(n);
  for (let i = 0; i < n; i++) out[i] = a[i] & 255;
  return out;
}
function compareBytes(a, as, ae, b, bs, be) {
  const n = Math.min(ae - as, be - bs);
  for (let i = 0; i < n; i++) {
    if (a[as + i] !== b[bs + i]) return a[as + i] < b[bs + i] ? -1 : 1;
  }
  return ae - as < be - bs ? -1 : ae - as > be - bs ? 1 : 0;
}
function swap(b, n) {
  if (b.length % n !== 0) throw rangeError("ERR_INVALID_BUFFER_SIZE", `Buffer size must be a multiple of ${n * 8}-bits`);
  for (let i = 0; i < b.length; i += n) {
    for (let j = 0; j < n / 2; j++) { const t = b[i + j]; b[i + j] = b[i + n - 1 - j]; b[i + n - 1 - j] = t; }
  }
  return b;
}
function readVar(b, o, n, le, signed) {
  if (!Number.isInteger(n) || n < 1 || n > 6) throw outOfRange("byteLength", ">= 1 and <= 6", n);
  o = checkOffset(b, o, n);
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + b[le ? o + n - 1 - i : o + i];
  if (signed && v >= 2 ** (8 * n - 1)) v -= 2 ** (8 * n);
  return v;
}
function writeVar(b, v, o, n, le, signed) {
  if (!Number.isInteger(n) || n < 1 || n > 6) throw outOfRange("byteLength", ">= 1 and <= 6", n);
  const lim = 2 ** (8 * n);
  if (signed) checkInt(v, -lim / 2, lim / 2 - 1, n); else checkInt(v, 0, lim - 1, n);
  o = checkOffset(b, o, n);
  let x = v < 0 ? v + lim : v;
  for (let i = 0; i < n; i++) { b[le ? o + i : o + n - 1 - i] = x % 256; x = Math.floor(x / 256); }
  return o + n;
}
function writeBig(b, v, o, le, signed) {
  if (typeof v !== "bigint") throw invalidArgType("value", "of type bigint", v);
  const min = signed ? -(2n ** 63n) : 0n, max = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
  if (v < min || v > max) throw outOfRange("value", signed ? ">= -(2n ** 63n) and < 2n ** 63n" : ">= 0n and < 2n ** 64n", v);
  o = checkOffset(b, o, 8);
  if (signed) view(b).setBigInt64(o, v, le); else view(b).setBigUint64(o, v, le);
  return o + 8;
}
function indexOf(b, value, byteOffset, enc, forward) {
  if (typeof byteOffset === "string") { enc = byteOffset; byteOffset = undefined; }
  let start = byteOffset === undefined ? (forward ? 0 : b.length) : Number(byteOffset);
  if (Number.isNaN(start)) start = forward ? 0 : b.length;
  start = Math.trunc(start);
  if (start < 0) start = Math.max(b.length + start, forward ? 0 : -1);
  if (typeof value === "number") {
    value &= 255;
    return forward ? Uint8Array.prototype.indexOf.call(b, value, start) : Uint8Array.prototype.lastIndexOf.call(b, value, Math.min(start, b.length - 1));
  }
  const needle = typeof value === "string" ? bytesOf(value, encoding(enc)) : value instanceof Uint8Array ? value : null;
  if (needle === null) throw invalidArgType("value", "one of type number or string or an instance of Buffer or Uint8Array", value);
  if (needle.length === 0) return forward ? Math.min(start, b.length) : Math.min(start, b.length);
  const first = needle[0], last = b.length - needle.length;
  if (forward) {
    for (let i = Uint8Array.prototype.indexOf.call(b, first, start); i >= 0 && i <= last; i = Uint8Array.prototype.indexOf.call(b, first, i + 1)) {
      if (matchAt(b, needle, i)) return i;
    }
  } else {
    for (let i = Math.min(start, last); i >= 0; i--) if (b[i] === first && matchAt(b, needle, i)) return i;
  }
  return -1;
}
function matchAt(b, needle, i) {
  for (let j = 1; j < needle.length; j++) if (b[i + j] !== needle[j]) return false;
  return true;
}

export function SlowBuffer(size) {
  return Buffer.allocUnsafeSlow(size);
}
export const atob = (s) => globalThis.atob(s);
export const btoa = (s) => globalThis.btoa(s);
export const Blob = globalThis.Blob;
export const File = globalThis.File;
export function isUtf8(input) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(input);
    return true;
  } catch {
    return false;
  }
}
export function isAscii(input) {
  const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer || input, input.byteOffset || 0, input.byteLength);
  for (let i = 0; i < b.length; i++) if (b[i] > 127) return false;
  return true;
}
export function transcode(source, from, to) {
  return Buffer.from(textOf(source, encoding(from)), encoding(to));
}
export function resolveObjectURL() {
  return undefined;
}
// Internal to sdk-js/node: text conversions without a Buffer.
export { textOf as _textOf, bytesOf as _bytesOf, encoding as _encoding };

export default { Buffer, SlowBuffer, kMaxLength, kStringMaxLength, constants, INSPECT_MAX_BYTES, atob, btoa, Blob, File, isUtf8, isAscii, transcode, resolveObjectURL };
