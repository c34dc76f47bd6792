import { DurableObject, WorkflowEntrypoint, type WorkflowEvent } from "cloudflare:workers";
import * as cf from "cloudflare:workers";

export class Flow extends WorkflowEntrypoint {
	run(event: WorkflowEvent<unknown>) {
		return cf.waitUntil;
	}
}

export class Counter extends DurableObject {}
