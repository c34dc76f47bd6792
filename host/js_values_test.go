package host

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// jsValues stores and sends values, and describes what comes back the way the storage
// conformance fixture does: a typed description, an object met again as a "ref" to
// the path where it was first met.
const jsValues = `
function describe(v, seen = new Map(), path = "$") {
  if (v === undefined) return { type: "undefined" };
  if (v === null) return { type: "null" };
  switch (typeof v) {
    case "number": return { type: "number", value: Object.is(v, -0) ? "-0" : Number.isFinite(v) ? v : String(v) };
    case "bigint": return { type: "bigint", value: String(v) };
    case "boolean": case "string": return { type: typeof v, value: v };
  }
  if (seen.has(v)) return { type: "ref", to: seen.get(v) };
  seen.set(v, path);
  const d = (x, p) => describe(x, seen, path + "." + p);
  const proto = Object.getPrototypeOf(v);
  const cls = proto === null ? "null" : proto.constructor.name;
  if (v instanceof Date) return { cls, time: describe(v.getTime()) };
  if (v instanceof RegExp) return { cls, source: v.source, flags: v.flags };
  if (v instanceof Map) return { cls, entries: Array.from(v, ([k, x], i) => [d(k, i + "k"), d(x, i)]) };
  if (v instanceof Set) return { cls, values: Array.from(v, (x, i) => d(x, i)) };
  if (v instanceof ArrayBuffer) return { cls, bytes: Array.from(new Uint8Array(v)) };
  // A view comes back a view of its own bytes, at offset 0 (V8 sends its whole buffer):
  // its offset is not compared.
  if (ArrayBuffer.isView(v)) return { cls, bytes: Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) };
  if (v instanceof Error) return { cls, name: v.name, message: v.message, own: Object.getOwnPropertyNames(v).sort(), stack: v.stack, cause: "cause" in v ? d(v.cause, "cause") : "none" };
  if (v instanceof Number || v instanceof String || v instanceof Boolean) return { cls, value: describe(v.valueOf()) };
  if (Array.isArray(v)) return { cls, length: v.length, items: Array.from({ length: v.length }, (_, i) => (i in v ? d(v[i], i) : "hole")) };
  const fields = {};
  for (const k of Object.getOwnPropertyNames(v)) Object.defineProperty(fields, k, { value: d(v[k], k), enumerable: true });
  return { cls, fields };
}
const show = (v) => JSON.stringify(describe(v));

function samples() {
  const cyc = { name: "root" }; cyc.self = cyc;
  const shared = { n: 1 };
  const m = new Map(); m.set(m, m);
  const arr = [1]; arr.push(arr);
  const holes = [1, , undefined]; holes.length = 5;
  const f64 = new Float64Array([-0, NaN, 1.5, -Infinity]);
  const big = new Uint8Array(32);
  for (let i = 0; i < 32; i++) big[i] = i * 7;
  const err = new TypeError("bad input", { cause: { code: 7 } });
  const noMsg = new RangeError();
  const chain = new Error("outer"); chain.cause = chain;
  const proto = {}; Object.defineProperty(proto, "__proto__", { value: 5, enumerable: true, writable: true, configurable: true });
  return {
    negzero: -0, negzeroIn: [-0, { z: -0 }], nan: NaN, inf: [Infinity, -Infinity], bigint: -12345678901234567890n,
    date: new Date(1700000000123), invalidDate: new Date(NaN),
    regexp: /a+[b-c]$/giu, map: new Map([[1, "one"], [{}, null]]), set: new Set([3, "x"]),
    cycle: cyc, shared: { a: shared, b: shared, list: [shared], m: new Map([[shared, shared]]) },
    mapSelf: m, arraySelf: arr, holes,
    int8: new Int8Array([-128, 127]), clamped: new Uint8ClampedArray([0, 255]), i16: new Int16Array([-2, 3]),
    u16: new Uint16Array([65535]), i32: new Int32Array([-1]), u32: new Uint32Array([4294967295]),
    f32: new Float32Array([0.5, -0]), f64, bi64: new BigInt64Array([-1n, 9007199254740993n]),
    bu64: new BigUint64Array([18446744073709551615n]), dataview: new DataView(big.buffer, 4, 8),
    view: new Float64Array(new ArrayBuffer(24), 8, 2), bytes: big, buffer: big.buffer.slice(0, 5),
    err, noMsg, chain, rangeError: new RangeError("too far"), evalError: new EvalError("e"), uriError: new URIError("u"),
    referenceError: new ReferenceError("r"), syntaxError: new SyntaxError("s"),
    boxed: [new Number(-0), new String("s"), new Boolean(false)],
    dollar: { $t: "Date", v: 5 }, proto, nested: { a: [{ m: new Map([["k", new Set([-0])]]) }], u: undefined },
  };
}

class Values extends DurableObject {
  // storage stores every sample, reads it back and answers those that differ.
  async storage() {
    const bad = {}, sent = samples();
    for (const [k, v] of Object.entries(sent)) {
      await this.ctx.storage.put(k, v);
      const got = await this.ctx.storage.get(k);
      if (show(got) !== show(v)) bad[k] = [describe(v), describe(got)];
    }
    const all = await this.ctx.storage.list();
    for (const [k, v] of Object.entries(sent)) if (show(all.get(k)) !== show(v)) bad["list " + k] = describe(all.get(k));
    return bad;
  }
  // rpc sends every sample to another object and back.
  async rpc() {
    const bad = {};
    const other = this.env.SELF.getByName("other");
    for (const [k, v] of Object.entries(samples())) {
      const seen = await other.describe(v);
      if (JSON.stringify(seen) !== show(v)) bad["argument " + k] = seen;
      const got = await other.echo(v);
      if (show(got) !== show(v)) bad["roundtrip " + k] = describe(got);
      const two = await other.pair(v, v);
      if (show(two[0]) !== show(v) || show(two[1]) !== show(v)) bad["pair " + k] = describe(two);
    }
    return bad;
  }
  // byName answers the class an Error comes back as whose name was set to another
  // class's: as V8 does, the class is the one its name names (custom names are lost).
  async byName() {
    const e = new Error("x"); e.name = "SyntaxError";
    const c = new Error("y"); c.name = "MyError";
    await this.ctx.storage.put("e", [e, c]);
    return (await this.ctx.storage.get("e")).map((x) => [x.constructor.name, x.name, x.message]);
  }
  // instances stores a class instance and sends one: storage keeps its own fields as a
  // plain object, a call refuses it (an RpcTarget is the stubs' business).
  async instances() {
    class Point { constructor() { this.x = 3; } norm() { return this.x; } }
    await this.ctx.storage.put("p", { p: new Point() });
    const stored = (await this.ctx.storage.get("p")).p;
    let sent;
    try { await this.env.SELF.getByName("other").echo({ p: new Point() }); sent = "sent"; } catch (e) { sent = e.name + ": " + e.message; }
    return [Object.getPrototypeOf(stored) === Object.prototype, stored.x, sent];
  }
  describe(v) { return describe(v); }
  echo(v) { return v; }
  pair(a, b) { return [a, b]; }
  // refused puts each unclonable value and answers the error's name and message.
  async refused() {
    const out = {};
    const cases = { fn: () => 1, sym: Symbol("s"), inner: { f() {} }, promise: Promise.resolve(1), weak: new WeakMap() };
    for (const [k, v] of Object.entries(cases)) {
      try { await this.ctx.storage.put(k, v); out[k] = "stored"; } catch (e) { out[k] = e.name + (e instanceof DOMException ? " DOMException" : ""); }
    }
    out.after = (await this.ctx.storage.list()).size;
    return out;
  }
  // keys stores under keys that are not strings and under the empty key.
  async keys() {
    const s = this.ctx.storage;
    await s.put(1, "one"); await s.put(null, "nil"); await s.put("", "empty");
    const out = { list: [...(await s.list()).keys()], one: await s.get(1), empty: await s.get(""), kv: this.ctx.storage.kv.get(null) };
    for (const [k, f] of Object.entries({
      putObjectKey: () => s.put({ a: 1 }, 1), limitZero: () => s.list({ limit: 0 }), limitNegative: () => s.list({ limit: -1 }),
      startBoth: () => s.list({ start: "a", startAfter: "a" }), putUndefined: () => s.put("k", undefined), symbolKey: () => s.put(Symbol("k"), 1),
    })) {
      try { await f(); out[k] = "ok"; } catch (e) { out[k] = e.name; }
    }
    return out;
  }
  // batch answers get(keys) in order, keys that sort differently as UTF-16 and UTF-8.
  async batch() {
    const s = this.ctx.storage;
    await s.put({ "b": 1, "a": 2, "\uffff": 3, "\u{10000}": 4, "B": 5 });
    return [...(await s.get(["\u{10000}", "zz", "\uffff", "b", "a", "B", "a"])).keys()].map((k) => k.codePointAt(0));
  }
  // read describes the values at keys, as stored by whatever wrote them.
  async read(keys) {
    const out = {};
    for (const k of keys) out[k] = describe(await this.ctx.storage.get(k));
    return out;
  }
}
return { Values };`

