// node:process (https://developers.cloudflare.com/workers/runtime-apis/nodejs/process/):
// what Workers' process has (env, nextTick, platform, features, exit,
// getBuiltinModule), and version, versions, argv, cwd, hrtime, uptime and
// emitWarning. process.env holds the project's vars, each as a string (a var that is
// not a string as its JSON text), when the compatibility date or flags say so
// (nodejs_compat_populate_process_env, the default from 2025-04-01); else it starts
// empty. Values set on it become strings.
import { populateEnv } from "node:_config";
import { EventEmitter } from "node:events";

function makeEnv() {
  const target = {};
  if (populateEnv) {
    const vars = (globalThis.__sobjects_manifest && globalThis.__sobjects_manifest.vars) || {};
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
    },
  });
}

const start = Date.now();
const process = new EventEmitter();
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
  exitCode: undefined,
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
  umask: () => 0o22,
  uptime: () => (Date.now() - start) / 1000,
  hrtime: Object.assign(
    (prev) => {
      const t = typeof performance !== "undefined" ? performance.now() : Date.now();
      let s = Math.floor(t / 1000), ns = Math.floor((t % 1000) * 1e6);
      if (prev) {
        s -= prev[0];
        ns -= prev[1];
        if (ns < 0) { s--; ns += 1e9; }
      }
      return [s, ns];
    },
    { bigint: () => BigInt(Math.floor((typeof performance !== "undefined" ? performance.now() : Date.now()) * 1e6)) },
  ),
  memoryUsage: Object.assign(() => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }), { rss: () => 0 }),
  emitWarning(warning, type) {
    const msg = typeof warning === "string" ? warning : warning && warning.message;
    console.warn(`${(typeof type === "string" ? type : type && type.type) || (warning && warning.name) || "Warning"}: ${msg}`);
  },
  exit(code) {
    const e = new Error(`process.exit(${code === undefined ? "" : code}) called`);
    e.code = "ERR_PROCESS_EXIT";
    throw e;
  },
  abort() {
    throw new Error("process.abort() called");
  },
  getBuiltinModule() {
    return undefined;
  },
});
// A global under nodejs_compat, as in workerd (see Buffer in buffer.js).
if (globalThis.process === undefined) globalThis.process = process;
export default process;
export const { env, platform, version, versions, argv, nextTick, cwd, hrtime, features, exit, emitWarning, uptime, memoryUsage } = process;
