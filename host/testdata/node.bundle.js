/*sobjects-js-bundle v1*/
globalThis.__sobjects_manifest = {"name":"node","bindings":{"NODE":{"class":"Node"}},"vars":{"GREETING":"hello","LIMIT":10}};
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
  var waitUntil = w.waitUntil;
  var RpcStub = w.RpcStub;
  var WorkflowEntrypoint = w.WorkflowEntrypoint;
  var WorkflowStep = w.WorkflowStep;
  var cache = w.cache;
  var exports = w.exports;
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
