import { DurableObject } from "sobjects:workers";

export class Room extends DurableObject {
	async post(msg) {
		await this.ctx.storage.put("last", msg);
	}
}

export class Alarm extends DurableObject {
	async alarm() {}
}
