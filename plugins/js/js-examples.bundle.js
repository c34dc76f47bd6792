/*sobjects-js-bundle v1*/
globalThis.__sobjects_manifest = {"name":"js-examples","bindings":{"CHAT":{"class":"JsChat"},"COUNTER":{"class":"JsCounter"},"KV":{"class":"JsKV"}},"vars":{"GREETING":"hello from sobjects"},"exports":["JsChat","JsCounter","JsKV"]};
var __sobjects_exports = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

  // src/index.js
  var index_exports = {};
  __export(index_exports, {
    JsChat: () => JsChat,
    JsCounter: () => JsCounter,
    JsKV: () => JsKV,
    default: () => index_default
  });

  // sobjects:workers
  var w = globalThis.__sobjects_workers;
  var DurableObject = w.DurableObject;
  var RpcTarget = w.RpcTarget;
  var SobjectsError = w.SobjectsError;
  var WorkerEntrypoint = w.WorkerEntrypoint;
  var env = w.env;
  var exports = w.exports;
  var waitUntil = w.waitUntil;
  var RpcStub = w.RpcStub;
  var WorkflowEntrypoint = w.WorkflowEntrypoint;
  var WorkflowStep = w.WorkflowStep;
  var cache = w.cache;
  var tracing = w.tracing;
  var withEnv = w.withEnv;
  var withEnvAndExports = w.withEnvAndExports;
  var withExports = w.withExports;

  // src/index.js
  var badInput = (msg) => new SobjectsError("bad_input", msg);
  function fields(input) {
    return input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
  }
  function optInt(input, field) {
    const v = input[field];
    if (v === void 0 || v === null) return void 0;
    if (!Number.isInteger(v)) throw badInput(`field "${field}" must be an integer`);
    return v;
  }
  function reqStr(input, field) {
    const v = input[field];
    if (typeof v !== "string") throw badInput(`field "${field}" must be a string`);
    return v;
  }
  var JsCounter = class extends DurableObject {
    constructor(ctx, env2) {
      super(ctx, env2);
      ctx.blockConcurrencyWhile(async () => {
        ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL)");
      });
    }
    #current() {
      const rows = this.ctx.storage.sql.exec("SELECT value FROM counter WHERE id = 1").toArray();
      return rows.length ? rows[0].value : 0;
    }
    async increment(input) {
      const by = optInt(fields(input), "by") ?? 1;
      const value = this.ctx.storage.sql.exec("INSERT INTO counter(id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", by).one().value;
      return { value };
    }
    async get() {
      return { value: this.#current() };
    }
    async reset() {
      this.ctx.storage.sql.exec("INSERT INTO counter(id, value) VALUES (1, 0) ON CONFLICT(id) DO UPDATE SET value = 0");
      return { value: 0 };
    }
    async schedule_reset(input) {
      input = fields(input);
      const at = optInt(input, "at_ms");
      const delay = optInt(input, "in_ms");
      if (at === void 0 && delay === void 0) throw badInput('give "in_ms" or "at_ms"');
      const atMs = at ?? Date.now() + delay;
      await this.ctx.storage.setAlarm(atMs);
      return { at_ms: atMs };
    }
    async alarm() {
      await this.reset();
    }
    async fetch(request) {
      if (request.method !== "GET") {
        return new Response("method not allowed\n", { status: 405, headers: { allow: "GET" } });
      }
      return new Response(String(this.#current()));
    }
  };
  var JsKV = class extends DurableObject {
    #key(input) {
      const k = reqStr(fields(input), "key");
      if (k === "") throw badInput('field "key" must not be empty');
      return k;
    }
    async put(input) {
      const k = this.#key(input);
      if (!("value" in fields(input))) throw badInput('field "value" is required');
      this.ctx.storage.kv.put(k, input.value);
      return { ok: true };
    }
    async get(input) {
      const k = this.#key(input);
      const value = this.ctx.storage.kv.get(k);
      if (value === void 0) throw new SobjectsError("not_found", `key not found: ${k}`);
      return { value };
    }
    async delete(input) {
      return { deleted: this.ctx.storage.kv.delete(this.#key(input)) };
    }
    async list(input) {
      if (input !== void 0 && input !== null && (typeof input !== "object" || Array.isArray(input))) {
        throw badInput("input must be a JSON object");
      }
      input = fields(input);
      const opts = {};
      for (const f of ["prefix", "start", "end"]) {
        if (input[f] !== void 0 && input[f] !== null) opts[f] = reqStr(input, f);
      }
      const limit = optInt(input, "limit");
      if (limit !== void 0 && limit < 0) throw badInput('field "limit" must not be negative');
      if (limit) opts.limit = limit;
      if (input.reverse !== void 0 && typeof input.reverse !== "boolean") throw badInput('field "reverse" must be a boolean');
      opts.reverse = input.reverse === true;
      const entries = [];
      for (const [key, value] of this.ctx.storage.kv.list(opts)) entries.push({ key, value });
      return { entries };
    }
  };
  var DEFAULT_LIMIT = 50;
  var MAX_LIMIT = 1e3;
  var JOIN_HISTORY = 50;
  var MAX_NAME_BYTES = 64;
  var MAX_TEXT_BYTES = 4096;
  var ROOM = "room";
  var utf8Length = (s) => new TextEncoder().encode(s).length;
  var JsChat = class extends DurableObject {
    constructor(ctx, env2) {
      super(ctx, env2);
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)"
      );
    }
    // #say stores a message and sends it to the room.
    #say(user, text) {
      const at = Date.now();
      const { id } = this.ctx.storage.sql.exec("INSERT INTO messages(user, text, at) VALUES (?, ?, ?) RETURNING id", user, text, at).one();
      this.#broadcast({ type: "message", id, from: user, text, at });
      return { id, at };
    }
    // #broadcast sends msg to every socket of the room but except.
    #broadcast(msg, except) {
      const text = JSON.stringify(msg);
      for (const ws of this.ctx.getWebSockets(ROOM)) {
        if (ws === except) continue;
        try {
          ws.send(text);
        } catch {
        }
      }
    }
    #last(limit, userKey) {
      return this.ctx.storage.sql.exec("SELECT id, user, text, at FROM (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id", limit).toArray().map(({ id, user, text, at }) => ({ id, [userKey]: user, text, at }));
    }
    async post(input) {
      input = fields(input);
      const user = reqStr(input, "user");
      const text = reqStr(input, "text");
      if (user === "" || text === "") throw badInput('"user" and "text" must not be empty');
      return this.#say(user, text);
    }
    async history(input) {
      let limit = optInt(fields(input), "limit") ?? DEFAULT_LIMIT;
      if (limit < 1) throw badInput('field "limit" must be at least 1');
      return { messages: this.#last(Math.min(limit, MAX_LIMIT), "user") };
    }
    async online() {
      const names = [];
      for (const ws of this.ctx.getWebSockets(ROOM)) {
        const a = ws.deserializeAttachment();
        if (a && typeof a.name === "string") names.push(a.name);
      }
      return { names };
    }
    async fetch(request) {
      if ((request.headers.get("upgrade") ?? "").toLowerCase() !== "websocket") {
        return new Response("chat: connect with a WebSocket (Upgrade: websocket), ?name=NAME\n", { status: 426 });
      }
      const name = new URL(request.url).searchParams.get("name") ?? "";
      if (name === "" || utf8Length(name) > MAX_NAME_BYTES) {
        return new Response(`chat: ?name= must be 1 to ${MAX_NAME_BYTES} bytes
`, { status: 400 });
      }
      const [client, server] = Object.values(new WebSocketPair());
      this.ctx.acceptWebSocket(server, [ROOM, "user:" + name]);
      const at = Date.now();
      server.serializeAttachment({ name, joined: at });
      server.send(JSON.stringify({ type: "history", messages: this.#last(JOIN_HISTORY, "from") }));
      this.#broadcast({ type: "join", name, at, online: this.ctx.getWebSockets(ROOM).length });
      return new Response(null, { status: 101, webSocket: client });
    }
    async webSocketMessage(ws, message) {
      const fail = (error) => ws.send(JSON.stringify({ type: "error", error }));
      if (typeof message !== "string") return fail('chat: send text messages, {"text": "..."}');
      let input;
      try {
        input = JSON.parse(message);
      } catch {
        return fail('chat: a message is JSON, {"text": "..."}');
      }
      const text = input !== null && typeof input === "object" ? input.text : void 0;
      if (typeof text !== "string" || text === "" || utf8Length(text) > MAX_TEXT_BYTES) {
        return fail(`chat: "text" must be a string of 1 to ${MAX_TEXT_BYTES} bytes`);
      }
      this.#say(ws.deserializeAttachment().name, text);
    }
    async webSocketClose(ws, code, reason) {
      const { name } = ws.deserializeAttachment();
      const online = this.ctx.getWebSockets(ROOM).filter((w2) => w2 !== ws).length;
      this.#broadcast({ type: "leave", name, at: Date.now(), online }, ws);
      try {
        ws.close(code === 1005 || code === 1006 || code === 1015 ? 1e3 : code, reason);
      } catch {
      }
    }
    async webSocketError(ws, error) {
      console.warn(`chat: a socket failed: ${error.message}`);
    }
  };
  function chatPage(room) {
    const esc = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(room)}: chat</title>
<style>
body { font: 16px system-ui, sans-serif; max-width: 40em; margin: 1em auto; padding: 0 1em; }
#log { list-style: none; padding: 0; min-height: 10em; }
#log li.notice { color: #666; font-style: italic; }
#log b { margin-right: .5em; }
form { display: flex; gap: .5em; } #text { flex: 1; }
</style>
<h1>${esc(room)}</h1>
<p id="status">connecting…</p>
<ul id="log"></ul>
<form id="send"><input id="text" autocomplete="off" placeholder="say something" disabled><button disabled>send</button></form>
<script>
const room = ${JSON.stringify(room).replace(/</g, "\\u003c")};
const params = new URLSearchParams(location.search);
const name = params.get("name") || prompt("your name") || "anon";
const log = document.getElementById("log"), status = document.getElementById("status");
const form = document.getElementById("send"), text = document.getElementById("text");
function show(cls, who, what) {
  const li = document.createElement("li");
  li.className = cls;
  if (who) { const b = document.createElement("b"); b.textContent = who; li.append(b); }
  li.append(what);
  log.append(li);
  li.scrollIntoView();
}
const url = new URL("../" + encodeURIComponent(room) + "?name=" + encodeURIComponent(name), location.href);
url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
const ws = new WebSocket(url);
ws.onopen = () => { status.textContent = "connected as " + name; text.disabled = form.lastChild.disabled = false; text.focus(); };
ws.onclose = (e) => { status.textContent = "disconnected (" + e.code + (e.reason ? ": " + e.reason : "") + ")"; text.disabled = form.lastChild.disabled = true; };
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === "history") for (const h of m.messages) show("message", h.from, h.text);
  else if (m.type === "message") show("message", m.from, m.text);
  else if (m.type === "join") show("notice", "", m.name + " joined (" + m.online + " here)");
  else if (m.type === "leave") show("notice", "", m.name + " left (" + m.online + " here)");
  else if (m.type === "error") show("notice", "", m.error);
};
form.onsubmit = (e) => {
  e.preventDefault();
  if (text.value) ws.send(JSON.stringify({ text: text.value }));
  text.value = "";
};
</script>
</html>
`;
  }
  var index_default = {
    async fetch(request, env2) {
      const url = new URL(request.url);
      const [kind, name, key] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
      if (!name) {
        return new Response(`${env2.GREETING}: try /counter/NAME, /kv/NAME/KEY, /chat/NAME or /chat/NAME/ in a browser
`, { status: kind ? 404 : 200 });
      }
      switch (kind) {
        case "counter": {
          const stub = env2.COUNTER.getByName(name);
          return Response.json(request.method === "POST" ? await stub.increment() : await stub.get());
        }
        case "kv": {
          const stub = env2.KV.getByName(name);
          if (!key) return Response.json(await stub.list({}));
          if (request.method === "PUT") return Response.json(await stub.put({ key, value: await request.json() }));
          try {
            return Response.json(await stub.get({ key }));
          } catch (e) {
            if (e.code === "not_found") return new Response(e.message + "\n", { status: 404 });
            throw e;
          }
        }
        case "chat": {
          if (key !== void 0) break;
          const stub = env2.CHAT.getByName(name);
          if ((request.headers.get("upgrade") ?? "").toLowerCase() === "websocket") return stub.fetch(request);
          if (request.method === "POST") return Response.json(await stub.post(await request.json()));
          if (url.pathname.endsWith("/")) return new Response(chatPage(name), { headers: { "content-type": "text/html; charset=utf-8" } });
          return Response.json(await stub.history({ limit: Number(url.searchParams.get("limit") ?? DEFAULT_LIMIT) }));
        }
      }
      return new Response("not found\n", { status: 404 });
    }
  };
  return __toCommonJS(index_exports);
})();
//# sourceMappingURL=data:application/json;base64,eyJtYXBwaW5ncyI6Ijs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7OztBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBOzs7QUNBQSxNQUFNLElBQUksV0FBVztBQUNkLE1BQU0sZ0JBQWdCLEVBQUU7QUFDeEIsTUFBTSxZQUFZLEVBQUU7QUFDcEIsTUFBTSxnQkFBZ0IsRUFBRTtBQUN4QixNQUFNLG1CQUFtQixFQUFFO0FBQzNCLE1BQU0sTUFBTSxFQUFFO0FBQ2QsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxZQUFZLEVBQUU7QUFDcEIsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxxQkFBcUIsRUFBRTtBQUM3QixNQUFNLGVBQWUsRUFBRTtBQUN2QixNQUFNLFFBQVEsRUFBRTtBQUNoQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLG9CQUFvQixFQUFFO0FBQzVCLE1BQU0sY0FBYyxFQUFFOzs7QURUN0IsTUFBTSxXQUFXLENBQUMsUUFBUSxJQUFJLGNBQWMsYUFBYSxHQUFHO0FBSTVELFdBQVMsT0FBTyxPQUFPO0FBQ3JCLFdBQU8sVUFBVSxRQUFRLE9BQU8sVUFBVSxZQUFZLENBQUMsTUFBTSxRQUFRLEtBQUssSUFBSSxRQUFRLENBQUM7QUFBQSxFQUN6RjtBQUVBLFdBQVMsT0FBTyxPQUFPLE9BQU87QUFDNUIsVUFBTSxJQUFJLE1BQU0sS0FBSztBQUNyQixRQUFJLE1BQU0sVUFBYSxNQUFNLEtBQU0sUUFBTztBQUMxQyxRQUFJLENBQUMsT0FBTyxVQUFVLENBQUMsRUFBRyxPQUFNLFNBQVMsVUFBVSxLQUFLLHNCQUFzQjtBQUM5RSxXQUFPO0FBQUEsRUFDVDtBQUVBLFdBQVMsT0FBTyxPQUFPLE9BQU87QUFDNUIsVUFBTSxJQUFJLE1BQU0sS0FBSztBQUNyQixRQUFJLE9BQU8sTUFBTSxTQUFVLE9BQU0sU0FBUyxVQUFVLEtBQUssb0JBQW9CO0FBQzdFLFdBQU87QUFBQSxFQUNUO0FBRU8sTUFBTSxZQUFOLGNBQXdCLGNBQWM7QUFBQSxJQUMzQyxZQUFZLEtBQUtBLE1BQUs7QUFDcEIsWUFBTSxLQUFLQSxJQUFHO0FBQ2QsVUFBSSxzQkFBc0IsWUFBWTtBQUNwQyxZQUFJLFFBQVEsSUFBSSxLQUFLLG1HQUFtRztBQUFBLE1BQzFILENBQUM7QUFBQSxJQUNIO0FBQUEsSUFFQSxXQUFXO0FBQ1QsWUFBTSxPQUFPLEtBQUssSUFBSSxRQUFRLElBQUksS0FBSyx3Q0FBd0MsRUFBRSxRQUFRO0FBQ3pGLGFBQU8sS0FBSyxTQUFTLEtBQUssQ0FBQyxFQUFFLFFBQVE7QUFBQSxJQUN2QztBQUFBLElBRUEsTUFBTSxVQUFVLE9BQU87QUFDckIsWUFBTSxLQUFLLE9BQU8sT0FBTyxLQUFLLEdBQUcsSUFBSSxLQUFLO0FBQzFDLFlBQU0sUUFBUSxLQUFLLElBQUksUUFBUSxJQUM1QixLQUFLLDZIQUE2SCxFQUFFLEVBQ3BJLElBQUksRUFBRTtBQUNULGFBQU8sRUFBRSxNQUFNO0FBQUEsSUFDakI7QUFBQSxJQUVBLE1BQU0sTUFBTTtBQUNWLGFBQU8sRUFBRSxPQUFPLEtBQUssU0FBUyxFQUFFO0FBQUEsSUFDbEM7QUFBQSxJQUVBLE1BQU0sUUFBUTtBQUNaLFdBQUssSUFBSSxRQUFRLElBQUksS0FBSyxzRkFBc0Y7QUFDaEgsYUFBTyxFQUFFLE9BQU8sRUFBRTtBQUFBLElBQ3BCO0FBQUEsSUFFQSxNQUFNLGVBQWUsT0FBTztBQUMxQixjQUFRLE9BQU8sS0FBSztBQUNwQixZQUFNLEtBQUssT0FBTyxPQUFPLE9BQU87QUFDaEMsWUFBTSxRQUFRLE9BQU8sT0FBTyxPQUFPO0FBQ25DLFVBQUksT0FBTyxVQUFhLFVBQVUsT0FBVyxPQUFNLFNBQVMseUJBQXlCO0FBQ3JGLFlBQU0sT0FBTyxNQUFNLEtBQUssSUFBSSxJQUFJO0FBQ2hDLFlBQU0sS0FBSyxJQUFJLFFBQVEsU0FBUyxJQUFJO0FBQ3BDLGFBQU8sRUFBRSxPQUFPLEtBQUs7QUFBQSxJQUN2QjtBQUFBLElBRUEsTUFBTSxRQUFRO0FBQ1osWUFBTSxLQUFLLE1BQU07QUFBQSxJQUNuQjtBQUFBLElBRUEsTUFBTSxNQUFNLFNBQVM7QUFDbkIsVUFBSSxRQUFRLFdBQVcsT0FBTztBQUM1QixlQUFPLElBQUksU0FBUyx3QkFBd0IsRUFBRSxRQUFRLEtBQUssU0FBUyxFQUFFLE9BQU8sTUFBTSxFQUFFLENBQUM7QUFBQSxNQUN4RjtBQUNBLGFBQU8sSUFBSSxTQUFTLE9BQU8sS0FBSyxTQUFTLENBQUMsQ0FBQztBQUFBLElBQzdDO0FBQUEsRUFDRjtBQUVPLE1BQU0sT0FBTixjQUFtQixjQUFjO0FBQUEsSUFDdEMsS0FBSyxPQUFPO0FBQ1YsWUFBTSxJQUFJLE9BQU8sT0FBTyxLQUFLLEdBQUcsS0FBSztBQUNyQyxVQUFJLE1BQU0sR0FBSSxPQUFNLFNBQVMsK0JBQStCO0FBQzVELGFBQU87QUFBQSxJQUNUO0FBQUEsSUFFQSxNQUFNLElBQUksT0FBTztBQUNmLFlBQU0sSUFBSSxLQUFLLEtBQUssS0FBSztBQUN6QixVQUFJLEVBQUUsV0FBVyxPQUFPLEtBQUssR0FBSSxPQUFNLFNBQVMsMkJBQTJCO0FBQzNFLFdBQUssSUFBSSxRQUFRLEdBQUcsSUFBSSxHQUFHLE1BQU0sS0FBSztBQUN0QyxhQUFPLEVBQUUsSUFBSSxLQUFLO0FBQUEsSUFDcEI7QUFBQSxJQUVBLE1BQU0sSUFBSSxPQUFPO0FBQ2YsWUFBTSxJQUFJLEtBQUssS0FBSyxLQUFLO0FBQ3pCLFlBQU0sUUFBUSxLQUFLLElBQUksUUFBUSxHQUFHLElBQUksQ0FBQztBQUN2QyxVQUFJLFVBQVUsT0FBVyxPQUFNLElBQUksY0FBYyxhQUFhLGtCQUFrQixDQUFDLEVBQUU7QUFDbkYsYUFBTyxFQUFFLE1BQU07QUFBQSxJQUNqQjtBQUFBLElBRUEsTUFBTSxPQUFPLE9BQU87QUFDbEIsYUFBTyxFQUFFLFNBQVMsS0FBSyxJQUFJLFFBQVEsR0FBRyxPQUFPLEtBQUssS0FBSyxLQUFLLENBQUMsRUFBRTtBQUFBLElBQ2pFO0FBQUEsSUFFQSxNQUFNLEtBQUssT0FBTztBQUNoQixVQUFJLFVBQVUsVUFBYSxVQUFVLFNBQVMsT0FBTyxVQUFVLFlBQVksTUFBTSxRQUFRLEtBQUssSUFBSTtBQUNoRyxjQUFNLFNBQVMsNkJBQTZCO0FBQUEsTUFDOUM7QUFDQSxjQUFRLE9BQU8sS0FBSztBQUNwQixZQUFNLE9BQU8sQ0FBQztBQUNkLGlCQUFXLEtBQUssQ0FBQyxVQUFVLFNBQVMsS0FBSyxHQUFHO0FBQzFDLFlBQUksTUFBTSxDQUFDLE1BQU0sVUFBYSxNQUFNLENBQUMsTUFBTSxLQUFNLE1BQUssQ0FBQyxJQUFJLE9BQU8sT0FBTyxDQUFDO0FBQUEsTUFDNUU7QUFDQSxZQUFNLFFBQVEsT0FBTyxPQUFPLE9BQU87QUFDbkMsVUFBSSxVQUFVLFVBQWEsUUFBUSxFQUFHLE9BQU0sU0FBUyxvQ0FBb0M7QUFDekYsVUFBSSxNQUFPLE1BQUssUUFBUTtBQUN4QixVQUFJLE1BQU0sWUFBWSxVQUFhLE9BQU8sTUFBTSxZQUFZLFVBQVcsT0FBTSxTQUFTLG1DQUFtQztBQUN6SCxXQUFLLFVBQVUsTUFBTSxZQUFZO0FBQ2pDLFlBQU0sVUFBVSxDQUFDO0FBQ2pCLGlCQUFXLENBQUMsS0FBSyxLQUFLLEtBQUssS0FBSyxJQUFJLFFBQVEsR0FBRyxLQUFLLElBQUksRUFBRyxTQUFRLEtBQUssRUFBRSxLQUFLLE1BQU0sQ0FBQztBQUN0RixhQUFPLEVBQUUsUUFBUTtBQUFBLElBQ25CO0FBQUEsRUFDRjtBQUVBLE1BQU0sZ0JBQWdCO0FBQ3RCLE1BQU0sWUFBWTtBQUVsQixNQUFNLGVBQWU7QUFFckIsTUFBTSxpQkFBaUI7QUFDdkIsTUFBTSxpQkFBaUI7QUFFdkIsTUFBTSxPQUFPO0FBRWIsTUFBTSxhQUFhLENBQUMsTUFBTSxJQUFJLFlBQVksRUFBRSxPQUFPLENBQUMsRUFBRTtBQVkvQyxNQUFNLFNBQU4sY0FBcUIsY0FBYztBQUFBLElBQ3hDLFlBQVksS0FBS0EsTUFBSztBQUNwQixZQUFNLEtBQUtBLElBQUc7QUFDZCxVQUFJLFFBQVEsSUFBSTtBQUFBLFFBQ2Q7QUFBQSxNQUNGO0FBQUEsSUFDRjtBQUFBO0FBQUEsSUFHQSxLQUFLLE1BQU0sTUFBTTtBQUNmLFlBQU0sS0FBSyxLQUFLLElBQUk7QUFDcEIsWUFBTSxFQUFFLEdBQUcsSUFBSSxLQUFLLElBQUksUUFBUSxJQUFJLEtBQUssc0VBQXNFLE1BQU0sTUFBTSxFQUFFLEVBQUUsSUFBSTtBQUNuSSxXQUFLLFdBQVcsRUFBRSxNQUFNLFdBQVcsSUFBSSxNQUFNLE1BQU0sTUFBTSxHQUFHLENBQUM7QUFDN0QsYUFBTyxFQUFFLElBQUksR0FBRztBQUFBLElBQ2xCO0FBQUE7QUFBQSxJQUdBLFdBQVcsS0FBSyxRQUFRO0FBQ3RCLFlBQU0sT0FBTyxLQUFLLFVBQVUsR0FBRztBQUMvQixpQkFBVyxNQUFNLEtBQUssSUFBSSxjQUFjLElBQUksR0FBRztBQUM3QyxZQUFJLE9BQU8sT0FBUTtBQUNuQixZQUFJO0FBQ0YsYUFBRyxLQUFLLElBQUk7QUFBQSxRQUNkLFFBQVE7QUFBQSxRQUVSO0FBQUEsTUFDRjtBQUFBLElBQ0Y7QUFBQSxJQUVBLE1BQU0sT0FBTyxTQUFTO0FBQ3BCLGFBQU8sS0FBSyxJQUFJLFFBQVEsSUFDckIsS0FBSyxpSEFBaUgsS0FBSyxFQUMzSCxRQUFRLEVBQ1IsSUFBSSxDQUFDLEVBQUUsSUFBSSxNQUFNLE1BQU0sR0FBRyxPQUFPLEVBQUUsSUFBSSxDQUFDLE9BQU8sR0FBRyxNQUFNLE1BQU0sR0FBRyxFQUFFO0FBQUEsSUFDeEU7QUFBQSxJQUVBLE1BQU0sS0FBSyxPQUFPO0FBQ2hCLGNBQVEsT0FBTyxLQUFLO0FBQ3BCLFlBQU0sT0FBTyxPQUFPLE9BQU8sTUFBTTtBQUNqQyxZQUFNLE9BQU8sT0FBTyxPQUFPLE1BQU07QUFDakMsVUFBSSxTQUFTLE1BQU0sU0FBUyxHQUFJLE9BQU0sU0FBUyxxQ0FBcUM7QUFDcEYsYUFBTyxLQUFLLEtBQUssTUFBTSxJQUFJO0FBQUEsSUFDN0I7QUFBQSxJQUVBLE1BQU0sUUFBUSxPQUFPO0FBQ25CLFVBQUksUUFBUSxPQUFPLE9BQU8sS0FBSyxHQUFHLE9BQU8sS0FBSztBQUM5QyxVQUFJLFFBQVEsRUFBRyxPQUFNLFNBQVMsa0NBQWtDO0FBQ2hFLGFBQU8sRUFBRSxVQUFVLEtBQUssTUFBTSxLQUFLLElBQUksT0FBTyxTQUFTLEdBQUcsTUFBTSxFQUFFO0FBQUEsSUFDcEU7QUFBQSxJQUVBLE1BQU0sU0FBUztBQUNiLFlBQU0sUUFBUSxDQUFDO0FBQ2YsaUJBQVcsTUFBTSxLQUFLLElBQUksY0FBYyxJQUFJLEdBQUc7QUFDN0MsY0FBTSxJQUFJLEdBQUcsc0JBQXNCO0FBQ25DLFlBQUksS0FBSyxPQUFPLEVBQUUsU0FBUyxTQUFVLE9BQU0sS0FBSyxFQUFFLElBQUk7QUFBQSxNQUN4RDtBQUNBLGFBQU8sRUFBRSxNQUFNO0FBQUEsSUFDakI7QUFBQSxJQUVBLE1BQU0sTUFBTSxTQUFTO0FBQ25CLFdBQUssUUFBUSxRQUFRLElBQUksU0FBUyxLQUFLLElBQUksWUFBWSxNQUFNLGFBQWE7QUFDeEUsZUFBTyxJQUFJLFNBQVMscUVBQXFFLEVBQUUsUUFBUSxJQUFJLENBQUM7QUFBQSxNQUMxRztBQUNBLFlBQU0sT0FBTyxJQUFJLElBQUksUUFBUSxHQUFHLEVBQUUsYUFBYSxJQUFJLE1BQU0sS0FBSztBQUM5RCxVQUFJLFNBQVMsTUFBTSxXQUFXLElBQUksSUFBSSxnQkFBZ0I7QUFDcEQsZUFBTyxJQUFJLFNBQVMsNkJBQTZCLGNBQWM7QUFBQSxHQUFZLEVBQUUsUUFBUSxJQUFJLENBQUM7QUFBQSxNQUM1RjtBQUNBLFlBQU0sQ0FBQyxRQUFRLE1BQU0sSUFBSSxPQUFPLE9BQU8sSUFBSSxjQUFjLENBQUM7QUFDMUQsV0FBSyxJQUFJLGdCQUFnQixRQUFRLENBQUMsTUFBTSxVQUFVLElBQUksQ0FBQztBQUN2RCxZQUFNLEtBQUssS0FBSyxJQUFJO0FBQ3BCLGFBQU8sb0JBQW9CLEVBQUUsTUFBTSxRQUFRLEdBQUcsQ0FBQztBQUMvQyxhQUFPLEtBQUssS0FBSyxVQUFVLEVBQUUsTUFBTSxXQUFXLFVBQVUsS0FBSyxNQUFNLGNBQWMsTUFBTSxFQUFFLENBQUMsQ0FBQztBQUMzRixXQUFLLFdBQVcsRUFBRSxNQUFNLFFBQVEsTUFBTSxJQUFJLFFBQVEsS0FBSyxJQUFJLGNBQWMsSUFBSSxFQUFFLE9BQU8sQ0FBQztBQUN2RixhQUFPLElBQUksU0FBUyxNQUFNLEVBQUUsUUFBUSxLQUFLLFdBQVcsT0FBTyxDQUFDO0FBQUEsSUFDOUQ7QUFBQSxJQUVBLE1BQU0saUJBQWlCLElBQUksU0FBUztBQUNsQyxZQUFNLE9BQU8sQ0FBQyxVQUFVLEdBQUcsS0FBSyxLQUFLLFVBQVUsRUFBRSxNQUFNLFNBQVMsTUFBTSxDQUFDLENBQUM7QUFDeEUsVUFBSSxPQUFPLFlBQVksU0FBVSxRQUFPLEtBQUssMkNBQTJDO0FBQ3hGLFVBQUk7QUFDSixVQUFJO0FBQ0YsZ0JBQVEsS0FBSyxNQUFNLE9BQU87QUFBQSxNQUM1QixRQUFRO0FBQ04sZUFBTyxLQUFLLDBDQUEwQztBQUFBLE1BQ3hEO0FBQ0EsWUFBTSxPQUFPLFVBQVUsUUFBUSxPQUFPLFVBQVUsV0FBVyxNQUFNLE9BQU87QUFDeEUsVUFBSSxPQUFPLFNBQVMsWUFBWSxTQUFTLE1BQU0sV0FBVyxJQUFJLElBQUksZ0JBQWdCO0FBQ2hGLGVBQU8sS0FBSyx5Q0FBeUMsY0FBYyxRQUFRO0FBQUEsTUFDN0U7QUFDQSxXQUFLLEtBQUssR0FBRyxzQkFBc0IsRUFBRSxNQUFNLElBQUk7QUFBQSxJQUNqRDtBQUFBLElBRUEsTUFBTSxlQUFlLElBQUksTUFBTSxRQUFRO0FBQ3JDLFlBQU0sRUFBRSxLQUFLLElBQUksR0FBRyxzQkFBc0I7QUFDMUMsWUFBTSxTQUFTLEtBQUssSUFBSSxjQUFjLElBQUksRUFBRSxPQUFPLENBQUNDLE9BQU1BLE9BQU0sRUFBRSxFQUFFO0FBQ3BFLFdBQUssV0FBVyxFQUFFLE1BQU0sU0FBUyxNQUFNLElBQUksS0FBSyxJQUFJLEdBQUcsT0FBTyxHQUFHLEVBQUU7QUFDbkUsVUFBSTtBQUNGLFdBQUcsTUFBTSxTQUFTLFFBQVEsU0FBUyxRQUFRLFNBQVMsT0FBTyxNQUFPLE1BQU0sTUFBTTtBQUFBLE1BQ2hGLFFBQVE7QUFBQSxNQUVSO0FBQUEsSUFDRjtBQUFBLElBRUEsTUFBTSxlQUFlLElBQUksT0FBTztBQUM5QixjQUFRLEtBQUssMEJBQTBCLE1BQU0sT0FBTyxFQUFFO0FBQUEsSUFDeEQ7QUFBQSxFQUNGO0FBSUEsV0FBUyxTQUFTLE1BQU07QUFDdEIsVUFBTSxNQUFNLENBQUMsTUFBTSxFQUFFLFFBQVEsWUFBWSxDQUFDLE1BQU0sS0FBSyxFQUFFLFdBQVcsQ0FBQyxDQUFDLEdBQUc7QUFDdkUsV0FBTztBQUFBO0FBQUE7QUFBQTtBQUFBLFNBSUEsSUFBSSxJQUFJLENBQUM7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBLE1BUVosSUFBSSxJQUFJLENBQUM7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBLGVBS0EsS0FBSyxVQUFVLElBQUksRUFBRSxRQUFRLE1BQU0sU0FBUyxDQUFDO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUEsRUFrQzVEO0FBS0EsTUFBTyxnQkFBUTtBQUFBLElBQ2IsTUFBTSxNQUFNLFNBQVNELE1BQUs7QUFDeEIsWUFBTSxNQUFNLElBQUksSUFBSSxRQUFRLEdBQUc7QUFDL0IsWUFBTSxDQUFDLE1BQU0sTUFBTSxHQUFHLElBQUksSUFBSSxTQUFTLE1BQU0sR0FBRyxFQUFFLE9BQU8sT0FBTyxFQUFFLElBQUksa0JBQWtCO0FBQ3hGLFVBQUksQ0FBQyxNQUFNO0FBQ1QsZUFBTyxJQUFJLFNBQVMsR0FBR0EsS0FBSSxRQUFRO0FBQUEsR0FBK0UsRUFBRSxRQUFRLE9BQU8sTUFBTSxJQUFJLENBQUM7QUFBQSxNQUNoSjtBQUNBLGNBQVEsTUFBTTtBQUFBLFFBQ1osS0FBSyxXQUFXO0FBQ2QsZ0JBQU0sT0FBT0EsS0FBSSxRQUFRLFVBQVUsSUFBSTtBQUN2QyxpQkFBTyxTQUFTLEtBQUssUUFBUSxXQUFXLFNBQVMsTUFBTSxLQUFLLFVBQVUsSUFBSSxNQUFNLEtBQUssSUFBSSxDQUFDO0FBQUEsUUFDNUY7QUFBQSxRQUNBLEtBQUssTUFBTTtBQUNULGdCQUFNLE9BQU9BLEtBQUksR0FBRyxVQUFVLElBQUk7QUFDbEMsY0FBSSxDQUFDLElBQUssUUFBTyxTQUFTLEtBQUssTUFBTSxLQUFLLEtBQUssQ0FBQyxDQUFDLENBQUM7QUFDbEQsY0FBSSxRQUFRLFdBQVcsTUFBTyxRQUFPLFNBQVMsS0FBSyxNQUFNLEtBQUssSUFBSSxFQUFFLEtBQUssT0FBTyxNQUFNLFFBQVEsS0FBSyxFQUFFLENBQUMsQ0FBQztBQUN2RyxjQUFJO0FBQ0YsbUJBQU8sU0FBUyxLQUFLLE1BQU0sS0FBSyxJQUFJLEVBQUUsSUFBSSxDQUFDLENBQUM7QUFBQSxVQUM5QyxTQUFTLEdBQUc7QUFDVixnQkFBSSxFQUFFLFNBQVMsWUFBYSxRQUFPLElBQUksU0FBUyxFQUFFLFVBQVUsTUFBTSxFQUFFLFFBQVEsSUFBSSxDQUFDO0FBQ2pGLGtCQUFNO0FBQUEsVUFDUjtBQUFBLFFBQ0Y7QUFBQSxRQUNBLEtBQUssUUFBUTtBQUNYLGNBQUksUUFBUSxPQUFXO0FBQ3ZCLGdCQUFNLE9BQU9BLEtBQUksS0FBSyxVQUFVLElBQUk7QUFDcEMsZUFBSyxRQUFRLFFBQVEsSUFBSSxTQUFTLEtBQUssSUFBSSxZQUFZLE1BQU0sWUFBYSxRQUFPLEtBQUssTUFBTSxPQUFPO0FBQ25HLGNBQUksUUFBUSxXQUFXLE9BQVEsUUFBTyxTQUFTLEtBQUssTUFBTSxLQUFLLEtBQUssTUFBTSxRQUFRLEtBQUssQ0FBQyxDQUFDO0FBQ3pGLGNBQUksSUFBSSxTQUFTLFNBQVMsR0FBRyxFQUFHLFFBQU8sSUFBSSxTQUFTLFNBQVMsSUFBSSxHQUFHLEVBQUUsU0FBUyxFQUFFLGdCQUFnQiwyQkFBMkIsRUFBRSxDQUFDO0FBQy9ILGlCQUFPLFNBQVMsS0FBSyxNQUFNLEtBQUssUUFBUSxFQUFFLE9BQU8sT0FBTyxJQUFJLGFBQWEsSUFBSSxPQUFPLEtBQUssYUFBYSxFQUFFLENBQUMsQ0FBQztBQUFBLFFBQzVHO0FBQUEsTUFDRjtBQUNBLGFBQU8sSUFBSSxTQUFTLGVBQWUsRUFBRSxRQUFRLElBQUksQ0FBQztBQUFBLElBQ3BEO0FBQUEsRUFDRjsiLCJuYW1lcyI6WyJlbnYiLCJ3Il0sInNvdXJjZXMiOlsic3JjL2luZGV4LmpzIiwic29iamVjdHM6d29ya2VycyJdLCJ2ZXJzaW9uIjozfQ==
