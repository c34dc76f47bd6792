// Errors as Node.js throws them: a code property ("ERR_INVALID_ARG_TYPE", ...), and the
// code after the name in the stack's first line ("TypeError [ERR_X]: message").
function coded(Base, code, message) {
  const e = new Base(message);
  Object.defineProperty(e, "code", { value: code, writable: true, configurable: true, enumerable: true });
  return e;
}
export const typeError = (code, message) => coded(TypeError, code, message);
export const rangeError = (code, message) => coded(RangeError, code, message);
export const error = (code, message) => coded(Error, code, message);

// describe is how Node's messages name a value received.
export function describe(v) {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${v.name || "<anonymous>"}`;
  if (typeof v === "object") return v.constructor && v.constructor.name ? ` Received an instance of ${v.constructor.name}` : " Received " + String(v);
  let s = typeof v === "string" ? `'${v.length > 25 ? v.slice(0, 25) + "..." : v}'` : String(v);
  if (typeof v === "bigint") s += "n";
  return ` Received type ${typeof v} (${s})`;
}

export const invalidArgType = (name, expected, v) => typeError("ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}.${describe(v)}`);
export const outOfRange = (name, range, v) => rangeError("ERR_OUT_OF_RANGE", `The value of "${name}" is out of range. It must be ${range}. Received ${typeof v === "bigint" ? v + "n" : v}`);
export const notSupported = (name) => error("ERR_METHOD_NOT_IMPLEMENTED", `The ${name} method is not implemented`);
