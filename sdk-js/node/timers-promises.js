// node:timers/promises: setTimeout and setImmediate as promises (with an AbortSignal),
// setInterval as an async iterator, and scheduler.wait.
function aborted(signal) {
  const e = new Error("The operation was aborted");
  e.name = "AbortError";
  e.code = "ABORT_ERR";
  e.cause = signal.reason;
  return e;
}
export function setTimeout(delay, value, options = {}) {
  const signal = options.signal;
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(aborted(signal));
    const id = globalThis.setTimeout(() => resolve(value), delay);
    if (signal) signal.addEventListener("abort", () => { globalThis.clearTimeout(id); reject(aborted(signal)); }, { once: true });
  });
}
export function setImmediate(value, options) {
  return setTimeout(0, value, options);
}
export async function* setInterval(delay, value, options = {}) {
  for (;;) {
    yield await setTimeout(delay, value, options);
  }
}
export const scheduler = {
  wait: (delay, options) => setTimeout(delay, undefined, options),
  yield: () => setImmediate(),
};
export default { setTimeout, setImmediate, setInterval, scheduler };
