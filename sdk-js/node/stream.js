// node:stream (https://developers.cloudflare.com/workers/runtime-apis/nodejs/streams/):
// Readable, Writable, Duplex, Transform and PassThrough over EventEmitter, with pipe,
// pipeline, finished, Readable.from and async iteration. Events are emitted as Node
// emits them, on a later microtask where Node defers to process.nextTick.
import { EventEmitter } from "node:events";
import { Buffer } from "node:buffer";
import { StringDecoder } from "node:string_decoder";
import { error, typeError, invalidArgType } from "node:_errors";

const tick = (fn, ...args) => globalThis.queueMicrotask(() => fn(...args));
const kDefaultHWM = 64 * 1024, kObjectHWM = 16; // as workerd and Node.js 22
let defaultHWM = kDefaultHWM;
export const getDefaultHighWaterMark = (objectMode) => (objectMode ? kObjectHWM : defaultHWM);
export const setDefaultHighWaterMark = (objectMode, value) => { if (!objectMode) defaultHWM = value; };

export function Stream(opts) {
  EventEmitter.call(this, opts);
}
Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Stream, EventEmitter);
Stream.prototype.pipe = function (dest, options) {
  return Readable.prototype.pipe.call(this, dest, options);
};

// ---- Readable ----
export function Readable(options = {}) {
  if (!(this instanceof Readable)) return new Readable(options);
  Stream.call(this, options);
  const objectMode = Boolean(options.objectMode || options.readableObjectMode);
  this._r = {
    objectMode, highWaterMark: options.highWaterMark ?? options.readableHighWaterMark ?? getDefaultHighWaterMark(objectMode),
    buffer: [], length: 0, flowing: null, ended: false, endEmitted: false, reading: false, sync: false,
    decoder: null, encoding: null, pipes: [], readableListening: false, emittedReadable: false, errored: null,
    closed: false, autoDestroy: options.autoDestroy !== false, emitClose: options.emitClose !== false, dataEmitted: false,
  };
  if (options.encoding) this.setEncoding(options.encoding);
  if (typeof options.read === "function") this._read = options.read;
  if (typeof options.destroy === "function") this._destroy = options.destroy;
  if (options.signal) addAbortSignal(options.signal, this);
  this._destroyed = false;
}
Object.setPrototypeOf(Readable.prototype, Stream.prototype);
Object.setPrototypeOf(Readable, Stream);

