// node:url (https://developers.cloudflare.com/workers/runtime-apis/nodejs/url/): the
// WHATWG URL and URLSearchParams, fileURLToPath and pathToFileURL, domainToASCII, and
// the legacy parse, format and resolve over URL.
import { invalidArgType, typeError, error } from "node:_errors";
import querystring from "node:querystring";

export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;

export function fileURLToPath(u) {
  const url = typeof u === "string" ? new URL(u) : u;
  if (!(url instanceof URL)) throw invalidArgType("path", "of type string or an instance of URL", u);
  if (url.protocol !== "file:") throw error("ERR_INVALID_URL_SCHEME", "The URL must be of scheme file"); // an Error, as workerd
  if (url.hostname !== "") throw typeError("ERR_INVALID_FILE_URL_HOST", `File URL host must be "localhost" or empty on linux`);
  if (/%2f/i.test(url.pathname)) throw typeError("ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters");
  return decodeURIComponent(url.pathname);
}
export function pathToFileURL(path) {
  if (typeof path !== "string") throw invalidArgType("path", "of type string", path);
  let p = path.startsWith("/") ? path : "/" + path;
  p = encodeURI(p).replace(/[?#]/g, encodeURIComponent);
  return new URL("file://" + p);
}
export function domainToASCII(domain) {
  try {
    return new URL("http://" + domain).hostname;
  } catch {
    return "";
  }
}
export const domainToUnicode = (domain) => String(domain);
export function urlToHttpOptions(url) {
  return {
    protocol: url.protocol, hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname, hash: url.hash, search: url.search,
    pathname: url.pathname, path: `${url.pathname || ""}${url.search || ""}`, href: url.href,
    ...(url.port !== "" ? { port: Number(url.port) } : {}), ...(url.username || url.password ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
  };
}

// Url is what the legacy parse returns.
export function Url() {
  Object.assign(this, { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: null });
}
export function parse(s, parseQueryString = false) {
  if (typeof s !== "string") throw invalidArgType("url", "of type string", s);
  const out = new Url();
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:)?(\/\/)?(?:([^@/?#]*)@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(s.trim());
  if (!m) return out;
  const [, protocol, slashes, auth, host, pathname, search, hash] = m;
  out.protocol = protocol ? protocol.toLowerCase() : null;
  out.slashes = slashes ? true : null;
  if (slashes || (protocol && /^(https?|ftp|file|wss?):$/i.test(protocol))) {
    out.auth = auth !== undefined ? decodeURIComponent(auth) : null;
    out.host = host.toLowerCase();
    const pm = /^(.*?)(?::(\d*))?$/.exec(out.host);
    out.hostname = pm[1];
    out.port = pm[2] !== undefined && pm[2] !== "" ? pm[2] : null;
    out.pathname = pathname || (slashes ? "/" : null);
  } else {
    out.pathname = (host || "") + (pathname || "") || null;
  }
  out.search = search || (parseQueryString ? "" : null);
  out.query = parseQueryString ? querystring.parse(search ? search.slice(1) : "") : search ? search.slice(1) : null;
  out.hash = hash || null;
  out.path = (out.pathname || "") + (out.search || "") || null;
  out.href = format(out);
  return out;
}
export function format(u) {
  if (typeof u === "string") u = parse(u);
  if (u instanceof URL) return u.href;
  let auth = u.auth ? encodeURIComponent(u.auth).replace(/%3A/i, ":") + "@" : "";
  let host = u.host ? u.host : u.hostname ? u.hostname + (u.port ? ":" + u.port : "") : "";
  const protocol = u.protocol ? (u.protocol.endsWith(":") ? u.protocol : u.protocol + ":") : "";
  let search = u.search || (u.query && typeof u.query === "object" && Object.keys(u.query).length ? "?" + querystring.stringify(u.query) : typeof u.query === "string" && u.query ? "?" + u.query : "");
  if (search && !search.startsWith("?")) search = "?" + search;
  let hash = u.hash || "";
  if (hash && !hash.startsWith("#")) hash = "#" + hash;
  let pathname = u.pathname || "";
  const slashes = u.slashes || /^(https?|ftp|file|wss?):$/.test(protocol);
  if (slashes && (host || protocol === "file:")) {
    if (pathname && !pathname.startsWith("/")) pathname = "/" + pathname;
    host = "//" + auth + host;
    auth = "";
  } else {
    host = auth + host;
  }
  return protocol + host + pathname.replace(/[?#]/g, encodeURIComponent) + search.replace("#", "%23") + hash;
}
export function resolve(from, to) {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(from)) return new URL(to, from).href;
  const base = new URL(from, "http://resolve.invalid/");
  const r = new URL(to, base);
  if (r.origin !== base.origin) return r.href; // to is absolute
  const path = r.pathname + r.search + r.hash;
  return from.startsWith("/") ? path : path.slice(1);
}
export const resolveObject = (from, to) => parse(resolve(from, to));
export const toPathIfFileURL = (u) => (u instanceof URL || (typeof u === "string" && u.startsWith("file:")) ? fileURLToPath(u) : u);
export default { URL, URLSearchParams, fileURLToPath, pathToFileURL, domainToASCII, domainToUnicode, urlToHttpOptions, Url, parse, format, resolve, resolveObject, toPathIfFileURL };
