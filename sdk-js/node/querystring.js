// node:querystring: parse and stringify of URL query strings, as Node.js's legacy API
// ("+" is a space; arrays for repeated keys).
// escape leaves A-Z a-z 0-9 - _ . ! ~ * ' ( ) as they are, as Node.js does.
export const escape = (s) => encodeURIComponent(String(s));
export function unescape(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s.replace(/%([0-9a-fA-F]{2})/g, (m, h) => String.fromCharCode(parseInt(h, 16)));
  }
}
function value(v) {
  if (typeof v === "string") return v;
  if ((typeof v === "number" && isFinite(v)) || typeof v === "bigint" || typeof v === "boolean") return String(v);
  return "";
}
export function stringify(obj, sep = "&", eq = "=", options = {}) {
  const esc = options.encodeURIComponent || escape;
  if (obj === null || typeof obj !== "object") return "";
  const out = [];
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const key = esc(value(k));
    if (Array.isArray(v)) for (const x of v) out.push(key + eq + esc(value(x)));
    else out.push(key + eq + esc(value(v)));
  }
  return out.join(sep);
}
export function parse(qs, sep = "&", eq = "=", options = {}) {
  const out = Object.create(null);
  if (typeof qs !== "string" || qs.length === 0) return out;
  const dec = options.decodeURIComponent || unescape;
  const max = options.maxKeys === undefined ? 1000 : options.maxKeys;
  let parts = qs.split(sep);
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
export { parse as decode, stringify as encode };
export default { parse, stringify, decode: parse, encode: stringify, escape, unescape };