function chunkLength(r, c) {
  return r.objectMode ? 1 : c.length;
}
Readable.prototype.push = function (chunk, encoding) {
  const r = this._r;
  if (chunk === null) {
    r.reading = false;
    if (!r.ended) {
      r.ended = true;
      if (r.decoder) {
        const rest = r.decoder.end();
        if (rest.length) { r.buffer.push(rest); r.length += chunkLength(r, rest); }
      }
      scheduleFlow(this);
    }
    return false;
  }
  if (!r.objectMode) {
    if (typeof chunk === "string") chunk = Buffer.from(chunk, encoding || "utf8");
    else if (chunk instanceof Uint8Array && !(chunk instanceof Buffer)) chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    else if (!(chunk instanceof Uint8Array)) {
      errorOrDestroy(this, invalidArgType("chunk", "of type string or an instance of Buffer or Uint8Array", chunk));
      return false;
    }
  }
  if (r.ended) {
    errorOrDestroy(this, error("ERR_STREAM_PUSH_AFTER_EOF", "stream.push() after EOF"));
    return false;
  }
  if (this._destroyed) return false;
  r.reading = false;
  if (r.decoder && !r.objectMode) chunk = r.decoder.write(chunk);
  if (r.objectMode || chunk.length > 0) {
    r.buffer.push(chunk);
    r.length += chunkLength(r, chunk);
  }
  scheduleFlow(this);
  return r.length < r.highWaterMark;
};
Readable.prototype.unshift = function (chunk) {
  const r = this._r;
  if (!r.objectMode && typeof chunk === "string") chunk = Buffer.from(chunk);
  r.buffer.unshift(chunk);
  r.length += chunkLength(r, chunk);
  scheduleFlow(this);
};
Readable.prototype._read = function () {
  throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _read() method is not implemented");
};
function maybeRead(stream) {
  const r = stream._r;
  if (!r.reading && !r.ended && !stream._destroyed && r.length < r.highWaterMark) {
    r.reading = true;
    try {
      stream._read(r.objectMode ? 1 : r.highWaterMark);
    } catch (e) {
      errorOrDestroy(stream, e);
    }
  }
}
// take removes n bytes (or, in object mode or without n, one chunk or all) from the
// buffer.
function take(r, n) {
  if (r.length === 0) return null;
  if (r.objectMode) { r.length--; return r.buffer.shift(); }
  if (n === undefined || n >= r.length) {
    const all = r.decoder ? r.buffer.join("") : r.buffer.length === 1 ? r.buffer[0] : Buffer.concat(r.buffer);
    r.buffer = [];
    r.length = 0;
    return all;
  }
  let out;
  if (r.decoder) {
    const s = r.buffer.join("");
    out = s.slice(0, n);
    r.buffer = [s.slice(n)];
  } else {
    const all = Buffer.concat(r.buffer);
    out = all.subarray(0, n);
    r.buffer = [all.subarray(n)];
  }
  r.length -= n;
  return out;
}
Readable.prototype.read = function (n) {
  const r = this._r;
  if (n === 0) { maybeRead(this); return null; }
  if (n !== undefined && !r.objectMode && n > r.length && !r.ended) { maybeRead(this); return null; }
  const chunk = take(r, n);
  if (chunk !== null) {
    r.dataEmitted = true;
    this.emit("data", chunk);
  }
  if (r.length === 0 && r.ended) endReadable(this);
  else maybeRead(this);
  return chunk;
};
function scheduleFlow(stream) {
  const r = stream._r;
  if (r.flowScheduled) return;
  r.flowScheduled = true;
  tick(() => {
    r.flowScheduled = false;
    flow(stream);
  });
}
function flow(stream) {
  const r = stream._r;
  if (stream._destroyed) return;
  if (r.flowing) {
    while (r.flowing && r.length > 0) {
      const chunk = r.buffer.shift(); // one chunk at a time, as pushed
      r.length -= chunkLength(r, chunk);
      r.dataEmitted = true;
      stream.emit("data", chunk);
    }
  } else if (r.readableListening && (r.length > 0 || r.ended) && !r.endEmitted) {
    stream.emit("readable");
  }
  if (r.length === 0 && r.ended) {
    if (r.flowing || !r.readableListening || r.endEmitted === false) endReadable(stream);
  } else if (r.flowing || r.readableListening) {
    maybeRead(stream);
  }
}
function endReadable(stream) {
  const r = stream._r;
  if (r.endEmitted || r.endScheduled) return;
  if (!r.flowing && !r.readableListening && !r.dataEmitted && r.length === 0 && stream.listenerCount("end") === 0) {
    // Node emits end only once the stream is read; keep it until a listener comes.
  }
  r.endScheduled = true;
  tick(() => {
    if (r.endEmitted || r.length !== 0) { r.endScheduled = false; return; }
    if (!r.flowing && !r.readableListening && !r.dataEmitted) { r.endScheduled = false; return; }
    r.endEmitted = true;
    stream.emit("end");
    if (stream._w && !stream._w.finished && stream._allowHalfOpen === false) stream.end();
    if (r.autoDestroy && (!stream._w || stream._w.finished)) stream.destroy();
  });
}
Readable.prototype.on = function (ev, fn) {
  const res = Stream.prototype.on.call(this, ev, fn);
  const r = this._r;
  if (ev === "data") {
    r.readableListening = false;
    if (r.flowing !== false) this.resume();
  } else if (ev === "readable") {
    if (!r.endEmitted) {
      r.readableListening = true;
      r.flowing = false;
      scheduleFlow(this);
    }
  } else if (ev === "end" && r.ended && r.length === 0) {
    scheduleFlow(this);
  }
  return res;
};
Readable.prototype.addListener = Readable.prototype.on;
Readable.prototype.resume = function () {
  const r = this._r;
  if (!r.flowing) {
    r.flowing = !r.readableListening;
    tick(() => this.emit("resume"));
    scheduleFlow(this);
  }
  return this;
};
Readable.prototype.pause = function () {
  if (this._r.flowing !== false) {
    this._r.flowing = false;
    this.emit("pause");
  }
  return this;
};
Readable.prototype.isPaused = function () {
  return this._r.flowing === false;
};
Readable.prototype.setEncoding = function (enc) {
  const r = this._r;
  r.decoder = new StringDecoder(enc);
  r.encoding = r.decoder.encoding;
  const text = r.buffer.map((b) => r.decoder.write(b)).join("");
  r.buffer = text ? [text] : [];
  r.length = text.length;
  return this;
};
Readable.prototype.pipe = function (dest, options = {}) {
  const src = this;
  const r = src._r;
  r.pipes.push(dest);
  const ondata = (chunk) => {
    if (dest.write(chunk) === false) src.pause();
  };
  const ondrain = () => src.resume();
  src.on("data", ondata);
  dest.on("drain", ondrain);
  if (options.end !== false) src.once("end", () => dest.end());
  src._unpipe = src._unpipe || new Map();
  src._unpipe.set(dest, () => { src.removeListener("data", ondata); dest.removeListener("drain", ondrain); });
  dest.emit("pipe", src);
  return dest;
};
Readable.prototype.unpipe = function (dest) {
  const targets = dest ? [dest] : this._r.pipes.slice();
  for (const d of targets) {
    const f = this._unpipe && this._unpipe.get(d);
    if (f) { f(); this._unpipe.delete(d); }
    this._r.pipes = this._r.pipes.filter((x) => x !== d);
    d.emit("unpipe", this);
  }
  return this;
};
Readable.prototype.wrap = function () {
  throw error("ERR_METHOD_NOT_IMPLEMENTED", "The wrap() method is not implemented");
};
Readable.prototype[Symbol.asyncIterator] = function () {
  const stream = this;
  const chunks = [];
  let done = false, failure = null, wake = null;
  const notify = () => { if (wake) { const w = wake; wake = null; w(); } };
  stream.on("data", (c) => { chunks.push(c); stream.pause(); notify(); });
  stream.on("end", () => { done = true; notify(); });
  stream.on("error", (e) => { failure = e; notify(); });
  stream.on("close", () => { done = true; notify(); });
  return {
    async next() {
      for (;;) {
        if (chunks.length) return { value: chunks.shift(), done: false };
        if (failure) throw failure;
        if (done) return { value: undefined, done: true };
        stream.resume();
        await new Promise((resolve) => (wake = resolve));
      }
    },
    async return() {
      stream.destroy();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() { return this; },
  };
};
Readable.prototype.toArray = async function () {
  const out = [];
  for await (const c of this) out.push(c);
  return out;
};
Readable.from = function (iterable, opts) {
  if (typeof iterable === "string" || iterable instanceof Uint8Array) {
    return new Readable({ objectMode: true, ...opts, read() { this.push(iterable); this.push(null); } });
  }
  const it = iterable && typeof iterable[Symbol.asyncIterator] === "function" ? iterable[Symbol.asyncIterator]() : iterable && typeof iterable[Symbol.iterator] === "function" ? iterable[Symbol.iterator]() : null;
  if (it === null) throw invalidArgType("iterable", "an Iterable", iterable);
  let reading = false;
  return new Readable({
    objectMode: true, ...opts,
    async read() {
      if (reading) return;
      reading = true;
      try {
        for (;;) {
          const { value, done } = await it.next();
          if (done) { this.push(null); break; }
          if (!this.push(await value)) break;
        }
      } catch (e) {
        this.destroy(e);
      } finally {
        reading = false;
      }
    },
  });
};
defineGetters(Readable.prototype, {
  readable() { return !this._destroyed && !this._r.endEmitted && !this._r.errored; },
  readableEnded() { return this._r.endEmitted; },
  readableFlowing() { return this._r.flowing; },
  readableLength() { return this._r.length; },
  readableObjectMode() { return this._r.objectMode; },
  readableHighWaterMark() { return this._r.highWaterMark; },
  readableEncoding() { return this._r.encoding; },
  destroyed() { return this._destroyed; },
  errored() { return (this._r && this._r.errored) || (this._w && this._w.errored) || null; },
  closed() { return (this._r || this._w).closed; },
});

// ---- Writable ----
export function Writable(options = {}) {
  if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(options);
  Stream.call(this, options);
  initWritable(this, options);
  this._destroyed = false;
}
Object.setPrototypeOf(Writable.prototype, Stream.prototype);
Object.setPrototypeOf(Writable, Stream);
Object.defineProperty(Writable, Symbol.hasInstance, {
  value(obj) {
    if (Function.prototype[Symbol.hasInstance].call(this, obj)) return true;
    return this === Writable && obj !== null && typeof obj === "object" && obj._w !== undefined;
  },
});
function initWritable(stream, options) {
  const objectMode = Boolean(options.objectMode || options.writableObjectMode);
  stream._w = {
    objectMode, highWaterMark: options.highWaterMark ?? options.writableHighWaterMark ?? getDefaultHighWaterMark(objectMode),
    queue: [], length: 0, writing: false, ended: false, finished: false, finalCalled: false, needDrain: false,
    corked: 0, decodeStrings: options.decodeStrings !== false, errored: null, closed: false,
    autoDestroy: options.autoDestroy !== false, emitClose: options.emitClose !== false, defaultEncoding: options.defaultEncoding || "utf8",
  };
  if (typeof options.write === "function") stream._write = options.write;
  if (typeof options.writev === "function") stream._writev = options.writev;
  if (typeof options.final === "function") stream._final = options.final;
  if (typeof options.destroy === "function") stream._destroy = options.destroy;
  if (options.signal) addAbortSignal(options.signal, stream);
}
Writable.prototype._write = function (chunk, encoding, cb) {
  if (this._writev) this._writev([{ chunk, encoding }], cb);
  else throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _write() method is not implemented");
};
Writable.prototype.write = function (chunk, encoding, cb) {
  const w = this._w;
  if (typeof encoding === "function") { cb = encoding; encoding = null; }
  if (chunk === null) throw typeError("ERR_STREAM_NULL_VALUES", "May not write null values to stream");
  if (!w.objectMode) {
    if (typeof chunk === "string") {
      if (w.decodeStrings) { chunk = Buffer.from(chunk, encoding || w.defaultEncoding); encoding = "buffer"; }
    } else if (chunk instanceof Uint8Array) {
      if (!(chunk instanceof Buffer)) chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      encoding = "buffer";
    } else {
      throw invalidArgType("chunk", "of type string or an instance of Buffer or Uint8Array", chunk);
    }
  }
  let err = null;
  if (w.ended) err = error("ERR_STREAM_WRITE_AFTER_END", "write after end");
  else if (this._destroyed) err = error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
  if (err) {
    tick(() => { if (typeof cb === "function") cb(err); });
    errorOrDestroy(this, err, true);
    return false;
  }
  w.length += w.objectMode ? 1 : chunk.length;
  const ret = w.length < w.highWaterMark;
  if (!ret) w.needDrain = true;
  w.queue.push({ chunk, encoding: encoding || w.defaultEncoding, cb: typeof cb === "function" ? cb : null });
  if (!w.writing && !w.corked) writeNext(this);
  return ret;
};
function writeNext(stream) {
  const w = stream._w;
  if (w.writing || stream._destroyed) return;
  if (w.queue.length === 0) {
    if (w.needDrain) {
      w.needDrain = false;
      tick(() => stream.emit("drain"));
    }
    if (w.ended) tick(() => finishMaybe(stream));
    return;
  }
  const item = w.queue.shift();
  w.writing = true;
  let sync = true;
  const done = (err) => {
    w.writing = false;
    w.length -= w.objectMode ? 1 : item.chunk.length;
    if (err) {
      w.errored = err;
      const f = () => { if (item.cb) item.cb(err); errorOrDestroy(stream, err); };
      if (sync) tick(f); else f();
      return;
    }
    const after = () => { if (item.cb) item.cb(null); writeNext(stream); };
    if (sync) tick(after); else after();
  };
  try {
    stream._write(item.chunk, item.encoding, done);
  } catch (e) {
    done(e);
  }
  sync = false;
}
Writable.prototype.cork = function () {
  this._w.corked++;
};
Writable.prototype.uncork = function () {
  const w = this._w;
  if (w.corked > 0 && --w.corked === 0) writeNext(this);
};
Writable.prototype.setDefaultEncoding = function (enc) {
  this._w.defaultEncoding = enc;
  return this;
};
Writable.prototype.end = function (chunk, encoding, cb) {
  const w = this._w;
  if (typeof chunk === "function") { cb = chunk; chunk = null; encoding = null; }
  else if (typeof encoding === "function") { cb = encoding; encoding = null; }
  if (chunk !== null && chunk !== undefined) this.write(chunk, encoding);
  if (w.corked) { w.corked = 1; this.uncork(); }
  if (typeof cb === "function") {
    if (w.finished) tick(cb);
    else this.once("finish", () => cb());
  }
  if (!w.ended) {
    w.ended = true;
    if (!w.writing && w.queue.length === 0) tick(() => finishMaybe(this));
  }
  return this;
};
function finishMaybe(stream) {
  const w = stream._w;
  if (w.finished || w.writing || w.queue.length || stream._destroyed || w.finalCalled) return;
  w.finalCalled = true;
  const finish = (err) => {
    if (err) { errorOrDestroy(stream, err); return; }
    w.finished = true;
    stream.emit("finish");
    if (w.autoDestroy && (!stream._r || stream._r.endEmitted || stream._allowHalfOpen === false)) stream.destroy();
  };
  if (typeof stream._final === "function") {
    try {
      stream._final((err) => tick(finish, err));
    } catch (e) {
      finish(e);
    }
  } else {
    finish();
  }
}
defineGetters(Writable.prototype, {
  writable() { const w = this._w; return !this._destroyed && !w.ended && !w.errored; },
  writableEnded() { return this._w.ended; },
  writableFinished() { return this._w.finished; },
  writableLength() { return this._w.length; },
  writableObjectMode() { return this._w.objectMode; },
  writableHighWaterMark() { return this._w.highWaterMark; },
  writableCorked() { return this._w.corked; },
  writableNeedDrain() { return this._w.needDrain; },
  destroyed() { return this._destroyed; },
});

// destroy (both kinds): _destroy(err, cb), then "error" (when err) and "close".
function destroy(err, cb) {
  if (this._destroyed) {
    if (typeof cb === "function") tick(cb, err);
    return this;
  }
  this._destroyed = true;
  const states = [this._r, this._w].filter(Boolean);
  if (err) for (const s of states) s.errored = s.errored || err;
  const after = (e) => {
    for (const s of states) s.closed = true;
    if (typeof cb === "function") cb(e);
    tick(() => {
      if (e && !states.some((s) => s.errorEmitted)) {
        for (const s of states) s.errorEmitted = true;
        this.emit("error", e);
      }
      if (states.every((s) => s.emitClose)) this.emit("close");
    });
  };
  try {
    this._destroy(err || null, (e) => after(e || err));
  } catch (e) {
    after(e);
  }
  return this;
}
function _destroy(err, cb) {
  cb(err);
}
Readable.prototype.destroy = destroy;
Readable.prototype._destroy = _destroy;
Writable.prototype.destroy = destroy;
Writable.prototype._destroy = _destroy;
function errorOrDestroy(stream, err, sync) {
  const s = stream._r || stream._w;
  if ((stream._r && stream._r.autoDestroy) || (stream._w && stream._w.autoDestroy)) stream.destroy(err);
  else if (!s.errorEmitted) {
    s.errorEmitted = true;
    if (sync) tick(() => stream.emit("error", err));
    else stream.emit("error", err);
  }
}

// ---- Duplex, Transform, PassThrough ----
export function Duplex(options = {}) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  Readable.call(this, options);
  initWritable(this, options);
  this._allowHalfOpen = options.allowHalfOpen !== false;
  if (options.readable === false) this._r.endEmitted = this._r.ended = true;
  if (options.writable === false) this._w.ended = this._w.finished = true;
}
Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
Object.setPrototypeOf(Duplex, Readable);
for (const k of Object.getOwnPropertyNames(Writable.prototype)) {
  if (k !== "constructor" && !Object.prototype.hasOwnProperty.call(Duplex.prototype, k) && k !== "destroyed") {
    Object.defineProperty(Duplex.prototype, k, Object.getOwnPropertyDescriptor(Writable.prototype, k));
  }
}
Duplex.from = function (body) {
  if (body instanceof Duplex) return body;
  if (body instanceof Readable) return body;
  return Readable.from(body);
};

