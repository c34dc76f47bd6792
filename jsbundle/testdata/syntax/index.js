import { DurableObject } from "cloudflare:workers";

export class Broken extends DurableObject {
	increment() {
		return this.value +;
	}
}
