// node:crypto (https://developers.cloudflare.com/workers/runtime-apis/nodejs/crypto/):
// hashes (md5, sha1, sha256, sha384, sha512) and HMAC, synchronous as in Node, through
// the host's digest; random bytes and UUIDs through crypto.getRandomValues;
// timingSafeEqual through crypto.subtle's; webcrypto is the global crypto. What sobjects
// lacks (ciphers, signing, key objects, scrypt, ...) throws ERR_METHOD_NOT_IMPLEMENTED
// when called.
import { digest } from "node:_host";
import { Buffer, _textOf, _encoding } from "node:buffer";
import { invalidArgType, outOfRange, error, notSupported } from "node:_errors";

// HASHES maps Node's hash names to crypto.subtle's and their HMAC block sizes.
const HASHES = {
  md5: ["MD5", 64], sha1: ["SHA-1", 64], sha256: ["SHA-256", 64], sha384: ["SHA-384", 128], sha512: ["SHA-512", 128],
};
function hashOf(algorithm) {
  if (typeof algorithm !== "string") throw invalidArgType("algorithm", "of type string", algorithm);
  let a = algorithm.toLowerCase().replace(/^rsa-/, "");
  if (/^sha-(1|256|384|512)$/.test(a)) a = a.replace("-", "");
  const h = HASHES[a];
  if (!h) throw new Error("Digest method not supported");
  return h;
}

function bytesOf(data, enc, name = "data") {
  if (typeof data === "string") return Buffer.from(data, enc === "buffer" ? "utf8" : enc);
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
  for (const c of chunks) { out.set(c, n); n += c.length; }
  return out;
}
function hostDigest(name, bytes) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  return new Uint8Array(digest(name, whole));
}
function output(bytes, enc) {
  if (enc === undefined || enc === "buffer") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return _textOf(bytes, _encoding(enc));
}

// Hash keeps what update gives it (a copy of each chunk) until digest, which hashes it
// in one host call.
export class Hash {
  constructor(algorithm, options) {
    if (!(this instanceof Hash)) return new Hash(algorithm, options);
    [this._name] = hashOf(algorithm);
    this._chunks = [];
    this._done = false;
  }
  update(data, enc) {
    if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    const b = bytesOf(data, enc);
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
    const h = Object.create(Hash.prototype);
    h._name = this._name;
    h._chunks = this._chunks.slice();
    h._done = false;
    return h;
  }
}