export function Transform(options = {}) {
  if (!(this instanceof Transform)) return new Transform(options);
  Duplex.call(this, options);
  if (typeof options.transform === "function") this._transform = options.transform;
  if (typeof options.flush === "function") this._flush = options.flush;
  this._r.sync = false;
}
Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
Object.setPrototypeOf(Transform, Duplex);
Transform.prototype._transform = function () {
  throw error("ERR_METHOD_NOT_IMPLEMENTED", "The _transform() method is not implemented");
};
Transform.prototype._write = function (chunk, encoding, cb) {
  this._transform(chunk, encoding, (err, data) => {
    if (err) { cb(err); return; }
    if (data !== undefined && data !== null) this.push(data);
    const r = this._r;
    if (r.length < r.highWaterMark || r.flowing) cb();
    else this._pendingCallback = cb;
  });
};
Transform.prototype._read = function () {
  this._r.reading = false;
  if (this._pendingCallback) {
    const cb = this._pendingCallback;
    this._pendingCallback = null;
    cb();
  }
};
Transform.prototype._final = function (cb) {
  const done = (err, data) => {
    if (err) { cb(err); return; }
    if (data !== undefined && data !== null) this.push(data);
    this.push(null);
    cb();
  };
  if (typeof this._flush === "function") this._flush(done);
  else done();
};

