import { DurableObject } from "cloudflare:workers";

// Cart keeps one value; put also writes to Log (a binding) and Audit (ctx.exports only).
export class Cart extends DurableObject {
  async put(v) {
    await this.ctx.storage.put("v", v);
    await this.env.LOG.getByName("log").add("put " + v);
    await this.ctx.exports.Audit.getByName("audit").add("put " + v);
    return v;
  }
  async get() { return (await this.ctx.storage.get("v")) ?? null; }
}

export class Log extends DurableObject {
  async add(line) { const l = ((await this.ctx.storage.get("l")) ?? []).concat(line); await this.ctx.storage.put("l", l); return l; }
  async lines() { return (await this.ctx.storage.get("l")) ?? []; }
}

export class Audit extends Log {}

export default {
  async fetch(request, env) {
    const cart = env.CART.getByName("c");
    if (request.method === "PUT") return Response.json(await cart.put(await request.text()));
    return Response.json({ cart: await cart.get(), log: await env.LOG.getByName("log").lines() });
  },
};
