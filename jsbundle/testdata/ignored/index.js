import { DurableObject } from "cloudflare:workers";

export class Mine extends DurableObject {
  kv() { return this.env.MY_KV.get("k"); }
  shadowed() { return this.env.SHADOWED; }
}
