// The JavaScript examples. Each class behaves as the Rust plugin of the same name
// (plugins/counter, plugins/kv, plugins/chat): same methods, inputs, outputs and error
// codes. The Worker (the default export) routes /counter/NAME, /kv/NAME/KEY and
// /chat/NAME to them (and /chat/NAME/ to a page that chats in a browser).
import { DurableObject, SobjectsError } from "cloudflare:workers";

const badInput = (msg) => new SobjectsError("bad_input", msg);

// fields gives the fields of a JSON object input; any other input has none (as the
// Rust SDK's Json::get reads it).
function fields(input) {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
}

function optInt(input, field) {
  const v = input[field];
  if (v === undefined || v === null) return undefined;
  if (!Number.isInteger(v)) throw badInput(`field "${field}" must be an integer`);
  return v;
}

function reqStr(input, field) {
  const v = input[field];
  if (typeof v !== "string") throw badInput(`field "${field}" must be a string`);
  return v;
}

export class JsCounter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
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
    const value = this.ctx.storage.sql
      .exec("INSERT INTO counter(id, value) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET value = value + excluded.value RETURNING value", by)
      .one().value;
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
    if (at === undefined && delay === undefined) throw badInput('give "in_ms" or "at_ms"');
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
}

export class JsKV extends DurableObject {
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
    if (value === undefined) throw new SobjectsError("not_found", `key not found: ${k}`);
    return { value };
  }

  async delete(input) {
    return { deleted: this.ctx.storage.kv.delete(this.#key(input)) };
  }

  async list(input) {
    if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input))) {
      throw badInput("input must be a JSON object");
    }
    input = fields(input);
    const opts = {};
    for (const f of ["prefix", "start", "end"]) {
      if (input[f] !== undefined && input[f] !== null) opts[f] = reqStr(input, f);
    }
    const limit = optInt(input, "limit");
    if (limit !== undefined && limit < 0) throw badInput('field "limit" must not be negative');
    if (limit) opts.limit = limit;
    if (input.reverse !== undefined && typeof input.reverse !== "boolean") throw badInput('field "reverse" must be a boolean');
    opts.reverse = input.reverse === true;
    const entries = [];
    for (const [key, value] of this.ctx.storage.kv.list(opts)) entries.push({ key, value });
    return { entries };
  }
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;
// How many of the last messages a socket gets when it joins.
const JOIN_HISTORY = 50;
// The longest name and message text, in bytes.
const MAX_NAME_BYTES = 64;
const MAX_TEXT_BYTES = 4096;
// The tag of every socket of the room; each also has the tag "user:NAME".
const ROOM = "room";

const utf8Length = (s) => new TextEncoder().encode(s).length;

// JsChat is a chat room per object, over methods (post, history, online) and over
// WebSockets: a GET with "Upgrade: websocket" and ?name=NAME joins the room. The
// protocol is the Rust chat plugin's (plugins/chat/README.md), JSON text messages:
//   to a socket that joins     {"type":"history","messages":[{"id","from","text","at"}, ...]} (the last 50)
//   to every socket            {"type":"join","name","at","online"}, {"type":"leave","name","at","online"},
//                              {"type":"message","id","from","text","at"} (a post, or a socket's message)
//   from a socket              {"text": "..."} (1 to 4096 bytes)
//   to a socket that errs      {"type":"error","error": "..."}
// The sockets are hibernatable (ctx.acceptWebSocket): the room may be evicted while
// people are connected; each socket keeps its name in its attachment and its tags.
export class JsChat extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)",
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
        // closed meanwhile: its webSocketClose tells the others
      }
    }
  }

  #last(limit, userKey) {
    return this.ctx.storage.sql
      .exec("SELECT id, user, text, at FROM (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id", limit)
      .toArray()
      .map(({ id, user, text, at }) => ({ id, [userKey]: user, text, at }));
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
      return new Response(`chat: ?name= must be 1 to ${MAX_NAME_BYTES} bytes\n`, { status: 400 });
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
    const text = input !== null && typeof input === "object" ? input.text : undefined;
    if (typeof text !== "string" || text === "" || utf8Length(text) > MAX_TEXT_BYTES) {
      return fail(`chat: "text" must be a string of 1 to ${MAX_TEXT_BYTES} bytes`);
    }
    this.#say(ws.deserializeAttachment().name, text);
  }

  async webSocketClose(ws, code, reason) {
    const { name } = ws.deserializeAttachment();
    const online = this.ctx.getWebSockets(ROOM).filter((w) => w !== ws).length;
    this.#broadcast({ type: "leave", name, at: Date.now(), online }, ws);
    try {
      ws.close(code === 1005 || code === 1006 || code === 1015 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  async webSocketError(ws, error) {
    console.warn(`chat: a socket failed: ${error.message}`);
  }
}

// chatPage is the page at /chat/ROOM/: it asks for a name, joins the room over a
// WebSocket and shows what arrives. ?name=NAME skips the question.
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

// The Worker: GET /counter/NAME reads a counter, POST increments it; GET and PUT
// /kv/NAME/KEY; GET and POST /chat/NAME, and with "Upgrade: websocket" it joins the
// room; GET /chat/NAME/ is a page that joins it in a browser; anything else is 404.
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const [kind, name, key] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (!name) {
      return new Response(`${env.GREETING}: try /counter/NAME, /kv/NAME/KEY, /chat/NAME or /chat/NAME/ in a browser\n`, { status: kind ? 404 : 200 });
    }
    switch (kind) {
      case "counter": {
        const stub = env.COUNTER.getByName(name);
        return Response.json(request.method === "POST" ? await stub.increment() : await stub.get());
      }
      case "kv": {
        const stub = env.KV.getByName(name);
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
        if (key !== undefined) break;
        const stub = env.CHAT.getByName(name);
        if ((request.headers.get("upgrade") ?? "").toLowerCase() === "websocket") return stub.fetch(request);
        if (request.method === "POST") return Response.json(await stub.post(await request.json()));
        if (url.pathname.endsWith("/")) return new Response(chatPage(name), { headers: { "content-type": "text/html; charset=utf-8" } });
        return Response.json(await stub.history({ limit: Number(url.searchParams.get("limit") ?? DEFAULT_LIMIT) }));
      }
    }
    return new Response("not found\n", { status: 404 });
  },
};
