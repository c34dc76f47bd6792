// node:string_decoder (https://developers.cloudflare.com/workers/runtime-apis/nodejs/string-decoder/):
// StringDecoder decodes a stream of Buffers without splitting a character (or, for
// base64, a group of three bytes) between two write calls.
import { Buffer, _textOf, _encoding } from "node:buffer";
import { invalidArgType } from "node:_errors";

export class StringDecoder {
  constructor(encoding) {
    this.encoding = _encoding(encoding);
    this._rest = new Uint8Array(0);
    if (this.encoding === "utf8") this._utf8 = new TextDecoder("utf-8");
  }
  write(buf) {
    if (typeof buf === "string") return buf;
    if (!ArrayBuffer.isView(buf)) throw invalidArgType("buf", "an instance of Buffer, TypedArray, or DataView", buf);
    const b = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    if (this._utf8) return this._utf8.decode(b, { stream: true });
    let all = b;
    if (this._rest.length) {
      all = new Uint8Array(this._rest.length + b.length);
      all.set(this._rest);
      all.set(b, this._rest.length);
    }
    const unit = this.encoding === "utf16le" ? 2 : this.encoding === "base64" || this.encoding === "base64url" ? 3 : 1;
    let n = all.length - (all.length % unit);
    if (this.encoding === "utf16le" && n >= 2) {
      const last = all[n - 2] | (all[n - 1] << 8);
      if (last >= 0xd800 && last <= 0xdbff) n -= 2; // a lead surrogate waits for its trail
    }
    this._rest = all.slice(n);
    return _textOf(all.subarray(0, n), this.encoding);
  }
  end(buf) {
    let s = buf === undefined ? "" : this.write(buf);
    if (this._utf8) {
      s += this._utf8.decode();
      this._utf8 = new TextDecoder("utf-8");
    } else if (this._rest.length) {
      s += _textOf(this._rest, this.encoding);
      this._rest = new Uint8Array(0);
    }
    return s;
  }
  text(buf, offset) {
    return this.write(Buffer.from(buf).subarray(offset));
  }
  get lastNeed() {
    return this._rest.length ? (this.encoding === "utf16le" ? 2 : 3) - this._rest.length : 0;
  }
  get lastTotal() {
    return this._rest.length ? this._rest.length + this.lastNeed : 0;
  }
}
export default { StringDecoder };
