import { DurableObject } from "cloudflare:workers";
import { check, type Shape } from "./lib";

type Env = Record<string, never>;

export class Obj extends DurableObject<Env> {
	private last: Shape | null = null;

	size(n: number): number {
		const s: Shape = { kind: "box", size: n };
		this.last = s;
		return check(s); // line 12
	}

	fail(): never {
		throw new Error("fail on line 16");
	}
}
