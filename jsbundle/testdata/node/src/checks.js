import { Buffer as NodeBuffer } from "node:buffer";
import * as bufferBare from "buffer";
import EventEmitter, { once } from "node:events";
import util from "node:util";
import { inspect, format, promisify } from "util";
import assert from "node:assert";
import { strictEqual as strictEq } from "node:assert/strict";
import path from "node:path";
import { Readable, Writable, Transform, PassThrough, pipeline } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import crypto, { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import process from "node:process";
import legacy from "./legacy.cjs";
import { setImmediate } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import querystring from "node:querystring";
import url, { fileURLToPath } from "node:url";

// caught is what f throws: its name, code and message.
function caught(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return { name: e.name, code: e.code, message: e.message };
  }
}

export const checks = {
  buffer() {
    const b = Buffer.from("héllo wörld");
    const n = Buffer.alloc(12);
    n.writeUInt32BE(0xdeadbeef, 0);
    n.writeUInt16LE(0x1234, 4);
    n.writeInt8(-2, 6);
    n.writeBigUInt64LE(0x0102030405n, 4);
    return {
      global: typeof Buffer === "function" && Buffer === NodeBuffer && bufferBare.Buffer === NodeBuffer,
      isUint8Array: b instanceof Uint8Array,
      length: b.length,
      byteLength: Buffer.byteLength("héllo"),
      utf8: b.toString(),
      hex: b.toString("hex"),
      base64: b.toString("base64"),
      base64url: Buffer.from([0xfb, 0xff, 0xfe]).toString("base64url"),
      latin1: Buffer.from("héllo", "latin1").toString("hex"),
      ascii: Buffer.from([0x68, 0xe9]).toString("ascii"),
      utf16le: Buffer.from("hi", "utf16le").toString("hex"),
      fromHex: Buffer.from("68656c6c6fzz", "hex").toString(),
      fromBase64: Buffer.from("aGVsbG8gd29ybGQ", "base64").toString(),
      fromBase64url: Buffer.from("-_-_", "base64url").toString("hex"),
      fromArray: Buffer.from([1, 2, 256, -1]).toJSON(),
      concat: Buffer.concat([Buffer.from("ab"), Buffer.from("cd")], 3).toString(),
      compare: [Buffer.compare(Buffer.from("a"), Buffer.from("b")), Buffer.from("b").compare(Buffer.from("a")), Buffer.from("x").equals(Buffer.from("x"))],
      isBuffer: [Buffer.isBuffer(b), Buffer.isBuffer(new Uint8Array(1))],
      sliceShares: (() => { const s = b.slice(0, 1); s[0] = 72; return b.toString().slice(0, 1); })(),
      subarray: b.subarray(1, 3).toString("hex"),
      write: (() => { const w = Buffer.alloc(6); const k = w.write("hé!", 1); return [k, w.toString("hex")]; })(),
      writeCut: (() => { const w = Buffer.alloc(2); return [w.write("é€"), w.toString("hex")]; })(),
      ints: [n.readUInt32BE(0), n.readUInt16LE(4), n.readInt8(6), n.readUInt32LE(0), n.readInt16BE(0), n.toString("hex")],
      bigints: [String(n.readBigUInt64LE(4)), String(n.readBigUInt64BE(4)), String(Buffer.from("ffffffffffffffff", "hex").readBigInt64LE(0))],
      doubles: (() => { const d = Buffer.alloc(8); d.writeDoubleLE(1.5); return [d.toString("hex"), d.readDoubleLE(0)]; })(),
      indexOf: [b.indexOf("l"), b.lastIndexOf("l"), b.indexOf(Buffer.from("wö")), b.includes("xyz"), b.indexOf(0x6f, 5)],
      fill: [Buffer.alloc(5, "ab").toString(), Buffer.alloc(4).fill(7, 1, 3).toString("hex")],
      copy: (() => { const t = Buffer.alloc(4, "-"); const k = Buffer.from("xyz").copy(t, 1, 1); return [k, t.toString()]; })(),
      json: JSON.stringify(Buffer.from("hi")),
      inspect: util.inspect(Buffer.from("hi")),
      errors: [
        caught(() => Buffer.from({})),
        caught(() => Buffer.alloc(-1)),
        caught(() => Buffer.alloc(2).readUInt32LE(0)),
        caught(() => Buffer.alloc(4).writeUInt8(300, 0)),
        caught(() => Buffer.from("x", "nope")),
      ],
    };
  },

  events() {
    const e = new EventEmitter();
    const seen = [];
    e.on("x", (a, b) => seen.push(`on:${a}${b}`));
    e.once("x", (a) => seen.push(`once:${a}`));
    e.prependListener("x", () => seen.push("first"));
    const r1 = e.emit("x", 1, 2);
    e.emit("x", 3, 4);
    const r2 = e.emit("nothing");
    class Sub extends EventEmitter {}
    const s = new Sub();
    const noListener = caught(() => s.emit("error", new TypeError("boom")));
    e.off("x", e.listeners("x")[0]);
    return { seen, r1, r2, count: e.listenerCount("x"), names: e.eventNames(), noListener, isEmitter: s instanceof EventEmitter, max: e.getMaxListeners() };
  },

  async eventsOnce() {
    const e = new EventEmitter();
    setTimeout(() => e.emit("ready", 42, "x"), 1);
    return { args: await once(e, "ready") };
  },

  util() {
    const circular = { name: "c" };
    circular.self = circular;
    class Point { constructor() { this.x = 1; this.y = 2; } }
    return {
      inspect: [
        inspect({ a: 1, b: "two", c: [1, 2, 3], d: { e: { f: { g: 1 } } } }),
        inspect("it's"),
        inspect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]),
        inspect(new Map([["k", 1]])),
        inspect(new Set([1, "a"])),
        inspect(circular),
        inspect(new Point()),
        inspect(null),
        inspect([undefined, null, -0, 10n, Symbol("s")]),
        inspect(function named() {}),
        inspect(class K {}),
        inspect({ "a-b": 1, [Symbol("k")]: 2 }),
        inspect(new Uint8Array([1, 2])),
        inspect({ long: "x".repeat(80), other: 1 }),
        inspect(Object.create(null)),
        inspect([[]]),
        inspect({}),
        inspect(new Date(0)),
        inspect(/re/g),
      ],
      format: [
        format("%s is %d years and %i, %f", "Bob", 42.5, 42.5, "1.5"),
        format("%j %o", { a: 1 }, [1]),
        format("%s %s", "only"),
        format("100%% %s", "sure", "extra", 3),
        format(1, "a", { b: 2 }),
        format("%O", { x: [1] }),
      ],
      types: [util.types.isDate(new Date()), util.types.isRegExp(/x/), util.types.isPromise(Promise.resolve()), util.types.isUint8Array(Buffer.alloc(1))],
      deep: [util.isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), util.isDeepStrictEqual({ a: 1 }, { a: "1" })],
      inherits: (() => { function A() {} function B() {} util.inherits(B, A); return new B() instanceof A && B.super_ === A; })(),
    };
  },

  async utilPromisify() {
    const cb = (x, done) => setTimeout(() => (x ? done(null, x * 2) : done(new Error("zero"))), 1);
    const p = promisify(cb);
    let rejected;
    try { await p(0); } catch (e) { rejected = e.message; }
    const back = await new Promise((resolve) => util.callbackify(async (x) => x + 1)(1, (err, v) => resolve([err, v])));
    return { value: await p(21), rejected, back };
  },

  assert() {
    assert(true);
    assert.ok(1);
    assert.equal(1, 1);
    assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] });
    assert.throws(() => { throw new TypeError("x"); }, TypeError);
    strictEq(1, 1);
    const failures = [
      caught(() => assert.strictEqual(1, 2)),
      caught(() => assert.deepStrictEqual({ a: 1 }, { a: 2 })),
      caught(() => assert(false, "custom message")),
      caught(() => assert.throws(() => {})),
      caught(() => assert.notStrictEqual(1, 1)),
      caught(() => assert.fail("boom")),
      caught(() => assert.match("abc", /x/)),
      caught(() => assert.equal(1, "1")),
      caught(() => assert.deepEqual({ a: 1 }, { a: "1" })),
      caught(() => assert()),
    ].map((f) => ({ name: f.name, code: f.code }));
    const e = (() => { try { assert.strictEqual(1, 2); } catch (err) { return err; } })();
    return { failures, fields: [e.actual, e.expected, e.operator, e instanceof assert.AssertionError, e instanceof Error] };
  },

  path() {
    return {
      join: path.join("/a", "b/../c", "./d.txt"),
      resolve: [path.resolve("/x", "y", "..", "z"), path.resolve("a/b")],
      normalize: [path.normalize("/a//b/../c/."), path.normalize("a/../.."), path.normalize("")],
      relative: path.relative("/data/a/b", "/data/c"),
      dirname: [path.dirname("/a/b/c.txt"), path.dirname("c.txt"), path.dirname("/")],
      basename: [path.basename("/a/b/c.txt"), path.basename("/a/b/c.txt", ".txt"), path.basename("/a/b/")],
      extname: [path.extname("x.tar.gz"), path.extname(".profile"), path.extname("a.")],
      parse: path.parse("/home/u/file.txt"),
      format: path.format({ dir: "/tmp", name: "f", ext: ".js" }),
      isAbsolute: [path.isAbsolute("/a"), path.isAbsolute("a")],
      sep: [path.sep, path.delimiter, path.posix === path],
      bad: caught(() => path.join("a", 1)),
    };
  },

  async stream() {
    const r = Readable.from(["a", "b", "c"]);
    const got = [];
    for await (const c of r) got.push(c);
    const upper = new Transform({ transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); } });
    const sink = [];
    const w = new Writable({ write(chunk, enc, cb) { sink.push(chunk.toString()); cb(); } });
    await pipelineAsync(Readable.from(["x", "y"]), upper, w);
    const events = [];
    const src = new Readable({ read() {} });
    src.on("data", (d) => events.push("data:" + d));
    src.on("end", () => events.push("end"));
    src.push("1");
    src.push("2");
    src.push(null);
    await new Promise((resolve) => src.on("close", resolve));
    const pass = new PassThrough();
    const passed = [];
    pass.on("data", (d) => passed.push(d.toString()));
    pass.write("p");
    pass.end("q");
    await new Promise((resolve) => pass.on("finish", resolve));
    const failed = await new Promise((resolve) => pipeline(Readable.from(["z"]), new Transform({ transform(c, e, cb) { cb(new Error("bad chunk")); } }), new PassThrough(), (err) => resolve(err && err.message)));
    const finishOrder = [];
    const w2 = new Writable({ write(c, e, cb) { finishOrder.push("write"); cb(); }, final(cb) { finishOrder.push("final"); cb(); } });
    w2.on("finish", () => finishOrder.push("finish"));
    w2.write("a");
    w2.end();
    await new Promise((resolve) => w2.on("close", resolve));
    return { got, sink, events, passed, failed, finishOrder, afterEnd: await new Promise((resolve) => w2.write("late", (err) => resolve(err && err.code))) };
  },

  stringDecoder() {
    const d = new StringDecoder("utf8");
    const euro = Buffer.from("€");
    const parts = [d.write(euro.subarray(0, 1)), d.write(euro.subarray(1, 2)), d.write(euro.subarray(2)), d.end(Buffer.from([0xe2]))];
    const h = new StringDecoder("hex");
    const b = new StringDecoder("base64");
    return { parts, hex: h.write(Buffer.from([1, 255])), base64: [b.write(Buffer.from("ab")), b.write(Buffer.from("c")), b.end()], encoding: new StringDecoder("UTF-8").encoding, bad: caught(() => new StringDecoder("nope")) };
  },

  crypto() {
    const hashes = {};
    for (const a of ["md5", "sha1", "sha256", "sha384", "sha512"]) hashes[a] = createHash(a).update("abc").digest("hex");
    const h = createHash("sha256").update("a").update(Buffer.from("b")).update(new Uint8Array([99]));
    const copy = h.copy();
    const uuid = randomUUID();
    const rnd = randomBytes(16);
    return {
      hashes,
      chunked: h.digest("base64"),
      copy: copy.digest().length,
      bufferDigest: Buffer.isBuffer(createHash("sha1").update("").digest()),
      hmac: createHmac("sha256", "key").update("The quick brown fox jumps over the lazy dog").digest("hex"),
      hmacLongKey: createHmac("sha512", "k".repeat(200)).update("x").digest("base64").length,
      hmacMd5: createHmac("md5", Buffer.from("key")).update("data").digest("hex"),
      oneShot: crypto.hash ? crypto.hash("sha1", "abc") : null,
      randomBytes: [rnd.length, Buffer.isBuffer(rnd), randomBytes(16).equals(rnd)],
      uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid),
      timingSafeEqual: [timingSafeEqual(Buffer.from("abc"), Buffer.from("abc")), timingSafeEqual(Buffer.from("abc"), Buffer.from("abd"))],
      getRandomValues: crypto.getRandomValues(new Uint8Array(8)).length,
      webcrypto: crypto.webcrypto === globalThis.crypto && typeof crypto.subtle.digest === "function",
      errors: [
        caught(() => createHash("sha3-999")),
        caught(() => timingSafeEqual(Buffer.from("a"), Buffer.from("ab"))),
        caught(() => { const x = createHash("md5"); x.digest(); x.digest(); }),
        caught(() => randomBytes(-1)),
      ],
    };
  },

  async asyncHooks() {
    const als = new AsyncLocalStorage();
    const sync = als.run({ id: 1 }, () => als.getStore().id);
    const nested = als.run(1, () => [als.getStore(), als.run(2, () => als.getStore()), als.getStore(), als.exit(() => als.getStore())]);
    const timer = await als.run("t", () => new Promise((resolve) => setTimeout(() => resolve(als.getStore()), 1)));
    const then = await als.run("p", () => Promise.resolve().then(() => als.getStore()));
    const microtask = await als.run("m", () => new Promise((resolve) => queueMicrotask(() => resolve(als.getStore()))));
    const tick = await als.run("n", () => new Promise((resolve) => process.nextTick(() => resolve(als.getStore()))));
    const two = new AsyncLocalStorage();
    const both = als.run("a", () => two.run("b", () => [als.getStore(), two.getStore()]));
    const afterAwait = await als.run("w", async () => { await null; await new Promise((resolve) => setTimeout(resolve, 1)); return als.getStore(); });
    const concurrent = await Promise.all(["x", "y"].map((v, i) => als.run(v, async () => { await new Promise((resolve) => setTimeout(resolve, 3 - i)); const first = als.getStore(); await null; return [first, als.getStore()]; })));
    return { sync, nested, timer, then, microtask, tick, both, afterAwait, concurrent, outside: als.getStore() === undefined };
  },

  process() {
    process.env.SET = 5;
    return {
      global: typeof globalThis.process === "object" && process === globalThis.process,
      env: { GREETING: process.env.GREETING, LIMIT: process.env.LIMIT, SET: process.env.SET, missing: process.env.MISSING === undefined },
      platform: process.platform,
      nextTick: typeof process.nextTick,
    };
  },

  commonJS() {
    const l = new legacy.Legacy();
    let got = null;
    l.on("pong", (v) => (got = v));
    l.ping();
    return { kinds: legacy.kinds, got };
  },

  async timersUrlQuerystring() {
    const imm = await new Promise((resolve) => setImmediate((v) => resolve(v), "immediate"));
    const ac = new AbortController();
    const p = sleep(1000, "late", { signal: ac.signal });
    ac.abort();
    let aborted;
    try { await p; } catch (e) { aborted = [e.name, e.code]; }
    return {
      imm, slept: await sleep(1, "slept"), aborted,
      parse: JSON.stringify(querystring.parse("a=1&b=2&a=3&c=%20x+y&d")), stringify: querystring.stringify({ a: [1, 2], b: "x y", c: "!*'()", d: null }),
      fileURLToPath: fileURLToPath("file:///a/b%20c"), legacy: url.parse("https://user:pw@Example.com:8080/p/a?x=1#h").hostname,
      resolve: [url.resolve("http://a.com/b/c", "../d"), url.resolve("/one/two", "three")], format: url.format({ protocol: "https", hostname: "a.com", pathname: "/x", query: { q: "1 2" } }),
    };
  },

  async globals() {
    const imm = await new Promise((resolve) => setImmediate(resolve, "immediate"));
    return { global: typeof global, isGlobalThis: global === globalThis, imm, clearImmediate: typeof clearImmediate, Buffer: typeof Buffer, process: typeof process };
  },

  async nextTickOrder() {
    const order = [];
    setTimeout(() => order.push("timeout"), 0);
    process.nextTick((a) => order.push("tick:" + a), "x");
    Promise.resolve().then(() => order.push("then"));
    order.push("sync");
    await new Promise((resolve) => setTimeout(resolve, 5));
    return order;
  },
};
