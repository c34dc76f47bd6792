import { DurableObject, WorkflowEntrypoint } from "cloudflare:workers";
import { connect } from "cloudflare:sockets";
import { readFileSync } from "node:fs";
import * as path from "path";
import { readFile } from "node:fs";

export class Mine extends DurableObject {
	read() {
		return readFileSync(path.join("a", "b")) + readFile;
	}
	dial() {
		return connect("example.com:80");
	}
}

export class Flow extends WorkflowEntrypoint {}
