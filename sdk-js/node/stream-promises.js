// node:stream/promises: pipeline and finished, as promises.
import { promises } from "node:stream";
export const pipeline = promises.pipeline;
export const finished = promises.finished;
export default promises;
