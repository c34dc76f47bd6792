// node:assert (https://developers.cloudflare.com/workers/runtime-apis/nodejs/assert/):
// assert and its methods; a failure throws an AssertionError (code ERR_ASSERTION).
import { deepEqual } from "node:_deep";
import { inspect } from "node:util";
import { invalidArgType } from "node:_errors";

const show = (v) => inspect(v, { depth: 1000, compact: false, breakLength: Infinity, sorted: true, getters: true });

export class AssertionError extends Error {
  constructor(options) {
    if (options === null || typeof options !== "object") throw invalidArgType("options", "of type object", options);
    const { message, actual, expected, operator } = options;
    super(message !== undefined ? String(message) : defaultMessage(actual, expected, operator));
    this.generatedMessage = message === undefined;
    this.code = "ERR_ASSERTION";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
  }
  get name() {
    return "AssertionError";
  }
  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

const kReadable = {
  deepStrictEqual: "Expected values to be strictly deep-equal:",
  strictEqual: "Expected values to be strictly equal:",
  deepEqual: "Expected values to be loosely deep-equal:",
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notIdentical: "Values identical but not reference-equal:",
};
function defaultMessage(actual, expected, operator) {
  if (operator in kReadable) {
    if (operator.startsWith("not")) return `${kReadable[operator]}\n\n${show(expected)}\n`;
    if (operator === "strictEqual" && typeof actual !== "object" && typeof expected !== "object") return `${kReadable[operator]}\n\n${show(actual)} !== ${show(expected)}\n`;
    return `${kReadable[operator]}\n+ actual - expected\n\n+ ${show(actual).split("\n").join("\n+ ")}\n- ${show(expected).split("\n").join("\n- ")}\n`;
  }
  if (operator === "==") return `${show(actual)} == ${show(expected)}`;
  if (operator === "!=") return `${show(actual)} != ${show(expected)}`;
  if (operator === "fail") return "Failed";
  return `${show(actual)} ${operator} ${show(expected)}`;
}

function fail_(actual, expected, message, operator, stackStartFn) {
  if (message instanceof Error) throw message;
  const e = new AssertionError({ actual, expected, operator, message });
  if (Error.captureStackTrace) Error.captureStackTrace(e, stackStartFn);
  throw e;
}

function innerOk(fn, argLen, value, message) {
  if (!value) {
    let generatedMessage = false;
    if (argLen === 0) {
      message = "No value argument passed to `assert.ok()`";
      generatedMessage = true;
    } else if (message === undefined) {
      message = `${show(value)} == true`; // as workerd (Node quotes the expression's source)
      generatedMessage = true;
    } else if (message instanceof Error) {
      throw message;
    }
    const e = new AssertionError({ actual: value, expected: true, message, operator: "==" });
    e.generatedMessage = generatedMessage;
    throw e;
  }
}

export function ok(...args) {
  innerOk(ok, args.length, ...args);
}
export function strictEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) fail_(actual, expected, message, "strictEqual", strictEqual);
}
export function notStrictEqual(actual, expected, message) {
  if (Object.is(actual, expected)) fail_(actual, expected, message, "notStrictEqual", notStrictEqual);
}
export function deepStrictEqual(actual, expected, message) {
  if (!deepEqual(actual, expected, true)) fail_(actual, expected, message, "deepStrictEqual", deepStrictEqual);
}
export function notDeepStrictEqual(actual, expected, message) {
  if (deepEqual(actual, expected, true)) fail_(actual, expected, message, "notDeepStrictEqual", notDeepStrictEqual);
}
export function fail(message) {
  if (message instanceof Error) throw message;
  const e = new AssertionError({ message, operator: "fail" });
  if (message === undefined) { e.message = "Failed"; e.generatedMessage = true; }
  throw e;
}
export function ifError(err) {
  if (err !== null && err !== undefined) {
    let message = "ifError got unwanted exception: ";
    message += typeof err === "object" && typeof err.message === "string" ? (err.message.length === 0 && err.constructor ? err.constructor.name : err.message) : show(err);
    const e = new AssertionError({ actual: err, expected: null, operator: "ifError", message });
    e.generatedMessage = false;
    throw e;
  }
}
export function match(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw invalidArgType("regexp", "an instance of RegExp", regexp);
  if (typeof string !== "string" || !regexp.test(string)) {
    fail_(string, regexp, message !== undefined ? message : typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${show(string)})` : `The input did not match the regular expression ${show(regexp)}. Input:\n\n${show(string)}\n`, "match", match);
  }
}
export function doesNotMatch(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw invalidArgType("regexp", "an instance of RegExp", regexp);
  if (typeof string !== "string" || regexp.test(string)) {
    fail_(string, regexp, message !== undefined ? message : typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${show(string)})` : `The input was expected to not match the regular expression ${show(regexp)}. Input:\n\n${show(string)}\n`, "doesNotMatch", doesNotMatch);
  }
}

