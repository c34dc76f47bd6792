// node:util (https://developers.cloudflare.com/workers/runtime-apis/nodejs/util/):
// inspect and format as Node.js writes values (without colors), promisify,
// callbackify, inherits, deprecate, types, isDeepStrictEqual and the rest.
import { deepEqual } from "node:_deep";
import { invalidArgType } from "node:_errors";

const customInspect = Symbol.for("nodejs.util.inspect.custom");
const customPromisify = Symbol.for("nodejs.util.promisify.custom");
const defaultOptions = { showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false, maxArrayLength: 100, maxStringLength: 10000, breakLength: 80, compact: 3, sorted: false, getters: false, numericSeparator: false };
const kObjectType = 0, kArrayType = 1, kArrayExtrasType = 2;
const identifier = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

export function inspect(value, opts, ...legacy) {
  const ctx = { ...defaultOptions, seen: [], circular: new Map(), indentationLvl: 0, currentDepth: 0 };
  if (typeof opts === "boolean") {
    ctx.showHidden = opts;
    if (legacy.length > 0 && legacy[0] !== undefined) ctx.depth = legacy[0] === null ? Infinity : legacy[0];
  } else if (opts && typeof opts === "object") {
    for (const k of Object.keys(opts)) if (k in defaultOptions || k === "stylize") ctx[k] = opts[k];
    if (ctx.depth === null) ctx.depth = Infinity;
  }
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  return formatValue(ctx, value, 0, true);
}
inspect.custom = customInspect;
Object.defineProperty(inspect, "defaultOptions", {
  get() { return defaultOptions; },
  set(o) { Object.assign(defaultOptions, o); },
});

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
      case "\n": return "\\n";
      case "\t": return "\\t";
      case "\r": return "\\r";
      case "\b": return "\\b";
      case "\f": return "\\f";
      case "\v": return "\\v";
      case "\\": return "\\\\";
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
        return lines.map((l) => quote(l, ctx)).join(` +\n${" ".repeat(ctx.indentationLvl + 2)}`);
      }
      return quote(v, ctx);
    }
    case "number": return Object.is(v, -0) ? "-0" : String(v);
    case "bigint": return `${v}n`;
    case "symbol": return v.toString();
    default: return String(v);
  }
}

function constructorName(obj) {
  let o = obj;
  while (o !== null && o !== undefined) {
    const d = Object.getOwnPropertyDescriptor(o, "constructor");
    if (d !== undefined && typeof d.value === "function" && d.value.name !== "") return d.value.name;
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
    let base = `[class ${v.name || "(anonymous)"}`;
    const sup = Object.getPrototypeOf(v);
    if (sup && sup.name) base += ` extends ${sup.name}`;
    return base + "]";
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
    try { f = v[customInspect]; } catch { f = undefined; }
    if (typeof f === "function" && f !== inspect) {
      const depth = ctx.depth === Infinity ? Infinity : ctx.depth - level;
      const r = f.call(v, depth, { ...ctx, seen: undefined, circular: undefined, stylize: (s) => s }, inspect);
      if (r !== v) {
        if (typeof r !== "string") return formatValue(ctx, r, level, false);
        return r.replace(/\n/g, `\n${" ".repeat(ctx.indentationLvl)}`);
      }
    }
  }
  if (ctx.seen.includes(v)) {
    let i = ctx.circular.get(v);
    if (i === undefined) { i = ctx.circular.size + 1; ctx.circular.set(v, i); }
    return `[Circular *${i}]`;
  }
  return formatRaw(ctx, v, level, top);
}

function keysOf(v, ctx, filterIndexes) {
  let keys = ctx.showHidden ? Object.getOwnPropertyNames(v) : Object.keys(v);
  if (filterIndexes) keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k) || Number(k) >= v.length);
  const syms = Object.getOwnPropertySymbols(v).filter((s) => ctx.showHidden || Object.prototype.propertyIsEnumerable.call(v, s));
  keys = keys.concat(syms);
  if (ctx.sorted) keys.sort(typeof ctx.sorted === "function" ? ctx.sorted : undefined);
  return keys;
}

