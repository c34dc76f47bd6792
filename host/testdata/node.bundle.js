/*sobjects-js-bundle v1*/
globalThis.__sobjects_manifest = {"name":"node","bindings":{"NODE":{"class":"Node"}},"vars":{"GREETING":"hello","LIMIT":10},"exports":["Node"]};
var __sobjects_exports = (() => {
  var __create = Object.create;
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __getProtoOf = Object.getPrototypeOf;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
  var __esm = (fn, res, err) => function __init() {
    if (err) throw err[0];
    try {
      return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
    } catch (e) {
      throw err = [e], e;
    }
  };
  var __commonJS = (cb, mod) => function __require() {
    try {
      return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
    } catch (e) {
      throw mod = 0, e;
    }
  };
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
    // If the importer is in node compatibility mode or this is not an ESM
    // file that has been converted to a CommonJS file using a Babel-
    // compatible transform (i.e. "__esModule" has not been set), then set
    // "default" to the CommonJS "module.exports" for node compatibility.
    isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
    mod
  ));
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
  var __async = (__this, __arguments, generator) => {
    return new Promise((resolve3, reject) => {
      var fulfilled = (value2) => {
        try {
          step(generator.next(value2));
        } catch (e) {
          reject(e);
        }
      };
      var rejected = (value2) => {
        try {
          step(generator.throw(value2));
        } catch (e) {
          reject(e);
        }
      };
      var step = (x) => x.done ? resolve3(x.value) : Promise.resolve(x.value).then(fulfilled, rejected);
      step((generator = generator.apply(__this, __arguments)).next());
    });
  };
  var __forAwait = (obj, it, method) => (it = obj[__knownSymbol("asyncIterator")]) ? it.call(obj) : (obj = obj[__knownSymbol("iterator")](), it = {}, method = (key, fn) => (fn = obj[key]) && (it[key] = (arg) => new Promise((yes, no, done) => (arg = fn.call(obj, arg), done = arg.done, Promise.resolve(arg.value).then((value2) => yes({ value: value2, done }), no)))), method("next"), method("return"), it);

  // sobjects-node:_host
  var h, digest, b64encode, b64decode;
  var init_host = __esm({
    "sobjects-node:_host"() {
      init_globals();
      h = globalThis.__sobjects_node || {};
      delete globalThis.__sobjects_node;
      digest = h.digest;
      b64encode = h.b64encode;
      b64decode = h.b64decode;
    }
  });

  // sobjects-node:_errors
  function coded(Base, code, message) {
    const e = new Base(message);
    Object.defineProperty(e, "code", { value: code, writable: true, configurable: true, enumerable: true });
    return e;
  }
  function describe(v) {
    if (v == null) return ` Received ${v}`;
    if (typeof v === "function") return ` Received function ${v.name || "<anonymous>"}`;
    if (typeof v === "object") return v.constructor && v.constructor.name ? ` Received an instance of ${v.constructor.name}` : " Received " + String(v);
    let s = typeof v === "string" ? `'${v.length > 25 ? v.slice(0, 25) + "..." : v}'` : String(v);
    if (typeof v === "bigint") s += "n";
    return ` Received type ${typeof v} (${s})`;
  }
  var typeError, rangeError, error, invalidArgType, outOfRange, notSupported;
  var init_errors = __esm({
    "sobjects-node:_errors"() {
      init_globals();
      typeError = (code, message) => coded(TypeError, code, message);
      rangeError = (code, message) => coded(RangeError, code, message);
      error = (code, message) => coded(Error, code, message);
      invalidArgType = (name, expected, v) => typeError("ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}.${describe(v)}`);
      outOfRange = (name, range, v) => rangeError("ERR_OUT_OF_RANGE", `The value of "${name}" is out of range. It must be ${range}. Received ${typeof v === "bigint" ? v + "n" : v}`);
      notSupported = (name) => error("ERR_METHOD_NOT_IMPLEMENTED", `The ${name} method is not implemented`);
    }
  });

  // sobjects-node:buffer
  var buffer_exports = {};
  __export(buffer_exports, {
    Blob: () => Blob,
    Buffer: () => Buffer2,
    File: () => File,
    INSPECT_MAX_BYTES: () => INSPECT_MAX_BYTES,
    SlowBuffer: () => SlowBuffer,
    _bytesOf: () => bytesOf,
    _encoding: () => encoding,
    _textOf: () => textOf,
    atob: () => atob,
    btoa: () => btoa,
    constants: () => constants,
    default: () => buffer_default,
    isAscii: () => isAscii,
    isUtf8: () => isUtf8,
    kMaxLength: () => kMaxLength,
    kStringMaxLength: () => kStringMaxLength,
    resolveObjectURL: () => resolveObjectURL,
    transcode: () => transcode
  });
  function encodingOf(e) {
    switch (String(e).toLowerCase()) {
      case "utf8":
      case "utf-8":
        return "utf8";
      case "hex":
        return "hex";
      case "base64":
        return "base64";
      case "base64url":
        return "base64url";
      case "latin1":
      case "binary":
        return "latin1";
      case "ascii":
        return "ascii";
      case "ucs2":
      case "ucs-2":
      case "utf16le":
      case "utf-16le":
        return "utf16le";
    }
    return void 0;
  }
  function encoding(e) {
    if (e === void 0 || e === null) return "utf8";
    const n = typeof e === "string" ? encodingOf(e) : void 0;
    if (!n) throw typeError("ERR_UNKNOWN_ENCODING", `Unknown encoding: ${e}`);
    return n;
  }
  function base64Bytes(s) {
    const eq = s.indexOf("=");
    if (eq >= 0) s = s.slice(0, eq);
    s = s.replace(/[^A-Za-z0-9+/_-]/g, "").replace(/-/g, "+").replace(/_/g, "/");
    if (s.length % 4 === 1) s = s.slice(0, -1);
    return s.length === 0 ? new Uint8Array(0) : b64decode(s);
  }
  function bytesOf(s, enc) {
    switch (enc) {
      case "utf8":
        return utf8Encoder.encode(s);
      case "base64":
      case "base64url":
        return base64Bytes(s);
      case "hex": {
        const n = s.length >>> 1, out = new Uint8Array(n);
        let i = 0;
        for (; i < n; i++) {
          const hi = hexValue(s.charCodeAt(2 * i)), lo = hexValue(s.charCodeAt(2 * i + 1));
          if (hi < 0 || lo < 0) break;
          out[i] = hi << 4 | lo;
        }
        return i === n ? out : out.subarray(0, i);
      }
      case "latin1":
      case "ascii": {
        const out = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
        return out;
      }
      case "utf16le": {
        const out = new Uint8Array(s.length * 2);
        for (let i = 0; i < s.length; i++) {
          const c = s.charCodeAt(i);
          out[2 * i] = c;
          out[2 * i + 1] = c >> 8;
        }
        return out;
      }
    }
  }
  function charCodes(b, mask) {
    let s = "";
    for (let i = 0; i < b.length; i += 4096) {
      const part = b.subarray(i, Math.min(i + 4096, b.length));
      s += String.fromCharCode.apply(null, mask === 255 ? part : Array.from(part, (c) => c & mask));
    }
    return s;
  }
  function textOf(b, enc) {
    switch (enc) {
      case "utf8":
        return utf8Decoder.decode(b);
      case "base64":
        return b.length ? b64encode(b) : "";
      case "base64url":
        return b.length ? b64encode(b).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : "";
      case "hex": {
        let s = "";
        for (let i = 0; i < b.length; i++) s += HEX[b[i]];
        return s;
      }
      case "latin1":
        return charCodes(b, 255);
      case "ascii":
        return charCodes(b, 127);
      case "utf16le": {
        let s = "";
        for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(b[i] | b[i + 1] << 8);
        return s;
      }
    }
  }
  function checkOffset(buf, offset, n) {
    if (offset === void 0) offset = 0;
    if (typeof offset !== "number") throw invalidArgType("offset", "of type number", offset);
    if (!Number.isInteger(offset) || offset < 0 || offset + n > buf.length) {
      if (buf.length - n < 0) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", "Attempt to access memory outside buffer bounds");
      throw outOfRange("offset", Number.isInteger(offset) ? `>= 0 and <= ${buf.length - n}` : "an integer", offset);
    }
    return offset;
  }
  function checkInt(value2, min, max, n) {
    if (typeof value2 !== "number") throw invalidArgType("value", "of type number", value2);
    if (value2 < min || value2 > max || Number.isNaN(value2)) {
      const range = n > 4 ? `>= ${min} and < 2 ** ${n * 8}` : `>= ${min} and <= ${max}`;
      throw outOfRange("value", range, value2);
    }
  }
  function checkSize(size) {
    if (typeof size !== "number") throw invalidArgType("size", "of type number", size);
    if (Number.isNaN(size)) throw rangeError("ERR_INVALID_ARG_VALUE", `The argument 'size' is invalid. Received ${size}`);
    if (size < 0) throw new RangeError(`Invalid typed array length: ${size}`);
    if (!(size <= kMaxLength)) throw outOfRange("size", `>= 0 && <= ${kMaxLength}`, size);
  }
  function fromArrayLike(a) {
    const n = a.length > 0 ? a.length >>> 0 : 0;
    const out = new Buffer2(n);
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
      for (let j = 0; j < n / 2; j++) {
        const t = b[i + j];
        b[i + j] = b[i + n - 1 - j];
        b[i + n - 1 - j] = t;
      }
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
    if (signed) checkInt(v, -lim / 2, lim / 2 - 1, n);
    else checkInt(v, 0, lim - 1, n);
    o = checkOffset(b, o, n);
    let x = v < 0 ? v + lim : v;
    for (let i = 0; i < n; i++) {
      b[le ? o + i : o + n - 1 - i] = x % 256;
      x = Math.floor(x / 256);
    }
    return o + n;
  }
  function writeBig(b, v, o, le, signed) {
    if (typeof v !== "bigint") throw invalidArgType("value", "of type bigint", v);
    const min = signed ? -(2n ** 63n) : 0n, max = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
    if (v < min || v > max) throw outOfRange("value", signed ? ">= -(2n ** 63n) and < 2n ** 63n" : ">= 0n and < 2n ** 64n", v);
    o = checkOffset(b, o, 8);
    if (signed) view(b).setBigInt64(o, v, le);
    else view(b).setBigUint64(o, v, le);
    return o + 8;
  }
  function indexOf(b, value2, byteOffset, enc, forward) {
    if (typeof byteOffset === "string") {
      enc = byteOffset;
      byteOffset = void 0;
    }
    let start2 = byteOffset === void 0 ? forward ? 0 : b.length : Number(byteOffset);
    if (Number.isNaN(start2)) start2 = forward ? 0 : b.length;
    start2 = Math.trunc(start2);
    if (start2 < 0) start2 = Math.max(b.length + start2, forward ? 0 : -1);
    if (typeof value2 === "number") {
      value2 &= 255;
      return forward ? Uint8Array.prototype.indexOf.call(b, value2, start2) : Uint8Array.prototype.lastIndexOf.call(b, value2, Math.min(start2, b.length - 1));
    }
    const needle = typeof value2 === "string" ? bytesOf(value2, encoding(enc)) : value2 instanceof Uint8Array ? value2 : null;
    if (needle === null) throw invalidArgType("value", "one of type number or string or an instance of Buffer or Uint8Array", value2);
    if (needle.length === 0) return forward ? Math.min(start2, b.length) : Math.min(start2, b.length);
    const first = needle[0], last = b.length - needle.length;
    if (forward) {
      for (let i = Uint8Array.prototype.indexOf.call(b, first, start2); i >= 0 && i <= last; i = Uint8Array.prototype.indexOf.call(b, first, i + 1)) {
        if (matchAt(b, needle, i)) return i;
      }
    } else {
      for (let i = Math.min(start2, last); i >= 0; i--) if (b[i] === first && matchAt(b, needle, i)) return i;
    }
    return -1;
  }
  function matchAt(b, needle, i) {
    for (let j = 1; j < needle.length; j++) if (b[i + j] !== needle[j]) return false;
    return true;
  }
  function SlowBuffer(size) {
    return Buffer2.allocUnsafeSlow(size);
  }
  function isUtf8(input) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(input);
      return true;
    } catch {
      return false;
    }
  }
  function isAscii(input) {
    const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer || input, input.byteOffset || 0, input.byteLength);
    for (let i = 0; i < b.length; i++) if (b[i] > 127) return false;
    return true;
  }
  function transcode(source, from, to) {
    return Buffer2.from(textOf(source, encoding(from)), encoding(to));
  }
  function resolveObjectURL() {
    return void 0;
  }
  var utf8Encoder, utf8Decoder, inspectSymbol, kMaxLength, kStringMaxLength, constants, INSPECT_MAX_BYTES, HEX, hexValue, view, Buffer2, atob, btoa, Blob, File, buffer_default;
  var init_buffer = __esm({
    "sobjects-node:buffer"() {
      init_globals();
      init_host();
      init_errors();
      utf8Encoder = new TextEncoder();
      utf8Decoder = new TextDecoder();
      inspectSymbol = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");
      kMaxLength = 2 ** 32;
      kStringMaxLength = 2 ** 29 - 24;
      constants = { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength };
      INSPECT_MAX_BYTES = 50;
      HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
      hexValue = (c) => c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      view = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);
      Buffer2 = class _Buffer extends Uint8Array {
        // new Buffer(...) as Node's deprecated constructor: a string, a size, an array or an
        // ArrayBuffer (and what Uint8Array methods pass when they make a Buffer).
        constructor(a, b, c) {
          if (typeof a === "string") {
            const x = bytesOf(a, encoding(b));
            super(x.buffer, x.byteOffset, x.byteLength);
          } else if (b === void 0 && c === void 0) {
            super(a);
          } else {
            super(a, b, c);
          }
        }
        static from(value2, encodingOrOffset, length) {
          if (typeof value2 === "string") {
            const x = bytesOf(value2, encoding(encodingOrOffset));
            return new _Buffer(x.buffer, x.byteOffset, x.byteLength);
          }
          if (value2 instanceof ArrayBuffer || typeof SharedArrayBuffer === "function" && value2 instanceof SharedArrayBuffer) {
            const offset = encodingOrOffset === void 0 ? 0 : Math.trunc(Number(encodingOrOffset)) || 0;
            if (offset < 0 || offset > value2.byteLength) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", '"offset" is outside of buffer bounds');
            const n = length === void 0 ? value2.byteLength - offset : Math.trunc(Number(length)) || 0;
            if (n < 0 || offset + n > value2.byteLength) throw rangeError("ERR_BUFFER_OUT_OF_BOUNDS", '"length" is outside of buffer bounds');
            return new _Buffer(value2, offset, n);
          }
          if (value2 instanceof Uint8Array) {
            const out = _Buffer.allocUnsafe(value2.length);
            out.set(value2);
            return out;
          }
          if (value2 !== null && typeof value2 === "object") {
            if (typeof value2[Symbol.toPrimitive] === "function") {
              const p = value2[Symbol.toPrimitive]("string");
              if (typeof p === "string") return _Buffer.from(p, encodingOrOffset);
            }
            const v = typeof value2.valueOf === "function" ? value2.valueOf() : value2;
            if (v !== value2 && v != null && (typeof v === "string" || typeof v === "object")) return _Buffer.from(v, encodingOrOffset, length);
            if (value2.type === "Buffer" && Array.isArray(value2.data)) return fromArrayLike(value2.data);
            if (typeof value2.length === "number" || ArrayBuffer.isView(value2)) return fromArrayLike(value2);
          }
          throw typeError("ERR_INVALID_ARG_TYPE", `The first argument must be of type string or an instance of Buffer, TypedArray, ArrayBuffer, SharedArrayBuffer, or Array or an Array-like Object.${describe(value2)}`);
        }
        static alloc(size, fill, enc) {
          checkSize(size);
          const b = new _Buffer(size);
          if (fill !== void 0 && fill !== 0 && size > 0) b.fill(fill, 0, b.length, enc);
          return b;
        }
        static allocUnsafe(size) {
          checkSize(size);
          return new _Buffer(size);
        }
        static allocUnsafeSlow(size) {
          return _Buffer.allocUnsafe(size);
        }
        static byteLength(value2, enc) {
          if (typeof value2 !== "string") {
            if (ArrayBuffer.isView(value2) || value2 instanceof ArrayBuffer) return value2.byteLength;
            throw invalidArgType("string", "of type string or an instance of Buffer or ArrayBuffer", value2);
          }
          const e = encodingOf(enc === void 0 ? "utf8" : enc) || "utf8";
          switch (e) {
            case "utf8":
              return utf8Encoder.encode(value2).length;
            case "hex":
              return value2.length >>> 1;
            case "utf16le":
              return value2.length * 2;
            case "latin1":
            case "ascii":
              return value2.length;
            default:
              return base64Bytes(value2).length;
          }
        }
        static isBuffer(b) {
          return b instanceof _Buffer;
        }
        static isEncoding(e) {
          return typeof e === "string" && e !== "" && encodingOf(e) !== void 0;
        }
        static compare(a, b) {
          if (!(a instanceof Uint8Array)) throw invalidArgType("buf1", "an instance of Buffer or Uint8Array", a);
          if (!(b instanceof Uint8Array)) throw invalidArgType("buf2", "an instance of Buffer or Uint8Array", b);
          return compareBytes(a, 0, a.length, b, 0, b.length);
        }
        static concat(list, totalLength) {
          if (!Array.isArray(list)) throw invalidArgType("list", "an instance of Array", list);
          if (totalLength === void 0) {
            totalLength = 0;
            for (let i = 0; i < list.length; i++) {
              if (!(list[i] instanceof Uint8Array)) throw invalidArgType(`list[${i}]`, "an instance of Buffer or Uint8Array", list[i]);
              totalLength += list[i].length;
            }
          }
          const out = _Buffer.alloc(totalLength);
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
        static copyBytesFrom(view2, offset = 0, length) {
          const bytes = new Uint8Array(view2.buffer, view2.byteOffset, view2.byteLength);
          const size = view2.BYTES_PER_ELEMENT || 1;
          const end = length === void 0 ? view2.length : offset + length;
          return _Buffer.from(bytes.subarray(offset * size, Math.min(end, view2.length) * size));
        }
        toString(enc, start2, end) {
          if (arguments.length === 0) return utf8Decoder.decode(this);
          const e = encoding(enc);
          start2 = start2 === void 0 ? 0 : Math.max(0, Math.trunc(Number(start2)) || 0);
          end = end === void 0 ? this.length : Math.min(this.length, Math.trunc(Number(end)) || 0);
          if (end <= start2) return "";
          return textOf(start2 === 0 && end === this.length ? this : this.subarray(start2, end), e);
        }
        toLocaleString(enc, start2, end) {
          return this.toString(enc, start2, end);
        }
        // write(string[, offset[, length]][, encoding]): the bytes written (never a partial
        // character in utf8).
        write(string, offset, length, enc) {
          if (typeof string !== "string") throw invalidArgType("string", "of type string", string);
          if (typeof offset === "string") {
            enc = offset;
            offset = 0;
            length = void 0;
          } else if (typeof length === "string") {
            enc = length;
            length = void 0;
          }
          offset = offset === void 0 ? 0 : offset >>> 0;
          if (offset > this.length) throw outOfRange("offset", `>= 0 && <= ${this.length}`, offset);
          const room = this.length - offset;
          length = length === void 0 ? room : Math.min(room, length >>> 0);
          const e = encoding(enc);
          let bytes = bytesOf(string, e);
          if (bytes.length > length) {
            let n = length;
            if (e === "utf8") while (n > 0 && (bytes[n] & 192) === 128) n--;
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
        slice(start2, end) {
          return this.subarray(start2, end);
        }
        fill(value2, offset, end, enc) {
          if (typeof offset === "string") {
            enc = offset;
            offset = 0;
            end = this.length;
          } else if (typeof end === "string") {
            enc = end;
            end = this.length;
          }
          offset = offset === void 0 ? 0 : offset;
          end = end === void 0 ? this.length : end;
          if (offset < 0 || offset > this.length) throw outOfRange("offset", `>= 0 and <= ${this.length}`, offset);
          if (end < 0 || end > this.length) throw outOfRange("end", `>= 0 and <= ${this.length}`, end);
          if (end <= offset) return this;
          if (typeof value2 === "number") return super.fill(value2 & 255, offset, end);
          if (typeof value2 === "boolean") return super.fill(Number(value2), offset, end);
          if (typeof value2 === "string" && encoding(enc) === "hex" && (value2.length % 2 !== 0 || /[^0-9a-fA-F]/.test(value2))) throw new TypeError("The text is not valid hex");
          const pattern = typeof value2 === "string" ? bytesOf(value2, encoding(enc)) : value2 instanceof Uint8Array ? value2 : ArrayBuffer.isView(value2) ? new Uint8Array(value2.buffer, value2.byteOffset, value2.byteLength) : null;
          if (pattern === null) return super.fill(Number(value2) & 255, offset, end);
          if (pattern.length === 0) {
            if (typeof value2 === "string" && value2.length > 0) throw invalidArgType("value", "a valid fill value for the encoding", value2);
            return super.fill(0, offset, end);
          }
          let n = Math.min(pattern.length, end - offset);
          this.set(pattern.subarray(0, n), offset);
          while (offset + n < end) {
            const k = Math.min(n, end - offset - n);
            this.copyWithin(offset + n, offset, offset + k);
            n += k;
          }
          return this;
        }
        indexOf(value2, byteOffset, enc) {
          return indexOf(this, value2, byteOffset, enc, true);
        }
        lastIndexOf(value2, byteOffset, enc) {
          return indexOf(this, value2, byteOffset, enc, false);
        }
        includes(value2, byteOffset, enc) {
          return this.indexOf(value2, byteOffset, enc) !== -1;
        }
        swap16() {
          return swap(this, 2);
        }
        swap32() {
          return swap(this, 4);
        }
        swap64() {
          return swap(this, 8);
        }
        readUInt8(o) {
          o = checkOffset(this, o, 1);
          return this[o];
        }
        readUInt16LE(o) {
          o = checkOffset(this, o, 2);
          return this[o] | this[o + 1] << 8;
        }
        readUInt16BE(o) {
          o = checkOffset(this, o, 2);
          return this[o] << 8 | this[o + 1];
        }
        readUInt32LE(o) {
          o = checkOffset(this, o, 4);
          return (this[o] | this[o + 1] << 8 | this[o + 2] << 16) + this[o + 3] * 16777216;
        }
        readUInt32BE(o) {
          o = checkOffset(this, o, 4);
          return this[o] * 16777216 + (this[o + 1] << 16 | this[o + 2] << 8 | this[o + 3]);
        }
        readInt8(o) {
          const v = this.readUInt8(o);
          return v > 127 ? v - 256 : v;
        }
        readInt16LE(o) {
          const v = this.readUInt16LE(o);
          return v > 32767 ? v - 65536 : v;
        }
        readInt16BE(o) {
          const v = this.readUInt16BE(o);
          return v > 32767 ? v - 65536 : v;
        }
        readInt32LE(o) {
          return this.readUInt32LE(o) | 0;
        }
        readInt32BE(o) {
          return this.readUInt32BE(o) | 0;
        }
        readUIntLE(o, n) {
          return readVar(this, o, n, true, false);
        }
        readUIntBE(o, n) {
          return readVar(this, o, n, false, false);
        }
        readIntLE(o, n) {
          return readVar(this, o, n, true, true);
        }
        readIntBE(o, n) {
          return readVar(this, o, n, false, true);
        }
        readBigUInt64LE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getBigUint64(o, true);
        }
        readBigUInt64BE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getBigUint64(o, false);
        }
        readBigInt64LE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getBigInt64(o, true);
        }
        readBigInt64BE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getBigInt64(o, false);
        }
        readFloatLE(o) {
          o = checkOffset(this, o, 4);
          return view(this).getFloat32(o, true);
        }
        readFloatBE(o) {
          o = checkOffset(this, o, 4);
          return view(this).getFloat32(o, false);
        }
        readDoubleLE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getFloat64(o, true);
        }
        readDoubleBE(o) {
          o = checkOffset(this, o, 8);
          return view(this).getFloat64(o, false);
        }
        writeUInt8(v, o) {
          checkInt(v, 0, 255, 1);
          o = checkOffset(this, o, 1);
          this[o] = v;
          return o + 1;
        }
        writeUInt16LE(v, o) {
          checkInt(v, 0, 65535, 2);
          o = checkOffset(this, o, 2);
          this[o] = v;
          this[o + 1] = v >>> 8;
          return o + 2;
        }
        writeUInt16BE(v, o) {
          checkInt(v, 0, 65535, 2);
          o = checkOffset(this, o, 2);
          this[o] = v >>> 8;
          this[o + 1] = v;
          return o + 2;
        }
        writeUInt32LE(v, o) {
          checkInt(v, 0, 4294967295, 4);
          o = checkOffset(this, o, 4);
          this[o] = v;
          this[o + 1] = v >>> 8;
          this[o + 2] = v >>> 16;
          this[o + 3] = v >>> 24;
          return o + 4;
        }
        writeUInt32BE(v, o) {
          checkInt(v, 0, 4294967295, 4);
          o = checkOffset(this, o, 4);
          this[o] = v >>> 24;
          this[o + 1] = v >>> 16;
          this[o + 2] = v >>> 8;
          this[o + 3] = v;
          return o + 4;
        }
        writeInt8(v, o) {
          checkInt(v, -128, 127, 1);
          o = checkOffset(this, o, 1);
          this[o] = v;
          return o + 1;
        }
        writeInt16LE(v, o) {
          checkInt(v, -32768, 32767, 2);
          o = checkOffset(this, o, 2);
          this[o] = v;
          this[o + 1] = v >>> 8;
          return o + 2;
        }
        writeInt16BE(v, o) {
          checkInt(v, -32768, 32767, 2);
          o = checkOffset(this, o, 2);
          this[o] = v >>> 8;
          this[o + 1] = v;
          return o + 2;
        }
        writeInt32LE(v, o) {
          checkInt(v, -2147483648, 2147483647, 4);
          o = checkOffset(this, o, 4);
          this[o] = v;
          this[o + 1] = v >>> 8;
          this[o + 2] = v >>> 16;
          this[o + 3] = v >>> 24;
          return o + 4;
        }
        writeInt32BE(v, o) {
          checkInt(v, -2147483648, 2147483647, 4);
          o = checkOffset(this, o, 4);
          this[o] = v >>> 24;
          this[o + 1] = v >>> 16;
          this[o + 2] = v >>> 8;
          this[o + 3] = v;
          return o + 4;
        }
        writeUIntLE(v, o, n) {
          return writeVar(this, v, o, n, true, false);
        }
        writeUIntBE(v, o, n) {
          return writeVar(this, v, o, n, false, false);
        }
        writeIntLE(v, o, n) {
          return writeVar(this, v, o, n, true, true);
        }
        writeIntBE(v, o, n) {
          return writeVar(this, v, o, n, false, true);
        }
        writeBigUInt64LE(v, o) {
          return writeBig(this, v, o, true, false);
        }
        writeBigUInt64BE(v, o) {
          return writeBig(this, v, o, false, false);
        }
        writeBigInt64LE(v, o) {
          return writeBig(this, v, o, true, true);
        }
        writeBigInt64BE(v, o) {
          return writeBig(this, v, o, false, true);
        }
        writeFloatLE(v, o) {
          o = checkOffset(this, o, 4);
          view(this).setFloat32(o, Number(v), true);
          return o + 4;
        }
        writeFloatBE(v, o) {
          o = checkOffset(this, o, 4);
          view(this).setFloat32(o, Number(v), false);
          return o + 4;
        }
        writeDoubleLE(v, o) {
          o = checkOffset(this, o, 8);
          view(this).setFloat64(o, Number(v), true);
          return o + 8;
        }
        writeDoubleBE(v, o) {
          o = checkOffset(this, o, 8);
          view(this).setFloat64(o, Number(v), false);
          return o + 8;
        }
        [inspectSymbol]() {
          const max = INSPECT_MAX_BYTES;
          let s = "";
          for (let i = 0; i < Math.min(max, this.length); i++) s += (i ? " " : "") + HEX[this[i]];
          if (this.length > max) s += ` ... ${this.length - max} more byte${this.length - max > 1 ? "s" : ""}`;
          return `<Buffer ${s}>`;
        }
      };
      Buffer2.poolSize = 8192;
      if (globalThis.Buffer === void 0) globalThis.Buffer = Buffer2;
      for (const name of Object.getOwnPropertyNames(Buffer2.prototype)) {
        if (/^(read|write)(Big)?UInt/.test(name)) {
          Object.defineProperty(Buffer2.prototype, name.replace("UInt", "Uint"), { value: Buffer2.prototype[name], writable: true, configurable: true });
        }
      }
      atob = (s) => globalThis.atob(s);
      btoa = (s) => globalThis.btoa(s);
      Blob = globalThis.Blob;
      File = globalThis.File;
      buffer_default = { Buffer: Buffer2, SlowBuffer, kMaxLength, kStringMaxLength, constants, INSPECT_MAX_BYTES, atob, btoa, Blob, File, isUtf8, isAscii, transcode, resolveObjectURL };
    }
  });

  // sobjects-node:_config
  var populateEnv;
  var init_config = __esm({
    "sobjects-node:_config"() {
      init_globals();
      populateEnv = true;
    }
  });

  // sobjects-node:events
  var events_exports = {};
  __export(events_exports, {
    EventEmitter: () => EventEmitter,
    EventEmitterAsyncResource: () => EventEmitter,
    captureRejectionSymbol: () => captureRejectionSymbol,
    default: () => events_default,
    errorMonitor: () => errorMonitor,
    getEventListeners: () => getEventListeners,
    listenerCount: () => listenerCount,
    on: () => on,
    once: () => once,
    setMaxListeners: () => setMaxListeners
  });
  function checkListener(l) {
    if (typeof l !== "function") throw invalidArgType("listener", "of type function", l);
  }
  function EventEmitter(opts) {
    EventEmitter.init.call(this, opts);
  }
  function call(target, handler, args) {
    const r = Reflect.apply(handler, target, args);
    if (target[kCapture] && r && typeof r.then === "function") {
      r.then(void 0, (err) => {
        const f = target[EventEmitter.captureRejectionSymbol];
        if (typeof f === "function") f.call(target, err);
        else target.emit("error", err);
      });
    }
  }
  function addListener(target, type, listener, prepend) {
    checkListener(listener);
    let events = target._events;
    if (events === void 0) {
      events = target._events = /* @__PURE__ */ Object.create(null);
      target._eventsCount = 0;
    } else if (events.newListener !== void 0) {
      target.emit("newListener", type, listener.listener ? listener.listener : listener);
      events = target._events;
    }
    const existing = events[type];
    if (existing === void 0) {
      events[type] = listener;
      target._eventsCount++;
    } else {
      const list = typeof existing === "function" ? [existing] : existing;
      if (prepend) list.unshift(listener);
      else list.push(listener);
      events[type] = list;
      const m = target.getMaxListeners();
      if (m > 0 && list.length > m && !list.warned) {
        list.warned = true;
        console.warn(`MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners added to ${target.constructor.name}. MaxListeners is ${m}. Use emitter.setMaxListeners() to increase limit`);
      }
    }
    return target;
  }
  function onceWrapper(target, type, listener) {
    const state = { fired: false, target, type, listener };
    const wrapped = function(...args) {
      if (!state.fired) {
        state.target.removeListener(state.type, wrapped);
        state.fired = true;
        return Reflect.apply(state.listener, state.target, args);
      }
    };
    wrapped.listener = listener;
    return wrapped;
  }
  function once(emitter, name, options = {}) {
    const signal = options.signal;
    return new Promise((resolve3, reject) => {
      if (signal && signal.aborted) return reject(abortError(signal));
      if (typeof emitter.addEventListener === "function" && typeof emitter.on !== "function") {
        emitter.addEventListener(name, (...args) => resolve3(args), { once: true });
        return;
      }
      const onError = (err) => {
        emitter.removeListener(name, onEvent);
        reject(err);
      };
      const onEvent = (...args) => {
        if (name !== "error") emitter.removeListener("error", onError);
        resolve3(args);
      };
      emitter.once(name, onEvent);
      if (name !== "error") emitter.once("error", onError);
      if (signal) signal.addEventListener("abort", () => {
        emitter.removeListener(name, onEvent);
        emitter.removeListener("error", onError);
        reject(abortError(signal));
      }, { once: true });
    });
  }
  function abortError(signal) {
    const e = new Error("The operation was aborted");
    e.name = "AbortError";
    e.code = "ABORT_ERR";
    e.cause = signal.reason;
    return e;
  }
  function on(emitter, name, options = {}) {
    const queue = [], waiting = [];
    let error2 = null, done = false;
    const onEvent = (...args) => waiting.length ? waiting.shift().resolve({ value: args, done: false }) : queue.push(args);
    const onError = (err) => {
      if (waiting.length) waiting.shift().reject(err);
      else error2 = err;
      iter.return();
    };
    emitter.on(name, onEvent);
    if (name !== "error") emitter.on("error", onError);
    if (options.signal) options.signal.addEventListener("abort", () => onError(abortError(options.signal)), { once: true });
    const iter = {
      next() {
        if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
        if (error2) {
          const e = error2;
          error2 = null;
          return Promise.reject(e);
        }
        if (done) return Promise.resolve({ value: void 0, done: true });
        return new Promise((resolve3, reject) => waiting.push({ resolve: resolve3, reject }));
      },
      return() {
        done = true;
        emitter.removeListener(name, onEvent);
        emitter.removeListener("error", onError);
        for (const w2 of waiting.splice(0)) w2.resolve({ value: void 0, done: true });
        return Promise.resolve({ value: void 0, done: true });
      },
      throw(err) {
        error2 = err;
        return iter.return();
      },
      [Symbol.asyncIterator]() {
        return this;
      }
    };
    return iter;
  }
  function getEventListeners(emitter, name) {
    return typeof emitter.listeners === "function" ? emitter.listeners(name) : [];
  }
  function setMaxListeners(n = defaultMaxListeners, ...targets) {
    if (targets.length === 0) EventEmitter.defaultMaxListeners = n;
    for (const t of targets) if (typeof t.setMaxListeners === "function") t.setMaxListeners(n);
  }
  function listenerCount(emitter, name) {
    return emitter.listenerCount(name);
  }
  var kCapture, defaultMaxListeners, proto, errorMonitor, captureRejectionSymbol, events_default;
  var init_events = __esm({
    "sobjects-node:events"() {
      init_globals();
      init_errors();
      kCapture = /* @__PURE__ */ Symbol("kCapture");
      defaultMaxListeners = 10;
      EventEmitter.prototype._events = void 0;
      EventEmitter.prototype._eventsCount = 0;
      EventEmitter.prototype._maxListeners = void 0;
      EventEmitter.init = function(opts) {
        if (this._events === void 0 || this._events === Object.getPrototypeOf(this)._events) {
          this._events = /* @__PURE__ */ Object.create(null);
          this._eventsCount = 0;
        }
        this._maxListeners = this._maxListeners || void 0;
        if (opts && opts.captureRejections) this[kCapture] = true;
      };
      Object.defineProperty(EventEmitter, "defaultMaxListeners", {
        enumerable: true,
        get() {
          return defaultMaxListeners;
        },
        set(n) {
          if (typeof n !== "number" || n < 0 || Number.isNaN(n)) throw outOfRange("defaultMaxListeners", "a non-negative number", n);
          defaultMaxListeners = n;
        }
      });
      EventEmitter.errorMonitor = /* @__PURE__ */ Symbol("events.errorMonitor");
      EventEmitter.captureRejectionSymbol = /* @__PURE__ */ Symbol.for("nodejs.rejection");
      proto = EventEmitter.prototype;
      proto.setMaxListeners = function(n) {
        if (typeof n !== "number" || n < 0 || Number.isNaN(n)) throw outOfRange("n", "a non-negative number", n);
        this._maxListeners = n;
        return this;
      };
      proto.getMaxListeners = function() {
        return this._maxListeners === void 0 ? defaultMaxListeners : this._maxListeners;
      };
      proto.emit = function(type, ...args) {
        const events = this._events;
        if (type === "error" && events !== void 0 && events[EventEmitter.errorMonitor] !== void 0) this.emit(EventEmitter.errorMonitor, ...args);
        const handler = events === void 0 ? void 0 : events[type];
        if (handler === void 0) {
          if (type === "error") {
            const er = args[0];
            if (er instanceof Error) throw er;
            const e = error("ERR_UNHANDLED_ERROR", `Unhandled error. (${er === void 0 ? "undefined" : typeof er === "string" ? `'${er}'` : String(er)})`);
            e.context = er;
            throw e;
          }
          return false;
        }
        if (typeof handler === "function") {
          call(this, handler, args);
        } else {
          for (const h2 of handler.slice()) call(this, h2, args);
        }
        return true;
      };
      proto.addListener = function(type, listener) {
        return addListener(this, type, listener, false);
      };
      proto.on = proto.addListener;
      proto.prependListener = function(type, listener) {
        return addListener(this, type, listener, true);
      };
      proto.once = function(type, listener) {
        checkListener(listener);
        return this.on(type, onceWrapper(this, type, listener));
      };
      proto.prependOnceListener = function(type, listener) {
        checkListener(listener);
        return this.prependListener(type, onceWrapper(this, type, listener));
      };
      proto.removeListener = function(type, listener) {
        checkListener(listener);
        const events = this._events;
        if (events === void 0) return this;
        const list = events[type];
        if (list === void 0) return this;
        if (list === listener || list.listener === listener) {
          if (--this._eventsCount === 0) this._events = /* @__PURE__ */ Object.create(null);
          else delete events[type];
          if (events.removeListener) this.emit("removeListener", type, list.listener || listener);
        } else if (typeof list !== "function") {
          let i = -1;
          for (let j = list.length - 1; j >= 0; j--) {
            if (list[j] === listener || list[j].listener === listener) {
              i = j;
              break;
            }
          }
          if (i < 0) return this;
          const [removed] = list.splice(i, 1);
          if (list.length === 1) events[type] = list[0];
          if (events.removeListener !== void 0) this.emit("removeListener", type, removed.listener || listener);
        }
        return this;
      };
      proto.off = proto.removeListener;
      proto.removeAllListeners = function(type) {
        const events = this._events;
        if (events === void 0) return this;
        if (events.removeListener === void 0) {
          if (arguments.length === 0) {
            this._events = /* @__PURE__ */ Object.create(null);
            this._eventsCount = 0;
          } else if (events[type] !== void 0) {
            if (--this._eventsCount === 0) this._events = /* @__PURE__ */ Object.create(null);
            else delete events[type];
          }
          return this;
        }
        if (arguments.length === 0) {
          for (const key of Reflect.ownKeys(events)) {
            if (key !== "removeListener") this.removeAllListeners(key);
          }
          this.removeAllListeners("removeListener");
          this._events = /* @__PURE__ */ Object.create(null);
          this._eventsCount = 0;
          return this;
        }
        const listeners = events[type];
        if (typeof listeners === "function") this.removeListener(type, listeners);
        else if (listeners !== void 0) for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
        return this;
      };
      proto.listeners = function(type) {
        const l = this._events === void 0 ? void 0 : this._events[type];
        if (l === void 0) return [];
        return typeof l === "function" ? [l.listener || l] : l.map((x) => x.listener || x);
      };
      proto.rawListeners = function(type) {
        const l = this._events === void 0 ? void 0 : this._events[type];
        if (l === void 0) return [];
        return typeof l === "function" ? [l] : l.slice();
      };
      proto.listenerCount = function(type, listener) {
        const l = this._events === void 0 ? void 0 : this._events[type];
        if (l === void 0) return 0;
        const all = typeof l === "function" ? [l] : l;
        return listener === void 0 ? all.length : all.filter((x) => x === listener || x.listener === listener).length;
      };
      proto.eventNames = function() {
        return this._eventsCount === 0 || this._events === void 0 ? [] : Reflect.ownKeys(this._events);
      };
      EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
      EventEmitter.EventEmitter = EventEmitter;
      EventEmitter.usingDomains = false;
      errorMonitor = EventEmitter.errorMonitor;
      captureRejectionSymbol = EventEmitter.captureRejectionSymbol;
      Object.assign(EventEmitter, { once, on, getEventListeners, setMaxListeners });
      events_default = EventEmitter;
    }
  });

  // sobjects-node:process
  function makeEnv() {
    const target = {};
    if (populateEnv) {
      const vars = globalThis.__sobjects_manifest && globalThis.__sobjects_manifest.vars || {};
      for (const [k, v] of Object.entries(vars)) target[k] = typeof v === "string" ? v : JSON.stringify(v);
    }
    return new Proxy(target, {
      set(t, k, v) {
        t[k] = typeof k === "symbol" ? v : String(v);
        return true;
      },
      defineProperty(t, k, d) {
        if ("value" in d && typeof k !== "symbol") d = { ...d, value: String(d.value) };
        return Reflect.defineProperty(t, k, d);
      }
    });
  }
  var start, process, process_default, env, platform, version, versions, argv, nextTick, cwd, hrtime, features, exit, emitWarning, uptime, memoryUsage;
  var init_process = __esm({
    "sobjects-node:process"() {
      init_globals();
      init_config();
      init_events();
      start = Date.now();
      process = new EventEmitter();
      Object.assign(process, {
        env: makeEnv(),
        platform: "linux",
        version: "v22.14.0",
        versions: { node: "22.14.0" },
        arch: "x64",
        release: { name: "node" },
        argv: [],
        argv0: "",
        execArgv: [],
        execPath: "",
        pid: 1,
        ppid: 0,
        title: "",
        exitCode: void 0,
        features: { inspector: false, debug: false, uv: false, ipv6: true, tls_alpn: true, tls_sni: true, tls_ocsp: true, tls: true, cached_builtins: true, require_module: false, typescript: false },
        nextTick(fn, ...args) {
          if (typeof fn !== "function") {
            const e = new TypeError(`The "callback" argument must be of type function. Received ${fn === null ? "null" : typeof fn}`);
            e.code = "ERR_INVALID_ARG_TYPE";
            throw e;
          }
          globalThis.queueMicrotask(() => fn(...args));
        },
        cwd: () => "/",
        chdir() {
          const e = new Error("process.chdir() is not supported");
          e.code = "ERR_METHOD_NOT_IMPLEMENTED";
          throw e;
        },
        umask: () => 18,
        uptime: () => (Date.now() - start) / 1e3,
        hrtime: Object.assign(
          (prev) => {
            const t = typeof performance !== "undefined" ? performance.now() : Date.now();
            let s = Math.floor(t / 1e3), ns = Math.floor(t % 1e3 * 1e6);
            if (prev) {
              s -= prev[0];
              ns -= prev[1];
              if (ns < 0) {
                s--;
                ns += 1e9;
              }
            }
            return [s, ns];
          },
          { bigint: () => BigInt(Math.floor((typeof performance !== "undefined" ? performance.now() : Date.now()) * 1e6)) }
        ),
        memoryUsage: Object.assign(() => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }), { rss: () => 0 }),
        emitWarning(warning, type) {
          const msg = typeof warning === "string" ? warning : warning && warning.message;
          console.warn(`${(typeof type === "string" ? type : type && type.type) || warning && warning.name || "Warning"}: ${msg}`);
        },
        exit(code) {
          const e = new Error(`process.exit(${code === void 0 ? "" : code}) called`);
          e.code = "ERR_PROCESS_EXIT";
          throw e;
        },
        abort() {
          throw new Error("process.abort() called");
        },
        getBuiltinModule() {
          return void 0;
        }
      });
      if (globalThis.process === void 0) globalThis.process = process;
      process_default = process;
      ({ env, platform, version, versions, argv, nextTick, cwd, hrtime, features, exit, emitWarning, uptime, memoryUsage } = process);
    }
  });

  // sobjects-node:timers/promises
  function aborted(signal) {
    const e = new Error("The operation was aborted");
    e.name = "AbortError";
    e.code = "ABORT_ERR";
    e.cause = signal.reason;
    return e;
  }
  function setTimeout2(delay, value2, options = {}) {
    const signal = options.signal;
    return new Promise((resolve3, reject) => {
      if (signal && signal.aborted) return reject(aborted(signal));
      const id = globalThis.setTimeout(() => resolve3(value2), delay);
      if (signal) signal.addEventListener("abort", () => {
        globalThis.clearTimeout(id);
        reject(aborted(signal));
      }, { once: true });
    });
  }
  var init_promises = __esm({
    "sobjects-node:timers/promises"() {
      init_globals();
    }
  });

  // sobjects-node:timers
  var setImmediate, clearImmediate;
  var init_timers = __esm({
    "sobjects-node:timers"() {
      init_globals();
      setImmediate = (fn, ...args) => globalThis.setTimeout(fn, 0, ...args);
      clearImmediate = (id) => globalThis.clearTimeout(id);
      if (globalThis.setImmediate === void 0) Object.assign(globalThis, { setImmediate, clearImmediate });
    }
  });

  // sobjects-node:globals
  var global;
  var init_globals = __esm({
    "sobjects-node:globals"() {
      init_buffer();
      init_timers();
      global = globalThis;
    }
  });

  // sobjects-node:_deep
  function deepEqual(a, b, strict2, memo) {
    if (strict2 ? Object.is(a, b) : a == b || a !== a && b !== b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
      if (!strict2 && (typeof a !== "object" || a === null) && (typeof b !== "object" || b === null)) return a == b;
      return false;
    }
    if (strict2 && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const tag = toStr(a);
    if (tag !== toStr(b)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date) {
      if (!(b instanceof Date) || a.getTime() !== b.getTime()) return false;
    } else if (a instanceof RegExp) {
      if (!(b instanceof RegExp) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
    } else if (a instanceof Error) {
      if (!(b instanceof Error) || a.message !== b.message || a.name !== b.name) return false;
    } else if (ArrayBuffer.isView(a)) {
      if (!ArrayBuffer.isView(b) || a.byteLength !== b.byteLength) return false;
      if (!(a instanceof DataView) && !(a instanceof Float32Array) && !(a instanceof Float64Array)) {
        const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength), y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
        for (let i2 = 0; i2 < x.length; i2++) if (x[i2] !== y[i2]) return false;
      } else if (!(a instanceof DataView)) {
        for (let i2 = 0; i2 < a.length; i2++) if (!(strict2 ? Object.is(a[i2], b[i2]) : a[i2] == b[i2])) return false;
      }
    } else if (a instanceof ArrayBuffer) {
      if (!(b instanceof ArrayBuffer) || a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a), y = new Uint8Array(b);
      for (let i2 = 0; i2 < x.length; i2++) if (x[i2] !== y[i2]) return false;
      return true;
    } else if (typeof a.valueOf === "function" && (a instanceof Number || a instanceof String || a instanceof Boolean)) {
      if (!Object.is(a.valueOf(), b.valueOf())) return false;
    }
    memo = memo || { a: [], b: [] };
    const i = memo.a.indexOf(a);
    if (i >= 0 && memo.b[i] === b) return true;
    memo.a.push(a);
    memo.b.push(b);
    try {
      if (a instanceof Map) {
        if (!(b instanceof Map) || a.size !== b.size) return false;
        for (const [k, v] of a) {
          if (b.has(k)) {
            if (!deepEqual(v, b.get(k), strict2, memo)) return false;
          } else {
            let found = false;
            for (const [k2, v2] of b) {
              if (deepEqual(k, k2, strict2, memo) && deepEqual(v, v2, strict2, memo)) {
                found = true;
                break;
              }
            }
            if (!found) return false;
          }
        }
      } else if (a instanceof Set) {
        if (!(b instanceof Set) || a.size !== b.size) return false;
        for (const v of a) {
          if (b.has(v)) continue;
          if (typeof v !== "object" || v === null) {
            if (strict2) return false;
          }
          let found = false;
          for (const w2 of b) if (deepEqual(v, w2, strict2, memo)) {
            found = true;
            break;
          }
          if (!found) return false;
        }
      }
      const ka = ownKeys(a, strict2), kb = ownKeys(b, strict2);
      if (ka.length !== kb.length) return false;
      for (const k of ka) {
        if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
        if (!deepEqual(a[k], b[k], strict2, memo)) return false;
      }
      return true;
    } finally {
      memo.a.pop();
      memo.b.pop();
    }
  }
  function ownKeys(o, strict2) {
    const keys = Object.keys(o);
    if (ArrayBuffer.isView(o)) return keys.filter((k) => !/^\d+$/.test(k));
    if (strict2) {
      for (const s of Object.getOwnPropertySymbols(o)) if (Object.prototype.propertyIsEnumerable.call(o, s)) keys.push(s);
    }
    return keys;
  }
  var toStr;
  var init_deep = __esm({
    "sobjects-node:_deep"() {
      init_globals();
      toStr = (v) => Object.prototype.toString.call(v);
    }
  });

  // sobjects-node:util
  var util_exports = {};
  __export(util_exports, {
    TextDecoder: () => TextDecoder2,
    TextEncoder: () => TextEncoder2,
    _extend: () => _extend,
    aborted: () => aborted2,
    callbackify: () => callbackify,
    debug: () => debug,
    debuglog: () => debuglog,
    default: () => util_default,
    deprecate: () => deprecate,
    format: () => format,
    formatWithOptions: () => formatWithOptions,
    inherits: () => inherits,
    inspect: () => inspect,
    isArray: () => isArray,
    isBoolean: () => isBoolean,
    isBuffer: () => isBuffer,
    isDate: () => isDate,
    isDeepStrictEqual: () => isDeepStrictEqual,
    isError: () => isError,
    isFunction: () => isFunction,
    isNull: () => isNull,
    isNullOrUndefined: () => isNullOrUndefined,
    isNumber: () => isNumber,
    isObject: () => isObject,
    isPrimitive: () => isPrimitive,
    isRegExp: () => isRegExp,
    isString: () => isString,
    isSymbol: () => isSymbol,
    isUndefined: () => isUndefined,
    log: () => log,
    promisify: () => promisify,
    stripVTControlCharacters: () => stripVTControlCharacters,
    styleText: () => styleText,
    toUSVString: () => toUSVString,
    types: () => types
  });
  function inspect(value2, opts, ...legacy2) {
    const ctx = { ...defaultOptions, seen: [], circular: /* @__PURE__ */ new Map(), indentationLvl: 0, currentDepth: 0 };
    if (typeof opts === "boolean") {
      ctx.showHidden = opts;
      if (legacy2.length > 0 && legacy2[0] !== void 0) ctx.depth = legacy2[0] === null ? Infinity : legacy2[0];
    } else if (opts && typeof opts === "object") {
      for (const k of Object.keys(opts)) if (k in defaultOptions || k === "stylize") ctx[k] = opts[k];
      if (ctx.depth === null) ctx.depth = Infinity;
    }
    if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
    if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
    return formatValue(ctx, value2, 0, true);
  }
  function quote(s, ctx) {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes('"')) q = '"';
      else if (!s.includes("`") && !s.includes("${")) q = "`";
    }
    let trailer = "";
    if (ctx && s.length > ctx.maxStringLength) {
      trailer = `... ${s.length - ctx.maxStringLength} more character${s.length - ctx.maxStringLength > 1 ? "s" : ""}`;
      s = s.slice(0, ctx.maxStringLength);
    }
    const escaped = s.replace(/[\x00-\x1f\x27\x5c\x7f-\x9f"`]/g, (c) => {
      if (c === q) return "\\" + c;
      if (c === '"' || c === "`" || c === "'") return c;
      switch (c) {
        case "\n":
          return "\\n";
        case "	":
          return "\\t";
        case "\r":
          return "\\r";
        case "\b":
          return "\\b";
        case "\f":
          return "\\f";
        case "\v":
          return "\\v";
        case "\\":
          return "\\\\";
      }
      return "\\x" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0");
    });
    return q + escaped + q + trailer;
  }
  function formatPrimitive(ctx, v) {
    switch (typeof v) {
      case "string": {
        if (ctx.compact !== true && v.length > 16 && v.length > ctx.breakLength - ctx.indentationLvl - 4 && v.includes("\n") && ctx.indentationLvl > 0) {
          const lines = v.split(/(?<=\n)/);
          return lines.map((l) => quote(l, ctx)).join(` +
${" ".repeat(ctx.indentationLvl + 2)}`);
        }
        return quote(v, ctx);
      }
      case "number":
        return Object.is(v, -0) ? "-0" : String(v);
      case "bigint":
        return `${v}n`;
      case "symbol":
        return v.toString();
      default:
        return String(v);
    }
  }
  function constructorName(obj) {
    let o = obj;
    while (o !== null && o !== void 0) {
      const d = Object.getOwnPropertyDescriptor(o, "constructor");
      if (d !== void 0 && typeof d.value === "function" && d.value.name !== "") return d.value.name;
      o = Object.getPrototypeOf(o);
    }
    return null;
  }
  function prefix(name, tag, fallback, size) {
    if (name === null) return tag !== "" && fallback !== tag ? `[${fallback}${size}: null prototype] [${tag}] ` : `[${fallback}${size}: null prototype] `;
    if (tag !== "" && name !== tag) return `${name}${size} [${tag}] `;
    return `${name}${size} `;
  }
  function functionBase(v, name, tag) {
    const src = Function.prototype.toString.call(v);
    if (src.startsWith("class") && /^class\b/.test(src)) {
      let base2 = `[class ${v.name || "(anonymous)"}`;
      const sup = Object.getPrototypeOf(v);
      if (sup && sup.name) base2 += ` extends ${sup.name}`;
      return base2 + "]";
    }
    let type = "Function";
    const ctor = constructorName(v);
    if (ctor === "AsyncFunction" || ctor === "GeneratorFunction" || ctor === "AsyncGeneratorFunction") type = ctor;
    let base = `[${type}`;
    if (name === null) base += " (null prototype)";
    base += v.name === "" ? " (anonymous)" : `: ${v.name}`;
    base += "]";
    if (name !== type && name !== null && name !== "Function") base += ` ${name}`;
    if (tag !== "" && name !== tag) base += ` [${tag}]`;
    return base;
  }
  function formatValue(ctx, v, level, top) {
    if (typeof v !== "object" && typeof v !== "function") return formatPrimitive(ctx, v);
    if (v === null) return "null";
    if (ctx.customInspect) {
      let f;
      try {
        f = v[customInspect];
      } catch {
        f = void 0;
      }
      if (typeof f === "function" && f !== inspect) {
        const depth = ctx.depth === Infinity ? Infinity : ctx.depth - level;
        const r = f.call(v, depth, { ...ctx, seen: void 0, circular: void 0, stylize: (s) => s }, inspect);
        if (r !== v) {
          if (typeof r !== "string") return formatValue(ctx, r, level, false);
          return r.replace(/\n/g, `
${" ".repeat(ctx.indentationLvl)}`);
        }
      }
    }
    if (ctx.seen.includes(v)) {
      let i = ctx.circular.get(v);
      if (i === void 0) {
        i = ctx.circular.size + 1;
        ctx.circular.set(v, i);
      }
      return `[Circular *${i}]`;
    }
    return formatRaw(ctx, v, level, top);
  }
  function keysOf(v, ctx, filterIndexes) {
    let keys = ctx.showHidden ? Object.getOwnPropertyNames(v) : Object.keys(v);
    if (filterIndexes) keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k) || Number(k) >= v.length);
    const syms = Object.getOwnPropertySymbols(v).filter((s) => ctx.showHidden || Object.prototype.propertyIsEnumerable.call(v, s));
    keys = keys.concat(syms);
    if (ctx.sorted) keys.sort(typeof ctx.sorted === "function" ? ctx.sorted : void 0);
    return keys;
  }
  function formatRaw(ctx, v, level, top) {
    const name = constructorName(v);
    let tag = v[Symbol.toStringTag];
    if (typeof tag !== "string" || tag !== "" && (ctx.showHidden ? Object.prototype.hasOwnProperty : Object.prototype.propertyIsEnumerable).call(v, Symbol.toStringTag)) tag = "";
    let base = "", braces, type = kObjectType, entries = null, keys;
    const isArr = Array.isArray(v);
    if (isArr) {
      keys = keysOf(v, ctx, true);
      braces = [`${name !== "Array" || tag !== "" ? prefix(name, tag, "Array", `(${v.length})`) : ""}[`, "]"];
      if (v.length === 0 && keys.length === 0) return `${braces[0]}]`;
      type = kArrayExtrasType;
      entries = () => formatArray(ctx, v, level);
    } else if (v instanceof Map) {
      keys = keysOf(v, ctx, false);
      const p = prefix(name, tag, "Map", `(${v.size})`);
      braces = [`${p}{`, "}"];
      if (v.size === 0 && keys.length === 0) return `${p}{}`;
      entries = () => formatMap(ctx, v, level);
    } else if (v instanceof Set) {
      keys = keysOf(v, ctx, false);
      const p = prefix(name, tag, "Set", `(${v.size})`);
      braces = [`${p}{`, "}"];
      if (v.size === 0 && keys.length === 0) return `${p}{}`;
      entries = () => formatSet(ctx, v, level);
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      keys = keysOf(v, ctx, true);
      const fallback = constructorName(Object.getPrototypeOf(Object.getPrototypeOf(v)) || {}) || "TypedArray";
      braces = [`${prefix(name, tag !== name ? tag : "", fallback, `(${v.length})`)}[`, "]"];
      if (v.length === 0 && keys.length === 0) return `${braces[0]}]`;
      type = kArrayExtrasType;
      entries = () => formatTypedArray(ctx, v);
    } else {
      keys = keysOf(v, ctx, false);
      braces = ["{", "}"];
      if (typeof v === "function") {
        base = functionBase(v, name, tag);
        if (keys.length === 0) return base;
      } else if (v instanceof RegExp) {
        base = RegExp.prototype.toString.call(v);
        if (name !== "RegExp") base = `${prefix(name, tag, "RegExp", "")}${base}`;
        if (keys.length === 0 || level > ctx.depth) return base;
      } else if (v instanceof Date) {
        base = Number.isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
        if (name !== "Date") base = `${prefix(name, tag, "Date", "")}${base}`;
        if (keys.length === 0) return base;
      } else if (v instanceof Error) {
        base = formatError(v, name, tag, ctx);
        keys = keys.filter((k) => k !== "stack" && k !== "message");
        if (keys.length === 0) return base;
      } else if (v instanceof ArrayBuffer || typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer) {
        const kind = v instanceof ArrayBuffer ? "ArrayBuffer" : "SharedArrayBuffer";
        braces[0] = `${prefix(name, tag, kind, "")}{`;
        const bytes = new Uint8Array(v);
        let hex = Array.from(bytes.subarray(0, Math.min(ctx.maxArrayLength, 50)), (b) => b.toString(16).padStart(2, "0")).join(" ");
        if (bytes.length > 50) hex += ` ... ${bytes.length - 50} more byte${bytes.length - 50 > 1 ? "s" : ""}`;
        const extra = [`[Uint8Contents]: <${hex}>`, `byteLength: ${v.byteLength}`];
        entries = () => extra;
      } else if (v instanceof DataView) {
        braces[0] = `${prefix(name, tag, "DataView", "")}{`;
        entries = () => [`byteLength: ${v.byteLength}`, `byteOffset: ${v.byteOffset}`, `buffer: ${formatValue(ctx, v.buffer, level + 1)}`];
      } else if (v instanceof Promise) {
        braces[0] = `${prefix(name, tag, "Promise", "")}{`;
        entries = () => ["<unknown>"];
      } else if (v instanceof WeakMap || v instanceof WeakSet || typeof WeakRef === "function" && v instanceof WeakRef) {
        const kind = v instanceof WeakMap ? "WeakMap" : v instanceof WeakSet ? "WeakSet" : "WeakRef";
        return `${prefix(name, tag, kind, "")}{ <items unknown> }`;
      } else if (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt || v instanceof Symbol) {
        const kind = v instanceof Number ? "Number" : v instanceof String ? "String" : v instanceof Boolean ? "Boolean" : v instanceof BigInt ? "BigInt" : "Symbol";
        base = `[${kind}${name !== kind ? ` (${name === null ? "null prototype" : name})` : ""}: ${formatPrimitive({ ...defaultOptions, indentationLvl: 0 }, v.valueOf())}]`;
        if (v instanceof String) keys = keys.filter((k) => !/^\d+$/.test(k) && k !== "length");
        if (keys.length === 0) return base;
      } else if (typeof v[Symbol.iterator] === "function" && (tag === "Map Iterator" || tag === "Set Iterator" || tag === "Array Iterator")) {
        braces[0] = `[${tag}] {`;
        entries = () => [];
      } else {
        if (name === "Object") {
          if (tag !== "") braces[0] = `${prefix(name, tag, "Object", "")}{`;
        } else {
          braces[0] = `${prefix(name, tag, "Object", "")}{`;
        }
        if (keys.length === 0) return `${braces[0]}}`;
      }
    }
    if (level > ctx.depth) {
      let n = name === null ? "Object: null prototype" : name;
      if (isArr) n = "Array";
      return `[${n}]`;
    }
    ctx.seen.push(v);
    ctx.currentDepth = level;
    let output2;
    try {
      output2 = entries ? entries() : [];
      for (const k of keys) output2.push(formatProperty(ctx, v, level, k, type === kArrayExtrasType ? kObjectType : type));
    } finally {
      ctx.seen.pop();
    }
    const ref = ctx.circular.get(v);
    if (ref !== void 0) {
      const r = `<ref *${ref}>`;
      if (ctx.compact !== true) base = base === "" ? r : `${r} ${base}`;
      else braces[0] = `${r} ${braces[0]}`;
    }
    return reduceToSingleString(ctx, output2, base, braces, type, level, v);
  }
  function formatError(err, name, tag, ctx) {
    const n = err.name != null ? String(err.name) : "Error";
    const message = err.message != null ? String(err.message) : "";
    let stack = typeof err.stack === "string" && err.stack !== "" ? err.stack : "";
    if (stack === "" || !stack.includes(message)) stack = message ? `[${n}: ${message}]` + (stack ? "\n" + stack.split("\n").filter((l) => /^\s+at /.test(l)).join("\n") : "") : `[${n}]`;
    else if (!/^\s+at /m.test(stack)) stack = `[${stack}]`;
    if (name !== null && name !== n && !stack.includes(name) && stack.startsWith(n)) stack = `${name} [${n}]` + stack.slice(n.length);
    if (err.cause !== void 0 && !Object.keys(err).includes("cause")) {
      stack += ` { [cause]: ${formatValue({ ...ctx }, err.cause, 1)} }`;
    }
    if (ctx.indentationLvl !== 0) stack = stack.replace(/\n/g, `
${" ".repeat(ctx.indentationLvl)}`);
    return stack;
  }
  function formatProperty(ctx, v, level, key, type) {
    let str;
    const desc = Object.getOwnPropertyDescriptor(v, key) || { value: v[key], enumerable: true };
    if (desc.value !== void 0) {
      ctx.indentationLvl += 2;
      str = formatValue(ctx, desc.value, level + 1);
      ctx.indentationLvl -= 2;
    } else if (desc.get !== void 0) {
      str = desc.set !== void 0 ? "[Getter/Setter]" : "[Getter]";
      if (ctx.getters) {
        try {
          str = `[Getter: ${formatValue(ctx, desc.get.call(v), level + 1)}]`;
        } catch (e) {
          str = `[Getter: <Inspection threw (${e.message})>]`;
        }
      }
    } else if (desc.set !== void 0) {
      str = "[Setter]";
    } else {
      str = "undefined";
    }
    if (type === kArrayType) return str;
    let name;
    if (typeof key === "symbol") name = key.toString();
    else if (desc.enumerable === false) name = `[${identifier.test(key) ? key : quote(key)}]`;
    else name = identifier.test(key) ? key : quote(key);
    return `${name}: ${str}`;
  }
  function formatArray(ctx, v, level) {
    const out = [];
    const max = Math.min(ctx.maxArrayLength, v.length);
    let holes = 0;
    const flush = () => {
      if (holes) {
        out.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`);
        holes = 0;
      }
    };
    let i = 0;
    for (; i < v.length && out.length < max; i++) {
      if (!Object.prototype.hasOwnProperty.call(v, i)) {
        holes++;
        continue;
      }
      flush();
      out.push(formatProperty(ctx, v, level, i, kArrayType));
    }
    flush();
    if (i < v.length) out.push(`... ${v.length - i} more item${v.length - i > 1 ? "s" : ""}`);
    return out;
  }
  function formatTypedArray(ctx, v) {
    const max = Math.min(ctx.maxArrayLength, v.length);
    const out = [];
    for (let i = 0; i < max; i++) out.push(formatPrimitive(ctx, v[i]));
    if (v.length > max) out.push(`... ${v.length - max} more item${v.length - max > 1 ? "s" : ""}`);
    return out;
  }
  function formatMap(ctx, v, level) {
    const out = [];
    ctx.indentationLvl += 2;
    for (const [k, x] of v) out.push(`${formatValue(ctx, k, level + 1)} => ${formatValue(ctx, x, level + 1)}`);
    ctx.indentationLvl -= 2;
    return out;
  }
  function formatSet(ctx, v, level) {
    const out = [];
    ctx.indentationLvl += 2;
    for (const x of v) out.push(formatValue(ctx, x, level + 1));
    ctx.indentationLvl -= 2;
    return out;
  }
  function groupArrayElements(ctx, output2, value2) {
    let totalLength = 0, maxLength = 0, outputLength = output2.length;
    if (ctx.maxArrayLength < output2.length) outputLength--;
    const separatorSpace = 2;
    const dataLen = new Array(outputLength);
    for (let i = 0; i < outputLength; i++) {
      const len = output2[i].length;
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    const actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - totalLength / output2.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax), Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax), ctx.compact * 4, 15);
      if (columns <= 1) return output2;
      const tmp = [], maxLineLength = [];
      for (let i = 0; i < columns; i++) {
        let lineLength = 0;
        for (let j = i; j < output2.length; j += columns) if (dataLen[j] > lineLength) lineLength = dataLen[j];
        maxLineLength.push(lineLength + separatorSpace);
      }
      let padStart = true;
      if (value2 !== void 0) {
        for (let i = 0; i < output2.length; i++) {
          if (typeof value2[i] !== "number" && typeof value2[i] !== "bigint") {
            padStart = false;
            break;
          }
        }
      }
      for (let i = 0; i < outputLength; i += columns) {
        const max = Math.min(i + columns, outputLength);
        let str = "", j = i;
        for (; j < max - 1; j++) {
          const padding = maxLineLength[j - i];
          str += padStart ? `${output2[j]}, `.padStart(padding, " ") : `${output2[j]}, `.padEnd(padding, " ");
        }
        str += padStart ? output2[j].padStart(maxLineLength[j - i] - separatorSpace, " ") : output2[j];
        tmp.push(str);
      }
      if (ctx.maxArrayLength < output2.length) tmp.push(output2[outputLength]);
      output2 = tmp;
    }
    return output2;
  }
  function isBelowBreakLength(ctx, output2, start2, base) {
    let total = output2.length + start2;
    if (total + output2.length > ctx.breakLength) return false;
    for (const o of output2) {
      total += o.length;
      if (total > ctx.breakLength) return false;
    }
    return base === "" || !base.includes("\n");
  }
  function reduceToSingleString(ctx, output2, base, braces, type, level, value2) {
    if (ctx.compact !== true) {
      if (typeof ctx.compact === "number" && ctx.compact >= 1) {
        const entries = output2.length;
        if (type === kArrayExtrasType && entries > 6) output2 = groupArrayElements(ctx, output2, value2);
        if (ctx.currentDepth - level < ctx.compact && entries === output2.length) {
          const start2 = output2.length + ctx.indentationLvl + braces[0].length + base.length + 10;
          if (isBelowBreakLength(ctx, output2, start2, base)) {
            const joined = output2.join(", ");
            if (!joined.includes("\n")) return `${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
          }
        }
      }
      const indentation2 = `
${" ".repeat(ctx.indentationLvl)}`;
      return `${base ? `${base} ` : ""}${braces[0]}${indentation2}  ${output2.join(`,${indentation2}  `)}${indentation2}${braces[1]}`;
    }
    if (isBelowBreakLength(ctx, output2, 0, base)) return `${braces[0]}${base ? ` ${base}` : ""} ${output2.join(", ")} ${braces[1]}`;
    const indentation = `
${" ".repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output2.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  function hasBuiltInToString(v) {
    if (typeof v.toString !== "function") return true;
    if (Object.prototype.hasOwnProperty.call(v, "toString")) return false;
    let p = v;
    do {
      p = Object.getPrototypeOf(p);
    } while (p !== null && !Object.prototype.hasOwnProperty.call(p, "toString"));
    if (p === null) return true;
    const d = Object.getOwnPropertyDescriptor(p, "constructor");
    if (builtInObjects === void 0) builtInObjects = new Set(Object.getOwnPropertyNames(globalThis).filter((n) => /^[A-Z][a-zA-Z0-9]+$/.test(n)));
    return d !== void 0 && typeof d.value === "function" && builtInObjects.has(d.value.name);
  }
  function formatWithOptions(opts, ...args) {
    if (opts === null || typeof opts !== "object") throw invalidArgType("inspectOptions", "of type object", opts);
    return formatArgs(opts, args);
  }
  function format(...args) {
    return formatArgs(void 0, args);
  }
  function formatArgs(opts, args) {
    const first = args[0];
    let a = 0, str = "", join2 = "";
    if (typeof first === "string") {
      if (args.length === 1) return first;
      let last = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue;
        const c = first[i + 1];
        if (a + 1 !== args.length) {
          let s;
          const x = args[a + 1];
          switch (c) {
            case "s":
              if (typeof x === "number") s = Object.is(x, -0) ? "-0" : String(x);
              else if (typeof x === "bigint") s = `${x}n`;
              else if (typeof x === "object" && x !== null && hasBuiltInToString(x)) s = inspect(x, { ...opts, depth: 0, colors: false, compact: 3 });
              else s = String(x);
              break;
            case "j":
              try {
                s = JSON.stringify(x);
              } catch (e) {
                if (/circular/i.test(e.message)) s = "[Circular]";
                else throw e;
              }
              break;
            case "d": {
              const n = typeof x === "bigint" ? x : typeof x === "symbol" ? NaN : Number(x);
              s = typeof n === "bigint" ? `${n}n` : Object.is(n, -0) ? "-0" : String(n);
              break;
            }
            case "O":
              s = inspect(x, opts);
              break;
            case "o":
              s = inspect(x, { ...opts, showHidden: true, showProxy: true, depth: 4 });
              break;
            case "i": {
              const n = typeof x === "bigint" ? x : typeof x === "symbol" ? NaN : parseInt(x);
              s = typeof n === "bigint" ? `${n}n` : String(n);
              break;
            }
            case "f":
              s = typeof x === "symbol" ? "NaN" : String(parseFloat(x));
              break;
            case "c":
              s = "";
              break;
            case "%":
              str += first.slice(last, i);
              last = i + 1;
              continue;
            default:
              continue;
          }
          if (last !== i) str += first.slice(last, i);
          str += s;
          last = i + 2;
          i++;
          a++;
        } else if (c === "%") {
          str += first.slice(last, i);
          last = i + 1;
        }
      }
      if (last !== 0) {
        a++;
        join2 = " ";
        if (last < first.length) str += first.slice(last);
      }
    }
    while (a < args.length) {
      const x = args[a];
      str += join2 + (typeof x !== "string" ? inspect(x, { ...opts, compact: 3, colors: false, depth: opts && opts.depth !== void 0 ? opts.depth : 2 }) : x);
      join2 = " ";
      a++;
    }
    return str;
  }
  function promisify(original) {
    if (typeof original !== "function") throw invalidArgType("original", "of type function", original);
    if (original[customPromisify]) {
      const fn2 = original[customPromisify];
      if (typeof fn2 !== "function") throw invalidArgType("util.promisify.custom", "of type function", fn2);
      return Object.defineProperty(fn2, customPromisify, { value: fn2, enumerable: false, writable: false, configurable: true });
    }
    function fn(...args) {
      return new Promise((resolve3, reject) => {
        Reflect.apply(original, this, [...args, (err, ...values) => err ? reject(err) : resolve3(values[0])]);
      });
    }
    Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
    Object.defineProperty(fn, customPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
    return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
  }
  function callbackify(original) {
    if (typeof original !== "function") throw invalidArgType("original", "of type function", original);
    return function(...args) {
      const cb = args.pop();
      if (typeof cb !== "function") throw invalidArgType("last argument", "of type function", cb);
      Reflect.apply(original, this, args).then(
        (v) => queueMicrotask(() => cb(null, v)),
        (err) => {
          if (!err) {
            const e = new Error("Promise was rejected with a falsy value");
            e.code = "ERR_FALSY_VALUE_REJECTION";
            e.reason = err;
            err = e;
          }
          queueMicrotask(() => cb(err));
        }
      );
    };
  }
  function inherits(ctor, superCtor) {
    if (typeof ctor !== "function") throw invalidArgType("ctor", "of type function", ctor);
    if (typeof superCtor !== "function") throw invalidArgType("superCtor", "of type function", superCtor);
    if (superCtor.prototype === void 0) throw invalidArgType("superCtor.prototype", "of type object", superCtor.prototype);
    Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }
  function deprecate(fn, msg, code) {
    if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
    return function(...args) {
      const key = code || msg;
      if (!warned.has(key)) {
        warned.add(key);
        console.warn(`${code ? `[${code}] ` : ""}DeprecationWarning: ${msg}`);
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    };
  }
  function debuglog() {
    const log2 = () => {
    };
    log2.enabled = false;
    return log2;
  }
  function isDeepStrictEqual(a, b) {
    return deepEqual(a, b, true);
  }
  function _extend(target, source) {
    if (source === null || typeof source !== "object") return target;
    for (const k of Object.keys(source)) target[k] = source[k];
    return target;
  }
  function stripVTControlCharacters(s) {
    return String(s).replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g, "");
  }
  function aborted2(signal, resource) {
    if (resource === void 0 || resource === null) throw invalidArgType("resource", "an object", resource);
    return new Promise((resolve3) => {
      if (signal.aborted) resolve3();
      else signal.addEventListener("abort", () => resolve3(), { once: true });
    });
  }
  function log(...args) {
    const d = /* @__PURE__ */ new Date();
    const pad = (n) => String(n).padStart(2, "0");
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    console.log(`${d.getDate()} ${months[d.getMonth()]} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} - ${format(...args)}`);
  }
  var customInspect, customPromisify, defaultOptions, kObjectType, kArrayType, kArrayExtrasType, identifier, builtInObjects, warned, debug, tagOf, TypedArray, types, isArray, isBoolean, isNull, isNullOrUndefined, isNumber, isString, isSymbol, isUndefined, isRegExp, isObject, isDate, isError, isFunction, isPrimitive, isBuffer, toUSVString, styleText, TextEncoder2, TextDecoder2, util_default;
  var init_util = __esm({
    "sobjects-node:util"() {
      init_globals();
      init_deep();
      init_errors();
      customInspect = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");
      customPromisify = /* @__PURE__ */ Symbol.for("nodejs.util.promisify.custom");
      defaultOptions = { showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false, maxArrayLength: 100, maxStringLength: 1e4, breakLength: 80, compact: 3, sorted: false, getters: false, numericSeparator: false };
      kObjectType = 0;
      kArrayType = 1;
      kArrayExtrasType = 2;
      identifier = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
      inspect.custom = customInspect;
      Object.defineProperty(inspect, "defaultOptions", {
        get() {
          return defaultOptions;
        },
        set(o) {
          Object.assign(defaultOptions, o);
        }
      });
      promisify.custom = customPromisify;
      warned = /* @__PURE__ */ new Set();
      debug = debuglog;
      tagOf = (v) => Object.prototype.toString.call(v).slice(8, -1);
      TypedArray = Object.getPrototypeOf(Uint8Array);
      types = {
        isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer,
        isArrayBuffer: (v) => v instanceof ArrayBuffer,
        isSharedArrayBuffer: (v) => typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer,
        isArrayBufferView: (v) => ArrayBuffer.isView(v),
        isTypedArray: (v) => v instanceof TypedArray,
        isUint8Array: (v) => v instanceof Uint8Array,
        isUint8ClampedArray: (v) => v instanceof Uint8ClampedArray,
        isUint16Array: (v) => v instanceof Uint16Array,
        isUint32Array: (v) => v instanceof Uint32Array,
        isInt8Array: (v) => v instanceof Int8Array,
        isInt16Array: (v) => v instanceof Int16Array,
        isInt32Array: (v) => v instanceof Int32Array,
        isFloat32Array: (v) => v instanceof Float32Array,
        isFloat64Array: (v) => v instanceof Float64Array,
        isBigInt64Array: (v) => v instanceof BigInt64Array,
        isBigUint64Array: (v) => v instanceof BigUint64Array,
        isDataView: (v) => v instanceof DataView,
        isDate: (v) => v instanceof Date,
        isRegExp: (v) => v instanceof RegExp,
        isMap: (v) => v instanceof Map,
        isSet: (v) => v instanceof Set,
        isWeakMap: (v) => v instanceof WeakMap,
        isWeakSet: (v) => v instanceof WeakSet,
        isMapIterator: (v) => tagOf(v) === "Map Iterator",
        isSetIterator: (v) => tagOf(v) === "Set Iterator",
        isPromise: (v) => v instanceof Promise,
        isProxy: () => false,
        isNativeError: (v) => v instanceof Error,
        isAsyncFunction: (v) => typeof v === "function" && (constructorName(v) === "AsyncFunction" || constructorName(v) === "AsyncGeneratorFunction"),
        isGeneratorFunction: (v) => typeof v === "function" && (constructorName(v) === "GeneratorFunction" || constructorName(v) === "AsyncGeneratorFunction"),
        isGeneratorObject: (v) => tagOf(v) === "Generator",
        isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt || v instanceof Symbol,
        isNumberObject: (v) => v instanceof Number,
        isStringObject: (v) => v instanceof String,
        isBooleanObject: (v) => v instanceof Boolean,
        isBigIntObject: (v) => v instanceof BigInt,
        isSymbolObject: (v) => v instanceof Symbol,
        isArgumentsObject: (v) => tagOf(v) === "Arguments",
        isModuleNamespaceObject: (v) => tagOf(v) === "Module",
        isKeyObject: () => false,
        isCryptoKey: (v) => typeof CryptoKey === "function" && v instanceof CryptoKey,
        isExternal: () => false
      };
      isArray = Array.isArray;
      isBoolean = (v) => typeof v === "boolean";
      isNull = (v) => v === null;
      isNullOrUndefined = (v) => v == null;
      isNumber = (v) => typeof v === "number";
      isString = (v) => typeof v === "string";
      isSymbol = (v) => typeof v === "symbol";
      isUndefined = (v) => v === void 0;
      isRegExp = types.isRegExp;
      isObject = (v) => v !== null && typeof v === "object";
      isDate = types.isDate;
      isError = (v) => v instanceof Error;
      isFunction = (v) => typeof v === "function";
      isPrimitive = (v) => v === null || typeof v !== "object" && typeof v !== "function";
      isBuffer = (v) => typeof globalThis.Buffer === "function" && globalThis.Buffer.isBuffer(v);
      toUSVString = (s) => String(s).toWellFormed();
      styleText = (format4, text) => String(text);
      TextEncoder2 = globalThis.TextEncoder;
      TextDecoder2 = globalThis.TextDecoder;
      util_default = {
        inspect,
        format,
        formatWithOptions,
        promisify,
        callbackify,
        inherits,
        deprecate,
        debuglog,
        debug,
        isDeepStrictEqual,
        types,
        isArray,
        isBoolean,
        isNull,
        isNullOrUndefined,
        isNumber,
        isString,
        isSymbol,
        isUndefined,
        isRegExp,
        isObject,
        isDate,
        isError,
        isFunction,
        isPrimitive,
        isBuffer,
        _extend,
        stripVTControlCharacters,
        toUSVString,
        styleText,
        aborted: aborted2,
        log,
        TextEncoder: TextEncoder2,
        TextDecoder: TextDecoder2
      };
    }
  });

  // sobjects-node:assert
  var assert_exports = {};
  __export(assert_exports, {
    AssertionError: () => AssertionError,
    deepEqual: () => deepStrictEqual,
    deepStrictEqual: () => deepStrictEqual,
    default: () => assert_default,
    doesNotMatch: () => doesNotMatch,
    doesNotReject: () => doesNotReject,
    doesNotThrow: () => doesNotThrow,
    equal: () => strictEqual,
    fail: () => fail,
    ifError: () => ifError,
    match: () => match,
    notDeepEqual: () => notDeepStrictEqual,
    notDeepStrictEqual: () => notDeepStrictEqual,
    notEqual: () => notStrictEqual,
    notStrictEqual: () => notStrictEqual,
    ok: () => ok,
    rejects: () => rejects,
    strict: () => strict,
    strictEqual: () => strictEqual,
    throws: () => throws
  });
  function defaultMessage(actual, expected, operator) {
    if (operator in kReadable) {
      if (operator.startsWith("not")) return `${kReadable[operator]}

${show(expected)}
`;
      if (operator === "strictEqual" && typeof actual !== "object" && typeof expected !== "object") return `${kReadable[operator]}

${show(actual)} !== ${show(expected)}
`;
      return `${kReadable[operator]}
+ actual - expected

+ ${show(actual).split("\n").join("\n+ ")}
- ${show(expected).split("\n").join("\n- ")}
`;
    }
    if (operator === "==") return `${show(actual)} == ${show(expected)}`;
    if (operator === "!=") return `${show(actual)} != ${show(expected)}`;
    if (operator === "fail") return "Failed";
    return `${show(actual)} ${operator} ${show(expected)}`;
  }
  function fail_(actual, expected, message, operator, stackStartFn) {
    if (message instanceof Error) throw message;
    const e = new AssertionError({ actual, expected, operator, message });
    if (Error.captureStackTrace) Error.captureStackTrace(e, stackStartFn);
    throw e;
  }
  function innerOk(fn, argLen, value2, message) {
    if (!value2) {
      let generatedMessage = false;
      if (argLen === 0) {
        message = "No value argument passed to `assert.ok()`";
        generatedMessage = true;
      } else if (message === void 0) {
        message = `${show(value2)} == true`;
        generatedMessage = true;
      } else if (message instanceof Error) {
        throw message;
      }
      const e = new AssertionError({ actual: value2, expected: true, message, operator: "==" });
      e.generatedMessage = generatedMessage;
      throw e;
    }
  }
  function ok(...args) {
    innerOk(ok, args.length, ...args);
  }
  function strictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) fail_(actual, expected, message, "strictEqual", strictEqual);
  }
  function notStrictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) fail_(actual, expected, message, "notStrictEqual", notStrictEqual);
  }
  function deepStrictEqual(actual, expected, message) {
    if (!deepEqual(actual, expected, true)) fail_(actual, expected, message, "deepStrictEqual", deepStrictEqual);
  }
  function notDeepStrictEqual(actual, expected, message) {
    if (deepEqual(actual, expected, true)) fail_(actual, expected, message, "notDeepStrictEqual", notDeepStrictEqual);
  }
  function fail(message) {
    if (message instanceof Error) throw message;
    const e = new AssertionError({ message, operator: "fail" });
    if (message === void 0) {
      e.message = "Failed";
      e.generatedMessage = true;
    }
    throw e;
  }
  function ifError(err) {
    if (err !== null && err !== void 0) {
      let message = "ifError got unwanted exception: ";
      message += typeof err === "object" && typeof err.message === "string" ? err.message.length === 0 && err.constructor ? err.constructor.name : err.message : show(err);
      const e = new AssertionError({ actual: err, expected: null, operator: "ifError", message });
      e.generatedMessage = false;
      throw e;
    }
  }
  function match(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType("regexp", "an instance of RegExp", regexp);
    if (typeof string !== "string" || !regexp.test(string)) {
      fail_(string, regexp, message !== void 0 ? message : typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${show(string)})` : `The input did not match the regular expression ${show(regexp)}. Input:

${show(string)}
`, "match", match);
    }
  }
  function doesNotMatch(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType("regexp", "an instance of RegExp", regexp);
    if (typeof string !== "string" || regexp.test(string)) {
      fail_(string, regexp, message !== void 0 ? message : typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${show(string)})` : `The input was expected to not match the regular expression ${show(regexp)}. Input:

${show(string)}
`, "doesNotMatch", doesNotMatch);
    }
  }
  function getActual(fn) {
    if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
    try {
      fn();
    } catch (e) {
      return e;
    }
    return NO_EXCEPTION;
  }
  function waitActual(p) {
    return __async(this, null, function* () {
      let promise;
      if (typeof p === "function") {
        promise = p();
        if (!promise || typeof promise.then !== "function") throw invalidArgType("promiseFn", "of type function returning a Promise", promise);
      } else if (p && typeof p.then === "function") {
        promise = p;
      } else {
        throw invalidArgType("promiseFn", "of type function or an instance of Promise", p);
      }
      try {
        yield promise;
      } catch (e) {
        return e;
      }
      return NO_EXCEPTION;
    });
  }
  function expectedMatches(actual, expected, message, fn) {
    if (expected === void 0) return;
    if (typeof expected === "function") {
      if (expected.prototype !== void 0 && actual instanceof expected) return;
      if (Error.isPrototypeOf(expected) || expected === Error) {
        fail_(actual, expected, message !== void 0 ? message : `The error is expected to be an instance of "${expected.name}". Received "${actual && actual.constructor ? actual.constructor.name : typeof actual}"${actual && actual.message !== void 0 ? `

Error message:

${actual.message}` : ""}`, fn.name, fn);
      }
      if (expected.call({}, actual) === true) return;
      fail_(actual, expected, message !== void 0 ? message : `The ${fn.name === "rejects" ? "rejection" : "error"} validation function is expected to return "true". Received false`, fn.name, fn);
    }
    if (expected instanceof RegExp) {
      if (expected.test(String(actual))) return;
      fail_(actual, expected, message !== void 0 ? message : `The input did not match the regular expression ${show(expected)}. Input:

${show(String(actual))}
`, fn.name, fn);
    }
    if (typeof expected === "object" && expected !== null) {
      for (const k of Object.keys(expected)) {
        const want = expected[k], got = actual == null ? void 0 : actual[k];
        const same = want instanceof RegExp && typeof got === "string" ? want.test(got) : deepEqual(got, want, true);
        if (!same) fail_(actual, expected, message !== void 0 ? message : `Expected values to be strictly deep-equal:
+ actual - expected

  Comparison {
+   ${k}: ${show(got)}
-   ${k}: ${show(want)}
  }
`, fn.name, fn);
      }
      return;
    }
    throw invalidArgType("expected", "of type function or an instance of Error, RegExp, or Object", expected);
  }
  function throws(fn, expected, message) {
    if (typeof expected === "string") {
      message = expected;
      expected = void 0;
    }
    const actual = getActual(fn);
    if (actual === NO_EXCEPTION) fail_(void 0, expected, message !== void 0 ? `Missing expected exception: ${message}` : `Missing expected exception${expected && expected.name ? ` (${expected.name})` : ""}.`, "throws", throws);
    expectedMatches(actual, expected, message, throws);
  }
  function doesNotThrow(fn, expected, message) {
    if (typeof expected === "string") {
      message = expected;
      expected = void 0;
    }
    const actual = getActual(fn);
    if (actual !== NO_EXCEPTION) fail_(actual, expected, `Got unwanted exception${message ? `: ${message}` : "."}
Actual message: "${actual && actual.message}"`, "doesNotThrow", doesNotThrow);
  }
  function rejects(p, expected, message) {
    return __async(this, null, function* () {
      if (typeof expected === "string") {
        message = expected;
        expected = void 0;
      }
      const actual = yield waitActual(p);
      if (actual === NO_EXCEPTION) fail_(void 0, expected, message !== void 0 ? `Missing expected rejection: ${message}` : `Missing expected rejection${expected && expected.name ? ` (${expected.name})` : ""}.`, "rejects", rejects);
      expectedMatches(actual, expected, message, rejects);
    });
  }
  function doesNotReject(p, expected, message) {
    return __async(this, null, function* () {
      if (typeof expected === "string") {
        message = expected;
        expected = void 0;
      }
      const actual = yield waitActual(p);
      if (actual !== NO_EXCEPTION) fail_(actual, expected, `Got unwanted rejection${message ? `: ${message}` : "."}
Actual message: "${actual && actual.message}"`, "doesNotReject", doesNotReject);
    });
  }
  function assert(...args) {
    innerOk(assert, args.length, ...args);
  }
  function strict(...args) {
    innerOk(strict, args.length, ...args);
  }
  var show, AssertionError, kReadable, NO_EXCEPTION, methods, assert_default;
  var init_assert = __esm({
    "sobjects-node:assert"() {
      init_globals();
      init_deep();
      init_util();
      init_errors();
      show = (v) => inspect(v, { depth: 1e3, compact: false, breakLength: Infinity, sorted: true, getters: true });
      AssertionError = class extends Error {
        constructor(options) {
          if (options === null || typeof options !== "object") throw invalidArgType("options", "of type object", options);
          const { message, actual, expected, operator } = options;
          super(message !== void 0 ? String(message) : defaultMessage(actual, expected, operator));
          this.generatedMessage = message === void 0;
          this.code = "ERR_ASSERTION";
          this.actual = actual;
          this.expected = expected;
          this.operator = operator;
        }
        get name() {
          return "AssertionError";
        }
        toString() {
          return `${this.name} [${this.code}]: ${this.message}`;
        }
      };
      kReadable = {
        deepStrictEqual: "Expected values to be strictly deep-equal:",
        strictEqual: "Expected values to be strictly equal:",
        deepEqual: "Expected values to be loosely deep-equal:",
        notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
        notStrictEqual: 'Expected "actual" to be strictly unequal to:',
        notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
        notIdentical: "Values identical but not reference-equal:"
      };
      NO_EXCEPTION = /* @__PURE__ */ Symbol("no exception");
      methods = {
        ok,
        equal: strictEqual,
        notEqual: notStrictEqual,
        strictEqual,
        notStrictEqual,
        deepEqual: deepStrictEqual,
        notDeepEqual: notDeepStrictEqual,
        deepStrictEqual,
        notDeepStrictEqual,
        fail,
        ifError,
        match,
        doesNotMatch,
        throws,
        doesNotThrow,
        rejects,
        doesNotReject,
        AssertionError
      };
      Object.assign(assert, methods);
      Object.assign(strict, methods);
      strict.strict = strict;
      assert.strict = strict;
      assert_default = assert;
    }
  });

  // sobjects-node:path
  var path_exports = {};
  __export(path_exports, {
    basename: () => basename,
    default: () => path_default,
    delimiter: () => delimiter,
    dirname: () => dirname,
    extname: () => extname,
    format: () => format2,
    isAbsolute: () => isAbsolute,
    join: () => join,
    matchesGlob: () => matchesGlob,
    normalize: () => normalize,
    parse: () => parse,
    posix: () => posix,
    relative: () => relative,
    resolve: () => resolve,
    sep: () => sep,
    toNamespacedPath: () => toNamespacedPath,
    win32: () => win32
  });
  function checkPath(p, name = "path") {
    if (typeof p !== "string") throw invalidArgType(name, "of type string", p);
  }
  function normalizeString(path2, allowAboveRoot) {
    const out = [];
    for (const seg of path2.split("/")) {
      if (seg === "" || seg === ".") continue;
      if (seg === "..") {
        if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
        else if (allowAboveRoot) out.push("..");
      } else {
        out.push(seg);
      }
    }
    return out.join("/");
  }
  function resolve(...args) {
    let resolved = "", absolute = false;
    for (let i = args.length - 1; i >= -1 && !absolute; i--) {
      const p = i >= 0 ? args[i] : "/";
      checkPath(p, `paths[${i}]`);
      if (p.length === 0) continue;
      resolved = `${p}/${resolved}`;
      absolute = p.charCodeAt(0) === 47;
    }
    resolved = normalizeString(resolved, !absolute);
    return absolute ? `/${resolved}` : resolved.length > 0 ? resolved : ".";
  }
  function normalize(path2) {
    checkPath(path2);
    if (path2.length === 0) return ".";
    const absolute = path2.charCodeAt(0) === 47, trailing = path2.charCodeAt(path2.length - 1) === 47;
    let p = normalizeString(path2, !absolute);
    if (p.length === 0) {
      if (absolute) return "/";
      return trailing ? "./" : ".";
    }
    if (trailing) p += "/";
    return absolute ? `/${p}` : p;
  }
  function isAbsolute(path2) {
    checkPath(path2);
    return path2.length > 0 && path2.charCodeAt(0) === 47;
  }
  function join(...args) {
    if (args.length === 0) return ".";
    const parts = [];
    for (const a of args) {
      checkPath(a);
      if (a.length > 0) parts.push(a);
    }
    return parts.length === 0 ? "." : normalize(parts.join("/"));
  }
  function relative(from, to) {
    checkPath(from, "from");
    checkPath(to, "to");
    if (from === to) return "";
    from = resolve(from);
    to = resolve(to);
    if (from === to) return "";
    const f = from === "/" ? [] : from.slice(1).split("/");
    const t = to === "/" ? [] : to.slice(1).split("/");
    let i = 0;
    while (i < f.length && i < t.length && f[i] === t[i]) i++;
    return [...Array(f.length - i).fill(".."), ...t.slice(i)].join("/");
  }
  function toNamespacedPath(path2) {
    return path2;
  }
  function dirname(path2) {
    checkPath(path2);
    if (path2.length === 0) return ".";
    const absolute = path2.charCodeAt(0) === 47;
    let end = -1, matched = true;
    for (let i = path2.length - 1; i >= 1; --i) {
      if (path2.charCodeAt(i) === 47) {
        if (!matched) {
          end = i;
          break;
        }
      } else {
        matched = false;
      }
    }
    if (end === -1) return absolute ? "/" : ".";
    if (absolute && end === 1) return "//";
    return path2.slice(0, end);
  }
  function basename(path2, suffix) {
    if (suffix !== void 0) checkPath(suffix, "suffix");
    checkPath(path2);
    let end = path2.length;
    while (end > 0 && path2.charCodeAt(end - 1) === 47) end--;
    if (end === 0) return "";
    const start2 = path2.lastIndexOf("/", end - 1) + 1;
    let base = path2.slice(start2, end);
    if (suffix !== void 0 && suffix !== base && base.endsWith(suffix)) base = base.slice(0, base.length - suffix.length);
    return base;
  }
  function extname(path2) {
    checkPath(path2);
    const base = basename(path2);
    const dot = base.lastIndexOf(".");
    if (dot <= 0 || dot === 1 && base === "..") return "";
    return base.slice(dot);
  }
  function format2(obj) {
    if (obj === null || typeof obj !== "object") throw invalidArgType("pathObject", "of type object", obj);
    const dir = obj.dir || obj.root;
    const base = obj.base || `${obj.name || ""}${obj.ext ? (obj.ext[0] === "." ? "" : ".") + obj.ext : ""}`;
    if (!dir) return base;
    return dir === obj.root ? `${dir}${base}` : `${dir}/${base}`;
  }
  function parse(path2) {
    checkPath(path2);
    const root = path2.charCodeAt(0) === 47 ? "/" : "";
    if (path2.length === 0) return { root: "", dir: "", base: "", ext: "", name: "" };
    let trimmed = path2;
    while (trimmed.length > 1 && trimmed.endsWith("/")) trimmed = trimmed.slice(0, -1);
    const base = trimmed === "/" ? "" : basename(trimmed);
    const ext = extname(base);
    let dir = trimmed === "/" ? "/" : dirname(trimmed);
    if (dir === "." && !trimmed.startsWith(".") && !trimmed.includes("/")) dir = "";
    else if (dir === "." && !trimmed.includes("/")) dir = "";
    return { root, dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base };
  }
  function matchesGlob() {
    throw new Error("path.matchesGlob is not supported by sobjects");
  }
  var sep, delimiter, path, posix, win32, path_default;
  var init_path = __esm({
    "sobjects-node:path"() {
      init_globals();
      init_errors();
      sep = "/";
      delimiter = ":";
      path = { resolve, normalize, isAbsolute, join, relative, toNamespacedPath, dirname, basename, extname, format: format2, parse, matchesGlob, sep, delimiter };
      path.posix = path;
      path.win32 = path;
      posix = path;
      win32 = path;
      path_default = path;
    }
  });

  // sobjects-node:string_decoder
  var StringDecoder;
  var init_string_decoder = __esm({
    "sobjects-node:string_decoder"() {
      init_globals();
      init_buffer();
      init_errors();
      StringDecoder = class {
        constructor(encoding2) {
          this.encoding = encoding(encoding2);
          this._rest = new Uint8Array(0);
          if (this.encoding === "utf8") this._utf8 = new TextDecoder("utf-8");
        }
        write(buf) {
          if (typeof buf === "string") return buf;
          if (!ArrayBuffer.isView(buf)) throw invalidArgType("buf", "an instance of Buffer, TypedArray, or DataView", buf);
          const b = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
          if (this._utf8) return this._utf8.decode(b, { stream: true });
          let all = b;
          if (this._rest.length) {
            all = new Uint8Array(this._rest.length + b.length);
            all.set(this._rest);
            all.set(b, this._rest.length);
          }
          const unit = this.encoding === "utf16le" ? 2 : this.encoding === "base64" || this.encoding === "base64url" ? 3 : 1;
          let n = all.length - all.length % unit;
          if (this.encoding === "utf16le" && n >= 2) {
            const last = all[n - 2] | all[n - 1] << 8;
            if (last >= 55296 && last <= 56319) n -= 2;
          }
          this._rest = all.slice(n);
          return textOf(all.subarray(0, n), this.encoding);
        }
        end(buf) {
          let s = buf === void 0 ? "" : this.write(buf);
          if (this._utf8) {
            s += this._utf8.decode();
            this._utf8 = new TextDecoder("utf-8");
          } else if (this._rest.length) {
            s += textOf(this._rest, this.encoding);
            this._rest = new Uint8Array(0);
          }
          return s;
        }
        text(buf, offset) {
          return this.write(Buffer2.from(buf).subarray(offset));
        }
        get lastNeed() {
          return this._rest.length ? (this.encoding === "utf16le" ? 2 : 3) - this._rest.length : 0;
        }
        get lastTotal() {
          return this._rest.length ? this._rest.length + this.lastNeed : 0;
        }
      };
    }
  });

  // sobjects-node:stream
  var stream_exports = {};
  __export(stream_exports, {
    Duplex: () => Duplex,
    PassThrough: () => PassThrough,
    Readable: () => Readable,
    Stream: () => Stream,
    Transform: () => Transform,
    Writable: () => Writable,
    addAbortSignal: () => addAbortSignal,
    default: () => stream_default,
    destroy: () => destroy_,
    destroy_: () => destroy_,
    finished: () => finished,
    getDefaultHighWaterMark: () => getDefaultHighWaterMark,
    isDestroyed: () => isDestroyed,
    isDisturbed: () => isDisturbed,
    isErrored: () => isErrored,
    isReadable: () => isReadable,
    isWritable: () => isWritable,
    pipeline: () => pipeline,
    promises: () => promises,
    setDefaultHighWaterMark: () => setDefaultHighWaterMark
  });
  function Stream(opts) {
    EventEmitter.call(this, opts);
  }
  function Readable(options = {}) {
    if (!(this instanceof Readable)) return new Readable(options);
    Stream.call(this, options);
    const objectMode = Boolean(options.objectMode || options.readableObjectMode);
    this._r = {
      objectMode,
      highWaterMark: options.highWaterMark ?? options.readableHighWaterMark ?? getDefaultHighWaterMark(objectMode),
      buffer: [],
      length: 0,
      flowing: null,
      ended: false,
      endEmitted: false,
      reading: false,
      sync: false,
      decoder: null,
      encoding: null,
      pipes: [],
      readableListening: false,
      emittedReadable: false,
      errored: null,
      closed: false,
      autoDestroy: options.autoDestroy !== false,
      emitClose: options.emitClose !== false,
      dataEmitted: false
    };
    if (options.encoding) this.setEncoding(options.encoding);
    if (typeof options.read === "function") this._read = options.read;
    if (typeof options.destroy === "function") this._destroy = options.destroy;
    if (options.signal) addAbortSignal(options.signal, this);
    this._destroyed = false;
  }
  function chunkLength(r, c) {
    return r.objectMode ? 1 : c.length;
  }
  function maybeRead(stream) {
    const r = stream._r;
    if (!r.reading && !r.ended && !stream._destroyed && r.length < r.highWaterMark) {
      r.reading = true;
      try {
        stream._read(r.objectMode ? 1 : r.highWaterMark);
      } catch (e) {
        errorOrDestroy(stream, e);
      }
    }
  }
  function take(r, n) {
    if (r.length === 0) return null;
    if (r.objectMode) {
      r.length--;
      return r.buffer.shift();
    }
    if (n === void 0 || n >= r.length) {
      const all = r.decoder ? r.buffer.join("") : r.buffer.length === 1 ? r.buffer[0] : Buffer2.concat(r.buffer);
      r.buffer = [];
      r.length = 0;
      return all;
    }
    let out;
    if (r.decoder) {
      const s = r.buffer.join("");
      out = s.slice(0, n);
      r.buffer = [s.slice(n)];
    } else {
      const all = Buffer2.concat(r.buffer);
      out = all.subarray(0, n);
      r.buffer = [all.subarray(n)];
    }
    r.length -= n;
    return out;
  }
  function scheduleFlow(stream) {
    const r = stream._r;
    if (r.flowScheduled) return;
    r.flowScheduled = true;
    tick(() => {
      r.flowScheduled = false;
      flow(stream);
    });
  }
  function flow(stream) {
    const r = stream._r;
    if (stream._destroyed) return;
    if (r.flowing) {
      while (r.flowing && r.length > 0) {
        const chunk = r.buffer.shift();
        r.length -= chunkLength(r, chunk);
        r.dataEmitted = true;
        stream.emit("data", chunk);
      }
    } else if (r.readableListening && (r.length > 0 || r.ended) && !r.endEmitted) {
      stream.emit("readable");
    }
    if (r.length === 0 && r.ended) {
      if (r.flowing || !r.readableListening || r.endEmitted === false) endReadable(stream);
    } else if (r.flowing || r.readableListening) {
      maybeRead(stream);
    }
  }
  function endReadable(stream) {
    const r = stream._r;
    if (r.endEmitted || r.endScheduled) return;
    if (!r.flowing && !r.readableListening && !r.dataEmitted && r.length === 0 && stream.listenerCount("end") === 0) {
    }
    r.endScheduled = true;
    tick(() => {
      if (r.endEmitted || r.length !== 0) {
        r.endScheduled = false;
        return;
      }
      if (!r.flowing && !r.readableListening && !r.dataEmitted) {
        r.endScheduled = false;
        return;
      }
      r.endEmitted = true;
      stream.emit("end");
      if (stream._w && !stream._w.finished && stream._allowHalfOpen === false) stream.end();
      if (r.autoDestroy && (!stream._w || stream._w.finished)) stream.destroy();
    });
  }
  function Writable(options = {}) {
    if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(options);
    Stream.call(this, options);
    initWritable(this, options);
    this._destroyed = false;
  }
  function initWritable(stream, options) {
    const objectMode = Boolean(options.objectMode || options.writableObjectMode);
    stream._w = {
      objectMode,
      highWaterMark: options.highWaterMark ?? options.writableHighWaterMark ?? getDefaultHighWaterMark(objectMode),
      queue: [],
      length: 0,
      writing: false,
      ended: false,
      finished: false,
      finalCalled: false,
      needDrain: false,
      corked: 0,
      decodeStrings: options.decodeStrings !== false,
      errored: null,
      closed: false,
      autoDestroy: options.autoDestroy !== false,
      emitClose: options.emitClose !== false,
      defaultEncoding: options.defaultEncoding || "utf8"
    };
    if (typeof options.write === "function") stream._write = options.write;
    if (typeof options.writev === "function") stream._writev = options.writev;
    if (typeof options.final === "function") stream._final = options.final;
    if (typeof options.destroy === "function") stream._destroy = options.destroy;
    if (options.signal) addAbortSignal(options.signal, stream);
  }
  function writeNext(stream) {
    const w2 = stream._w;
    if (w2.writing || stream._destroyed) return;
    if (w2.queue.length === 0) {
      if (w2.needDrain) {
        w2.needDrain = false;
        tick(() => stream.emit("drain"));
      }
      if (w2.ended) tick(() => finishMaybe(stream));
      return;
    }
    const item = w2.queue.shift();
    w2.writing = true;
    let sync = true;
    const done = (err) => {
      w2.writing = false;
      w2.length -= w2.objectMode ? 1 : item.chunk.length;
      if (err) {
        w2.errored = err;
        const f = () => {
          if (item.cb) item.cb(err);
          errorOrDestroy(stream, err);
        };
        if (sync) tick(f);
        else f();
        return;
      }
      const after = () => {
        if (item.cb) item.cb(null);
        writeNext(stream);
      };
      if (sync) tick(after);
      else after();
    };
    try {
      stream._write(item.chunk, item.encoding, done);
    } catch (e) {
      done(e);
    }
    sync = false;
  }
  function finishMaybe(stream) {
    const w2 = stream._w;
    if (w2.finished || w2.writing || w2.queue.length || stream._destroyed || w2.finalCalled) return;
    w2.finalCalled = true;
    const finish = (err) => {
      if (err) {
        errorOrDestroy(stream, err);
        return;
      }
      w2.finished = true;
      stream.emit("finish");
      if (w2.autoDestroy && (!stream._r || stream._r.endEmitted || stream._allowHalfOpen === false)) stream.destroy();
    };
    if (typeof stream._final === "function") {
      try {
        stream._final((err) => tick(finish, err));
      } catch (e) {
        finish(e);
      }
    } else {
      finish();
    }
  }
  function destroy(err, cb) {
    if (this._destroyed) {
      if (typeof cb === "function") tick(cb, err);
      return this;
    }
    this._destroyed = true;
    const states = [this._r, this._w].filter(Boolean);
    if (err) for (const s of states) s.errored = s.errored || err;
    const after = (e) => {
      for (const s of states) s.closed = true;
      if (typeof cb === "function") cb(e);
      tick(() => {
        if (e && !states.some((s) => s.errorEmitted)) {
          for (const s of states) s.errorEmitted = true;
          this.emit("error", e);
        }
        if (states.every((s) => s.emitClose)) this.emit("close");
      });
    };
    try {
      this._destroy(err || null, (e) => after(e || err));
    } catch (e) {
      after(e);
    }
    return this;
  }
  function _destroy(err, cb) {
    cb(err);
  }
  function errorOrDestroy(stream, err, sync) {
    const s = stream._r || stream._w;
    if (stream._r && stream._r.autoDestroy || stream._w && stream._w.autoDestroy) stream.destroy(err);
    else if (!s.errorEmitted) {
      s.errorEmitted = true;
      if (sync) tick(() => stream.emit("error", err));
      else stream.emit("error", err);
    }
  }
  function Duplex(options = {}) {
    if (!(this instanceof Duplex)) return new Duplex(options);
    Readable.call(this, options);
    initWritable(this, options);
    this._allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) this._r.endEmitted = this._r.ended = true;
    if (options.writable === false) this._w.ended = this._w.finished = true;
  }
  function Transform(options = {}) {
    if (!(this instanceof Transform)) return new Transform(options);
    Duplex.call(this, options);
    if (typeof options.transform === "function") this._transform = options.transform;
    if (typeof options.flush === "function") this._flush = options.flush;
    this._r.sync = false;
  }
  function PassThrough(options) {
    if (!(this instanceof PassThrough)) return new PassThrough(options);
    Transform.call(this, options);
  }
  function finished(stream, options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    let called = false;
    const done = (err) => {
      if (called) return;
      called = true;
      cleanup();
      callback.call(stream, err);
    };
    const readable = options.readable !== false && stream._r !== void 0 && !(stream._r.ended && stream._r.endEmitted);
    const writable = options.writable !== false && stream._w !== void 0 && !stream._w.finished;
    let ended = !readable, finishedW = !writable;
    const onend = () => {
      ended = true;
      if (finishedW) done();
    };
    const onfinish = () => {
      finishedW = true;
      if (ended) done();
    };
    const onerror = (err) => done(err);
    const onclose = () => {
      if (!ended && readable || !finishedW && writable) done(error("ERR_STREAM_PREMATURE_CLOSE", "Premature close"));
      else done();
    };
    stream.on("end", onend);
    stream.on("finish", onfinish);
    if (options.error !== false) stream.on("error", onerror);
    stream.on("close", onclose);
    function cleanup() {
      stream.removeListener("end", onend);
      stream.removeListener("finish", onfinish);
      stream.removeListener("error", onerror);
      stream.removeListener("close", onclose);
    }
    if (!readable && !writable) tick(done);
    return cleanup;
  }
  function pipeline(...streams) {
    const callback = typeof streams[streams.length - 1] === "function" ? streams.pop() : null;
    if (Array.isArray(streams[0]) && streams.length === 1) streams = streams[0];
    if (streams.length < 2) throw invalidArgType("streams", "an array of at least two streams", streams);
    let failed = false, called = false;
    const chain = [];
    const done = (err) => {
      if (called) return;
      called = true;
      if (callback) tick(() => callback(err));
    };
    const fail3 = (err) => {
      if (failed) return;
      failed = true;
      for (const s of chain) if (s && !s._destroyed) s.destroy(err);
      done(err);
    };
    let lastPromise = null;
    for (let i = 0; i < streams.length; i++) {
      let s = streams[i];
      const last = i === streams.length - 1;
      if (typeof s === "function") {
        let r;
        try {
          r = s(i === 0 ? {} : chain[i - 1]);
        } catch (e) {
          tick(fail3, e);
          return chain[chain.length - 1];
        }
        if (last && r && typeof r.then === "function" && typeof r[Symbol.asyncIterator] !== "function") {
          lastPromise = r;
          chain.push(null);
          continue;
        }
        s = Readable.from(r);
        s._fromFunction = true;
      } else if (i === 0 && !(s instanceof Stream) && s != null && (typeof s[Symbol.asyncIterator] === "function" || typeof s[Symbol.iterator] === "function")) {
        s = Readable.from(s);
      }
      chain.push(s);
    }
    chain.forEach((s, i) => {
      if (!s) return;
      const last = i === chain.length - 1;
      const writable = i > 0 && !s._fromFunction;
      finished(s, { readable: !writable || !last, writable }, (err) => {
        if (err) fail3(err);
        else if (last) done(void 0);
      });
      const next = chain[i + 1];
      if (next && !next._fromFunction) s.pipe(next);
    });
    if (lastPromise) lastPromise.then(() => done(void 0), fail3);
    return chain[chain.length - 1];
  }
  function addAbortSignal(signal, stream) {
    const onAbort = () => {
      const e = new Error("The operation was aborted");
      e.name = "AbortError";
      e.code = "ABORT_ERR";
      e.cause = signal.reason;
      stream.destroy(e);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    return stream;
  }
  function defineGetters(proto2, getters) {
    for (const [k, get] of Object.entries(getters)) Object.defineProperty(proto2, k, { get, configurable: true, enumerable: false });
  }
  var tick, kDefaultHWM, kObjectHWM, defaultHWM, getDefaultHighWaterMark, setDefaultHighWaterMark, destroy_, isReadable, isWritable, isDestroyed, isErrored, isDisturbed, promises, stream_default;
  var init_stream = __esm({
    "sobjects-node:stream"() {
      init_globals();
      init_events();
      init_buffer();
      init_string_decoder();
      init_errors();
      tick = (fn, ...args) => globalThis.queueMicrotask(() => fn(...args));
      kDefaultHWM = 64 * 1024;
      kObjectHWM = 16;
      defaultHWM = kDefaultHWM;
      getDefaultHighWaterMark = (objectMode) => objectMode ? kObjectHWM : defaultHWM;
      setDefaultHighWaterMark = (objectMode, value2) => {
        if (!objectMode) defaultHWM = value2;
      };
      Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
      Object.setPrototypeOf(Stream, EventEmitter);
      Stream.prototype.pipe = function(dest, options) {
        return Readable.prototype.pipe.call(this, dest, options);
      };
      Object.setPrototypeOf(Readable.prototype, Stream.prototype);
      Object.setPrototypeOf(Readable, Stream);
      Readable.prototype.push = function(chunk, encoding2) {
        const r = this._r;
        if (chunk === null) {
          r.reading = false;
          if (!r.ended) {
            r.ended = true;
            if (r.decoder) {
              const rest = r.decoder.end();
              if (rest.length) {
                r.buffer.push(rest);
                r.length += chunkLength(r, rest);
              }
            }
            scheduleFlow(this);
          }
          return false;
        }
        if (!r.objectMode) {
          if (typeof chunk === "string") chunk = Buffer2.from(chunk, encoding2 || "utf8");
          else if (chunk instanceof Uint8Array && !(chunk instanceof Buffer2)) chunk = Buffer2.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          else if (!(chunk instanceof Uint8Array)) {
            errorOrDestroy(this, invalidArgType("chunk", "of type string or an instance of Buffer or Uint8Array", chunk));
            return false;
          }
        }
        if (r.ended) {
          errorOrDestroy(this, error("ERR_STREAM_PUSH_AFTER_EOF", "stream.push() after EOF"));
          return false;
        }
        if (this._destroyed) return false;
        r.reading = false;
        if (r.decoder && !r.objectMode) chunk = r.decoder.write(chunk);
        if (r.objectMode || chunk.length > 0) {
          r.buffer.push(chunk);
          r.length += chunkLength(r, chunk);
        }
        scheduleFlow(this);
        return r.length < r.highWaterMark;
      };
      Readable.prototype.unshift = function(chunk) {
        const r = this._r;
        if (!r.objectMode && typeof chunk === "string") chunk = Buffer2.from(chunk);
        r.buffer.unshift(chunk);
        r.length += chunkLength(r, chunk);
        scheduleFlow(this);
      };
      Readable.prototype._read = function() {
        throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _read() method is not implemented");
      };
      Readable.prototype.read = function(n) {
        const r = this._r;
        if (n === 0) {
          maybeRead(this);
          return null;
        }
        if (n !== void 0 && !r.objectMode && n > r.length && !r.ended) {
          maybeRead(this);
          return null;
        }
        const chunk = take(r, n);
        if (chunk !== null) {
          r.dataEmitted = true;
          this.emit("data", chunk);
        }
        if (r.length === 0 && r.ended) endReadable(this);
        else maybeRead(this);
        return chunk;
      };
      Readable.prototype.on = function(ev, fn) {
        const res = Stream.prototype.on.call(this, ev, fn);
        const r = this._r;
        if (ev === "data") {
          r.readableListening = false;
          if (r.flowing !== false) this.resume();
        } else if (ev === "readable") {
          if (!r.endEmitted) {
            r.readableListening = true;
            r.flowing = false;
            scheduleFlow(this);
          }
        } else if (ev === "end" && r.ended && r.length === 0) {
          scheduleFlow(this);
        }
        return res;
      };
      Readable.prototype.addListener = Readable.prototype.on;
      Readable.prototype.resume = function() {
        const r = this._r;
        if (!r.flowing) {
          r.flowing = !r.readableListening;
          tick(() => this.emit("resume"));
          scheduleFlow(this);
        }
        return this;
      };
      Readable.prototype.pause = function() {
        if (this._r.flowing !== false) {
          this._r.flowing = false;
          this.emit("pause");
        }
        return this;
      };
      Readable.prototype.isPaused = function() {
        return this._r.flowing === false;
      };
      Readable.prototype.setEncoding = function(enc) {
        const r = this._r;
        r.decoder = new StringDecoder(enc);
        r.encoding = r.decoder.encoding;
        const text = r.buffer.map((b) => r.decoder.write(b)).join("");
        r.buffer = text ? [text] : [];
        r.length = text.length;
        return this;
      };
      Readable.prototype.pipe = function(dest, options = {}) {
        const src = this;
        const r = src._r;
        r.pipes.push(dest);
        const ondata = (chunk) => {
          if (dest.write(chunk) === false) src.pause();
        };
        const ondrain = () => src.resume();
        src.on("data", ondata);
        dest.on("drain", ondrain);
        if (options.end !== false) src.once("end", () => dest.end());
        src._unpipe = src._unpipe || /* @__PURE__ */ new Map();
        src._unpipe.set(dest, () => {
          src.removeListener("data", ondata);
          dest.removeListener("drain", ondrain);
        });
        dest.emit("pipe", src);
        return dest;
      };
      Readable.prototype.unpipe = function(dest) {
        const targets = dest ? [dest] : this._r.pipes.slice();
        for (const d of targets) {
          const f = this._unpipe && this._unpipe.get(d);
          if (f) {
            f();
            this._unpipe.delete(d);
          }
          this._r.pipes = this._r.pipes.filter((x) => x !== d);
          d.emit("unpipe", this);
        }
        return this;
      };
      Readable.prototype.wrap = function() {
        throw error("ERR_METHOD_NOT_IMPLEMENTED", "The wrap() method is not implemented");
      };
      Readable.prototype[Symbol.asyncIterator] = function() {
        const stream = this;
        const chunks = [];
        let done = false, failure = null, wake = null;
        const notify = () => {
          if (wake) {
            const w2 = wake;
            wake = null;
            w2();
          }
        };
        stream.on("data", (c) => {
          chunks.push(c);
          stream.pause();
          notify();
        });
        stream.on("end", () => {
          done = true;
          notify();
        });
        stream.on("error", (e) => {
          failure = e;
          notify();
        });
        stream.on("close", () => {
          done = true;
          notify();
        });
        return {
          next() {
            return __async(this, null, function* () {
              for (; ; ) {
                if (chunks.length) return { value: chunks.shift(), done: false };
                if (failure) throw failure;
                if (done) return { value: void 0, done: true };
                stream.resume();
                yield new Promise((resolve3) => wake = resolve3);
              }
            });
          },
          return() {
            return __async(this, null, function* () {
              stream.destroy();
              return { value: void 0, done: true };
            });
          },
          [Symbol.asyncIterator]() {
            return this;
          }
        };
      };
      Readable.prototype.toArray = function() {
        return __async(this, null, function* () {
          const out = [];
          try {
            for (var iter = __forAwait(this), more, temp, error2; more = !(temp = yield iter.next()).done; more = false) {
              const c = temp.value;
              out.push(c);
            }
          } catch (temp) {
            error2 = [temp];
          } finally {
            try {
              more && (temp = iter.return) && (yield temp.call(iter));
            } finally {
              if (error2)
                throw error2[0];
            }
          }
          return out;
        });
      };
      Readable.from = function(iterable, opts) {
        if (typeof iterable === "string" || iterable instanceof Uint8Array) {
          return new Readable({ objectMode: true, ...opts, read() {
            this.push(iterable);
            this.push(null);
          } });
        }
        const it = iterable && typeof iterable[Symbol.asyncIterator] === "function" ? iterable[Symbol.asyncIterator]() : iterable && typeof iterable[Symbol.iterator] === "function" ? iterable[Symbol.iterator]() : null;
        if (it === null) throw invalidArgType("iterable", "an Iterable", iterable);
        let reading = false;
        return new Readable({
          objectMode: true,
          ...opts,
          read() {
            return __async(this, null, function* () {
              if (reading) return;
              reading = true;
              try {
                for (; ; ) {
                  const { value: value2, done } = yield it.next();
                  if (done) {
                    this.push(null);
                    break;
                  }
                  if (!this.push(yield value2)) break;
                }
              } catch (e) {
                this.destroy(e);
              } finally {
                reading = false;
              }
            });
          }
        });
      };
      defineGetters(Readable.prototype, {
        readable() {
          return !this._destroyed && !this._r.endEmitted && !this._r.errored;
        },
        readableEnded() {
          return this._r.endEmitted;
        },
        readableFlowing() {
          return this._r.flowing;
        },
        readableLength() {
          return this._r.length;
        },
        readableObjectMode() {
          return this._r.objectMode;
        },
        readableHighWaterMark() {
          return this._r.highWaterMark;
        },
        readableEncoding() {
          return this._r.encoding;
        },
        destroyed() {
          return this._destroyed;
        },
        errored() {
          return this._r && this._r.errored || this._w && this._w.errored || null;
        },
        closed() {
          return (this._r || this._w).closed;
        }
      });
      Object.setPrototypeOf(Writable.prototype, Stream.prototype);
      Object.setPrototypeOf(Writable, Stream);
      Object.defineProperty(Writable, Symbol.hasInstance, {
        value(obj) {
          if (Function.prototype[Symbol.hasInstance].call(this, obj)) return true;
          return this === Writable && obj !== null && typeof obj === "object" && obj._w !== void 0;
        }
      });
      Writable.prototype._write = function(chunk, encoding2, cb) {
        if (this._writev) this._writev([{ chunk, encoding: encoding2 }], cb);
        else throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _write() method is not implemented");
      };
      Writable.prototype.write = function(chunk, encoding2, cb) {
        const w2 = this._w;
        if (typeof encoding2 === "function") {
          cb = encoding2;
          encoding2 = null;
        }
        if (chunk === null) throw typeError("ERR_STREAM_NULL_VALUES", "May not write null values to stream");
        if (!w2.objectMode) {
          if (typeof chunk === "string") {
            if (w2.decodeStrings) {
              chunk = Buffer2.from(chunk, encoding2 || w2.defaultEncoding);
              encoding2 = "buffer";
            }
          } else if (chunk instanceof Uint8Array) {
            if (!(chunk instanceof Buffer2)) chunk = Buffer2.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
            encoding2 = "buffer";
          } else {
            throw invalidArgType("chunk", "of type string or an instance of Buffer or Uint8Array", chunk);
          }
        }
        let err = null;
        if (w2.ended) err = error("ERR_STREAM_WRITE_AFTER_END", "write after end");
        else if (this._destroyed) err = error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
        if (err) {
          tick(() => {
            if (typeof cb === "function") cb(err);
          });
          errorOrDestroy(this, err, true);
          return false;
        }
        w2.length += w2.objectMode ? 1 : chunk.length;
        const ret = w2.length < w2.highWaterMark;
        if (!ret) w2.needDrain = true;
        w2.queue.push({ chunk, encoding: encoding2 || w2.defaultEncoding, cb: typeof cb === "function" ? cb : null });
        if (!w2.writing && !w2.corked) writeNext(this);
        return ret;
      };
      Writable.prototype.cork = function() {
        this._w.corked++;
      };
      Writable.prototype.uncork = function() {
        const w2 = this._w;
        if (w2.corked > 0 && --w2.corked === 0) writeNext(this);
      };
      Writable.prototype.setDefaultEncoding = function(enc) {
        this._w.defaultEncoding = enc;
        return this;
      };
      Writable.prototype.end = function(chunk, encoding2, cb) {
        const w2 = this._w;
        if (typeof chunk === "function") {
          cb = chunk;
          chunk = null;
          encoding2 = null;
        } else if (typeof encoding2 === "function") {
          cb = encoding2;
          encoding2 = null;
        }
        if (chunk !== null && chunk !== void 0) this.write(chunk, encoding2);
        if (w2.corked) {
          w2.corked = 1;
          this.uncork();
        }
        if (typeof cb === "function") {
          if (w2.finished) tick(cb);
          else this.once("finish", () => cb());
        }
        if (!w2.ended) {
          w2.ended = true;
          if (!w2.writing && w2.queue.length === 0) tick(() => finishMaybe(this));
        }
        return this;
      };
      defineGetters(Writable.prototype, {
        writable() {
          const w2 = this._w;
          return !this._destroyed && !w2.ended && !w2.errored;
        },
        writableEnded() {
          return this._w.ended;
        },
        writableFinished() {
          return this._w.finished;
        },
        writableLength() {
          return this._w.length;
        },
        writableObjectMode() {
          return this._w.objectMode;
        },
        writableHighWaterMark() {
          return this._w.highWaterMark;
        },
        writableCorked() {
          return this._w.corked;
        },
        writableNeedDrain() {
          return this._w.needDrain;
        },
        destroyed() {
          return this._destroyed;
        }
      });
      Readable.prototype.destroy = destroy;
      Readable.prototype._destroy = _destroy;
      Writable.prototype.destroy = destroy;
      Writable.prototype._destroy = _destroy;
      Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
      Object.setPrototypeOf(Duplex, Readable);
      for (const k of Object.getOwnPropertyNames(Writable.prototype)) {
        if (k !== "constructor" && !Object.prototype.hasOwnProperty.call(Duplex.prototype, k) && k !== "destroyed") {
          Object.defineProperty(Duplex.prototype, k, Object.getOwnPropertyDescriptor(Writable.prototype, k));
        }
      }
      Duplex.from = function(body) {
        if (body instanceof Duplex) return body;
        if (body instanceof Readable) return body;
        return Readable.from(body);
      };
      Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
      Object.setPrototypeOf(Transform, Duplex);
      Transform.prototype._transform = function() {
        throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _transform() method is not implemented");
      };
      Transform.prototype._write = function(chunk, encoding2, cb) {
        this._transform(chunk, encoding2, (err, data) => {
          if (err) {
            cb(err);
            return;
          }
          if (data !== void 0 && data !== null) this.push(data);
          const r = this._r;
          if (r.length < r.highWaterMark || r.flowing) cb();
          else this._pendingCallback = cb;
        });
      };
      Transform.prototype._read = function() {
        this._r.reading = false;
        if (this._pendingCallback) {
          const cb = this._pendingCallback;
          this._pendingCallback = null;
          cb();
        }
      };
      Transform.prototype._final = function(cb) {
        const done = (err, data) => {
          if (err) {
            cb(err);
            return;
          }
          if (data !== void 0 && data !== null) this.push(data);
          this.push(null);
          cb();
        };
        if (typeof this._flush === "function") this._flush(done);
        else done();
      };
      Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
      Object.setPrototypeOf(PassThrough, Transform);
      PassThrough.prototype._transform = function(chunk, encoding2, cb) {
        cb(null, chunk);
      };
      destroy_ = (stream, err) => stream.destroy(err);
      isReadable = (s) => Boolean(s && s._r && s.readable);
      isWritable = (s) => Boolean(s && s._w && s.writable);
      isDestroyed = (s) => Boolean(s && s._destroyed);
      isErrored = (s) => Boolean(s && (s._r && s._r.errored || s._w && s._w.errored));
      isDisturbed = (s) => Boolean(s && s._r && (s._r.dataEmitted || s._r.ended));
      promises = {
        pipeline: (...streams) => new Promise((resolve3, reject) => pipeline(...streams, (err) => err ? reject(err) : resolve3())),
        finished: (stream, options = {}) => new Promise((resolve3, reject) => finished(stream, options, (err) => err ? reject(err) : resolve3()))
      };
      Object.assign(Stream, { Stream, Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished, promises, addAbortSignal, isReadable, isWritable, isDestroyed, isErrored, isDisturbed, getDefaultHighWaterMark, setDefaultHighWaterMark });
      Stream.destroy = destroy_;
      stream_default = Stream;
    }
  });

  // sobjects-node:cjs:events
  var require_cjs_events = __commonJS({
    "sobjects-node:cjs:events"(exports2, module) {
      init_globals();
      module.exports = (init_events(), __toCommonJS(events_exports)).default;
    }
  });

  // sobjects-node:cjs:assert
  var require_cjs_assert = __commonJS({
    "sobjects-node:cjs:assert"(exports2, module) {
      init_globals();
      module.exports = (init_assert(), __toCommonJS(assert_exports)).default;
    }
  });

  // sobjects-node:cjs:buffer
  var require_cjs_buffer = __commonJS({
    "sobjects-node:cjs:buffer"(exports2, module) {
      init_globals();
      module.exports = (init_buffer(), __toCommonJS(buffer_exports)).default;
    }
  });

  // sobjects-node:cjs:util
  var require_cjs_util = __commonJS({
    "sobjects-node:cjs:util"(exports2, module) {
      init_globals();
      module.exports = (init_util(), __toCommonJS(util_exports)).default;
    }
  });

  // sobjects-node:cjs:path
  var require_cjs_path = __commonJS({
    "sobjects-node:cjs:path"(exports2, module) {
      init_globals();
      module.exports = (init_path(), __toCommonJS(path_exports)).default;
    }
  });

  // sobjects-node:cjs:stream
  var require_cjs_stream = __commonJS({
    "sobjects-node:cjs:stream"(exports2, module) {
      init_globals();
      module.exports = (init_stream(), __toCommonJS(stream_exports)).default;
    }
  });

  // src/legacy.cjs
  var require_legacy = __commonJS({
    "src/legacy.cjs"(exports2, module) {
      init_globals();
      var EventEmitter2 = require_cjs_events();
      var assert2 = require_cjs_assert();
      var { Buffer: Buffer3 } = require_cjs_buffer();
      var util = require_cjs_util();
      var path2 = require_cjs_path();
      var Stream2 = require_cjs_stream();
      var Legacy = class extends EventEmitter2 {
        ping() {
          assert2(this instanceof EventEmitter2);
          this.emit("pong", Buffer3.from("hi").toString("hex"));
        }
      };
      module.exports = {
        Legacy,
        kinds: [typeof EventEmitter2, typeof assert2, typeof assert2.strictEqual, typeof util.inspect, path2.join("a", "b"), typeof Stream2, typeof Stream2.Readable]
      };
    }
  });

  // src/index.js
  var index_exports = {};
  __export(index_exports, {
    Node: () => Node,
    default: () => index_default
  });
  init_globals();

  // sobjects:workers
  init_globals();
  var w = globalThis.__sobjects_workers;
  var DurableObject = w.DurableObject;
  var RpcTarget = w.RpcTarget;
  var SobjectsError = w.SobjectsError;
  var WorkerEntrypoint = w.WorkerEntrypoint;
  var env2 = w.env;
  var exports = w.exports;
  var waitUntil = w.waitUntil;
  var RpcStub = w.RpcStub;
  var WorkflowEntrypoint = w.WorkflowEntrypoint;
  var WorkflowStep = w.WorkflowStep;
  var cache = w.cache;
  var tracing = w.tracing;
  var withEnv = w.withEnv;
  var withEnvAndExports = w.withEnvAndExports;
  var withExports = w.withExports;

  // sobjects-node:crypto
  init_globals();
  init_host();
  init_buffer();
  init_errors();
  var HASHES = {
    md5: ["MD5", 64],
    sha1: ["SHA-1", 64],
    sha256: ["SHA-256", 64],
    sha384: ["SHA-384", 128],
    sha512: ["SHA-512", 128]
  };
  function hashOf(algorithm) {
    if (typeof algorithm !== "string") throw invalidArgType("algorithm", "of type string", algorithm);
    let a = algorithm.toLowerCase().replace(/^rsa-/, "");
    if (/^sha-(1|256|384|512)$/.test(a)) a = a.replace("-", "");
    const h2 = HASHES[a];
    if (!h2) throw new Error("Digest method not supported");
    return h2;
  }
  function bytesOf2(data, enc, name = "data") {
    if (typeof data === "string") return Buffer2.from(data, enc === "buffer" ? "utf8" : enc);
    if (data instanceof Uint8Array) return data;
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw invalidArgType(name, "of type string or an instance of Buffer, TypedArray, or DataView", data);
  }
  function concat(chunks) {
    if (chunks.length === 1) return chunks[0];
    let n = 0;
    for (const c of chunks) n += c.length;
    const out = new Uint8Array(n);
    n = 0;
    for (const c of chunks) {
      out.set(c, n);
      n += c.length;
    }
    return out;
  }
  function hostDigest(name, bytes) {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
    return new Uint8Array(digest(name, whole));
  }
  function output(bytes, enc) {
    if (enc === void 0 || enc === "buffer") return Buffer2.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return textOf(bytes, encoding(enc));
  }
  var Hash = class _Hash {
    constructor(algorithm, options) {
      if (!(this instanceof _Hash)) return new _Hash(algorithm, options);
      [this._name] = hashOf(algorithm);
      this._chunks = [];
      this._done = false;
    }
    update(data, enc) {
      if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
      const b = bytesOf2(data, enc);
      this._chunks.push(typeof data === "string" ? b : b.slice());
      return this;
    }
    digest(enc) {
      if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
      this._done = true;
      const out = hostDigest(this._name, concat(this._chunks));
      this._chunks = [];
      return output(out, enc);
    }
    copy() {
      if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
      const h2 = Object.create(_Hash.prototype);
      h2._name = this._name;
      h2._chunks = this._chunks.slice();
      h2._done = false;
      return h2;
    }
  };
  var Hmac = class _Hmac {
    constructor(algorithm, key, options) {
      if (!(this instanceof _Hmac)) return new _Hmac(algorithm, key, options);
      const [name, block] = hashOf(algorithm);
      this._name = name;
      let k = key !== null && typeof key === "object" && key._keyMaterial instanceof Uint8Array ? key._keyMaterial : bytesOf2(key, options && options.encoding, "key");
      if (k.length > block) k = hostDigest(name, k);
      this._key = new Uint8Array(block);
      this._key.set(k);
      this._chunks = [];
      this._done = false;
    }
    update(data, enc) {
      if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
      const b = bytesOf2(data, enc);
      this._chunks.push(typeof data === "string" ? b : b.slice());
      return this;
    }
    digest(enc) {
      if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
      this._done = true;
      const pad = (x) => {
        const p = new Uint8Array(this._key.length);
        for (let i = 0; i < p.length; i++) p[i] = this._key[i] ^ x;
        return p;
      };
      const inner = hostDigest(this._name, concat([pad(54), ...this._chunks]));
      const out = hostDigest(this._name, concat([pad(92), inner]));
      this._chunks = [];
      return output(out, enc);
    }
  };
  function createHash(algorithm, options) {
    return new Hash(algorithm, options);
  }
  function createHmac(algorithm, key, options) {
    return new Hmac(algorithm, key, options);
  }
  function hash(algorithm, data, outputEncoding = "hex") {
    if (typeof data !== "string" && !ArrayBuffer.isView(data)) throw invalidArgType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
    return new Hash(algorithm).update(data).digest(outputEncoding);
  }
  function getHashes() {
    return ["md5", "sha1", "sha256", "sha384", "sha512"];
  }
  var MAX_RANDOM = 2 ** 31 - 1;
  function fillRandom(bytes) {
    for (let i = 0; i < bytes.length; i += 65536) globalThis.crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, bytes.length)));
    return bytes;
  }
  function randomBytes(size, callback) {
    if (typeof size !== "number") throw invalidArgType("size", "of type number", size);
    if (!(size >= 0 && size <= MAX_RANDOM) || !Number.isInteger(size)) throw outOfRange("size", `>= 0 && <= ${MAX_RANDOM}`, size);
    const b = fillRandom(Buffer2.alloc(size));
    if (typeof callback === "function") {
      queueMicrotask(() => callback(null, b));
      return void 0;
    }
    return b;
  }
  var pseudoRandomBytes = randomBytes;
  function randomFillSync(buf, offset = 0, size) {
    if (!ArrayBuffer.isView(buf) && !(buf instanceof ArrayBuffer)) throw invalidArgType("buf", "an instance of ArrayBuffer or ArrayBufferView", buf);
    const b = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const end = size === void 0 ? b.length : offset + size;
    if (offset < 0 || offset > b.length) throw outOfRange("offset", `>= 0 && <= ${b.length}`, offset);
    if (end > b.length) throw outOfRange("size + offset", `<= ${b.length}`, end);
    fillRandom(b.subarray(offset, end));
    return buf;
  }
  function randomFill(buf, offset, size, callback) {
    if (typeof offset === "function") {
      callback = offset;
      offset = 0;
      size = void 0;
    } else if (typeof size === "function") {
      callback = size;
      size = void 0;
    }
    const r = randomFillSync(buf, offset, size);
    queueMicrotask(() => callback(null, r));
  }
  function randomInt(min, max, callback) {
    if (max === void 0 || typeof max === "function") {
      callback = max;
      max = min;
      min = 0;
    }
    if (!Number.isSafeInteger(min)) throw invalidArgType("min", "a safe integer", min);
    if (!Number.isSafeInteger(max)) throw invalidArgType("max", "a safe integer", max);
    if (max <= min) throw outOfRange("min", "min < max", min);
    const range = max - min;
    if (range >= 2 ** 48) throw outOfRange("max - min", `<= ${2 ** 48}`, range);
    const b = new Uint8Array(6);
    const limit = 2 ** 48 - 2 ** 48 % range;
    let x;
    do {
      fillRandom(b);
      x = ((b[0] * 256 + b[1]) * 256 + b[2]) * 2 ** 24 + (b[3] << 16 | b[4] << 8 | b[5]);
    } while (x >= limit);
    const n = min + x % range;
    if (typeof callback === "function") {
      queueMicrotask(() => callback(null, n));
      return void 0;
    }
    return n;
  }
  function randomUUID() {
    return globalThis.crypto.randomUUID();
  }
  function getRandomValues(a) {
    return globalThis.crypto.getRandomValues(a);
  }
  function timingSafeEqual(a, b) {
    if (!ArrayBuffer.isView(a) && !(a instanceof ArrayBuffer)) throw invalidArgType("buf1", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", a);
    if (!ArrayBuffer.isView(b) && !(b instanceof ArrayBuffer)) throw invalidArgType("buf2", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", b);
    if (a.byteLength !== b.byteLength) throw new TypeError("Input buffers must have the same byte length.");
    return globalThis.crypto.subtle.timingSafeEqual(a, b);
  }
  function createSecretKey(key, enc) {
    const material = bytesOf2(key, enc, "key").slice();
    return { type: "secret", symmetricKeySize: material.length, _keyMaterial: material, export: () => Buffer2.from(material) };
  }
  var webcrypto = globalThis.crypto;
  var subtle = globalThis.crypto.subtle;
  var constants2 = {};
  var missing = (name) => function() {
    throw notSupported(`crypto.${name}`);
  };
  var createCipheriv = missing("createCipheriv");
  var createDecipheriv = missing("createDecipheriv");
  var createSign = missing("createSign");
  var createVerify = missing("createVerify");
  var createPrivateKey = missing("createPrivateKey");
  var createPublicKey = missing("createPublicKey");
  var createECDH = missing("createECDH");
  var createDiffieHellman = missing("createDiffieHellman");
  var generateKeyPair = missing("generateKeyPair");
  var generateKeyPairSync = missing("generateKeyPairSync");
  var pbkdf2 = missing("pbkdf2");
  var pbkdf2Sync = missing("pbkdf2Sync");
  var hkdf = missing("hkdf");
  var hkdfSync = missing("hkdfSync");
  var scrypt = missing("scrypt");
  var scryptSync = missing("scryptSync");
  var sign = missing("sign");
  var verify = missing("verify");
  var publicEncrypt = missing("publicEncrypt");
  var privateDecrypt = missing("privateDecrypt");
  var getCiphers = () => [];
  var getCurves = () => [];
  var getFips = () => 0;
  var crypto_default = {
    Hash,
    Hmac,
    createHash,
    createHmac,
    hash,
    getHashes,
    randomBytes,
    pseudoRandomBytes,
    randomFillSync,
    randomFill,
    randomInt,
    randomUUID,
    getRandomValues,
    timingSafeEqual,
    createSecretKey,
    webcrypto,
    subtle,
    constants: constants2,
    createCipheriv,
    createDecipheriv,
    createSign,
    createVerify,
    createPrivateKey,
    createPublicKey,
    createECDH,
    createDiffieHellman,
    generateKeyPair,
    generateKeyPairSync,
    pbkdf2,
    pbkdf2Sync,
    hkdf,
    hkdfSync,
    scrypt,
    scryptSync,
    sign,
    verify,
    publicEncrypt,
    privateDecrypt,
    getCiphers,
    getCurves,
    getFips
  };

  // src/checks.js
  init_globals();
  init_buffer();
  init_buffer();
  init_events();
  init_util();
  init_util();
  init_assert();

  // sobjects-node:assert/strict
  init_globals();
  init_assert();
  var { ok: ok2, equal, notEqual, strictEqual: strictEqual2, notStrictEqual: notStrictEqual2, deepEqual: deepEqual2, notDeepEqual, deepStrictEqual: deepStrictEqual2, notDeepStrictEqual: notDeepStrictEqual2, fail: fail2, ifError: ifError2, match: match2, doesNotMatch: doesNotMatch2, throws: throws2, doesNotThrow: doesNotThrow2, rejects: rejects2, doesNotReject: doesNotReject2, AssertionError: AssertionError2 } = strict;

  // src/checks.js
  init_path();
  init_stream();

  // sobjects-node:stream/promises
  init_globals();
  init_stream();
  var pipeline2 = promises.pipeline;
  var finished2 = promises.finished;

  // src/checks.js
  init_string_decoder();

  // sobjects-node:async_hooks
  init_globals();
  var current = /* @__PURE__ */ new Map();
  var patched = false;
  function bind(fn) {
    if (typeof fn !== "function" || current.size === 0) return fn;
    const ctx = current;
    return function(...args) {
      const saved = current;
      current = ctx;
      try {
        return Reflect.apply(fn, this, args);
      } finally {
        current = saved;
      }
    };
  }
  function patch() {
    if (patched) return;
    patched = true;
    const P = Promise.prototype, then = P.then;
    P.then = function(a, b) {
      return current.size === 0 ? then.call(this, a, b) : then.call(this, bind(a), bind(b));
    };
    for (const name of ["setTimeout", "setInterval", "queueMicrotask"]) {
      const f = globalThis[name];
      if (typeof f === "function") globalThis[name] = function(fn, ...rest) {
        return f.call(this, bind(fn), ...rest);
      };
    }
  }
  var AsyncLocalStorage = class {
    constructor() {
      this._enabled = false;
    }
    static bind(fn) {
      return bind(fn);
    }
    static snapshot() {
      const ctx = current;
      return (fn, ...args) => {
        const saved = current;
        current = ctx;
        try {
          return fn(...args);
        } finally {
          current = saved;
        }
      };
    }
    getStore() {
      return current.get(this);
    }
    run(store, fn, ...args) {
      patch();
      const saved = current;
      current = new Map(saved);
      current.set(this, store);
      try {
        return fn(...args);
      } finally {
        current = saved;
      }
    }
    exit(fn, ...args) {
      const saved = current;
      current = new Map(saved);
      current.delete(this);
      try {
        return fn(...args);
      } finally {
        current = saved;
      }
    }
    enterWith(store) {
      patch();
      current = new Map(current);
      current.set(this, store);
    }
    disable() {
      if (current.has(this)) {
        current = new Map(current);
        current.delete(this);
      }
    }
  };

  // src/checks.js
  init_process();
  var import_legacy = __toESM(require_legacy());
  init_timers();
  init_promises();

  // sobjects-node:querystring
  init_globals();
  var escape = (s) => encodeURIComponent(String(s));
  function unescape(s) {
    try {
      return decodeURIComponent(s);
    } catch {
      return s.replace(/%([0-9a-fA-F]{2})/g, (m, h2) => String.fromCharCode(parseInt(h2, 16)));
    }
  }
  function value(v) {
    if (typeof v === "string") return v;
    if (typeof v === "number" && isFinite(v) || typeof v === "bigint" || typeof v === "boolean") return String(v);
    return "";
  }
  function stringify(obj, sep2 = "&", eq = "=", options = {}) {
    const esc = options.encodeURIComponent || escape;
    if (obj === null || typeof obj !== "object") return "";
    const out = [];
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      const key = esc(value(k));
      if (Array.isArray(v)) for (const x of v) out.push(key + eq + esc(value(x)));
      else out.push(key + eq + esc(value(v)));
    }
    return out.join(sep2);
  }
  function parse2(qs, sep2 = "&", eq = "=", options = {}) {
    const out = /* @__PURE__ */ Object.create(null);
    if (typeof qs !== "string" || qs.length === 0) return out;
    const dec = options.decodeURIComponent || unescape;
    const max = options.maxKeys === void 0 ? 1e3 : options.maxKeys;
    let parts = qs.split(sep2);
    if (max > 0) parts = parts.slice(0, max);
    for (const part of parts) {
      if (part === "") continue;
      const i = part.indexOf(eq);
      const k = dec((i >= 0 ? part.slice(0, i) : part).replace(/\+/g, " "));
      const v = i >= 0 ? dec(part.slice(i + eq.length).replace(/\+/g, " ")) : "";
      if (k in out) {
        if (Array.isArray(out[k])) out[k].push(v);
        else out[k] = [out[k], v];
      } else {
        out[k] = v;
      }
    }
    return out;
  }
  var querystring_default = { parse: parse2, stringify, decode: parse2, encode: stringify, escape, unescape };

  // sobjects-node:url
  init_globals();
  init_errors();
  var URL = globalThis.URL;
  var URLSearchParams = globalThis.URLSearchParams;
  function fileURLToPath(u) {
    const url = typeof u === "string" ? new URL(u) : u;
    if (!(url instanceof URL)) throw invalidArgType("path", "of type string or an instance of URL", u);
    if (url.protocol !== "file:") throw error("ERR_INVALID_URL_SCHEME", "The URL must be of scheme file");
    if (url.hostname !== "") throw typeError("ERR_INVALID_FILE_URL_HOST", `File URL host must be "localhost" or empty on linux`);
    if (/%2f/i.test(url.pathname)) throw typeError("ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters");
    return decodeURIComponent(url.pathname);
  }
  function pathToFileURL(path2) {
    if (typeof path2 !== "string") throw invalidArgType("path", "of type string", path2);
    let p = path2.startsWith("/") ? path2 : "/" + path2;
    p = encodeURI(p).replace(/[?#]/g, encodeURIComponent);
    return new URL("file://" + p);
  }
  function domainToASCII(domain) {
    try {
      return new URL("http://" + domain).hostname;
    } catch {
      return "";
    }
  }
  var domainToUnicode = (domain) => String(domain);
  function urlToHttpOptions(url) {
    return {
      protocol: url.protocol,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash,
      search: url.search,
      pathname: url.pathname,
      path: `${url.pathname || ""}${url.search || ""}`,
      href: url.href,
      ...url.port !== "" ? { port: Number(url.port) } : {},
      ...url.username || url.password ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}
    };
  }
  function Url() {
    Object.assign(this, { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: null });
  }
  function parse3(s, parseQueryString = false) {
    if (typeof s !== "string") throw invalidArgType("url", "of type string", s);
    const out = new Url();
    const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:)?(\/\/)?(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(s.trim());
    if (!m) return out;
    const [, protocol, slashes, auth, host, pathname, search, hash2] = m;
    out.protocol = protocol ? protocol.toLowerCase() : null;
    out.slashes = slashes ? true : null;
    if (slashes || protocol && /^(https?|ftp|file|wss?):$/i.test(protocol)) {
      out.auth = auth !== void 0 ? decodeURIComponent(auth) : null;
      out.host = host.toLowerCase();
      const pm = /^(.*?)(?::(\d*))?$/.exec(out.host);
      out.hostname = pm[1];
      out.port = pm[2] !== void 0 && pm[2] !== "" ? pm[2] : null;
      out.pathname = pathname || (slashes ? "/" : null);
    } else {
      out.pathname = (host || "") + (pathname || "") || null;
    }
    out.search = search || (parseQueryString ? "" : null);
    out.query = parseQueryString ? querystring_default.parse(search ? search.slice(1) : "") : search ? search.slice(1) : null;
    out.hash = hash2 || null;
    out.path = (out.pathname || "") + (out.search || "") || null;
    out.href = format3(out);
    return out;
  }
  function format3(u) {
    if (typeof u === "string") u = parse3(u);
    if (u instanceof URL) return u.href;
    let auth = u.auth ? encodeURIComponent(u.auth).replace(/%3A/i, ":") + "@" : "";
    let host = u.host ? u.host : u.hostname ? u.hostname + (u.port ? ":" + u.port : "") : "";
    const protocol = u.protocol ? u.protocol.endsWith(":") ? u.protocol : u.protocol + ":" : "";
    let search = u.search || (u.query && typeof u.query === "object" && Object.keys(u.query).length ? "?" + querystring_default.stringify(u.query) : typeof u.query === "string" && u.query ? "?" + u.query : "");
    if (search && !search.startsWith("?")) search = "?" + search;
    let hash2 = u.hash || "";
    if (hash2 && !hash2.startsWith("#")) hash2 = "#" + hash2;
    let pathname = u.pathname || "";
    const slashes = u.slashes || /^(https?|ftp|file|wss?):$/.test(protocol);
    if (slashes && (host || protocol === "file:")) {
      if (pathname && !pathname.startsWith("/")) pathname = "/" + pathname;
      host = "//" + auth + host;
      auth = "";
    } else {
      host = auth + host;
    }
    return protocol + host + pathname.replace(/[?#]/g, encodeURIComponent) + search.replace("#", "%23") + hash2;
  }
  function resolve2(from, to) {
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(from)) return new URL(to, from).href;
    const base = new URL(from, "http://resolve.invalid/");
    const r = new URL(to, base);
    if (r.origin !== base.origin) return r.href;
    const path2 = r.pathname + r.search + r.hash;
    return from.startsWith("/") ? path2 : path2.slice(1);
  }
  var resolveObject = (from, to) => parse3(resolve2(from, to));
  var toPathIfFileURL = (u) => u instanceof URL || typeof u === "string" && u.startsWith("file:") ? fileURLToPath(u) : u;
  var url_default = { URL, URLSearchParams, fileURLToPath, pathToFileURL, domainToASCII, domainToUnicode, urlToHttpOptions, Url, parse: parse3, format: format3, resolve: resolve2, resolveObject, toPathIfFileURL };

  // src/checks.js
  function caught(f) {
    try {
      f();
      return "no error";
    } catch (e) {
      return { name: e.name, code: e.code, message: e.message };
    }
  }
  var checks = {
    buffer() {
      const b = Buffer2.from("héllo wörld");
      const n = Buffer2.alloc(12);
      n.writeUInt32BE(3735928559, 0);
      n.writeUInt16LE(4660, 4);
      n.writeInt8(-2, 6);
      n.writeBigUInt64LE(0x0102030405n, 4);
      return {
        global: typeof Buffer2 === "function" && Buffer2 === Buffer2 && Buffer2 === Buffer2,
        isUint8Array: b instanceof Uint8Array,
        length: b.length,
        byteLength: Buffer2.byteLength("héllo"),
        utf8: b.toString(),
        hex: b.toString("hex"),
        base64: b.toString("base64"),
        base64url: Buffer2.from([251, 255, 254]).toString("base64url"),
        latin1: Buffer2.from("héllo", "latin1").toString("hex"),
        ascii: Buffer2.from([104, 233]).toString("ascii"),
        utf16le: Buffer2.from("hi", "utf16le").toString("hex"),
        fromHex: Buffer2.from("68656c6c6fzz", "hex").toString(),
        fromBase64: Buffer2.from("aGVsbG8gd29ybGQ", "base64").toString(),
        fromBase64url: Buffer2.from("-_-_", "base64url").toString("hex"),
        fromArray: Buffer2.from([1, 2, 256, -1]).toJSON(),
        concat: Buffer2.concat([Buffer2.from("ab"), Buffer2.from("cd")], 3).toString(),
        compare: [Buffer2.compare(Buffer2.from("a"), Buffer2.from("b")), Buffer2.from("b").compare(Buffer2.from("a")), Buffer2.from("x").equals(Buffer2.from("x"))],
        isBuffer: [Buffer2.isBuffer(b), Buffer2.isBuffer(new Uint8Array(1))],
        sliceShares: (() => {
          const s = b.slice(0, 1);
          s[0] = 72;
          return b.toString().slice(0, 1);
        })(),
        subarray: b.subarray(1, 3).toString("hex"),
        write: (() => {
          const w2 = Buffer2.alloc(6);
          const k = w2.write("hé!", 1);
          return [k, w2.toString("hex")];
        })(),
        writeCut: (() => {
          const w2 = Buffer2.alloc(2);
          return [w2.write("é€"), w2.toString("hex")];
        })(),
        ints: [n.readUInt32BE(0), n.readUInt16LE(4), n.readInt8(6), n.readUInt32LE(0), n.readInt16BE(0), n.toString("hex")],
        bigints: [String(n.readBigUInt64LE(4)), String(n.readBigUInt64BE(4)), String(Buffer2.from("ffffffffffffffff", "hex").readBigInt64LE(0))],
        doubles: (() => {
          const d = Buffer2.alloc(8);
          d.writeDoubleLE(1.5);
          return [d.toString("hex"), d.readDoubleLE(0)];
        })(),
        indexOf: [b.indexOf("l"), b.lastIndexOf("l"), b.indexOf(Buffer2.from("wö")), b.includes("xyz"), b.indexOf(111, 5)],
        fill: [Buffer2.alloc(5, "ab").toString(), Buffer2.alloc(4).fill(7, 1, 3).toString("hex")],
        copy: (() => {
          const t = Buffer2.alloc(4, "-");
          const k = Buffer2.from("xyz").copy(t, 1, 1);
          return [k, t.toString()];
        })(),
        json: JSON.stringify(Buffer2.from("hi")),
        inspect: util_default.inspect(Buffer2.from("hi")),
        errors: [
          caught(() => Buffer2.from({})),
          caught(() => Buffer2.alloc(-1)),
          caught(() => Buffer2.alloc(2).readUInt32LE(0)),
          caught(() => Buffer2.alloc(4).writeUInt8(300, 0)),
          caught(() => Buffer2.from("x", "nope"))
        ]
      };
    },
    events() {
      const e = new events_default();
      const seen = [];
      e.on("x", (a, b) => seen.push(`on:${a}${b}`));
      e.once("x", (a) => seen.push(`once:${a}`));
      e.prependListener("x", () => seen.push("first"));
      const r1 = e.emit("x", 1, 2);
      e.emit("x", 3, 4);
      const r2 = e.emit("nothing");
      class Sub extends events_default {
      }
      const s = new Sub();
      const noListener = caught(() => s.emit("error", new TypeError("boom")));
      e.off("x", e.listeners("x")[0]);
      return { seen, r1, r2, count: e.listenerCount("x"), names: e.eventNames(), noListener, isEmitter: s instanceof events_default, max: e.getMaxListeners() };
    },
    eventsOnce() {
      return __async(this, null, function* () {
        const e = new events_default();
        setTimeout(() => e.emit("ready", 42, "x"), 1);
        return { args: yield once(e, "ready") };
      });
    },
    util() {
      const circular = { name: "c" };
      circular.self = circular;
      class Point {
        constructor() {
          this.x = 1;
          this.y = 2;
        }
      }
      return {
        inspect: [
          inspect({ a: 1, b: "two", c: [1, 2, 3], d: { e: { f: { g: 1 } } } }),
          inspect("it's"),
          inspect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]),
          inspect(/* @__PURE__ */ new Map([["k", 1]])),
          inspect(/* @__PURE__ */ new Set([1, "a"])),
          inspect(circular),
          inspect(new Point()),
          inspect(null),
          inspect([void 0, null, -0, 10n, /* @__PURE__ */ Symbol("s")]),
          inspect(function named() {
          }),
          inspect(class K {
          }),
          inspect({ "a-b": 1, [/* @__PURE__ */ Symbol("k")]: 2 }),
          inspect(new Uint8Array([1, 2])),
          inspect({ long: "x".repeat(80), other: 1 }),
          inspect(/* @__PURE__ */ Object.create(null)),
          inspect([[]]),
          inspect({}),
          inspect(/* @__PURE__ */ new Date(0)),
          inspect(/re/g)
        ],
        format: [
          format("%s is %d years and %i, %f", "Bob", 42.5, 42.5, "1.5"),
          format("%j %o", { a: 1 }, [1]),
          format("%s %s", "only"),
          format("100%% %s", "sure", "extra", 3),
          format(1, "a", { b: 2 }),
          format("%O", { x: [1] })
        ],
        types: [util_default.types.isDate(/* @__PURE__ */ new Date()), util_default.types.isRegExp(/x/), util_default.types.isPromise(Promise.resolve()), util_default.types.isUint8Array(Buffer2.alloc(1))],
        deep: [util_default.isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), util_default.isDeepStrictEqual({ a: 1 }, { a: "1" })],
        inherits: (() => {
          function A() {
          }
          function B() {
          }
          util_default.inherits(B, A);
          return new B() instanceof A && B.super_ === A;
        })()
      };
    },
    utilPromisify() {
      return __async(this, null, function* () {
        const cb = (x, done) => setTimeout(() => x ? done(null, x * 2) : done(new Error("zero")), 1);
        const p = promisify(cb);
        let rejected;
        try {
          yield p(0);
        } catch (e) {
          rejected = e.message;
        }
        const back = yield new Promise((resolve3) => util_default.callbackify((x) => __async(null, null, function* () {
          return x + 1;
        }))(1, (err, v) => resolve3([err, v])));
        return { value: yield p(21), rejected, back };
      });
    },
    assert() {
      assert_default(true);
      assert_default.ok(1);
      assert_default.equal(1, 1);
      assert_default.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] });
      assert_default.throws(() => {
        throw new TypeError("x");
      }, TypeError);
      strictEqual2(1, 1);
      const failures = [
        caught(() => assert_default.strictEqual(1, 2)),
        caught(() => assert_default.deepStrictEqual({ a: 1 }, { a: 2 })),
        caught(() => assert_default(false, "custom message")),
        caught(() => assert_default.throws(() => {
        })),
        caught(() => assert_default.notStrictEqual(1, 1)),
        caught(() => assert_default.fail("boom")),
        caught(() => assert_default.match("abc", /x/)),
        caught(() => assert_default.equal(1, "1")),
        caught(() => assert_default.deepEqual({ a: 1 }, { a: "1" })),
        caught(() => assert_default())
      ].map((f) => ({ name: f.name, code: f.code }));
      const e = (() => {
        try {
          assert_default.strictEqual(1, 2);
        } catch (err) {
          return err;
        }
      })();
      return { failures, fields: [e.actual, e.expected, e.operator, e instanceof assert_default.AssertionError, e instanceof Error] };
    },
    path() {
      return {
        join: path_default.join("/a", "b/../c", "./d.txt"),
        resolve: [path_default.resolve("/x", "y", "..", "z"), path_default.resolve("a/b")],
        normalize: [path_default.normalize("/a//b/../c/."), path_default.normalize("a/../.."), path_default.normalize("")],
        relative: path_default.relative("/data/a/b", "/data/c"),
        dirname: [path_default.dirname("/a/b/c.txt"), path_default.dirname("c.txt"), path_default.dirname("/")],
        basename: [path_default.basename("/a/b/c.txt"), path_default.basename("/a/b/c.txt", ".txt"), path_default.basename("/a/b/")],
        extname: [path_default.extname("x.tar.gz"), path_default.extname(".profile"), path_default.extname("a.")],
        parse: path_default.parse("/home/u/file.txt"),
        format: path_default.format({ dir: "/tmp", name: "f", ext: ".js" }),
        isAbsolute: [path_default.isAbsolute("/a"), path_default.isAbsolute("a")],
        sep: [path_default.sep, path_default.delimiter, path_default.posix === path_default],
        bad: caught(() => path_default.join("a", 1))
      };
    },
    stream() {
      return __async(this, null, function* () {
        const r = Readable.from(["a", "b", "c"]);
        const got = [];
        try {
          for (var iter = __forAwait(r), more, temp, error2; more = !(temp = yield iter.next()).done; more = false) {
            const c = temp.value;
            got.push(c);
          }
        } catch (temp) {
          error2 = [temp];
        } finally {
          try {
            more && (temp = iter.return) && (yield temp.call(iter));
          } finally {
            if (error2)
              throw error2[0];
          }
        }
        const upper = new Transform({ transform(chunk, enc, cb) {
          cb(null, chunk.toString().toUpperCase());
        } });
        const sink = [];
        const w2 = new Writable({ write(chunk, enc, cb) {
          sink.push(chunk.toString());
          cb();
        } });
        yield pipeline2(Readable.from(["x", "y"]), upper, w2);
        const events = [];
        const src = new Readable({ read() {
        } });
        src.on("data", (d) => events.push("data:" + d));
        src.on("end", () => events.push("end"));
        src.push("1");
        src.push("2");
        src.push(null);
        yield new Promise((resolve3) => src.on("close", resolve3));
        const pass = new PassThrough();
        const passed = [];
        pass.on("data", (d) => passed.push(d.toString()));
        pass.write("p");
        pass.end("q");
        yield new Promise((resolve3) => pass.on("finish", resolve3));
        const failed = yield new Promise((resolve3) => pipeline(Readable.from(["z"]), new Transform({ transform(c, e, cb) {
          cb(new Error("bad chunk"));
        } }), new PassThrough(), (err) => resolve3(err && err.message)));
        const finishOrder = [];
        const w22 = new Writable({ write(c, e, cb) {
          finishOrder.push("write");
          cb();
        }, final(cb) {
          finishOrder.push("final");
          cb();
        } });
        w22.on("finish", () => finishOrder.push("finish"));
        w22.write("a");
        w22.end();
        yield new Promise((resolve3) => w22.on("close", resolve3));
        return { got, sink, events, passed, failed, finishOrder, afterEnd: yield new Promise((resolve3) => w22.write("late", (err) => resolve3(err && err.code))) };
      });
    },
    stringDecoder() {
      const d = new StringDecoder("utf8");
      const euro = Buffer2.from("€");
      const parts = [d.write(euro.subarray(0, 1)), d.write(euro.subarray(1, 2)), d.write(euro.subarray(2)), d.end(Buffer2.from([226]))];
      const h2 = new StringDecoder("hex");
      const b = new StringDecoder("base64");
      return { parts, hex: h2.write(Buffer2.from([1, 255])), base64: [b.write(Buffer2.from("ab")), b.write(Buffer2.from("c")), b.end()], encoding: new StringDecoder("UTF-8").encoding, bad: caught(() => new StringDecoder("nope")) };
    },
    crypto() {
      const hashes = {};
      for (const a of ["md5", "sha1", "sha256", "sha384", "sha512"]) hashes[a] = createHash(a).update("abc").digest("hex");
      const h2 = createHash("sha256").update("a").update(Buffer2.from("b")).update(new Uint8Array([99]));
      const copy = h2.copy();
      const uuid = randomUUID();
      const rnd = randomBytes(16);
      return {
        hashes,
        chunked: h2.digest("base64"),
        copy: copy.digest().length,
        bufferDigest: Buffer2.isBuffer(createHash("sha1").update("").digest()),
        hmac: createHmac("sha256", "key").update("The quick brown fox jumps over the lazy dog").digest("hex"),
        hmacLongKey: createHmac("sha512", "k".repeat(200)).update("x").digest("base64").length,
        hmacMd5: createHmac("md5", Buffer2.from("key")).update("data").digest("hex"),
        oneShot: crypto_default.hash ? crypto_default.hash("sha1", "abc") : null,
        randomBytes: [rnd.length, Buffer2.isBuffer(rnd), randomBytes(16).equals(rnd)],
        uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid),
        timingSafeEqual: [timingSafeEqual(Buffer2.from("abc"), Buffer2.from("abc")), timingSafeEqual(Buffer2.from("abc"), Buffer2.from("abd"))],
        getRandomValues: crypto_default.getRandomValues(new Uint8Array(8)).length,
        webcrypto: crypto_default.webcrypto === globalThis.crypto && typeof crypto_default.subtle.digest === "function",
        errors: [
          caught(() => createHash("sha3-999")),
          caught(() => timingSafeEqual(Buffer2.from("a"), Buffer2.from("ab"))),
          caught(() => {
            const x = createHash("md5");
            x.digest();
            x.digest();
          }),
          caught(() => randomBytes(-1))
        ]
      };
    },
    asyncHooks() {
      return __async(this, null, function* () {
        const als = new AsyncLocalStorage();
        const sync = als.run({ id: 1 }, () => als.getStore().id);
        const nested = als.run(1, () => [als.getStore(), als.run(2, () => als.getStore()), als.getStore(), als.exit(() => als.getStore())]);
        const timer = yield als.run("t", () => new Promise((resolve3) => setTimeout(() => resolve3(als.getStore()), 1)));
        const then = yield als.run("p", () => Promise.resolve().then(() => als.getStore()));
        const microtask = yield als.run("m", () => new Promise((resolve3) => queueMicrotask(() => resolve3(als.getStore()))));
        const tick2 = yield als.run("n", () => new Promise((resolve3) => process_default.nextTick(() => resolve3(als.getStore()))));
        const two = new AsyncLocalStorage();
        const both = als.run("a", () => two.run("b", () => [als.getStore(), two.getStore()]));
        const afterAwait = yield als.run("w", () => __async(null, null, function* () {
          yield null;
          yield new Promise((resolve3) => setTimeout(resolve3, 1));
          return als.getStore();
        }));
        const concurrent = yield Promise.all(["x", "y"].map((v, i) => als.run(v, () => __async(null, null, function* () {
          yield new Promise((resolve3) => setTimeout(resolve3, 3 - i));
          const first = als.getStore();
          yield null;
          return [first, als.getStore()];
        }))));
        return { sync, nested, timer, then, microtask, tick: tick2, both, afterAwait, concurrent, outside: als.getStore() === void 0 };
      });
    },
    process() {
      process_default.env.SET = 5;
      return {
        global: typeof globalThis.process === "object" && process_default === globalThis.process,
        env: { GREETING: process_default.env.GREETING, LIMIT: process_default.env.LIMIT, SET: process_default.env.SET, missing: process_default.env.MISSING === void 0 },
        platform: process_default.platform,
        nextTick: typeof process_default.nextTick
      };
    },
    commonJS() {
      const l = new import_legacy.default.Legacy();
      let got = null;
      l.on("pong", (v) => got = v);
      l.ping();
      return { kinds: import_legacy.default.kinds, got };
    },
    timersUrlQuerystring() {
      return __async(this, null, function* () {
        const imm = yield new Promise((resolve3) => setImmediate((v) => resolve3(v), "immediate"));
        const ac = new AbortController();
        const p = setTimeout2(1e3, "late", { signal: ac.signal });
        ac.abort();
        let aborted3;
        try {
          yield p;
        } catch (e) {
          aborted3 = [e.name, e.code];
        }
        return {
          imm,
          slept: yield setTimeout2(1, "slept"),
          aborted: aborted3,
          parse: JSON.stringify(querystring_default.parse("a=1&b=2&a=3&c=%20x+y&d")),
          stringify: querystring_default.stringify({ a: [1, 2], b: "x y", c: "!*'()", d: null }),
          fileURLToPath: fileURLToPath("file:///a/b%20c"),
          legacy: url_default.parse("https://user:pw@Example.com:8080/p/a?x=1#h").hostname,
          resolve: [url_default.resolve("http://a.com/b/c", "../d"), url_default.resolve("/one/two", "three")],
          format: url_default.format({ protocol: "https", hostname: "a.com", pathname: "/x", query: { q: "1 2" } })
        };
      });
    },
    globals() {
      return __async(this, null, function* () {
        const imm = yield new Promise((resolve3) => setImmediate(resolve3, "immediate"));
        return { global: typeof global, isGlobalThis: global === globalThis, imm, clearImmediate: typeof clearImmediate, Buffer: typeof Buffer2, process: typeof process_default };
      });
    },
    nextTickOrder() {
      return __async(this, null, function* () {
        const order = [];
        setTimeout(() => order.push("timeout"), 0);
        process_default.nextTick((a) => order.push("tick:" + a), "x");
        Promise.resolve().then(() => order.push("then"));
        order.push("sync");
        yield new Promise((resolve3) => setTimeout(resolve3, 5));
        return order;
      });
    }
  };

  // src/index.js
  var Node = class extends DurableObject {
    check(name) {
      return __async(this, null, function* () {
        return yield checks[name]();
      });
    }
    // hash is the digest of text repeated times, in hex, by createHash or, with key, by
    // createHmac; and of its base64 round trip through Buffer.
    hash({ algorithm, key, text, times }) {
      const data = text.repeat(times);
      const h2 = key === void 0 ? createHash(algorithm) : createHmac(algorithm, key);
      const b64 = Buffer2.from(data).toString("base64");
      return { hex: h2.update(data).digest("hex"), roundTrip: Buffer2.from(b64, "base64").toString() === data, b64Length: b64.length };
    }
  };
  var index_default = {
    fetch() {
      return __async(this, null, function* () {
        const out = {};
        for (const [name, f] of Object.entries(checks)) {
          try {
            out[name] = yield f();
          } catch (e) {
            out[name] = { threw: String(e && e.stack) };
          }
        }
        return Response.json(out);
      });
    }
  };
  return __toCommonJS(index_exports);
})();
//# sourceMappingURL=data:application/json;base64,eyJtYXBwaW5ncyI6Ijs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O0FBQUEsTUFJTSxHQUVPLFFBQ0EsV0FDQTtBQVJiO0FBQUE7QUFBQTtBQUlBLE1BQU0sSUFBSSxXQUFXLG1CQUFtQixDQUFDO0FBQ3pDLGFBQU8sV0FBVztBQUNYLE1BQU0sU0FBUyxFQUFFO0FBQ2pCLE1BQU0sWUFBWSxFQUFFO0FBQ3BCLE1BQU0sWUFBWSxFQUFFO0FBQUE7QUFBQTs7O0FDTjNCLFdBQVMsTUFBTSxNQUFNLE1BQU0sU0FBUztBQUNsQyxVQUFNLElBQUksSUFBSSxLQUFLLE9BQU87QUFDMUIsV0FBTyxlQUFlLEdBQUcsUUFBUSxFQUFFLE9BQU8sTUFBTSxVQUFVLE1BQU0sY0FBYyxNQUFNLFlBQVksS0FBSyxDQUFDO0FBQ3RHLFdBQU87QUFBQSxFQUNUO0FBTU8sV0FBUyxTQUFTLEdBQUc7QUFDMUIsUUFBSSxLQUFLLEtBQU0sUUFBTyxhQUFhLENBQUM7QUFDcEMsUUFBSSxPQUFPLE1BQU0sV0FBWSxRQUFPLHNCQUFzQixFQUFFLFFBQVEsYUFBYTtBQUNqRixRQUFJLE9BQU8sTUFBTSxTQUFVLFFBQU8sRUFBRSxlQUFlLEVBQUUsWUFBWSxPQUFPLDRCQUE0QixFQUFFLFlBQVksSUFBSSxLQUFLLGVBQWUsT0FBTyxDQUFDO0FBQ2xKLFFBQUksSUFBSSxPQUFPLE1BQU0sV0FBVyxJQUFJLEVBQUUsU0FBUyxLQUFLLEVBQUUsTUFBTSxHQUFHLEVBQUUsSUFBSSxRQUFRLENBQUMsTUFBTSxPQUFPLENBQUM7QUFDNUYsUUFBSSxPQUFPLE1BQU0sU0FBVSxNQUFLO0FBQ2hDLFdBQU8sa0JBQWtCLE9BQU8sQ0FBQyxLQUFLLENBQUM7QUFBQSxFQUN6QztBQW5CQSxNQU9hLFdBQ0EsWUFDQSxPQVlBLGdCQUNBLFlBQ0E7QUF2QmI7QUFBQTtBQUFBO0FBT08sTUFBTSxZQUFZLENBQUMsTUFBTSxZQUFZLE1BQU0sV0FBVyxNQUFNLE9BQU87QUFDbkUsTUFBTSxhQUFhLENBQUMsTUFBTSxZQUFZLE1BQU0sWUFBWSxNQUFNLE9BQU87QUFDckUsTUFBTSxRQUFRLENBQUMsTUFBTSxZQUFZLE1BQU0sT0FBTyxNQUFNLE9BQU87QUFZM0QsTUFBTSxpQkFBaUIsQ0FBQyxNQUFNLFVBQVUsTUFBTSxVQUFVLHdCQUF3QixRQUFRLElBQUksc0JBQXNCLFFBQVEsSUFBSSxTQUFTLENBQUMsQ0FBQyxFQUFFO0FBQzNJLE1BQU0sYUFBYSxDQUFDLE1BQU0sT0FBTyxNQUFNLFdBQVcsb0JBQW9CLGlCQUFpQixJQUFJLGlDQUFpQyxLQUFLLGNBQWMsT0FBTyxNQUFNLFdBQVcsSUFBSSxNQUFNLENBQUMsRUFBRTtBQUNwTCxNQUFNLGVBQWUsQ0FBQyxTQUFTLE1BQU0sOEJBQThCLE9BQU8sSUFBSSw0QkFBNEI7QUFBQTtBQUFBOzs7QUN2QmpIO0FBQUE7QUFBQTtBQUFBLGtCQUFBQTtBQUFBLElBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQWdCQSxXQUFTLFdBQVcsR0FBRztBQUNyQixZQUFRLE9BQU8sQ0FBQyxFQUFFLFlBQVksR0FBRztBQUFBLE1BQy9CLEtBQUs7QUFBQSxNQUFRLEtBQUs7QUFBUyxlQUFPO0FBQUEsTUFDbEMsS0FBSztBQUFPLGVBQU87QUFBQSxNQUNuQixLQUFLO0FBQVUsZUFBTztBQUFBLE1BQ3RCLEtBQUs7QUFBYSxlQUFPO0FBQUEsTUFDekIsS0FBSztBQUFBLE1BQVUsS0FBSztBQUFVLGVBQU87QUFBQSxNQUNyQyxLQUFLO0FBQVMsZUFBTztBQUFBLE1BQ3JCLEtBQUs7QUFBQSxNQUFRLEtBQUs7QUFBQSxNQUFTLEtBQUs7QUFBQSxNQUFXLEtBQUs7QUFBWSxlQUFPO0FBQUEsSUFDckU7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsU0FBUyxHQUFHO0FBQ25CLFFBQUksTUFBTSxVQUFhLE1BQU0sS0FBTSxRQUFPO0FBQzFDLFVBQU0sSUFBSSxPQUFPLE1BQU0sV0FBVyxXQUFXLENBQUMsSUFBSTtBQUNsRCxRQUFJLENBQUMsRUFBRyxPQUFNLFVBQVUsd0JBQXdCLHFCQUFxQixDQUFDLEVBQUU7QUFDeEUsV0FBTztBQUFBLEVBQ1Q7QUFPQSxXQUFTLFlBQVksR0FBRztBQUN0QixVQUFNLEtBQUssRUFBRSxRQUFRLEdBQUc7QUFDeEIsUUFBSSxNQUFNLEVBQUcsS0FBSSxFQUFFLE1BQU0sR0FBRyxFQUFFO0FBQzlCLFFBQUksRUFBRSxRQUFRLHFCQUFxQixFQUFFLEVBQUUsUUFBUSxNQUFNLEdBQUcsRUFBRSxRQUFRLE1BQU0sR0FBRztBQUMzRSxRQUFJLEVBQUUsU0FBUyxNQUFNLEVBQUcsS0FBSSxFQUFFLE1BQU0sR0FBRyxFQUFFO0FBQ3pDLFdBQU8sRUFBRSxXQUFXLElBQUksSUFBSSxXQUFXLENBQUMsSUFBSSxVQUFVLENBQUM7QUFBQSxFQUN6RDtBQUdBLFdBQVMsUUFBUSxHQUFHLEtBQUs7QUFDdkIsWUFBUSxLQUFLO0FBQUEsTUFDWCxLQUFLO0FBQVEsZUFBTyxZQUFZLE9BQU8sQ0FBQztBQUFBLE1BQ3hDLEtBQUs7QUFBQSxNQUFVLEtBQUs7QUFBYSxlQUFPLFlBQVksQ0FBQztBQUFBLE1BQ3JELEtBQUssT0FBTztBQUNWLGNBQU0sSUFBSSxFQUFFLFdBQVcsR0FBRyxNQUFNLElBQUksV0FBVyxDQUFDO0FBQ2hELFlBQUksSUFBSTtBQUNSLGVBQU8sSUFBSSxHQUFHLEtBQUs7QUFDakIsZ0JBQU0sS0FBSyxTQUFTLEVBQUUsV0FBVyxJQUFJLENBQUMsQ0FBQyxHQUFHLEtBQUssU0FBUyxFQUFFLFdBQVcsSUFBSSxJQUFJLENBQUMsQ0FBQztBQUMvRSxjQUFJLEtBQUssS0FBSyxLQUFLLEVBQUc7QUFDdEIsY0FBSSxDQUFDLElBQUssTUFBTSxJQUFLO0FBQUEsUUFDdkI7QUFDQSxlQUFPLE1BQU0sSUFBSSxNQUFNLElBQUksU0FBUyxHQUFHLENBQUM7QUFBQSxNQUMxQztBQUFBLE1BQ0EsS0FBSztBQUFBLE1BQVUsS0FBSyxTQUFTO0FBQzNCLGNBQU0sTUFBTSxJQUFJLFdBQVcsRUFBRSxNQUFNO0FBQ25DLGlCQUFTLElBQUksR0FBRyxJQUFJLEVBQUUsUUFBUSxJQUFLLEtBQUksQ0FBQyxJQUFJLEVBQUUsV0FBVyxDQUFDO0FBQzFELGVBQU87QUFBQSxNQUNUO0FBQUEsTUFDQSxLQUFLLFdBQVc7QUFDZCxjQUFNLE1BQU0sSUFBSSxXQUFXLEVBQUUsU0FBUyxDQUFDO0FBQ3ZDLGlCQUFTLElBQUksR0FBRyxJQUFJLEVBQUUsUUFBUSxLQUFLO0FBQUUsZ0JBQU0sSUFBSSxFQUFFLFdBQVcsQ0FBQztBQUFHLGNBQUksSUFBSSxDQUFDLElBQUk7QUFBRyxjQUFJLElBQUksSUFBSSxDQUFDLElBQUksS0FBSztBQUFBLFFBQUc7QUFDekcsZUFBTztBQUFBLE1BQ1Q7QUFBQSxJQUNGO0FBQUEsRUFDRjtBQUVBLFdBQVMsVUFBVSxHQUFHLE1BQU07QUFDMUIsUUFBSSxJQUFJO0FBQ1IsYUFBUyxJQUFJLEdBQUcsSUFBSSxFQUFFLFFBQVEsS0FBSyxNQUFNO0FBQ3ZDLFlBQU0sT0FBTyxFQUFFLFNBQVMsR0FBRyxLQUFLLElBQUksSUFBSSxNQUFNLEVBQUUsTUFBTSxDQUFDO0FBQ3ZELFdBQUssT0FBTyxhQUFhLE1BQU0sTUFBTSxTQUFTLE1BQU8sT0FBTyxNQUFNLEtBQUssTUFBTSxDQUFDLE1BQU0sSUFBSSxJQUFJLENBQUM7QUFBQSxJQUMvRjtBQUNBLFdBQU87QUFBQSxFQUNUO0FBR0EsV0FBUyxPQUFPLEdBQUcsS0FBSztBQUN0QixZQUFRLEtBQUs7QUFBQSxNQUNYLEtBQUs7QUFBUSxlQUFPLFlBQVksT0FBTyxDQUFDO0FBQUEsTUFDeEMsS0FBSztBQUFVLGVBQU8sRUFBRSxTQUFTLFVBQVUsQ0FBQyxJQUFJO0FBQUEsTUFDaEQsS0FBSztBQUFhLGVBQU8sRUFBRSxTQUFTLFVBQVUsQ0FBQyxFQUFFLFFBQVEsT0FBTyxHQUFHLEVBQUUsUUFBUSxPQUFPLEdBQUcsRUFBRSxRQUFRLE9BQU8sRUFBRSxJQUFJO0FBQUEsTUFDOUcsS0FBSyxPQUFPO0FBQUUsWUFBSSxJQUFJO0FBQUksaUJBQVMsSUFBSSxHQUFHLElBQUksRUFBRSxRQUFRLElBQUssTUFBSyxJQUFJLEVBQUUsQ0FBQyxDQUFDO0FBQUcsZUFBTztBQUFBLE1BQUc7QUFBQSxNQUN2RixLQUFLO0FBQVUsZUFBTyxVQUFVLEdBQUcsR0FBSTtBQUFBLE1BQ3ZDLEtBQUs7QUFBUyxlQUFPLFVBQVUsR0FBRyxHQUFJO0FBQUEsTUFDdEMsS0FBSyxXQUFXO0FBQ2QsWUFBSSxJQUFJO0FBQ1IsaUJBQVMsSUFBSSxHQUFHLElBQUksSUFBSSxFQUFFLFFBQVEsS0FBSyxFQUFHLE1BQUssT0FBTyxhQUFhLEVBQUUsQ0FBQyxJQUFLLEVBQUUsSUFBSSxDQUFDLEtBQUssQ0FBRTtBQUN6RixlQUFPO0FBQUEsTUFDVDtBQUFBLElBQ0Y7QUFBQSxFQUNGO0FBRUEsV0FBUyxZQUFZLEtBQUssUUFBUSxHQUFHO0FBQ25DLFFBQUksV0FBVyxPQUFXLFVBQVM7QUFDbkMsUUFBSSxPQUFPLFdBQVcsU0FBVSxPQUFNLGVBQWUsVUFBVSxrQkFBa0IsTUFBTTtBQUN2RixRQUFJLENBQUMsT0FBTyxVQUFVLE1BQU0sS0FBSyxTQUFTLEtBQUssU0FBUyxJQUFJLElBQUksUUFBUTtBQUN0RSxVQUFJLElBQUksU0FBUyxJQUFJLEVBQUcsT0FBTSxXQUFXLDRCQUE0QixnREFBZ0Q7QUFDckgsWUFBTSxXQUFXLFVBQVUsT0FBTyxVQUFVLE1BQU0sSUFBSSxlQUFlLElBQUksU0FBUyxDQUFDLEtBQUssY0FBYyxNQUFNO0FBQUEsSUFDOUc7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsU0FBU0MsUUFBTyxLQUFLLEtBQUssR0FBRztBQUNwQyxRQUFJLE9BQU9BLFdBQVUsU0FBVSxPQUFNLGVBQWUsU0FBUyxrQkFBa0JBLE1BQUs7QUFDcEYsUUFBSUEsU0FBUSxPQUFPQSxTQUFRLE9BQU8sT0FBTyxNQUFNQSxNQUFLLEdBQUc7QUFDckQsWUFBTSxRQUFRLElBQUksSUFBSSxNQUFNLEdBQUcsZUFBZSxJQUFJLENBQUMsS0FBSyxNQUFNLEdBQUcsV0FBVyxHQUFHO0FBQy9FLFlBQU0sV0FBVyxTQUFTLE9BQU9BLE1BQUs7QUFBQSxJQUN4QztBQUFBLEVBQ0Y7QUF5UkEsV0FBUyxVQUFVLE1BQU07QUFDdkIsUUFBSSxPQUFPLFNBQVMsU0FBVSxPQUFNLGVBQWUsUUFBUSxrQkFBa0IsSUFBSTtBQUNqRixRQUFJLE9BQU8sTUFBTSxJQUFJLEVBQUcsT0FBTSxXQUFXLHlCQUF5Qiw0Q0FBNEMsSUFBSSxFQUFFO0FBQ3BILFFBQUksT0FBTyxFQUFHLE9BQU0sSUFBSSxXQUFXLCtCQUErQixJQUFJLEVBQUU7QUFDeEUsUUFBSSxFQUFFLFFBQVEsWUFBYSxPQUFNLFdBQVcsUUFBUSxjQUFjLFVBQVUsSUFBSSxJQUFJO0FBQUEsRUFDdEY7QUFDQSxXQUFTLGNBQWMsR0FBRztBQUN4QixVQUFNLElBQUksRUFBRSxTQUFTLElBQUksRUFBRSxXQUFXLElBQUk7QUFDMUMsVUFBTSxNQUFNLElBQUlELFFBQU8sQ0FBQztBQUN4QixhQUFTLElBQUksR0FBRyxJQUFJLEdBQUcsSUFBSyxLQUFJLENBQUMsSUFBSSxFQUFFLENBQUMsSUFBSTtBQUM1QyxXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsYUFBYSxHQUFHLElBQUksSUFBSSxHQUFHLElBQUksSUFBSTtBQUMxQyxVQUFNLElBQUksS0FBSyxJQUFJLEtBQUssSUFBSSxLQUFLLEVBQUU7QUFDbkMsYUFBUyxJQUFJLEdBQUcsSUFBSSxHQUFHLEtBQUs7QUFDMUIsVUFBSSxFQUFFLEtBQUssQ0FBQyxNQUFNLEVBQUUsS0FBSyxDQUFDLEVBQUcsUUFBTyxFQUFFLEtBQUssQ0FBQyxJQUFJLEVBQUUsS0FBSyxDQUFDLElBQUksS0FBSztBQUFBLElBQ25FO0FBQ0EsV0FBTyxLQUFLLEtBQUssS0FBSyxLQUFLLEtBQUssS0FBSyxLQUFLLEtBQUssS0FBSyxJQUFJO0FBQUEsRUFDMUQ7QUFDQSxXQUFTLEtBQUssR0FBRyxHQUFHO0FBQ2xCLFFBQUksRUFBRSxTQUFTLE1BQU0sRUFBRyxPQUFNLFdBQVcsMkJBQTJCLHFDQUFxQyxJQUFJLENBQUMsT0FBTztBQUNySCxhQUFTLElBQUksR0FBRyxJQUFJLEVBQUUsUUFBUSxLQUFLLEdBQUc7QUFDcEMsZUFBUyxJQUFJLEdBQUcsSUFBSSxJQUFJLEdBQUcsS0FBSztBQUFFLGNBQU0sSUFBSSxFQUFFLElBQUksQ0FBQztBQUFHLFVBQUUsSUFBSSxDQUFDLElBQUksRUFBRSxJQUFJLElBQUksSUFBSSxDQUFDO0FBQUcsVUFBRSxJQUFJLElBQUksSUFBSSxDQUFDLElBQUk7QUFBQSxNQUFHO0FBQUEsSUFDM0c7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsUUFBUSxHQUFHLEdBQUcsR0FBRyxJQUFJLFFBQVE7QUFDcEMsUUFBSSxDQUFDLE9BQU8sVUFBVSxDQUFDLEtBQUssSUFBSSxLQUFLLElBQUksRUFBRyxPQUFNLFdBQVcsY0FBYyxpQkFBaUIsQ0FBQztBQUM3RixRQUFJLFlBQVksR0FBRyxHQUFHLENBQUM7QUFDdkIsUUFBSSxJQUFJO0FBQ1IsYUFBUyxJQUFJLEdBQUcsSUFBSSxHQUFHLElBQUssS0FBSSxJQUFJLE1BQU0sRUFBRSxLQUFLLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxDQUFDO0FBQ3RFLFFBQUksVUFBVSxLQUFLLE1BQU0sSUFBSSxJQUFJLEdBQUksTUFBSyxNQUFNLElBQUk7QUFDcEQsV0FBTztBQUFBLEVBQ1Q7QUFDQSxXQUFTLFNBQVMsR0FBRyxHQUFHLEdBQUcsR0FBRyxJQUFJLFFBQVE7QUFDeEMsUUFBSSxDQUFDLE9BQU8sVUFBVSxDQUFDLEtBQUssSUFBSSxLQUFLLElBQUksRUFBRyxPQUFNLFdBQVcsY0FBYyxpQkFBaUIsQ0FBQztBQUM3RixVQUFNLE1BQU0sTUFBTSxJQUFJO0FBQ3RCLFFBQUksT0FBUSxVQUFTLEdBQUcsQ0FBQyxNQUFNLEdBQUcsTUFBTSxJQUFJLEdBQUcsQ0FBQztBQUFBLFFBQVEsVUFBUyxHQUFHLEdBQUcsTUFBTSxHQUFHLENBQUM7QUFDakYsUUFBSSxZQUFZLEdBQUcsR0FBRyxDQUFDO0FBQ3ZCLFFBQUksSUFBSSxJQUFJLElBQUksSUFBSSxNQUFNO0FBQzFCLGFBQVMsSUFBSSxHQUFHLElBQUksR0FBRyxLQUFLO0FBQUUsUUFBRSxLQUFLLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxDQUFDLElBQUksSUFBSTtBQUFLLFVBQUksS0FBSyxNQUFNLElBQUksR0FBRztBQUFBLElBQUc7QUFDaEcsV0FBTyxJQUFJO0FBQUEsRUFDYjtBQUNBLFdBQVMsU0FBUyxHQUFHLEdBQUcsR0FBRyxJQUFJLFFBQVE7QUFDckMsUUFBSSxPQUFPLE1BQU0sU0FBVSxPQUFNLGVBQWUsU0FBUyxrQkFBa0IsQ0FBQztBQUM1RSxVQUFNLE1BQU0sU0FBUyxFQUFFLE1BQU0sT0FBTyxJQUFJLE1BQU0sU0FBUyxNQUFNLE1BQU0sS0FBSyxNQUFNLE1BQU07QUFDcEYsUUFBSSxJQUFJLE9BQU8sSUFBSSxJQUFLLE9BQU0sV0FBVyxTQUFTLFNBQVMsb0NBQW9DLHlCQUF5QixDQUFDO0FBQ3pILFFBQUksWUFBWSxHQUFHLEdBQUcsQ0FBQztBQUN2QixRQUFJLE9BQVEsTUFBSyxDQUFDLEVBQUUsWUFBWSxHQUFHLEdBQUcsRUFBRTtBQUFBLFFBQVEsTUFBSyxDQUFDLEVBQUUsYUFBYSxHQUFHLEdBQUcsRUFBRTtBQUM3RSxXQUFPLElBQUk7QUFBQSxFQUNiO0FBQ0EsV0FBUyxRQUFRLEdBQUdDLFFBQU8sWUFBWSxLQUFLLFNBQVM7QUFDbkQsUUFBSSxPQUFPLGVBQWUsVUFBVTtBQUFFLFlBQU07QUFBWSxtQkFBYTtBQUFBLElBQVc7QUFDaEYsUUFBSUMsU0FBUSxlQUFlLFNBQWEsVUFBVSxJQUFJLEVBQUUsU0FBVSxPQUFPLFVBQVU7QUFDbkYsUUFBSSxPQUFPLE1BQU1BLE1BQUssRUFBRyxDQUFBQSxTQUFRLFVBQVUsSUFBSSxFQUFFO0FBQ2pELElBQUFBLFNBQVEsS0FBSyxNQUFNQSxNQUFLO0FBQ3hCLFFBQUlBLFNBQVEsRUFBRyxDQUFBQSxTQUFRLEtBQUssSUFBSSxFQUFFLFNBQVNBLFFBQU8sVUFBVSxJQUFJLEVBQUU7QUFDbEUsUUFBSSxPQUFPRCxXQUFVLFVBQVU7QUFDN0IsTUFBQUEsVUFBUztBQUNULGFBQU8sVUFBVSxXQUFXLFVBQVUsUUFBUSxLQUFLLEdBQUdBLFFBQU9DLE1BQUssSUFBSSxXQUFXLFVBQVUsWUFBWSxLQUFLLEdBQUdELFFBQU8sS0FBSyxJQUFJQyxRQUFPLEVBQUUsU0FBUyxDQUFDLENBQUM7QUFBQSxJQUNySjtBQUNBLFVBQU0sU0FBUyxPQUFPRCxXQUFVLFdBQVcsUUFBUUEsUUFBTyxTQUFTLEdBQUcsQ0FBQyxJQUFJQSxrQkFBaUIsYUFBYUEsU0FBUTtBQUNqSCxRQUFJLFdBQVcsS0FBTSxPQUFNLGVBQWUsU0FBUyx1RUFBdUVBLE1BQUs7QUFDL0gsUUFBSSxPQUFPLFdBQVcsRUFBRyxRQUFPLFVBQVUsS0FBSyxJQUFJQyxRQUFPLEVBQUUsTUFBTSxJQUFJLEtBQUssSUFBSUEsUUFBTyxFQUFFLE1BQU07QUFDOUYsVUFBTSxRQUFRLE9BQU8sQ0FBQyxHQUFHLE9BQU8sRUFBRSxTQUFTLE9BQU87QUFDbEQsUUFBSSxTQUFTO0FBQ1gsZUFBUyxJQUFJLFdBQVcsVUFBVSxRQUFRLEtBQUssR0FBRyxPQUFPQSxNQUFLLEdBQUcsS0FBSyxLQUFLLEtBQUssTUFBTSxJQUFJLFdBQVcsVUFBVSxRQUFRLEtBQUssR0FBRyxPQUFPLElBQUksQ0FBQyxHQUFHO0FBQzVJLFlBQUksUUFBUSxHQUFHLFFBQVEsQ0FBQyxFQUFHLFFBQU87QUFBQSxNQUNwQztBQUFBLElBQ0YsT0FBTztBQUNMLGVBQVMsSUFBSSxLQUFLLElBQUlBLFFBQU8sSUFBSSxHQUFHLEtBQUssR0FBRyxJQUFLLEtBQUksRUFBRSxDQUFDLE1BQU0sU0FBUyxRQUFRLEdBQUcsUUFBUSxDQUFDLEVBQUcsUUFBTztBQUFBLElBQ3ZHO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFDQSxXQUFTLFFBQVEsR0FBRyxRQUFRLEdBQUc7QUFDN0IsYUFBUyxJQUFJLEdBQUcsSUFBSSxPQUFPLFFBQVEsSUFBSyxLQUFJLEVBQUUsSUFBSSxDQUFDLE1BQU0sT0FBTyxDQUFDLEVBQUcsUUFBTztBQUMzRSxXQUFPO0FBQUEsRUFDVDtBQUVPLFdBQVMsV0FBVyxNQUFNO0FBQy9CLFdBQU9GLFFBQU8sZ0JBQWdCLElBQUk7QUFBQSxFQUNwQztBQUtPLFdBQVMsT0FBTyxPQUFPO0FBQzVCLFFBQUk7QUFDRixVQUFJLFlBQVksU0FBUyxFQUFFLE9BQU8sS0FBSyxDQUFDLEVBQUUsT0FBTyxLQUFLO0FBQ3RELGFBQU87QUFBQSxJQUNULFFBQVE7QUFDTixhQUFPO0FBQUEsSUFDVDtBQUFBLEVBQ0Y7QUFDTyxXQUFTLFFBQVEsT0FBTztBQUM3QixVQUFNLElBQUksaUJBQWlCLGFBQWEsUUFBUSxJQUFJLFdBQVcsTUFBTSxVQUFVLE9BQU8sTUFBTSxjQUFjLEdBQUcsTUFBTSxVQUFVO0FBQzdILGFBQVMsSUFBSSxHQUFHLElBQUksRUFBRSxRQUFRLElBQUssS0FBSSxFQUFFLENBQUMsSUFBSSxJQUFLLFFBQU87QUFDMUQsV0FBTztBQUFBLEVBQ1Q7QUFDTyxXQUFTLFVBQVUsUUFBUSxNQUFNLElBQUk7QUFDMUMsV0FBT0EsUUFBTyxLQUFLLE9BQU8sUUFBUSxTQUFTLElBQUksQ0FBQyxHQUFHLFNBQVMsRUFBRSxDQUFDO0FBQUEsRUFDakU7QUFDTyxXQUFTLG1CQUFtQjtBQUNqQyxXQUFPO0FBQUEsRUFDVDtBQXRmQSxNQU9NLGFBQ0EsYUFDQSxlQUNPLFlBQ0Esa0JBQ0EsV0FDRixtQkFzQkwsS0FDQSxVQXVGQSxNQUVPQSxTQW1XQSxNQUNBLE1BQ0EsTUFDQSxNQXVCTjtBQTFmUDtBQUFBO0FBQUE7QUFJQTtBQUNBO0FBRUEsTUFBTSxjQUFjLElBQUksWUFBWTtBQUNwQyxNQUFNLGNBQWMsSUFBSSxZQUFZO0FBQ3BDLE1BQU0sZ0JBQWdCLHVCQUFPLElBQUksNEJBQTRCO0FBQ3RELE1BQU0sYUFBYSxLQUFLO0FBQ3hCLE1BQU0sbUJBQW1CLEtBQUssS0FBSztBQUNuQyxNQUFNLFlBQVksRUFBRSxZQUFZLFlBQVksbUJBQW1CLGlCQUFpQjtBQUNoRixNQUFJLG9CQUFvQjtBQXNCL0IsTUFBTSxNQUFNLE1BQU0sS0FBSyxFQUFFLFFBQVEsSUFBSSxHQUFHLENBQUMsR0FBRyxNQUFNLEVBQUUsU0FBUyxFQUFFLEVBQUUsU0FBUyxHQUFHLEdBQUcsQ0FBQztBQUNqRixNQUFNLFdBQVcsQ0FBQyxNQUFPLEtBQUssTUFBTSxLQUFLLEtBQUssSUFBSSxLQUFLLEtBQUssTUFBTSxLQUFLLE1BQU0sSUFBSSxLQUFLLEtBQUssTUFBTSxLQUFLLEtBQUssSUFBSSxLQUFLO0FBdUZwSCxNQUFNLE9BQU8sQ0FBQyxNQUFNLElBQUksU0FBUyxFQUFFLFFBQVEsRUFBRSxZQUFZLEVBQUUsVUFBVTtBQUU5RCxNQUFNQSxVQUFOLE1BQU0sZ0JBQWUsV0FBVztBQUFBO0FBQUE7QUFBQSxRQUdyQyxZQUFZLEdBQUcsR0FBRyxHQUFHO0FBQ25CLGNBQUksT0FBTyxNQUFNLFVBQVU7QUFDekIsa0JBQU0sSUFBSSxRQUFRLEdBQUcsU0FBUyxDQUFDLENBQUM7QUFDaEMsa0JBQU0sRUFBRSxRQUFRLEVBQUUsWUFBWSxFQUFFLFVBQVU7QUFBQSxVQUM1QyxXQUFXLE1BQU0sVUFBYSxNQUFNLFFBQVc7QUFDN0Msa0JBQU0sQ0FBQztBQUFBLFVBQ1QsT0FBTztBQUNMLGtCQUFNLEdBQUcsR0FBRyxDQUFDO0FBQUEsVUFDZjtBQUFBLFFBQ0Y7QUFBQSxRQUVBLE9BQU8sS0FBS0MsUUFBTyxrQkFBa0IsUUFBUTtBQUMzQyxjQUFJLE9BQU9BLFdBQVUsVUFBVTtBQUM3QixrQkFBTSxJQUFJLFFBQVFBLFFBQU8sU0FBUyxnQkFBZ0IsQ0FBQztBQUNuRCxtQkFBTyxJQUFJLFFBQU8sRUFBRSxRQUFRLEVBQUUsWUFBWSxFQUFFLFVBQVU7QUFBQSxVQUN4RDtBQUNBLGNBQUlBLGtCQUFpQixlQUFnQixPQUFPLHNCQUFzQixjQUFjQSxrQkFBaUIsbUJBQW9CO0FBQ25ILGtCQUFNLFNBQVMscUJBQXFCLFNBQVksSUFBSSxLQUFLLE1BQU0sT0FBTyxnQkFBZ0IsQ0FBQyxLQUFLO0FBQzVGLGdCQUFJLFNBQVMsS0FBSyxTQUFTQSxPQUFNLFdBQVksT0FBTSxXQUFXLDRCQUE0QixzQ0FBc0M7QUFDaEksa0JBQU0sSUFBSSxXQUFXLFNBQVlBLE9BQU0sYUFBYSxTQUFTLEtBQUssTUFBTSxPQUFPLE1BQU0sQ0FBQyxLQUFLO0FBQzNGLGdCQUFJLElBQUksS0FBSyxTQUFTLElBQUlBLE9BQU0sV0FBWSxPQUFNLFdBQVcsNEJBQTRCLHNDQUFzQztBQUMvSCxtQkFBTyxJQUFJLFFBQU9BLFFBQU8sUUFBUSxDQUFDO0FBQUEsVUFDcEM7QUFDQSxjQUFJQSxrQkFBaUIsWUFBWTtBQUMvQixrQkFBTSxNQUFNLFFBQU8sWUFBWUEsT0FBTSxNQUFNO0FBQzNDLGdCQUFJLElBQUlBLE1BQUs7QUFDYixtQkFBTztBQUFBLFVBQ1Q7QUFDQSxjQUFJQSxXQUFVLFFBQVEsT0FBT0EsV0FBVSxVQUFVO0FBQy9DLGdCQUFJLE9BQU9BLE9BQU0sT0FBTyxXQUFXLE1BQU0sWUFBWTtBQUNuRCxvQkFBTSxJQUFJQSxPQUFNLE9BQU8sV0FBVyxFQUFFLFFBQVE7QUFDNUMsa0JBQUksT0FBTyxNQUFNLFNBQVUsUUFBTyxRQUFPLEtBQUssR0FBRyxnQkFBZ0I7QUFBQSxZQUNuRTtBQUNBLGtCQUFNLElBQUksT0FBT0EsT0FBTSxZQUFZLGFBQWFBLE9BQU0sUUFBUSxJQUFJQTtBQUNsRSxnQkFBSSxNQUFNQSxVQUFTLEtBQUssU0FBUyxPQUFPLE1BQU0sWUFBWSxPQUFPLE1BQU0sVUFBVyxRQUFPLFFBQU8sS0FBSyxHQUFHLGtCQUFrQixNQUFNO0FBQ2hJLGdCQUFJQSxPQUFNLFNBQVMsWUFBWSxNQUFNLFFBQVFBLE9BQU0sSUFBSSxFQUFHLFFBQU8sY0FBY0EsT0FBTSxJQUFJO0FBQ3pGLGdCQUFJLE9BQU9BLE9BQU0sV0FBVyxZQUFZLFlBQVksT0FBT0EsTUFBSyxFQUFHLFFBQU8sY0FBY0EsTUFBSztBQUFBLFVBQy9GO0FBQ0EsZ0JBQU0sVUFBVSx3QkFBd0Isb0pBQW9KLFNBQVNBLE1BQUssQ0FBQyxFQUFFO0FBQUEsUUFDL007QUFBQSxRQUNBLE9BQU8sTUFBTSxNQUFNLE1BQU0sS0FBSztBQUM1QixvQkFBVSxJQUFJO0FBQ2QsZ0JBQU0sSUFBSSxJQUFJLFFBQU8sSUFBSTtBQUN6QixjQUFJLFNBQVMsVUFBYSxTQUFTLEtBQUssT0FBTyxFQUFHLEdBQUUsS0FBSyxNQUFNLEdBQUcsRUFBRSxRQUFRLEdBQUc7QUFDL0UsaUJBQU87QUFBQSxRQUNUO0FBQUEsUUFDQSxPQUFPLFlBQVksTUFBTTtBQUN2QixvQkFBVSxJQUFJO0FBQ2QsaUJBQU8sSUFBSSxRQUFPLElBQUk7QUFBQSxRQUN4QjtBQUFBLFFBQ0EsT0FBTyxnQkFBZ0IsTUFBTTtBQUMzQixpQkFBTyxRQUFPLFlBQVksSUFBSTtBQUFBLFFBQ2hDO0FBQUEsUUFDQSxPQUFPLFdBQVdBLFFBQU8sS0FBSztBQUM1QixjQUFJLE9BQU9BLFdBQVUsVUFBVTtBQUM3QixnQkFBSSxZQUFZLE9BQU9BLE1BQUssS0FBS0Esa0JBQWlCLFlBQWEsUUFBT0EsT0FBTTtBQUM1RSxrQkFBTSxlQUFlLFVBQVUsMERBQTBEQSxNQUFLO0FBQUEsVUFDaEc7QUFDQSxnQkFBTSxJQUFJLFdBQVcsUUFBUSxTQUFZLFNBQVMsR0FBRyxLQUFLO0FBQzFELGtCQUFRLEdBQUc7QUFBQSxZQUNULEtBQUs7QUFBUSxxQkFBTyxZQUFZLE9BQU9BLE1BQUssRUFBRTtBQUFBLFlBQzlDLEtBQUs7QUFBTyxxQkFBT0EsT0FBTSxXQUFXO0FBQUEsWUFDcEMsS0FBSztBQUFXLHFCQUFPQSxPQUFNLFNBQVM7QUFBQSxZQUN0QyxLQUFLO0FBQUEsWUFBVSxLQUFLO0FBQVMscUJBQU9BLE9BQU07QUFBQSxZQUMxQztBQUFTLHFCQUFPLFlBQVlBLE1BQUssRUFBRTtBQUFBLFVBQ3JDO0FBQUEsUUFDRjtBQUFBLFFBQ0EsT0FBTyxTQUFTLEdBQUc7QUFDakIsaUJBQU8sYUFBYTtBQUFBLFFBQ3RCO0FBQUEsUUFDQSxPQUFPLFdBQVcsR0FBRztBQUNuQixpQkFBTyxPQUFPLE1BQU0sWUFBWSxNQUFNLE1BQU0sV0FBVyxDQUFDLE1BQU07QUFBQSxRQUNoRTtBQUFBLFFBQ0EsT0FBTyxRQUFRLEdBQUcsR0FBRztBQUNuQixjQUFJLEVBQUUsYUFBYSxZQUFhLE9BQU0sZUFBZSxRQUFRLHVDQUF1QyxDQUFDO0FBQ3JHLGNBQUksRUFBRSxhQUFhLFlBQWEsT0FBTSxlQUFlLFFBQVEsdUNBQXVDLENBQUM7QUFDckcsaUJBQU8sYUFBYSxHQUFHLEdBQUcsRUFBRSxRQUFRLEdBQUcsR0FBRyxFQUFFLE1BQU07QUFBQSxRQUNwRDtBQUFBLFFBQ0EsT0FBTyxPQUFPLE1BQU0sYUFBYTtBQUMvQixjQUFJLENBQUMsTUFBTSxRQUFRLElBQUksRUFBRyxPQUFNLGVBQWUsUUFBUSx3QkFBd0IsSUFBSTtBQUNuRixjQUFJLGdCQUFnQixRQUFXO0FBQzdCLDBCQUFjO0FBQ2QscUJBQVMsSUFBSSxHQUFHLElBQUksS0FBSyxRQUFRLEtBQUs7QUFDcEMsa0JBQUksRUFBRSxLQUFLLENBQUMsYUFBYSxZQUFhLE9BQU0sZUFBZSxRQUFRLENBQUMsS0FBSyx1Q0FBdUMsS0FBSyxDQUFDLENBQUM7QUFDdkgsNkJBQWUsS0FBSyxDQUFDLEVBQUU7QUFBQSxZQUN6QjtBQUFBLFVBQ0Y7QUFDQSxnQkFBTSxNQUFNLFFBQU8sTUFBTSxXQUFXO0FBQ3BDLGNBQUksSUFBSTtBQUNSLG1CQUFTLElBQUksR0FBRyxJQUFJLEtBQUssVUFBVSxJQUFJLGFBQWEsS0FBSztBQUN2RCxrQkFBTSxJQUFJLEtBQUssQ0FBQztBQUNoQixnQkFBSSxFQUFFLGFBQWEsWUFBYSxPQUFNLGVBQWUsUUFBUSxDQUFDLEtBQUssdUNBQXVDLENBQUM7QUFDM0csa0JBQU0sT0FBTyxFQUFFLFNBQVMsY0FBYyxJQUFJLEVBQUUsU0FBUyxHQUFHLGNBQWMsQ0FBQyxJQUFJO0FBQzNFLGdCQUFJLElBQUksTUFBTSxDQUFDO0FBQ2YsaUJBQUssS0FBSztBQUFBLFVBQ1o7QUFDQSxpQkFBTztBQUFBLFFBQ1Q7QUFBQSxRQUNBLE9BQU8sY0FBY0UsT0FBTSxTQUFTLEdBQUcsUUFBUTtBQUM3QyxnQkFBTSxRQUFRLElBQUksV0FBV0EsTUFBSyxRQUFRQSxNQUFLLFlBQVlBLE1BQUssVUFBVTtBQUMxRSxnQkFBTSxPQUFPQSxNQUFLLHFCQUFxQjtBQUN2QyxnQkFBTSxNQUFNLFdBQVcsU0FBWUEsTUFBSyxTQUFTLFNBQVM7QUFDMUQsaUJBQU8sUUFBTyxLQUFLLE1BQU0sU0FBUyxTQUFTLE1BQU0sS0FBSyxJQUFJLEtBQUtBLE1BQUssTUFBTSxJQUFJLElBQUksQ0FBQztBQUFBLFFBQ3JGO0FBQUEsUUFFQSxTQUFTLEtBQUtELFFBQU8sS0FBSztBQUN4QixjQUFJLFVBQVUsV0FBVyxFQUFHLFFBQU8sWUFBWSxPQUFPLElBQUk7QUFDMUQsZ0JBQU0sSUFBSSxTQUFTLEdBQUc7QUFDdEIsVUFBQUEsU0FBUUEsV0FBVSxTQUFZLElBQUksS0FBSyxJQUFJLEdBQUcsS0FBSyxNQUFNLE9BQU9BLE1BQUssQ0FBQyxLQUFLLENBQUM7QUFDNUUsZ0JBQU0sUUFBUSxTQUFZLEtBQUssU0FBUyxLQUFLLElBQUksS0FBSyxRQUFRLEtBQUssTUFBTSxPQUFPLEdBQUcsQ0FBQyxLQUFLLENBQUM7QUFDMUYsY0FBSSxPQUFPQSxPQUFPLFFBQU87QUFDekIsaUJBQU8sT0FBT0EsV0FBVSxLQUFLLFFBQVEsS0FBSyxTQUFTLE9BQU8sS0FBSyxTQUFTQSxRQUFPLEdBQUcsR0FBRyxDQUFDO0FBQUEsUUFDeEY7QUFBQSxRQUNBLGVBQWUsS0FBS0EsUUFBTyxLQUFLO0FBQzlCLGlCQUFPLEtBQUssU0FBUyxLQUFLQSxRQUFPLEdBQUc7QUFBQSxRQUN0QztBQUFBO0FBQUE7QUFBQSxRQUdBLE1BQU0sUUFBUSxRQUFRLFFBQVEsS0FBSztBQUNqQyxjQUFJLE9BQU8sV0FBVyxTQUFVLE9BQU0sZUFBZSxVQUFVLGtCQUFrQixNQUFNO0FBQ3ZGLGNBQUksT0FBTyxXQUFXLFVBQVU7QUFBRSxrQkFBTTtBQUFRLHFCQUFTO0FBQUcscUJBQVM7QUFBQSxVQUFXLFdBQ3ZFLE9BQU8sV0FBVyxVQUFVO0FBQUUsa0JBQU07QUFBUSxxQkFBUztBQUFBLFVBQVc7QUFDekUsbUJBQVMsV0FBVyxTQUFZLElBQUksV0FBVztBQUMvQyxjQUFJLFNBQVMsS0FBSyxPQUFRLE9BQU0sV0FBVyxVQUFVLGNBQWMsS0FBSyxNQUFNLElBQUksTUFBTTtBQUN4RixnQkFBTSxPQUFPLEtBQUssU0FBUztBQUMzQixtQkFBUyxXQUFXLFNBQVksT0FBTyxLQUFLLElBQUksTUFBTSxXQUFXLENBQUM7QUFDbEUsZ0JBQU0sSUFBSSxTQUFTLEdBQUc7QUFDdEIsY0FBSSxRQUFRLFFBQVEsUUFBUSxDQUFDO0FBQzdCLGNBQUksTUFBTSxTQUFTLFFBQVE7QUFDekIsZ0JBQUksSUFBSTtBQUNSLGdCQUFJLE1BQU0sT0FBUSxRQUFPLElBQUksTUFBTSxNQUFNLENBQUMsSUFBSSxTQUFVLElBQU07QUFBQSxxQkFDckQsTUFBTSxVQUFXLE1BQUssQ0FBQztBQUNoQyxvQkFBUSxNQUFNLFNBQVMsR0FBRyxDQUFDO0FBQUEsVUFDN0I7QUFDQSxlQUFLLElBQUksT0FBTyxNQUFNO0FBQ3RCLGlCQUFPLE1BQU07QUFBQSxRQUNmO0FBQUEsUUFDQSxTQUFTO0FBQ1AsaUJBQU8sRUFBRSxNQUFNLFVBQVUsTUFBTSxNQUFNLEtBQUssSUFBSSxFQUFFO0FBQUEsUUFDbEQ7QUFBQSxRQUNBLE9BQU8sT0FBTztBQUNaLGNBQUksRUFBRSxpQkFBaUIsWUFBYSxPQUFNLGVBQWUsS0FBSyx1Q0FBdUMsS0FBSztBQUMxRyxpQkFBTyxLQUFLLFdBQVcsTUFBTSxVQUFVLGFBQWEsTUFBTSxHQUFHLEtBQUssUUFBUSxPQUFPLEdBQUcsTUFBTSxNQUFNLE1BQU07QUFBQSxRQUN4RztBQUFBLFFBQ0EsUUFBUSxRQUFRLGNBQWMsR0FBRyxZQUFZLE9BQU8sUUFBUSxjQUFjLEdBQUcsWUFBWSxLQUFLLFFBQVE7QUFDcEcsY0FBSSxFQUFFLGtCQUFrQixZQUFhLE9BQU0sZUFBZSxVQUFVLHVDQUF1QyxNQUFNO0FBQ2pILGNBQUksY0FBYyxLQUFLLFlBQVksT0FBTyxPQUFRLE9BQU0sV0FBVyxlQUFlLGVBQWUsT0FBTyxNQUFNLElBQUksV0FBVztBQUM3SCxjQUFJLGNBQWMsS0FBSyxZQUFZLEtBQUssT0FBUSxPQUFNLFdBQVcsZUFBZSxlQUFlLEtBQUssTUFBTSxJQUFJLFdBQVc7QUFDekgsaUJBQU8sYUFBYSxNQUFNLGFBQWEsV0FBVyxRQUFRLGFBQWEsU0FBUztBQUFBLFFBQ2xGO0FBQUEsUUFDQSxLQUFLLFFBQVEsY0FBYyxHQUFHLGNBQWMsR0FBRyxZQUFZLEtBQUssUUFBUTtBQUN0RSxjQUFJLEVBQUUsa0JBQWtCLFlBQWEsT0FBTSxlQUFlLFVBQVUsdUNBQXVDLE1BQU07QUFDakgsd0JBQWMsS0FBSyxNQUFNLFdBQVcsS0FBSztBQUN6Qyx3QkFBYyxLQUFLLE1BQU0sV0FBVyxLQUFLO0FBQ3pDLHNCQUFZLEtBQUssSUFBSSxLQUFLLE1BQU0sU0FBUyxLQUFLLEdBQUcsS0FBSyxNQUFNO0FBQzVELGNBQUksY0FBYyxFQUFHLE9BQU0sV0FBVyxlQUFlLFFBQVEsV0FBVztBQUN4RSxjQUFJLGNBQWMsRUFBRyxPQUFNLFdBQVcsZUFBZSxRQUFRLFdBQVc7QUFDeEUsY0FBSSxlQUFlLE9BQU8sVUFBVSxlQUFlLFVBQVcsUUFBTztBQUNyRSxnQkFBTSxJQUFJLEtBQUssSUFBSSxZQUFZLGFBQWEsT0FBTyxTQUFTLFdBQVc7QUFDdkUsaUJBQU8sSUFBSSxLQUFLLFNBQVMsYUFBYSxjQUFjLENBQUMsR0FBRyxXQUFXO0FBQ25FLGlCQUFPO0FBQUEsUUFDVDtBQUFBO0FBQUEsUUFFQSxNQUFNQSxRQUFPLEtBQUs7QUFDaEIsaUJBQU8sS0FBSyxTQUFTQSxRQUFPLEdBQUc7QUFBQSxRQUNqQztBQUFBLFFBQ0EsS0FBS0QsUUFBTyxRQUFRLEtBQUssS0FBSztBQUM1QixjQUFJLE9BQU8sV0FBVyxVQUFVO0FBQUUsa0JBQU07QUFBUSxxQkFBUztBQUFHLGtCQUFNLEtBQUs7QUFBQSxVQUFRLFdBQ3RFLE9BQU8sUUFBUSxVQUFVO0FBQUUsa0JBQU07QUFBSyxrQkFBTSxLQUFLO0FBQUEsVUFBUTtBQUNsRSxtQkFBUyxXQUFXLFNBQVksSUFBSTtBQUNwQyxnQkFBTSxRQUFRLFNBQVksS0FBSyxTQUFTO0FBQ3hDLGNBQUksU0FBUyxLQUFLLFNBQVMsS0FBSyxPQUFRLE9BQU0sV0FBVyxVQUFVLGVBQWUsS0FBSyxNQUFNLElBQUksTUFBTTtBQUN2RyxjQUFJLE1BQU0sS0FBSyxNQUFNLEtBQUssT0FBUSxPQUFNLFdBQVcsT0FBTyxlQUFlLEtBQUssTUFBTSxJQUFJLEdBQUc7QUFDM0YsY0FBSSxPQUFPLE9BQVEsUUFBTztBQUMxQixjQUFJLE9BQU9BLFdBQVUsU0FBVSxRQUFPLE1BQU0sS0FBS0EsU0FBUSxLQUFLLFFBQVEsR0FBRztBQUN6RSxjQUFJLE9BQU9BLFdBQVUsVUFBVyxRQUFPLE1BQU0sS0FBSyxPQUFPQSxNQUFLLEdBQUcsUUFBUSxHQUFHO0FBQzVFLGNBQUksT0FBT0EsV0FBVSxZQUFZLFNBQVMsR0FBRyxNQUFNLFVBQVVBLE9BQU0sU0FBUyxNQUFNLEtBQUssZUFBZSxLQUFLQSxNQUFLLEdBQUksT0FBTSxJQUFJLFVBQVUsMkJBQTJCO0FBQ25LLGdCQUFNLFVBQVUsT0FBT0EsV0FBVSxXQUFXLFFBQVFBLFFBQU8sU0FBUyxHQUFHLENBQUMsSUFBSUEsa0JBQWlCLGFBQWFBLFNBQVEsWUFBWSxPQUFPQSxNQUFLLElBQUksSUFBSSxXQUFXQSxPQUFNLFFBQVFBLE9BQU0sWUFBWUEsT0FBTSxVQUFVLElBQUk7QUFDak4sY0FBSSxZQUFZLEtBQU0sUUFBTyxNQUFNLEtBQUssT0FBT0EsTUFBSyxJQUFJLEtBQUssUUFBUSxHQUFHO0FBQ3hFLGNBQUksUUFBUSxXQUFXLEdBQUc7QUFDeEIsZ0JBQUksT0FBT0EsV0FBVSxZQUFZQSxPQUFNLFNBQVMsRUFBRyxPQUFNLGVBQWUsU0FBUyx1Q0FBdUNBLE1BQUs7QUFDN0gsbUJBQU8sTUFBTSxLQUFLLEdBQUcsUUFBUSxHQUFHO0FBQUEsVUFDbEM7QUFDQSxjQUFJLElBQUksS0FBSyxJQUFJLFFBQVEsUUFBUSxNQUFNLE1BQU07QUFDN0MsZUFBSyxJQUFJLFFBQVEsU0FBUyxHQUFHLENBQUMsR0FBRyxNQUFNO0FBQ3ZDLGlCQUFPLFNBQVMsSUFBSSxLQUFLO0FBQ3ZCLGtCQUFNLElBQUksS0FBSyxJQUFJLEdBQUcsTUFBTSxTQUFTLENBQUM7QUFDdEMsaUJBQUssV0FBVyxTQUFTLEdBQUcsUUFBUSxTQUFTLENBQUM7QUFDOUMsaUJBQUs7QUFBQSxVQUNQO0FBQ0EsaUJBQU87QUFBQSxRQUNUO0FBQUEsUUFDQSxRQUFRQSxRQUFPLFlBQVksS0FBSztBQUM5QixpQkFBTyxRQUFRLE1BQU1BLFFBQU8sWUFBWSxLQUFLLElBQUk7QUFBQSxRQUNuRDtBQUFBLFFBQ0EsWUFBWUEsUUFBTyxZQUFZLEtBQUs7QUFDbEMsaUJBQU8sUUFBUSxNQUFNQSxRQUFPLFlBQVksS0FBSyxLQUFLO0FBQUEsUUFDcEQ7QUFBQSxRQUNBLFNBQVNBLFFBQU8sWUFBWSxLQUFLO0FBQy9CLGlCQUFPLEtBQUssUUFBUUEsUUFBTyxZQUFZLEdBQUcsTUFBTTtBQUFBLFFBQ2xEO0FBQUEsUUFDQSxTQUFTO0FBQUUsaUJBQU8sS0FBSyxNQUFNLENBQUM7QUFBQSxRQUFHO0FBQUEsUUFDakMsU0FBUztBQUFFLGlCQUFPLEtBQUssTUFBTSxDQUFDO0FBQUEsUUFBRztBQUFBLFFBQ2pDLFNBQVM7QUFBRSxpQkFBTyxLQUFLLE1BQU0sQ0FBQztBQUFBLFFBQUc7QUFBQSxRQUVqQyxVQUFVLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxpQkFBTyxLQUFLLENBQUM7QUFBQSxRQUFHO0FBQUEsUUFDNUQsYUFBYSxHQUFHO0FBQUUsY0FBSSxZQUFZLE1BQU0sR0FBRyxDQUFDO0FBQUcsaUJBQU8sS0FBSyxDQUFDLElBQUssS0FBSyxJQUFJLENBQUMsS0FBSztBQUFBLFFBQUk7QUFBQSxRQUNwRixhQUFhLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxpQkFBUSxLQUFLLENBQUMsS0FBSyxJQUFLLEtBQUssSUFBSSxDQUFDO0FBQUEsUUFBRztBQUFBLFFBQ3BGLGFBQWEsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGtCQUFRLEtBQUssQ0FBQyxJQUFLLEtBQUssSUFBSSxDQUFDLEtBQUssSUFBTSxLQUFLLElBQUksQ0FBQyxLQUFLLE1BQU8sS0FBSyxJQUFJLENBQUMsSUFBSTtBQUFBLFFBQVc7QUFBQSxRQUN0SSxhQUFhLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxpQkFBTyxLQUFLLENBQUMsSUFBSSxZQUFjLEtBQUssSUFBSSxDQUFDLEtBQUssS0FBTyxLQUFLLElBQUksQ0FBQyxLQUFLLElBQUssS0FBSyxJQUFJLENBQUM7QUFBQSxRQUFJO0FBQUEsUUFDdEksU0FBUyxHQUFHO0FBQUUsZ0JBQU0sSUFBSSxLQUFLLFVBQVUsQ0FBQztBQUFHLGlCQUFPLElBQUksTUFBTSxJQUFJLE1BQU07QUFBQSxRQUFHO0FBQUEsUUFDekUsWUFBWSxHQUFHO0FBQUUsZ0JBQU0sSUFBSSxLQUFLLGFBQWEsQ0FBQztBQUFHLGlCQUFPLElBQUksUUFBUyxJQUFJLFFBQVU7QUFBQSxRQUFHO0FBQUEsUUFDdEYsWUFBWSxHQUFHO0FBQUUsZ0JBQU0sSUFBSSxLQUFLLGFBQWEsQ0FBQztBQUFHLGlCQUFPLElBQUksUUFBUyxJQUFJLFFBQVU7QUFBQSxRQUFHO0FBQUEsUUFDdEYsWUFBWSxHQUFHO0FBQUUsaUJBQU8sS0FBSyxhQUFhLENBQUMsSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNsRCxZQUFZLEdBQUc7QUFBRSxpQkFBTyxLQUFLLGFBQWEsQ0FBQyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ2xELFdBQVcsR0FBRyxHQUFHO0FBQUUsaUJBQU8sUUFBUSxNQUFNLEdBQUcsR0FBRyxNQUFNLEtBQUs7QUFBQSxRQUFHO0FBQUEsUUFDNUQsV0FBVyxHQUFHLEdBQUc7QUFBRSxpQkFBTyxRQUFRLE1BQU0sR0FBRyxHQUFHLE9BQU8sS0FBSztBQUFBLFFBQUc7QUFBQSxRQUM3RCxVQUFVLEdBQUcsR0FBRztBQUFFLGlCQUFPLFFBQVEsTUFBTSxHQUFHLEdBQUcsTUFBTSxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQzFELFVBQVUsR0FBRyxHQUFHO0FBQUUsaUJBQU8sUUFBUSxNQUFNLEdBQUcsR0FBRyxPQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDM0QsZ0JBQWdCLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxpQkFBTyxLQUFLLElBQUksRUFBRSxhQUFhLEdBQUcsSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUMzRixnQkFBZ0IsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLGFBQWEsR0FBRyxLQUFLO0FBQUEsUUFBRztBQUFBLFFBQzVGLGVBQWUsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFlBQVksR0FBRyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ3pGLGVBQWUsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFlBQVksR0FBRyxLQUFLO0FBQUEsUUFBRztBQUFBLFFBQzFGLFlBQVksR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFdBQVcsR0FBRyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ3JGLFlBQVksR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFdBQVcsR0FBRyxLQUFLO0FBQUEsUUFBRztBQUFBLFFBQ3RGLGFBQWEsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFdBQVcsR0FBRyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ3RGLGFBQWEsR0FBRztBQUFFLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGlCQUFPLEtBQUssSUFBSSxFQUFFLFdBQVcsR0FBRyxLQUFLO0FBQUEsUUFBRztBQUFBLFFBRXZGLFdBQVcsR0FBRyxHQUFHO0FBQUUsbUJBQVMsR0FBRyxHQUFHLEtBQU0sQ0FBQztBQUFHLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGVBQUssQ0FBQyxJQUFJO0FBQUcsaUJBQU8sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNwRyxjQUFjLEdBQUcsR0FBRztBQUFFLG1CQUFTLEdBQUcsR0FBRyxPQUFRLENBQUM7QUFBRyxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLENBQUMsSUFBSTtBQUFHLGVBQUssSUFBSSxDQUFDLElBQUksTUFBTTtBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDaEksY0FBYyxHQUFHLEdBQUc7QUFBRSxtQkFBUyxHQUFHLEdBQUcsT0FBUSxDQUFDO0FBQUcsY0FBSSxZQUFZLE1BQU0sR0FBRyxDQUFDO0FBQUcsZUFBSyxDQUFDLElBQUksTUFBTTtBQUFHLGVBQUssSUFBSSxDQUFDLElBQUk7QUFBRyxpQkFBTyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ2hJLGNBQWMsR0FBRyxHQUFHO0FBQUUsbUJBQVMsR0FBRyxHQUFHLFlBQVksQ0FBQztBQUFHLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGVBQUssQ0FBQyxJQUFJO0FBQUcsZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUcsZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUksZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUksaUJBQU8sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNwTCxjQUFjLEdBQUcsR0FBRztBQUFFLG1CQUFTLEdBQUcsR0FBRyxZQUFZLENBQUM7QUFBRyxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLENBQUMsSUFBSSxNQUFNO0FBQUksZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUksZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUcsZUFBSyxJQUFJLENBQUMsSUFBSTtBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDcEwsVUFBVSxHQUFHLEdBQUc7QUFBRSxtQkFBUyxHQUFHLE1BQU8sS0FBTSxDQUFDO0FBQUcsY0FBSSxZQUFZLE1BQU0sR0FBRyxDQUFDO0FBQUcsZUFBSyxDQUFDLElBQUk7QUFBRyxpQkFBTyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQ3ZHLGFBQWEsR0FBRyxHQUFHO0FBQUUsbUJBQVMsR0FBRyxRQUFTLE9BQVEsQ0FBQztBQUFHLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGVBQUssQ0FBQyxJQUFJO0FBQUcsZUFBSyxJQUFJLENBQUMsSUFBSSxNQUFNO0FBQUcsaUJBQU8sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNySSxhQUFhLEdBQUcsR0FBRztBQUFFLG1CQUFTLEdBQUcsUUFBUyxPQUFRLENBQUM7QUFBRyxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLENBQUMsSUFBSSxNQUFNO0FBQUcsZUFBSyxJQUFJLENBQUMsSUFBSTtBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDckksYUFBYSxHQUFHLEdBQUc7QUFBRSxtQkFBUyxHQUFHLGFBQWEsWUFBWSxDQUFDO0FBQUcsY0FBSSxZQUFZLE1BQU0sR0FBRyxDQUFDO0FBQUcsZUFBSyxDQUFDLElBQUk7QUFBRyxlQUFLLElBQUksQ0FBQyxJQUFJLE1BQU07QUFBRyxlQUFLLElBQUksQ0FBQyxJQUFJLE1BQU07QUFBSSxlQUFLLElBQUksQ0FBQyxJQUFJLE1BQU07QUFBSSxpQkFBTyxJQUFJO0FBQUEsUUFBRztBQUFBLFFBQzdMLGFBQWEsR0FBRyxHQUFHO0FBQUUsbUJBQVMsR0FBRyxhQUFhLFlBQVksQ0FBQztBQUFHLGNBQUksWUFBWSxNQUFNLEdBQUcsQ0FBQztBQUFHLGVBQUssQ0FBQyxJQUFJLE1BQU07QUFBSSxlQUFLLElBQUksQ0FBQyxJQUFJLE1BQU07QUFBSSxlQUFLLElBQUksQ0FBQyxJQUFJLE1BQU07QUFBRyxlQUFLLElBQUksQ0FBQyxJQUFJO0FBQUcsaUJBQU8sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUM3TCxZQUFZLEdBQUcsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxHQUFHLE1BQU0sS0FBSztBQUFBLFFBQUc7QUFBQSxRQUNwRSxZQUFZLEdBQUcsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxHQUFHLE9BQU8sS0FBSztBQUFBLFFBQUc7QUFBQSxRQUNyRSxXQUFXLEdBQUcsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxHQUFHLE1BQU0sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNsRSxXQUFXLEdBQUcsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxHQUFHLE9BQU8sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNuRSxpQkFBaUIsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxNQUFNLEtBQUs7QUFBQSxRQUFHO0FBQUEsUUFDbkUsaUJBQWlCLEdBQUcsR0FBRztBQUFFLGlCQUFPLFNBQVMsTUFBTSxHQUFHLEdBQUcsT0FBTyxLQUFLO0FBQUEsUUFBRztBQUFBLFFBQ3BFLGdCQUFnQixHQUFHLEdBQUc7QUFBRSxpQkFBTyxTQUFTLE1BQU0sR0FBRyxHQUFHLE1BQU0sSUFBSTtBQUFBLFFBQUc7QUFBQSxRQUNqRSxnQkFBZ0IsR0FBRyxHQUFHO0FBQUUsaUJBQU8sU0FBUyxNQUFNLEdBQUcsR0FBRyxPQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDbEUsYUFBYSxHQUFHLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLElBQUksRUFBRSxXQUFXLEdBQUcsT0FBTyxDQUFDLEdBQUcsSUFBSTtBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDM0csYUFBYSxHQUFHLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLElBQUksRUFBRSxXQUFXLEdBQUcsT0FBTyxDQUFDLEdBQUcsS0FBSztBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDNUcsY0FBYyxHQUFHLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLElBQUksRUFBRSxXQUFXLEdBQUcsT0FBTyxDQUFDLEdBQUcsSUFBSTtBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFDNUcsY0FBYyxHQUFHLEdBQUc7QUFBRSxjQUFJLFlBQVksTUFBTSxHQUFHLENBQUM7QUFBRyxlQUFLLElBQUksRUFBRSxXQUFXLEdBQUcsT0FBTyxDQUFDLEdBQUcsS0FBSztBQUFHLGlCQUFPLElBQUk7QUFBQSxRQUFHO0FBQUEsUUFFN0csQ0FBQyxhQUFhLElBQUk7QUFDaEIsZ0JBQU0sTUFBTTtBQUNaLGNBQUksSUFBSTtBQUNSLG1CQUFTLElBQUksR0FBRyxJQUFJLEtBQUssSUFBSSxLQUFLLEtBQUssTUFBTSxHQUFHLElBQUssT0FBTSxJQUFJLE1BQU0sTUFBTSxJQUFJLEtBQUssQ0FBQyxDQUFDO0FBQ3RGLGNBQUksS0FBSyxTQUFTLElBQUssTUFBSyxRQUFRLEtBQUssU0FBUyxHQUFHLGFBQWEsS0FBSyxTQUFTLE1BQU0sSUFBSSxNQUFNLEVBQUU7QUFDbEcsaUJBQU8sV0FBVyxDQUFDO0FBQUEsUUFDckI7QUFBQSxNQUNGO0FBQ0EsTUFBQUQsUUFBTyxXQUFXO0FBR2xCLFVBQUksV0FBVyxXQUFXLE9BQVcsWUFBVyxTQUFTQTtBQUV6RCxpQkFBVyxRQUFRLE9BQU8sb0JBQW9CQSxRQUFPLFNBQVMsR0FBRztBQUMvRCxZQUFJLDBCQUEwQixLQUFLLElBQUksR0FBRztBQUN4QyxpQkFBTyxlQUFlQSxRQUFPLFdBQVcsS0FBSyxRQUFRLFFBQVEsTUFBTSxHQUFHLEVBQUUsT0FBT0EsUUFBTyxVQUFVLElBQUksR0FBRyxVQUFVLE1BQU0sY0FBYyxLQUFLLENBQUM7QUFBQSxRQUM3STtBQUFBLE1BQ0Y7QUFvRk8sTUFBTSxPQUFPLENBQUMsTUFBTSxXQUFXLEtBQUssQ0FBQztBQUNyQyxNQUFNLE9BQU8sQ0FBQyxNQUFNLFdBQVcsS0FBSyxDQUFDO0FBQ3JDLE1BQU0sT0FBTyxXQUFXO0FBQ3hCLE1BQU0sT0FBTyxXQUFXO0FBdUIvQixNQUFPLGlCQUFRLEVBQUUsUUFBQUEsU0FBUSxZQUFZLFlBQVksa0JBQWtCLFdBQVcsbUJBQW1CLE1BQU0sTUFBTSxNQUFNLE1BQU0sUUFBUSxTQUFTLFdBQVcsaUJBQWlCO0FBQUE7QUFBQTs7O0FDMWZ0SyxNQUFhO0FBQWI7QUFBQTtBQUFBO0FBQU8sTUFBTSxjQUFjO0FBQUE7QUFBQTs7O0FDQTNCO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBT0EsV0FBUyxjQUFjLEdBQUc7QUFDeEIsUUFBSSxPQUFPLE1BQU0sV0FBWSxPQUFNLGVBQWUsWUFBWSxvQkFBb0IsQ0FBQztBQUFBLEVBQ3JGO0FBRU8sV0FBUyxhQUFhLE1BQU07QUFDakMsaUJBQWEsS0FBSyxLQUFLLE1BQU0sSUFBSTtBQUFBLEVBQ25DO0FBcURBLFdBQVMsS0FBSyxRQUFRLFNBQVMsTUFBTTtBQUNuQyxVQUFNLElBQUksUUFBUSxNQUFNLFNBQVMsUUFBUSxJQUFJO0FBQzdDLFFBQUksT0FBTyxRQUFRLEtBQUssS0FBSyxPQUFPLEVBQUUsU0FBUyxZQUFZO0FBQ3pELFFBQUUsS0FBSyxRQUFXLENBQUMsUUFBUTtBQUN6QixjQUFNLElBQUksT0FBTyxhQUFhLHNCQUFzQjtBQUNwRCxZQUFJLE9BQU8sTUFBTSxXQUFZLEdBQUUsS0FBSyxRQUFRLEdBQUc7QUFBQSxZQUMxQyxRQUFPLEtBQUssU0FBUyxHQUFHO0FBQUEsTUFDL0IsQ0FBQztBQUFBLElBQ0g7QUFBQSxFQUNGO0FBQ0EsV0FBUyxZQUFZLFFBQVEsTUFBTSxVQUFVLFNBQVM7QUFDcEQsa0JBQWMsUUFBUTtBQUN0QixRQUFJLFNBQVMsT0FBTztBQUNwQixRQUFJLFdBQVcsUUFBVztBQUN4QixlQUFTLE9BQU8sVUFBVSx1QkFBTyxPQUFPLElBQUk7QUFDNUMsYUFBTyxlQUFlO0FBQUEsSUFDeEIsV0FBVyxPQUFPLGdCQUFnQixRQUFXO0FBQzNDLGFBQU8sS0FBSyxlQUFlLE1BQU0sU0FBUyxXQUFXLFNBQVMsV0FBVyxRQUFRO0FBQ2pGLGVBQVMsT0FBTztBQUFBLElBQ2xCO0FBQ0EsVUFBTSxXQUFXLE9BQU8sSUFBSTtBQUM1QixRQUFJLGFBQWEsUUFBVztBQUMxQixhQUFPLElBQUksSUFBSTtBQUNmLGFBQU87QUFBQSxJQUNULE9BQU87QUFDTCxZQUFNLE9BQU8sT0FBTyxhQUFhLGFBQWEsQ0FBQyxRQUFRLElBQUk7QUFDM0QsVUFBSSxRQUFTLE1BQUssUUFBUSxRQUFRO0FBQUEsVUFBUSxNQUFLLEtBQUssUUFBUTtBQUM1RCxhQUFPLElBQUksSUFBSTtBQUNmLFlBQU0sSUFBSSxPQUFPLGdCQUFnQjtBQUNqQyxVQUFJLElBQUksS0FBSyxLQUFLLFNBQVMsS0FBSyxDQUFDLEtBQUssUUFBUTtBQUM1QyxhQUFLLFNBQVM7QUFDZCxnQkFBUSxLQUFLLDRFQUE0RSxLQUFLLE1BQU0sSUFBSSxPQUFPLElBQUksQ0FBQyx1QkFBdUIsT0FBTyxZQUFZLElBQUkscUJBQXFCLENBQUMsbURBQW1EO0FBQUEsTUFDN087QUFBQSxJQUNGO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFDQSxXQUFTLFlBQVksUUFBUSxNQUFNLFVBQVU7QUFDM0MsVUFBTSxRQUFRLEVBQUUsT0FBTyxPQUFPLFFBQVEsTUFBTSxTQUFTO0FBQ3JELFVBQU0sVUFBVSxZQUFhLE1BQU07QUFDakMsVUFBSSxDQUFDLE1BQU0sT0FBTztBQUNoQixjQUFNLE9BQU8sZUFBZSxNQUFNLE1BQU0sT0FBTztBQUMvQyxjQUFNLFFBQVE7QUFDZCxlQUFPLFFBQVEsTUFBTSxNQUFNLFVBQVUsTUFBTSxRQUFRLElBQUk7QUFBQSxNQUN6RDtBQUFBLElBQ0Y7QUFDQSxZQUFRLFdBQVc7QUFDbkIsV0FBTztBQUFBLEVBQ1Q7QUFzRk8sV0FBUyxLQUFLLFNBQVMsTUFBTSxVQUFVLENBQUMsR0FBRztBQUNoRCxVQUFNLFNBQVMsUUFBUTtBQUN2QixXQUFPLElBQUksUUFBUSxDQUFDSSxVQUFTLFdBQVc7QUFDdEMsVUFBSSxVQUFVLE9BQU8sUUFBUyxRQUFPLE9BQU8sV0FBVyxNQUFNLENBQUM7QUFDOUQsVUFBSSxPQUFPLFFBQVEscUJBQXFCLGNBQWMsT0FBTyxRQUFRLE9BQU8sWUFBWTtBQUN0RixnQkFBUSxpQkFBaUIsTUFBTSxJQUFJLFNBQVNBLFNBQVEsSUFBSSxHQUFHLEVBQUUsTUFBTSxLQUFLLENBQUM7QUFDekU7QUFBQSxNQUNGO0FBQ0EsWUFBTSxVQUFVLENBQUMsUUFBUTtBQUFFLGdCQUFRLGVBQWUsTUFBTSxPQUFPO0FBQUcsZUFBTyxHQUFHO0FBQUEsTUFBRztBQUMvRSxZQUFNLFVBQVUsSUFBSSxTQUFTO0FBQUUsWUFBSSxTQUFTLFFBQVMsU0FBUSxlQUFlLFNBQVMsT0FBTztBQUFHLFFBQUFBLFNBQVEsSUFBSTtBQUFBLE1BQUc7QUFDOUcsY0FBUSxLQUFLLE1BQU0sT0FBTztBQUMxQixVQUFJLFNBQVMsUUFBUyxTQUFRLEtBQUssU0FBUyxPQUFPO0FBQ25ELFVBQUksT0FBUSxRQUFPLGlCQUFpQixTQUFTLE1BQU07QUFBRSxnQkFBUSxlQUFlLE1BQU0sT0FBTztBQUFHLGdCQUFRLGVBQWUsU0FBUyxPQUFPO0FBQUcsZUFBTyxXQUFXLE1BQU0sQ0FBQztBQUFBLE1BQUcsR0FBRyxFQUFFLE1BQU0sS0FBSyxDQUFDO0FBQUEsSUFDckwsQ0FBQztBQUFBLEVBQ0g7QUFDQSxXQUFTLFdBQVcsUUFBUTtBQUMxQixVQUFNLElBQUksSUFBSSxNQUFNLDJCQUEyQjtBQUMvQyxNQUFFLE9BQU87QUFDVCxNQUFFLE9BQU87QUFDVCxNQUFFLFFBQVEsT0FBTztBQUNqQixXQUFPO0FBQUEsRUFDVDtBQUdPLFdBQVMsR0FBRyxTQUFTLE1BQU0sVUFBVSxDQUFDLEdBQUc7QUFDOUMsVUFBTSxRQUFRLENBQUMsR0FBRyxVQUFVLENBQUM7QUFDN0IsUUFBSUMsU0FBUSxNQUFNLE9BQU87QUFDekIsVUFBTSxVQUFVLElBQUksU0FBVSxRQUFRLFNBQVMsUUFBUSxNQUFNLEVBQUUsUUFBUSxFQUFFLE9BQU8sTUFBTSxNQUFNLE1BQU0sQ0FBQyxJQUFJLE1BQU0sS0FBSyxJQUFJO0FBQ3RILFVBQU0sVUFBVSxDQUFDLFFBQVE7QUFBRSxVQUFJLFFBQVEsT0FBUSxTQUFRLE1BQU0sRUFBRSxPQUFPLEdBQUc7QUFBQSxVQUFRLENBQUFBLFNBQVE7QUFBSyxXQUFLLE9BQU87QUFBQSxJQUFHO0FBQzdHLFlBQVEsR0FBRyxNQUFNLE9BQU87QUFDeEIsUUFBSSxTQUFTLFFBQVMsU0FBUSxHQUFHLFNBQVMsT0FBTztBQUNqRCxRQUFJLFFBQVEsT0FBUSxTQUFRLE9BQU8saUJBQWlCLFNBQVMsTUFBTSxRQUFRLFdBQVcsUUFBUSxNQUFNLENBQUMsR0FBRyxFQUFFLE1BQU0sS0FBSyxDQUFDO0FBQ3RILFVBQU0sT0FBTztBQUFBLE1BQ1gsT0FBTztBQUNMLFlBQUksTUFBTSxPQUFRLFFBQU8sUUFBUSxRQUFRLEVBQUUsT0FBTyxNQUFNLE1BQU0sR0FBRyxNQUFNLE1BQU0sQ0FBQztBQUM5RSxZQUFJQSxRQUFPO0FBQUUsZ0JBQU0sSUFBSUE7QUFBTyxVQUFBQSxTQUFRO0FBQU0saUJBQU8sUUFBUSxPQUFPLENBQUM7QUFBQSxRQUFHO0FBQ3RFLFlBQUksS0FBTSxRQUFPLFFBQVEsUUFBUSxFQUFFLE9BQU8sUUFBVyxNQUFNLEtBQUssQ0FBQztBQUNqRSxlQUFPLElBQUksUUFBUSxDQUFDRCxVQUFTLFdBQVcsUUFBUSxLQUFLLEVBQUUsU0FBQUEsVUFBUyxPQUFPLENBQUMsQ0FBQztBQUFBLE1BQzNFO0FBQUEsTUFDQSxTQUFTO0FBQ1AsZUFBTztBQUNQLGdCQUFRLGVBQWUsTUFBTSxPQUFPO0FBQ3BDLGdCQUFRLGVBQWUsU0FBUyxPQUFPO0FBQ3ZDLG1CQUFXRSxNQUFLLFFBQVEsT0FBTyxDQUFDLEVBQUcsQ0FBQUEsR0FBRSxRQUFRLEVBQUUsT0FBTyxRQUFXLE1BQU0sS0FBSyxDQUFDO0FBQzdFLGVBQU8sUUFBUSxRQUFRLEVBQUUsT0FBTyxRQUFXLE1BQU0sS0FBSyxDQUFDO0FBQUEsTUFDekQ7QUFBQSxNQUNBLE1BQU0sS0FBSztBQUFFLFFBQUFELFNBQVE7QUFBSyxlQUFPLEtBQUssT0FBTztBQUFBLE1BQUc7QUFBQSxNQUNoRCxDQUFDLE9BQU8sYUFBYSxJQUFJO0FBQUUsZUFBTztBQUFBLE1BQU07QUFBQSxJQUMxQztBQUNBLFdBQU87QUFBQSxFQUNUO0FBQ08sV0FBUyxrQkFBa0IsU0FBUyxNQUFNO0FBQy9DLFdBQU8sT0FBTyxRQUFRLGNBQWMsYUFBYSxRQUFRLFVBQVUsSUFBSSxJQUFJLENBQUM7QUFBQSxFQUM5RTtBQUNPLFdBQVMsZ0JBQWdCLElBQUksd0JBQXdCLFNBQVM7QUFDbkUsUUFBSSxRQUFRLFdBQVcsRUFBRyxjQUFhLHNCQUFzQjtBQUM3RCxlQUFXLEtBQUssUUFBUyxLQUFJLE9BQU8sRUFBRSxvQkFBb0IsV0FBWSxHQUFFLGdCQUFnQixDQUFDO0FBQUEsRUFDM0Y7QUFDTyxXQUFTLGNBQWMsU0FBUyxNQUFNO0FBQzNDLFdBQU8sUUFBUSxjQUFjLElBQUk7QUFBQSxFQUNuQztBQW5RQSxNQUlNLFVBQ0YscUJBK0JFLE9BZ09PLGNBQ0Esd0JBR047QUF4UVA7QUFBQTtBQUFBO0FBRUE7QUFFQSxNQUFNLFdBQVcsdUJBQU8sVUFBVTtBQUNsQyxNQUFJLHNCQUFzQjtBQVMxQixtQkFBYSxVQUFVLFVBQVU7QUFDakMsbUJBQWEsVUFBVSxlQUFlO0FBQ3RDLG1CQUFhLFVBQVUsZ0JBQWdCO0FBQ3ZDLG1CQUFhLE9BQU8sU0FBVSxNQUFNO0FBQ2xDLFlBQUksS0FBSyxZQUFZLFVBQWEsS0FBSyxZQUFZLE9BQU8sZUFBZSxJQUFJLEVBQUUsU0FBUztBQUN0RixlQUFLLFVBQVUsdUJBQU8sT0FBTyxJQUFJO0FBQ2pDLGVBQUssZUFBZTtBQUFBLFFBQ3RCO0FBQ0EsYUFBSyxnQkFBZ0IsS0FBSyxpQkFBaUI7QUFDM0MsWUFBSSxRQUFRLEtBQUssa0JBQW1CLE1BQUssUUFBUSxJQUFJO0FBQUEsTUFDdkQ7QUFDQSxhQUFPLGVBQWUsY0FBYyx1QkFBdUI7QUFBQSxRQUN6RCxZQUFZO0FBQUEsUUFDWixNQUFNO0FBQUUsaUJBQU87QUFBQSxRQUFxQjtBQUFBLFFBQ3BDLElBQUksR0FBRztBQUNMLGNBQUksT0FBTyxNQUFNLFlBQVksSUFBSSxLQUFLLE9BQU8sTUFBTSxDQUFDLEVBQUcsT0FBTSxXQUFXLHVCQUF1Qix5QkFBeUIsQ0FBQztBQUN6SCxnQ0FBc0I7QUFBQSxRQUN4QjtBQUFBLE1BQ0YsQ0FBQztBQUNELG1CQUFhLGVBQWUsdUJBQU8scUJBQXFCO0FBQ3hELG1CQUFhLHlCQUF5Qix1QkFBTyxJQUFJLGtCQUFrQjtBQUVuRSxNQUFNLFFBQVEsYUFBYTtBQUMzQixZQUFNLGtCQUFrQixTQUFVLEdBQUc7QUFDbkMsWUFBSSxPQUFPLE1BQU0sWUFBWSxJQUFJLEtBQUssT0FBTyxNQUFNLENBQUMsRUFBRyxPQUFNLFdBQVcsS0FBSyx5QkFBeUIsQ0FBQztBQUN2RyxhQUFLLGdCQUFnQjtBQUNyQixlQUFPO0FBQUEsTUFDVDtBQUNBLFlBQU0sa0JBQWtCLFdBQVk7QUFDbEMsZUFBTyxLQUFLLGtCQUFrQixTQUFZLHNCQUFzQixLQUFLO0FBQUEsTUFDdkU7QUFDQSxZQUFNLE9BQU8sU0FBVSxTQUFTLE1BQU07QUFDcEMsY0FBTSxTQUFTLEtBQUs7QUFDcEIsWUFBSSxTQUFTLFdBQVcsV0FBVyxVQUFhLE9BQU8sYUFBYSxZQUFZLE1BQU0sT0FBVyxNQUFLLEtBQUssYUFBYSxjQUFjLEdBQUcsSUFBSTtBQUM3SSxjQUFNLFVBQVUsV0FBVyxTQUFZLFNBQVksT0FBTyxJQUFJO0FBQzlELFlBQUksWUFBWSxRQUFXO0FBQ3pCLGNBQUksU0FBUyxTQUFTO0FBQ3BCLGtCQUFNLEtBQUssS0FBSyxDQUFDO0FBQ2pCLGdCQUFJLGNBQWMsTUFBTyxPQUFNO0FBQy9CLGtCQUFNLElBQUksTUFBTSx1QkFBdUIscUJBQXFCLE9BQU8sU0FBWSxjQUFjLE9BQU8sT0FBTyxXQUFXLElBQUksRUFBRSxNQUFNLE9BQU8sRUFBRSxDQUFDLEdBQUc7QUFDL0ksY0FBRSxVQUFVO0FBQ1osa0JBQU07QUFBQSxVQUNSO0FBQ0EsaUJBQU87QUFBQSxRQUNUO0FBQ0EsWUFBSSxPQUFPLFlBQVksWUFBWTtBQUNqQyxlQUFLLE1BQU0sU0FBUyxJQUFJO0FBQUEsUUFDMUIsT0FBTztBQUNMLHFCQUFXRSxNQUFLLFFBQVEsTUFBTSxFQUFHLE1BQUssTUFBTUEsSUFBRyxJQUFJO0FBQUEsUUFDckQ7QUFDQSxlQUFPO0FBQUEsTUFDVDtBQWlEQSxZQUFNLGNBQWMsU0FBVSxNQUFNLFVBQVU7QUFBRSxlQUFPLFlBQVksTUFBTSxNQUFNLFVBQVUsS0FBSztBQUFBLE1BQUc7QUFDakcsWUFBTSxLQUFLLE1BQU07QUFDakIsWUFBTSxrQkFBa0IsU0FBVSxNQUFNLFVBQVU7QUFBRSxlQUFPLFlBQVksTUFBTSxNQUFNLFVBQVUsSUFBSTtBQUFBLE1BQUc7QUFDcEcsWUFBTSxPQUFPLFNBQVUsTUFBTSxVQUFVO0FBQ3JDLHNCQUFjLFFBQVE7QUFDdEIsZUFBTyxLQUFLLEdBQUcsTUFBTSxZQUFZLE1BQU0sTUFBTSxRQUFRLENBQUM7QUFBQSxNQUN4RDtBQUNBLFlBQU0sc0JBQXNCLFNBQVUsTUFBTSxVQUFVO0FBQ3BELHNCQUFjLFFBQVE7QUFDdEIsZUFBTyxLQUFLLGdCQUFnQixNQUFNLFlBQVksTUFBTSxNQUFNLFFBQVEsQ0FBQztBQUFBLE1BQ3JFO0FBQ0EsWUFBTSxpQkFBaUIsU0FBVSxNQUFNLFVBQVU7QUFDL0Msc0JBQWMsUUFBUTtBQUN0QixjQUFNLFNBQVMsS0FBSztBQUNwQixZQUFJLFdBQVcsT0FBVyxRQUFPO0FBQ2pDLGNBQU0sT0FBTyxPQUFPLElBQUk7QUFDeEIsWUFBSSxTQUFTLE9BQVcsUUFBTztBQUMvQixZQUFJLFNBQVMsWUFBWSxLQUFLLGFBQWEsVUFBVTtBQUNuRCxjQUFJLEVBQUUsS0FBSyxpQkFBaUIsRUFBRyxNQUFLLFVBQVUsdUJBQU8sT0FBTyxJQUFJO0FBQUEsY0FDM0QsUUFBTyxPQUFPLElBQUk7QUFDdkIsY0FBSSxPQUFPLGVBQWdCLE1BQUssS0FBSyxrQkFBa0IsTUFBTSxLQUFLLFlBQVksUUFBUTtBQUFBLFFBQ3hGLFdBQVcsT0FBTyxTQUFTLFlBQVk7QUFDckMsY0FBSSxJQUFJO0FBQ1IsbUJBQVMsSUFBSSxLQUFLLFNBQVMsR0FBRyxLQUFLLEdBQUcsS0FBSztBQUN6QyxnQkFBSSxLQUFLLENBQUMsTUFBTSxZQUFZLEtBQUssQ0FBQyxFQUFFLGFBQWEsVUFBVTtBQUFFLGtCQUFJO0FBQUc7QUFBQSxZQUFPO0FBQUEsVUFDN0U7QUFDQSxjQUFJLElBQUksRUFBRyxRQUFPO0FBQ2xCLGdCQUFNLENBQUMsT0FBTyxJQUFJLEtBQUssT0FBTyxHQUFHLENBQUM7QUFDbEMsY0FBSSxLQUFLLFdBQVcsRUFBRyxRQUFPLElBQUksSUFBSSxLQUFLLENBQUM7QUFDNUMsY0FBSSxPQUFPLG1CQUFtQixPQUFXLE1BQUssS0FBSyxrQkFBa0IsTUFBTSxRQUFRLFlBQVksUUFBUTtBQUFBLFFBQ3pHO0FBQ0EsZUFBTztBQUFBLE1BQ1Q7QUFDQSxZQUFNLE1BQU0sTUFBTTtBQUNsQixZQUFNLHFCQUFxQixTQUFVLE1BQU07QUFDekMsY0FBTSxTQUFTLEtBQUs7QUFDcEIsWUFBSSxXQUFXLE9BQVcsUUFBTztBQUNqQyxZQUFJLE9BQU8sbUJBQW1CLFFBQVc7QUFDdkMsY0FBSSxVQUFVLFdBQVcsR0FBRztBQUMxQixpQkFBSyxVQUFVLHVCQUFPLE9BQU8sSUFBSTtBQUNqQyxpQkFBSyxlQUFlO0FBQUEsVUFDdEIsV0FBVyxPQUFPLElBQUksTUFBTSxRQUFXO0FBQ3JDLGdCQUFJLEVBQUUsS0FBSyxpQkFBaUIsRUFBRyxNQUFLLFVBQVUsdUJBQU8sT0FBTyxJQUFJO0FBQUEsZ0JBQzNELFFBQU8sT0FBTyxJQUFJO0FBQUEsVUFDekI7QUFDQSxpQkFBTztBQUFBLFFBQ1Q7QUFDQSxZQUFJLFVBQVUsV0FBVyxHQUFHO0FBQzFCLHFCQUFXLE9BQU8sUUFBUSxRQUFRLE1BQU0sR0FBRztBQUN6QyxnQkFBSSxRQUFRLGlCQUFrQixNQUFLLG1CQUFtQixHQUFHO0FBQUEsVUFDM0Q7QUFDQSxlQUFLLG1CQUFtQixnQkFBZ0I7QUFDeEMsZUFBSyxVQUFVLHVCQUFPLE9BQU8sSUFBSTtBQUNqQyxlQUFLLGVBQWU7QUFDcEIsaUJBQU87QUFBQSxRQUNUO0FBQ0EsY0FBTSxZQUFZLE9BQU8sSUFBSTtBQUM3QixZQUFJLE9BQU8sY0FBYyxXQUFZLE1BQUssZUFBZSxNQUFNLFNBQVM7QUFBQSxpQkFDL0QsY0FBYyxPQUFXLFVBQVMsSUFBSSxVQUFVLFNBQVMsR0FBRyxLQUFLLEdBQUcsSUFBSyxNQUFLLGVBQWUsTUFBTSxVQUFVLENBQUMsQ0FBQztBQUN4SCxlQUFPO0FBQUEsTUFDVDtBQUNBLFlBQU0sWUFBWSxTQUFVLE1BQU07QUFDaEMsY0FBTSxJQUFJLEtBQUssWUFBWSxTQUFZLFNBQVksS0FBSyxRQUFRLElBQUk7QUFDcEUsWUFBSSxNQUFNLE9BQVcsUUFBTyxDQUFDO0FBQzdCLGVBQU8sT0FBTyxNQUFNLGFBQWEsQ0FBQyxFQUFFLFlBQVksQ0FBQyxJQUFJLEVBQUUsSUFBSSxDQUFDLE1BQU0sRUFBRSxZQUFZLENBQUM7QUFBQSxNQUNuRjtBQUNBLFlBQU0sZUFBZSxTQUFVLE1BQU07QUFDbkMsY0FBTSxJQUFJLEtBQUssWUFBWSxTQUFZLFNBQVksS0FBSyxRQUFRLElBQUk7QUFDcEUsWUFBSSxNQUFNLE9BQVcsUUFBTyxDQUFDO0FBQzdCLGVBQU8sT0FBTyxNQUFNLGFBQWEsQ0FBQyxDQUFDLElBQUksRUFBRSxNQUFNO0FBQUEsTUFDakQ7QUFDQSxZQUFNLGdCQUFnQixTQUFVLE1BQU0sVUFBVTtBQUM5QyxjQUFNLElBQUksS0FBSyxZQUFZLFNBQVksU0FBWSxLQUFLLFFBQVEsSUFBSTtBQUNwRSxZQUFJLE1BQU0sT0FBVyxRQUFPO0FBQzVCLGNBQU0sTUFBTSxPQUFPLE1BQU0sYUFBYSxDQUFDLENBQUMsSUFBSTtBQUM1QyxlQUFPLGFBQWEsU0FBWSxJQUFJLFNBQVMsSUFBSSxPQUFPLENBQUMsTUFBTSxNQUFNLFlBQVksRUFBRSxhQUFhLFFBQVEsRUFBRTtBQUFBLE1BQzVHO0FBQ0EsWUFBTSxhQUFhLFdBQVk7QUFDN0IsZUFBTyxLQUFLLGlCQUFpQixLQUFLLEtBQUssWUFBWSxTQUFZLENBQUMsSUFBSSxRQUFRLFFBQVEsS0FBSyxPQUFPO0FBQUEsTUFDbEc7QUFDQSxtQkFBYSxnQkFBZ0IsQ0FBQyxTQUFTLFNBQVMsUUFBUSxjQUFjLElBQUk7QUFDMUUsbUJBQWEsZUFBZTtBQUM1QixtQkFBYSxlQUFlO0FBZ0VyQixNQUFNLGVBQWUsYUFBYTtBQUNsQyxNQUFNLHlCQUF5QixhQUFhO0FBRW5ELGFBQU8sT0FBTyxjQUFjLEVBQUUsTUFBTSxJQUFJLG1CQUFtQixnQkFBZ0IsQ0FBQztBQUM1RSxNQUFPLGlCQUFRO0FBQUE7QUFBQTs7O0FDOVBmLFdBQVMsVUFBVTtBQUNqQixVQUFNLFNBQVMsQ0FBQztBQUNoQixRQUFJLGFBQWE7QUFDZixZQUFNLE9BQVEsV0FBVyx1QkFBdUIsV0FBVyxvQkFBb0IsUUFBUyxDQUFDO0FBQ3pGLGlCQUFXLENBQUMsR0FBRyxDQUFDLEtBQUssT0FBTyxRQUFRLElBQUksRUFBRyxRQUFPLENBQUMsSUFBSSxPQUFPLE1BQU0sV0FBVyxJQUFJLEtBQUssVUFBVSxDQUFDO0FBQUEsSUFDckc7QUFDQSxXQUFPLElBQUksTUFBTSxRQUFRO0FBQUEsTUFDdkIsSUFBSSxHQUFHLEdBQUcsR0FBRztBQUNYLFVBQUUsQ0FBQyxJQUFJLE9BQU8sTUFBTSxXQUFXLElBQUksT0FBTyxDQUFDO0FBQzNDLGVBQU87QUFBQSxNQUNUO0FBQUEsTUFDQSxlQUFlLEdBQUcsR0FBRyxHQUFHO0FBQ3RCLFlBQUksV0FBVyxLQUFLLE9BQU8sTUFBTSxTQUFVLEtBQUksRUFBRSxHQUFHLEdBQUcsT0FBTyxPQUFPLEVBQUUsS0FBSyxFQUFFO0FBQzlFLGVBQU8sUUFBUSxlQUFlLEdBQUcsR0FBRyxDQUFDO0FBQUEsTUFDdkM7QUFBQSxJQUNGLENBQUM7QUFBQSxFQUNIO0FBMUJBLE1BNEJNLE9BQ0EsU0FpRUMsaUJBQ1EsS0FBSyxVQUFVLFNBQVMsVUFBVSxNQUFNLFVBQVUsS0FBSyxRQUFRLFVBQVUsTUFBTSxhQUFhLFFBQVE7QUEvRm5IO0FBQUE7QUFBQTtBQU9BO0FBQ0E7QUFvQkEsTUFBTSxRQUFRLEtBQUssSUFBSTtBQUN2QixNQUFNLFVBQVUsSUFBSSxhQUFhO0FBQ2pDLGFBQU8sT0FBTyxTQUFTO0FBQUEsUUFDckIsS0FBSyxRQUFRO0FBQUEsUUFDYixVQUFVO0FBQUEsUUFDVixTQUFTO0FBQUEsUUFDVCxVQUFVLEVBQUUsTUFBTSxVQUFVO0FBQUEsUUFDNUIsTUFBTTtBQUFBLFFBQ04sU0FBUyxFQUFFLE1BQU0sT0FBTztBQUFBLFFBQ3hCLE1BQU0sQ0FBQztBQUFBLFFBQ1AsT0FBTztBQUFBLFFBQ1AsVUFBVSxDQUFDO0FBQUEsUUFDWCxVQUFVO0FBQUEsUUFDVixLQUFLO0FBQUEsUUFDTCxNQUFNO0FBQUEsUUFDTixPQUFPO0FBQUEsUUFDUCxVQUFVO0FBQUEsUUFDVixVQUFVLEVBQUUsV0FBVyxPQUFPLE9BQU8sT0FBTyxJQUFJLE9BQU8sTUFBTSxNQUFNLFVBQVUsTUFBTSxTQUFTLE1BQU0sVUFBVSxNQUFNLEtBQUssTUFBTSxpQkFBaUIsTUFBTSxnQkFBZ0IsT0FBTyxZQUFZLE1BQU07QUFBQSxRQUM3TCxTQUFTLE9BQU8sTUFBTTtBQUNwQixjQUFJLE9BQU8sT0FBTyxZQUFZO0FBQzVCLGtCQUFNLElBQUksSUFBSSxVQUFVLDhEQUE4RCxPQUFPLE9BQU8sU0FBUyxPQUFPLEVBQUUsRUFBRTtBQUN4SCxjQUFFLE9BQU87QUFDVCxrQkFBTTtBQUFBLFVBQ1I7QUFDQSxxQkFBVyxlQUFlLE1BQU0sR0FBRyxHQUFHLElBQUksQ0FBQztBQUFBLFFBQzdDO0FBQUEsUUFDQSxLQUFLLE1BQU07QUFBQSxRQUNYLFFBQVE7QUFDTixnQkFBTSxJQUFJLElBQUksTUFBTSxrQ0FBa0M7QUFDdEQsWUFBRSxPQUFPO0FBQ1QsZ0JBQU07QUFBQSxRQUNSO0FBQUEsUUFDQSxPQUFPLE1BQU07QUFBQSxRQUNiLFFBQVEsT0FBTyxLQUFLLElBQUksSUFBSSxTQUFTO0FBQUEsUUFDckMsUUFBUSxPQUFPO0FBQUEsVUFDYixDQUFDLFNBQVM7QUFDUixrQkFBTSxJQUFJLE9BQU8sZ0JBQWdCLGNBQWMsWUFBWSxJQUFJLElBQUksS0FBSyxJQUFJO0FBQzVFLGdCQUFJLElBQUksS0FBSyxNQUFNLElBQUksR0FBSSxHQUFHLEtBQUssS0FBSyxNQUFPLElBQUksTUFBUSxHQUFHO0FBQzlELGdCQUFJLE1BQU07QUFDUixtQkFBSyxLQUFLLENBQUM7QUFDWCxvQkFBTSxLQUFLLENBQUM7QUFDWixrQkFBSSxLQUFLLEdBQUc7QUFBRTtBQUFLLHNCQUFNO0FBQUEsY0FBSztBQUFBLFlBQ2hDO0FBQ0EsbUJBQU8sQ0FBQyxHQUFHLEVBQUU7QUFBQSxVQUNmO0FBQUEsVUFDQSxFQUFFLFFBQVEsTUFBTSxPQUFPLEtBQUssT0FBTyxPQUFPLGdCQUFnQixjQUFjLFlBQVksSUFBSSxJQUFJLEtBQUssSUFBSSxLQUFLLEdBQUcsQ0FBQyxFQUFFO0FBQUEsUUFDbEg7QUFBQSxRQUNBLGFBQWEsT0FBTyxPQUFPLE9BQU8sRUFBRSxLQUFLLEdBQUcsV0FBVyxHQUFHLFVBQVUsR0FBRyxVQUFVLEdBQUcsY0FBYyxFQUFFLElBQUksRUFBRSxLQUFLLE1BQU0sRUFBRSxDQUFDO0FBQUEsUUFDeEgsWUFBWSxTQUFTLE1BQU07QUFDekIsZ0JBQU0sTUFBTSxPQUFPLFlBQVksV0FBVyxVQUFVLFdBQVcsUUFBUTtBQUN2RSxrQkFBUSxLQUFLLElBQUksT0FBTyxTQUFTLFdBQVcsT0FBTyxRQUFRLEtBQUssU0FBVSxXQUFXLFFBQVEsUUFBUyxTQUFTLEtBQUssR0FBRyxFQUFFO0FBQUEsUUFDM0g7QUFBQSxRQUNBLEtBQUssTUFBTTtBQUNULGdCQUFNLElBQUksSUFBSSxNQUFNLGdCQUFnQixTQUFTLFNBQVksS0FBSyxJQUFJLFVBQVU7QUFDNUUsWUFBRSxPQUFPO0FBQ1QsZ0JBQU07QUFBQSxRQUNSO0FBQUEsUUFDQSxRQUFRO0FBQ04sZ0JBQU0sSUFBSSxNQUFNLHdCQUF3QjtBQUFBLFFBQzFDO0FBQUEsUUFDQSxtQkFBbUI7QUFDakIsaUJBQU87QUFBQSxRQUNUO0FBQUEsTUFDRixDQUFDO0FBRUQsVUFBSSxXQUFXLFlBQVksT0FBVyxZQUFXLFVBQVU7QUFDM0QsTUFBTyxrQkFBUTtBQUNSLE9BQU0sRUFBRSxLQUFLLFVBQVUsU0FBUyxVQUFVLE1BQU0sVUFBVSxLQUFLLFFBQVEsVUFBVSxNQUFNLGFBQWEsUUFBUSxnQkFBZ0I7QUFBQTtBQUFBOzs7QUM3Rm5JLFdBQVMsUUFBUSxRQUFRO0FBQ3ZCLFVBQU0sSUFBSSxJQUFJLE1BQU0sMkJBQTJCO0FBQy9DLE1BQUUsT0FBTztBQUNULE1BQUUsT0FBTztBQUNULE1BQUUsUUFBUSxPQUFPO0FBQ2pCLFdBQU87QUFBQSxFQUNUO0FBQ08sV0FBU0MsWUFBVyxPQUFPQyxRQUFPLFVBQVUsQ0FBQyxHQUFHO0FBQ3JELFVBQU0sU0FBUyxRQUFRO0FBQ3ZCLFdBQU8sSUFBSSxRQUFRLENBQUNDLFVBQVMsV0FBVztBQUN0QyxVQUFJLFVBQVUsT0FBTyxRQUFTLFFBQU8sT0FBTyxRQUFRLE1BQU0sQ0FBQztBQUMzRCxZQUFNLEtBQUssV0FBVyxXQUFXLE1BQU1BLFNBQVFELE1BQUssR0FBRyxLQUFLO0FBQzVELFVBQUksT0FBUSxRQUFPLGlCQUFpQixTQUFTLE1BQU07QUFBRSxtQkFBVyxhQUFhLEVBQUU7QUFBRyxlQUFPLFFBQVEsTUFBTSxDQUFDO0FBQUEsTUFBRyxHQUFHLEVBQUUsTUFBTSxLQUFLLENBQUM7QUFBQSxJQUM5SCxDQUFDO0FBQUEsRUFDSDtBQWhCQTtBQUFBO0FBQUE7QUFBQTtBQUFBOzs7QUNBQSxNQVFhLGNBQ0E7QUFUYjtBQUFBO0FBQUE7QUFRTyxNQUFNLGVBQWUsQ0FBQyxPQUFPLFNBQVMsV0FBVyxXQUFXLElBQUksR0FBRyxHQUFHLElBQUk7QUFDMUUsTUFBTSxpQkFBaUIsQ0FBQyxPQUFPLFdBQVcsYUFBYSxFQUFFO0FBRWhFLFVBQUksV0FBVyxpQkFBaUIsT0FBVyxRQUFPLE9BQU8sWUFBWSxFQUFFLGNBQWMsZUFBZSxDQUFDO0FBQUE7QUFBQTs7O0FDWHJHLE1BR2E7QUFIYjtBQUFBO0FBQUE7QUFFQTtBQUNPLE1BQU0sU0FBUztBQUFBO0FBQUE7OztBQ0VmLFdBQVMsVUFBVSxHQUFHLEdBQUdFLFNBQVEsTUFBTTtBQUM1QyxRQUFJQSxVQUFTLE9BQU8sR0FBRyxHQUFHLENBQUMsSUFBSSxLQUFLLEtBQU0sTUFBTSxLQUFLLE1BQU0sRUFBSSxRQUFPO0FBQ3RFLFFBQUksT0FBTyxNQUFNLFlBQVksT0FBTyxNQUFNLFlBQVksTUFBTSxRQUFRLE1BQU0sTUFBTTtBQUM5RSxVQUFJLENBQUNBLFlBQVcsT0FBTyxNQUFNLFlBQVksTUFBTSxVQUFVLE9BQU8sTUFBTSxZQUFZLE1BQU0sTUFBTyxRQUFPLEtBQUs7QUFDM0csYUFBTztBQUFBLElBQ1Q7QUFDQSxRQUFJQSxXQUFVLE9BQU8sZUFBZSxDQUFDLE1BQU0sT0FBTyxlQUFlLENBQUMsRUFBRyxRQUFPO0FBQzVFLFVBQU0sTUFBTSxNQUFNLENBQUM7QUFDbkIsUUFBSSxRQUFRLE1BQU0sQ0FBQyxFQUFHLFFBQU87QUFDN0IsUUFBSSxNQUFNLFFBQVEsQ0FBQyxNQUFNLE1BQU0sUUFBUSxDQUFDLEVBQUcsUUFBTztBQUNsRCxRQUFJLGFBQWEsTUFBTTtBQUNyQixVQUFJLEVBQUUsYUFBYSxTQUFTLEVBQUUsUUFBUSxNQUFNLEVBQUUsUUFBUSxFQUFHLFFBQU87QUFBQSxJQUNsRSxXQUFXLGFBQWEsUUFBUTtBQUM5QixVQUFJLEVBQUUsYUFBYSxXQUFXLEVBQUUsV0FBVyxFQUFFLFVBQVUsRUFBRSxVQUFVLEVBQUUsU0FBUyxFQUFFLGNBQWMsRUFBRSxVQUFXLFFBQU87QUFBQSxJQUNwSCxXQUFXLGFBQWEsT0FBTztBQUM3QixVQUFJLEVBQUUsYUFBYSxVQUFVLEVBQUUsWUFBWSxFQUFFLFdBQVcsRUFBRSxTQUFTLEVBQUUsS0FBTSxRQUFPO0FBQUEsSUFDcEYsV0FBVyxZQUFZLE9BQU8sQ0FBQyxHQUFHO0FBQ2hDLFVBQUksQ0FBQyxZQUFZLE9BQU8sQ0FBQyxLQUFLLEVBQUUsZUFBZSxFQUFFLFdBQVksUUFBTztBQUNwRSxVQUFJLEVBQUUsYUFBYSxhQUFhLEVBQUUsYUFBYSxpQkFBaUIsRUFBRSxhQUFhLGVBQWU7QUFDNUYsY0FBTSxJQUFJLElBQUksV0FBVyxFQUFFLFFBQVEsRUFBRSxZQUFZLEVBQUUsVUFBVSxHQUFHLElBQUksSUFBSSxXQUFXLEVBQUUsUUFBUSxFQUFFLFlBQVksRUFBRSxVQUFVO0FBQ3ZILGlCQUFTQyxLQUFJLEdBQUdBLEtBQUksRUFBRSxRQUFRQSxLQUFLLEtBQUksRUFBRUEsRUFBQyxNQUFNLEVBQUVBLEVBQUMsRUFBRyxRQUFPO0FBQUEsTUFDL0QsV0FBVyxFQUFFLGFBQWEsV0FBVztBQUNuQyxpQkFBU0EsS0FBSSxHQUFHQSxLQUFJLEVBQUUsUUFBUUEsS0FBSyxLQUFJLEVBQUVELFVBQVMsT0FBTyxHQUFHLEVBQUVDLEVBQUMsR0FBRyxFQUFFQSxFQUFDLENBQUMsSUFBSSxFQUFFQSxFQUFDLEtBQUssRUFBRUEsRUFBQyxHQUFJLFFBQU87QUFBQSxNQUNsRztBQUFBLElBQ0YsV0FBVyxhQUFhLGFBQWE7QUFDbkMsVUFBSSxFQUFFLGFBQWEsZ0JBQWdCLEVBQUUsZUFBZSxFQUFFLFdBQVksUUFBTztBQUN6RSxZQUFNLElBQUksSUFBSSxXQUFXLENBQUMsR0FBRyxJQUFJLElBQUksV0FBVyxDQUFDO0FBQ2pELGVBQVNBLEtBQUksR0FBR0EsS0FBSSxFQUFFLFFBQVFBLEtBQUssS0FBSSxFQUFFQSxFQUFDLE1BQU0sRUFBRUEsRUFBQyxFQUFHLFFBQU87QUFDN0QsYUFBTztBQUFBLElBQ1QsV0FBVyxPQUFPLEVBQUUsWUFBWSxlQUFlLGFBQWEsVUFBVSxhQUFhLFVBQVUsYUFBYSxVQUFVO0FBQ2xILFVBQUksQ0FBQyxPQUFPLEdBQUcsRUFBRSxRQUFRLEdBQUcsRUFBRSxRQUFRLENBQUMsRUFBRyxRQUFPO0FBQUEsSUFDbkQ7QUFDQSxXQUFPLFFBQVEsRUFBRSxHQUFHLENBQUMsR0FBRyxHQUFHLENBQUMsRUFBRTtBQUM5QixVQUFNLElBQUksS0FBSyxFQUFFLFFBQVEsQ0FBQztBQUMxQixRQUFJLEtBQUssS0FBSyxLQUFLLEVBQUUsQ0FBQyxNQUFNLEVBQUcsUUFBTztBQUN0QyxTQUFLLEVBQUUsS0FBSyxDQUFDO0FBQ2IsU0FBSyxFQUFFLEtBQUssQ0FBQztBQUNiLFFBQUk7QUFDRixVQUFJLGFBQWEsS0FBSztBQUNwQixZQUFJLEVBQUUsYUFBYSxRQUFRLEVBQUUsU0FBUyxFQUFFLEtBQU0sUUFBTztBQUNyRCxtQkFBVyxDQUFDLEdBQUcsQ0FBQyxLQUFLLEdBQUc7QUFDdEIsY0FBSSxFQUFFLElBQUksQ0FBQyxHQUFHO0FBQ1osZ0JBQUksQ0FBQyxVQUFVLEdBQUcsRUFBRSxJQUFJLENBQUMsR0FBR0QsU0FBUSxJQUFJLEVBQUcsUUFBTztBQUFBLFVBQ3BELE9BQU87QUFDTCxnQkFBSSxRQUFRO0FBQ1osdUJBQVcsQ0FBQyxJQUFJLEVBQUUsS0FBSyxHQUFHO0FBQ3hCLGtCQUFJLFVBQVUsR0FBRyxJQUFJQSxTQUFRLElBQUksS0FBSyxVQUFVLEdBQUcsSUFBSUEsU0FBUSxJQUFJLEdBQUc7QUFBRSx3QkFBUTtBQUFNO0FBQUEsY0FBTztBQUFBLFlBQy9GO0FBQ0EsZ0JBQUksQ0FBQyxNQUFPLFFBQU87QUFBQSxVQUNyQjtBQUFBLFFBQ0Y7QUFBQSxNQUNGLFdBQVcsYUFBYSxLQUFLO0FBQzNCLFlBQUksRUFBRSxhQUFhLFFBQVEsRUFBRSxTQUFTLEVBQUUsS0FBTSxRQUFPO0FBQ3JELG1CQUFXLEtBQUssR0FBRztBQUNqQixjQUFJLEVBQUUsSUFBSSxDQUFDLEVBQUc7QUFDZCxjQUFJLE9BQU8sTUFBTSxZQUFZLE1BQU0sTUFBTTtBQUFFLGdCQUFJQSxRQUFRLFFBQU87QUFBQSxVQUFPO0FBQ3JFLGNBQUksUUFBUTtBQUNaLHFCQUFXRSxNQUFLLEVBQUcsS0FBSSxVQUFVLEdBQUdBLElBQUdGLFNBQVEsSUFBSSxHQUFHO0FBQUUsb0JBQVE7QUFBTTtBQUFBLFVBQU87QUFDN0UsY0FBSSxDQUFDLE1BQU8sUUFBTztBQUFBLFFBQ3JCO0FBQUEsTUFDRjtBQUNBLFlBQU0sS0FBSyxRQUFRLEdBQUdBLE9BQU0sR0FBRyxLQUFLLFFBQVEsR0FBR0EsT0FBTTtBQUNyRCxVQUFJLEdBQUcsV0FBVyxHQUFHLE9BQVEsUUFBTztBQUNwQyxpQkFBVyxLQUFLLElBQUk7QUFDbEIsWUFBSSxDQUFDLE9BQU8sVUFBVSxxQkFBcUIsS0FBSyxHQUFHLENBQUMsRUFBRyxRQUFPO0FBQzlELFlBQUksQ0FBQyxVQUFVLEVBQUUsQ0FBQyxHQUFHLEVBQUUsQ0FBQyxHQUFHQSxTQUFRLElBQUksRUFBRyxRQUFPO0FBQUEsTUFDbkQ7QUFDQSxhQUFPO0FBQUEsSUFDVCxVQUFFO0FBQ0EsV0FBSyxFQUFFLElBQUk7QUFDWCxXQUFLLEVBQUUsSUFBSTtBQUFBLElBQ2I7QUFBQSxFQUNGO0FBRUEsV0FBUyxRQUFRLEdBQUdBLFNBQVE7QUFDMUIsVUFBTSxPQUFPLE9BQU8sS0FBSyxDQUFDO0FBQzFCLFFBQUksWUFBWSxPQUFPLENBQUMsRUFBRyxRQUFPLEtBQUssT0FBTyxDQUFDLE1BQU0sQ0FBQyxRQUFRLEtBQUssQ0FBQyxDQUFDO0FBQ3JFLFFBQUlBO0FBQVEsaUJBQVcsS0FBSyxPQUFPLHNCQUFzQixDQUFDLEVBQUcsS0FBSSxPQUFPLFVBQVUscUJBQXFCLEtBQUssR0FBRyxDQUFDLEVBQUcsTUFBSyxLQUFLLENBQUM7QUFBQTtBQUM5SCxXQUFPO0FBQUEsRUFDVDtBQXBGQSxNQUdNO0FBSE47QUFBQTtBQUFBO0FBR0EsTUFBTSxRQUFRLENBQUMsTUFBTSxPQUFPLFVBQVUsU0FBUyxLQUFLLENBQUM7QUFBQTtBQUFBOzs7QUNIckQ7QUFBQTtBQUFBLHVCQUFBRztBQUFBLElBQUEsbUJBQUFDO0FBQUEsSUFBQTtBQUFBLG1CQUFBQztBQUFBLElBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQVlPLFdBQVMsUUFBUUMsUUFBTyxTQUFTQyxTQUFRO0FBQzlDLFVBQU0sTUFBTSxFQUFFLEdBQUcsZ0JBQWdCLE1BQU0sQ0FBQyxHQUFHLFVBQVUsb0JBQUksSUFBSSxHQUFHLGdCQUFnQixHQUFHLGNBQWMsRUFBRTtBQUNuRyxRQUFJLE9BQU8sU0FBUyxXQUFXO0FBQzdCLFVBQUksYUFBYTtBQUNqQixVQUFJQSxRQUFPLFNBQVMsS0FBS0EsUUFBTyxDQUFDLE1BQU0sT0FBVyxLQUFJLFFBQVFBLFFBQU8sQ0FBQyxNQUFNLE9BQU8sV0FBV0EsUUFBTyxDQUFDO0FBQUEsSUFDeEcsV0FBVyxRQUFRLE9BQU8sU0FBUyxVQUFVO0FBQzNDLGlCQUFXLEtBQUssT0FBTyxLQUFLLElBQUksRUFBRyxLQUFJLEtBQUssa0JBQWtCLE1BQU0sVUFBVyxLQUFJLENBQUMsSUFBSSxLQUFLLENBQUM7QUFDOUYsVUFBSSxJQUFJLFVBQVUsS0FBTSxLQUFJLFFBQVE7QUFBQSxJQUN0QztBQUNBLFFBQUksSUFBSSxtQkFBbUIsS0FBTSxLQUFJLGlCQUFpQjtBQUN0RCxRQUFJLElBQUksb0JBQW9CLEtBQU0sS0FBSSxrQkFBa0I7QUFDeEQsV0FBTyxZQUFZLEtBQUtELFFBQU8sR0FBRyxJQUFJO0FBQUEsRUFDeEM7QUFPQSxXQUFTLE1BQU0sR0FBRyxLQUFLO0FBQ3JCLFFBQUksSUFBSTtBQUNSLFFBQUksRUFBRSxTQUFTLEdBQUcsR0FBRztBQUNuQixVQUFJLENBQUMsRUFBRSxTQUFTLEdBQUcsRUFBRyxLQUFJO0FBQUEsZUFDakIsQ0FBQyxFQUFFLFNBQVMsR0FBRyxLQUFLLENBQUMsRUFBRSxTQUFTLElBQUksRUFBRyxLQUFJO0FBQUEsSUFDdEQ7QUFDQSxRQUFJLFVBQVU7QUFDZCxRQUFJLE9BQU8sRUFBRSxTQUFTLElBQUksaUJBQWlCO0FBQ3pDLGdCQUFVLE9BQU8sRUFBRSxTQUFTLElBQUksZUFBZSxrQkFBa0IsRUFBRSxTQUFTLElBQUksa0JBQWtCLElBQUksTUFBTSxFQUFFO0FBQzlHLFVBQUksRUFBRSxNQUFNLEdBQUcsSUFBSSxlQUFlO0FBQUEsSUFDcEM7QUFDQSxVQUFNLFVBQVUsRUFBRSxRQUFRLG1DQUFtQyxDQUFDLE1BQU07QUFDbEUsVUFBSSxNQUFNLEVBQUcsUUFBTyxPQUFPO0FBQzNCLFVBQUksTUFBTSxPQUFPLE1BQU0sT0FBTyxNQUFNLElBQUssUUFBTztBQUNoRCxjQUFRLEdBQUc7QUFBQSxRQUNULEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLFFBQ2xCLEtBQUs7QUFBTSxpQkFBTztBQUFBLE1BQ3BCO0FBQ0EsYUFBTyxRQUFRLEVBQUUsV0FBVyxDQUFDLEVBQUUsU0FBUyxFQUFFLEVBQUUsWUFBWSxFQUFFLFNBQVMsR0FBRyxHQUFHO0FBQUEsSUFDM0UsQ0FBQztBQUNELFdBQU8sSUFBSSxVQUFVLElBQUk7QUFBQSxFQUMzQjtBQUVBLFdBQVMsZ0JBQWdCLEtBQUssR0FBRztBQUMvQixZQUFRLE9BQU8sR0FBRztBQUFBLE1BQ2hCLEtBQUssVUFBVTtBQUNiLFlBQUksSUFBSSxZQUFZLFFBQVEsRUFBRSxTQUFTLE1BQU0sRUFBRSxTQUFTLElBQUksY0FBYyxJQUFJLGlCQUFpQixLQUFLLEVBQUUsU0FBUyxJQUFJLEtBQUssSUFBSSxpQkFBaUIsR0FBRztBQUM5SSxnQkFBTSxRQUFRLEVBQUUsTUFBTSxTQUFTO0FBQy9CLGlCQUFPLE1BQU0sSUFBSSxDQUFDLE1BQU0sTUFBTSxHQUFHLEdBQUcsQ0FBQyxFQUFFLEtBQUs7QUFBQSxFQUFPLElBQUksT0FBTyxJQUFJLGlCQUFpQixDQUFDLENBQUMsRUFBRTtBQUFBLFFBQ3pGO0FBQ0EsZUFBTyxNQUFNLEdBQUcsR0FBRztBQUFBLE1BQ3JCO0FBQUEsTUFDQSxLQUFLO0FBQVUsZUFBTyxPQUFPLEdBQUcsR0FBRyxFQUFFLElBQUksT0FBTyxPQUFPLENBQUM7QUFBQSxNQUN4RCxLQUFLO0FBQVUsZUFBTyxHQUFHLENBQUM7QUFBQSxNQUMxQixLQUFLO0FBQVUsZUFBTyxFQUFFLFNBQVM7QUFBQSxNQUNqQztBQUFTLGVBQU8sT0FBTyxDQUFDO0FBQUEsSUFDMUI7QUFBQSxFQUNGO0FBRUEsV0FBUyxnQkFBZ0IsS0FBSztBQUM1QixRQUFJLElBQUk7QUFDUixXQUFPLE1BQU0sUUFBUSxNQUFNLFFBQVc7QUFDcEMsWUFBTSxJQUFJLE9BQU8seUJBQXlCLEdBQUcsYUFBYTtBQUMxRCxVQUFJLE1BQU0sVUFBYSxPQUFPLEVBQUUsVUFBVSxjQUFjLEVBQUUsTUFBTSxTQUFTLEdBQUksUUFBTyxFQUFFLE1BQU07QUFDNUYsVUFBSSxPQUFPLGVBQWUsQ0FBQztBQUFBLElBQzdCO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLE9BQU8sTUFBTSxLQUFLLFVBQVUsTUFBTTtBQUN6QyxRQUFJLFNBQVMsS0FBTSxRQUFPLFFBQVEsTUFBTSxhQUFhLE1BQU0sSUFBSSxRQUFRLEdBQUcsSUFBSSxzQkFBc0IsR0FBRyxPQUFPLElBQUksUUFBUSxHQUFHLElBQUk7QUFDakksUUFBSSxRQUFRLE1BQU0sU0FBUyxJQUFLLFFBQU8sR0FBRyxJQUFJLEdBQUcsSUFBSSxLQUFLLEdBQUc7QUFDN0QsV0FBTyxHQUFHLElBQUksR0FBRyxJQUFJO0FBQUEsRUFDdkI7QUFFQSxXQUFTLGFBQWEsR0FBRyxNQUFNLEtBQUs7QUFDbEMsVUFBTSxNQUFNLFNBQVMsVUFBVSxTQUFTLEtBQUssQ0FBQztBQUM5QyxRQUFJLElBQUksV0FBVyxPQUFPLEtBQUssV0FBVyxLQUFLLEdBQUcsR0FBRztBQUNuRCxVQUFJRSxRQUFPLFVBQVUsRUFBRSxRQUFRLGFBQWE7QUFDNUMsWUFBTSxNQUFNLE9BQU8sZUFBZSxDQUFDO0FBQ25DLFVBQUksT0FBTyxJQUFJLEtBQU0sQ0FBQUEsU0FBUSxZQUFZLElBQUksSUFBSTtBQUNqRCxhQUFPQSxRQUFPO0FBQUEsSUFDaEI7QUFDQSxRQUFJLE9BQU87QUFDWCxVQUFNLE9BQU8sZ0JBQWdCLENBQUM7QUFDOUIsUUFBSSxTQUFTLG1CQUFtQixTQUFTLHVCQUF1QixTQUFTLHlCQUEwQixRQUFPO0FBQzFHLFFBQUksT0FBTyxJQUFJLElBQUk7QUFDbkIsUUFBSSxTQUFTLEtBQU0sU0FBUTtBQUMzQixZQUFRLEVBQUUsU0FBUyxLQUFLLGlCQUFpQixLQUFLLEVBQUUsSUFBSTtBQUNwRCxZQUFRO0FBQ1IsUUFBSSxTQUFTLFFBQVEsU0FBUyxRQUFRLFNBQVMsV0FBWSxTQUFRLElBQUksSUFBSTtBQUMzRSxRQUFJLFFBQVEsTUFBTSxTQUFTLElBQUssU0FBUSxLQUFLLEdBQUc7QUFDaEQsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLFlBQVksS0FBSyxHQUFHLE9BQU8sS0FBSztBQUN2QyxRQUFJLE9BQU8sTUFBTSxZQUFZLE9BQU8sTUFBTSxXQUFZLFFBQU8sZ0JBQWdCLEtBQUssQ0FBQztBQUNuRixRQUFJLE1BQU0sS0FBTSxRQUFPO0FBQ3ZCLFFBQUksSUFBSSxlQUFlO0FBQ3JCLFVBQUk7QUFDSixVQUFJO0FBQUUsWUFBSSxFQUFFLGFBQWE7QUFBQSxNQUFHLFFBQVE7QUFBRSxZQUFJO0FBQUEsTUFBVztBQUNyRCxVQUFJLE9BQU8sTUFBTSxjQUFjLE1BQU0sU0FBUztBQUM1QyxjQUFNLFFBQVEsSUFBSSxVQUFVLFdBQVcsV0FBVyxJQUFJLFFBQVE7QUFDOUQsY0FBTSxJQUFJLEVBQUUsS0FBSyxHQUFHLE9BQU8sRUFBRSxHQUFHLEtBQUssTUFBTSxRQUFXLFVBQVUsUUFBVyxTQUFTLENBQUMsTUFBTSxFQUFFLEdBQUcsT0FBTztBQUN2RyxZQUFJLE1BQU0sR0FBRztBQUNYLGNBQUksT0FBTyxNQUFNLFNBQVUsUUFBTyxZQUFZLEtBQUssR0FBRyxPQUFPLEtBQUs7QUFDbEUsaUJBQU8sRUFBRSxRQUFRLE9BQU87QUFBQSxFQUFLLElBQUksT0FBTyxJQUFJLGNBQWMsQ0FBQyxFQUFFO0FBQUEsUUFDL0Q7QUFBQSxNQUNGO0FBQUEsSUFDRjtBQUNBLFFBQUksSUFBSSxLQUFLLFNBQVMsQ0FBQyxHQUFHO0FBQ3hCLFVBQUksSUFBSSxJQUFJLFNBQVMsSUFBSSxDQUFDO0FBQzFCLFVBQUksTUFBTSxRQUFXO0FBQUUsWUFBSSxJQUFJLFNBQVMsT0FBTztBQUFHLFlBQUksU0FBUyxJQUFJLEdBQUcsQ0FBQztBQUFBLE1BQUc7QUFDMUUsYUFBTyxjQUFjLENBQUM7QUFBQSxJQUN4QjtBQUNBLFdBQU8sVUFBVSxLQUFLLEdBQUcsT0FBTyxHQUFHO0FBQUEsRUFDckM7QUFFQSxXQUFTLE9BQU8sR0FBRyxLQUFLLGVBQWU7QUFDckMsUUFBSSxPQUFPLElBQUksYUFBYSxPQUFPLG9CQUFvQixDQUFDLElBQUksT0FBTyxLQUFLLENBQUM7QUFDekUsUUFBSSxjQUFlLFFBQU8sS0FBSyxPQUFPLENBQUMsTUFBTSxDQUFDLG9CQUFvQixLQUFLLENBQUMsS0FBSyxPQUFPLENBQUMsS0FBSyxFQUFFLE1BQU07QUFDbEcsVUFBTSxPQUFPLE9BQU8sc0JBQXNCLENBQUMsRUFBRSxPQUFPLENBQUMsTUFBTSxJQUFJLGNBQWMsT0FBTyxVQUFVLHFCQUFxQixLQUFLLEdBQUcsQ0FBQyxDQUFDO0FBQzdILFdBQU8sS0FBSyxPQUFPLElBQUk7QUFDdkIsUUFBSSxJQUFJLE9BQVEsTUFBSyxLQUFLLE9BQU8sSUFBSSxXQUFXLGFBQWEsSUFBSSxTQUFTLE1BQVM7QUFDbkYsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLFVBQVUsS0FBSyxHQUFHLE9BQU8sS0FBSztBQUNyQyxVQUFNLE9BQU8sZ0JBQWdCLENBQUM7QUFDOUIsUUFBSSxNQUFNLEVBQUUsT0FBTyxXQUFXO0FBRTlCLFFBQUksT0FBTyxRQUFRLFlBQWEsUUFBUSxPQUFPLElBQUksYUFBYSxPQUFPLFVBQVUsaUJBQWlCLE9BQU8sVUFBVSxzQkFBc0IsS0FBSyxHQUFHLE9BQU8sV0FBVyxFQUFJLE9BQU07QUFDN0ssUUFBSSxPQUFPLElBQUksUUFBUSxPQUFPLGFBQWEsVUFBVSxNQUFNO0FBQzNELFVBQU0sUUFBUSxNQUFNLFFBQVEsQ0FBQztBQUM3QixRQUFJLE9BQU87QUFDVCxhQUFPLE9BQU8sR0FBRyxLQUFLLElBQUk7QUFDMUIsZUFBUyxDQUFDLEdBQUcsU0FBUyxXQUFXLFFBQVEsS0FBSyxPQUFPLE1BQU0sS0FBSyxTQUFTLElBQUksRUFBRSxNQUFNLEdBQUcsSUFBSSxFQUFFLEtBQUssR0FBRztBQUN0RyxVQUFJLEVBQUUsV0FBVyxLQUFLLEtBQUssV0FBVyxFQUFHLFFBQU8sR0FBRyxPQUFPLENBQUMsQ0FBQztBQUM1RCxhQUFPO0FBQ1AsZ0JBQVUsTUFBTSxZQUFZLEtBQUssR0FBRyxLQUFLO0FBQUEsSUFDM0MsV0FBVyxhQUFhLEtBQUs7QUFDM0IsYUFBTyxPQUFPLEdBQUcsS0FBSyxLQUFLO0FBQzNCLFlBQU0sSUFBSSxPQUFPLE1BQU0sS0FBSyxPQUFPLElBQUksRUFBRSxJQUFJLEdBQUc7QUFDaEQsZUFBUyxDQUFDLEdBQUcsQ0FBQyxLQUFLLEdBQUc7QUFDdEIsVUFBSSxFQUFFLFNBQVMsS0FBSyxLQUFLLFdBQVcsRUFBRyxRQUFPLEdBQUcsQ0FBQztBQUNsRCxnQkFBVSxNQUFNLFVBQVUsS0FBSyxHQUFHLEtBQUs7QUFBQSxJQUN6QyxXQUFXLGFBQWEsS0FBSztBQUMzQixhQUFPLE9BQU8sR0FBRyxLQUFLLEtBQUs7QUFDM0IsWUFBTSxJQUFJLE9BQU8sTUFBTSxLQUFLLE9BQU8sSUFBSSxFQUFFLElBQUksR0FBRztBQUNoRCxlQUFTLENBQUMsR0FBRyxDQUFDLEtBQUssR0FBRztBQUN0QixVQUFJLEVBQUUsU0FBUyxLQUFLLEtBQUssV0FBVyxFQUFHLFFBQU8sR0FBRyxDQUFDO0FBQ2xELGdCQUFVLE1BQU0sVUFBVSxLQUFLLEdBQUcsS0FBSztBQUFBLElBQ3pDLFdBQVcsWUFBWSxPQUFPLENBQUMsS0FBSyxFQUFFLGFBQWEsV0FBVztBQUM1RCxhQUFPLE9BQU8sR0FBRyxLQUFLLElBQUk7QUFDMUIsWUFBTSxXQUFXLGdCQUFnQixPQUFPLGVBQWUsT0FBTyxlQUFlLENBQUMsQ0FBQyxLQUFLLENBQUMsQ0FBQyxLQUFLO0FBQzNGLGVBQVMsQ0FBQyxHQUFHLE9BQU8sTUFBTSxRQUFRLE9BQU8sTUFBTSxJQUFJLFVBQVUsSUFBSSxFQUFFLE1BQU0sR0FBRyxDQUFDLEtBQUssR0FBRztBQUNyRixVQUFJLEVBQUUsV0FBVyxLQUFLLEtBQUssV0FBVyxFQUFHLFFBQU8sR0FBRyxPQUFPLENBQUMsQ0FBQztBQUM1RCxhQUFPO0FBQ1AsZ0JBQVUsTUFBTSxpQkFBaUIsS0FBSyxDQUFDO0FBQUEsSUFDekMsT0FBTztBQUNMLGFBQU8sT0FBTyxHQUFHLEtBQUssS0FBSztBQUMzQixlQUFTLENBQUMsS0FBSyxHQUFHO0FBQ2xCLFVBQUksT0FBTyxNQUFNLFlBQVk7QUFDM0IsZUFBTyxhQUFhLEdBQUcsTUFBTSxHQUFHO0FBQ2hDLFlBQUksS0FBSyxXQUFXLEVBQUcsUUFBTztBQUFBLE1BQ2hDLFdBQVcsYUFBYSxRQUFRO0FBQzlCLGVBQU8sT0FBTyxVQUFVLFNBQVMsS0FBSyxDQUFDO0FBQ3ZDLFlBQUksU0FBUyxTQUFVLFFBQU8sR0FBRyxPQUFPLE1BQU0sS0FBSyxVQUFVLEVBQUUsQ0FBQyxHQUFHLElBQUk7QUFDdkUsWUFBSSxLQUFLLFdBQVcsS0FBSyxRQUFRLElBQUksTUFBTyxRQUFPO0FBQUEsTUFDckQsV0FBVyxhQUFhLE1BQU07QUFDNUIsZUFBTyxPQUFPLE1BQU0sRUFBRSxRQUFRLENBQUMsSUFBSSxpQkFBaUIsRUFBRSxZQUFZO0FBQ2xFLFlBQUksU0FBUyxPQUFRLFFBQU8sR0FBRyxPQUFPLE1BQU0sS0FBSyxRQUFRLEVBQUUsQ0FBQyxHQUFHLElBQUk7QUFDbkUsWUFBSSxLQUFLLFdBQVcsRUFBRyxRQUFPO0FBQUEsTUFDaEMsV0FBVyxhQUFhLE9BQU87QUFDN0IsZUFBTyxZQUFZLEdBQUcsTUFBTSxLQUFLLEdBQUc7QUFDcEMsZUFBTyxLQUFLLE9BQU8sQ0FBQyxNQUFNLE1BQU0sV0FBVyxNQUFNLFNBQVM7QUFDMUQsWUFBSSxLQUFLLFdBQVcsRUFBRyxRQUFPO0FBQUEsTUFDaEMsV0FBVyxhQUFhLGVBQWdCLE9BQU8sc0JBQXNCLGNBQWMsYUFBYSxtQkFBb0I7QUFDbEgsY0FBTSxPQUFPLGFBQWEsY0FBYyxnQkFBZ0I7QUFDeEQsZUFBTyxDQUFDLElBQUksR0FBRyxPQUFPLE1BQU0sS0FBSyxNQUFNLEVBQUUsQ0FBQztBQUMxQyxjQUFNLFFBQVEsSUFBSSxXQUFXLENBQUM7QUFDOUIsWUFBSSxNQUFNLE1BQU0sS0FBSyxNQUFNLFNBQVMsR0FBRyxLQUFLLElBQUksSUFBSSxnQkFBZ0IsRUFBRSxDQUFDLEdBQUcsQ0FBQyxNQUFNLEVBQUUsU0FBUyxFQUFFLEVBQUUsU0FBUyxHQUFHLEdBQUcsQ0FBQyxFQUFFLEtBQUssR0FBRztBQUMxSCxZQUFJLE1BQU0sU0FBUyxHQUFJLFFBQU8sUUFBUSxNQUFNLFNBQVMsRUFBRSxhQUFhLE1BQU0sU0FBUyxLQUFLLElBQUksTUFBTSxFQUFFO0FBQ3BHLGNBQU0sUUFBUSxDQUFDLHFCQUFxQixHQUFHLEtBQUssZUFBZSxFQUFFLFVBQVUsRUFBRTtBQUN6RSxrQkFBVSxNQUFNO0FBQUEsTUFDbEIsV0FBVyxhQUFhLFVBQVU7QUFDaEMsZUFBTyxDQUFDLElBQUksR0FBRyxPQUFPLE1BQU0sS0FBSyxZQUFZLEVBQUUsQ0FBQztBQUNoRCxrQkFBVSxNQUFNLENBQUMsZUFBZSxFQUFFLFVBQVUsSUFBSSxlQUFlLEVBQUUsVUFBVSxJQUFJLFdBQVcsWUFBWSxLQUFLLEVBQUUsUUFBUSxRQUFRLENBQUMsQ0FBQyxFQUFFO0FBQUEsTUFDbkksV0FBVyxhQUFhLFNBQVM7QUFDL0IsZUFBTyxDQUFDLElBQUksR0FBRyxPQUFPLE1BQU0sS0FBSyxXQUFXLEVBQUUsQ0FBQztBQUMvQyxrQkFBVSxNQUFNLENBQUMsV0FBVztBQUFBLE1BQzlCLFdBQVcsYUFBYSxXQUFXLGFBQWEsV0FBWSxPQUFPLFlBQVksY0FBYyxhQUFhLFNBQVU7QUFDbEgsY0FBTSxPQUFPLGFBQWEsVUFBVSxZQUFZLGFBQWEsVUFBVSxZQUFZO0FBQ25GLGVBQU8sR0FBRyxPQUFPLE1BQU0sS0FBSyxNQUFNLEVBQUUsQ0FBQztBQUFBLE1BQ3ZDLFdBQVcsYUFBYSxVQUFVLGFBQWEsVUFBVSxhQUFhLFdBQVcsYUFBYSxVQUFVLGFBQWEsUUFBUTtBQUMzSCxjQUFNLE9BQU8sYUFBYSxTQUFTLFdBQVcsYUFBYSxTQUFTLFdBQVcsYUFBYSxVQUFVLFlBQVksYUFBYSxTQUFTLFdBQVc7QUFDbkosZUFBTyxJQUFJLElBQUksR0FBRyxTQUFTLE9BQU8sS0FBSyxTQUFTLE9BQU8sbUJBQW1CLElBQUksTUFBTSxFQUFFLEtBQUssZ0JBQWdCLEVBQUUsR0FBRyxnQkFBZ0IsZ0JBQWdCLEVBQUUsR0FBRyxFQUFFLFFBQVEsQ0FBQyxDQUFDO0FBQ2pLLFlBQUksYUFBYSxPQUFRLFFBQU8sS0FBSyxPQUFPLENBQUMsTUFBTSxDQUFDLFFBQVEsS0FBSyxDQUFDLEtBQUssTUFBTSxRQUFRO0FBQ3JGLFlBQUksS0FBSyxXQUFXLEVBQUcsUUFBTztBQUFBLE1BQ2hDLFdBQVcsT0FBTyxFQUFFLE9BQU8sUUFBUSxNQUFNLGVBQWUsUUFBUSxrQkFBa0IsUUFBUSxrQkFBa0IsUUFBUSxtQkFBbUI7QUFDckksZUFBTyxDQUFDLElBQUksSUFBSSxHQUFHO0FBQ25CLGtCQUFVLE1BQU0sQ0FBQztBQUFBLE1BQ25CLE9BQU87QUFDTCxZQUFJLFNBQVMsVUFBVTtBQUNyQixjQUFJLFFBQVEsR0FBSSxRQUFPLENBQUMsSUFBSSxHQUFHLE9BQU8sTUFBTSxLQUFLLFVBQVUsRUFBRSxDQUFDO0FBQUEsUUFDaEUsT0FBTztBQUNMLGlCQUFPLENBQUMsSUFBSSxHQUFHLE9BQU8sTUFBTSxLQUFLLFVBQVUsRUFBRSxDQUFDO0FBQUEsUUFDaEQ7QUFDQSxZQUFJLEtBQUssV0FBVyxFQUFHLFFBQU8sR0FBRyxPQUFPLENBQUMsQ0FBQztBQUFBLE1BQzVDO0FBQUEsSUFDRjtBQUNBLFFBQUksUUFBUSxJQUFJLE9BQU87QUFDckIsVUFBSSxJQUFJLFNBQVMsT0FBTywyQkFBMkI7QUFDbkQsVUFBSSxNQUFPLEtBQUk7QUFDZixhQUFPLElBQUksQ0FBQztBQUFBLElBQ2Q7QUFDQSxRQUFJLEtBQUssS0FBSyxDQUFDO0FBQ2YsUUFBSSxlQUFlO0FBQ25CLFFBQUlDO0FBQ0osUUFBSTtBQUNGLE1BQUFBLFVBQVMsVUFBVSxRQUFRLElBQUksQ0FBQztBQUNoQyxpQkFBVyxLQUFLLEtBQU0sQ0FBQUEsUUFBTyxLQUFLLGVBQWUsS0FBSyxHQUFHLE9BQU8sR0FBRyxTQUFTLG1CQUFtQixjQUFjLElBQUksQ0FBQztBQUFBLElBQ3BILFVBQUU7QUFDQSxVQUFJLEtBQUssSUFBSTtBQUFBLElBQ2Y7QUFDQSxVQUFNLE1BQU0sSUFBSSxTQUFTLElBQUksQ0FBQztBQUM5QixRQUFJLFFBQVEsUUFBVztBQUNyQixZQUFNLElBQUksU0FBUyxHQUFHO0FBQ3RCLFVBQUksSUFBSSxZQUFZLEtBQU0sUUFBTyxTQUFTLEtBQUssSUFBSSxHQUFHLENBQUMsSUFBSSxJQUFJO0FBQUEsVUFDMUQsUUFBTyxDQUFDLElBQUksR0FBRyxDQUFDLElBQUksT0FBTyxDQUFDLENBQUM7QUFBQSxJQUNwQztBQUNBLFdBQU8scUJBQXFCLEtBQUtBLFNBQVEsTUFBTSxRQUFRLE1BQU0sT0FBTyxDQUFDO0FBQUEsRUFDdkU7QUFFQSxXQUFTLFlBQVksS0FBSyxNQUFNLEtBQUssS0FBSztBQUN4QyxVQUFNLElBQUksSUFBSSxRQUFRLE9BQU8sT0FBTyxJQUFJLElBQUksSUFBSTtBQUNoRCxVQUFNLFVBQVUsSUFBSSxXQUFXLE9BQU8sT0FBTyxJQUFJLE9BQU8sSUFBSTtBQUM1RCxRQUFJLFFBQVEsT0FBTyxJQUFJLFVBQVUsWUFBWSxJQUFJLFVBQVUsS0FBSyxJQUFJLFFBQVE7QUFDNUUsUUFBSSxVQUFVLE1BQU0sQ0FBQyxNQUFNLFNBQVMsT0FBTyxFQUFHLFNBQVEsVUFBVSxJQUFJLENBQUMsS0FBSyxPQUFPLE9BQU8sUUFBUSxPQUFPLE1BQU0sTUFBTSxJQUFJLEVBQUUsT0FBTyxDQUFDLE1BQU0sVUFBVSxLQUFLLENBQUMsQ0FBQyxFQUFFLEtBQUssSUFBSSxJQUFJLE1BQU0sSUFBSSxDQUFDO0FBQUEsYUFDekssQ0FBQyxXQUFXLEtBQUssS0FBSyxFQUFHLFNBQVEsSUFBSSxLQUFLO0FBQ25ELFFBQUksU0FBUyxRQUFRLFNBQVMsS0FBSyxDQUFDLE1BQU0sU0FBUyxJQUFJLEtBQUssTUFBTSxXQUFXLENBQUMsRUFBRyxTQUFRLEdBQUcsSUFBSSxLQUFLLENBQUMsTUFBTSxNQUFNLE1BQU0sRUFBRSxNQUFNO0FBQ2hJLFFBQUksSUFBSSxVQUFVLFVBQWEsQ0FBQyxPQUFPLEtBQUssR0FBRyxFQUFFLFNBQVMsT0FBTyxHQUFHO0FBQ2xFLGVBQVMsZUFBZSxZQUFZLEVBQUUsR0FBRyxJQUFJLEdBQUcsSUFBSSxPQUFPLENBQUMsQ0FBQztBQUFBLElBQy9EO0FBQ0EsUUFBSSxJQUFJLG1CQUFtQixFQUFHLFNBQVEsTUFBTSxRQUFRLE9BQU87QUFBQSxFQUFLLElBQUksT0FBTyxJQUFJLGNBQWMsQ0FBQyxFQUFFO0FBQ2hHLFdBQU87QUFBQSxFQUNUO0FBRUEsV0FBUyxlQUFlLEtBQUssR0FBRyxPQUFPLEtBQUssTUFBTTtBQUNoRCxRQUFJO0FBQ0osVUFBTSxPQUFPLE9BQU8seUJBQXlCLEdBQUcsR0FBRyxLQUFLLEVBQUUsT0FBTyxFQUFFLEdBQUcsR0FBRyxZQUFZLEtBQUs7QUFDMUYsUUFBSSxLQUFLLFVBQVUsUUFBVztBQUM1QixVQUFJLGtCQUFrQjtBQUN0QixZQUFNLFlBQVksS0FBSyxLQUFLLE9BQU8sUUFBUSxDQUFDO0FBQzVDLFVBQUksa0JBQWtCO0FBQUEsSUFDeEIsV0FBVyxLQUFLLFFBQVEsUUFBVztBQUNqQyxZQUFNLEtBQUssUUFBUSxTQUFZLG9CQUFvQjtBQUNuRCxVQUFJLElBQUksU0FBUztBQUNmLFlBQUk7QUFBRSxnQkFBTSxZQUFZLFlBQVksS0FBSyxLQUFLLElBQUksS0FBSyxDQUFDLEdBQUcsUUFBUSxDQUFDLENBQUM7QUFBQSxRQUFLLFNBQVMsR0FBRztBQUFFLGdCQUFNLCtCQUErQixFQUFFLE9BQU87QUFBQSxRQUFPO0FBQUEsTUFDL0k7QUFBQSxJQUNGLFdBQVcsS0FBSyxRQUFRLFFBQVc7QUFDakMsWUFBTTtBQUFBLElBQ1IsT0FBTztBQUNMLFlBQU07QUFBQSxJQUNSO0FBQ0EsUUFBSSxTQUFTLFdBQVksUUFBTztBQUNoQyxRQUFJO0FBQ0osUUFBSSxPQUFPLFFBQVEsU0FBVSxRQUFPLElBQUksU0FBUztBQUFBLGFBQ3hDLEtBQUssZUFBZSxNQUFPLFFBQU8sSUFBSSxXQUFXLEtBQUssR0FBRyxJQUFJLE1BQU0sTUFBTSxHQUFHLENBQUM7QUFBQSxRQUNqRixRQUFPLFdBQVcsS0FBSyxHQUFHLElBQUksTUFBTSxNQUFNLEdBQUc7QUFDbEQsV0FBTyxHQUFHLElBQUksS0FBSyxHQUFHO0FBQUEsRUFDeEI7QUFFQSxXQUFTLFlBQVksS0FBSyxHQUFHLE9BQU87QUFDbEMsVUFBTSxNQUFNLENBQUM7QUFDYixVQUFNLE1BQU0sS0FBSyxJQUFJLElBQUksZ0JBQWdCLEVBQUUsTUFBTTtBQUNqRCxRQUFJLFFBQVE7QUFDWixVQUFNLFFBQVEsTUFBTTtBQUFFLFVBQUksT0FBTztBQUFFLFlBQUksS0FBSyxJQUFJLEtBQUssY0FBYyxRQUFRLElBQUksTUFBTSxFQUFFLEdBQUc7QUFBRyxnQkFBUTtBQUFBLE1BQUc7QUFBQSxJQUFFO0FBQzFHLFFBQUksSUFBSTtBQUNSLFdBQU8sSUFBSSxFQUFFLFVBQVUsSUFBSSxTQUFTLEtBQUssS0FBSztBQUM1QyxVQUFJLENBQUMsT0FBTyxVQUFVLGVBQWUsS0FBSyxHQUFHLENBQUMsR0FBRztBQUFFO0FBQVM7QUFBQSxNQUFVO0FBQ3RFLFlBQU07QUFDTixVQUFJLEtBQUssZUFBZSxLQUFLLEdBQUcsT0FBTyxHQUFHLFVBQVUsQ0FBQztBQUFBLElBQ3ZEO0FBQ0EsVUFBTTtBQUNOLFFBQUksSUFBSSxFQUFFLE9BQVEsS0FBSSxLQUFLLE9BQU8sRUFBRSxTQUFTLENBQUMsYUFBYSxFQUFFLFNBQVMsSUFBSSxJQUFJLE1BQU0sRUFBRSxFQUFFO0FBQ3hGLFdBQU87QUFBQSxFQUNUO0FBRUEsV0FBUyxpQkFBaUIsS0FBSyxHQUFHO0FBQ2hDLFVBQU0sTUFBTSxLQUFLLElBQUksSUFBSSxnQkFBZ0IsRUFBRSxNQUFNO0FBQ2pELFVBQU0sTUFBTSxDQUFDO0FBQ2IsYUFBUyxJQUFJLEdBQUcsSUFBSSxLQUFLLElBQUssS0FBSSxLQUFLLGdCQUFnQixLQUFLLEVBQUUsQ0FBQyxDQUFDLENBQUM7QUFDakUsUUFBSSxFQUFFLFNBQVMsSUFBSyxLQUFJLEtBQUssT0FBTyxFQUFFLFNBQVMsR0FBRyxhQUFhLEVBQUUsU0FBUyxNQUFNLElBQUksTUFBTSxFQUFFLEVBQUU7QUFDOUYsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLFVBQVUsS0FBSyxHQUFHLE9BQU87QUFDaEMsVUFBTSxNQUFNLENBQUM7QUFDYixRQUFJLGtCQUFrQjtBQUN0QixlQUFXLENBQUMsR0FBRyxDQUFDLEtBQUssRUFBRyxLQUFJLEtBQUssR0FBRyxZQUFZLEtBQUssR0FBRyxRQUFRLENBQUMsQ0FBQyxPQUFPLFlBQVksS0FBSyxHQUFHLFFBQVEsQ0FBQyxDQUFDLEVBQUU7QUFDekcsUUFBSSxrQkFBa0I7QUFDdEIsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLFVBQVUsS0FBSyxHQUFHLE9BQU87QUFDaEMsVUFBTSxNQUFNLENBQUM7QUFDYixRQUFJLGtCQUFrQjtBQUN0QixlQUFXLEtBQUssRUFBRyxLQUFJLEtBQUssWUFBWSxLQUFLLEdBQUcsUUFBUSxDQUFDLENBQUM7QUFDMUQsUUFBSSxrQkFBa0I7QUFDdEIsV0FBTztBQUFBLEVBQ1Q7QUFFQSxXQUFTLG1CQUFtQixLQUFLQSxTQUFRSCxRQUFPO0FBQzlDLFFBQUksY0FBYyxHQUFHLFlBQVksR0FBRyxlQUFlRyxRQUFPO0FBQzFELFFBQUksSUFBSSxpQkFBaUJBLFFBQU8sT0FBUTtBQUN4QyxVQUFNLGlCQUFpQjtBQUN2QixVQUFNLFVBQVUsSUFBSSxNQUFNLFlBQVk7QUFDdEMsYUFBUyxJQUFJLEdBQUcsSUFBSSxjQUFjLEtBQUs7QUFDckMsWUFBTSxNQUFNQSxRQUFPLENBQUMsRUFBRTtBQUN0QixjQUFRLENBQUMsSUFBSTtBQUNiLHFCQUFlLE1BQU07QUFDckIsVUFBSSxZQUFZLElBQUssYUFBWTtBQUFBLElBQ25DO0FBQ0EsVUFBTSxZQUFZLFlBQVk7QUFDOUIsUUFBSSxZQUFZLElBQUksSUFBSSxpQkFBaUIsSUFBSSxnQkFBZ0IsY0FBYyxZQUFZLEtBQUssYUFBYSxJQUFJO0FBQzNHLFlBQU0sY0FBYyxLQUFLLEtBQUssWUFBWSxjQUFjQSxRQUFPLE1BQU07QUFDckUsWUFBTSxZQUFZLEtBQUssSUFBSSxZQUFZLElBQUksYUFBYSxDQUFDO0FBQ3pELFlBQU0sVUFBVSxLQUFLLElBQUksS0FBSyxNQUFNLEtBQUssS0FBSyxNQUFNLFlBQVksWUFBWSxJQUFJLFNBQVMsR0FBRyxLQUFLLE9BQU8sSUFBSSxjQUFjLElBQUksa0JBQWtCLFNBQVMsR0FBRyxJQUFJLFVBQVUsR0FBRyxFQUFFO0FBQy9LLFVBQUksV0FBVyxFQUFHLFFBQU9BO0FBQ3pCLFlBQU0sTUFBTSxDQUFDLEdBQUcsZ0JBQWdCLENBQUM7QUFDakMsZUFBUyxJQUFJLEdBQUcsSUFBSSxTQUFTLEtBQUs7QUFDaEMsWUFBSSxhQUFhO0FBQ2pCLGlCQUFTLElBQUksR0FBRyxJQUFJQSxRQUFPLFFBQVEsS0FBSyxRQUFTLEtBQUksUUFBUSxDQUFDLElBQUksV0FBWSxjQUFhLFFBQVEsQ0FBQztBQUNwRyxzQkFBYyxLQUFLLGFBQWEsY0FBYztBQUFBLE1BQ2hEO0FBQ0EsVUFBSSxXQUFXO0FBQ2YsVUFBSUgsV0FBVSxRQUFXO0FBQ3ZCLGlCQUFTLElBQUksR0FBRyxJQUFJRyxRQUFPLFFBQVEsS0FBSztBQUN0QyxjQUFJLE9BQU9ILE9BQU0sQ0FBQyxNQUFNLFlBQVksT0FBT0EsT0FBTSxDQUFDLE1BQU0sVUFBVTtBQUFFLHVCQUFXO0FBQU87QUFBQSxVQUFPO0FBQUEsUUFDL0Y7QUFBQSxNQUNGO0FBQ0EsZUFBUyxJQUFJLEdBQUcsSUFBSSxjQUFjLEtBQUssU0FBUztBQUM5QyxjQUFNLE1BQU0sS0FBSyxJQUFJLElBQUksU0FBUyxZQUFZO0FBQzlDLFlBQUksTUFBTSxJQUFJLElBQUk7QUFDbEIsZUFBTyxJQUFJLE1BQU0sR0FBRyxLQUFLO0FBQ3ZCLGdCQUFNLFVBQVUsY0FBYyxJQUFJLENBQUM7QUFDbkMsaUJBQU8sV0FBVyxHQUFHRyxRQUFPLENBQUMsQ0FBQyxLQUFLLFNBQVMsU0FBUyxHQUFHLElBQUksR0FBR0EsUUFBTyxDQUFDLENBQUMsS0FBSyxPQUFPLFNBQVMsR0FBRztBQUFBLFFBQ2xHO0FBQ0EsZUFBTyxXQUFXQSxRQUFPLENBQUMsRUFBRSxTQUFTLGNBQWMsSUFBSSxDQUFDLElBQUksZ0JBQWdCLEdBQUcsSUFBSUEsUUFBTyxDQUFDO0FBQzNGLFlBQUksS0FBSyxHQUFHO0FBQUEsTUFDZDtBQUNBLFVBQUksSUFBSSxpQkFBaUJBLFFBQU8sT0FBUSxLQUFJLEtBQUtBLFFBQU8sWUFBWSxDQUFDO0FBQ3JFLE1BQUFBLFVBQVM7QUFBQSxJQUNYO0FBQ0EsV0FBT0E7QUFBQSxFQUNUO0FBRUEsV0FBUyxtQkFBbUIsS0FBS0EsU0FBUUMsUUFBTyxNQUFNO0FBQ3BELFFBQUksUUFBUUQsUUFBTyxTQUFTQztBQUM1QixRQUFJLFFBQVFELFFBQU8sU0FBUyxJQUFJLFlBQWEsUUFBTztBQUNwRCxlQUFXLEtBQUtBLFNBQVE7QUFDdEIsZUFBUyxFQUFFO0FBQ1gsVUFBSSxRQUFRLElBQUksWUFBYSxRQUFPO0FBQUEsSUFDdEM7QUFDQSxXQUFPLFNBQVMsTUFBTSxDQUFDLEtBQUssU0FBUyxJQUFJO0FBQUEsRUFDM0M7QUFFQSxXQUFTLHFCQUFxQixLQUFLQSxTQUFRLE1BQU0sUUFBUSxNQUFNLE9BQU9ILFFBQU87QUFDM0UsUUFBSSxJQUFJLFlBQVksTUFBTTtBQUN4QixVQUFJLE9BQU8sSUFBSSxZQUFZLFlBQVksSUFBSSxXQUFXLEdBQUc7QUFDdkQsY0FBTSxVQUFVRyxRQUFPO0FBQ3ZCLFlBQUksU0FBUyxvQkFBb0IsVUFBVSxFQUFHLENBQUFBLFVBQVMsbUJBQW1CLEtBQUtBLFNBQVFILE1BQUs7QUFDNUYsWUFBSSxJQUFJLGVBQWUsUUFBUSxJQUFJLFdBQVcsWUFBWUcsUUFBTyxRQUFRO0FBQ3ZFLGdCQUFNQyxTQUFRRCxRQUFPLFNBQVMsSUFBSSxpQkFBaUIsT0FBTyxDQUFDLEVBQUUsU0FBUyxLQUFLLFNBQVM7QUFDcEYsY0FBSSxtQkFBbUIsS0FBS0EsU0FBUUMsUUFBTyxJQUFJLEdBQUc7QUFDaEQsa0JBQU0sU0FBU0QsUUFBTyxLQUFLLElBQUk7QUFDL0IsZ0JBQUksQ0FBQyxPQUFPLFNBQVMsSUFBSSxFQUFHLFFBQU8sR0FBRyxPQUFPLEdBQUcsSUFBSSxNQUFNLEVBQUUsR0FBRyxPQUFPLENBQUMsQ0FBQyxJQUFJLE1BQU0sSUFBSSxPQUFPLENBQUMsQ0FBQztBQUFBLFVBQ2pHO0FBQUEsUUFDRjtBQUFBLE1BQ0Y7QUFDQSxZQUFNRSxlQUFjO0FBQUEsRUFBSyxJQUFJLE9BQU8sSUFBSSxjQUFjLENBQUM7QUFDdkQsYUFBTyxHQUFHLE9BQU8sR0FBRyxJQUFJLE1BQU0sRUFBRSxHQUFHLE9BQU8sQ0FBQyxDQUFDLEdBQUdBLFlBQVcsS0FBS0YsUUFBTyxLQUFLLElBQUlFLFlBQVcsSUFBSSxDQUFDLEdBQUdBLFlBQVcsR0FBRyxPQUFPLENBQUMsQ0FBQztBQUFBLElBQzNIO0FBQ0EsUUFBSSxtQkFBbUIsS0FBS0YsU0FBUSxHQUFHLElBQUksRUFBRyxRQUFPLEdBQUcsT0FBTyxDQUFDLENBQUMsR0FBRyxPQUFPLElBQUksSUFBSSxLQUFLLEVBQUUsSUFBSUEsUUFBTyxLQUFLLElBQUksQ0FBQyxJQUFJLE9BQU8sQ0FBQyxDQUFDO0FBQzVILFVBQU0sY0FBYztBQUFBLEVBQUssSUFBSSxPQUFPLElBQUksY0FBYyxDQUFDO0FBQ3ZELFdBQU8sR0FBRyxPQUFPLEdBQUcsSUFBSSxNQUFNLEVBQUUsR0FBRyxPQUFPLENBQUMsQ0FBQyxHQUFHLFdBQVcsS0FBS0EsUUFBTyxLQUFLLElBQUksV0FBVyxJQUFJLENBQUMsR0FBRyxXQUFXLEdBQUcsT0FBTyxDQUFDLENBQUM7QUFBQSxFQUMzSDtBQU1BLFdBQVMsbUJBQW1CLEdBQUc7QUFDN0IsUUFBSSxPQUFPLEVBQUUsYUFBYSxXQUFZLFFBQU87QUFDN0MsUUFBSSxPQUFPLFVBQVUsZUFBZSxLQUFLLEdBQUcsVUFBVSxFQUFHLFFBQU87QUFDaEUsUUFBSSxJQUFJO0FBQ1IsT0FBRztBQUFFLFVBQUksT0FBTyxlQUFlLENBQUM7QUFBQSxJQUFHLFNBQVMsTUFBTSxRQUFRLENBQUMsT0FBTyxVQUFVLGVBQWUsS0FBSyxHQUFHLFVBQVU7QUFDN0csUUFBSSxNQUFNLEtBQU0sUUFBTztBQUN2QixVQUFNLElBQUksT0FBTyx5QkFBeUIsR0FBRyxhQUFhO0FBQzFELFFBQUksbUJBQW1CLE9BQVcsa0JBQWlCLElBQUksSUFBSSxPQUFPLG9CQUFvQixVQUFVLEVBQUUsT0FBTyxDQUFDLE1BQU0sc0JBQXNCLEtBQUssQ0FBQyxDQUFDLENBQUM7QUFDOUksV0FBTyxNQUFNLFVBQWEsT0FBTyxFQUFFLFVBQVUsY0FBYyxlQUFlLElBQUksRUFBRSxNQUFNLElBQUk7QUFBQSxFQUM1RjtBQUVPLFdBQVMsa0JBQWtCLFNBQVMsTUFBTTtBQUMvQyxRQUFJLFNBQVMsUUFBUSxPQUFPLFNBQVMsU0FBVSxPQUFNLGVBQWUsa0JBQWtCLGtCQUFrQixJQUFJO0FBQzVHLFdBQU8sV0FBVyxNQUFNLElBQUk7QUFBQSxFQUM5QjtBQUNPLFdBQVMsVUFBVSxNQUFNO0FBQzlCLFdBQU8sV0FBVyxRQUFXLElBQUk7QUFBQSxFQUNuQztBQUNBLFdBQVMsV0FBVyxNQUFNLE1BQU07QUFDOUIsVUFBTSxRQUFRLEtBQUssQ0FBQztBQUNwQixRQUFJLElBQUksR0FBRyxNQUFNLElBQUlHLFFBQU87QUFDNUIsUUFBSSxPQUFPLFVBQVUsVUFBVTtBQUM3QixVQUFJLEtBQUssV0FBVyxFQUFHLFFBQU87QUFDOUIsVUFBSSxPQUFPO0FBQ1gsZUFBUyxJQUFJLEdBQUcsSUFBSSxNQUFNLFNBQVMsR0FBRyxLQUFLO0FBQ3pDLFlBQUksTUFBTSxXQUFXLENBQUMsTUFBTSxHQUFJO0FBQ2hDLGNBQU0sSUFBSSxNQUFNLElBQUksQ0FBQztBQUNyQixZQUFJLElBQUksTUFBTSxLQUFLLFFBQVE7QUFDekIsY0FBSTtBQUNKLGdCQUFNLElBQUksS0FBSyxJQUFJLENBQUM7QUFDcEIsa0JBQVEsR0FBRztBQUFBLFlBQ1QsS0FBSztBQUNILGtCQUFJLE9BQU8sTUFBTSxTQUFVLEtBQUksT0FBTyxHQUFHLEdBQUcsRUFBRSxJQUFJLE9BQU8sT0FBTyxDQUFDO0FBQUEsdUJBQ3hELE9BQU8sTUFBTSxTQUFVLEtBQUksR0FBRyxDQUFDO0FBQUEsdUJBQy9CLE9BQU8sTUFBTSxZQUFZLE1BQU0sUUFBUSxtQkFBbUIsQ0FBQyxFQUFHLEtBQUksUUFBUSxHQUFHLEVBQUUsR0FBRyxNQUFNLE9BQU8sR0FBRyxRQUFRLE9BQU8sU0FBUyxFQUFFLENBQUM7QUFBQSxrQkFDakksS0FBSSxPQUFPLENBQUM7QUFDakI7QUFBQSxZQUNGLEtBQUs7QUFDSCxrQkFBSTtBQUFFLG9CQUFJLEtBQUssVUFBVSxDQUFDO0FBQUEsY0FBRyxTQUFTLEdBQUc7QUFBRSxvQkFBSSxZQUFZLEtBQUssRUFBRSxPQUFPLEVBQUcsS0FBSTtBQUFBLG9CQUFtQixPQUFNO0FBQUEsY0FBRztBQUM1RztBQUFBLFlBQ0YsS0FBSyxLQUFLO0FBQ1Isb0JBQU0sSUFBSSxPQUFPLE1BQU0sV0FBVyxJQUFJLE9BQU8sTUFBTSxXQUFXLE1BQU0sT0FBTyxDQUFDO0FBQzVFLGtCQUFJLE9BQU8sTUFBTSxXQUFXLEdBQUcsQ0FBQyxNQUFNLE9BQU8sR0FBRyxHQUFHLEVBQUUsSUFBSSxPQUFPLE9BQU8sQ0FBQztBQUN4RTtBQUFBLFlBQ0Y7QUFBQSxZQUNBLEtBQUs7QUFBSyxrQkFBSSxRQUFRLEdBQUcsSUFBSTtBQUFHO0FBQUEsWUFDaEMsS0FBSztBQUFLLGtCQUFJLFFBQVEsR0FBRyxFQUFFLEdBQUcsTUFBTSxZQUFZLE1BQU0sV0FBVyxNQUFNLE9BQU8sRUFBRSxDQUFDO0FBQUc7QUFBQSxZQUNwRixLQUFLLEtBQUs7QUFDUixvQkFBTSxJQUFJLE9BQU8sTUFBTSxXQUFXLElBQUksT0FBTyxNQUFNLFdBQVcsTUFBTSxTQUFTLENBQUM7QUFDOUUsa0JBQUksT0FBTyxNQUFNLFdBQVcsR0FBRyxDQUFDLE1BQU0sT0FBTyxDQUFDO0FBQzlDO0FBQUEsWUFDRjtBQUFBLFlBQ0EsS0FBSztBQUFLLGtCQUFJLE9BQU8sTUFBTSxXQUFXLFFBQVEsT0FBTyxXQUFXLENBQUMsQ0FBQztBQUFHO0FBQUEsWUFDckUsS0FBSztBQUFLLGtCQUFJO0FBQUk7QUFBQSxZQUNsQixLQUFLO0FBQUsscUJBQU8sTUFBTSxNQUFNLE1BQU0sQ0FBQztBQUFHLHFCQUFPLElBQUk7QUFBRztBQUFBLFlBQ3JEO0FBQVM7QUFBQSxVQUNYO0FBQ0EsY0FBSSxTQUFTLEVBQUcsUUFBTyxNQUFNLE1BQU0sTUFBTSxDQUFDO0FBQzFDLGlCQUFPO0FBQ1AsaUJBQU8sSUFBSTtBQUNYO0FBQ0E7QUFBQSxRQUNGLFdBQVcsTUFBTSxLQUFLO0FBQ3BCLGlCQUFPLE1BQU0sTUFBTSxNQUFNLENBQUM7QUFDMUIsaUJBQU8sSUFBSTtBQUFBLFFBQ2I7QUFBQSxNQUNGO0FBQ0EsVUFBSSxTQUFTLEdBQUc7QUFDZDtBQUNBLFFBQUFBLFFBQU87QUFDUCxZQUFJLE9BQU8sTUFBTSxPQUFRLFFBQU8sTUFBTSxNQUFNLElBQUk7QUFBQSxNQUNsRDtBQUFBLElBQ0Y7QUFDQSxXQUFPLElBQUksS0FBSyxRQUFRO0FBQ3RCLFlBQU0sSUFBSSxLQUFLLENBQUM7QUFDaEIsYUFBT0EsU0FBUSxPQUFPLE1BQU0sV0FBVyxRQUFRLEdBQUcsRUFBRSxHQUFHLE1BQU0sU0FBUyxHQUFHLFFBQVEsT0FBTyxPQUFPLFFBQVEsS0FBSyxVQUFVLFNBQVksS0FBSyxRQUFRLEVBQUUsQ0FBQyxJQUFJO0FBQ3RKLE1BQUFBLFFBQU87QUFDUDtBQUFBLElBQ0Y7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQUVPLFdBQVMsVUFBVSxVQUFVO0FBQ2xDLFFBQUksT0FBTyxhQUFhLFdBQVksT0FBTSxlQUFlLFlBQVksb0JBQW9CLFFBQVE7QUFDakcsUUFBSSxTQUFTLGVBQWUsR0FBRztBQUM3QixZQUFNQyxNQUFLLFNBQVMsZUFBZTtBQUNuQyxVQUFJLE9BQU9BLFFBQU8sV0FBWSxPQUFNLGVBQWUseUJBQXlCLG9CQUFvQkEsR0FBRTtBQUNsRyxhQUFPLE9BQU8sZUFBZUEsS0FBSSxpQkFBaUIsRUFBRSxPQUFPQSxLQUFJLFlBQVksT0FBTyxVQUFVLE9BQU8sY0FBYyxLQUFLLENBQUM7QUFBQSxJQUN6SDtBQUNBLGFBQVMsTUFBTSxNQUFNO0FBQ25CLGFBQU8sSUFBSSxRQUFRLENBQUNDLFVBQVMsV0FBVztBQUN0QyxnQkFBUSxNQUFNLFVBQVUsTUFBTSxDQUFDLEdBQUcsTUFBTSxDQUFDLFFBQVEsV0FBWSxNQUFNLE9BQU8sR0FBRyxJQUFJQSxTQUFRLE9BQU8sQ0FBQyxDQUFDLENBQUUsQ0FBQztBQUFBLE1BQ3ZHLENBQUM7QUFBQSxJQUNIO0FBQ0EsV0FBTyxlQUFlLElBQUksT0FBTyxlQUFlLFFBQVEsQ0FBQztBQUN6RCxXQUFPLGVBQWUsSUFBSSxpQkFBaUIsRUFBRSxPQUFPLElBQUksWUFBWSxPQUFPLFVBQVUsT0FBTyxjQUFjLEtBQUssQ0FBQztBQUNoSCxXQUFPLE9BQU8saUJBQWlCLElBQUksT0FBTywwQkFBMEIsUUFBUSxDQUFDO0FBQUEsRUFDL0U7QUFHTyxXQUFTLFlBQVksVUFBVTtBQUNwQyxRQUFJLE9BQU8sYUFBYSxXQUFZLE9BQU0sZUFBZSxZQUFZLG9CQUFvQixRQUFRO0FBQ2pHLFdBQU8sWUFBYSxNQUFNO0FBQ3hCLFlBQU0sS0FBSyxLQUFLLElBQUk7QUFDcEIsVUFBSSxPQUFPLE9BQU8sV0FBWSxPQUFNLGVBQWUsaUJBQWlCLG9CQUFvQixFQUFFO0FBQzFGLGNBQVEsTUFBTSxVQUFVLE1BQU0sSUFBSSxFQUFFO0FBQUEsUUFDbEMsQ0FBQyxNQUFNLGVBQWUsTUFBTSxHQUFHLE1BQU0sQ0FBQyxDQUFDO0FBQUEsUUFDdkMsQ0FBQyxRQUFRO0FBQ1AsY0FBSSxDQUFDLEtBQUs7QUFDUixrQkFBTSxJQUFJLElBQUksTUFBTSx5Q0FBeUM7QUFDN0QsY0FBRSxPQUFPO0FBQ1QsY0FBRSxTQUFTO0FBQ1gsa0JBQU07QUFBQSxVQUNSO0FBQ0EseUJBQWUsTUFBTSxHQUFHLEdBQUcsQ0FBQztBQUFBLFFBQzlCO0FBQUEsTUFDRjtBQUFBLElBQ0Y7QUFBQSxFQUNGO0FBRU8sV0FBUyxTQUFTLE1BQU0sV0FBVztBQUN4QyxRQUFJLE9BQU8sU0FBUyxXQUFZLE9BQU0sZUFBZSxRQUFRLG9CQUFvQixJQUFJO0FBQ3JGLFFBQUksT0FBTyxjQUFjLFdBQVksT0FBTSxlQUFlLGFBQWEsb0JBQW9CLFNBQVM7QUFDcEcsUUFBSSxVQUFVLGNBQWMsT0FBVyxPQUFNLGVBQWUsdUJBQXVCLGtCQUFrQixVQUFVLFNBQVM7QUFDeEgsV0FBTyxlQUFlLE1BQU0sVUFBVSxFQUFFLE9BQU8sV0FBVyxVQUFVLE1BQU0sY0FBYyxLQUFLLENBQUM7QUFDOUYsV0FBTyxlQUFlLEtBQUssV0FBVyxVQUFVLFNBQVM7QUFBQSxFQUMzRDtBQUdPLFdBQVMsVUFBVSxJQUFJLEtBQUssTUFBTTtBQUN2QyxRQUFJLE9BQU8sT0FBTyxXQUFZLE9BQU0sZUFBZSxNQUFNLG9CQUFvQixFQUFFO0FBQy9FLFdBQU8sWUFBYSxNQUFNO0FBQ3hCLFlBQU0sTUFBTSxRQUFRO0FBQ3BCLFVBQUksQ0FBQyxPQUFPLElBQUksR0FBRyxHQUFHO0FBQ3BCLGVBQU8sSUFBSSxHQUFHO0FBQ2QsZ0JBQVEsS0FBSyxHQUFHLE9BQU8sSUFBSSxJQUFJLE9BQU8sRUFBRSx1QkFBdUIsR0FBRyxFQUFFO0FBQUEsTUFDdEU7QUFDQSxhQUFPLGFBQWEsUUFBUSxVQUFVLElBQUksTUFBTSxVQUFVLElBQUksUUFBUSxNQUFNLElBQUksTUFBTSxJQUFJO0FBQUEsSUFDNUY7QUFBQSxFQUNGO0FBRU8sV0FBUyxXQUFXO0FBQ3pCLFVBQU1DLE9BQU0sTUFBTTtBQUFBLElBQUM7QUFDbkIsSUFBQUEsS0FBSSxVQUFVO0FBQ2QsV0FBT0E7QUFBQSxFQUNUO0FBR08sV0FBUyxrQkFBa0IsR0FBRyxHQUFHO0FBQ3RDLFdBQU8sVUFBVSxHQUFHLEdBQUcsSUFBSTtBQUFBLEVBQzdCO0FBa0VPLFdBQVMsUUFBUSxRQUFRLFFBQVE7QUFDdEMsUUFBSSxXQUFXLFFBQVEsT0FBTyxXQUFXLFNBQVUsUUFBTztBQUMxRCxlQUFXLEtBQUssT0FBTyxLQUFLLE1BQU0sRUFBRyxRQUFPLENBQUMsSUFBSSxPQUFPLENBQUM7QUFDekQsV0FBTztBQUFBLEVBQ1Q7QUFDTyxXQUFTLHlCQUF5QixHQUFHO0FBQzFDLFdBQU8sT0FBTyxDQUFDLEVBQUUsUUFBUSw0S0FBNEssRUFBRTtBQUFBLEVBQ3pNO0FBR08sV0FBU1YsU0FBUSxRQUFRLFVBQVU7QUFDeEMsUUFBSSxhQUFhLFVBQWEsYUFBYSxLQUFNLE9BQU0sZUFBZSxZQUFZLGFBQWEsUUFBUTtBQUN2RyxXQUFPLElBQUksUUFBUSxDQUFDUyxhQUFZO0FBQzlCLFVBQUksT0FBTyxRQUFTLENBQUFBLFNBQVE7QUFBQSxVQUN2QixRQUFPLGlCQUFpQixTQUFTLE1BQU1BLFNBQVEsR0FBRyxFQUFFLE1BQU0sS0FBSyxDQUFDO0FBQUEsSUFDdkUsQ0FBQztBQUFBLEVBQ0g7QUFDTyxXQUFTLE9BQU8sTUFBTTtBQUMzQixVQUFNLElBQUksb0JBQUksS0FBSztBQUNuQixVQUFNLE1BQU0sQ0FBQyxNQUFNLE9BQU8sQ0FBQyxFQUFFLFNBQVMsR0FBRyxHQUFHO0FBQzVDLFVBQU0sU0FBUyxDQUFDLE9BQU8sT0FBTyxPQUFPLE9BQU8sT0FBTyxPQUFPLE9BQU8sT0FBTyxPQUFPLE9BQU8sT0FBTyxLQUFLO0FBQ2xHLFlBQVEsSUFBSSxHQUFHLEVBQUUsUUFBUSxDQUFDLElBQUksT0FBTyxFQUFFLFNBQVMsQ0FBQyxDQUFDLElBQUksSUFBSSxFQUFFLFNBQVMsQ0FBQyxDQUFDLElBQUksSUFBSSxFQUFFLFdBQVcsQ0FBQyxDQUFDLElBQUksSUFBSSxFQUFFLFdBQVcsQ0FBQyxDQUFDLE1BQU0sT0FBTyxHQUFHLElBQUksQ0FBQyxFQUFFO0FBQUEsRUFDOUk7QUF2b0JBLE1BTU0sZUFDQSxpQkFDQSxnQkFDQSxhQUFpQixZQUFnQixrQkFDakMsWUE0WUYsZ0JBbUlFLFFBa0JPLE9BTVAsT0FDQSxZQUNPLE9BNkNBLFNBQ0EsV0FDQSxRQUNBLG1CQUNBLFVBQ0EsVUFDQSxVQUNBLGFBQ0EsVUFDQSxVQUNBLFFBQ0EsU0FDQSxZQUNBLGFBR0EsVUFTQSxhQUNBLFdBY0FWLGNBQ0FELGNBRU47QUEzb0JQO0FBQUE7QUFBQTtBQUdBO0FBQ0E7QUFFQSxNQUFNLGdCQUFnQix1QkFBTyxJQUFJLDRCQUE0QjtBQUM3RCxNQUFNLGtCQUFrQix1QkFBTyxJQUFJLDhCQUE4QjtBQUNqRSxNQUFNLGlCQUFpQixFQUFFLFlBQVksT0FBTyxPQUFPLEdBQUcsUUFBUSxPQUFPLGVBQWUsTUFBTSxXQUFXLE9BQU8sZ0JBQWdCLEtBQUssaUJBQWlCLEtBQU8sYUFBYSxJQUFJLFNBQVMsR0FBRyxRQUFRLE9BQU8sU0FBUyxPQUFPLGtCQUFrQixNQUFNO0FBQzdPLE1BQU0sY0FBYztBQUFwQixNQUF1QixhQUFhO0FBQXBDLE1BQXVDLG1CQUFtQjtBQUMxRCxNQUFNLGFBQWE7QUFlbkIsY0FBUSxTQUFTO0FBQ2pCLGFBQU8sZUFBZSxTQUFTLGtCQUFrQjtBQUFBLFFBQy9DLE1BQU07QUFBRSxpQkFBTztBQUFBLFFBQWdCO0FBQUEsUUFDL0IsSUFBSSxHQUFHO0FBQUUsaUJBQU8sT0FBTyxnQkFBZ0IsQ0FBQztBQUFBLFFBQUc7QUFBQSxNQUM3QyxDQUFDO0FBOGRELGdCQUFVLFNBQVM7QUE4Qm5CLE1BQU0sU0FBUyxvQkFBSSxJQUFJO0FBa0JoQixNQUFNLFFBQVE7QUFNckIsTUFBTSxRQUFRLENBQUMsTUFBTSxPQUFPLFVBQVUsU0FBUyxLQUFLLENBQUMsRUFBRSxNQUFNLEdBQUcsRUFBRTtBQUNsRSxNQUFNLGFBQWEsT0FBTyxlQUFlLFVBQVU7QUFDNUMsTUFBTSxRQUFRO0FBQUEsUUFDbkIsa0JBQWtCLENBQUMsTUFBTSxhQUFhLGVBQWdCLE9BQU8sc0JBQXNCLGNBQWMsYUFBYTtBQUFBLFFBQzlHLGVBQWUsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNuQyxxQkFBcUIsQ0FBQyxNQUFNLE9BQU8sc0JBQXNCLGNBQWMsYUFBYTtBQUFBLFFBQ3BGLG1CQUFtQixDQUFDLE1BQU0sWUFBWSxPQUFPLENBQUM7QUFBQSxRQUM5QyxjQUFjLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDbEMsY0FBYyxDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQ2xDLHFCQUFxQixDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQ3pDLGVBQWUsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNuQyxlQUFlLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDbkMsYUFBYSxDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQ2pDLGNBQWMsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNsQyxjQUFjLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDbEMsZ0JBQWdCLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDcEMsZ0JBQWdCLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDcEMsaUJBQWlCLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDckMsa0JBQWtCLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDdEMsWUFBWSxDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQ2hDLFFBQVEsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUM1QixVQUFVLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDOUIsT0FBTyxDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQzNCLE9BQU8sQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUMzQixXQUFXLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDL0IsV0FBVyxDQUFDLE1BQU0sYUFBYTtBQUFBLFFBQy9CLGVBQWUsQ0FBQyxNQUFNLE1BQU0sQ0FBQyxNQUFNO0FBQUEsUUFDbkMsZUFBZSxDQUFDLE1BQU0sTUFBTSxDQUFDLE1BQU07QUFBQSxRQUNuQyxXQUFXLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDL0IsU0FBUyxNQUFNO0FBQUEsUUFDZixlQUFlLENBQUMsTUFBTSxhQUFhO0FBQUEsUUFDbkMsaUJBQWlCLENBQUMsTUFBTSxPQUFPLE1BQU0sZUFBZSxnQkFBZ0IsQ0FBQyxNQUFNLG1CQUFtQixnQkFBZ0IsQ0FBQyxNQUFNO0FBQUEsUUFDckgscUJBQXFCLENBQUMsTUFBTSxPQUFPLE1BQU0sZUFBZSxnQkFBZ0IsQ0FBQyxNQUFNLHVCQUF1QixnQkFBZ0IsQ0FBQyxNQUFNO0FBQUEsUUFDN0gsbUJBQW1CLENBQUMsTUFBTSxNQUFNLENBQUMsTUFBTTtBQUFBLFFBQ3ZDLGtCQUFrQixDQUFDLE1BQU0sYUFBYSxVQUFVLGFBQWEsVUFBVSxhQUFhLFdBQVcsYUFBYSxVQUFVLGFBQWE7QUFBQSxRQUNuSSxnQkFBZ0IsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNwQyxnQkFBZ0IsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNwQyxpQkFBaUIsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNyQyxnQkFBZ0IsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNwQyxnQkFBZ0IsQ0FBQyxNQUFNLGFBQWE7QUFBQSxRQUNwQyxtQkFBbUIsQ0FBQyxNQUFNLE1BQU0sQ0FBQyxNQUFNO0FBQUEsUUFDdkMseUJBQXlCLENBQUMsTUFBTSxNQUFNLENBQUMsTUFBTTtBQUFBLFFBQzdDLGFBQWEsTUFBTTtBQUFBLFFBQ25CLGFBQWEsQ0FBQyxNQUFNLE9BQU8sY0FBYyxjQUFjLGFBQWE7QUFBQSxRQUNwRSxZQUFZLE1BQU07QUFBQSxNQUNwQjtBQUVPLE1BQU0sVUFBVSxNQUFNO0FBQ3RCLE1BQU0sWUFBWSxDQUFDLE1BQU0sT0FBTyxNQUFNO0FBQ3RDLE1BQU0sU0FBUyxDQUFDLE1BQU0sTUFBTTtBQUM1QixNQUFNLG9CQUFvQixDQUFDLE1BQU0sS0FBSztBQUN0QyxNQUFNLFdBQVcsQ0FBQyxNQUFNLE9BQU8sTUFBTTtBQUNyQyxNQUFNLFdBQVcsQ0FBQyxNQUFNLE9BQU8sTUFBTTtBQUNyQyxNQUFNLFdBQVcsQ0FBQyxNQUFNLE9BQU8sTUFBTTtBQUNyQyxNQUFNLGNBQWMsQ0FBQyxNQUFNLE1BQU07QUFDakMsTUFBTSxXQUFXLE1BQU07QUFDdkIsTUFBTSxXQUFXLENBQUMsTUFBTSxNQUFNLFFBQVEsT0FBTyxNQUFNO0FBQ25ELE1BQU0sU0FBUyxNQUFNO0FBQ3JCLE1BQU0sVUFBVSxDQUFDLE1BQU0sYUFBYTtBQUNwQyxNQUFNLGFBQWEsQ0FBQyxNQUFNLE9BQU8sTUFBTTtBQUN2QyxNQUFNLGNBQWMsQ0FBQyxNQUFNLE1BQU0sUUFBUyxPQUFPLE1BQU0sWUFBWSxPQUFPLE1BQU07QUFHaEYsTUFBTSxXQUFXLENBQUMsTUFBTSxPQUFPLFdBQVcsV0FBVyxjQUFjLFdBQVcsT0FBTyxTQUFTLENBQUM7QUFTL0YsTUFBTSxjQUFjLENBQUMsTUFBTSxPQUFPLENBQUMsRUFBRSxhQUFhO0FBQ2xELE1BQU0sWUFBWSxDQUFDYSxTQUFRLFNBQVMsT0FBTyxJQUFJO0FBYy9DLE1BQU1aLGVBQWMsV0FBVztBQUMvQixNQUFNRCxlQUFjLFdBQVc7QUFFdEMsTUFBTyxlQUFRO0FBQUEsUUFDYjtBQUFBLFFBQVM7QUFBQSxRQUFRO0FBQUEsUUFBbUI7QUFBQSxRQUFXO0FBQUEsUUFBYTtBQUFBLFFBQVU7QUFBQSxRQUFXO0FBQUEsUUFBVTtBQUFBLFFBQU87QUFBQSxRQUFtQjtBQUFBLFFBQ3JIO0FBQUEsUUFBUztBQUFBLFFBQVc7QUFBQSxRQUFRO0FBQUEsUUFBbUI7QUFBQSxRQUFVO0FBQUEsUUFBVTtBQUFBLFFBQVU7QUFBQSxRQUFhO0FBQUEsUUFBVTtBQUFBLFFBQVU7QUFBQSxRQUFRO0FBQUEsUUFDdEg7QUFBQSxRQUFZO0FBQUEsUUFBYTtBQUFBLFFBQVU7QUFBQSxRQUFTO0FBQUEsUUFBMEI7QUFBQSxRQUFhO0FBQUEsUUFBVyxTQUFBRTtBQUFBLFFBQVM7QUFBQSxRQUFLLGFBQUFEO0FBQUEsUUFBYSxhQUFBRDtBQUFBLE1BQzNIO0FBQUE7QUFBQTs7O0FDL29CQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBb0NBLFdBQVMsZUFBZSxRQUFRLFVBQVUsVUFBVTtBQUNsRCxRQUFJLFlBQVksV0FBVztBQUN6QixVQUFJLFNBQVMsV0FBVyxLQUFLLEVBQUcsUUFBTyxHQUFHLFVBQVUsUUFBUSxDQUFDO0FBQUE7QUFBQSxFQUFPLEtBQUssUUFBUSxDQUFDO0FBQUE7QUFDbEYsVUFBSSxhQUFhLGlCQUFpQixPQUFPLFdBQVcsWUFBWSxPQUFPLGFBQWEsU0FBVSxRQUFPLEdBQUcsVUFBVSxRQUFRLENBQUM7QUFBQTtBQUFBLEVBQU8sS0FBSyxNQUFNLENBQUMsUUFBUSxLQUFLLFFBQVEsQ0FBQztBQUFBO0FBQ3BLLGFBQU8sR0FBRyxVQUFVLFFBQVEsQ0FBQztBQUFBO0FBQUE7QUFBQSxJQUE4QixLQUFLLE1BQU0sRUFBRSxNQUFNLElBQUksRUFBRSxLQUFLLE1BQU0sQ0FBQztBQUFBLElBQU8sS0FBSyxRQUFRLEVBQUUsTUFBTSxJQUFJLEVBQUUsS0FBSyxNQUFNLENBQUM7QUFBQTtBQUFBLElBQ2hKO0FBQ0EsUUFBSSxhQUFhLEtBQU0sUUFBTyxHQUFHLEtBQUssTUFBTSxDQUFDLE9BQU8sS0FBSyxRQUFRLENBQUM7QUFDbEUsUUFBSSxhQUFhLEtBQU0sUUFBTyxHQUFHLEtBQUssTUFBTSxDQUFDLE9BQU8sS0FBSyxRQUFRLENBQUM7QUFDbEUsUUFBSSxhQUFhLE9BQVEsUUFBTztBQUNoQyxXQUFPLEdBQUcsS0FBSyxNQUFNLENBQUMsSUFBSSxRQUFRLElBQUksS0FBSyxRQUFRLENBQUM7QUFBQSxFQUN0RDtBQUVBLFdBQVMsTUFBTSxRQUFRLFVBQVUsU0FBUyxVQUFVLGNBQWM7QUFDaEUsUUFBSSxtQkFBbUIsTUFBTyxPQUFNO0FBQ3BDLFVBQU0sSUFBSSxJQUFJLGVBQWUsRUFBRSxRQUFRLFVBQVUsVUFBVSxRQUFRLENBQUM7QUFDcEUsUUFBSSxNQUFNLGtCQUFtQixPQUFNLGtCQUFrQixHQUFHLFlBQVk7QUFDcEUsVUFBTTtBQUFBLEVBQ1I7QUFFQSxXQUFTLFFBQVEsSUFBSSxRQUFRYyxRQUFPLFNBQVM7QUFDM0MsUUFBSSxDQUFDQSxRQUFPO0FBQ1YsVUFBSSxtQkFBbUI7QUFDdkIsVUFBSSxXQUFXLEdBQUc7QUFDaEIsa0JBQVU7QUFDViwyQkFBbUI7QUFBQSxNQUNyQixXQUFXLFlBQVksUUFBVztBQUNoQyxrQkFBVSxHQUFHLEtBQUtBLE1BQUssQ0FBQztBQUN4QiwyQkFBbUI7QUFBQSxNQUNyQixXQUFXLG1CQUFtQixPQUFPO0FBQ25DLGNBQU07QUFBQSxNQUNSO0FBQ0EsWUFBTSxJQUFJLElBQUksZUFBZSxFQUFFLFFBQVFBLFFBQU8sVUFBVSxNQUFNLFNBQVMsVUFBVSxLQUFLLENBQUM7QUFDdkYsUUFBRSxtQkFBbUI7QUFDckIsWUFBTTtBQUFBLElBQ1I7QUFBQSxFQUNGO0FBRU8sV0FBUyxNQUFNLE1BQU07QUFDMUIsWUFBUSxJQUFJLEtBQUssUUFBUSxHQUFHLElBQUk7QUFBQSxFQUNsQztBQUNPLFdBQVMsWUFBWSxRQUFRLFVBQVUsU0FBUztBQUNyRCxRQUFJLENBQUMsT0FBTyxHQUFHLFFBQVEsUUFBUSxFQUFHLE9BQU0sUUFBUSxVQUFVLFNBQVMsZUFBZSxXQUFXO0FBQUEsRUFDL0Y7QUFDTyxXQUFTLGVBQWUsUUFBUSxVQUFVLFNBQVM7QUFDeEQsUUFBSSxPQUFPLEdBQUcsUUFBUSxRQUFRLEVBQUcsT0FBTSxRQUFRLFVBQVUsU0FBUyxrQkFBa0IsY0FBYztBQUFBLEVBQ3BHO0FBQ08sV0FBUyxnQkFBZ0IsUUFBUSxVQUFVLFNBQVM7QUFDekQsUUFBSSxDQUFDLFVBQVUsUUFBUSxVQUFVLElBQUksRUFBRyxPQUFNLFFBQVEsVUFBVSxTQUFTLG1CQUFtQixlQUFlO0FBQUEsRUFDN0c7QUFDTyxXQUFTLG1CQUFtQixRQUFRLFVBQVUsU0FBUztBQUM1RCxRQUFJLFVBQVUsUUFBUSxVQUFVLElBQUksRUFBRyxPQUFNLFFBQVEsVUFBVSxTQUFTLHNCQUFzQixrQkFBa0I7QUFBQSxFQUNsSDtBQUNPLFdBQVMsS0FBSyxTQUFTO0FBQzVCLFFBQUksbUJBQW1CLE1BQU8sT0FBTTtBQUNwQyxVQUFNLElBQUksSUFBSSxlQUFlLEVBQUUsU0FBUyxVQUFVLE9BQU8sQ0FBQztBQUMxRCxRQUFJLFlBQVksUUFBVztBQUFFLFFBQUUsVUFBVTtBQUFVLFFBQUUsbUJBQW1CO0FBQUEsSUFBTTtBQUM5RSxVQUFNO0FBQUEsRUFDUjtBQUNPLFdBQVMsUUFBUSxLQUFLO0FBQzNCLFFBQUksUUFBUSxRQUFRLFFBQVEsUUFBVztBQUNyQyxVQUFJLFVBQVU7QUFDZCxpQkFBVyxPQUFPLFFBQVEsWUFBWSxPQUFPLElBQUksWUFBWSxXQUFZLElBQUksUUFBUSxXQUFXLEtBQUssSUFBSSxjQUFjLElBQUksWUFBWSxPQUFPLElBQUksVUFBVyxLQUFLLEdBQUc7QUFDckssWUFBTSxJQUFJLElBQUksZUFBZSxFQUFFLFFBQVEsS0FBSyxVQUFVLE1BQU0sVUFBVSxXQUFXLFFBQVEsQ0FBQztBQUMxRixRQUFFLG1CQUFtQjtBQUNyQixZQUFNO0FBQUEsSUFDUjtBQUFBLEVBQ0Y7QUFDTyxXQUFTLE1BQU0sUUFBUSxRQUFRLFNBQVM7QUFDN0MsUUFBSSxFQUFFLGtCQUFrQixRQUFTLE9BQU0sZUFBZSxVQUFVLHlCQUF5QixNQUFNO0FBQy9GLFFBQUksT0FBTyxXQUFXLFlBQVksQ0FBQyxPQUFPLEtBQUssTUFBTSxHQUFHO0FBQ3RELFlBQU0sUUFBUSxRQUFRLFlBQVksU0FBWSxVQUFVLE9BQU8sV0FBVyxXQUFXLCtEQUErRCxPQUFPLE1BQU0sS0FBSyxLQUFLLE1BQU0sQ0FBQyxNQUFNLGtEQUFrRCxLQUFLLE1BQU0sQ0FBQztBQUFBO0FBQUEsRUFBZSxLQUFLLE1BQU0sQ0FBQztBQUFBLEdBQU0sU0FBUyxLQUFLO0FBQUEsSUFDdlM7QUFBQSxFQUNGO0FBQ08sV0FBUyxhQUFhLFFBQVEsUUFBUSxTQUFTO0FBQ3BELFFBQUksRUFBRSxrQkFBa0IsUUFBUyxPQUFNLGVBQWUsVUFBVSx5QkFBeUIsTUFBTTtBQUMvRixRQUFJLE9BQU8sV0FBVyxZQUFZLE9BQU8sS0FBSyxNQUFNLEdBQUc7QUFDckQsWUFBTSxRQUFRLFFBQVEsWUFBWSxTQUFZLFVBQVUsT0FBTyxXQUFXLFdBQVcsK0RBQStELE9BQU8sTUFBTSxLQUFLLEtBQUssTUFBTSxDQUFDLE1BQU0sOERBQThELEtBQUssTUFBTSxDQUFDO0FBQUE7QUFBQSxFQUFlLEtBQUssTUFBTSxDQUFDO0FBQUEsR0FBTSxnQkFBZ0IsWUFBWTtBQUFBLElBQ2pVO0FBQUEsRUFDRjtBQUdBLFdBQVMsVUFBVSxJQUFJO0FBQ3JCLFFBQUksT0FBTyxPQUFPLFdBQVksT0FBTSxlQUFlLE1BQU0sb0JBQW9CLEVBQUU7QUFDL0UsUUFBSTtBQUFFLFNBQUc7QUFBQSxJQUFHLFNBQVMsR0FBRztBQUFFLGFBQU87QUFBQSxJQUFHO0FBQ3BDLFdBQU87QUFBQSxFQUNUO0FBQ0EsV0FBZSxXQUFXLEdBQUc7QUFBQTtBQUMzQixVQUFJO0FBQ0osVUFBSSxPQUFPLE1BQU0sWUFBWTtBQUMzQixrQkFBVSxFQUFFO0FBQ1osWUFBSSxDQUFDLFdBQVcsT0FBTyxRQUFRLFNBQVMsV0FBWSxPQUFNLGVBQWUsYUFBYSx3Q0FBd0MsT0FBTztBQUFBLE1BQ3ZJLFdBQVcsS0FBSyxPQUFPLEVBQUUsU0FBUyxZQUFZO0FBQzVDLGtCQUFVO0FBQUEsTUFDWixPQUFPO0FBQ0wsY0FBTSxlQUFlLGFBQWEsOENBQThDLENBQUM7QUFBQSxNQUNuRjtBQUNBLFVBQUk7QUFBRSxjQUFNO0FBQUEsTUFBUyxTQUFTLEdBQUc7QUFBRSxlQUFPO0FBQUEsTUFBRztBQUM3QyxhQUFPO0FBQUEsSUFDVDtBQUFBO0FBSUEsV0FBUyxnQkFBZ0IsUUFBUSxVQUFVLFNBQVMsSUFBSTtBQUN0RCxRQUFJLGFBQWEsT0FBVztBQUM1QixRQUFJLE9BQU8sYUFBYSxZQUFZO0FBQ2xDLFVBQUksU0FBUyxjQUFjLFVBQWEsa0JBQWtCLFNBQVU7QUFDcEUsVUFBSSxNQUFNLGNBQWMsUUFBUSxLQUFLLGFBQWEsT0FBTztBQUN2RCxjQUFNLFFBQVEsVUFBVSxZQUFZLFNBQVksVUFBVSwrQ0FBK0MsU0FBUyxJQUFJLGdCQUFnQixVQUFVLE9BQU8sY0FBYyxPQUFPLFlBQVksT0FBTyxPQUFPLE1BQU0sSUFBSSxVQUFVLE9BQU8sWUFBWSxTQUFZO0FBQUE7QUFBQTtBQUFBO0FBQUEsRUFBeUIsT0FBTyxPQUFPLEtBQUssRUFBRSxJQUFJLEdBQUcsTUFBTSxFQUFFO0FBQUEsTUFDeFQ7QUFDQSxVQUFJLFNBQVMsS0FBSyxDQUFDLEdBQUcsTUFBTSxNQUFNLEtBQU07QUFDeEMsWUFBTSxRQUFRLFVBQVUsWUFBWSxTQUFZLFVBQVUsT0FBTyxHQUFHLFNBQVMsWUFBWSxjQUFjLE9BQU8scUVBQXFFLEdBQUcsTUFBTSxFQUFFO0FBQUEsSUFDaE07QUFDQSxRQUFJLG9CQUFvQixRQUFRO0FBQzlCLFVBQUksU0FBUyxLQUFLLE9BQU8sTUFBTSxDQUFDLEVBQUc7QUFDbkMsWUFBTSxRQUFRLFVBQVUsWUFBWSxTQUFZLFVBQVUsa0RBQWtELEtBQUssUUFBUSxDQUFDO0FBQUE7QUFBQSxFQUFlLEtBQUssT0FBTyxNQUFNLENBQUMsQ0FBQztBQUFBLEdBQU0sR0FBRyxNQUFNLEVBQUU7QUFBQSxJQUNoTDtBQUNBLFFBQUksT0FBTyxhQUFhLFlBQVksYUFBYSxNQUFNO0FBQ3JELGlCQUFXLEtBQUssT0FBTyxLQUFLLFFBQVEsR0FBRztBQUNyQyxjQUFNLE9BQU8sU0FBUyxDQUFDLEdBQUcsTUFBTSxVQUFVLE9BQU8sU0FBWSxPQUFPLENBQUM7QUFDckUsY0FBTSxPQUFPLGdCQUFnQixVQUFVLE9BQU8sUUFBUSxXQUFXLEtBQUssS0FBSyxHQUFHLElBQUksVUFBVSxLQUFLLE1BQU0sSUFBSTtBQUMzRyxZQUFJLENBQUMsS0FBTSxPQUFNLFFBQVEsVUFBVSxZQUFZLFNBQVksVUFBVTtBQUFBO0FBQUE7QUFBQTtBQUFBLE1BQTBGLENBQUMsS0FBSyxLQUFLLEdBQUcsQ0FBQztBQUFBLE1BQVMsQ0FBQyxLQUFLLEtBQUssSUFBSSxDQUFDO0FBQUE7QUFBQSxHQUFXLEdBQUcsTUFBTSxFQUFFO0FBQUEsTUFDL047QUFDQTtBQUFBLElBQ0Y7QUFDQSxVQUFNLGVBQWUsWUFBWSwrREFBK0QsUUFBUTtBQUFBLEVBQzFHO0FBQ08sV0FBUyxPQUFPLElBQUksVUFBVSxTQUFTO0FBQzVDLFFBQUksT0FBTyxhQUFhLFVBQVU7QUFBRSxnQkFBVTtBQUFVLGlCQUFXO0FBQUEsSUFBVztBQUM5RSxVQUFNLFNBQVMsVUFBVSxFQUFFO0FBQzNCLFFBQUksV0FBVyxhQUFjLE9BQU0sUUFBVyxVQUFVLFlBQVksU0FBWSwrQkFBK0IsT0FBTyxLQUFLLDZCQUE2QixZQUFZLFNBQVMsT0FBTyxLQUFLLFNBQVMsSUFBSSxNQUFNLEVBQUUsS0FBSyxVQUFVLE1BQU07QUFDbk8sb0JBQWdCLFFBQVEsVUFBVSxTQUFTLE1BQU07QUFBQSxFQUNuRDtBQUNPLFdBQVMsYUFBYSxJQUFJLFVBQVUsU0FBUztBQUNsRCxRQUFJLE9BQU8sYUFBYSxVQUFVO0FBQUUsZ0JBQVU7QUFBVSxpQkFBVztBQUFBLElBQVc7QUFDOUUsVUFBTSxTQUFTLFVBQVUsRUFBRTtBQUMzQixRQUFJLFdBQVcsYUFBYyxPQUFNLFFBQVEsVUFBVSx5QkFBeUIsVUFBVSxLQUFLLE9BQU8sS0FBSyxHQUFHO0FBQUEsbUJBQXNCLFVBQVUsT0FBTyxPQUFPLEtBQUssZ0JBQWdCLFlBQVk7QUFBQSxFQUM3TDtBQUNBLFdBQXNCLFFBQVEsR0FBRyxVQUFVLFNBQVM7QUFBQTtBQUNsRCxVQUFJLE9BQU8sYUFBYSxVQUFVO0FBQUUsa0JBQVU7QUFBVSxtQkFBVztBQUFBLE1BQVc7QUFDOUUsWUFBTSxTQUFTLE1BQU0sV0FBVyxDQUFDO0FBQ2pDLFVBQUksV0FBVyxhQUFjLE9BQU0sUUFBVyxVQUFVLFlBQVksU0FBWSwrQkFBK0IsT0FBTyxLQUFLLDZCQUE2QixZQUFZLFNBQVMsT0FBTyxLQUFLLFNBQVMsSUFBSSxNQUFNLEVBQUUsS0FBSyxXQUFXLE9BQU87QUFDck8sc0JBQWdCLFFBQVEsVUFBVSxTQUFTLE9BQU87QUFBQSxJQUNwRDtBQUFBO0FBQ0EsV0FBc0IsY0FBYyxHQUFHLFVBQVUsU0FBUztBQUFBO0FBQ3hELFVBQUksT0FBTyxhQUFhLFVBQVU7QUFBRSxrQkFBVTtBQUFVLG1CQUFXO0FBQUEsTUFBVztBQUM5RSxZQUFNLFNBQVMsTUFBTSxXQUFXLENBQUM7QUFDakMsVUFBSSxXQUFXLGFBQWMsT0FBTSxRQUFRLFVBQVUseUJBQXlCLFVBQVUsS0FBSyxPQUFPLEtBQUssR0FBRztBQUFBLG1CQUFzQixVQUFVLE9BQU8sT0FBTyxLQUFLLGlCQUFpQixhQUFhO0FBQUEsSUFDL0w7QUFBQTtBQU1BLFdBQVMsVUFBVSxNQUFNO0FBQ3ZCLFlBQVEsUUFBUSxLQUFLLFFBQVEsR0FBRyxJQUFJO0FBQUEsRUFDdEM7QUFNQSxXQUFTLFVBQVUsTUFBTTtBQUN2QixZQUFRLFFBQVEsS0FBSyxRQUFRLEdBQUcsSUFBSTtBQUFBLEVBQ3RDO0FBdk1BLE1BTU0sTUFFTyxnQkFtQlAsV0F5RkEsY0E0RUEsU0FZQztBQTVNUDtBQUFBO0FBQUE7QUFFQTtBQUNBO0FBQ0E7QUFFQSxNQUFNLE9BQU8sQ0FBQyxNQUFNLFFBQVEsR0FBRyxFQUFFLE9BQU8sS0FBTSxTQUFTLE9BQU8sYUFBYSxVQUFVLFFBQVEsTUFBTSxTQUFTLEtBQUssQ0FBQztBQUUzRyxNQUFNLGlCQUFOLGNBQTZCLE1BQU07QUFBQSxRQUN4QyxZQUFZLFNBQVM7QUFDbkIsY0FBSSxZQUFZLFFBQVEsT0FBTyxZQUFZLFNBQVUsT0FBTSxlQUFlLFdBQVcsa0JBQWtCLE9BQU87QUFDOUcsZ0JBQU0sRUFBRSxTQUFTLFFBQVEsVUFBVSxTQUFTLElBQUk7QUFDaEQsZ0JBQU0sWUFBWSxTQUFZLE9BQU8sT0FBTyxJQUFJLGVBQWUsUUFBUSxVQUFVLFFBQVEsQ0FBQztBQUMxRixlQUFLLG1CQUFtQixZQUFZO0FBQ3BDLGVBQUssT0FBTztBQUNaLGVBQUssU0FBUztBQUNkLGVBQUssV0FBVztBQUNoQixlQUFLLFdBQVc7QUFBQSxRQUNsQjtBQUFBLFFBQ0EsSUFBSSxPQUFPO0FBQ1QsaUJBQU87QUFBQSxRQUNUO0FBQUEsUUFDQSxXQUFXO0FBQ1QsaUJBQU8sR0FBRyxLQUFLLElBQUksS0FBSyxLQUFLLElBQUksTUFBTSxLQUFLLE9BQU87QUFBQSxRQUNyRDtBQUFBLE1BQ0Y7QUFFQSxNQUFNLFlBQVk7QUFBQSxRQUNoQixpQkFBaUI7QUFBQSxRQUNqQixhQUFhO0FBQUEsUUFDYixXQUFXO0FBQUEsUUFDWCxvQkFBb0I7QUFBQSxRQUNwQixnQkFBZ0I7QUFBQSxRQUNoQixjQUFjO0FBQUEsUUFDZCxjQUFjO0FBQUEsTUFDaEI7QUFpRkEsTUFBTSxlQUFlLHVCQUFPLGNBQWM7QUE0RTFDLE1BQU0sVUFBVTtBQUFBLFFBQ2Q7QUFBQSxRQUFJLE9BQU87QUFBQSxRQUFhLFVBQVU7QUFBQSxRQUFnQjtBQUFBLFFBQWE7QUFBQSxRQUFnQixXQUFXO0FBQUEsUUFBaUIsY0FBYztBQUFBLFFBQ3pIO0FBQUEsUUFBaUI7QUFBQSxRQUFvQjtBQUFBLFFBQU07QUFBQSxRQUFTO0FBQUEsUUFBTztBQUFBLFFBQWM7QUFBQSxRQUFRO0FBQUEsUUFBYztBQUFBLFFBQVM7QUFBQSxRQUFlO0FBQUEsTUFDekg7QUFDQSxhQUFPLE9BQU8sUUFBUSxPQUFPO0FBSTdCLGFBQU8sT0FBTyxRQUFRLE9BQU87QUFDN0IsYUFBTyxTQUFTO0FBQ2hCLGFBQU8sU0FBUztBQUVoQixNQUFPLGlCQUFRO0FBQUE7QUFBQTs7O0FDNU1mO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUEsa0JBQUFDO0FBQUEsSUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFLQSxXQUFTLFVBQVUsR0FBRyxPQUFPLFFBQVE7QUFDbkMsUUFBSSxPQUFPLE1BQU0sU0FBVSxPQUFNLGVBQWUsTUFBTSxrQkFBa0IsQ0FBQztBQUFBLEVBQzNFO0FBR0EsV0FBUyxnQkFBZ0JDLE9BQU0sZ0JBQWdCO0FBQzdDLFVBQU0sTUFBTSxDQUFDO0FBQ2IsZUFBVyxPQUFPQSxNQUFLLE1BQU0sR0FBRyxHQUFHO0FBQ2pDLFVBQUksUUFBUSxNQUFNLFFBQVEsSUFBSztBQUMvQixVQUFJLFFBQVEsTUFBTTtBQUNoQixZQUFJLElBQUksU0FBUyxLQUFLLElBQUksSUFBSSxTQUFTLENBQUMsTUFBTSxLQUFNLEtBQUksSUFBSTtBQUFBLGlCQUNuRCxlQUFnQixLQUFJLEtBQUssSUFBSTtBQUFBLE1BQ3hDLE9BQU87QUFDTCxZQUFJLEtBQUssR0FBRztBQUFBLE1BQ2Q7QUFBQSxJQUNGO0FBQ0EsV0FBTyxJQUFJLEtBQUssR0FBRztBQUFBLEVBQ3JCO0FBRU8sV0FBUyxXQUFXLE1BQU07QUFDL0IsUUFBSSxXQUFXLElBQUksV0FBVztBQUM5QixhQUFTLElBQUksS0FBSyxTQUFTLEdBQUcsS0FBSyxNQUFNLENBQUMsVUFBVSxLQUFLO0FBQ3ZELFlBQU0sSUFBSSxLQUFLLElBQUksS0FBSyxDQUFDLElBQUk7QUFDN0IsZ0JBQVUsR0FBRyxTQUFTLENBQUMsR0FBRztBQUMxQixVQUFJLEVBQUUsV0FBVyxFQUFHO0FBQ3BCLGlCQUFXLEdBQUcsQ0FBQyxJQUFJLFFBQVE7QUFDM0IsaUJBQVcsRUFBRSxXQUFXLENBQUMsTUFBTTtBQUFBLElBQ2pDO0FBQ0EsZUFBVyxnQkFBZ0IsVUFBVSxDQUFDLFFBQVE7QUFDOUMsV0FBTyxXQUFXLElBQUksUUFBUSxLQUFLLFNBQVMsU0FBUyxJQUFJLFdBQVc7QUFBQSxFQUN0RTtBQUNPLFdBQVMsVUFBVUEsT0FBTTtBQUM5QixjQUFVQSxLQUFJO0FBQ2QsUUFBSUEsTUFBSyxXQUFXLEVBQUcsUUFBTztBQUM5QixVQUFNLFdBQVdBLE1BQUssV0FBVyxDQUFDLE1BQU0sSUFBSSxXQUFXQSxNQUFLLFdBQVdBLE1BQUssU0FBUyxDQUFDLE1BQU07QUFDNUYsUUFBSSxJQUFJLGdCQUFnQkEsT0FBTSxDQUFDLFFBQVE7QUFDdkMsUUFBSSxFQUFFLFdBQVcsR0FBRztBQUNsQixVQUFJLFNBQVUsUUFBTztBQUNyQixhQUFPLFdBQVcsT0FBTztBQUFBLElBQzNCO0FBQ0EsUUFBSSxTQUFVLE1BQUs7QUFDbkIsV0FBTyxXQUFXLElBQUksQ0FBQyxLQUFLO0FBQUEsRUFDOUI7QUFDTyxXQUFTLFdBQVdBLE9BQU07QUFDL0IsY0FBVUEsS0FBSTtBQUNkLFdBQU9BLE1BQUssU0FBUyxLQUFLQSxNQUFLLFdBQVcsQ0FBQyxNQUFNO0FBQUEsRUFDbkQ7QUFDTyxXQUFTLFFBQVEsTUFBTTtBQUM1QixRQUFJLEtBQUssV0FBVyxFQUFHLFFBQU87QUFDOUIsVUFBTSxRQUFRLENBQUM7QUFDZixlQUFXLEtBQUssTUFBTTtBQUNwQixnQkFBVSxDQUFDO0FBQ1gsVUFBSSxFQUFFLFNBQVMsRUFBRyxPQUFNLEtBQUssQ0FBQztBQUFBLElBQ2hDO0FBQ0EsV0FBTyxNQUFNLFdBQVcsSUFBSSxNQUFNLFVBQVUsTUFBTSxLQUFLLEdBQUcsQ0FBQztBQUFBLEVBQzdEO0FBQ08sV0FBUyxTQUFTLE1BQU0sSUFBSTtBQUNqQyxjQUFVLE1BQU0sTUFBTTtBQUN0QixjQUFVLElBQUksSUFBSTtBQUNsQixRQUFJLFNBQVMsR0FBSSxRQUFPO0FBQ3hCLFdBQU8sUUFBUSxJQUFJO0FBQ25CLFNBQUssUUFBUSxFQUFFO0FBQ2YsUUFBSSxTQUFTLEdBQUksUUFBTztBQUN4QixVQUFNLElBQUksU0FBUyxNQUFNLENBQUMsSUFBSSxLQUFLLE1BQU0sQ0FBQyxFQUFFLE1BQU0sR0FBRztBQUNyRCxVQUFNLElBQUksT0FBTyxNQUFNLENBQUMsSUFBSSxHQUFHLE1BQU0sQ0FBQyxFQUFFLE1BQU0sR0FBRztBQUNqRCxRQUFJLElBQUk7QUFDUixXQUFPLElBQUksRUFBRSxVQUFVLElBQUksRUFBRSxVQUFVLEVBQUUsQ0FBQyxNQUFNLEVBQUUsQ0FBQyxFQUFHO0FBQ3RELFdBQU8sQ0FBQyxHQUFHLE1BQU0sRUFBRSxTQUFTLENBQUMsRUFBRSxLQUFLLElBQUksR0FBRyxHQUFHLEVBQUUsTUFBTSxDQUFDLENBQUMsRUFBRSxLQUFLLEdBQUc7QUFBQSxFQUNwRTtBQUNPLFdBQVMsaUJBQWlCQSxPQUFNO0FBQ3JDLFdBQU9BO0FBQUEsRUFDVDtBQUNPLFdBQVMsUUFBUUEsT0FBTTtBQUM1QixjQUFVQSxLQUFJO0FBQ2QsUUFBSUEsTUFBSyxXQUFXLEVBQUcsUUFBTztBQUM5QixVQUFNLFdBQVdBLE1BQUssV0FBVyxDQUFDLE1BQU07QUFDeEMsUUFBSSxNQUFNLElBQUksVUFBVTtBQUN4QixhQUFTLElBQUlBLE1BQUssU0FBUyxHQUFHLEtBQUssR0FBRyxFQUFFLEdBQUc7QUFDekMsVUFBSUEsTUFBSyxXQUFXLENBQUMsTUFBTSxJQUFJO0FBQzdCLFlBQUksQ0FBQyxTQUFTO0FBQUUsZ0JBQU07QUFBRztBQUFBLFFBQU87QUFBQSxNQUNsQyxPQUFPO0FBQ0wsa0JBQVU7QUFBQSxNQUNaO0FBQUEsSUFDRjtBQUNBLFFBQUksUUFBUSxHQUFJLFFBQU8sV0FBVyxNQUFNO0FBQ3hDLFFBQUksWUFBWSxRQUFRLEVBQUcsUUFBTztBQUNsQyxXQUFPQSxNQUFLLE1BQU0sR0FBRyxHQUFHO0FBQUEsRUFDMUI7QUFDTyxXQUFTLFNBQVNBLE9BQU0sUUFBUTtBQUNyQyxRQUFJLFdBQVcsT0FBVyxXQUFVLFFBQVEsUUFBUTtBQUNwRCxjQUFVQSxLQUFJO0FBQ2QsUUFBSSxNQUFNQSxNQUFLO0FBQ2YsV0FBTyxNQUFNLEtBQUtBLE1BQUssV0FBVyxNQUFNLENBQUMsTUFBTSxHQUFJO0FBQ25ELFFBQUksUUFBUSxFQUFHLFFBQU87QUFDdEIsVUFBTUMsU0FBUUQsTUFBSyxZQUFZLEtBQUssTUFBTSxDQUFDLElBQUk7QUFDL0MsUUFBSSxPQUFPQSxNQUFLLE1BQU1DLFFBQU8sR0FBRztBQUNoQyxRQUFJLFdBQVcsVUFBYSxXQUFXLFFBQVEsS0FBSyxTQUFTLE1BQU0sRUFBRyxRQUFPLEtBQUssTUFBTSxHQUFHLEtBQUssU0FBUyxPQUFPLE1BQU07QUFDdEgsV0FBTztBQUFBLEVBQ1Q7QUFDTyxXQUFTLFFBQVFELE9BQU07QUFDNUIsY0FBVUEsS0FBSTtBQUNkLFVBQU0sT0FBTyxTQUFTQSxLQUFJO0FBQzFCLFVBQU0sTUFBTSxLQUFLLFlBQVksR0FBRztBQUNoQyxRQUFJLE9BQU8sS0FBTSxRQUFRLEtBQUssU0FBUyxLQUFPLFFBQU87QUFDckQsV0FBTyxLQUFLLE1BQU0sR0FBRztBQUFBLEVBQ3ZCO0FBQ08sV0FBU0QsUUFBTyxLQUFLO0FBQzFCLFFBQUksUUFBUSxRQUFRLE9BQU8sUUFBUSxTQUFVLE9BQU0sZUFBZSxjQUFjLGtCQUFrQixHQUFHO0FBQ3JHLFVBQU0sTUFBTSxJQUFJLE9BQU8sSUFBSTtBQUMzQixVQUFNLE9BQU8sSUFBSSxRQUFRLEdBQUcsSUFBSSxRQUFRLEVBQUUsR0FBRyxJQUFJLE9BQU8sSUFBSSxJQUFJLENBQUMsTUFBTSxNQUFNLEtBQUssT0FBTyxJQUFJLE1BQU0sRUFBRTtBQUNyRyxRQUFJLENBQUMsSUFBSyxRQUFPO0FBQ2pCLFdBQU8sUUFBUSxJQUFJLE9BQU8sR0FBRyxHQUFHLEdBQUcsSUFBSSxLQUFLLEdBQUcsR0FBRyxJQUFJLElBQUk7QUFBQSxFQUM1RDtBQUNPLFdBQVMsTUFBTUMsT0FBTTtBQUMxQixjQUFVQSxLQUFJO0FBQ2QsVUFBTSxPQUFPQSxNQUFLLFdBQVcsQ0FBQyxNQUFNLEtBQUssTUFBTTtBQUMvQyxRQUFJQSxNQUFLLFdBQVcsRUFBRyxRQUFPLEVBQUUsTUFBTSxJQUFJLEtBQUssSUFBSSxNQUFNLElBQUksS0FBSyxJQUFJLE1BQU0sR0FBRztBQUMvRSxRQUFJLFVBQVVBO0FBQ2QsV0FBTyxRQUFRLFNBQVMsS0FBSyxRQUFRLFNBQVMsR0FBRyxFQUFHLFdBQVUsUUFBUSxNQUFNLEdBQUcsRUFBRTtBQUNqRixVQUFNLE9BQU8sWUFBWSxNQUFNLEtBQUssU0FBUyxPQUFPO0FBQ3BELFVBQU0sTUFBTSxRQUFRLElBQUk7QUFDeEIsUUFBSSxNQUFNLFlBQVksTUFBTSxNQUFNLFFBQVEsT0FBTztBQUNqRCxRQUFJLFFBQVEsT0FBTyxDQUFDLFFBQVEsV0FBVyxHQUFHLEtBQUssQ0FBQyxRQUFRLFNBQVMsR0FBRyxFQUFHLE9BQU07QUFBQSxhQUNwRSxRQUFRLE9BQU8sQ0FBQyxRQUFRLFNBQVMsR0FBRyxFQUFHLE9BQU07QUFDdEQsV0FBTyxFQUFFLE1BQU0sS0FBSyxNQUFNLEtBQUssTUFBTSxNQUFNLEtBQUssTUFBTSxHQUFHLEtBQUssU0FBUyxJQUFJLE1BQU0sSUFBSSxLQUFLO0FBQUEsRUFDNUY7QUFDTyxXQUFTLGNBQWM7QUFDNUIsVUFBTSxJQUFJLE1BQU0sK0NBQStDO0FBQUEsRUFDakU7QUFySUEsTUFzSWEsS0FDQSxXQUVQLE1BR08sT0FDQSxPQUNOO0FBOUlQO0FBQUE7QUFBQTtBQUdBO0FBbUlPLE1BQU0sTUFBTTtBQUNaLE1BQU0sWUFBWTtBQUV6QixNQUFNLE9BQU8sRUFBRSxTQUFTLFdBQVcsWUFBWSxNQUFNLFVBQVUsa0JBQWtCLFNBQVMsVUFBVSxTQUFTLFFBQUFELFNBQVEsT0FBTyxhQUFhLEtBQUssVUFBVTtBQUN4SixXQUFLLFFBQVE7QUFDYixXQUFLLFFBQVE7QUFDTixNQUFNLFFBQVE7QUFDZCxNQUFNLFFBQVE7QUFDckIsTUFBTyxlQUFRO0FBQUE7QUFBQTs7O0FDOUlmLE1BTWE7QUFOYjtBQUFBO0FBQUE7QUFHQTtBQUNBO0FBRU8sTUFBTSxnQkFBTixNQUFvQjtBQUFBLFFBQ3pCLFlBQVlHLFdBQVU7QUFDcEIsZUFBSyxXQUFXLFNBQVVBLFNBQVE7QUFDbEMsZUFBSyxRQUFRLElBQUksV0FBVyxDQUFDO0FBQzdCLGNBQUksS0FBSyxhQUFhLE9BQVEsTUFBSyxRQUFRLElBQUksWUFBWSxPQUFPO0FBQUEsUUFDcEU7QUFBQSxRQUNBLE1BQU0sS0FBSztBQUNULGNBQUksT0FBTyxRQUFRLFNBQVUsUUFBTztBQUNwQyxjQUFJLENBQUMsWUFBWSxPQUFPLEdBQUcsRUFBRyxPQUFNLGVBQWUsT0FBTyxrREFBa0QsR0FBRztBQUMvRyxnQkFBTSxJQUFJLElBQUksV0FBVyxJQUFJLFFBQVEsSUFBSSxZQUFZLElBQUksVUFBVTtBQUNuRSxjQUFJLEtBQUssTUFBTyxRQUFPLEtBQUssTUFBTSxPQUFPLEdBQUcsRUFBRSxRQUFRLEtBQUssQ0FBQztBQUM1RCxjQUFJLE1BQU07QUFDVixjQUFJLEtBQUssTUFBTSxRQUFRO0FBQ3JCLGtCQUFNLElBQUksV0FBVyxLQUFLLE1BQU0sU0FBUyxFQUFFLE1BQU07QUFDakQsZ0JBQUksSUFBSSxLQUFLLEtBQUs7QUFDbEIsZ0JBQUksSUFBSSxHQUFHLEtBQUssTUFBTSxNQUFNO0FBQUEsVUFDOUI7QUFDQSxnQkFBTSxPQUFPLEtBQUssYUFBYSxZQUFZLElBQUksS0FBSyxhQUFhLFlBQVksS0FBSyxhQUFhLGNBQWMsSUFBSTtBQUNqSCxjQUFJLElBQUksSUFBSSxTQUFVLElBQUksU0FBUztBQUNuQyxjQUFJLEtBQUssYUFBYSxhQUFhLEtBQUssR0FBRztBQUN6QyxrQkFBTSxPQUFPLElBQUksSUFBSSxDQUFDLElBQUssSUFBSSxJQUFJLENBQUMsS0FBSztBQUN6QyxnQkFBSSxRQUFRLFNBQVUsUUFBUSxNQUFRLE1BQUs7QUFBQSxVQUM3QztBQUNBLGVBQUssUUFBUSxJQUFJLE1BQU0sQ0FBQztBQUN4QixpQkFBTyxPQUFRLElBQUksU0FBUyxHQUFHLENBQUMsR0FBRyxLQUFLLFFBQVE7QUFBQSxRQUNsRDtBQUFBLFFBQ0EsSUFBSSxLQUFLO0FBQ1AsY0FBSSxJQUFJLFFBQVEsU0FBWSxLQUFLLEtBQUssTUFBTSxHQUFHO0FBQy9DLGNBQUksS0FBSyxPQUFPO0FBQ2QsaUJBQUssS0FBSyxNQUFNLE9BQU87QUFDdkIsaUJBQUssUUFBUSxJQUFJLFlBQVksT0FBTztBQUFBLFVBQ3RDLFdBQVcsS0FBSyxNQUFNLFFBQVE7QUFDNUIsaUJBQUssT0FBUSxLQUFLLE9BQU8sS0FBSyxRQUFRO0FBQ3RDLGlCQUFLLFFBQVEsSUFBSSxXQUFXLENBQUM7QUFBQSxVQUMvQjtBQUNBLGlCQUFPO0FBQUEsUUFDVDtBQUFBLFFBQ0EsS0FBSyxLQUFLLFFBQVE7QUFDaEIsaUJBQU8sS0FBSyxNQUFNQyxRQUFPLEtBQUssR0FBRyxFQUFFLFNBQVMsTUFBTSxDQUFDO0FBQUEsUUFDckQ7QUFBQSxRQUNBLElBQUksV0FBVztBQUNiLGlCQUFPLEtBQUssTUFBTSxVQUFVLEtBQUssYUFBYSxZQUFZLElBQUksS0FBSyxLQUFLLE1BQU0sU0FBUztBQUFBLFFBQ3pGO0FBQUEsUUFDQSxJQUFJLFlBQVk7QUFDZCxpQkFBTyxLQUFLLE1BQU0sU0FBUyxLQUFLLE1BQU0sU0FBUyxLQUFLLFdBQVc7QUFBQSxRQUNqRTtBQUFBLE1BQ0Y7QUFBQTtBQUFBOzs7QUNwREE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQWVPLFdBQVMsT0FBTyxNQUFNO0FBQzNCLGlCQUFhLEtBQUssTUFBTSxJQUFJO0FBQUEsRUFDOUI7QUFRTyxXQUFTLFNBQVMsVUFBVSxDQUFDLEdBQUc7QUFDckMsUUFBSSxFQUFFLGdCQUFnQixVQUFXLFFBQU8sSUFBSSxTQUFTLE9BQU87QUFDNUQsV0FBTyxLQUFLLE1BQU0sT0FBTztBQUN6QixVQUFNLGFBQWEsUUFBUSxRQUFRLGNBQWMsUUFBUSxrQkFBa0I7QUFDM0UsU0FBSyxLQUFLO0FBQUEsTUFDUjtBQUFBLE1BQVksZUFBZSxRQUFRLGlCQUFpQixRQUFRLHlCQUF5Qix3QkFBd0IsVUFBVTtBQUFBLE1BQ3ZILFFBQVEsQ0FBQztBQUFBLE1BQUcsUUFBUTtBQUFBLE1BQUcsU0FBUztBQUFBLE1BQU0sT0FBTztBQUFBLE1BQU8sWUFBWTtBQUFBLE1BQU8sU0FBUztBQUFBLE1BQU8sTUFBTTtBQUFBLE1BQzdGLFNBQVM7QUFBQSxNQUFNLFVBQVU7QUFBQSxNQUFNLE9BQU8sQ0FBQztBQUFBLE1BQUcsbUJBQW1CO0FBQUEsTUFBTyxpQkFBaUI7QUFBQSxNQUFPLFNBQVM7QUFBQSxNQUNyRyxRQUFRO0FBQUEsTUFBTyxhQUFhLFFBQVEsZ0JBQWdCO0FBQUEsTUFBTyxXQUFXLFFBQVEsY0FBYztBQUFBLE1BQU8sYUFBYTtBQUFBLElBQ2xIO0FBQ0EsUUFBSSxRQUFRLFNBQVUsTUFBSyxZQUFZLFFBQVEsUUFBUTtBQUN2RCxRQUFJLE9BQU8sUUFBUSxTQUFTLFdBQVksTUFBSyxRQUFRLFFBQVE7QUFDN0QsUUFBSSxPQUFPLFFBQVEsWUFBWSxXQUFZLE1BQUssV0FBVyxRQUFRO0FBQ25FLFFBQUksUUFBUSxPQUFRLGdCQUFlLFFBQVEsUUFBUSxJQUFJO0FBQ3ZELFNBQUssYUFBYTtBQUFBLEVBQ3BCO0FBSUEsV0FBUyxZQUFZLEdBQUcsR0FBRztBQUN6QixXQUFPLEVBQUUsYUFBYSxJQUFJLEVBQUU7QUFBQSxFQUM5QjtBQStDQSxXQUFTLFVBQVUsUUFBUTtBQUN6QixVQUFNLElBQUksT0FBTztBQUNqQixRQUFJLENBQUMsRUFBRSxXQUFXLENBQUMsRUFBRSxTQUFTLENBQUMsT0FBTyxjQUFjLEVBQUUsU0FBUyxFQUFFLGVBQWU7QUFDOUUsUUFBRSxVQUFVO0FBQ1osVUFBSTtBQUNGLGVBQU8sTUFBTSxFQUFFLGFBQWEsSUFBSSxFQUFFLGFBQWE7QUFBQSxNQUNqRCxTQUFTLEdBQUc7QUFDVix1QkFBZSxRQUFRLENBQUM7QUFBQSxNQUMxQjtBQUFBLElBQ0Y7QUFBQSxFQUNGO0FBR0EsV0FBUyxLQUFLLEdBQUcsR0FBRztBQUNsQixRQUFJLEVBQUUsV0FBVyxFQUFHLFFBQU87QUFDM0IsUUFBSSxFQUFFLFlBQVk7QUFBRSxRQUFFO0FBQVUsYUFBTyxFQUFFLE9BQU8sTUFBTTtBQUFBLElBQUc7QUFDekQsUUFBSSxNQUFNLFVBQWEsS0FBSyxFQUFFLFFBQVE7QUFDcEMsWUFBTSxNQUFNLEVBQUUsVUFBVSxFQUFFLE9BQU8sS0FBSyxFQUFFLElBQUksRUFBRSxPQUFPLFdBQVcsSUFBSSxFQUFFLE9BQU8sQ0FBQyxJQUFJQyxRQUFPLE9BQU8sRUFBRSxNQUFNO0FBQ3hHLFFBQUUsU0FBUyxDQUFDO0FBQ1osUUFBRSxTQUFTO0FBQ1gsYUFBTztBQUFBLElBQ1Q7QUFDQSxRQUFJO0FBQ0osUUFBSSxFQUFFLFNBQVM7QUFDYixZQUFNLElBQUksRUFBRSxPQUFPLEtBQUssRUFBRTtBQUMxQixZQUFNLEVBQUUsTUFBTSxHQUFHLENBQUM7QUFDbEIsUUFBRSxTQUFTLENBQUMsRUFBRSxNQUFNLENBQUMsQ0FBQztBQUFBLElBQ3hCLE9BQU87QUFDTCxZQUFNLE1BQU1BLFFBQU8sT0FBTyxFQUFFLE1BQU07QUFDbEMsWUFBTSxJQUFJLFNBQVMsR0FBRyxDQUFDO0FBQ3ZCLFFBQUUsU0FBUyxDQUFDLElBQUksU0FBUyxDQUFDLENBQUM7QUFBQSxJQUM3QjtBQUNBLE1BQUUsVUFBVTtBQUNaLFdBQU87QUFBQSxFQUNUO0FBY0EsV0FBUyxhQUFhLFFBQVE7QUFDNUIsVUFBTSxJQUFJLE9BQU87QUFDakIsUUFBSSxFQUFFLGNBQWU7QUFDckIsTUFBRSxnQkFBZ0I7QUFDbEIsU0FBSyxNQUFNO0FBQ1QsUUFBRSxnQkFBZ0I7QUFDbEIsV0FBSyxNQUFNO0FBQUEsSUFDYixDQUFDO0FBQUEsRUFDSDtBQUNBLFdBQVMsS0FBSyxRQUFRO0FBQ3BCLFVBQU0sSUFBSSxPQUFPO0FBQ2pCLFFBQUksT0FBTyxXQUFZO0FBQ3ZCLFFBQUksRUFBRSxTQUFTO0FBQ2IsYUFBTyxFQUFFLFdBQVcsRUFBRSxTQUFTLEdBQUc7QUFDaEMsY0FBTSxRQUFRLEVBQUUsT0FBTyxNQUFNO0FBQzdCLFVBQUUsVUFBVSxZQUFZLEdBQUcsS0FBSztBQUNoQyxVQUFFLGNBQWM7QUFDaEIsZUFBTyxLQUFLLFFBQVEsS0FBSztBQUFBLE1BQzNCO0FBQUEsSUFDRixXQUFXLEVBQUUsc0JBQXNCLEVBQUUsU0FBUyxLQUFLLEVBQUUsVUFBVSxDQUFDLEVBQUUsWUFBWTtBQUM1RSxhQUFPLEtBQUssVUFBVTtBQUFBLElBQ3hCO0FBQ0EsUUFBSSxFQUFFLFdBQVcsS0FBSyxFQUFFLE9BQU87QUFDN0IsVUFBSSxFQUFFLFdBQVcsQ0FBQyxFQUFFLHFCQUFxQixFQUFFLGVBQWUsTUFBTyxhQUFZLE1BQU07QUFBQSxJQUNyRixXQUFXLEVBQUUsV0FBVyxFQUFFLG1CQUFtQjtBQUMzQyxnQkFBVSxNQUFNO0FBQUEsSUFDbEI7QUFBQSxFQUNGO0FBQ0EsV0FBUyxZQUFZLFFBQVE7QUFDM0IsVUFBTSxJQUFJLE9BQU87QUFDakIsUUFBSSxFQUFFLGNBQWMsRUFBRSxhQUFjO0FBQ3BDLFFBQUksQ0FBQyxFQUFFLFdBQVcsQ0FBQyxFQUFFLHFCQUFxQixDQUFDLEVBQUUsZUFBZSxFQUFFLFdBQVcsS0FBSyxPQUFPLGNBQWMsS0FBSyxNQUFNLEdBQUc7QUFBQSxJQUVqSDtBQUNBLE1BQUUsZUFBZTtBQUNqQixTQUFLLE1BQU07QUFDVCxVQUFJLEVBQUUsY0FBYyxFQUFFLFdBQVcsR0FBRztBQUFFLFVBQUUsZUFBZTtBQUFPO0FBQUEsTUFBUTtBQUN0RSxVQUFJLENBQUMsRUFBRSxXQUFXLENBQUMsRUFBRSxxQkFBcUIsQ0FBQyxFQUFFLGFBQWE7QUFBRSxVQUFFLGVBQWU7QUFBTztBQUFBLE1BQVE7QUFDNUYsUUFBRSxhQUFhO0FBQ2YsYUFBTyxLQUFLLEtBQUs7QUFDakIsVUFBSSxPQUFPLE1BQU0sQ0FBQyxPQUFPLEdBQUcsWUFBWSxPQUFPLG1CQUFtQixNQUFPLFFBQU8sSUFBSTtBQUNwRixVQUFJLEVBQUUsZ0JBQWdCLENBQUMsT0FBTyxNQUFNLE9BQU8sR0FBRyxVQUFXLFFBQU8sUUFBUTtBQUFBLElBQzFFLENBQUM7QUFBQSxFQUNIO0FBbUpPLFdBQVMsU0FBUyxVQUFVLENBQUMsR0FBRztBQUNyQyxRQUFJLEVBQUUsZ0JBQWdCLGFBQWEsRUFBRSxnQkFBZ0IsUUFBUyxRQUFPLElBQUksU0FBUyxPQUFPO0FBQ3pGLFdBQU8sS0FBSyxNQUFNLE9BQU87QUFDekIsaUJBQWEsTUFBTSxPQUFPO0FBQzFCLFNBQUssYUFBYTtBQUFBLEVBQ3BCO0FBU0EsV0FBUyxhQUFhLFFBQVEsU0FBUztBQUNyQyxVQUFNLGFBQWEsUUFBUSxRQUFRLGNBQWMsUUFBUSxrQkFBa0I7QUFDM0UsV0FBTyxLQUFLO0FBQUEsTUFDVjtBQUFBLE1BQVksZUFBZSxRQUFRLGlCQUFpQixRQUFRLHlCQUF5Qix3QkFBd0IsVUFBVTtBQUFBLE1BQ3ZILE9BQU8sQ0FBQztBQUFBLE1BQUcsUUFBUTtBQUFBLE1BQUcsU0FBUztBQUFBLE1BQU8sT0FBTztBQUFBLE1BQU8sVUFBVTtBQUFBLE1BQU8sYUFBYTtBQUFBLE1BQU8sV0FBVztBQUFBLE1BQ3BHLFFBQVE7QUFBQSxNQUFHLGVBQWUsUUFBUSxrQkFBa0I7QUFBQSxNQUFPLFNBQVM7QUFBQSxNQUFNLFFBQVE7QUFBQSxNQUNsRixhQUFhLFFBQVEsZ0JBQWdCO0FBQUEsTUFBTyxXQUFXLFFBQVEsY0FBYztBQUFBLE1BQU8saUJBQWlCLFFBQVEsbUJBQW1CO0FBQUEsSUFDbEk7QUFDQSxRQUFJLE9BQU8sUUFBUSxVQUFVLFdBQVksUUFBTyxTQUFTLFFBQVE7QUFDakUsUUFBSSxPQUFPLFFBQVEsV0FBVyxXQUFZLFFBQU8sVUFBVSxRQUFRO0FBQ25FLFFBQUksT0FBTyxRQUFRLFVBQVUsV0FBWSxRQUFPLFNBQVMsUUFBUTtBQUNqRSxRQUFJLE9BQU8sUUFBUSxZQUFZLFdBQVksUUFBTyxXQUFXLFFBQVE7QUFDckUsUUFBSSxRQUFRLE9BQVEsZ0JBQWUsUUFBUSxRQUFRLE1BQU07QUFBQSxFQUMzRDtBQWtDQSxXQUFTLFVBQVUsUUFBUTtBQUN6QixVQUFNQyxLQUFJLE9BQU87QUFDakIsUUFBSUEsR0FBRSxXQUFXLE9BQU8sV0FBWTtBQUNwQyxRQUFJQSxHQUFFLE1BQU0sV0FBVyxHQUFHO0FBQ3hCLFVBQUlBLEdBQUUsV0FBVztBQUNmLFFBQUFBLEdBQUUsWUFBWTtBQUNkLGFBQUssTUFBTSxPQUFPLEtBQUssT0FBTyxDQUFDO0FBQUEsTUFDakM7QUFDQSxVQUFJQSxHQUFFLE1BQU8sTUFBSyxNQUFNLFlBQVksTUFBTSxDQUFDO0FBQzNDO0FBQUEsSUFDRjtBQUNBLFVBQU0sT0FBT0EsR0FBRSxNQUFNLE1BQU07QUFDM0IsSUFBQUEsR0FBRSxVQUFVO0FBQ1osUUFBSSxPQUFPO0FBQ1gsVUFBTSxPQUFPLENBQUMsUUFBUTtBQUNwQixNQUFBQSxHQUFFLFVBQVU7QUFDWixNQUFBQSxHQUFFLFVBQVVBLEdBQUUsYUFBYSxJQUFJLEtBQUssTUFBTTtBQUMxQyxVQUFJLEtBQUs7QUFDUCxRQUFBQSxHQUFFLFVBQVU7QUFDWixjQUFNLElBQUksTUFBTTtBQUFFLGNBQUksS0FBSyxHQUFJLE1BQUssR0FBRyxHQUFHO0FBQUcseUJBQWUsUUFBUSxHQUFHO0FBQUEsUUFBRztBQUMxRSxZQUFJLEtBQU0sTUFBSyxDQUFDO0FBQUEsWUFBUSxHQUFFO0FBQzFCO0FBQUEsTUFDRjtBQUNBLFlBQU0sUUFBUSxNQUFNO0FBQUUsWUFBSSxLQUFLLEdBQUksTUFBSyxHQUFHLElBQUk7QUFBRyxrQkFBVSxNQUFNO0FBQUEsTUFBRztBQUNyRSxVQUFJLEtBQU0sTUFBSyxLQUFLO0FBQUEsVUFBUSxPQUFNO0FBQUEsSUFDcEM7QUFDQSxRQUFJO0FBQ0YsYUFBTyxPQUFPLEtBQUssT0FBTyxLQUFLLFVBQVUsSUFBSTtBQUFBLElBQy9DLFNBQVMsR0FBRztBQUNWLFdBQUssQ0FBQztBQUFBLElBQ1I7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQTRCQSxXQUFTLFlBQVksUUFBUTtBQUMzQixVQUFNQSxLQUFJLE9BQU87QUFDakIsUUFBSUEsR0FBRSxZQUFZQSxHQUFFLFdBQVdBLEdBQUUsTUFBTSxVQUFVLE9BQU8sY0FBY0EsR0FBRSxZQUFhO0FBQ3JGLElBQUFBLEdBQUUsY0FBYztBQUNoQixVQUFNLFNBQVMsQ0FBQyxRQUFRO0FBQ3RCLFVBQUksS0FBSztBQUFFLHVCQUFlLFFBQVEsR0FBRztBQUFHO0FBQUEsTUFBUTtBQUNoRCxNQUFBQSxHQUFFLFdBQVc7QUFDYixhQUFPLEtBQUssUUFBUTtBQUNwQixVQUFJQSxHQUFFLGdCQUFnQixDQUFDLE9BQU8sTUFBTSxPQUFPLEdBQUcsY0FBYyxPQUFPLG1CQUFtQixPQUFRLFFBQU8sUUFBUTtBQUFBLElBQy9HO0FBQ0EsUUFBSSxPQUFPLE9BQU8sV0FBVyxZQUFZO0FBQ3ZDLFVBQUk7QUFDRixlQUFPLE9BQU8sQ0FBQyxRQUFRLEtBQUssUUFBUSxHQUFHLENBQUM7QUFBQSxNQUMxQyxTQUFTLEdBQUc7QUFDVixlQUFPLENBQUM7QUFBQSxNQUNWO0FBQUEsSUFDRixPQUFPO0FBQ0wsYUFBTztBQUFBLElBQ1Q7QUFBQSxFQUNGO0FBY0EsV0FBUyxRQUFRLEtBQUssSUFBSTtBQUN4QixRQUFJLEtBQUssWUFBWTtBQUNuQixVQUFJLE9BQU8sT0FBTyxXQUFZLE1BQUssSUFBSSxHQUFHO0FBQzFDLGFBQU87QUFBQSxJQUNUO0FBQ0EsU0FBSyxhQUFhO0FBQ2xCLFVBQU0sU0FBUyxDQUFDLEtBQUssSUFBSSxLQUFLLEVBQUUsRUFBRSxPQUFPLE9BQU87QUFDaEQsUUFBSSxJQUFLLFlBQVcsS0FBSyxPQUFRLEdBQUUsVUFBVSxFQUFFLFdBQVc7QUFDMUQsVUFBTSxRQUFRLENBQUMsTUFBTTtBQUNuQixpQkFBVyxLQUFLLE9BQVEsR0FBRSxTQUFTO0FBQ25DLFVBQUksT0FBTyxPQUFPLFdBQVksSUFBRyxDQUFDO0FBQ2xDLFdBQUssTUFBTTtBQUNULFlBQUksS0FBSyxDQUFDLE9BQU8sS0FBSyxDQUFDLE1BQU0sRUFBRSxZQUFZLEdBQUc7QUFDNUMscUJBQVcsS0FBSyxPQUFRLEdBQUUsZUFBZTtBQUN6QyxlQUFLLEtBQUssU0FBUyxDQUFDO0FBQUEsUUFDdEI7QUFDQSxZQUFJLE9BQU8sTUFBTSxDQUFDLE1BQU0sRUFBRSxTQUFTLEVBQUcsTUFBSyxLQUFLLE9BQU87QUFBQSxNQUN6RCxDQUFDO0FBQUEsSUFDSDtBQUNBLFFBQUk7QUFDRixXQUFLLFNBQVMsT0FBTyxNQUFNLENBQUMsTUFBTSxNQUFNLEtBQUssR0FBRyxDQUFDO0FBQUEsSUFDbkQsU0FBUyxHQUFHO0FBQ1YsWUFBTSxDQUFDO0FBQUEsSUFDVDtBQUNBLFdBQU87QUFBQSxFQUNUO0FBQ0EsV0FBUyxTQUFTLEtBQUssSUFBSTtBQUN6QixPQUFHLEdBQUc7QUFBQSxFQUNSO0FBS0EsV0FBUyxlQUFlLFFBQVEsS0FBSyxNQUFNO0FBQ3pDLFVBQU0sSUFBSSxPQUFPLE1BQU0sT0FBTztBQUM5QixRQUFLLE9BQU8sTUFBTSxPQUFPLEdBQUcsZUFBaUIsT0FBTyxNQUFNLE9BQU8sR0FBRyxZQUFjLFFBQU8sUUFBUSxHQUFHO0FBQUEsYUFDM0YsQ0FBQyxFQUFFLGNBQWM7QUFDeEIsUUFBRSxlQUFlO0FBQ2pCLFVBQUksS0FBTSxNQUFLLE1BQU0sT0FBTyxLQUFLLFNBQVMsR0FBRyxDQUFDO0FBQUEsVUFDekMsUUFBTyxLQUFLLFNBQVMsR0FBRztBQUFBLElBQy9CO0FBQUEsRUFDRjtBQUdPLFdBQVMsT0FBTyxVQUFVLENBQUMsR0FBRztBQUNuQyxRQUFJLEVBQUUsZ0JBQWdCLFFBQVMsUUFBTyxJQUFJLE9BQU8sT0FBTztBQUN4RCxhQUFTLEtBQUssTUFBTSxPQUFPO0FBQzNCLGlCQUFhLE1BQU0sT0FBTztBQUMxQixTQUFLLGlCQUFpQixRQUFRLGtCQUFrQjtBQUNoRCxRQUFJLFFBQVEsYUFBYSxNQUFPLE1BQUssR0FBRyxhQUFhLEtBQUssR0FBRyxRQUFRO0FBQ3JFLFFBQUksUUFBUSxhQUFhLE1BQU8sTUFBSyxHQUFHLFFBQVEsS0FBSyxHQUFHLFdBQVc7QUFBQSxFQUNyRTtBQWNPLFdBQVMsVUFBVSxVQUFVLENBQUMsR0FBRztBQUN0QyxRQUFJLEVBQUUsZ0JBQWdCLFdBQVksUUFBTyxJQUFJLFVBQVUsT0FBTztBQUM5RCxXQUFPLEtBQUssTUFBTSxPQUFPO0FBQ3pCLFFBQUksT0FBTyxRQUFRLGNBQWMsV0FBWSxNQUFLLGFBQWEsUUFBUTtBQUN2RSxRQUFJLE9BQU8sUUFBUSxVQUFVLFdBQVksTUFBSyxTQUFTLFFBQVE7QUFDL0QsU0FBSyxHQUFHLE9BQU87QUFBQSxFQUNqQjtBQWtDTyxXQUFTLFlBQVksU0FBUztBQUNuQyxRQUFJLEVBQUUsZ0JBQWdCLGFBQWMsUUFBTyxJQUFJLFlBQVksT0FBTztBQUNsRSxjQUFVLEtBQUssTUFBTSxPQUFPO0FBQUEsRUFDOUI7QUFRTyxXQUFTLFNBQVMsUUFBUSxTQUFTLFVBQVU7QUFDbEQsUUFBSSxPQUFPLFlBQVksWUFBWTtBQUFFLGlCQUFXO0FBQVMsZ0JBQVUsQ0FBQztBQUFBLElBQUc7QUFDdkUsUUFBSSxTQUFTO0FBQ2IsVUFBTSxPQUFPLENBQUMsUUFBUTtBQUNwQixVQUFJLE9BQVE7QUFDWixlQUFTO0FBQ1QsY0FBUTtBQUNSLGVBQVMsS0FBSyxRQUFRLEdBQUc7QUFBQSxJQUMzQjtBQUNBLFVBQU0sV0FBVyxRQUFRLGFBQWEsU0FBUyxPQUFPLE9BQU8sVUFBYSxFQUFFLE9BQU8sR0FBRyxTQUFTLE9BQU8sR0FBRztBQUN6RyxVQUFNLFdBQVcsUUFBUSxhQUFhLFNBQVMsT0FBTyxPQUFPLFVBQWEsQ0FBQyxPQUFPLEdBQUc7QUFDckYsUUFBSSxRQUFRLENBQUMsVUFBVSxZQUFZLENBQUM7QUFDcEMsVUFBTSxRQUFRLE1BQU07QUFBRSxjQUFRO0FBQU0sVUFBSSxVQUFXLE1BQUs7QUFBQSxJQUFHO0FBQzNELFVBQU0sV0FBVyxNQUFNO0FBQUUsa0JBQVk7QUFBTSxVQUFJLE1BQU8sTUFBSztBQUFBLElBQUc7QUFDOUQsVUFBTSxVQUFVLENBQUMsUUFBUSxLQUFLLEdBQUc7QUFDakMsVUFBTSxVQUFVLE1BQU07QUFDcEIsVUFBSyxDQUFDLFNBQVMsWUFBYyxDQUFDLGFBQWEsU0FBVyxNQUFLLE1BQU0sOEJBQThCLGlCQUFpQixDQUFDO0FBQUEsVUFDNUcsTUFBSztBQUFBLElBQ1o7QUFDQSxXQUFPLEdBQUcsT0FBTyxLQUFLO0FBQ3RCLFdBQU8sR0FBRyxVQUFVLFFBQVE7QUFDNUIsUUFBSSxRQUFRLFVBQVUsTUFBTyxRQUFPLEdBQUcsU0FBUyxPQUFPO0FBQ3ZELFdBQU8sR0FBRyxTQUFTLE9BQU87QUFDMUIsYUFBUyxVQUFVO0FBQ2pCLGFBQU8sZUFBZSxPQUFPLEtBQUs7QUFDbEMsYUFBTyxlQUFlLFVBQVUsUUFBUTtBQUN4QyxhQUFPLGVBQWUsU0FBUyxPQUFPO0FBQ3RDLGFBQU8sZUFBZSxTQUFTLE9BQU87QUFBQSxJQUN4QztBQUNBLFFBQUksQ0FBQyxZQUFZLENBQUMsU0FBVSxNQUFLLElBQUk7QUFDckMsV0FBTztBQUFBLEVBQ1Q7QUFNTyxXQUFTLFlBQVksU0FBUztBQUNuQyxVQUFNLFdBQVcsT0FBTyxRQUFRLFFBQVEsU0FBUyxDQUFDLE1BQU0sYUFBYSxRQUFRLElBQUksSUFBSTtBQUNyRixRQUFJLE1BQU0sUUFBUSxRQUFRLENBQUMsQ0FBQyxLQUFLLFFBQVEsV0FBVyxFQUFHLFdBQVUsUUFBUSxDQUFDO0FBQzFFLFFBQUksUUFBUSxTQUFTLEVBQUcsT0FBTSxlQUFlLFdBQVcsb0NBQW9DLE9BQU87QUFDbkcsUUFBSSxTQUFTLE9BQU8sU0FBUztBQUM3QixVQUFNLFFBQVEsQ0FBQztBQUNmLFVBQU0sT0FBTyxDQUFDLFFBQVE7QUFDcEIsVUFBSSxPQUFRO0FBQ1osZUFBUztBQUNULFVBQUksU0FBVSxNQUFLLE1BQU0sU0FBUyxHQUFHLENBQUM7QUFBQSxJQUN4QztBQUNBLFVBQU1DLFFBQU8sQ0FBQyxRQUFRO0FBQ3BCLFVBQUksT0FBUTtBQUNaLGVBQVM7QUFDVCxpQkFBVyxLQUFLLE1BQU8sS0FBSSxLQUFLLENBQUMsRUFBRSxXQUFZLEdBQUUsUUFBUSxHQUFHO0FBQzVELFdBQUssR0FBRztBQUFBLElBQ1Y7QUFDQSxRQUFJLGNBQWM7QUFDbEIsYUFBUyxJQUFJLEdBQUcsSUFBSSxRQUFRLFFBQVEsS0FBSztBQUN2QyxVQUFJLElBQUksUUFBUSxDQUFDO0FBQ2pCLFlBQU0sT0FBTyxNQUFNLFFBQVEsU0FBUztBQUNwQyxVQUFJLE9BQU8sTUFBTSxZQUFZO0FBQzNCLFlBQUk7QUFDSixZQUFJO0FBQ0YsY0FBSSxFQUFFLE1BQU0sSUFBSSxDQUFDLElBQUksTUFBTSxJQUFJLENBQUMsQ0FBQztBQUFBLFFBQ25DLFNBQVMsR0FBRztBQUNWLGVBQUtBLE9BQU0sQ0FBQztBQUNaLGlCQUFPLE1BQU0sTUFBTSxTQUFTLENBQUM7QUFBQSxRQUMvQjtBQUNBLFlBQUksUUFBUSxLQUFLLE9BQU8sRUFBRSxTQUFTLGNBQWMsT0FBTyxFQUFFLE9BQU8sYUFBYSxNQUFNLFlBQVk7QUFDOUYsd0JBQWM7QUFDZCxnQkFBTSxLQUFLLElBQUk7QUFDZjtBQUFBLFFBQ0Y7QUFDQSxZQUFJLFNBQVMsS0FBSyxDQUFDO0FBQ25CLFVBQUUsZ0JBQWdCO0FBQUEsTUFDcEIsV0FBVyxNQUFNLEtBQUssRUFBRSxhQUFhLFdBQVcsS0FBSyxTQUFTLE9BQU8sRUFBRSxPQUFPLGFBQWEsTUFBTSxjQUFjLE9BQU8sRUFBRSxPQUFPLFFBQVEsTUFBTSxhQUFhO0FBQ3hKLFlBQUksU0FBUyxLQUFLLENBQUM7QUFBQSxNQUNyQjtBQUNBLFlBQU0sS0FBSyxDQUFDO0FBQUEsSUFDZDtBQUNBLFVBQU0sUUFBUSxDQUFDLEdBQUcsTUFBTTtBQUN0QixVQUFJLENBQUMsRUFBRztBQUNSLFlBQU0sT0FBTyxNQUFNLE1BQU0sU0FBUztBQUNsQyxZQUFNLFdBQVcsSUFBSSxLQUFLLENBQUMsRUFBRTtBQUM3QixlQUFTLEdBQUcsRUFBRSxVQUFVLENBQUMsWUFBWSxDQUFDLE1BQU0sU0FBUyxHQUFHLENBQUMsUUFBUTtBQUMvRCxZQUFJLElBQUssQ0FBQUEsTUFBSyxHQUFHO0FBQUEsaUJBQ1IsS0FBTSxNQUFLLE1BQVM7QUFBQSxNQUMvQixDQUFDO0FBQ0QsWUFBTSxPQUFPLE1BQU0sSUFBSSxDQUFDO0FBQ3hCLFVBQUksUUFBUSxDQUFDLEtBQUssY0FBZSxHQUFFLEtBQUssSUFBSTtBQUFBLElBQzlDLENBQUM7QUFDRCxRQUFJLFlBQWEsYUFBWSxLQUFLLE1BQU0sS0FBSyxNQUFTLEdBQUdBLEtBQUk7QUFDN0QsV0FBTyxNQUFNLE1BQU0sU0FBUyxDQUFDO0FBQUEsRUFDL0I7QUFFTyxXQUFTLGVBQWUsUUFBUSxRQUFRO0FBQzdDLFVBQU0sVUFBVSxNQUFNO0FBQ3BCLFlBQU0sSUFBSSxJQUFJLE1BQU0sMkJBQTJCO0FBQy9DLFFBQUUsT0FBTztBQUNULFFBQUUsT0FBTztBQUNULFFBQUUsUUFBUSxPQUFPO0FBQ2pCLGFBQU8sUUFBUSxDQUFDO0FBQUEsSUFDbEI7QUFDQSxRQUFJLE9BQU8sUUFBUyxTQUFRO0FBQUEsUUFDdkIsUUFBTyxpQkFBaUIsU0FBUyxTQUFTLEVBQUUsTUFBTSxLQUFLLENBQUM7QUFDN0QsV0FBTztBQUFBLEVBQ1Q7QUFhQSxXQUFTLGNBQWNDLFFBQU8sU0FBUztBQUNyQyxlQUFXLENBQUMsR0FBRyxHQUFHLEtBQUssT0FBTyxRQUFRLE9BQU8sRUFBRyxRQUFPLGVBQWVBLFFBQU8sR0FBRyxFQUFFLEtBQUssY0FBYyxNQUFNLFlBQVksTUFBTSxDQUFDO0FBQUEsRUFDaEk7QUFodEJBLE1BU00sTUFDQSxhQUF5QixZQUMzQixZQUNTLHlCQUNBLHlCQXFyQkEsVUFDQSxZQUNBLFlBQ0EsYUFDQSxXQUNBLGFBRUEsVUFZTjtBQXJ0QlA7QUFBQTtBQUFBO0FBSUE7QUFDQTtBQUNBO0FBQ0E7QUFFQSxNQUFNLE9BQU8sQ0FBQyxPQUFPLFNBQVMsV0FBVyxlQUFlLE1BQU0sR0FBRyxHQUFHLElBQUksQ0FBQztBQUN6RSxNQUFNLGNBQWMsS0FBSztBQUF6QixNQUErQixhQUFhO0FBQzVDLE1BQUksYUFBYTtBQUNWLE1BQU0sMEJBQTBCLENBQUMsZUFBZ0IsYUFBYSxhQUFhO0FBQzNFLE1BQU0sMEJBQTBCLENBQUMsWUFBWUMsV0FBVTtBQUFFLFlBQUksQ0FBQyxXQUFZLGNBQWFBO0FBQUEsTUFBTztBQUtyRyxhQUFPLGVBQWUsT0FBTyxXQUFXLGFBQWEsU0FBUztBQUM5RCxhQUFPLGVBQWUsUUFBUSxZQUFZO0FBQzFDLGFBQU8sVUFBVSxPQUFPLFNBQVUsTUFBTSxTQUFTO0FBQy9DLGVBQU8sU0FBUyxVQUFVLEtBQUssS0FBSyxNQUFNLE1BQU0sT0FBTztBQUFBLE1BQ3pEO0FBbUJBLGFBQU8sZUFBZSxTQUFTLFdBQVcsT0FBTyxTQUFTO0FBQzFELGFBQU8sZUFBZSxVQUFVLE1BQU07QUFLdEMsZUFBUyxVQUFVLE9BQU8sU0FBVSxPQUFPQyxXQUFVO0FBQ25ELGNBQU0sSUFBSSxLQUFLO0FBQ2YsWUFBSSxVQUFVLE1BQU07QUFDbEIsWUFBRSxVQUFVO0FBQ1osY0FBSSxDQUFDLEVBQUUsT0FBTztBQUNaLGNBQUUsUUFBUTtBQUNWLGdCQUFJLEVBQUUsU0FBUztBQUNiLG9CQUFNLE9BQU8sRUFBRSxRQUFRLElBQUk7QUFDM0Isa0JBQUksS0FBSyxRQUFRO0FBQUUsa0JBQUUsT0FBTyxLQUFLLElBQUk7QUFBRyxrQkFBRSxVQUFVLFlBQVksR0FBRyxJQUFJO0FBQUEsY0FBRztBQUFBLFlBQzVFO0FBQ0EseUJBQWEsSUFBSTtBQUFBLFVBQ25CO0FBQ0EsaUJBQU87QUFBQSxRQUNUO0FBQ0EsWUFBSSxDQUFDLEVBQUUsWUFBWTtBQUNqQixjQUFJLE9BQU8sVUFBVSxTQUFVLFNBQVFMLFFBQU8sS0FBSyxPQUFPSyxhQUFZLE1BQU07QUFBQSxtQkFDbkUsaUJBQWlCLGNBQWMsRUFBRSxpQkFBaUJMLFNBQVMsU0FBUUEsUUFBTyxLQUFLLE1BQU0sUUFBUSxNQUFNLFlBQVksTUFBTSxVQUFVO0FBQUEsbUJBQy9ILEVBQUUsaUJBQWlCLGFBQWE7QUFDdkMsMkJBQWUsTUFBTSxlQUFlLFNBQVMseURBQXlELEtBQUssQ0FBQztBQUM1RyxtQkFBTztBQUFBLFVBQ1Q7QUFBQSxRQUNGO0FBQ0EsWUFBSSxFQUFFLE9BQU87QUFDWCx5QkFBZSxNQUFNLE1BQU0sNkJBQTZCLHlCQUF5QixDQUFDO0FBQ2xGLGlCQUFPO0FBQUEsUUFDVDtBQUNBLFlBQUksS0FBSyxXQUFZLFFBQU87QUFDNUIsVUFBRSxVQUFVO0FBQ1osWUFBSSxFQUFFLFdBQVcsQ0FBQyxFQUFFLFdBQVksU0FBUSxFQUFFLFFBQVEsTUFBTSxLQUFLO0FBQzdELFlBQUksRUFBRSxjQUFjLE1BQU0sU0FBUyxHQUFHO0FBQ3BDLFlBQUUsT0FBTyxLQUFLLEtBQUs7QUFDbkIsWUFBRSxVQUFVLFlBQVksR0FBRyxLQUFLO0FBQUEsUUFDbEM7QUFDQSxxQkFBYSxJQUFJO0FBQ2pCLGVBQU8sRUFBRSxTQUFTLEVBQUU7QUFBQSxNQUN0QjtBQUNBLGVBQVMsVUFBVSxVQUFVLFNBQVUsT0FBTztBQUM1QyxjQUFNLElBQUksS0FBSztBQUNmLFlBQUksQ0FBQyxFQUFFLGNBQWMsT0FBTyxVQUFVLFNBQVUsU0FBUUEsUUFBTyxLQUFLLEtBQUs7QUFDekUsVUFBRSxPQUFPLFFBQVEsS0FBSztBQUN0QixVQUFFLFVBQVUsWUFBWSxHQUFHLEtBQUs7QUFDaEMscUJBQWEsSUFBSTtBQUFBLE1BQ25CO0FBQ0EsZUFBUyxVQUFVLFFBQVEsV0FBWTtBQUNyQyxjQUFNLE1BQU0sOEJBQThCLHVDQUF1QztBQUFBLE1BQ25GO0FBb0NBLGVBQVMsVUFBVSxPQUFPLFNBQVUsR0FBRztBQUNyQyxjQUFNLElBQUksS0FBSztBQUNmLFlBQUksTUFBTSxHQUFHO0FBQUUsb0JBQVUsSUFBSTtBQUFHLGlCQUFPO0FBQUEsUUFBTTtBQUM3QyxZQUFJLE1BQU0sVUFBYSxDQUFDLEVBQUUsY0FBYyxJQUFJLEVBQUUsVUFBVSxDQUFDLEVBQUUsT0FBTztBQUFFLG9CQUFVLElBQUk7QUFBRyxpQkFBTztBQUFBLFFBQU07QUFDbEcsY0FBTSxRQUFRLEtBQUssR0FBRyxDQUFDO0FBQ3ZCLFlBQUksVUFBVSxNQUFNO0FBQ2xCLFlBQUUsY0FBYztBQUNoQixlQUFLLEtBQUssUUFBUSxLQUFLO0FBQUEsUUFDekI7QUFDQSxZQUFJLEVBQUUsV0FBVyxLQUFLLEVBQUUsTUFBTyxhQUFZLElBQUk7QUFBQSxZQUMxQyxXQUFVLElBQUk7QUFDbkIsZUFBTztBQUFBLE1BQ1Q7QUE2Q0EsZUFBUyxVQUFVLEtBQUssU0FBVSxJQUFJLElBQUk7QUFDeEMsY0FBTSxNQUFNLE9BQU8sVUFBVSxHQUFHLEtBQUssTUFBTSxJQUFJLEVBQUU7QUFDakQsY0FBTSxJQUFJLEtBQUs7QUFDZixZQUFJLE9BQU8sUUFBUTtBQUNqQixZQUFFLG9CQUFvQjtBQUN0QixjQUFJLEVBQUUsWUFBWSxNQUFPLE1BQUssT0FBTztBQUFBLFFBQ3ZDLFdBQVcsT0FBTyxZQUFZO0FBQzVCLGNBQUksQ0FBQyxFQUFFLFlBQVk7QUFDakIsY0FBRSxvQkFBb0I7QUFDdEIsY0FBRSxVQUFVO0FBQ1oseUJBQWEsSUFBSTtBQUFBLFVBQ25CO0FBQUEsUUFDRixXQUFXLE9BQU8sU0FBUyxFQUFFLFNBQVMsRUFBRSxXQUFXLEdBQUc7QUFDcEQsdUJBQWEsSUFBSTtBQUFBLFFBQ25CO0FBQ0EsZUFBTztBQUFBLE1BQ1Q7QUFDQSxlQUFTLFVBQVUsY0FBYyxTQUFTLFVBQVU7QUFDcEQsZUFBUyxVQUFVLFNBQVMsV0FBWTtBQUN0QyxjQUFNLElBQUksS0FBSztBQUNmLFlBQUksQ0FBQyxFQUFFLFNBQVM7QUFDZCxZQUFFLFVBQVUsQ0FBQyxFQUFFO0FBQ2YsZUFBSyxNQUFNLEtBQUssS0FBSyxRQUFRLENBQUM7QUFDOUIsdUJBQWEsSUFBSTtBQUFBLFFBQ25CO0FBQ0EsZUFBTztBQUFBLE1BQ1Q7QUFDQSxlQUFTLFVBQVUsUUFBUSxXQUFZO0FBQ3JDLFlBQUksS0FBSyxHQUFHLFlBQVksT0FBTztBQUM3QixlQUFLLEdBQUcsVUFBVTtBQUNsQixlQUFLLEtBQUssT0FBTztBQUFBLFFBQ25CO0FBQ0EsZUFBTztBQUFBLE1BQ1Q7QUFDQSxlQUFTLFVBQVUsV0FBVyxXQUFZO0FBQ3hDLGVBQU8sS0FBSyxHQUFHLFlBQVk7QUFBQSxNQUM3QjtBQUNBLGVBQVMsVUFBVSxjQUFjLFNBQVUsS0FBSztBQUM5QyxjQUFNLElBQUksS0FBSztBQUNmLFVBQUUsVUFBVSxJQUFJLGNBQWMsR0FBRztBQUNqQyxVQUFFLFdBQVcsRUFBRSxRQUFRO0FBQ3ZCLGNBQU0sT0FBTyxFQUFFLE9BQU8sSUFBSSxDQUFDLE1BQU0sRUFBRSxRQUFRLE1BQU0sQ0FBQyxDQUFDLEVBQUUsS0FBSyxFQUFFO0FBQzVELFVBQUUsU0FBUyxPQUFPLENBQUMsSUFBSSxJQUFJLENBQUM7QUFDNUIsVUFBRSxTQUFTLEtBQUs7QUFDaEIsZUFBTztBQUFBLE1BQ1Q7QUFDQSxlQUFTLFVBQVUsT0FBTyxTQUFVLE1BQU0sVUFBVSxDQUFDLEdBQUc7QUFDdEQsY0FBTSxNQUFNO0FBQ1osY0FBTSxJQUFJLElBQUk7QUFDZCxVQUFFLE1BQU0sS0FBSyxJQUFJO0FBQ2pCLGNBQU0sU0FBUyxDQUFDLFVBQVU7QUFDeEIsY0FBSSxLQUFLLE1BQU0sS0FBSyxNQUFNLE1BQU8sS0FBSSxNQUFNO0FBQUEsUUFDN0M7QUFDQSxjQUFNLFVBQVUsTUFBTSxJQUFJLE9BQU87QUFDakMsWUFBSSxHQUFHLFFBQVEsTUFBTTtBQUNyQixhQUFLLEdBQUcsU0FBUyxPQUFPO0FBQ3hCLFlBQUksUUFBUSxRQUFRLE1BQU8sS0FBSSxLQUFLLE9BQU8sTUFBTSxLQUFLLElBQUksQ0FBQztBQUMzRCxZQUFJLFVBQVUsSUFBSSxXQUFXLG9CQUFJLElBQUk7QUFDckMsWUFBSSxRQUFRLElBQUksTUFBTSxNQUFNO0FBQUUsY0FBSSxlQUFlLFFBQVEsTUFBTTtBQUFHLGVBQUssZUFBZSxTQUFTLE9BQU87QUFBQSxRQUFHLENBQUM7QUFDMUcsYUFBSyxLQUFLLFFBQVEsR0FBRztBQUNyQixlQUFPO0FBQUEsTUFDVDtBQUNBLGVBQVMsVUFBVSxTQUFTLFNBQVUsTUFBTTtBQUMxQyxjQUFNLFVBQVUsT0FBTyxDQUFDLElBQUksSUFBSSxLQUFLLEdBQUcsTUFBTSxNQUFNO0FBQ3BELG1CQUFXLEtBQUssU0FBUztBQUN2QixnQkFBTSxJQUFJLEtBQUssV0FBVyxLQUFLLFFBQVEsSUFBSSxDQUFDO0FBQzVDLGNBQUksR0FBRztBQUFFLGNBQUU7QUFBRyxpQkFBSyxRQUFRLE9BQU8sQ0FBQztBQUFBLFVBQUc7QUFDdEMsZUFBSyxHQUFHLFFBQVEsS0FBSyxHQUFHLE1BQU0sT0FBTyxDQUFDLE1BQU0sTUFBTSxDQUFDO0FBQ25ELFlBQUUsS0FBSyxVQUFVLElBQUk7QUFBQSxRQUN2QjtBQUNBLGVBQU87QUFBQSxNQUNUO0FBQ0EsZUFBUyxVQUFVLE9BQU8sV0FBWTtBQUNwQyxjQUFNLE1BQU0sOEJBQThCLHNDQUFzQztBQUFBLE1BQ2xGO0FBQ0EsZUFBUyxVQUFVLE9BQU8sYUFBYSxJQUFJLFdBQVk7QUFDckQsY0FBTSxTQUFTO0FBQ2YsY0FBTSxTQUFTLENBQUM7QUFDaEIsWUFBSSxPQUFPLE9BQU8sVUFBVSxNQUFNLE9BQU87QUFDekMsY0FBTSxTQUFTLE1BQU07QUFBRSxjQUFJLE1BQU07QUFBRSxrQkFBTUMsS0FBSTtBQUFNLG1CQUFPO0FBQU0sWUFBQUEsR0FBRTtBQUFBLFVBQUc7QUFBQSxRQUFFO0FBQ3ZFLGVBQU8sR0FBRyxRQUFRLENBQUMsTUFBTTtBQUFFLGlCQUFPLEtBQUssQ0FBQztBQUFHLGlCQUFPLE1BQU07QUFBRyxpQkFBTztBQUFBLFFBQUcsQ0FBQztBQUN0RSxlQUFPLEdBQUcsT0FBTyxNQUFNO0FBQUUsaUJBQU87QUFBTSxpQkFBTztBQUFBLFFBQUcsQ0FBQztBQUNqRCxlQUFPLEdBQUcsU0FBUyxDQUFDLE1BQU07QUFBRSxvQkFBVTtBQUFHLGlCQUFPO0FBQUEsUUFBRyxDQUFDO0FBQ3BELGVBQU8sR0FBRyxTQUFTLE1BQU07QUFBRSxpQkFBTztBQUFNLGlCQUFPO0FBQUEsUUFBRyxDQUFDO0FBQ25ELGVBQU87QUFBQSxVQUNDLE9BQU87QUFBQTtBQUNYLHlCQUFTO0FBQ1Asb0JBQUksT0FBTyxPQUFRLFFBQU8sRUFBRSxPQUFPLE9BQU8sTUFBTSxHQUFHLE1BQU0sTUFBTTtBQUMvRCxvQkFBSSxRQUFTLE9BQU07QUFDbkIsb0JBQUksS0FBTSxRQUFPLEVBQUUsT0FBTyxRQUFXLE1BQU0sS0FBSztBQUNoRCx1QkFBTyxPQUFPO0FBQ2Qsc0JBQU0sSUFBSSxRQUFRLENBQUNLLGFBQWEsT0FBT0EsUUFBUTtBQUFBLGNBQ2pEO0FBQUEsWUFDRjtBQUFBO0FBQUEsVUFDTSxTQUFTO0FBQUE7QUFDYixxQkFBTyxRQUFRO0FBQ2YscUJBQU8sRUFBRSxPQUFPLFFBQVcsTUFBTSxLQUFLO0FBQUEsWUFDeEM7QUFBQTtBQUFBLFVBQ0EsQ0FBQyxPQUFPLGFBQWEsSUFBSTtBQUFFLG1CQUFPO0FBQUEsVUFBTTtBQUFBLFFBQzFDO0FBQUEsTUFDRjtBQUNBLGVBQVMsVUFBVSxVQUFVLFdBQWtCO0FBQUE7QUFDN0MsZ0JBQU0sTUFBTSxDQUFDO0FBQ2I7QUFBQSx1Q0FBc0IsT0FBdEIsWUFBQUMsUUFBQSx1REFBNEI7QUFBakIsb0JBQU0sSUFBakI7QUFBNEIsa0JBQUksS0FBSyxDQUFDO0FBQUE7QUFBQSxtQkFBdEMsTUFoU0Y7QUFnU0UsWUFBQUEsU0FBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUEsa0JBQUFBO0FBQUEsc0JBQUFBLE9BQUE7QUFBQTtBQUFBO0FBQ0EsaUJBQU87QUFBQSxRQUNUO0FBQUE7QUFDQSxlQUFTLE9BQU8sU0FBVSxVQUFVLE1BQU07QUFDeEMsWUFBSSxPQUFPLGFBQWEsWUFBWSxvQkFBb0IsWUFBWTtBQUNsRSxpQkFBTyxJQUFJLFNBQVMsRUFBRSxZQUFZLE1BQU0sR0FBRyxNQUFNLE9BQU87QUFBRSxpQkFBSyxLQUFLLFFBQVE7QUFBRyxpQkFBSyxLQUFLLElBQUk7QUFBQSxVQUFHLEVBQUUsQ0FBQztBQUFBLFFBQ3JHO0FBQ0EsY0FBTSxLQUFLLFlBQVksT0FBTyxTQUFTLE9BQU8sYUFBYSxNQUFNLGFBQWEsU0FBUyxPQUFPLGFBQWEsRUFBRSxJQUFJLFlBQVksT0FBTyxTQUFTLE9BQU8sUUFBUSxNQUFNLGFBQWEsU0FBUyxPQUFPLFFBQVEsRUFBRSxJQUFJO0FBQzdNLFlBQUksT0FBTyxLQUFNLE9BQU0sZUFBZSxZQUFZLGVBQWUsUUFBUTtBQUN6RSxZQUFJLFVBQVU7QUFDZCxlQUFPLElBQUksU0FBUztBQUFBLFVBQ2xCLFlBQVk7QUFBQSxVQUFNLEdBQUc7QUFBQSxVQUNmLE9BQU87QUFBQTtBQUNYLGtCQUFJLFFBQVM7QUFDYix3QkFBVTtBQUNWLGtCQUFJO0FBQ0YsMkJBQVM7QUFDUCx3QkFBTSxFQUFFLE9BQUFILFFBQU8sS0FBSyxJQUFJLE1BQU0sR0FBRyxLQUFLO0FBQ3RDLHNCQUFJLE1BQU07QUFBRSx5QkFBSyxLQUFLLElBQUk7QUFBRztBQUFBLGtCQUFPO0FBQ3BDLHNCQUFJLENBQUMsS0FBSyxLQUFLLE1BQU1BLE1BQUssRUFBRztBQUFBLGdCQUMvQjtBQUFBLGNBQ0YsU0FBUyxHQUFHO0FBQ1YscUJBQUssUUFBUSxDQUFDO0FBQUEsY0FDaEIsVUFBRTtBQUNBLDBCQUFVO0FBQUEsY0FDWjtBQUFBLFlBQ0Y7QUFBQTtBQUFBLFFBQ0YsQ0FBQztBQUFBLE1BQ0g7QUFDQSxvQkFBYyxTQUFTLFdBQVc7QUFBQSxRQUNoQyxXQUFXO0FBQUUsaUJBQU8sQ0FBQyxLQUFLLGNBQWMsQ0FBQyxLQUFLLEdBQUcsY0FBYyxDQUFDLEtBQUssR0FBRztBQUFBLFFBQVM7QUFBQSxRQUNqRixnQkFBZ0I7QUFBRSxpQkFBTyxLQUFLLEdBQUc7QUFBQSxRQUFZO0FBQUEsUUFDN0Msa0JBQWtCO0FBQUUsaUJBQU8sS0FBSyxHQUFHO0FBQUEsUUFBUztBQUFBLFFBQzVDLGlCQUFpQjtBQUFFLGlCQUFPLEtBQUssR0FBRztBQUFBLFFBQVE7QUFBQSxRQUMxQyxxQkFBcUI7QUFBRSxpQkFBTyxLQUFLLEdBQUc7QUFBQSxRQUFZO0FBQUEsUUFDbEQsd0JBQXdCO0FBQUUsaUJBQU8sS0FBSyxHQUFHO0FBQUEsUUFBZTtBQUFBLFFBQ3hELG1CQUFtQjtBQUFFLGlCQUFPLEtBQUssR0FBRztBQUFBLFFBQVU7QUFBQSxRQUM5QyxZQUFZO0FBQUUsaUJBQU8sS0FBSztBQUFBLFFBQVk7QUFBQSxRQUN0QyxVQUFVO0FBQUUsaUJBQVEsS0FBSyxNQUFNLEtBQUssR0FBRyxXQUFhLEtBQUssTUFBTSxLQUFLLEdBQUcsV0FBWTtBQUFBLFFBQU07QUFBQSxRQUN6RixTQUFTO0FBQUUsa0JBQVEsS0FBSyxNQUFNLEtBQUssSUFBSTtBQUFBLFFBQVE7QUFBQSxNQUNqRCxDQUFDO0FBU0QsYUFBTyxlQUFlLFNBQVMsV0FBVyxPQUFPLFNBQVM7QUFDMUQsYUFBTyxlQUFlLFVBQVUsTUFBTTtBQUN0QyxhQUFPLGVBQWUsVUFBVSxPQUFPLGFBQWE7QUFBQSxRQUNsRCxNQUFNLEtBQUs7QUFDVCxjQUFJLFNBQVMsVUFBVSxPQUFPLFdBQVcsRUFBRSxLQUFLLE1BQU0sR0FBRyxFQUFHLFFBQU87QUFDbkUsaUJBQU8sU0FBUyxZQUFZLFFBQVEsUUFBUSxPQUFPLFFBQVEsWUFBWSxJQUFJLE9BQU87QUFBQSxRQUNwRjtBQUFBLE1BQ0YsQ0FBQztBQWVELGVBQVMsVUFBVSxTQUFTLFNBQVUsT0FBT0MsV0FBVSxJQUFJO0FBQ3pELFlBQUksS0FBSyxRQUFTLE1BQUssUUFBUSxDQUFDLEVBQUUsT0FBTyxVQUFBQSxVQUFTLENBQUMsR0FBRyxFQUFFO0FBQUEsWUFDbkQsT0FBTSxNQUFNLDhCQUE4Qix3Q0FBd0M7QUFBQSxNQUN6RjtBQUNBLGVBQVMsVUFBVSxRQUFRLFNBQVUsT0FBT0EsV0FBVSxJQUFJO0FBQ3hELGNBQU1KLEtBQUksS0FBSztBQUNmLFlBQUksT0FBT0ksY0FBYSxZQUFZO0FBQUUsZUFBS0E7QUFBVSxVQUFBQSxZQUFXO0FBQUEsUUFBTTtBQUN0RSxZQUFJLFVBQVUsS0FBTSxPQUFNLFVBQVUsMEJBQTBCLHFDQUFxQztBQUNuRyxZQUFJLENBQUNKLEdBQUUsWUFBWTtBQUNqQixjQUFJLE9BQU8sVUFBVSxVQUFVO0FBQzdCLGdCQUFJQSxHQUFFLGVBQWU7QUFBRSxzQkFBUUQsUUFBTyxLQUFLLE9BQU9LLGFBQVlKLEdBQUUsZUFBZTtBQUFHLGNBQUFJLFlBQVc7QUFBQSxZQUFVO0FBQUEsVUFDekcsV0FBVyxpQkFBaUIsWUFBWTtBQUN0QyxnQkFBSSxFQUFFLGlCQUFpQkwsU0FBUyxTQUFRQSxRQUFPLEtBQUssTUFBTSxRQUFRLE1BQU0sWUFBWSxNQUFNLFVBQVU7QUFDcEcsWUFBQUssWUFBVztBQUFBLFVBQ2IsT0FBTztBQUNMLGtCQUFNLGVBQWUsU0FBUyx5REFBeUQsS0FBSztBQUFBLFVBQzlGO0FBQUEsUUFDRjtBQUNBLFlBQUksTUFBTTtBQUNWLFlBQUlKLEdBQUUsTUFBTyxPQUFNLE1BQU0sOEJBQThCLGlCQUFpQjtBQUFBLGlCQUMvRCxLQUFLLFdBQVksT0FBTSxNQUFNLHdCQUF3QixnREFBZ0Q7QUFDOUcsWUFBSSxLQUFLO0FBQ1AsZUFBSyxNQUFNO0FBQUUsZ0JBQUksT0FBTyxPQUFPLFdBQVksSUFBRyxHQUFHO0FBQUEsVUFBRyxDQUFDO0FBQ3JELHlCQUFlLE1BQU0sS0FBSyxJQUFJO0FBQzlCLGlCQUFPO0FBQUEsUUFDVDtBQUNBLFFBQUFBLEdBQUUsVUFBVUEsR0FBRSxhQUFhLElBQUksTUFBTTtBQUNyQyxjQUFNLE1BQU1BLEdBQUUsU0FBU0EsR0FBRTtBQUN6QixZQUFJLENBQUMsSUFBSyxDQUFBQSxHQUFFLFlBQVk7QUFDeEIsUUFBQUEsR0FBRSxNQUFNLEtBQUssRUFBRSxPQUFPLFVBQVVJLGFBQVlKLEdBQUUsaUJBQWlCLElBQUksT0FBTyxPQUFPLGFBQWEsS0FBSyxLQUFLLENBQUM7QUFDekcsWUFBSSxDQUFDQSxHQUFFLFdBQVcsQ0FBQ0EsR0FBRSxPQUFRLFdBQVUsSUFBSTtBQUMzQyxlQUFPO0FBQUEsTUFDVDtBQWtDQSxlQUFTLFVBQVUsT0FBTyxXQUFZO0FBQ3BDLGFBQUssR0FBRztBQUFBLE1BQ1Y7QUFDQSxlQUFTLFVBQVUsU0FBUyxXQUFZO0FBQ3RDLGNBQU1BLEtBQUksS0FBSztBQUNmLFlBQUlBLEdBQUUsU0FBUyxLQUFLLEVBQUVBLEdBQUUsV0FBVyxFQUFHLFdBQVUsSUFBSTtBQUFBLE1BQ3REO0FBQ0EsZUFBUyxVQUFVLHFCQUFxQixTQUFVLEtBQUs7QUFDckQsYUFBSyxHQUFHLGtCQUFrQjtBQUMxQixlQUFPO0FBQUEsTUFDVDtBQUNBLGVBQVMsVUFBVSxNQUFNLFNBQVUsT0FBT0ksV0FBVSxJQUFJO0FBQ3RELGNBQU1KLEtBQUksS0FBSztBQUNmLFlBQUksT0FBTyxVQUFVLFlBQVk7QUFBRSxlQUFLO0FBQU8sa0JBQVE7QUFBTSxVQUFBSSxZQUFXO0FBQUEsUUFBTSxXQUNyRSxPQUFPQSxjQUFhLFlBQVk7QUFBRSxlQUFLQTtBQUFVLFVBQUFBLFlBQVc7QUFBQSxRQUFNO0FBQzNFLFlBQUksVUFBVSxRQUFRLFVBQVUsT0FBVyxNQUFLLE1BQU0sT0FBT0EsU0FBUTtBQUNyRSxZQUFJSixHQUFFLFFBQVE7QUFBRSxVQUFBQSxHQUFFLFNBQVM7QUFBRyxlQUFLLE9BQU87QUFBQSxRQUFHO0FBQzdDLFlBQUksT0FBTyxPQUFPLFlBQVk7QUFDNUIsY0FBSUEsR0FBRSxTQUFVLE1BQUssRUFBRTtBQUFBLGNBQ2xCLE1BQUssS0FBSyxVQUFVLE1BQU0sR0FBRyxDQUFDO0FBQUEsUUFDckM7QUFDQSxZQUFJLENBQUNBLEdBQUUsT0FBTztBQUNaLFVBQUFBLEdBQUUsUUFBUTtBQUNWLGNBQUksQ0FBQ0EsR0FBRSxXQUFXQSxHQUFFLE1BQU0sV0FBVyxFQUFHLE1BQUssTUFBTSxZQUFZLElBQUksQ0FBQztBQUFBLFFBQ3RFO0FBQ0EsZUFBTztBQUFBLE1BQ1Q7QUFxQkEsb0JBQWMsU0FBUyxXQUFXO0FBQUEsUUFDaEMsV0FBVztBQUFFLGdCQUFNQSxLQUFJLEtBQUs7QUFBSSxpQkFBTyxDQUFDLEtBQUssY0FBYyxDQUFDQSxHQUFFLFNBQVMsQ0FBQ0EsR0FBRTtBQUFBLFFBQVM7QUFBQSxRQUNuRixnQkFBZ0I7QUFBRSxpQkFBTyxLQUFLLEdBQUc7QUFBQSxRQUFPO0FBQUEsUUFDeEMsbUJBQW1CO0FBQUUsaUJBQU8sS0FBSyxHQUFHO0FBQUEsUUFBVTtBQUFBLFFBQzlDLGlCQUFpQjtBQUFFLGlCQUFPLEtBQUssR0FBRztBQUFBLFFBQVE7QUFBQSxRQUMxQyxxQkFBcUI7QUFBRSxpQkFBTyxLQUFLLEdBQUc7QUFBQSxRQUFZO0FBQUEsUUFDbEQsd0JBQXdCO0FBQUUsaUJBQU8sS0FBSyxHQUFHO0FBQUEsUUFBZTtBQUFBLFFBQ3hELGlCQUFpQjtBQUFFLGlCQUFPLEtBQUssR0FBRztBQUFBLFFBQVE7QUFBQSxRQUMxQyxvQkFBb0I7QUFBRSxpQkFBTyxLQUFLLEdBQUc7QUFBQSxRQUFXO0FBQUEsUUFDaEQsWUFBWTtBQUFFLGlCQUFPLEtBQUs7QUFBQSxRQUFZO0FBQUEsTUFDeEMsQ0FBQztBQWdDRCxlQUFTLFVBQVUsVUFBVTtBQUM3QixlQUFTLFVBQVUsV0FBVztBQUM5QixlQUFTLFVBQVUsVUFBVTtBQUM3QixlQUFTLFVBQVUsV0FBVztBQW9COUIsYUFBTyxlQUFlLE9BQU8sV0FBVyxTQUFTLFNBQVM7QUFDMUQsYUFBTyxlQUFlLFFBQVEsUUFBUTtBQUN0QyxpQkFBVyxLQUFLLE9BQU8sb0JBQW9CLFNBQVMsU0FBUyxHQUFHO0FBQzlELFlBQUksTUFBTSxpQkFBaUIsQ0FBQyxPQUFPLFVBQVUsZUFBZSxLQUFLLE9BQU8sV0FBVyxDQUFDLEtBQUssTUFBTSxhQUFhO0FBQzFHLGlCQUFPLGVBQWUsT0FBTyxXQUFXLEdBQUcsT0FBTyx5QkFBeUIsU0FBUyxXQUFXLENBQUMsQ0FBQztBQUFBLFFBQ25HO0FBQUEsTUFDRjtBQUNBLGFBQU8sT0FBTyxTQUFVLE1BQU07QUFDNUIsWUFBSSxnQkFBZ0IsT0FBUSxRQUFPO0FBQ25DLFlBQUksZ0JBQWdCLFNBQVUsUUFBTztBQUNyQyxlQUFPLFNBQVMsS0FBSyxJQUFJO0FBQUEsTUFDM0I7QUFTQSxhQUFPLGVBQWUsVUFBVSxXQUFXLE9BQU8sU0FBUztBQUMzRCxhQUFPLGVBQWUsV0FBVyxNQUFNO0FBQ3ZDLGdCQUFVLFVBQVUsYUFBYSxXQUFZO0FBQzNDLGNBQU0sTUFBTSw4QkFBOEIsNENBQTRDO0FBQUEsTUFDeEY7QUFDQSxnQkFBVSxVQUFVLFNBQVMsU0FBVSxPQUFPSSxXQUFVLElBQUk7QUFDMUQsYUFBSyxXQUFXLE9BQU9BLFdBQVUsQ0FBQyxLQUFLLFNBQVM7QUFDOUMsY0FBSSxLQUFLO0FBQUUsZUFBRyxHQUFHO0FBQUc7QUFBQSxVQUFRO0FBQzVCLGNBQUksU0FBUyxVQUFhLFNBQVMsS0FBTSxNQUFLLEtBQUssSUFBSTtBQUN2RCxnQkFBTSxJQUFJLEtBQUs7QUFDZixjQUFJLEVBQUUsU0FBUyxFQUFFLGlCQUFpQixFQUFFLFFBQVMsSUFBRztBQUFBLGNBQzNDLE1BQUssbUJBQW1CO0FBQUEsUUFDL0IsQ0FBQztBQUFBLE1BQ0g7QUFDQSxnQkFBVSxVQUFVLFFBQVEsV0FBWTtBQUN0QyxhQUFLLEdBQUcsVUFBVTtBQUNsQixZQUFJLEtBQUssa0JBQWtCO0FBQ3pCLGdCQUFNLEtBQUssS0FBSztBQUNoQixlQUFLLG1CQUFtQjtBQUN4QixhQUFHO0FBQUEsUUFDTDtBQUFBLE1BQ0Y7QUFDQSxnQkFBVSxVQUFVLFNBQVMsU0FBVSxJQUFJO0FBQ3pDLGNBQU0sT0FBTyxDQUFDLEtBQUssU0FBUztBQUMxQixjQUFJLEtBQUs7QUFBRSxlQUFHLEdBQUc7QUFBRztBQUFBLFVBQVE7QUFDNUIsY0FBSSxTQUFTLFVBQWEsU0FBUyxLQUFNLE1BQUssS0FBSyxJQUFJO0FBQ3ZELGVBQUssS0FBSyxJQUFJO0FBQ2QsYUFBRztBQUFBLFFBQ0w7QUFDQSxZQUFJLE9BQU8sS0FBSyxXQUFXLFdBQVksTUFBSyxPQUFPLElBQUk7QUFBQSxZQUNsRCxNQUFLO0FBQUEsTUFDWjtBQU1BLGFBQU8sZUFBZSxZQUFZLFdBQVcsVUFBVSxTQUFTO0FBQ2hFLGFBQU8sZUFBZSxhQUFhLFNBQVM7QUFDNUMsa0JBQVksVUFBVSxhQUFhLFNBQVUsT0FBT0EsV0FBVSxJQUFJO0FBQ2hFLFdBQUcsTUFBTSxLQUFLO0FBQUEsTUFDaEI7QUE0R08sTUFBTSxXQUFXLENBQUMsUUFBUSxRQUFRLE9BQU8sUUFBUSxHQUFHO0FBQ3BELE1BQU0sYUFBYSxDQUFDLE1BQU0sUUFBUSxLQUFLLEVBQUUsTUFBTSxFQUFFLFFBQVE7QUFDekQsTUFBTSxhQUFhLENBQUMsTUFBTSxRQUFRLEtBQUssRUFBRSxNQUFNLEVBQUUsUUFBUTtBQUN6RCxNQUFNLGNBQWMsQ0FBQyxNQUFNLFFBQVEsS0FBSyxFQUFFLFVBQVU7QUFDcEQsTUFBTSxZQUFZLENBQUMsTUFBTSxRQUFRLE1BQU8sRUFBRSxNQUFNLEVBQUUsR0FBRyxXQUFhLEVBQUUsTUFBTSxFQUFFLEdBQUcsUUFBUztBQUN4RixNQUFNLGNBQWMsQ0FBQyxNQUFNLFFBQVEsS0FBSyxFQUFFLE9BQU8sRUFBRSxHQUFHLGVBQWUsRUFBRSxHQUFHLE1BQU07QUFFaEYsTUFBTSxXQUFXO0FBQUEsUUFDdEIsVUFBVSxJQUFJLFlBQVksSUFBSSxRQUFRLENBQUNDLFVBQVMsV0FBVyxTQUFTLEdBQUcsU0FBUyxDQUFDLFFBQVMsTUFBTSxPQUFPLEdBQUcsSUFBSUEsU0FBUSxDQUFFLENBQUM7QUFBQSxRQUN6SCxVQUFVLENBQUMsUUFBUSxVQUFVLENBQUMsTUFBTSxJQUFJLFFBQVEsQ0FBQ0EsVUFBUyxXQUFXLFNBQVMsUUFBUSxTQUFTLENBQUMsUUFBUyxNQUFNLE9BQU8sR0FBRyxJQUFJQSxTQUFRLENBQUUsQ0FBQztBQUFBLE1BQzFJO0FBTUEsYUFBTyxPQUFPLFFBQVEsRUFBRSxRQUFRLFVBQVUsVUFBVSxRQUFRLFdBQVcsYUFBYSxVQUFVLFVBQVUsVUFBVSxnQkFBZ0IsWUFBWSxZQUFZLGFBQWEsV0FBVyxhQUFhLHlCQUF5Qix3QkFBd0IsQ0FBQztBQUNqUCxhQUFPLFVBQVU7QUFFakIsTUFBTyxpQkFBUTtBQUFBO0FBQUE7OztBQ3J0QmY7QUFBQSwrQkFBQUUsVUFBQTtBQUFBO0FBQUEsYUFBTyxVQUFVLDhDQUF1QjtBQUFBO0FBQUE7OztBQ0F4QztBQUFBLCtCQUFBQyxVQUFBO0FBQUE7QUFBQSxhQUFPLFVBQVUsOENBQXVCO0FBQUE7QUFBQTs7O0FDQXhDO0FBQUEsK0JBQUFDLFVBQUE7QUFBQTtBQUFBLGFBQU8sVUFBVSw4Q0FBdUI7QUFBQTtBQUFBOzs7QUNBeEM7QUFBQSw2QkFBQUMsVUFBQTtBQUFBO0FBQUEsYUFBTyxVQUFVLDBDQUFxQjtBQUFBO0FBQUE7OztBQ0F0QztBQUFBLDZCQUFBQyxVQUFBO0FBQUE7QUFBQSxhQUFPLFVBQVUsMENBQXFCO0FBQUE7QUFBQTs7O0FDQXRDO0FBQUEsK0JBQUFDLFVBQUE7QUFBQTtBQUFBLGFBQU8sVUFBVSw4Q0FBdUI7QUFBQTtBQUFBOzs7QUNBeEM7QUFBQSxxQkFBQUMsVUFBQTtBQUFBO0FBRUEsVUFBTUMsZ0JBQWU7QUFDckIsVUFBTUMsVUFBUztBQUNmLFVBQU0sRUFBRSxRQUFBQyxRQUFPLElBQUk7QUFDbkIsVUFBTSxPQUFPO0FBQ2IsVUFBTUMsUUFBTztBQUNiLFVBQU1DLFVBQVM7QUFFZixVQUFNLFNBQU4sY0FBcUJKLGNBQWE7QUFBQSxRQUNoQyxPQUFPO0FBQ0wsVUFBQUMsUUFBTyxnQkFBZ0JELGFBQVk7QUFDbkMsZUFBSyxLQUFLLFFBQVFFLFFBQU8sS0FBSyxJQUFJLEVBQUUsU0FBUyxLQUFLLENBQUM7QUFBQSxRQUNyRDtBQUFBLE1BQ0Y7QUFDQSxhQUFPLFVBQVU7QUFBQSxRQUNmO0FBQUEsUUFDQSxPQUFPLENBQUMsT0FBT0YsZUFBYyxPQUFPQyxTQUFRLE9BQU9BLFFBQU8sYUFBYSxPQUFPLEtBQUssU0FBU0UsTUFBSyxLQUFLLEtBQUssR0FBRyxHQUFHLE9BQU9DLFNBQVEsT0FBT0EsUUFBTyxRQUFRO0FBQUEsTUFDeEo7QUFBQTtBQUFBOzs7QUNsQkE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBOzs7QUNBQTtBQUFBLE1BQU0sSUFBSSxXQUFXO0FBQ2QsTUFBTSxnQkFBZ0IsRUFBRTtBQUN4QixNQUFNLFlBQVksRUFBRTtBQUNwQixNQUFNLGdCQUFnQixFQUFFO0FBQ3hCLE1BQU0sbUJBQW1CLEVBQUU7QUFDM0IsTUFBTUMsT0FBTSxFQUFFO0FBQ2QsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxZQUFZLEVBQUU7QUFDcEIsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxxQkFBcUIsRUFBRTtBQUM3QixNQUFNLGVBQWUsRUFBRTtBQUN2QixNQUFNLFFBQVEsRUFBRTtBQUNoQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLG9CQUFvQixFQUFFO0FBQzVCLE1BQU0sY0FBYyxFQUFFOzs7QUNmN0I7QUFNQTtBQUNBO0FBQ0E7QUFHQSxNQUFNLFNBQVM7QUFBQSxJQUNiLEtBQUssQ0FBQyxPQUFPLEVBQUU7QUFBQSxJQUFHLE1BQU0sQ0FBQyxTQUFTLEVBQUU7QUFBQSxJQUFHLFFBQVEsQ0FBQyxXQUFXLEVBQUU7QUFBQSxJQUFHLFFBQVEsQ0FBQyxXQUFXLEdBQUc7QUFBQSxJQUFHLFFBQVEsQ0FBQyxXQUFXLEdBQUc7QUFBQSxFQUNuSDtBQUNBLFdBQVMsT0FBTyxXQUFXO0FBQ3pCLFFBQUksT0FBTyxjQUFjLFNBQVUsT0FBTSxlQUFlLGFBQWEsa0JBQWtCLFNBQVM7QUFDaEcsUUFBSSxJQUFJLFVBQVUsWUFBWSxFQUFFLFFBQVEsU0FBUyxFQUFFO0FBQ25ELFFBQUksd0JBQXdCLEtBQUssQ0FBQyxFQUFHLEtBQUksRUFBRSxRQUFRLEtBQUssRUFBRTtBQUMxRCxVQUFNQyxLQUFJLE9BQU8sQ0FBQztBQUNsQixRQUFJLENBQUNBLEdBQUcsT0FBTSxJQUFJLE1BQU0sNkJBQTZCO0FBQ3JELFdBQU9BO0FBQUEsRUFDVDtBQUVBLFdBQVNDLFNBQVEsTUFBTSxLQUFLLE9BQU8sUUFBUTtBQUN6QyxRQUFJLE9BQU8sU0FBUyxTQUFVLFFBQU9DLFFBQU8sS0FBSyxNQUFNLFFBQVEsV0FBVyxTQUFTLEdBQUc7QUFDdEYsUUFBSSxnQkFBZ0IsV0FBWSxRQUFPO0FBQ3ZDLFFBQUksWUFBWSxPQUFPLElBQUksRUFBRyxRQUFPLElBQUksV0FBVyxLQUFLLFFBQVEsS0FBSyxZQUFZLEtBQUssVUFBVTtBQUNqRyxRQUFJLGdCQUFnQixZQUFhLFFBQU8sSUFBSSxXQUFXLElBQUk7QUFDM0QsVUFBTSxlQUFlLE1BQU0sb0VBQW9FLElBQUk7QUFBQSxFQUNyRztBQUNBLFdBQVMsT0FBTyxRQUFRO0FBQ3RCLFFBQUksT0FBTyxXQUFXLEVBQUcsUUFBTyxPQUFPLENBQUM7QUFDeEMsUUFBSSxJQUFJO0FBQ1IsZUFBVyxLQUFLLE9BQVEsTUFBSyxFQUFFO0FBQy9CLFVBQU0sTUFBTSxJQUFJLFdBQVcsQ0FBQztBQUM1QixRQUFJO0FBQ0osZUFBVyxLQUFLLFFBQVE7QUFBRSxVQUFJLElBQUksR0FBRyxDQUFDO0FBQUcsV0FBSyxFQUFFO0FBQUEsSUFBUTtBQUN4RCxXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsV0FBVyxNQUFNLE9BQU87QUFDL0IsVUFBTSxRQUFRLE1BQU0sZUFBZSxLQUFLLE1BQU0sZUFBZSxNQUFNLE9BQU8sYUFBYSxNQUFNLFNBQVMsTUFBTSxNQUFNLEVBQUU7QUFDcEgsV0FBTyxJQUFJLFdBQVcsT0FBTyxNQUFNLEtBQUssQ0FBQztBQUFBLEVBQzNDO0FBQ0EsV0FBUyxPQUFPLE9BQU8sS0FBSztBQUMxQixRQUFJLFFBQVEsVUFBYSxRQUFRLFNBQVUsUUFBT0EsUUFBTyxLQUFLLE1BQU0sUUFBUSxNQUFNLFlBQVksTUFBTSxVQUFVO0FBQzlHLFdBQU8sT0FBUSxPQUFPLFNBQVUsR0FBRyxDQUFDO0FBQUEsRUFDdEM7QUFJTyxNQUFNLE9BQU4sTUFBTSxNQUFLO0FBQUEsSUFDaEIsWUFBWSxXQUFXLFNBQVM7QUFDOUIsVUFBSSxFQUFFLGdCQUFnQixPQUFPLFFBQU8sSUFBSSxNQUFLLFdBQVcsT0FBTztBQUMvRCxPQUFDLEtBQUssS0FBSyxJQUFJLE9BQU8sU0FBUztBQUMvQixXQUFLLFVBQVUsQ0FBQztBQUNoQixXQUFLLFFBQVE7QUFBQSxJQUNmO0FBQUEsSUFDQSxPQUFPLE1BQU0sS0FBSztBQUNoQixVQUFJLEtBQUssTUFBTyxPQUFNLE1BQU0sNkJBQTZCLHVCQUF1QjtBQUNoRixZQUFNLElBQUlELFNBQVEsTUFBTSxHQUFHO0FBQzNCLFdBQUssUUFBUSxLQUFLLE9BQU8sU0FBUyxXQUFXLElBQUksRUFBRSxNQUFNLENBQUM7QUFDMUQsYUFBTztBQUFBLElBQ1Q7QUFBQSxJQUNBLE9BQU8sS0FBSztBQUNWLFVBQUksS0FBSyxNQUFPLE9BQU0sTUFBTSw2QkFBNkIsdUJBQXVCO0FBQ2hGLFdBQUssUUFBUTtBQUNiLFlBQU0sTUFBTSxXQUFXLEtBQUssT0FBTyxPQUFPLEtBQUssT0FBTyxDQUFDO0FBQ3ZELFdBQUssVUFBVSxDQUFDO0FBQ2hCLGFBQU8sT0FBTyxLQUFLLEdBQUc7QUFBQSxJQUN4QjtBQUFBLElBQ0EsT0FBTztBQUNMLFVBQUksS0FBSyxNQUFPLE9BQU0sTUFBTSw2QkFBNkIsdUJBQXVCO0FBQ2hGLFlBQU1ELEtBQUksT0FBTyxPQUFPLE1BQUssU0FBUztBQUN0QyxNQUFBQSxHQUFFLFFBQVEsS0FBSztBQUNmLE1BQUFBLEdBQUUsVUFBVSxLQUFLLFFBQVEsTUFBTTtBQUMvQixNQUFBQSxHQUFFLFFBQVE7QUFDVixhQUFPQTtBQUFBLElBQ1Q7QUFBQSxFQUNGO0FBR08sTUFBTSxPQUFOLE1BQU0sTUFBSztBQUFBLElBQ2hCLFlBQVksV0FBVyxLQUFLLFNBQVM7QUFDbkMsVUFBSSxFQUFFLGdCQUFnQixPQUFPLFFBQU8sSUFBSSxNQUFLLFdBQVcsS0FBSyxPQUFPO0FBQ3BFLFlBQU0sQ0FBQyxNQUFNLEtBQUssSUFBSSxPQUFPLFNBQVM7QUFDdEMsV0FBSyxRQUFRO0FBQ2IsVUFBSSxJQUFJLFFBQVEsUUFBUSxPQUFPLFFBQVEsWUFBWSxJQUFJLHdCQUF3QixhQUFhLElBQUksZUFBZUMsU0FBUSxLQUFLLFdBQVcsUUFBUSxVQUFVLEtBQUs7QUFDOUosVUFBSSxFQUFFLFNBQVMsTUFBTyxLQUFJLFdBQVcsTUFBTSxDQUFDO0FBQzVDLFdBQUssT0FBTyxJQUFJLFdBQVcsS0FBSztBQUNoQyxXQUFLLEtBQUssSUFBSSxDQUFDO0FBQ2YsV0FBSyxVQUFVLENBQUM7QUFDaEIsV0FBSyxRQUFRO0FBQUEsSUFDZjtBQUFBLElBQ0EsT0FBTyxNQUFNLEtBQUs7QUFDaEIsVUFBSSxLQUFLLE1BQU8sT0FBTSxNQUFNLDZCQUE2Qix1QkFBdUI7QUFDaEYsWUFBTSxJQUFJQSxTQUFRLE1BQU0sR0FBRztBQUMzQixXQUFLLFFBQVEsS0FBSyxPQUFPLFNBQVMsV0FBVyxJQUFJLEVBQUUsTUFBTSxDQUFDO0FBQzFELGFBQU87QUFBQSxJQUNUO0FBQUEsSUFDQSxPQUFPLEtBQUs7QUFDVixVQUFJLEtBQUssTUFBTyxPQUFNLE1BQU0sNkJBQTZCLHVCQUF1QjtBQUNoRixXQUFLLFFBQVE7QUFDYixZQUFNLE1BQU0sQ0FBQyxNQUFNO0FBQUUsY0FBTSxJQUFJLElBQUksV0FBVyxLQUFLLEtBQUssTUFBTTtBQUFHLGlCQUFTLElBQUksR0FBRyxJQUFJLEVBQUUsUUFBUSxJQUFLLEdBQUUsQ0FBQyxJQUFJLEtBQUssS0FBSyxDQUFDLElBQUk7QUFBRyxlQUFPO0FBQUEsTUFBRztBQUN2SSxZQUFNLFFBQVEsV0FBVyxLQUFLLE9BQU8sT0FBTyxDQUFDLElBQUksRUFBSSxHQUFHLEdBQUcsS0FBSyxPQUFPLENBQUMsQ0FBQztBQUN6RSxZQUFNLE1BQU0sV0FBVyxLQUFLLE9BQU8sT0FBTyxDQUFDLElBQUksRUFBSSxHQUFHLEtBQUssQ0FBQyxDQUFDO0FBQzdELFdBQUssVUFBVSxDQUFDO0FBQ2hCLGFBQU8sT0FBTyxLQUFLLEdBQUc7QUFBQSxJQUN4QjtBQUFBLEVBQ0Y7QUFFTyxXQUFTLFdBQVcsV0FBVyxTQUFTO0FBQzdDLFdBQU8sSUFBSSxLQUFLLFdBQVcsT0FBTztBQUFBLEVBQ3BDO0FBQ08sV0FBUyxXQUFXLFdBQVcsS0FBSyxTQUFTO0FBQ2xELFdBQU8sSUFBSSxLQUFLLFdBQVcsS0FBSyxPQUFPO0FBQUEsRUFDekM7QUFFTyxXQUFTLEtBQUssV0FBVyxNQUFNLGlCQUFpQixPQUFPO0FBQzVELFFBQUksT0FBTyxTQUFTLFlBQVksQ0FBQyxZQUFZLE9BQU8sSUFBSSxFQUFHLE9BQU0sZUFBZSxRQUFRLG9FQUFvRSxJQUFJO0FBQ2hLLFdBQU8sSUFBSSxLQUFLLFNBQVMsRUFBRSxPQUFPLElBQUksRUFBRSxPQUFPLGNBQWM7QUFBQSxFQUMvRDtBQUNPLFdBQVMsWUFBWTtBQUMxQixXQUFPLENBQUMsT0FBTyxRQUFRLFVBQVUsVUFBVSxRQUFRO0FBQUEsRUFDckQ7QUFFQSxNQUFNLGFBQWEsS0FBSyxLQUFLO0FBQzdCLFdBQVMsV0FBVyxPQUFPO0FBQ3pCLGFBQVMsSUFBSSxHQUFHLElBQUksTUFBTSxRQUFRLEtBQUssTUFBTyxZQUFXLE9BQU8sZ0JBQWdCLE1BQU0sU0FBUyxHQUFHLEtBQUssSUFBSSxJQUFJLE9BQU8sTUFBTSxNQUFNLENBQUMsQ0FBQztBQUNwSSxXQUFPO0FBQUEsRUFDVDtBQUNPLFdBQVMsWUFBWSxNQUFNLFVBQVU7QUFDMUMsUUFBSSxPQUFPLFNBQVMsU0FBVSxPQUFNLGVBQWUsUUFBUSxrQkFBa0IsSUFBSTtBQUNqRixRQUFJLEVBQUUsUUFBUSxLQUFLLFFBQVEsZUFBZSxDQUFDLE9BQU8sVUFBVSxJQUFJLEVBQUcsT0FBTSxXQUFXLFFBQVEsY0FBYyxVQUFVLElBQUksSUFBSTtBQUM1SCxVQUFNLElBQUksV0FBV0MsUUFBTyxNQUFNLElBQUksQ0FBQztBQUN2QyxRQUFJLE9BQU8sYUFBYSxZQUFZO0FBQ2xDLHFCQUFlLE1BQU0sU0FBUyxNQUFNLENBQUMsQ0FBQztBQUN0QyxhQUFPO0FBQUEsSUFDVDtBQUNBLFdBQU87QUFBQSxFQUNUO0FBQ08sTUFBTSxvQkFBb0I7QUFDMUIsV0FBUyxlQUFlLEtBQUssU0FBUyxHQUFHLE1BQU07QUFDcEQsUUFBSSxDQUFDLFlBQVksT0FBTyxHQUFHLEtBQUssRUFBRSxlQUFlLGFBQWMsT0FBTSxlQUFlLE9BQU8saURBQWlELEdBQUc7QUFDL0ksVUFBTSxJQUFJLGVBQWUsY0FBYyxJQUFJLFdBQVcsR0FBRyxJQUFJLElBQUksV0FBVyxJQUFJLFFBQVEsSUFBSSxZQUFZLElBQUksVUFBVTtBQUN0SCxVQUFNLE1BQU0sU0FBUyxTQUFZLEVBQUUsU0FBUyxTQUFTO0FBQ3JELFFBQUksU0FBUyxLQUFLLFNBQVMsRUFBRSxPQUFRLE9BQU0sV0FBVyxVQUFVLGNBQWMsRUFBRSxNQUFNLElBQUksTUFBTTtBQUNoRyxRQUFJLE1BQU0sRUFBRSxPQUFRLE9BQU0sV0FBVyxpQkFBaUIsTUFBTSxFQUFFLE1BQU0sSUFBSSxHQUFHO0FBQzNFLGVBQVcsRUFBRSxTQUFTLFFBQVEsR0FBRyxDQUFDO0FBQ2xDLFdBQU87QUFBQSxFQUNUO0FBQ08sV0FBUyxXQUFXLEtBQUssUUFBUSxNQUFNLFVBQVU7QUFDdEQsUUFBSSxPQUFPLFdBQVcsWUFBWTtBQUFFLGlCQUFXO0FBQVEsZUFBUztBQUFHLGFBQU87QUFBQSxJQUFXLFdBQzVFLE9BQU8sU0FBUyxZQUFZO0FBQUUsaUJBQVc7QUFBTSxhQUFPO0FBQUEsSUFBVztBQUMxRSxVQUFNLElBQUksZUFBZSxLQUFLLFFBQVEsSUFBSTtBQUMxQyxtQkFBZSxNQUFNLFNBQVMsTUFBTSxDQUFDLENBQUM7QUFBQSxFQUN4QztBQUNPLFdBQVMsVUFBVSxLQUFLLEtBQUssVUFBVTtBQUM1QyxRQUFJLFFBQVEsVUFBYSxPQUFPLFFBQVEsWUFBWTtBQUFFLGlCQUFXO0FBQUssWUFBTTtBQUFLLFlBQU07QUFBQSxJQUFHO0FBQzFGLFFBQUksQ0FBQyxPQUFPLGNBQWMsR0FBRyxFQUFHLE9BQU0sZUFBZSxPQUFPLGtCQUFrQixHQUFHO0FBQ2pGLFFBQUksQ0FBQyxPQUFPLGNBQWMsR0FBRyxFQUFHLE9BQU0sZUFBZSxPQUFPLGtCQUFrQixHQUFHO0FBQ2pGLFFBQUksT0FBTyxJQUFLLE9BQU0sV0FBVyxPQUFPLGFBQWEsR0FBRztBQUN4RCxVQUFNLFFBQVEsTUFBTTtBQUNwQixRQUFJLFNBQVMsS0FBSyxHQUFJLE9BQU0sV0FBVyxhQUFhLE1BQU0sS0FBSyxFQUFFLElBQUksS0FBSztBQUMxRSxVQUFNLElBQUksSUFBSSxXQUFXLENBQUM7QUFDMUIsVUFBTSxRQUFRLEtBQUssS0FBTSxLQUFLLEtBQUs7QUFDbkMsUUFBSTtBQUNKLE9BQUc7QUFDRCxpQkFBVyxDQUFDO0FBQ1osWUFBTSxFQUFFLENBQUMsSUFBSSxNQUFNLEVBQUUsQ0FBQyxLQUFLLE1BQU0sRUFBRSxDQUFDLEtBQUssS0FBSyxNQUFPLEVBQUUsQ0FBQyxLQUFLLEtBQU8sRUFBRSxDQUFDLEtBQUssSUFBSyxFQUFFLENBQUM7QUFBQSxJQUN0RixTQUFTLEtBQUs7QUFDZCxVQUFNLElBQUksTUFBTyxJQUFJO0FBQ3JCLFFBQUksT0FBTyxhQUFhLFlBQVk7QUFBRSxxQkFBZSxNQUFNLFNBQVMsTUFBTSxDQUFDLENBQUM7QUFBRyxhQUFPO0FBQUEsSUFBVztBQUNqRyxXQUFPO0FBQUEsRUFDVDtBQUNPLFdBQVMsYUFBYTtBQUMzQixXQUFPLFdBQVcsT0FBTyxXQUFXO0FBQUEsRUFDdEM7QUFDTyxXQUFTLGdCQUFnQixHQUFHO0FBQ2pDLFdBQU8sV0FBVyxPQUFPLGdCQUFnQixDQUFDO0FBQUEsRUFDNUM7QUFDTyxXQUFTLGdCQUFnQixHQUFHLEdBQUc7QUFDcEMsUUFBSSxDQUFDLFlBQVksT0FBTyxDQUFDLEtBQUssRUFBRSxhQUFhLGFBQWMsT0FBTSxlQUFlLFFBQVEsK0RBQStELENBQUM7QUFDeEosUUFBSSxDQUFDLFlBQVksT0FBTyxDQUFDLEtBQUssRUFBRSxhQUFhLGFBQWMsT0FBTSxlQUFlLFFBQVEsK0RBQStELENBQUM7QUFDeEosUUFBSSxFQUFFLGVBQWUsRUFBRSxXQUFZLE9BQU0sSUFBSSxVQUFVLCtDQUErQztBQUN0RyxXQUFPLFdBQVcsT0FBTyxPQUFPLGdCQUFnQixHQUFHLENBQUM7QUFBQSxFQUN0RDtBQUVPLFdBQVMsZ0JBQWdCLEtBQUssS0FBSztBQUN4QyxVQUFNLFdBQVdELFNBQVEsS0FBSyxLQUFLLEtBQUssRUFBRSxNQUFNO0FBQ2hELFdBQU8sRUFBRSxNQUFNLFVBQVUsa0JBQWtCLFNBQVMsUUFBUSxjQUFjLFVBQVUsUUFBUSxNQUFNQyxRQUFPLEtBQUssUUFBUSxFQUFFO0FBQUEsRUFDMUg7QUFFTyxNQUFNLFlBQVksV0FBVztBQUM3QixNQUFNLFNBQVMsV0FBVyxPQUFPO0FBQ2pDLE1BQU1DLGFBQVksQ0FBQztBQUMxQixNQUFNLFVBQVUsQ0FBQyxTQUFTLFdBQVk7QUFBRSxVQUFNLGFBQWEsVUFBVSxJQUFJLEVBQUU7QUFBQSxFQUFHO0FBQ3ZFLE1BQU0saUJBQWlCLFFBQVEsZ0JBQWdCO0FBQy9DLE1BQU0sbUJBQW1CLFFBQVEsa0JBQWtCO0FBQ25ELE1BQU0sYUFBYSxRQUFRLFlBQVk7QUFDdkMsTUFBTSxlQUFlLFFBQVEsY0FBYztBQUMzQyxNQUFNLG1CQUFtQixRQUFRLGtCQUFrQjtBQUNuRCxNQUFNLGtCQUFrQixRQUFRLGlCQUFpQjtBQUNqRCxNQUFNLGFBQWEsUUFBUSxZQUFZO0FBQ3ZDLE1BQU0sc0JBQXNCLFFBQVEscUJBQXFCO0FBQ3pELE1BQU0sa0JBQWtCLFFBQVEsaUJBQWlCO0FBQ2pELE1BQU0sc0JBQXNCLFFBQVEscUJBQXFCO0FBQ3pELE1BQU0sU0FBUyxRQUFRLFFBQVE7QUFDL0IsTUFBTSxhQUFhLFFBQVEsWUFBWTtBQUN2QyxNQUFNLE9BQU8sUUFBUSxNQUFNO0FBQzNCLE1BQU0sV0FBVyxRQUFRLFVBQVU7QUFDbkMsTUFBTSxTQUFTLFFBQVEsUUFBUTtBQUMvQixNQUFNLGFBQWEsUUFBUSxZQUFZO0FBQ3ZDLE1BQU0sT0FBTyxRQUFRLE1BQU07QUFDM0IsTUFBTSxTQUFTLFFBQVEsUUFBUTtBQUMvQixNQUFNLGdCQUFnQixRQUFRLGVBQWU7QUFDN0MsTUFBTSxpQkFBaUIsUUFBUSxnQkFBZ0I7QUFDL0MsTUFBTSxhQUFhLE1BQU0sQ0FBQztBQUMxQixNQUFNLFlBQVksTUFBTSxDQUFDO0FBQ3pCLE1BQU0sVUFBVSxNQUFNO0FBRTdCLE1BQU8saUJBQVE7QUFBQSxJQUNiO0FBQUEsSUFBTTtBQUFBLElBQU07QUFBQSxJQUFZO0FBQUEsSUFBWTtBQUFBLElBQU07QUFBQSxJQUFXO0FBQUEsSUFBYTtBQUFBLElBQW1CO0FBQUEsSUFBZ0I7QUFBQSxJQUFZO0FBQUEsSUFBVztBQUFBLElBQzVIO0FBQUEsSUFBaUI7QUFBQSxJQUFpQjtBQUFBLElBQWlCO0FBQUEsSUFBVztBQUFBLElBQVEsV0FBQUE7QUFBQSxJQUFXO0FBQUEsSUFBZ0I7QUFBQSxJQUFrQjtBQUFBLElBQVk7QUFBQSxJQUMvSDtBQUFBLElBQWtCO0FBQUEsSUFBaUI7QUFBQSxJQUFZO0FBQUEsSUFBcUI7QUFBQSxJQUFpQjtBQUFBLElBQXFCO0FBQUEsSUFBUTtBQUFBLElBQVk7QUFBQSxJQUFNO0FBQUEsSUFDcEk7QUFBQSxJQUFRO0FBQUEsSUFBWTtBQUFBLElBQU07QUFBQSxJQUFRO0FBQUEsSUFBZTtBQUFBLElBQWdCO0FBQUEsSUFBWTtBQUFBLElBQVc7QUFBQSxFQUMxRjs7O0FDak9BO0FBQUE7QUFDQTtBQUNBO0FBQ0E7QUFDQTtBQUNBOzs7QUNMQTtBQUNBO0FBQ08sTUFBTSxFQUFFLElBQUFDLEtBQUksT0FBTyxVQUFVLGFBQUFDLGNBQWEsZ0JBQUFDLGlCQUFnQixXQUFBQyxZQUFXLGNBQWMsaUJBQUFDLGtCQUFpQixvQkFBQUMscUJBQW9CLE1BQUFDLE9BQU0sU0FBQUMsVUFBUyxPQUFBQyxRQUFPLGNBQUFDLGVBQWMsUUFBQUMsU0FBUSxjQUFBQyxlQUFjLFNBQUFDLFVBQVMsZUFBQUMsZ0JBQWUsZ0JBQUFDLGdCQUFlLElBQUk7OztBREtwTztBQUNBOzs7QUVSQTtBQUNBO0FBQ08sTUFBTUMsWUFBVyxTQUFTO0FBQzFCLE1BQU1DLFlBQVcsU0FBUzs7O0FGT2pDOzs7QUdWQTtBQVdBLE1BQUksVUFBVSxvQkFBSSxJQUFJO0FBQ3RCLE1BQUksVUFBVTtBQUVkLFdBQVMsS0FBSyxJQUFJO0FBQ2hCLFFBQUksT0FBTyxPQUFPLGNBQWMsUUFBUSxTQUFTLEVBQUcsUUFBTztBQUMzRCxVQUFNLE1BQU07QUFDWixXQUFPLFlBQWEsTUFBTTtBQUN4QixZQUFNLFFBQVE7QUFDZCxnQkFBVTtBQUNWLFVBQUk7QUFDRixlQUFPLFFBQVEsTUFBTSxJQUFJLE1BQU0sSUFBSTtBQUFBLE1BQ3JDLFVBQUU7QUFDQSxrQkFBVTtBQUFBLE1BQ1o7QUFBQSxJQUNGO0FBQUEsRUFDRjtBQUVBLFdBQVMsUUFBUTtBQUNmLFFBQUksUUFBUztBQUNiLGNBQVU7QUFDVixVQUFNLElBQUksUUFBUSxXQUFXLE9BQU8sRUFBRTtBQUN0QyxNQUFFLE9BQU8sU0FBVSxHQUFHLEdBQUc7QUFDdkIsYUFBTyxRQUFRLFNBQVMsSUFBSSxLQUFLLEtBQUssTUFBTSxHQUFHLENBQUMsSUFBSSxLQUFLLEtBQUssTUFBTSxLQUFLLENBQUMsR0FBRyxLQUFLLENBQUMsQ0FBQztBQUFBLElBQ3RGO0FBQ0EsZUFBVyxRQUFRLENBQUMsY0FBYyxlQUFlLGdCQUFnQixHQUFHO0FBQ2xFLFlBQU0sSUFBSSxXQUFXLElBQUk7QUFDekIsVUFBSSxPQUFPLE1BQU0sV0FBWSxZQUFXLElBQUksSUFBSSxTQUFVLE9BQU8sTUFBTTtBQUFFLGVBQU8sRUFBRSxLQUFLLE1BQU0sS0FBSyxFQUFFLEdBQUcsR0FBRyxJQUFJO0FBQUEsTUFBRztBQUFBLElBQ25IO0FBQUEsRUFDRjtBQUVPLE1BQU0sb0JBQU4sTUFBd0I7QUFBQSxJQUM3QixjQUFjO0FBQ1osV0FBSyxXQUFXO0FBQUEsSUFDbEI7QUFBQSxJQUNBLE9BQU8sS0FBSyxJQUFJO0FBQ2QsYUFBTyxLQUFLLEVBQUU7QUFBQSxJQUNoQjtBQUFBLElBQ0EsT0FBTyxXQUFXO0FBQ2hCLFlBQU0sTUFBTTtBQUNaLGFBQU8sQ0FBQyxPQUFPLFNBQVM7QUFDdEIsY0FBTSxRQUFRO0FBQ2Qsa0JBQVU7QUFDVixZQUFJO0FBQ0YsaUJBQU8sR0FBRyxHQUFHLElBQUk7QUFBQSxRQUNuQixVQUFFO0FBQ0Esb0JBQVU7QUFBQSxRQUNaO0FBQUEsTUFDRjtBQUFBLElBQ0Y7QUFBQSxJQUNBLFdBQVc7QUFDVCxhQUFPLFFBQVEsSUFBSSxJQUFJO0FBQUEsSUFDekI7QUFBQSxJQUNBLElBQUksT0FBTyxPQUFPLE1BQU07QUFDdEIsWUFBTTtBQUNOLFlBQU0sUUFBUTtBQUNkLGdCQUFVLElBQUksSUFBSSxLQUFLO0FBQ3ZCLGNBQVEsSUFBSSxNQUFNLEtBQUs7QUFDdkIsVUFBSTtBQUNGLGVBQU8sR0FBRyxHQUFHLElBQUk7QUFBQSxNQUNuQixVQUFFO0FBQ0Esa0JBQVU7QUFBQSxNQUNaO0FBQUEsSUFDRjtBQUFBLElBQ0EsS0FBSyxPQUFPLE1BQU07QUFDaEIsWUFBTSxRQUFRO0FBQ2QsZ0JBQVUsSUFBSSxJQUFJLEtBQUs7QUFDdkIsY0FBUSxPQUFPLElBQUk7QUFDbkIsVUFBSTtBQUNGLGVBQU8sR0FBRyxHQUFHLElBQUk7QUFBQSxNQUNuQixVQUFFO0FBQ0Esa0JBQVU7QUFBQSxNQUNaO0FBQUEsSUFDRjtBQUFBLElBQ0EsVUFBVSxPQUFPO0FBQ2YsWUFBTTtBQUNOLGdCQUFVLElBQUksSUFBSSxPQUFPO0FBQ3pCLGNBQVEsSUFBSSxNQUFNLEtBQUs7QUFBQSxJQUN6QjtBQUFBLElBQ0EsVUFBVTtBQUNSLFVBQUksUUFBUSxJQUFJLElBQUksR0FBRztBQUNyQixrQkFBVSxJQUFJLElBQUksT0FBTztBQUN6QixnQkFBUSxPQUFPLElBQUk7QUFBQSxNQUNyQjtBQUFBLElBQ0Y7QUFBQSxFQUNGOzs7QUhsRkE7QUFDQSxzQkFBbUI7QUFDbkI7QUFDQTs7O0FJaEJBO0FBR08sTUFBTSxTQUFTLENBQUMsTUFBTSxtQkFBbUIsT0FBTyxDQUFDLENBQUM7QUFDbEQsV0FBUyxTQUFTLEdBQUc7QUFDMUIsUUFBSTtBQUNGLGFBQU8sbUJBQW1CLENBQUM7QUFBQSxJQUM3QixRQUFRO0FBQ04sYUFBTyxFQUFFLFFBQVEsc0JBQXNCLENBQUMsR0FBR0MsT0FBTSxPQUFPLGFBQWEsU0FBU0EsSUFBRyxFQUFFLENBQUMsQ0FBQztBQUFBLElBQ3ZGO0FBQUEsRUFDRjtBQUNBLFdBQVMsTUFBTSxHQUFHO0FBQ2hCLFFBQUksT0FBTyxNQUFNLFNBQVUsUUFBTztBQUNsQyxRQUFLLE9BQU8sTUFBTSxZQUFZLFNBQVMsQ0FBQyxLQUFNLE9BQU8sTUFBTSxZQUFZLE9BQU8sTUFBTSxVQUFXLFFBQU8sT0FBTyxDQUFDO0FBQzlHLFdBQU87QUFBQSxFQUNUO0FBQ08sV0FBUyxVQUFVLEtBQUtDLE9BQU0sS0FBSyxLQUFLLEtBQUssVUFBVSxDQUFDLEdBQUc7QUFDaEUsVUFBTSxNQUFNLFFBQVEsc0JBQXNCO0FBQzFDLFFBQUksUUFBUSxRQUFRLE9BQU8sUUFBUSxTQUFVLFFBQU87QUFDcEQsVUFBTSxNQUFNLENBQUM7QUFDYixlQUFXLEtBQUssT0FBTyxLQUFLLEdBQUcsR0FBRztBQUNoQyxZQUFNLElBQUksSUFBSSxDQUFDO0FBQ2YsWUFBTSxNQUFNLElBQUksTUFBTSxDQUFDLENBQUM7QUFDeEIsVUFBSSxNQUFNLFFBQVEsQ0FBQyxFQUFHLFlBQVcsS0FBSyxFQUFHLEtBQUksS0FBSyxNQUFNLEtBQUssSUFBSSxNQUFNLENBQUMsQ0FBQyxDQUFDO0FBQUEsVUFDckUsS0FBSSxLQUFLLE1BQU0sS0FBSyxJQUFJLE1BQU0sQ0FBQyxDQUFDLENBQUM7QUFBQSxJQUN4QztBQUNBLFdBQU8sSUFBSSxLQUFLQSxJQUFHO0FBQUEsRUFDckI7QUFDTyxXQUFTQyxPQUFNLElBQUlELE9BQU0sS0FBSyxLQUFLLEtBQUssVUFBVSxDQUFDLEdBQUc7QUFDM0QsVUFBTSxNQUFNLHVCQUFPLE9BQU8sSUFBSTtBQUM5QixRQUFJLE9BQU8sT0FBTyxZQUFZLEdBQUcsV0FBVyxFQUFHLFFBQU87QUFDdEQsVUFBTSxNQUFNLFFBQVEsc0JBQXNCO0FBQzFDLFVBQU0sTUFBTSxRQUFRLFlBQVksU0FBWSxNQUFPLFFBQVE7QUFDM0QsUUFBSSxRQUFRLEdBQUcsTUFBTUEsSUFBRztBQUN4QixRQUFJLE1BQU0sRUFBRyxTQUFRLE1BQU0sTUFBTSxHQUFHLEdBQUc7QUFDdkMsZUFBVyxRQUFRLE9BQU87QUFDeEIsVUFBSSxTQUFTLEdBQUk7QUFDakIsWUFBTSxJQUFJLEtBQUssUUFBUSxFQUFFO0FBQ3pCLFlBQU0sSUFBSSxLQUFLLEtBQUssSUFBSSxLQUFLLE1BQU0sR0FBRyxDQUFDLElBQUksTUFBTSxRQUFRLE9BQU8sR0FBRyxDQUFDO0FBQ3BFLFlBQU0sSUFBSSxLQUFLLElBQUksSUFBSSxLQUFLLE1BQU0sSUFBSSxHQUFHLE1BQU0sRUFBRSxRQUFRLE9BQU8sR0FBRyxDQUFDLElBQUk7QUFDeEUsVUFBSSxLQUFLLEtBQUs7QUFDWixZQUFJLE1BQU0sUUFBUSxJQUFJLENBQUMsQ0FBQyxFQUFHLEtBQUksQ0FBQyxFQUFFLEtBQUssQ0FBQztBQUFBLFlBQ25DLEtBQUksQ0FBQyxJQUFJLENBQUMsSUFBSSxDQUFDLEdBQUcsQ0FBQztBQUFBLE1BQzFCLE9BQU87QUFDTCxZQUFJLENBQUMsSUFBSTtBQUFBLE1BQ1g7QUFBQSxJQUNGO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFFQSxNQUFPLHNCQUFRLEVBQUUsT0FBQUUsUUFBTyxXQUFXLFFBQVFBLFFBQU8sUUFBUSxXQUFXLFFBQVEsU0FBUzs7O0FDbER0RjtBQUdBO0FBR08sTUFBTSxNQUFNLFdBQVc7QUFDdkIsTUFBTSxrQkFBa0IsV0FBVztBQUVuQyxXQUFTLGNBQWMsR0FBRztBQUMvQixVQUFNLE1BQU0sT0FBTyxNQUFNLFdBQVcsSUFBSSxJQUFJLENBQUMsSUFBSTtBQUNqRCxRQUFJLEVBQUUsZUFBZSxLQUFNLE9BQU0sZUFBZSxRQUFRLHdDQUF3QyxDQUFDO0FBQ2pHLFFBQUksSUFBSSxhQUFhLFFBQVMsT0FBTSxNQUFNLDBCQUEwQixnQ0FBZ0M7QUFDcEcsUUFBSSxJQUFJLGFBQWEsR0FBSSxPQUFNLFVBQVUsNkJBQTZCLHFEQUFxRDtBQUMzSCxRQUFJLE9BQU8sS0FBSyxJQUFJLFFBQVEsRUFBRyxPQUFNLFVBQVUsNkJBQTZCLHFEQUFxRDtBQUNqSSxXQUFPLG1CQUFtQixJQUFJLFFBQVE7QUFBQSxFQUN4QztBQUNPLFdBQVMsY0FBY0MsT0FBTTtBQUNsQyxRQUFJLE9BQU9BLFVBQVMsU0FBVSxPQUFNLGVBQWUsUUFBUSxrQkFBa0JBLEtBQUk7QUFDakYsUUFBSSxJQUFJQSxNQUFLLFdBQVcsR0FBRyxJQUFJQSxRQUFPLE1BQU1BO0FBQzVDLFFBQUksVUFBVSxDQUFDLEVBQUUsUUFBUSxTQUFTLGtCQUFrQjtBQUNwRCxXQUFPLElBQUksSUFBSSxZQUFZLENBQUM7QUFBQSxFQUM5QjtBQUNPLFdBQVMsY0FBYyxRQUFRO0FBQ3BDLFFBQUk7QUFDRixhQUFPLElBQUksSUFBSSxZQUFZLE1BQU0sRUFBRTtBQUFBLElBQ3JDLFFBQVE7QUFDTixhQUFPO0FBQUEsSUFDVDtBQUFBLEVBQ0Y7QUFDTyxNQUFNLGtCQUFrQixDQUFDLFdBQVcsT0FBTyxNQUFNO0FBQ2pELFdBQVMsaUJBQWlCLEtBQUs7QUFDcEMsV0FBTztBQUFBLE1BQ0wsVUFBVSxJQUFJO0FBQUEsTUFBVSxVQUFVLElBQUksU0FBUyxXQUFXLEdBQUcsSUFBSSxJQUFJLFNBQVMsTUFBTSxHQUFHLEVBQUUsSUFBSSxJQUFJO0FBQUEsTUFBVSxNQUFNLElBQUk7QUFBQSxNQUFNLFFBQVEsSUFBSTtBQUFBLE1BQ3ZJLFVBQVUsSUFBSTtBQUFBLE1BQVUsTUFBTSxHQUFHLElBQUksWUFBWSxFQUFFLEdBQUcsSUFBSSxVQUFVLEVBQUU7QUFBQSxNQUFJLE1BQU0sSUFBSTtBQUFBLE1BQ3BGLEdBQUksSUFBSSxTQUFTLEtBQUssRUFBRSxNQUFNLE9BQU8sSUFBSSxJQUFJLEVBQUUsSUFBSSxDQUFDO0FBQUEsTUFBSSxHQUFJLElBQUksWUFBWSxJQUFJLFdBQVcsRUFBRSxNQUFNLEdBQUcsbUJBQW1CLElBQUksUUFBUSxDQUFDLElBQUksbUJBQW1CLElBQUksUUFBUSxDQUFDLEdBQUcsSUFBSSxDQUFDO0FBQUEsSUFDcEw7QUFBQSxFQUNGO0FBR08sV0FBUyxNQUFNO0FBQ3BCLFdBQU8sT0FBTyxNQUFNLEVBQUUsVUFBVSxNQUFNLFNBQVMsTUFBTSxNQUFNLE1BQU0sTUFBTSxNQUFNLE1BQU0sTUFBTSxVQUFVLE1BQU0sTUFBTSxNQUFNLFFBQVEsTUFBTSxPQUFPLE1BQU0sVUFBVSxNQUFNLE1BQU0sTUFBTSxNQUFNLEtBQUssQ0FBQztBQUFBLEVBQzFMO0FBQ08sV0FBU0MsT0FBTSxHQUFHLG1CQUFtQixPQUFPO0FBQ2pELFFBQUksT0FBTyxNQUFNLFNBQVUsT0FBTSxlQUFlLE9BQU8sa0JBQWtCLENBQUM7QUFDMUUsVUFBTSxNQUFNLElBQUksSUFBSTtBQUNwQixVQUFNLElBQUksd0ZBQXdGLEtBQUssRUFBRSxLQUFLLENBQUM7QUFDL0csUUFBSSxDQUFDLEVBQUcsUUFBTztBQUNmLFVBQU0sQ0FBQyxFQUFFLFVBQVUsU0FBUyxNQUFNLE1BQU0sVUFBVSxRQUFRQyxLQUFJLElBQUk7QUFDbEUsUUFBSSxXQUFXLFdBQVcsU0FBUyxZQUFZLElBQUk7QUFDbkQsUUFBSSxVQUFVLFVBQVUsT0FBTztBQUMvQixRQUFJLFdBQVksWUFBWSw2QkFBNkIsS0FBSyxRQUFRLEdBQUk7QUFDeEUsVUFBSSxPQUFPLFNBQVMsU0FBWSxtQkFBbUIsSUFBSSxJQUFJO0FBQzNELFVBQUksT0FBTyxLQUFLLFlBQVk7QUFDNUIsWUFBTSxLQUFLLHFCQUFxQixLQUFLLElBQUksSUFBSTtBQUM3QyxVQUFJLFdBQVcsR0FBRyxDQUFDO0FBQ25CLFVBQUksT0FBTyxHQUFHLENBQUMsTUFBTSxVQUFhLEdBQUcsQ0FBQyxNQUFNLEtBQUssR0FBRyxDQUFDLElBQUk7QUFDekQsVUFBSSxXQUFXLGFBQWEsVUFBVSxNQUFNO0FBQUEsSUFDOUMsT0FBTztBQUNMLFVBQUksWUFBWSxRQUFRLE9BQU8sWUFBWSxPQUFPO0FBQUEsSUFDcEQ7QUFDQSxRQUFJLFNBQVMsV0FBVyxtQkFBbUIsS0FBSztBQUNoRCxRQUFJLFFBQVEsbUJBQW1CLG9CQUFZLE1BQU0sU0FBUyxPQUFPLE1BQU0sQ0FBQyxJQUFJLEVBQUUsSUFBSSxTQUFTLE9BQU8sTUFBTSxDQUFDLElBQUk7QUFDN0csUUFBSSxPQUFPQSxTQUFRO0FBQ25CLFFBQUksUUFBUSxJQUFJLFlBQVksT0FBTyxJQUFJLFVBQVUsT0FBTztBQUN4RCxRQUFJLE9BQU9DLFFBQU8sR0FBRztBQUNyQixXQUFPO0FBQUEsRUFDVDtBQUNPLFdBQVNBLFFBQU8sR0FBRztBQUN4QixRQUFJLE9BQU8sTUFBTSxTQUFVLEtBQUlGLE9BQU0sQ0FBQztBQUN0QyxRQUFJLGFBQWEsSUFBSyxRQUFPLEVBQUU7QUFDL0IsUUFBSSxPQUFPLEVBQUUsT0FBTyxtQkFBbUIsRUFBRSxJQUFJLEVBQUUsUUFBUSxRQUFRLEdBQUcsSUFBSSxNQUFNO0FBQzVFLFFBQUksT0FBTyxFQUFFLE9BQU8sRUFBRSxPQUFPLEVBQUUsV0FBVyxFQUFFLFlBQVksRUFBRSxPQUFPLE1BQU0sRUFBRSxPQUFPLE1BQU07QUFDdEYsVUFBTSxXQUFXLEVBQUUsV0FBWSxFQUFFLFNBQVMsU0FBUyxHQUFHLElBQUksRUFBRSxXQUFXLEVBQUUsV0FBVyxNQUFPO0FBQzNGLFFBQUksU0FBUyxFQUFFLFdBQVcsRUFBRSxTQUFTLE9BQU8sRUFBRSxVQUFVLFlBQVksT0FBTyxLQUFLLEVBQUUsS0FBSyxFQUFFLFNBQVMsTUFBTSxvQkFBWSxVQUFVLEVBQUUsS0FBSyxJQUFJLE9BQU8sRUFBRSxVQUFVLFlBQVksRUFBRSxRQUFRLE1BQU0sRUFBRSxRQUFRO0FBQ2xNLFFBQUksVUFBVSxDQUFDLE9BQU8sV0FBVyxHQUFHLEVBQUcsVUFBUyxNQUFNO0FBQ3RELFFBQUlDLFFBQU8sRUFBRSxRQUFRO0FBQ3JCLFFBQUlBLFNBQVEsQ0FBQ0EsTUFBSyxXQUFXLEdBQUcsRUFBRyxDQUFBQSxRQUFPLE1BQU1BO0FBQ2hELFFBQUksV0FBVyxFQUFFLFlBQVk7QUFDN0IsVUFBTSxVQUFVLEVBQUUsV0FBVyw0QkFBNEIsS0FBSyxRQUFRO0FBQ3RFLFFBQUksWUFBWSxRQUFRLGFBQWEsVUFBVTtBQUM3QyxVQUFJLFlBQVksQ0FBQyxTQUFTLFdBQVcsR0FBRyxFQUFHLFlBQVcsTUFBTTtBQUM1RCxhQUFPLE9BQU8sT0FBTztBQUNyQixhQUFPO0FBQUEsSUFDVCxPQUFPO0FBQ0wsYUFBTyxPQUFPO0FBQUEsSUFDaEI7QUFDQSxXQUFPLFdBQVcsT0FBTyxTQUFTLFFBQVEsU0FBUyxrQkFBa0IsSUFBSSxPQUFPLFFBQVEsS0FBSyxLQUFLLElBQUlBO0FBQUEsRUFDeEc7QUFDTyxXQUFTRSxTQUFRLE1BQU0sSUFBSTtBQUNoQyxRQUFJLDRCQUE0QixLQUFLLElBQUksRUFBRyxRQUFPLElBQUksSUFBSSxJQUFJLElBQUksRUFBRTtBQUNyRSxVQUFNLE9BQU8sSUFBSSxJQUFJLE1BQU0seUJBQXlCO0FBQ3BELFVBQU0sSUFBSSxJQUFJLElBQUksSUFBSSxJQUFJO0FBQzFCLFFBQUksRUFBRSxXQUFXLEtBQUssT0FBUSxRQUFPLEVBQUU7QUFDdkMsVUFBTUosUUFBTyxFQUFFLFdBQVcsRUFBRSxTQUFTLEVBQUU7QUFDdkMsV0FBTyxLQUFLLFdBQVcsR0FBRyxJQUFJQSxRQUFPQSxNQUFLLE1BQU0sQ0FBQztBQUFBLEVBQ25EO0FBQ08sTUFBTSxnQkFBZ0IsQ0FBQyxNQUFNLE9BQU9DLE9BQU1HLFNBQVEsTUFBTSxFQUFFLENBQUM7QUFDM0QsTUFBTSxrQkFBa0IsQ0FBQyxNQUFPLGFBQWEsT0FBUSxPQUFPLE1BQU0sWUFBWSxFQUFFLFdBQVcsT0FBTyxJQUFLLGNBQWMsQ0FBQyxJQUFJO0FBQ2pJLE1BQU8sY0FBUSxFQUFFLEtBQUssaUJBQWlCLGVBQWUsZUFBZSxlQUFlLGlCQUFpQixrQkFBa0IsS0FBSyxPQUFBSCxRQUFPLFFBQUFFLFNBQVEsU0FBQUMsVUFBUyxlQUFlLGdCQUFnQjs7O0FMOUVuTCxXQUFTLE9BQU8sR0FBRztBQUNqQixRQUFJO0FBQ0YsUUFBRTtBQUNGLGFBQU87QUFBQSxJQUNULFNBQVMsR0FBRztBQUNWLGFBQU8sRUFBRSxNQUFNLEVBQUUsTUFBTSxNQUFNLEVBQUUsTUFBTSxTQUFTLEVBQUUsUUFBUTtBQUFBLElBQzFEO0FBQUEsRUFDRjtBQUVPLE1BQU0sU0FBUztBQUFBLElBQ3BCLFNBQVM7QUFDUCxZQUFNLElBQUlDLFFBQU8sS0FBSyxhQUFhO0FBQ25DLFlBQU0sSUFBSUEsUUFBTyxNQUFNLEVBQUU7QUFDekIsUUFBRSxjQUFjLFlBQVksQ0FBQztBQUM3QixRQUFFLGNBQWMsTUFBUSxDQUFDO0FBQ3pCLFFBQUUsVUFBVSxJQUFJLENBQUM7QUFDakIsUUFBRSxpQkFBaUIsZUFBZSxDQUFDO0FBQ25DLGFBQU87QUFBQSxRQUNMLFFBQVEsT0FBT0EsWUFBVyxjQUFjQSxZQUFXQSxXQUF5QkEsWUFBV0E7QUFBQSxRQUN2RixjQUFjLGFBQWE7QUFBQSxRQUMzQixRQUFRLEVBQUU7QUFBQSxRQUNWLFlBQVlBLFFBQU8sV0FBVyxPQUFPO0FBQUEsUUFDckMsTUFBTSxFQUFFLFNBQVM7QUFBQSxRQUNqQixLQUFLLEVBQUUsU0FBUyxLQUFLO0FBQUEsUUFDckIsUUFBUSxFQUFFLFNBQVMsUUFBUTtBQUFBLFFBQzNCLFdBQVdBLFFBQU8sS0FBSyxDQUFDLEtBQU0sS0FBTSxHQUFJLENBQUMsRUFBRSxTQUFTLFdBQVc7QUFBQSxRQUMvRCxRQUFRQSxRQUFPLEtBQUssU0FBUyxRQUFRLEVBQUUsU0FBUyxLQUFLO0FBQUEsUUFDckQsT0FBT0EsUUFBTyxLQUFLLENBQUMsS0FBTSxHQUFJLENBQUMsRUFBRSxTQUFTLE9BQU87QUFBQSxRQUNqRCxTQUFTQSxRQUFPLEtBQUssTUFBTSxTQUFTLEVBQUUsU0FBUyxLQUFLO0FBQUEsUUFDcEQsU0FBU0EsUUFBTyxLQUFLLGdCQUFnQixLQUFLLEVBQUUsU0FBUztBQUFBLFFBQ3JELFlBQVlBLFFBQU8sS0FBSyxtQkFBbUIsUUFBUSxFQUFFLFNBQVM7QUFBQSxRQUM5RCxlQUFlQSxRQUFPLEtBQUssUUFBUSxXQUFXLEVBQUUsU0FBUyxLQUFLO0FBQUEsUUFDOUQsV0FBV0EsUUFBTyxLQUFLLENBQUMsR0FBRyxHQUFHLEtBQUssRUFBRSxDQUFDLEVBQUUsT0FBTztBQUFBLFFBQy9DLFFBQVFBLFFBQU8sT0FBTyxDQUFDQSxRQUFPLEtBQUssSUFBSSxHQUFHQSxRQUFPLEtBQUssSUFBSSxDQUFDLEdBQUcsQ0FBQyxFQUFFLFNBQVM7QUFBQSxRQUMxRSxTQUFTLENBQUNBLFFBQU8sUUFBUUEsUUFBTyxLQUFLLEdBQUcsR0FBR0EsUUFBTyxLQUFLLEdBQUcsQ0FBQyxHQUFHQSxRQUFPLEtBQUssR0FBRyxFQUFFLFFBQVFBLFFBQU8sS0FBSyxHQUFHLENBQUMsR0FBR0EsUUFBTyxLQUFLLEdBQUcsRUFBRSxPQUFPQSxRQUFPLEtBQUssR0FBRyxDQUFDLENBQUM7QUFBQSxRQUNuSixVQUFVLENBQUNBLFFBQU8sU0FBUyxDQUFDLEdBQUdBLFFBQU8sU0FBUyxJQUFJLFdBQVcsQ0FBQyxDQUFDLENBQUM7QUFBQSxRQUNqRSxjQUFjLE1BQU07QUFBRSxnQkFBTSxJQUFJLEVBQUUsTUFBTSxHQUFHLENBQUM7QUFBRyxZQUFFLENBQUMsSUFBSTtBQUFJLGlCQUFPLEVBQUUsU0FBUyxFQUFFLE1BQU0sR0FBRyxDQUFDO0FBQUEsUUFBRyxHQUFHO0FBQUEsUUFDOUYsVUFBVSxFQUFFLFNBQVMsR0FBRyxDQUFDLEVBQUUsU0FBUyxLQUFLO0FBQUEsUUFDekMsUUFBUSxNQUFNO0FBQUUsZ0JBQU1DLEtBQUlELFFBQU8sTUFBTSxDQUFDO0FBQUcsZ0JBQU0sSUFBSUMsR0FBRSxNQUFNLE9BQU8sQ0FBQztBQUFHLGlCQUFPLENBQUMsR0FBR0EsR0FBRSxTQUFTLEtBQUssQ0FBQztBQUFBLFFBQUcsR0FBRztBQUFBLFFBQzFHLFdBQVcsTUFBTTtBQUFFLGdCQUFNQSxLQUFJRCxRQUFPLE1BQU0sQ0FBQztBQUFHLGlCQUFPLENBQUNDLEdBQUUsTUFBTSxJQUFJLEdBQUdBLEdBQUUsU0FBUyxLQUFLLENBQUM7QUFBQSxRQUFHLEdBQUc7QUFBQSxRQUM1RixNQUFNLENBQUMsRUFBRSxhQUFhLENBQUMsR0FBRyxFQUFFLGFBQWEsQ0FBQyxHQUFHLEVBQUUsU0FBUyxDQUFDLEdBQUcsRUFBRSxhQUFhLENBQUMsR0FBRyxFQUFFLFlBQVksQ0FBQyxHQUFHLEVBQUUsU0FBUyxLQUFLLENBQUM7QUFBQSxRQUNsSCxTQUFTLENBQUMsT0FBTyxFQUFFLGdCQUFnQixDQUFDLENBQUMsR0FBRyxPQUFPLEVBQUUsZ0JBQWdCLENBQUMsQ0FBQyxHQUFHLE9BQU9ELFFBQU8sS0FBSyxvQkFBb0IsS0FBSyxFQUFFLGVBQWUsQ0FBQyxDQUFDLENBQUM7QUFBQSxRQUN0SSxVQUFVLE1BQU07QUFBRSxnQkFBTSxJQUFJQSxRQUFPLE1BQU0sQ0FBQztBQUFHLFlBQUUsY0FBYyxHQUFHO0FBQUcsaUJBQU8sQ0FBQyxFQUFFLFNBQVMsS0FBSyxHQUFHLEVBQUUsYUFBYSxDQUFDLENBQUM7QUFBQSxRQUFHLEdBQUc7QUFBQSxRQUNySCxTQUFTLENBQUMsRUFBRSxRQUFRLEdBQUcsR0FBRyxFQUFFLFlBQVksR0FBRyxHQUFHLEVBQUUsUUFBUUEsUUFBTyxLQUFLLElBQUksQ0FBQyxHQUFHLEVBQUUsU0FBUyxLQUFLLEdBQUcsRUFBRSxRQUFRLEtBQU0sQ0FBQyxDQUFDO0FBQUEsUUFDakgsTUFBTSxDQUFDQSxRQUFPLE1BQU0sR0FBRyxJQUFJLEVBQUUsU0FBUyxHQUFHQSxRQUFPLE1BQU0sQ0FBQyxFQUFFLEtBQUssR0FBRyxHQUFHLENBQUMsRUFBRSxTQUFTLEtBQUssQ0FBQztBQUFBLFFBQ3RGLE9BQU8sTUFBTTtBQUFFLGdCQUFNLElBQUlBLFFBQU8sTUFBTSxHQUFHLEdBQUc7QUFBRyxnQkFBTSxJQUFJQSxRQUFPLEtBQUssS0FBSyxFQUFFLEtBQUssR0FBRyxHQUFHLENBQUM7QUFBRyxpQkFBTyxDQUFDLEdBQUcsRUFBRSxTQUFTLENBQUM7QUFBQSxRQUFHLEdBQUc7QUFBQSxRQUN4SCxNQUFNLEtBQUssVUFBVUEsUUFBTyxLQUFLLElBQUksQ0FBQztBQUFBLFFBQ3RDLFNBQVMsYUFBSyxRQUFRQSxRQUFPLEtBQUssSUFBSSxDQUFDO0FBQUEsUUFDdkMsUUFBUTtBQUFBLFVBQ04sT0FBTyxNQUFNQSxRQUFPLEtBQUssQ0FBQyxDQUFDLENBQUM7QUFBQSxVQUM1QixPQUFPLE1BQU1BLFFBQU8sTUFBTSxFQUFFLENBQUM7QUFBQSxVQUM3QixPQUFPLE1BQU1BLFFBQU8sTUFBTSxDQUFDLEVBQUUsYUFBYSxDQUFDLENBQUM7QUFBQSxVQUM1QyxPQUFPLE1BQU1BLFFBQU8sTUFBTSxDQUFDLEVBQUUsV0FBVyxLQUFLLENBQUMsQ0FBQztBQUFBLFVBQy9DLE9BQU8sTUFBTUEsUUFBTyxLQUFLLEtBQUssTUFBTSxDQUFDO0FBQUEsUUFDdkM7QUFBQSxNQUNGO0FBQUEsSUFDRjtBQUFBLElBRUEsU0FBUztBQUNQLFlBQU0sSUFBSSxJQUFJLGVBQWE7QUFDM0IsWUFBTSxPQUFPLENBQUM7QUFDZCxRQUFFLEdBQUcsS0FBSyxDQUFDLEdBQUcsTUFBTSxLQUFLLEtBQUssTUFBTSxDQUFDLEdBQUcsQ0FBQyxFQUFFLENBQUM7QUFDNUMsUUFBRSxLQUFLLEtBQUssQ0FBQyxNQUFNLEtBQUssS0FBSyxRQUFRLENBQUMsRUFBRSxDQUFDO0FBQ3pDLFFBQUUsZ0JBQWdCLEtBQUssTUFBTSxLQUFLLEtBQUssT0FBTyxDQUFDO0FBQy9DLFlBQU0sS0FBSyxFQUFFLEtBQUssS0FBSyxHQUFHLENBQUM7QUFDM0IsUUFBRSxLQUFLLEtBQUssR0FBRyxDQUFDO0FBQ2hCLFlBQU0sS0FBSyxFQUFFLEtBQUssU0FBUztBQUFBLE1BQzNCLE1BQU0sWUFBWSxlQUFhO0FBQUEsTUFBQztBQUNoQyxZQUFNLElBQUksSUFBSSxJQUFJO0FBQ2xCLFlBQU0sYUFBYSxPQUFPLE1BQU0sRUFBRSxLQUFLLFNBQVMsSUFBSSxVQUFVLE1BQU0sQ0FBQyxDQUFDO0FBQ3RFLFFBQUUsSUFBSSxLQUFLLEVBQUUsVUFBVSxHQUFHLEVBQUUsQ0FBQyxDQUFDO0FBQzlCLGFBQU8sRUFBRSxNQUFNLElBQUksSUFBSSxPQUFPLEVBQUUsY0FBYyxHQUFHLEdBQUcsT0FBTyxFQUFFLFdBQVcsR0FBRyxZQUFZLFdBQVcsYUFBYSxnQkFBYyxLQUFLLEVBQUUsZ0JBQWdCLEVBQUU7QUFBQSxJQUN4SjtBQUFBLElBRU0sYUFBYTtBQUFBO0FBQ2pCLGNBQU0sSUFBSSxJQUFJLGVBQWE7QUFDM0IsbUJBQVcsTUFBTSxFQUFFLEtBQUssU0FBUyxJQUFJLEdBQUcsR0FBRyxDQUFDO0FBQzVDLGVBQU8sRUFBRSxNQUFNLE1BQU0sS0FBSyxHQUFHLE9BQU8sRUFBRTtBQUFBLE1BQ3hDO0FBQUE7QUFBQSxJQUVBLE9BQU87QUFDTCxZQUFNLFdBQVcsRUFBRSxNQUFNLElBQUk7QUFDN0IsZUFBUyxPQUFPO0FBQUEsTUFDaEIsTUFBTSxNQUFNO0FBQUEsUUFBRSxjQUFjO0FBQUUsZUFBSyxJQUFJO0FBQUcsZUFBSyxJQUFJO0FBQUEsUUFBRztBQUFBLE1BQUU7QUFDeEQsYUFBTztBQUFBLFFBQ0wsU0FBUztBQUFBLFVBQ1AsUUFBUSxFQUFFLEdBQUcsR0FBRyxHQUFHLE9BQU8sR0FBRyxDQUFDLEdBQUcsR0FBRyxDQUFDLEdBQUcsR0FBRyxFQUFFLEdBQUcsRUFBRSxHQUFHLEVBQUUsR0FBRyxFQUFFLEVBQUUsRUFBRSxFQUFFLENBQUM7QUFBQSxVQUNuRSxRQUFRLE1BQU07QUFBQSxVQUNkLFFBQVEsQ0FBQyxHQUFHLEdBQUcsR0FBRyxHQUFHLEdBQUcsR0FBRyxHQUFHLEdBQUcsR0FBRyxJQUFJLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxJQUFJLElBQUksSUFBSSxJQUFJLElBQUksRUFBRSxDQUFDO0FBQUEsVUFDM0csUUFBUSxvQkFBSSxJQUFJLENBQUMsQ0FBQyxLQUFLLENBQUMsQ0FBQyxDQUFDLENBQUM7QUFBQSxVQUMzQixRQUFRLG9CQUFJLElBQUksQ0FBQyxHQUFHLEdBQUcsQ0FBQyxDQUFDO0FBQUEsVUFDekIsUUFBUSxRQUFRO0FBQUEsVUFDaEIsUUFBUSxJQUFJLE1BQU0sQ0FBQztBQUFBLFVBQ25CLFFBQVEsSUFBSTtBQUFBLFVBQ1osUUFBUSxDQUFDLFFBQVcsTUFBTSxJQUFJLEtBQUssdUJBQU8sR0FBRyxDQUFDLENBQUM7QUFBQSxVQUMvQyxRQUFRLFNBQVMsUUFBUTtBQUFBLFVBQUMsQ0FBQztBQUFBLFVBQzNCLFFBQVEsTUFBTSxFQUFFO0FBQUEsVUFBQyxDQUFDO0FBQUEsVUFDbEIsUUFBUSxFQUFFLE9BQU8sR0FBRyxDQUFDLHVCQUFPLEdBQUcsQ0FBQyxHQUFHLEVBQUUsQ0FBQztBQUFBLFVBQ3RDLFFBQVEsSUFBSSxXQUFXLENBQUMsR0FBRyxDQUFDLENBQUMsQ0FBQztBQUFBLFVBQzlCLFFBQVEsRUFBRSxNQUFNLElBQUksT0FBTyxFQUFFLEdBQUcsT0FBTyxFQUFFLENBQUM7QUFBQSxVQUMxQyxRQUFRLHVCQUFPLE9BQU8sSUFBSSxDQUFDO0FBQUEsVUFDM0IsUUFBUSxDQUFDLENBQUMsQ0FBQyxDQUFDO0FBQUEsVUFDWixRQUFRLENBQUMsQ0FBQztBQUFBLFVBQ1YsUUFBUSxvQkFBSSxLQUFLLENBQUMsQ0FBQztBQUFBLFVBQ25CLFFBQVEsS0FBSztBQUFBLFFBQ2Y7QUFBQSxRQUNBLFFBQVE7QUFBQSxVQUNOLE9BQU8sNkJBQTZCLE9BQU8sTUFBTSxNQUFNLEtBQUs7QUFBQSxVQUM1RCxPQUFPLFNBQVMsRUFBRSxHQUFHLEVBQUUsR0FBRyxDQUFDLENBQUMsQ0FBQztBQUFBLFVBQzdCLE9BQU8sU0FBUyxNQUFNO0FBQUEsVUFDdEIsT0FBTyxZQUFZLFFBQVEsU0FBUyxDQUFDO0FBQUEsVUFDckMsT0FBTyxHQUFHLEtBQUssRUFBRSxHQUFHLEVBQUUsQ0FBQztBQUFBLFVBQ3ZCLE9BQU8sTUFBTSxFQUFFLEdBQUcsQ0FBQyxDQUFDLEVBQUUsQ0FBQztBQUFBLFFBQ3pCO0FBQUEsUUFDQSxPQUFPLENBQUMsYUFBSyxNQUFNLE9BQU8sb0JBQUksS0FBSyxDQUFDLEdBQUcsYUFBSyxNQUFNLFNBQVMsR0FBRyxHQUFHLGFBQUssTUFBTSxVQUFVLFFBQVEsUUFBUSxDQUFDLEdBQUcsYUFBSyxNQUFNLGFBQWFBLFFBQU8sTUFBTSxDQUFDLENBQUMsQ0FBQztBQUFBLFFBQ2xKLE1BQU0sQ0FBQyxhQUFLLGtCQUFrQixFQUFFLEdBQUcsQ0FBQyxHQUFHLEVBQUUsR0FBRyxFQUFFLENBQUMsRUFBRSxHQUFHLEVBQUUsR0FBRyxDQUFDLEdBQUcsRUFBRSxHQUFHLEVBQUUsQ0FBQyxFQUFFLENBQUMsR0FBRyxhQUFLLGtCQUFrQixFQUFFLEdBQUcsRUFBRSxHQUFHLEVBQUUsR0FBRyxJQUFJLENBQUMsQ0FBQztBQUFBLFFBQ3ZILFdBQVcsTUFBTTtBQUFFLG1CQUFTLElBQUk7QUFBQSxVQUFDO0FBQUUsbUJBQVMsSUFBSTtBQUFBLFVBQUM7QUFBRSx1QkFBSyxTQUFTLEdBQUcsQ0FBQztBQUFHLGlCQUFPLElBQUksRUFBRSxhQUFhLEtBQUssRUFBRSxXQUFXO0FBQUEsUUFBRyxHQUFHO0FBQUEsTUFDNUg7QUFBQSxJQUNGO0FBQUEsSUFFTSxnQkFBZ0I7QUFBQTtBQUNwQixjQUFNLEtBQUssQ0FBQyxHQUFHLFNBQVMsV0FBVyxNQUFPLElBQUksS0FBSyxNQUFNLElBQUksQ0FBQyxJQUFJLEtBQUssSUFBSSxNQUFNLE1BQU0sQ0FBQyxHQUFJLENBQUM7QUFDN0YsY0FBTSxJQUFJLFVBQVUsRUFBRTtBQUN0QixZQUFJO0FBQ0osWUFBSTtBQUFFLGdCQUFNLEVBQUUsQ0FBQztBQUFBLFFBQUcsU0FBUyxHQUFHO0FBQUUscUJBQVcsRUFBRTtBQUFBLFFBQVM7QUFDdEQsY0FBTSxPQUFPLE1BQU0sSUFBSSxRQUFRLENBQUNFLGFBQVksYUFBSyxZQUFZLENBQU8sTUFBRztBQUFHLHFCQUFJO0FBQUEsVUFBQyxFQUFFLEdBQUcsQ0FBQyxLQUFLLE1BQU1BLFNBQVEsQ0FBQyxLQUFLLENBQUMsQ0FBQyxDQUFDLENBQUM7QUFDbEgsZUFBTyxFQUFFLE9BQU8sTUFBTSxFQUFFLEVBQUUsR0FBRyxVQUFVLEtBQUs7QUFBQSxNQUM5QztBQUFBO0FBQUEsSUFFQSxTQUFTO0FBQ1AscUJBQU8sSUFBSTtBQUNYLHFCQUFPLEdBQUcsQ0FBQztBQUNYLHFCQUFPLE1BQU0sR0FBRyxDQUFDO0FBQ2pCLHFCQUFPLGdCQUFnQixFQUFFLEdBQUcsQ0FBQyxHQUFHLENBQUMsRUFBRSxHQUFHLEVBQUUsR0FBRyxDQUFDLEdBQUcsQ0FBQyxFQUFFLENBQUM7QUFDbkQscUJBQU8sT0FBTyxNQUFNO0FBQUUsY0FBTSxJQUFJLFVBQVUsR0FBRztBQUFBLE1BQUcsR0FBRyxTQUFTO0FBQzVELE1BQUFDLGFBQVMsR0FBRyxDQUFDO0FBQ2IsWUFBTSxXQUFXO0FBQUEsUUFDZixPQUFPLE1BQU0sZUFBTyxZQUFZLEdBQUcsQ0FBQyxDQUFDO0FBQUEsUUFDckMsT0FBTyxNQUFNLGVBQU8sZ0JBQWdCLEVBQUUsR0FBRyxFQUFFLEdBQUcsRUFBRSxHQUFHLEVBQUUsQ0FBQyxDQUFDO0FBQUEsUUFDdkQsT0FBTyxNQUFNLGVBQU8sT0FBTyxnQkFBZ0IsQ0FBQztBQUFBLFFBQzVDLE9BQU8sTUFBTSxlQUFPLE9BQU8sTUFBTTtBQUFBLFFBQUMsQ0FBQyxDQUFDO0FBQUEsUUFDcEMsT0FBTyxNQUFNLGVBQU8sZUFBZSxHQUFHLENBQUMsQ0FBQztBQUFBLFFBQ3hDLE9BQU8sTUFBTSxlQUFPLEtBQUssTUFBTSxDQUFDO0FBQUEsUUFDaEMsT0FBTyxNQUFNLGVBQU8sTUFBTSxPQUFPLEdBQUcsQ0FBQztBQUFBLFFBQ3JDLE9BQU8sTUFBTSxlQUFPLE1BQU0sR0FBRyxHQUFHLENBQUM7QUFBQSxRQUNqQyxPQUFPLE1BQU0sZUFBTyxVQUFVLEVBQUUsR0FBRyxFQUFFLEdBQUcsRUFBRSxHQUFHLElBQUksQ0FBQyxDQUFDO0FBQUEsUUFDbkQsT0FBTyxNQUFNLGVBQU8sQ0FBQztBQUFBLE1BQ3ZCLEVBQUUsSUFBSSxDQUFDLE9BQU8sRUFBRSxNQUFNLEVBQUUsTUFBTSxNQUFNLEVBQUUsS0FBSyxFQUFFO0FBQzdDLFlBQU0sS0FBSyxNQUFNO0FBQUUsWUFBSTtBQUFFLHlCQUFPLFlBQVksR0FBRyxDQUFDO0FBQUEsUUFBRyxTQUFTLEtBQUs7QUFBRSxpQkFBTztBQUFBLFFBQUs7QUFBQSxNQUFFLEdBQUc7QUFDcEYsYUFBTyxFQUFFLFVBQVUsUUFBUSxDQUFDLEVBQUUsUUFBUSxFQUFFLFVBQVUsRUFBRSxVQUFVLGFBQWEsZUFBTyxnQkFBZ0IsYUFBYSxLQUFLLEVBQUU7QUFBQSxJQUN4SDtBQUFBLElBRUEsT0FBTztBQUNMLGFBQU87QUFBQSxRQUNMLE1BQU0sYUFBSyxLQUFLLE1BQU0sVUFBVSxTQUFTO0FBQUEsUUFDekMsU0FBUyxDQUFDLGFBQUssUUFBUSxNQUFNLEtBQUssTUFBTSxHQUFHLEdBQUcsYUFBSyxRQUFRLEtBQUssQ0FBQztBQUFBLFFBQ2pFLFdBQVcsQ0FBQyxhQUFLLFVBQVUsY0FBYyxHQUFHLGFBQUssVUFBVSxTQUFTLEdBQUcsYUFBSyxVQUFVLEVBQUUsQ0FBQztBQUFBLFFBQ3pGLFVBQVUsYUFBSyxTQUFTLGFBQWEsU0FBUztBQUFBLFFBQzlDLFNBQVMsQ0FBQyxhQUFLLFFBQVEsWUFBWSxHQUFHLGFBQUssUUFBUSxPQUFPLEdBQUcsYUFBSyxRQUFRLEdBQUcsQ0FBQztBQUFBLFFBQzlFLFVBQVUsQ0FBQyxhQUFLLFNBQVMsWUFBWSxHQUFHLGFBQUssU0FBUyxjQUFjLE1BQU0sR0FBRyxhQUFLLFNBQVMsT0FBTyxDQUFDO0FBQUEsUUFDbkcsU0FBUyxDQUFDLGFBQUssUUFBUSxVQUFVLEdBQUcsYUFBSyxRQUFRLFVBQVUsR0FBRyxhQUFLLFFBQVEsSUFBSSxDQUFDO0FBQUEsUUFDaEYsT0FBTyxhQUFLLE1BQU0sa0JBQWtCO0FBQUEsUUFDcEMsUUFBUSxhQUFLLE9BQU8sRUFBRSxLQUFLLFFBQVEsTUFBTSxLQUFLLEtBQUssTUFBTSxDQUFDO0FBQUEsUUFDMUQsWUFBWSxDQUFDLGFBQUssV0FBVyxJQUFJLEdBQUcsYUFBSyxXQUFXLEdBQUcsQ0FBQztBQUFBLFFBQ3hELEtBQUssQ0FBQyxhQUFLLEtBQUssYUFBSyxXQUFXLGFBQUssVUFBVSxZQUFJO0FBQUEsUUFDbkQsS0FBSyxPQUFPLE1BQU0sYUFBSyxLQUFLLEtBQUssQ0FBQyxDQUFDO0FBQUEsTUFDckM7QUFBQSxJQUNGO0FBQUEsSUFFTSxTQUFTO0FBQUE7QUFDYixjQUFNLElBQUksU0FBUyxLQUFLLENBQUMsS0FBSyxLQUFLLEdBQUcsQ0FBQztBQUN2QyxjQUFNLE1BQU0sQ0FBQztBQUNiO0FBQUEscUNBQXNCLElBQXRCLFlBQUFDLFFBQUEsdURBQXlCO0FBQWQsa0JBQU0sSUFBakI7QUFBeUIsZ0JBQUksS0FBSyxDQUFDO0FBQUE7QUFBQSxpQkFBbkMsTUFqTUo7QUFpTUksVUFBQUEsU0FBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUEsZ0JBQUFBO0FBQUEsb0JBQUFBLE9BQUE7QUFBQTtBQUFBO0FBQ0EsY0FBTSxRQUFRLElBQUksVUFBVSxFQUFFLFVBQVUsT0FBTyxLQUFLLElBQUk7QUFBRSxhQUFHLE1BQU0sTUFBTSxTQUFTLEVBQUUsWUFBWSxDQUFDO0FBQUEsUUFBRyxFQUFFLENBQUM7QUFDdkcsY0FBTSxPQUFPLENBQUM7QUFDZCxjQUFNSCxLQUFJLElBQUksU0FBUyxFQUFFLE1BQU0sT0FBTyxLQUFLLElBQUk7QUFBRSxlQUFLLEtBQUssTUFBTSxTQUFTLENBQUM7QUFBRyxhQUFHO0FBQUEsUUFBRyxFQUFFLENBQUM7QUFDdkYsY0FBTUksVUFBYyxTQUFTLEtBQUssQ0FBQyxLQUFLLEdBQUcsQ0FBQyxHQUFHLE9BQU9KLEVBQUM7QUFDdkQsY0FBTSxTQUFTLENBQUM7QUFDaEIsY0FBTSxNQUFNLElBQUksU0FBUyxFQUFFLE9BQU87QUFBQSxRQUFDLEVBQUUsQ0FBQztBQUN0QyxZQUFJLEdBQUcsUUFBUSxDQUFDLE1BQU0sT0FBTyxLQUFLLFVBQVUsQ0FBQyxDQUFDO0FBQzlDLFlBQUksR0FBRyxPQUFPLE1BQU0sT0FBTyxLQUFLLEtBQUssQ0FBQztBQUN0QyxZQUFJLEtBQUssR0FBRztBQUNaLFlBQUksS0FBSyxHQUFHO0FBQ1osWUFBSSxLQUFLLElBQUk7QUFDYixjQUFNLElBQUksUUFBUSxDQUFDQyxhQUFZLElBQUksR0FBRyxTQUFTQSxRQUFPLENBQUM7QUFDdkQsY0FBTSxPQUFPLElBQUksWUFBWTtBQUM3QixjQUFNLFNBQVMsQ0FBQztBQUNoQixhQUFLLEdBQUcsUUFBUSxDQUFDLE1BQU0sT0FBTyxLQUFLLEVBQUUsU0FBUyxDQUFDLENBQUM7QUFDaEQsYUFBSyxNQUFNLEdBQUc7QUFDZCxhQUFLLElBQUksR0FBRztBQUNaLGNBQU0sSUFBSSxRQUFRLENBQUNBLGFBQVksS0FBSyxHQUFHLFVBQVVBLFFBQU8sQ0FBQztBQUN6RCxjQUFNLFNBQVMsTUFBTSxJQUFJLFFBQVEsQ0FBQ0EsYUFBWSxTQUFTLFNBQVMsS0FBSyxDQUFDLEdBQUcsQ0FBQyxHQUFHLElBQUksVUFBVSxFQUFFLFVBQVUsR0FBRyxHQUFHLElBQUk7QUFBRSxhQUFHLElBQUksTUFBTSxXQUFXLENBQUM7QUFBQSxRQUFHLEVBQUUsQ0FBQyxHQUFHLElBQUksWUFBWSxHQUFHLENBQUMsUUFBUUEsU0FBUSxPQUFPLElBQUksT0FBTyxDQUFDLENBQUM7QUFDN00sY0FBTSxjQUFjLENBQUM7QUFDckIsY0FBTUksTUFBSyxJQUFJLFNBQVMsRUFBRSxNQUFNLEdBQUcsR0FBRyxJQUFJO0FBQUUsc0JBQVksS0FBSyxPQUFPO0FBQUcsYUFBRztBQUFBLFFBQUcsR0FBRyxNQUFNLElBQUk7QUFBRSxzQkFBWSxLQUFLLE9BQU87QUFBRyxhQUFHO0FBQUEsUUFBRyxFQUFFLENBQUM7QUFDaEksUUFBQUEsSUFBRyxHQUFHLFVBQVUsTUFBTSxZQUFZLEtBQUssUUFBUSxDQUFDO0FBQ2hELFFBQUFBLElBQUcsTUFBTSxHQUFHO0FBQ1osUUFBQUEsSUFBRyxJQUFJO0FBQ1AsY0FBTSxJQUFJLFFBQVEsQ0FBQ0osYUFBWUksSUFBRyxHQUFHLFNBQVNKLFFBQU8sQ0FBQztBQUN0RCxlQUFPLEVBQUUsS0FBSyxNQUFNLFFBQVEsUUFBUSxRQUFRLGFBQWEsVUFBVSxNQUFNLElBQUksUUFBUSxDQUFDQSxhQUFZSSxJQUFHLE1BQU0sUUFBUSxDQUFDLFFBQVFKLFNBQVEsT0FBTyxJQUFJLElBQUksQ0FBQyxDQUFDLEVBQUU7QUFBQSxNQUN6SjtBQUFBO0FBQUEsSUFFQSxnQkFBZ0I7QUFDZCxZQUFNLElBQUksSUFBSSxjQUFjLE1BQU07QUFDbEMsWUFBTSxPQUFPRixRQUFPLEtBQUssR0FBRztBQUM1QixZQUFNLFFBQVEsQ0FBQyxFQUFFLE1BQU0sS0FBSyxTQUFTLEdBQUcsQ0FBQyxDQUFDLEdBQUcsRUFBRSxNQUFNLEtBQUssU0FBUyxHQUFHLENBQUMsQ0FBQyxHQUFHLEVBQUUsTUFBTSxLQUFLLFNBQVMsQ0FBQyxDQUFDLEdBQUcsRUFBRSxJQUFJQSxRQUFPLEtBQUssQ0FBQyxHQUFJLENBQUMsQ0FBQyxDQUFDO0FBQ2hJLFlBQU1PLEtBQUksSUFBSSxjQUFjLEtBQUs7QUFDakMsWUFBTSxJQUFJLElBQUksY0FBYyxRQUFRO0FBQ3BDLGFBQU8sRUFBRSxPQUFPLEtBQUtBLEdBQUUsTUFBTVAsUUFBTyxLQUFLLENBQUMsR0FBRyxHQUFHLENBQUMsQ0FBQyxHQUFHLFFBQVEsQ0FBQyxFQUFFLE1BQU1BLFFBQU8sS0FBSyxJQUFJLENBQUMsR0FBRyxFQUFFLE1BQU1BLFFBQU8sS0FBSyxHQUFHLENBQUMsR0FBRyxFQUFFLElBQUksQ0FBQyxHQUFHLFVBQVUsSUFBSSxjQUFjLE9BQU8sRUFBRSxVQUFVLEtBQUssT0FBTyxNQUFNLElBQUksY0FBYyxNQUFNLENBQUMsRUFBRTtBQUFBLElBQzdOO0FBQUEsSUFFQSxTQUFTO0FBQ1AsWUFBTSxTQUFTLENBQUM7QUFDaEIsaUJBQVcsS0FBSyxDQUFDLE9BQU8sUUFBUSxVQUFVLFVBQVUsUUFBUSxFQUFHLFFBQU8sQ0FBQyxJQUFJLFdBQVcsQ0FBQyxFQUFFLE9BQU8sS0FBSyxFQUFFLE9BQU8sS0FBSztBQUNuSCxZQUFNTyxLQUFJLFdBQVcsUUFBUSxFQUFFLE9BQU8sR0FBRyxFQUFFLE9BQU9QLFFBQU8sS0FBSyxHQUFHLENBQUMsRUFBRSxPQUFPLElBQUksV0FBVyxDQUFDLEVBQUUsQ0FBQyxDQUFDO0FBQy9GLFlBQU0sT0FBT08sR0FBRSxLQUFLO0FBQ3BCLFlBQU0sT0FBTyxXQUFXO0FBQ3hCLFlBQU0sTUFBTSxZQUFZLEVBQUU7QUFDMUIsYUFBTztBQUFBLFFBQ0w7QUFBQSxRQUNBLFNBQVNBLEdBQUUsT0FBTyxRQUFRO0FBQUEsUUFDMUIsTUFBTSxLQUFLLE9BQU8sRUFBRTtBQUFBLFFBQ3BCLGNBQWNQLFFBQU8sU0FBUyxXQUFXLE1BQU0sRUFBRSxPQUFPLEVBQUUsRUFBRSxPQUFPLENBQUM7QUFBQSxRQUNwRSxNQUFNLFdBQVcsVUFBVSxLQUFLLEVBQUUsT0FBTyw2Q0FBNkMsRUFBRSxPQUFPLEtBQUs7QUFBQSxRQUNwRyxhQUFhLFdBQVcsVUFBVSxJQUFJLE9BQU8sR0FBRyxDQUFDLEVBQUUsT0FBTyxHQUFHLEVBQUUsT0FBTyxRQUFRLEVBQUU7QUFBQSxRQUNoRixTQUFTLFdBQVcsT0FBT0EsUUFBTyxLQUFLLEtBQUssQ0FBQyxFQUFFLE9BQU8sTUFBTSxFQUFFLE9BQU8sS0FBSztBQUFBLFFBQzFFLFNBQVMsZUFBTyxPQUFPLGVBQU8sS0FBSyxRQUFRLEtBQUssSUFBSTtBQUFBLFFBQ3BELGFBQWEsQ0FBQyxJQUFJLFFBQVFBLFFBQU8sU0FBUyxHQUFHLEdBQUcsWUFBWSxFQUFFLEVBQUUsT0FBTyxHQUFHLENBQUM7QUFBQSxRQUMzRSxNQUFNLHdFQUF3RSxLQUFLLElBQUk7QUFBQSxRQUN2RixpQkFBaUIsQ0FBQyxnQkFBZ0JBLFFBQU8sS0FBSyxLQUFLLEdBQUdBLFFBQU8sS0FBSyxLQUFLLENBQUMsR0FBRyxnQkFBZ0JBLFFBQU8sS0FBSyxLQUFLLEdBQUdBLFFBQU8sS0FBSyxLQUFLLENBQUMsQ0FBQztBQUFBLFFBQ2xJLGlCQUFpQixlQUFPLGdCQUFnQixJQUFJLFdBQVcsQ0FBQyxDQUFDLEVBQUU7QUFBQSxRQUMzRCxXQUFXLGVBQU8sY0FBYyxXQUFXLFVBQVUsT0FBTyxlQUFPLE9BQU8sV0FBVztBQUFBLFFBQ3JGLFFBQVE7QUFBQSxVQUNOLE9BQU8sTUFBTSxXQUFXLFVBQVUsQ0FBQztBQUFBLFVBQ25DLE9BQU8sTUFBTSxnQkFBZ0JBLFFBQU8sS0FBSyxHQUFHLEdBQUdBLFFBQU8sS0FBSyxJQUFJLENBQUMsQ0FBQztBQUFBLFVBQ2pFLE9BQU8sTUFBTTtBQUFFLGtCQUFNLElBQUksV0FBVyxLQUFLO0FBQUcsY0FBRSxPQUFPO0FBQUcsY0FBRSxPQUFPO0FBQUEsVUFBRyxDQUFDO0FBQUEsVUFDckUsT0FBTyxNQUFNLFlBQVksRUFBRSxDQUFDO0FBQUEsUUFDOUI7QUFBQSxNQUNGO0FBQUEsSUFDRjtBQUFBLElBRU0sYUFBYTtBQUFBO0FBQ2pCLGNBQU0sTUFBTSxJQUFJLGtCQUFrQjtBQUNsQyxjQUFNLE9BQU8sSUFBSSxJQUFJLEVBQUUsSUFBSSxFQUFFLEdBQUcsTUFBTSxJQUFJLFNBQVMsRUFBRSxFQUFFO0FBQ3ZELGNBQU0sU0FBUyxJQUFJLElBQUksR0FBRyxNQUFNLENBQUMsSUFBSSxTQUFTLEdBQUcsSUFBSSxJQUFJLEdBQUcsTUFBTSxJQUFJLFNBQVMsQ0FBQyxHQUFHLElBQUksU0FBUyxHQUFHLElBQUksS0FBSyxNQUFNLElBQUksU0FBUyxDQUFDLENBQUMsQ0FBQztBQUNsSSxjQUFNLFFBQVEsTUFBTSxJQUFJLElBQUksS0FBSyxNQUFNLElBQUksUUFBUSxDQUFDRSxhQUFZLFdBQVcsTUFBTUEsU0FBUSxJQUFJLFNBQVMsQ0FBQyxHQUFHLENBQUMsQ0FBQyxDQUFDO0FBQzdHLGNBQU0sT0FBTyxNQUFNLElBQUksSUFBSSxLQUFLLE1BQU0sUUFBUSxRQUFRLEVBQUUsS0FBSyxNQUFNLElBQUksU0FBUyxDQUFDLENBQUM7QUFDbEYsY0FBTSxZQUFZLE1BQU0sSUFBSSxJQUFJLEtBQUssTUFBTSxJQUFJLFFBQVEsQ0FBQ0EsYUFBWSxlQUFlLE1BQU1BLFNBQVEsSUFBSSxTQUFTLENBQUMsQ0FBQyxDQUFDLENBQUM7QUFDbEgsY0FBTU0sUUFBTyxNQUFNLElBQUksSUFBSSxLQUFLLE1BQU0sSUFBSSxRQUFRLENBQUNOLGFBQVksZ0JBQVEsU0FBUyxNQUFNQSxTQUFRLElBQUksU0FBUyxDQUFDLENBQUMsQ0FBQyxDQUFDO0FBQy9HLGNBQU0sTUFBTSxJQUFJLGtCQUFrQjtBQUNsQyxjQUFNLE9BQU8sSUFBSSxJQUFJLEtBQUssTUFBTSxJQUFJLElBQUksS0FBSyxNQUFNLENBQUMsSUFBSSxTQUFTLEdBQUcsSUFBSSxTQUFTLENBQUMsQ0FBQyxDQUFDO0FBQ3BGLGNBQU0sYUFBYSxNQUFNLElBQUksSUFBSSxLQUFLLE1BQVk7QUFBRSxnQkFBTTtBQUFNLGdCQUFNLElBQUksUUFBUSxDQUFDQSxhQUFZLFdBQVdBLFVBQVMsQ0FBQyxDQUFDO0FBQUcsaUJBQU8sSUFBSSxTQUFTO0FBQUEsUUFBRyxFQUFDO0FBQ2hKLGNBQU0sYUFBYSxNQUFNLFFBQVEsSUFBSSxDQUFDLEtBQUssR0FBRyxFQUFFLElBQUksQ0FBQyxHQUFHLE1BQU0sSUFBSSxJQUFJLEdBQUcsTUFBWTtBQUFFLGdCQUFNLElBQUksUUFBUSxDQUFDQSxhQUFZLFdBQVdBLFVBQVMsSUFBSSxDQUFDLENBQUM7QUFBRyxnQkFBTSxRQUFRLElBQUksU0FBUztBQUFHLGdCQUFNO0FBQU0saUJBQU8sQ0FBQyxPQUFPLElBQUksU0FBUyxDQUFDO0FBQUEsUUFBRyxFQUFDLENBQUMsQ0FBQztBQUNoTyxlQUFPLEVBQUUsTUFBTSxRQUFRLE9BQU8sTUFBTSxXQUFXLE1BQUFNLE9BQU0sTUFBTSxZQUFZLFlBQVksU0FBUyxJQUFJLFNBQVMsTUFBTSxPQUFVO0FBQUEsTUFDM0g7QUFBQTtBQUFBLElBRUEsVUFBVTtBQUNSLHNCQUFRLElBQUksTUFBTTtBQUNsQixhQUFPO0FBQUEsUUFDTCxRQUFRLE9BQU8sV0FBVyxZQUFZLFlBQVksb0JBQVksV0FBVztBQUFBLFFBQ3pFLEtBQUssRUFBRSxVQUFVLGdCQUFRLElBQUksVUFBVSxPQUFPLGdCQUFRLElBQUksT0FBTyxLQUFLLGdCQUFRLElBQUksS0FBSyxTQUFTLGdCQUFRLElBQUksWUFBWSxPQUFVO0FBQUEsUUFDbEksVUFBVSxnQkFBUTtBQUFBLFFBQ2xCLFVBQVUsT0FBTyxnQkFBUTtBQUFBLE1BQzNCO0FBQUEsSUFDRjtBQUFBLElBRUEsV0FBVztBQUNULFlBQU0sSUFBSSxJQUFJLGNBQUFDLFFBQU8sT0FBTztBQUM1QixVQUFJLE1BQU07QUFDVixRQUFFLEdBQUcsUUFBUSxDQUFDLE1BQU8sTUFBTSxDQUFFO0FBQzdCLFFBQUUsS0FBSztBQUNQLGFBQU8sRUFBRSxPQUFPLGNBQUFBLFFBQU8sT0FBTyxJQUFJO0FBQUEsSUFDcEM7QUFBQSxJQUVNLHVCQUF1QjtBQUFBO0FBQzNCLGNBQU0sTUFBTSxNQUFNLElBQUksUUFBUSxDQUFDUCxhQUFZLGFBQWEsQ0FBQyxNQUFNQSxTQUFRLENBQUMsR0FBRyxXQUFXLENBQUM7QUFDdkYsY0FBTSxLQUFLLElBQUksZ0JBQWdCO0FBQy9CLGNBQU0sSUFBSVEsWUFBTSxLQUFNLFFBQVEsRUFBRSxRQUFRLEdBQUcsT0FBTyxDQUFDO0FBQ25ELFdBQUcsTUFBTTtBQUNULFlBQUlDO0FBQ0osWUFBSTtBQUFFLGdCQUFNO0FBQUEsUUFBRyxTQUFTLEdBQUc7QUFBRSxVQUFBQSxXQUFVLENBQUMsRUFBRSxNQUFNLEVBQUUsSUFBSTtBQUFBLFFBQUc7QUFDekQsZUFBTztBQUFBLFVBQ0w7QUFBQSxVQUFLLE9BQU8sTUFBTUQsWUFBTSxHQUFHLE9BQU87QUFBQSxVQUFHLFNBQUFDO0FBQUEsVUFDckMsT0FBTyxLQUFLLFVBQVUsb0JBQVksTUFBTSx3QkFBd0IsQ0FBQztBQUFBLFVBQUcsV0FBVyxvQkFBWSxVQUFVLEVBQUUsR0FBRyxDQUFDLEdBQUcsQ0FBQyxHQUFHLEdBQUcsT0FBTyxHQUFHLFNBQVMsR0FBRyxLQUFLLENBQUM7QUFBQSxVQUNqSixlQUFlLGNBQWMsaUJBQWlCO0FBQUEsVUFBRyxRQUFRLFlBQUksTUFBTSw0Q0FBNEMsRUFBRTtBQUFBLFVBQ2pILFNBQVMsQ0FBQyxZQUFJLFFBQVEsb0JBQW9CLE1BQU0sR0FBRyxZQUFJLFFBQVEsWUFBWSxPQUFPLENBQUM7QUFBQSxVQUFHLFFBQVEsWUFBSSxPQUFPLEVBQUUsVUFBVSxTQUFTLFVBQVUsU0FBUyxVQUFVLE1BQU0sT0FBTyxFQUFFLEdBQUcsTUFBTSxFQUFFLENBQUM7QUFBQSxRQUN4TDtBQUFBLE1BQ0Y7QUFBQTtBQUFBLElBRU0sVUFBVTtBQUFBO0FBQ2QsY0FBTSxNQUFNLE1BQU0sSUFBSSxRQUFRLENBQUNULGFBQVksYUFBYUEsVUFBUyxXQUFXLENBQUM7QUFDN0UsZUFBTyxFQUFFLFFBQVEsT0FBTyxRQUFRLGNBQWMsV0FBVyxZQUFZLEtBQUssZ0JBQWdCLE9BQU8sZ0JBQWdCLFFBQVEsT0FBT0YsU0FBUSxTQUFTLE9BQU8sZ0JBQVE7QUFBQSxNQUNsSztBQUFBO0FBQUEsSUFFTSxnQkFBZ0I7QUFBQTtBQUNwQixjQUFNLFFBQVEsQ0FBQztBQUNmLG1CQUFXLE1BQU0sTUFBTSxLQUFLLFNBQVMsR0FBRyxDQUFDO0FBQ3pDLHdCQUFRLFNBQVMsQ0FBQyxNQUFNLE1BQU0sS0FBSyxVQUFVLENBQUMsR0FBRyxHQUFHO0FBQ3BELGdCQUFRLFFBQVEsRUFBRSxLQUFLLE1BQU0sTUFBTSxLQUFLLE1BQU0sQ0FBQztBQUMvQyxjQUFNLEtBQUssTUFBTTtBQUNqQixjQUFNLElBQUksUUFBUSxDQUFDRSxhQUFZLFdBQVdBLFVBQVMsQ0FBQyxDQUFDO0FBQ3JELGVBQU87QUFBQSxNQUNUO0FBQUE7QUFBQSxFQUNGOzs7QUg5VE8sTUFBTSxPQUFOLGNBQW1CLGNBQWM7QUFBQSxJQUNoQyxNQUFNLE1BQU07QUFBQTtBQUNoQixlQUFPLE1BQU0sT0FBTyxJQUFJLEVBQUU7QUFBQSxNQUM1QjtBQUFBO0FBQUE7QUFBQTtBQUFBLElBR0EsS0FBSyxFQUFFLFdBQVcsS0FBSyxNQUFNLE1BQU0sR0FBRztBQUNwQyxZQUFNLE9BQU8sS0FBSyxPQUFPLEtBQUs7QUFDOUIsWUFBTVUsS0FBSSxRQUFRLFNBQVksV0FBVyxTQUFTLElBQUksV0FBVyxXQUFXLEdBQUc7QUFDL0UsWUFBTSxNQUFNQyxRQUFPLEtBQUssSUFBSSxFQUFFLFNBQVMsUUFBUTtBQUMvQyxhQUFPLEVBQUUsS0FBS0QsR0FBRSxPQUFPLElBQUksRUFBRSxPQUFPLEtBQUssR0FBRyxXQUFXQyxRQUFPLEtBQUssS0FBSyxRQUFRLEVBQUUsU0FBUyxNQUFNLE1BQU0sV0FBVyxJQUFJLE9BQU87QUFBQSxJQUMvSDtBQUFBLEVBQ0Y7QUFHQSxNQUFPLGdCQUFRO0FBQUEsSUFDUCxRQUFRO0FBQUE7QUFDWixjQUFNLE1BQU0sQ0FBQztBQUNiLG1CQUFXLENBQUMsTUFBTSxDQUFDLEtBQUssT0FBTyxRQUFRLE1BQU0sR0FBRztBQUM5QyxjQUFJO0FBQ0YsZ0JBQUksSUFBSSxJQUFJLE1BQU0sRUFBRTtBQUFBLFVBQ3RCLFNBQVMsR0FBRztBQUNWLGdCQUFJLElBQUksSUFBSSxFQUFFLE9BQU8sT0FBTyxLQUFLLEVBQUUsS0FBSyxFQUFFO0FBQUEsVUFDNUM7QUFBQSxRQUNGO0FBQ0EsZUFBTyxTQUFTLEtBQUssR0FBRztBQUFBLE1BQzFCO0FBQUE7QUFBQSxFQUNGOyIsIm5hbWVzIjpbIkJ1ZmZlciIsInZhbHVlIiwic3RhcnQiLCJ2aWV3IiwicmVzb2x2ZSIsImVycm9yIiwidyIsImgiLCJzZXRUaW1lb3V0IiwidmFsdWUiLCJyZXNvbHZlIiwic3RyaWN0IiwiaSIsInciLCJUZXh0RGVjb2RlciIsIlRleHRFbmNvZGVyIiwiYWJvcnRlZCIsInZhbHVlIiwibGVnYWN5IiwiYmFzZSIsIm91dHB1dCIsInN0YXJ0IiwiaW5kZW50YXRpb24iLCJqb2luIiwiZm4iLCJyZXNvbHZlIiwibG9nIiwiZm9ybWF0IiwidmFsdWUiLCJmb3JtYXQiLCJwYXRoIiwic3RhcnQiLCJlbmNvZGluZyIsIkJ1ZmZlciIsIkJ1ZmZlciIsInciLCJmYWlsIiwicHJvdG8iLCJ2YWx1ZSIsImVuY29kaW5nIiwicmVzb2x2ZSIsImVycm9yIiwiZXhwb3J0cyIsImV4cG9ydHMiLCJleHBvcnRzIiwiZXhwb3J0cyIsImV4cG9ydHMiLCJleHBvcnRzIiwiZXhwb3J0cyIsIkV2ZW50RW1pdHRlciIsImFzc2VydCIsIkJ1ZmZlciIsInBhdGgiLCJTdHJlYW0iLCJlbnYiLCJoIiwiYnl0ZXNPZiIsIkJ1ZmZlciIsImNvbnN0YW50cyIsIm9rIiwic3RyaWN0RXF1YWwiLCJub3RTdHJpY3RFcXVhbCIsImRlZXBFcXVhbCIsImRlZXBTdHJpY3RFcXVhbCIsIm5vdERlZXBTdHJpY3RFcXVhbCIsImZhaWwiLCJpZkVycm9yIiwibWF0Y2giLCJkb2VzTm90TWF0Y2giLCJ0aHJvd3MiLCJkb2VzTm90VGhyb3ciLCJyZWplY3RzIiwiZG9lc05vdFJlamVjdCIsIkFzc2VydGlvbkVycm9yIiwicGlwZWxpbmUiLCJmaW5pc2hlZCIsImgiLCJzZXAiLCJwYXJzZSIsInBhcnNlIiwicGF0aCIsInBhcnNlIiwiaGFzaCIsImZvcm1hdCIsInJlc29sdmUiLCJCdWZmZXIiLCJ3IiwicmVzb2x2ZSIsInN0cmljdEVxdWFsIiwiZXJyb3IiLCJwaXBlbGluZSIsIncyIiwiaCIsInRpY2siLCJsZWdhY3kiLCJzZXRUaW1lb3V0IiwiYWJvcnRlZCIsImgiLCJCdWZmZXIiXSwic291cmNlcyI6WyJzb2JqZWN0cy1ub2RlOl9ob3N0Iiwic29iamVjdHMtbm9kZTpfZXJyb3JzIiwic29iamVjdHMtbm9kZTpidWZmZXIiLCJzb2JqZWN0cy1ub2RlOl9jb25maWciLCJzb2JqZWN0cy1ub2RlOmV2ZW50cyIsInNvYmplY3RzLW5vZGU6cHJvY2VzcyIsInNvYmplY3RzLW5vZGU6dGltZXJzL3Byb21pc2VzIiwic29iamVjdHMtbm9kZTp0aW1lcnMiLCJzb2JqZWN0cy1ub2RlOmdsb2JhbHMiLCJzb2JqZWN0cy1ub2RlOl9kZWVwIiwic29iamVjdHMtbm9kZTp1dGlsIiwic29iamVjdHMtbm9kZTphc3NlcnQiLCJzb2JqZWN0cy1ub2RlOnBhdGgiLCJzb2JqZWN0cy1ub2RlOnN0cmluZ19kZWNvZGVyIiwic29iamVjdHMtbm9kZTpzdHJlYW0iLCJzb2JqZWN0cy1ub2RlOmNqczpldmVudHMiLCJzb2JqZWN0cy1ub2RlOmNqczphc3NlcnQiLCJzb2JqZWN0cy1ub2RlOmNqczpidWZmZXIiLCJzb2JqZWN0cy1ub2RlOmNqczp1dGlsIiwic29iamVjdHMtbm9kZTpjanM6cGF0aCIsInNvYmplY3RzLW5vZGU6Y2pzOnN0cmVhbSIsInNyYy9sZWdhY3kuY2pzIiwic3JjL2luZGV4LmpzIiwic29iamVjdHM6d29ya2VycyIsInNvYmplY3RzLW5vZGU6Y3J5cHRvIiwic3JjL2NoZWNrcy5qcyIsInNvYmplY3RzLW5vZGU6YXNzZXJ0L3N0cmljdCIsInNvYmplY3RzLW5vZGU6c3RyZWFtL3Byb21pc2VzIiwic29iamVjdHMtbm9kZTphc3luY19ob29rcyIsInNvYmplY3RzLW5vZGU6cXVlcnlzdHJpbmciLCJzb2JqZWN0cy1ub2RlOnVybCJdLCJ2ZXJzaW9uIjozfQ==