const NO_EXCEPTION = Symbol("no exception");
function getActual(fn) {
  if (typeof fn !== "function") throw invalidArgType("fn", "of type function", fn);
  try { fn(); } catch (e) { return e; }
  return NO_EXCEPTION;
}
async function waitActual(p) {
  let promise;
  if (typeof p === "function") {
    promise = p();
    if (!promise || typeof promise.then !== "function") throw invalidArgType("promiseFn", "of type function returning a Promise", promise);
  } else if (p && typeof p.then === "function") {
    promise = p;
  } else {
    throw invalidArgType("promiseFn", "of type function or an instance of Promise", p);
  }
  try { await promise; } catch (e) { return e; }
  return NO_EXCEPTION;
}
// expectedMatches says whether actual is what throws/rejects expected: a class it is an
// instance of, a validation function, a RegExp its text matches, or an object whose
// properties it has.
function expectedMatches(actual, expected, message, fn) {
  if (expected === undefined) return;
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && actual instanceof expected) return;
    if (Error.isPrototypeOf(expected) || expected === Error) {
      fail_(actual, expected, message !== undefined ? message : `The error is expected to be an instance of "${expected.name}". Received "${actual && actual.constructor ? actual.constructor.name : typeof actual}"${actual && actual.message !== undefined ? `\n\nError message:\n\n${actual.message}` : ""}`, fn.name, fn);
    }
    if (expected.call({}, actual) === true) return;
    fail_(actual, expected, message !== undefined ? message : `The ${fn.name === "rejects" ? "rejection" : "error"} validation function is expected to return "true". Received false`, fn.name, fn);
  }
  if (expected instanceof RegExp) {
    if (expected.test(String(actual))) return;
    fail_(actual, expected, message !== undefined ? message : `The input did not match the regular expression ${show(expected)}. Input:\n\n${show(String(actual))}\n`, fn.name, fn);
  }
  if (typeof expected === "object" && expected !== null) {
    for (const k of Object.keys(expected)) {
      const want = expected[k], got = actual == null ? undefined : actual[k];
      const same = want instanceof RegExp && typeof got === "string" ? want.test(got) : deepEqual(got, want, true);
      if (!same) fail_(actual, expected, message !== undefined ? message : `Expected values to be strictly deep-equal:\n+ actual - expected\n\n  Comparison {\n+   ${k}: ${show(got)}\n-   ${k}: ${show(want)}\n  }\n`, fn.name, fn);
    }
    return;
  }
  throw invalidArgType("expected", "of type function or an instance of Error, RegExp, or Object", expected);
}
export function throws(fn, expected, message) {
  if (typeof expected === "string") { message = expected; expected = undefined; }
  const actual = getActual(fn);
  if (actual === NO_EXCEPTION) fail_(undefined, expected, message !== undefined ? `Missing expected exception: ${message}` : `Missing expected exception${expected && expected.name ? ` (${expected.name})` : ""}.`, "throws", throws);
  expectedMatches(actual, expected, message, throws);
}
export function doesNotThrow(fn, expected, message) {
  if (typeof expected === "string") { message = expected; expected = undefined; }
  const actual = getActual(fn);
  if (actual !== NO_EXCEPTION) fail_(actual, expected, `Got unwanted exception${message ? `: ${message}` : "."}\nActual message: "${actual && actual.message}"`, "doesNotThrow", doesNotThrow);
}
export async function rejects(p, expected, message) {
  if (typeof expected === "string") { message = expected; expected = undefined; }
  const actual = await waitActual(p);
  if (actual === NO_EXCEPTION) fail_(undefined, expected, message !== undefined ? `Missing expected rejection: ${message}` : `Missing expected rejection${expected && expected.name ? ` (${expected.name})` : ""}.`, "rejects", rejects);
  expectedMatches(actual, expected, message, rejects);
}
export async function doesNotReject(p, expected, message) {
  if (typeof expected === "string") { message = expected; expected = undefined; }
  const actual = await waitActual(p);
  if (actual !== NO_EXCEPTION) fail_(actual, expected, `Got unwanted rejection${message ? `: ${message}` : "."}\nActual message: "${actual && actual.message}"`, "doesNotReject", doesNotReject);
}

// assert is ok, with the methods as properties. As in workerd, its equal, notEqual,
// deepEqual and notDeepEqual compare strictly, as in Node's strict mode (Node's legacy
// mode compares with ==); assert.strict is the same methods on another
// function.
function assert(...args) {
  innerOk(assert, args.length, ...args);
}
const methods = {
  ok, equal: strictEqual, notEqual: notStrictEqual, strictEqual, notStrictEqual, deepEqual: deepStrictEqual, notDeepEqual: notDeepStrictEqual,
  deepStrictEqual, notDeepStrictEqual, fail, ifError, match, doesNotMatch, throws, doesNotThrow, rejects, doesNotReject, AssertionError,
};
Object.assign(assert, methods);
function strict(...args) {
  innerOk(strict, args.length, ...args);
}
Object.assign(strict, methods);
strict.strict = strict;
assert.strict = strict;
export { strictEqual as equal, notStrictEqual as notEqual, deepStrictEqual as deepEqual, notDeepStrictEqual as notDeepEqual, strict };
export default assert;