function formatRaw(ctx, v, level, top) {
  const name = constructorName(v);
  let tag = v[Symbol.toStringTag];
  // A tag that is the object's own (enumerable) property is shown as a property only.
  if (typeof tag !== "string" || (tag !== "" && (ctx.showHidden ? Object.prototype.hasOwnProperty : Object.prototype.propertyIsEnumerable).call(v, Symbol.toStringTag))) tag = "";
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
    } else if (v instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer)) {
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
    } else if (v instanceof WeakMap || v instanceof WeakSet || (typeof WeakRef === "function" && v instanceof WeakRef)) {
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
  let output;
  try {
    output = entries ? entries() : [];
    for (const k of keys) output.push(formatProperty(ctx, v, level, k, type === kArrayExtrasType ? kObjectType : type));
  } finally {
    ctx.seen.pop();
  }
  const ref = ctx.circular.get(v);
  if (ref !== undefined) {
    const r = `<ref *${ref}>`;
    if (ctx.compact !== true) base = base === "" ? r : `${r} ${base}`;
    else braces[0] = `${r} ${braces[0]}`;
  }
  return reduceToSingleString(ctx, output, base, braces, type, level, v);
}

function formatError(err, name, tag, ctx) {
  const n = err.name != null ? String(err.name) : "Error";
  const message = err.message != null ? String(err.message) : "";
  let stack = typeof err.stack === "string" && err.stack !== "" ? err.stack : "";
  if (stack === "" || !stack.includes(message)) stack = message ? `[${n}: ${message}]` + (stack ? "\n" + stack.split("\n").filter((l) => /^\s+at /.test(l)).join("\n") : "") : `[${n}]`;
  else if (!/^\s+at /m.test(stack)) stack = `[${stack}]`;
  if (name !== null && name !== n && !stack.includes(name) && stack.startsWith(n)) stack = `${name} [${n}]` + stack.slice(n.length);
  if (err.cause !== undefined && !Object.keys(err).includes("cause")) {
    stack += ` { [cause]: ${formatValue({ ...ctx }, err.cause, 1)} }`;
  }
  if (ctx.indentationLvl !== 0) stack = stack.replace(/\n/g, `\n${" ".repeat(ctx.indentationLvl)}`);
  return stack;
}

function formatProperty(ctx, v, level, key, type) {
  let str;
  const desc = Object.getOwnPropertyDescriptor(v, key) || { value: v[key], enumerable: true };
  if (desc.value !== undefined) {
    ctx.indentationLvl += 2;
    str = formatValue(ctx, desc.value, level + 1);
    ctx.indentationLvl -= 2;
  } else if (desc.get !== undefined) {
    str = desc.set !== undefined ? "[Getter/Setter]" : "[Getter]";
    if (ctx.getters) {
      try { str = `[Getter: ${formatValue(ctx, desc.get.call(v), level + 1)}]`; } catch (e) { str = `[Getter: <Inspection threw (${e.message})>]`; }
    }
  } else if (desc.set !== undefined) {
    str = "[Setter]";
  } else {
    str = "undefined";
  }
  if (type === kArrayType) return str;
  let name;
  if (typeof key === "symbol") name = key.toString(); // as workerd writes it (Node: [Symbol(k)])
  else if (desc.enumerable === false) name = `[${identifier.test(key) ? key : quote(key)}]`;
  else name = identifier.test(key) ? key : quote(key);
  return `${name}: ${str}`;
}

