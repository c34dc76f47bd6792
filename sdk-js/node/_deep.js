// Deep equality as node:assert (deepEqual, deepStrictEqual) and util.isDeepStrictEqual
// compare: strict compares with Object.is, prototypes and own symbol keys too; loose
// with ==, ignoring prototypes.
const toStr = (v) => Object.prototype.toString.call(v);

export function deepEqual(a, b, strict, memo) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true; // eslint-disable-line eqeqeq
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    if (!strict && (typeof a !== "object" || a === null) && (typeof b !== "object" || b === null)) return a == b; // eslint-disable-line eqeqeq
    return false;
  }
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
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
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    } else if (!(a instanceof DataView)) {
      for (let i = 0; i < a.length; i++) if (!(strict ? Object.is(a[i], b[i]) : a[i] == b[i])) return false; // eslint-disable-line eqeqeq
    }
  } else if (a instanceof ArrayBuffer) {
    if (!(b instanceof ArrayBuffer) || a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a), y = new Uint8Array(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
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
          if (!deepEqual(v, b.get(k), strict, memo)) return false;
        } else {
          let found = false;
          for (const [k2, v2] of b) {
            if (deepEqual(k, k2, strict, memo) && deepEqual(v, v2, strict, memo)) { found = true; break; }
          }
          if (!found) return false;
        }
      }
    } else if (a instanceof Set) {
      if (!(b instanceof Set) || a.size !== b.size) return false;
      for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v !== "object" || v === null) { if (strict) return false; }
        let found = false;
        for (const w of b) if (deepEqual(v, w, strict, memo)) { found = true; break; }
        if (!found) return false;
      }
    }
    const ka = ownKeys(a, strict), kb = ownKeys(b, strict);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
      if (!deepEqual(a[k], b[k], strict, memo)) return false;
    }
    return true;
  } finally {
    memo.a.pop();
    memo.b.pop();
  }
}

function ownKeys(o, strict) {
  const keys = Object.keys(o);
  if (ArrayBuffer.isView(o)) return keys.filter((k) => !/^\d+$/.test(k));
  if (strict) for (const s of Object.getOwnPropertySymbols(o)) if (Object.prototype.propertyIsEnumerable.call(o, s)) keys.push(s);
  return keys;
}