export function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
Object.setPrototypeOf(PassThrough, Transform);
PassThrough.prototype._transform = function (chunk, encoding, cb) {
  cb(null, chunk);
};

// ---- finished, pipeline ----
export function finished(stream, options, callback) {
  if (typeof options === "function") { callback = options; options = {}; }
  let called = false;
  const done = (err) => {
    if (called) return;
    called = true;
    cleanup();
    callback.call(stream, err);
  };
  const readable = options.readable !== false && stream._r !== undefined && !(stream._r.ended && stream._r.endEmitted);
  const writable = options.writable !== false && stream._w !== undefined && !stream._w.finished;
  let ended = !readable, finishedW = !writable;
  const onend = () => { ended = true; if (finishedW) done(); };
  const onfinish = () => { finishedW = true; if (ended) done(); };
  const onerror = (err) => done(err);
  const onclose = () => {
    if ((!ended && readable) || (!finishedW && writable)) done(error("ERR_STREAM_PREMATURE_CLOSE", "Premature close"));
    else done();
  };
  stream.on("end", onend);
  stream.on("finish", onfinish);
  if (options.error !== false) stream.on("error", onerror);
  stream.on("close", onclose);
  function cleanup() {
    stream.removeListener("end", onend);
    stream.removeListener("finish", onfinish);
    stream.removeListener("error", onerror);
    stream.removeListener("close", onclose);
  }
  if (!readable && !writable) tick(done);
  return cleanup;
}

