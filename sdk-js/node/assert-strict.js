// node:assert/strict: assert in strict mode.
import { strict } from "node:assert";
export const { ok, equal, notEqual, strictEqual, notStrictEqual, deepEqual, notDeepEqual, deepStrictEqual, notDeepStrictEqual, fail, ifError, match, doesNotMatch, throws, doesNotThrow, rejects, doesNotReject, AssertionError } = strict;
export { strict };
export default strict;
