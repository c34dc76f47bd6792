import { DurableObject } from "cloudflare:workers";
import { createHash, createHmac } from "node:crypto";
import { checks } from "./checks.js";

// Node runs one check a call: node.check("buffer") is checks.buffer()'s result.
export class Node extends DurableObject {
  async check(name) {
    return await checks[name]();
  }
  // hash is the digest of text repeated times, in hex, by createHash or, with key, by
  // createHmac; and of its base64 round trip through Buffer.
  hash({ algorithm, key, text, times }) {
    const data = text.repeat(times);
    const h = key === undefined ? createHash(algorithm) : createHmac(algorithm, key);
    const b64 = Buffer.from(data).toString("base64");
    return { hex: h.update(data).digest("hex"), roundTrip: Buffer.from(b64, "base64").toString() === data, b64Length: b64.length };
  }
}

// The Worker answers every check at once (to compare with workerd).
export default {
  async fetch() {
    const out = {};
    for (const [name, f] of Object.entries(checks)) {
      try {
        out[name] = await f();
      } catch (e) {
        out[name] = { threw: String(e && e.stack) };
      }
    }
    return Response.json(out);
  },
};