// pipeline pipes each stream into the next, or, for a function, gives it the previous
// stream (nothing, for the first) and reads the async iterable it returns; a last
// function may return a promise instead. callback gets the first error, or undefined
// once the last stream has finished; on an error every stream is destroyed.
export function pipeline(...streams) {
  const callback = typeof streams[streams.length - 1] === "function" ? streams.pop() : null;
  if (Array.isArray(streams[0]) && streams.length === 1) streams = streams[0];
  if (streams.length < 2) throw invalidArgType("streams", "an array of at least two streams", streams);
  let failed = false, called = false;
  const chain = [];
  const done = (err) => {
    if (called) return;
    called = true;
    if (callback) tick(() => callback(err));
  };
  const fail = (err) => {
    if (failed) return;
    failed = true;
    for (const s of chain) if (s && !s._destroyed) s.destroy(err);
    done(err);
  };
  let lastPromise = null;
  for (let i = 0; i < streams.length; i++) {
    let s = streams[i];
    const last = i === streams.length - 1;
    if (typeof s === "function") {
      let r;
      try {
        r = s(i === 0 ? {} : chain[i - 1]);
      } catch (e) {
        tick(fail, e);
        return chain[chain.length - 1];
      }
      if (last && r && typeof r.then === "function" && typeof r[Symbol.asyncIterator] !== "function") {
        lastPromise = r;
        chain.push(null);
        continue;
      }
      s = Readable.from(r);
      s._fromFunction = true;
    } else if (i === 0 && !(s instanceof Stream) && s != null && (typeof s[Symbol.asyncIterator] === "function" || typeof s[Symbol.iterator] === "function")) {
      s = Readable.from(s);
    }
    chain.push(s);
  }
  chain.forEach((s, i) => {
    if (!s) return;
    const last = i === chain.length - 1;
    const writable = i > 0 && !s._fromFunction;
    finished(s, { readable: !writable || !last, writable }, (err) => {
      if (err) fail(err);
      else if (last) done(undefined);
    });
    const next = chain[i + 1];
    if (next && !next._fromFunction) s.pipe(next);
  });
  if (lastPromise) lastPromise.then(() => done(undefined), fail);
  return chain[chain.length - 1];
}

