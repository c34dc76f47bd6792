// node:events (https://developers.cloudflare.com/workers/runtime-apis/nodejs/eventemitter/):
// EventEmitter, once and on, as Node.js has them.
import { invalidArgType, outOfRange, error } from "node:_errors";

const kCapture = Symbol("kCapture");
let defaultMaxListeners = 10;

function checkListener(l) {
  if (typeof l !== "function") throw invalidArgType("listener", "of type function", l);
}

export function EventEmitter(opts) {
  EventEmitter.init.call(this, opts);
}
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;
EventEmitter.init = function (opts) {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
  if (opts && opts.captureRejections) this[kCapture] = true;
};
Object.defineProperty(EventEmitter, "defaultMaxListeners", {
  enumerable: true,
  get() { return defaultMaxListeners; },
  set(n) {
    if (typeof n !== "number" || n < 0 || Number.isNaN(n)) throw outOfRange("defaultMaxListeners", "a non-negative number", n);
    defaultMaxListeners = n;
  },
});
EventEmitter.errorMonitor = Symbol("events.errorMonitor");
EventEmitter.captureRejectionSymbol = Symbol.for("nodejs.rejection");

const proto = EventEmitter.prototype;
proto.setMaxListeners = function (n) {
  if (typeof n !== "number" || n < 0 || Number.isNaN(n)) throw outOfRange("n", "a non-negative number", n);
  this._maxListeners = n;
  return this;
};
proto.getMaxListeners = function () {
  return this._maxListeners === undefined ? defaultMaxListeners : this._maxListeners;
};
proto.emit = function (type, ...args) {
  const events = this._events;
  if (type === "error" && events !== undefined && events[EventEmitter.errorMonitor] !== undefined) this.emit(EventEmitter.errorMonitor, ...args);
  const handler = events === undefined ? undefined : events[type];
  if (handler === undefined) {
    if (type === "error") {
      const er = args[0];
      if (er instanceof Error) throw er;
      const e = error("ERR_UNHANDLED_ERROR", `Unhandled error. (${er === undefined ? "undefined" : typeof er === "string" ? `'${er}'` : String(er)})`);
      e.context = er;
      throw e;
    }
    return false;
  }
  if (typeof handler === "function") {
    call(this, handler, args);
  } else {
    for (const h of handler.slice()) call(this, h, args);
  }
  return true;
};
function call(target, handler, args) {
  const r = Reflect.apply(handler, target, args);
  if (target[kCapture] && r && typeof r.then === "function") {
    r.then(undefined, (err) => {
      const f = target[EventEmitter.captureRejectionSymbol];
      if (typeof f === "function") f.call(target, err);
      else target.emit("error", err);
    });
  }
}
function addListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    events = target._events = Object.create(null);
    target._eventsCount = 0;
  } else if (events.newListener !== undefined) {
    target.emit("newListener", type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  const existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    target._eventsCount++;
  } else {
    const list = typeof existing === "function" ? [existing] : existing;
    if (prepend) list.unshift(listener); else list.push(listener);
    events[type] = list;
    const m = target.getMaxListeners();
    if (m > 0 && list.length > m && !list.warned) {
      list.warned = true;
      console.warn(`MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners added to ${target.constructor.name}. MaxListeners is ${m}. Use emitter.setMaxListeners() to increase limit`);
    }
  }
  return target;
}
function onceWrapper(target, type, listener) {
  const state = { fired: false, target, type, listener };
  const wrapped = function (...args) {
    if (!state.fired) {
      state.target.removeListener(state.type, wrapped);
      state.fired = true;
      return Reflect.apply(state.listener, state.target, args);
    }
  };
  wrapped.listener = listener;
  return wrapped;
}
proto.addListener = function (type, listener) { return addListener(this, type, listener, false); };
proto.on = proto.addListener;
proto.prependListener = function (type, listener) { return addListener(this, type, listener, true); };
proto.once = function (type, listener) {
  checkListener(listener);
  return this.on(type, onceWrapper(this, type, listener));
};
proto.prependOnceListener = function (type, listener) {
  checkListener(listener);
  return this.prependListener(type, onceWrapper(this, type, listener));
};
proto.removeListener = function (type, listener) {
  checkListener(listener);
  const events = this._events;
  if (events === undefined) return this;
  const list = events[type];
  if (list === undefined) return this;
  if (list === listener || list.listener === listener) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete events[type];
    if (events.removeListener) this.emit("removeListener", type, list.listener || listener);
  } else if (typeof list !== "function") {
    let i = -1;
    for (let j = list.length - 1; j >= 0; j--) {
      if (list[j] === listener || list[j].listener === listener) { i = j; break; }
    }
    if (i < 0) return this;
    const [removed] = list.splice(i, 1);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) this.emit("removeListener", type, removed.listener || listener);
  }
  return this;
};
proto.off = proto.removeListener;
proto.removeAllListeners = function (type) {
  const events = this._events;
  if (events === undefined) return this;
  if (events.removeListener === undefined) {
    if (arguments.length === 0) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    } else if (events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete events[type];
    }
    return this;
  }
  if (arguments.length === 0) {
    for (const key of Reflect.ownKeys(events)) {
      if (key !== "removeListener") this.removeAllListeners(key);
    }
    this.removeAllListeners("removeListener");
    this._events = Object.create(null);
    this._eventsCount = 0;
    return this;
  }
  const listeners = events[type];
  if (typeof listeners === "function") this.removeListener(type, listeners);
  else if (listeners !== undefined) for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
  return this;
};
proto.listeners = function (type) {
  const l = this._events === undefined ? undefined : this._events[type];
  if (l === undefined) return [];
  return typeof l === "function" ? [l.listener || l] : l.map((x) => x.listener || x);
};
proto.rawListeners = function (type) {
  const l = this._events === undefined ? undefined : this._events[type];
  if (l === undefined) return [];
  return typeof l === "function" ? [l] : l.slice();
};
proto.listenerCount = function (type, listener) {
  const l = this._events === undefined ? undefined : this._events[type];
  if (l === undefined) return 0;
  const all = typeof l === "function" ? [l] : l;
  return listener === undefined ? all.length : all.filter((x) => x === listener || x.listener === listener).length;
};
proto.eventNames = function () {
  return this._eventsCount === 0 || this._events === undefined ? [] : Reflect.ownKeys(this._events);
};
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.usingDomains = false;