func deployValues(t *testing.T, e *Engine, class string) {
	t.Helper()
	deployJS(t, e, class, jsBundle(`{"name":"t","bindings":{"SELF":{"class":"`+class+`"}},"vars":{}}`, jsValues))
}

// Values keep what structured clone keeps through storage and RPC: -0, NaN, invalid
// Dates, RegExps, typed arrays of every kind and DataViews, Errors of each class with
// their message, stack and cause, sparse arrays' holes, boxed primitives, cycles and
// shared references, a key "$t" or "__proto__" of an object's own.
func TestJSValuesSurviveStorageAndRPCAsStructuredClone(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	for _, m := range []string{"storage", "rpc"} {
		if out := jsMust(t, e, "Values", "v", m, ""); out != "{}" {
			t.Errorf("%s: values that came back different ([sent, got]):\n%s", m, out)
		}
	}
}

// An Error comes back of the class its name names, as V8 clones it: an Error named
// "SyntaxError" a SyntaxError, one of a name no class has an Error named "Error".
func TestJSValuesErrorClassFromName(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	if out := jsMust(t, e, "Values", "v", "byName", ""); out != `[["SyntaxError","SyntaxError","x"],["Error","Error","y"]]` {
		t.Errorf("byName: %s", out)
	}
}

// A class instance is stored as a plain object of its own fields, and refused by a
// call with workerd's DataCloneError.
func TestJSValuesClassInstanceStoredPlainRefusedByRPC(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	want := `[true,3,"DataCloneError: Could not serialize object of type \"Point\". This type does not support serialization."]`
	if out := jsMust(t, e, "Values", "v", "instances", ""); out != want {
		t.Errorf("instances: %s\nwant %s", out, want)
	}
}

