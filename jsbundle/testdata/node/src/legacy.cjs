// A CommonJS module as npm packages write them: require() of Node's modules gives what
// it gives in Node.js (EventEmitter itself, the assert function, ...).
const EventEmitter = require("events");
const assert = require("assert");
const { Buffer } = require("buffer");
const util = require("util");
const path = require("node:path");
const Stream = require("stream");

class Legacy extends EventEmitter {
  ping() {
    assert(this instanceof EventEmitter);
    this.emit("pong", Buffer.from("hi").toString("hex"));
  }
}
module.exports = {
  Legacy,
  kinds: [typeof EventEmitter, typeof assert, typeof assert.strictEqual, typeof util.inspect, path.join("a", "b"), typeof Stream, typeof Stream.Readable],
};
