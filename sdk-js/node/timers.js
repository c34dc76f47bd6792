// node:timers (https://developers.cloudflare.com/workers/runtime-apis/nodejs/timers/):
// the global timers, and setImmediate as a zero-delay timer.
import * as promises from "node:timers/promises";

export const setTimeout = (...args) => globalThis.setTimeout(...args);
export const clearTimeout = (id) => globalThis.clearTimeout(id);
export const setInterval = (...args) => globalThis.setInterval(...args);
export const clearInterval = (id) => globalThis.clearInterval(id);
export const setImmediate = (fn, ...args) => globalThis.setTimeout(fn, 0, ...args);
export const clearImmediate = (id) => globalThis.clearTimeout(id);
// Globals under nodejs_compat, as in workerd (see Buffer in buffer.js).
if (globalThis.setImmediate === undefined) Object.assign(globalThis, { setImmediate, clearImmediate });
// The deprecated ones, which do nothing in workerd either.
export const active = () => {};
export const enroll = () => {};
export const unenroll = () => {};
export { promises };
export default { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, promises, active, enroll, unenroll };