function formatArray(ctx, v, level) {
  const out = [];
  const max = Math.min(ctx.maxArrayLength, v.length);
  let holes = 0;
  const flush = () => { if (holes) { out.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`); holes = 0; } };
  let i = 0;
  for (; i < v.length && out.length < max; i++) {
    if (!Object.prototype.hasOwnProperty.call(v, i)) { holes++; continue; }
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

function groupArrayElements(ctx, output, value) {
  let totalLength = 0, maxLength = 0, outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (let i = 0; i < outputLength; i++) {
    const len = output[i].length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax), Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax), ctx.compact * 4, 15);
    if (columns <= 1) return output;
    const tmp = [], maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) if (dataLen[j] > lineLength) lineLength = dataLen[j];
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        if (typeof value[i] !== "number" && typeof value[i] !== "bigint") { padStart = false; break; }
      }
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = "", j = i;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - i];
        str += padStart ? `${output[j]}, `.padStart(padding, " ") : `${output[j]}, `.padEnd(padding, " ");
      }
      str += padStart ? output[j].padStart(maxLineLength[j - i] - separatorSpace, " ") : output[j];
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

function isBelowBreakLength(ctx, output, start, base) {
  let total = output.length + start;
  if (total + output.length > ctx.breakLength) return false;
  for (const o of output) {
    total += o.length;
    if (total > ctx.breakLength) return false;
  }
  return base === "" || !base.includes("\n");
}

function reduceToSingleString(ctx, output, base, braces, type, level, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === "number" && ctx.compact >= 1) {
      const entries = output.length;
      if (type === kArrayExtrasType && entries > 6) output = groupArrayElements(ctx, output, value);
      if (ctx.currentDepth - level < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joined = output.join(", ");
          if (!joined.includes("\n")) return `${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
        }
      }
    }
    const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) return `${braces[0]}${base ? ` ${base}` : ""} ${output.join(", ")} ${braces[1]}`;
  const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
  return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
}

// builtInObjects are the names of the global constructors (Object, Error, Date, ...).
let builtInObjects;
// hasBuiltInToString says whether v's toString is the engine's own, as Node's %s
// decides between inspect (built-in) and String (the object's own toString).
function hasBuiltInToString(v) {
  if (typeof v.toString !== "function") return true;
  if (Object.prototype.hasOwnProperty.call(v, "toString")) return false;
  let p = v;
  do { p = Object.getPrototypeOf(p); } while (p !== null && !Object.prototype.hasOwnProperty.call(p, "toString"));
  if (p === null) return true;
  const d = Object.getOwnPropertyDescriptor(p, "constructor");
  if (builtInObjects === undefined) builtInObjects = new Set(Object.getOwnPropertyNames(globalThis).filter((n) => /^[A-Z][a-zA-Z0-9]+$/.test(n)));
  return d !== undefined && typeof d.value === "function" && builtInObjects.has(d.value.name);
}

export function formatWithOptions(opts, ...args) {
  if (opts === null || typeof opts !== "object") throw invalidArgType("inspectOptions", "of type object", opts);
  return formatArgs(opts, args);
}
export function format(...args) {
  return formatArgs(undefined, args);
}
function formatArgs(opts, args) {
  const first = args[0];
  let a = 0, str = "", join = "";
  if (typeof first === "string") {
    if (args.length === 1) return first;
    let last = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) !== 37) continue; // %
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
            try { s = JSON.stringify(x); } catch (e) { if (/circular/i.test(e.message)) s = "[Circular]"; else throw e; }
            break;
          case "d": {
            const n = typeof x === "bigint" ? x : typeof x === "symbol" ? NaN : Number(x);
            s = typeof n === "bigint" ? `${n}n` : Object.is(n, -0) ? "-0" : String(n);
            break;
          }
          case "O": s = inspect(x, opts); break;
          case "o": s = inspect(x, { ...opts, showHidden: true, showProxy: true, depth: 4 }); break;
          case "i": {
            const n = typeof x === "bigint" ? x : typeof x === "symbol" ? NaN : parseInt(x);
            s = typeof n === "bigint" ? `${n}n` : String(n);
            break;
          }
          case "f": s = typeof x === "symbol" ? "NaN" : String(parseFloat(x)); break;
          case "c": s = ""; break;
          case "%": str += first.slice(last, i); last = i + 1; continue;
          default: continue;
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
      join = " ";
      if (last < first.length) str += first.slice(last);
    }
  }
  while (a < args.length) {
    const x = args[a];
    str += join + (typeof x !== "string" ? inspect(x, { ...opts, compact: 3, colors: false, depth: opts && opts.depth !== undefined ? opts.depth : 2 }) : x);
    join = " ";
    a++;
  }
  return str;
}