// Values structured clone refuses (a function, also inside an object, a Symbol, a
// Promise, a WeakMap) throw a DataCloneError DOMException, and store nothing.
func TestJSValuesUnclonableThrowDataCloneError(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	want := `{"fn":"DataCloneError DOMException","sym":"DataCloneError DOMException","inner":"DataCloneError DOMException",` +
		`"promise":"DataCloneError DOMException","weak":"DataCloneError DOMException","after":0}`
	if out := jsMust(t, e, "Values", "v", "refused", ""); out != want {
		t.Errorf("refused: %s\nwant %s", out, want)
	}
}

// Keys that are not strings are converted with String(key), the empty key is a key,
// and the storage API's argument errors are workerd's TypeErrors.
func TestJSValuesKeysConvertedAndArgumentErrors(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	want := `{"list":["","1","null"],"one":"one","empty":"empty","kv":"nil","putObjectKey":"TypeError","limitZero":"TypeError",` +
		`"limitNegative":"TypeError","startBoth":"TypeError","putUndefined":"TypeError","symbolKey":"TypeError"}`
	if out := jsMust(t, e, "Values", "v", "keys", ""); out != want {
		t.Errorf("keys: %s\nwant %s", out, want)
	}
}

// get(keys) answers the keys that exist once each, sorted by their UTF-8 bytes as
// stored keys are ("B" < "a" < "b" < U+FFFF < U+10000), whatever the order asked.
func TestJSValuesGetKeysSortedByUTF8(t *testing.T) {
	e := newEngine(t, Options{})
	deployValues(t, e, "Values")
	if out := jsMust(t, e, "Values", "v", "batch", ""); out != `[66,97,98,65535,65536]` {
		t.Errorf("get(keys) order: %s", out)
	}
}

