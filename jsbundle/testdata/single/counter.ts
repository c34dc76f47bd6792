import { DurableObject } from "cloudflare:workers";

type Count = { value: number };

export class Counter extends DurableObject {
	private value: number = 0;
	increment(): Count {
		return { value: ++this.value };
	}
}