// once resolves with the arguments of the next emit of name (rejects on "error").
export function once(emitter, name, options = {}) {
  const signal = options.signal;
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(abortError(signal));
    if (typeof emitter.addEventListener === "function" && typeof emitter.on !== "function") {
      emitter.addEventListener(name, (...args) => resolve(args), { once: true });
      return;
    }
    const onError = (err) => { emitter.removeListener(name, onEvent); reject(err); };
    const onEvent = (...args) => { if (name !== "error") emitter.removeListener("error", onError); resolve(args); };
    emitter.once(name, onEvent);
    if (name !== "error") emitter.once("error", onError);
    if (signal) signal.addEventListener("abort", () => { emitter.removeListener(name, onEvent); emitter.removeListener("error", onError); reject(abortError(signal)); }, { once: true });
  });
}
function abortError(signal) {
  const e = new Error("The operation was aborted");
  e.name = "AbortError";
  e.code = "ABORT_ERR";
  e.cause = signal.reason;
  return e;
}

// on is an async iterator of the arguments of each emit of name.
export function on(emitter, name, options = {}) {
  const queue = [], waiting = [];
  let error = null, done = false;
  const onEvent = (...args) => (waiting.length ? waiting.shift().resolve({ value: args, done: false }) : queue.push(args));
  const onError = (err) => { if (waiting.length) waiting.shift().reject(err); else error = err; iter.return(); };
  emitter.on(name, onEvent);
  if (name !== "error") emitter.on("error", onError);
  if (options.signal) options.signal.addEventListener("abort", () => onError(abortError(options.signal)), { once: true });
  const iter = {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (error) { const e = error; error = null; return Promise.reject(e); }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      done = true;
      emitter.removeListener(name, onEvent);
      emitter.removeListener("error", onError);
      for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(err) { error = err; return iter.return(); },
    [Symbol.asyncIterator]() { return this; },
  };
  return iter;
}
export function getEventListeners(emitter, name) {
  return typeof emitter.listeners === "function" ? emitter.listeners(name) : [];
}
export function setMaxListeners(n = defaultMaxListeners, ...targets) {
  if (targets.length === 0) EventEmitter.defaultMaxListeners = n;
  for (const t of targets) if (typeof t.setMaxListeners === "function") t.setMaxListeners(n);
}
export function listenerCount(emitter, name) {
  return emitter.listenerCount(name);
}
export const errorMonitor = EventEmitter.errorMonitor;
export const captureRejectionSymbol = EventEmitter.captureRejectionSymbol;
export { EventEmitter as EventEmitterAsyncResource };
Object.assign(EventEmitter, { once, on, getEventListeners, setMaxListeners });
export default EventEmitter;