export function addAbortSignal(signal, stream) {
  const onAbort = () => {
    const e = new Error("The operation was aborted");
    e.name = "AbortError";
    e.code = "ABORT_ERR";
    e.cause = signal.reason;
    stream.destroy(e);
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return stream;
}
export const destroy_ = (stream, err) => stream.destroy(err);
export const isReadable = (s) => Boolean(s && s._r && s.readable);
export const isWritable = (s) => Boolean(s && s._w && s.writable);
export const isDestroyed = (s) => Boolean(s && s._destroyed);
export const isErrored = (s) => Boolean(s && ((s._r && s._r.errored) || (s._w && s._w.errored)));
export const isDisturbed = (s) => Boolean(s && s._r && (s._r.dataEmitted || s._r.ended));

export const promises = {
  pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (err) => (err ? reject(err) : resolve()))),
  finished: (stream, options = {}) => new Promise((resolve, reject) => finished(stream, options, (err) => (err ? reject(err) : resolve()))),
};

function defineGetters(proto, getters) {
  for (const [k, get] of Object.entries(getters)) Object.defineProperty(proto, k, { get, configurable: true, enumerable: false });
}

Object.assign(Stream, { Stream, Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished, promises, addAbortSignal, isReadable, isWritable, isDestroyed, isErrored, isDisturbed, getDefaultHighWaterMark, setDefaultHighWaterMark });
Stream.destroy = destroy_;
export { destroy_ as destroy };
export default Stream;