// A value stored in the encoding written before references, typed arrays and the
// rest existed reads back as it did then: each of its tags, an invalid Date written
// as null (the epoch, as it always read), an Error as {name, message}.
func TestJSValuesOldEncodingStillReads(t *testing.T) {
	e := newEngine(t, Options{})
	// The kv plugin stores each value as its JSON text: the bytes the old encoding wrote.
	deploy(t, e, "Values", "kv")
	old := map[string]string{
		"undefined": `{"$t":"undefined"}`,
		"bigint":    `{"$t":"BigInt","v":"-12345678901234567890"}`,
		"numbers":   `[{"$t":"Number","v":"NaN"},{"$t":"Number","v":"-Infinity"},0,1.5]`,
		"date":      `{"$t":"Date","v":1700000000123}`,
		"nullDate":  `{"$t":"Date","v":null}`,
		"map":       `{"$t":"Map","v":[[1,"one"],["k",{"$t":"Set","v":[1,"x"]}]]}`,
		"bytes":     `{"$t":"Uint8Array","v":"AQL/"}`,
		"buffer":    `{"$t":"ArrayBuffer","v":"AAE="}`,
		"error":     `{"$t":"Error","v":{"name":"Error","message":"boom"}}`,
		"typeError": `{"$t":"Error","v":{"name":"TypeError","message":"bad"}}`,
		"dollar":    `{"$t":"Object","v":{"$t":"x","n":[1,null]}}`,
		"plain":     `{"a":{"b":[true,"s"]}}`,
	}
	var keys []string
	for k, v := range old {
		if _, err := e.Call(context.Background(), "Values", "v", "put", []byte(`{"key":"`+k+`","value":`+v+`}`)); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	deployValues(t, e, "Values")
	in, _ := json.Marshal(keys)
	out := jsMust(t, e, "Values", "v", "read", string(in))
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"undefined": `{"type":"undefined"}`,
		"bigint":    `{"type":"bigint","value":"-12345678901234567890"}`,
		"numbers":   `{"cls":"Array","items":[{"type":"number","value":"NaN"},{"type":"number","value":"-Infinity"},{"type":"number","value":0},{"type":"number","value":1.5}],"length":4}`,
		"date":      `{"cls":"Date","time":{"type":"number","value":1700000000123}}`,
		"nullDate":  `{"cls":"Date","time":{"type":"number","value":0}}`,
		"map":       `{"cls":"Map","entries":[[{"type":"number","value":1},{"type":"string","value":"one"}],[{"type":"string","value":"k"},{"cls":"Set","values":[{"type":"number","value":1},{"type":"string","value":"x"}]}]]}`,
		"bytes":     `{"bytes":[1,2,255],"cls":"Uint8Array"}`,
		"buffer":    `{"bytes":[0,1],"cls":"ArrayBuffer"}`,
		// The method's result is in the wire encoding too: fields has a "$t" of its own.
		"dollar": `{"cls":"Object","fields":{"$t":"Object","v":{"$t":{"type":"string","value":"x"},"n":{"cls":"Array","items":[{"type":"number","value":1},{"type":"null"}],"length":2}}}}`,
		"plain":  `{"cls":"Object","fields":{"a":{"cls":"Object","fields":{"b":{"cls":"Array","items":[{"type":"boolean","value":true},{"type":"string","value":"s"}],"length":2}}}}}`,
	}
	for k, w := range want {
		b, _ := json.Marshal(got[k])
		if string(b) != w {
			t.Errorf("%s: %s\nwant %s", k, b, w)
		}
	}
	for k, cm := range map[string][2]string{"error": {"Error", "boom"}, "typeError": {"TypeError", "bad"}} {
		b, _ := json.Marshal(got[k])
		if s := string(b); !strings.Contains(s, `"cls":"`+cm[0]+`"`) || !strings.Contains(s, `"message":"`+cm[1]+`"`) {
			t.Errorf("%s: %s, want a %s of message %q", k, s, cm[0], cm[1])
		}
	}
}
