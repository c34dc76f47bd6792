import { DurableObject } from "cloudflare:workers";
export class Room extends DurableObject { foo() { return 1; } }
export default { fetch() { return new Response("hi"); } };