export function promisify(original) {
  if (typeof original !== "function") throw invalidArgType("original", "of type function", original);
  if (original[customPromisify]) {
    const fn = original[customPromisify];
    if (typeof fn !== "function") throw invalidArgType("util.promisify.custom", "of type function", fn);
    return Object.defineProperty(fn, customPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
  }
  function fn(...args) {
    return new Promise((resolve, reject) => {
      Reflect.apply(original, this, [...args, (err, ...values) => (err ? reject(err) : resolve(values[0]))]);
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, customPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = customPromisify;

export function callbackify(original) {
  if (typeof original !== "function") throw invalidArgType("original", "of type function", original);
  return function (...args) {
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
      },
    );
  };
}

export function inherits(ctor, superCtor) {
  if (typeof ctor !== "function") throw invalidArgType("ctor", "of type function", ctor);
  if (typeof superCtor !== "function") throw invalidArgType("superCtor", "of type function", superCtor);
  if (superCtor.prototype === undefined) throw invalidArgType("superCtor.prototype", "of type object", superCtor.prototype);
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

const warned = new Set();
export function deprecate(fn, msg, code) {
  if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
  return function (...args) {
    const key = code || msg;
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`${code ? `[${code}] ` : ""}DeprecationWarning: ${msg}`);
    }
    return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
  };
}

export function debuglog() {
  const log = () => {};
  log.enabled = false;
  return log;
}
export const debug = debuglog;

export function isDeepStrictEqual(a, b) {
  return deepEqual(a, b, true);
}

const tagOf = (v) => Object.prototype.toString.call(v).slice(8, -1);
const TypedArray = Object.getPrototypeOf(Uint8Array);
export const types = {
  isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer),
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
  isExternal: () => false,
};

export const isArray = Array.isArray;
export const isBoolean = (v) => typeof v === "boolean";
export const isNull = (v) => v === null;
export const isNullOrUndefined = (v) => v == null;
export const isNumber = (v) => typeof v === "number";
export const isString = (v) => typeof v === "string";
export const isSymbol = (v) => typeof v === "symbol";
export const isUndefined = (v) => v === undefined;
export const isRegExp = types.isRegExp;
export const isObject = (v) => v !== null && typeof v === "object";
export const isDate = types.isDate;
export const isError = (v) => v instanceof Error;
export const isFunction = (v) => typeof v === "function";
export const isPrimitive = (v) => v === null || (typeof v !== "object" && typeof v !== "function");
// Without importing node:buffer (which sets the global once loaded): nothing is a
// Buffer before it is.
export const isBuffer = (v) => typeof globalThis.Buffer === "function" && globalThis.Buffer.isBuffer(v);
export function _extend(target, source) {
  if (source === null || typeof source !== "object") return target;
  for (const k of Object.keys(source)) target[k] = source[k];
  return target;
}
export function stripVTControlCharacters(s) {
  return String(s).replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g, "");
}
export const toUSVString = (s) => String(s).toWellFormed();
export const styleText = (format, text) => String(text);
export function aborted(signal, resource) {
  if (resource === undefined || resource === null) throw invalidArgType("resource", "an object", resource);
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
export function log(...args) {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  console.log(`${d.getDate()} ${months[d.getMonth()]} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} - ${format(...args)}`);
}
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;

export default {
  inspect, format, formatWithOptions, promisify, callbackify, inherits, deprecate, debuglog, debug, isDeepStrictEqual, types,
  isArray, isBoolean, isNull, isNullOrUndefined, isNumber, isString, isSymbol, isUndefined, isRegExp, isObject, isDate, isError,
  isFunction, isPrimitive, isBuffer, _extend, stripVTControlCharacters, toUSVString, styleText, aborted, log, TextEncoder, TextDecoder,
};
