// node:path (https://developers.cloudflare.com/workers/runtime-apis/nodejs/path/): the
// POSIX path functions (path.posix; path.win32 is the same object, as Workers has no
// Windows paths). resolve starts from "/", the Workers' working directory.
import { invalidArgType } from "node:_errors";

function checkPath(p, name = "path") {
  if (typeof p !== "string") throw invalidArgType(name, "of type string", p);
}

// normalizeString resolves . and .. in path, which has no leading slash handling.
function normalizeString(path, allowAboveRoot) {
  const out = [];
  for (const seg of path.split("/")) {
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

export function resolve(...args) {
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
export function normalize(path) {
  checkPath(path);
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === 47, trailing = path.charCodeAt(path.length - 1) === 47;
  let p = normalizeString(path, !absolute);
  if (p.length === 0) {
    if (absolute) return "/";
    return trailing ? "./" : ".";
  }
  if (trailing) p += "/";
  return absolute ? `/${p}` : p;
}
export function isAbsolute(path) {
  checkPath(path);
  return path.length > 0 && path.charCodeAt(0) === 47;
}
export function join(...args) {
  if (args.length === 0) return ".";
  const parts = [];
  for (const a of args) {
    checkPath(a);
    if (a.length > 0) parts.push(a);
  }
  return parts.length === 0 ? "." : normalize(parts.join("/"));
}
export function relative(from, to) {
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
export function toNamespacedPath(path) {
  return path;
}
export function dirname(path) {
  checkPath(path);
  if (path.length === 0) return ".";
  const absolute = path.charCodeAt(0) === 47;
  let end = -1, matched = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === 47) {
      if (!matched) { end = i; break; }
    } else {
      matched = false;
    }
  }
  if (end === -1) return absolute ? "/" : ".";
  if (absolute && end === 1) return "//";
  return path.slice(0, end);
}
export function basename(path, suffix) {
  if (suffix !== undefined) checkPath(suffix, "suffix");
  checkPath(path);
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  if (end === 0) return "";
  const start = path.lastIndexOf("/", end - 1) + 1;
  let base = path.slice(start, end);
  if (suffix !== undefined && suffix !== base && base.endsWith(suffix)) base = base.slice(0, base.length - suffix.length);
  return base;
}
export function extname(path) {
  checkPath(path);
  const base = basename(path);
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || (dot === 1 && base === "..")) return "";
  return base.slice(dot);
}
export function format(obj) {
  if (obj === null || typeof obj !== "object") throw invalidArgType("pathObject", "of type object", obj);
  const dir = obj.dir || obj.root;
  const base = obj.base || `${obj.name || ""}${obj.ext ? (obj.ext[0] === "." ? "" : ".") + obj.ext : ""}`;
  if (!dir) return base;
  return dir === obj.root ? `${dir}${base}` : `${dir}/${base}`;
}
export function parse(path) {
  checkPath(path);
  const root = path.charCodeAt(0) === 47 ? "/" : "";
  if (path.length === 0) return { root: "", dir: "", base: "", ext: "", name: "" };
  let trimmed = path;
  while (trimmed.length > 1 && trimmed.endsWith("/")) trimmed = trimmed.slice(0, -1);
  const base = trimmed === "/" ? "" : basename(trimmed);
  const ext = extname(base);
  let dir = trimmed === "/" ? "/" : dirname(trimmed);
  if (dir === "." && !trimmed.startsWith(".") && !trimmed.includes("/")) dir = "";
  else if (dir === "." && !trimmed.includes("/")) dir = "";
  return { root, dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base };
}
export function matchesGlob() {
  throw new Error("path.matchesGlob is not supported by sobjects");
}
export const sep = "/";
export const delimiter = ":";

const path = { resolve, normalize, isAbsolute, join, relative, toNamespacedPath, dirname, basename, extname, format, parse, matchesGlob, sep, delimiter };
path.posix = path;
path.win32 = path;
export const posix = path;
export const win32 = path;
export default path;
