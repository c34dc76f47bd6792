// The host's synchronous operations that the modules of sdk-js/node use (runtime.js
// defines them on globalThis.__sobjects_node): digest(name, ArrayBuffer) of a hash
// named as crypto.subtle names it, an ArrayBuffer; b64encode(Uint8Array), padded
// base64; b64decode(text), a Uint8Array (throws on a character outside the alphabet).
const h = globalThis.__sobjects_node || {};
delete globalThis.__sobjects_node;
export const digest = h.digest;
export const b64encode = h.b64encode;
export const b64decode = h.b64decode;
