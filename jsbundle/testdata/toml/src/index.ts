import { DurableObject } from "cloudflare:workers";
import { greet } from "./greet";

interface Env {
	COUNTER: DurableObjectNamespace<Counter>;
	GREETING: string;
}

export class Counter extends DurableObject<Env> {
	private count: number = 0;

	async increment(by: number = 1): Promise<number> {
		this.count += by;
		return this.count;
	}
}

export default {
	async fetch(request: Request, env: Env): Promise<Response> {
		const stub = env.COUNTER.get(env.COUNTER.idFromName("a"));
		return new Response(greet(env.GREETING) + (await stub.increment()));
	},
} satisfies ExportedHandler<Env>;
