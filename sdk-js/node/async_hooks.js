// node:async_hooks (https://developers.cloudflare.com/workers/runtime-apis/nodejs/asynclocalstorage/):
// AsyncLocalStorage and AsyncResource.
//
// QuickJS gives a script no hook into its promise jobs, so the store propagates where a
// script can see the hand-over: through the synchronous part of run, and into the
// callbacks of setTimeout, setInterval, queueMicrotask, process.nextTick and of
// then/catch/finally called while a store is current (this module wraps those once the
// first run starts; before that it costs nothing). For await, package jsbundle lowers
// the async functions of a bundle that imports this module to generators driven by
// then (esbuild's __async), so a continuation after an await sees the store too.

let current = new Map(); // AsyncLocalStorage -> store, for the code running now
let patched = false;

function bind(fn) {
  if (typeof fn !== "function" || current.size === 0) return fn;
  const ctx = current;
  return function (...args) {
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
  P.then = function (a, b) {
    return current.size === 0 ? then.call(this, a, b) : then.call(this, bind(a), bind(b));
  };
  for (const name of ["setTimeout", "setInterval", "queueMicrotask"]) {
    const f = globalThis[name];
    if (typeof f === "function") globalThis[name] = function (fn, ...rest) { return f.call(this, bind(fn), ...rest); };
  }
}

export class AsyncLocalStorage {
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
}

export class AsyncResource {
  constructor(type) {
    this.type = type;
    this._ctx = current;
  }
  runInAsyncScope(fn, thisArg, ...args) {
    const saved = current;
    current = this._ctx;
    try {
      return Reflect.apply(fn, thisArg, args);
    } finally {
      current = saved;
    }
  }
  bind(fn) {
    const r = this;
    return function (...args) { return r.runInAsyncScope(fn, this, ...args); };
  }
  static bind(fn, type) {
    return new AsyncResource(type || fn.name || "bound-anonymous-fn").bind(fn);
  }
  emitDestroy() {
    return this;
  }
  asyncId() {
    return 0;
  }
  triggerAsyncId() {
    return 0;
  }
}

// The rest of async_hooks is not in Workers either: createHook gives hooks that are
// never called.
export function createHook() {
  return { enable() { return this; }, disable() { return this; } };
}
export const executionAsyncId = () => 0;
export const triggerAsyncId = () => 0;
export const executionAsyncResource = () => ({});

export default { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId, triggerAsyncId, executionAsyncResource };