// Hmac is HMAC (RFC 2104) over the host's digest: two digests at the end.
export class Hmac {
  constructor(algorithm, key, options) {
    if (!(this instanceof Hmac)) return new Hmac(algorithm, key, options);
    const [name, block] = hashOf(algorithm);
    this._name = name;
    let k = key !== null && typeof key === "object" && key._keyMaterial instanceof Uint8Array ? key._keyMaterial : bytesOf(key, options && options.encoding, "key");
    if (k.length > block) k = hostDigest(name, k);
    this._key = new Uint8Array(block);
    this._key.set(k);
    this._chunks = [];
    this._done = false;
  }
  update(data, enc) {
    if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    const b = bytesOf(data, enc);
    this._chunks.push(typeof data === "string" ? b : b.slice());
    return this;
  }
  digest(enc) {
    if (this._done) throw error("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    this._done = true;
    const pad = (x) => { const p = new Uint8Array(this._key.length); for (let i = 0; i < p.length; i++) p[i] = this._key[i] ^ x; return p; };
    const inner = hostDigest(this._name, concat([pad(0x36), ...this._chunks]));
    const out = hostDigest(this._name, concat([pad(0x5c), inner]));
    this._chunks = [];
    return output(out, enc);
  }
}

export function createHash(algorithm, options) {
  return new Hash(algorithm, options);
}
export function createHmac(algorithm, key, options) {
  return new Hmac(algorithm, key, options);
}
// hash is the one-shot createHash(algorithm).update(data).digest(outputEncoding).
export function hash(algorithm, data, outputEncoding = "hex") {
  if (typeof data !== "string" && !ArrayBuffer.isView(data)) throw invalidArgType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
  return new Hash(algorithm).update(data).digest(outputEncoding);
}
export function getHashes() {
  return ["md5", "sha1", "sha256", "sha384", "sha512"];
}

const MAX_RANDOM = 2 ** 31 - 1;
function fillRandom(bytes) {
  for (let i = 0; i < bytes.length; i += 65536) globalThis.crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, bytes.length)));
  return bytes;
}
export function randomBytes(size, callback) {
  if (typeof size !== "number") throw invalidArgType("size", "of type number", size);
  if (!(size >= 0 && size <= MAX_RANDOM) || !Number.isInteger(size)) throw outOfRange("size", `>= 0 && <= ${MAX_RANDOM}`, size);
  const b = fillRandom(Buffer.alloc(size));
  if (typeof callback === "function") {
    queueMicrotask(() => callback(null, b));
    return undefined;
  }
  return b;
}
export const pseudoRandomBytes = randomBytes;
export function randomFillSync(buf, offset = 0, size) {
  if (!ArrayBuffer.isView(buf) && !(buf instanceof ArrayBuffer)) throw invalidArgType("buf", "an instance of ArrayBuffer or ArrayBufferView", buf);
  const b = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const end = size === undefined ? b.length : offset + size;
  if (offset < 0 || offset > b.length) throw outOfRange("offset", `>= 0 && <= ${b.length}`, offset);
  if (end > b.length) throw outOfRange("size + offset", `<= ${b.length}`, end);
  fillRandom(b.subarray(offset, end));
  return buf;
}
export function randomFill(buf, offset, size, callback) {
  if (typeof offset === "function") { callback = offset; offset = 0; size = undefined; }
  else if (typeof size === "function") { callback = size; size = undefined; }
  const r = randomFillSync(buf, offset, size);
  queueMicrotask(() => callback(null, r));
}
export function randomInt(min, max, callback) {
  if (max === undefined || typeof max === "function") { callback = max; max = min; min = 0; }
  if (!Number.isSafeInteger(min)) throw invalidArgType("min", "a safe integer", min);
  if (!Number.isSafeInteger(max)) throw invalidArgType("max", "a safe integer", max);
  if (max <= min) throw outOfRange("min", "min < max", min);
  const range = max - min;
  if (range >= 2 ** 48) throw outOfRange("max - min", `<= ${2 ** 48}`, range);
  const b = new Uint8Array(6);
  const limit = 2 ** 48 - (2 ** 48 % range);
  let x;
  do {
    fillRandom(b);
    x = ((b[0] * 256 + b[1]) * 256 + b[2]) * 2 ** 24 + ((b[3] << 16) | (b[4] << 8) | b[5]);
  } while (x >= limit);
  const n = min + (x % range);
  if (typeof callback === "function") { queueMicrotask(() => callback(null, n)); return undefined; }
  return n;
}
export function randomUUID() {
  return globalThis.crypto.randomUUID();
}
export function getRandomValues(a) {
  return globalThis.crypto.getRandomValues(a);
}
export function timingSafeEqual(a, b) {
  if (!ArrayBuffer.isView(a) && !(a instanceof ArrayBuffer)) throw invalidArgType("buf1", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", a);
  if (!ArrayBuffer.isView(b) && !(b instanceof ArrayBuffer)) throw invalidArgType("buf2", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", b);
  if (a.byteLength !== b.byteLength) throw new TypeError("Input buffers must have the same byte length."); // as workerd (Node: a RangeError)
  return globalThis.crypto.subtle.timingSafeEqual(a, b);
}
// createSecretKey is the key object createHmac takes; its export gives the bytes back.
export function createSecretKey(key, enc) {
  const material = bytesOf(key, enc, "key").slice();
  return { type: "secret", symmetricKeySize: material.length, _keyMaterial: material, export: () => Buffer.from(material) };
}

export const webcrypto = globalThis.crypto;
export const subtle = globalThis.crypto.subtle;
export const constants = {};
const missing = (name) => function () { throw notSupported(`crypto.${name}`); };
export const createCipheriv = missing("createCipheriv");
export const createDecipheriv = missing("createDecipheriv");
export const createSign = missing("createSign");
export const createVerify = missing("createVerify");
export const createPrivateKey = missing("createPrivateKey");
export const createPublicKey = missing("createPublicKey");
export const createECDH = missing("createECDH");
export const createDiffieHellman = missing("createDiffieHellman");
export const generateKeyPair = missing("generateKeyPair");
export const generateKeyPairSync = missing("generateKeyPairSync");
export const pbkdf2 = missing("pbkdf2");
export const pbkdf2Sync = missing("pbkdf2Sync");
export const hkdf = missing("hkdf");
export const hkdfSync = missing("hkdfSync");
export const scrypt = missing("scrypt");
export const scryptSync = missing("scryptSync");
export const sign = missing("sign");
export const verify = missing("verify");
export const publicEncrypt = missing("publicEncrypt");
export const privateDecrypt = missing("privateDecrypt");
export const getCiphers = () => [];
export const getCurves = () => [];
export const getFips = () => 0;

export default {
  Hash, Hmac, createHash, createHmac, hash, getHashes, randomBytes, pseudoRandomBytes, randomFillSync, randomFill, randomInt, randomUUID,
  getRandomValues, timingSafeEqual, createSecretKey, webcrypto, subtle, constants, createCipheriv, createDecipheriv, createSign, createVerify,
  createPrivateKey, createPublicKey, createECDH, createDiffieHellman, generateKeyPair, generateKeyPairSync, pbkdf2, pbkdf2Sync, hkdf, hkdfSync,
  scrypt, scryptSync, sign, verify, publicEncrypt, privateDecrypt, getCiphers, getCurves, getFips,
};
