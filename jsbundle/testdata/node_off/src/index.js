import { DurableObject } from "cloudflare:workers";
import { Buffer } from "node:buffer";
import { EventEmitter } from "events";
import { readFileSync } from "node:fs";

export class Files extends DurableObject {
  read() {
    return Buffer.from(readFileSync("/x")).toString() + new EventEmitter().eventNames();
  }
}
