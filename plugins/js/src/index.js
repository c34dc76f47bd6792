// The JavaScript examples. Each class behaves as the Rust plugin of the same name
// (plugins/counter, plugins/kv, plugins/chat): same methods, inputs, outputs and error
// codes. The Worker (the default export) routes /counter/NAME, /kv/NAME/KEY and
// /chat/NAME to them.
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

export class JsChat extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)",
    );
  }

  async post(input) {
    input = fields(input);
    const user = reqStr(input, "user");
    const text = reqStr(input, "text");
    if (user === "" || text === "") throw badInput('"user" and "text" must not be empty');
    const at = Date.now();
    const { id } = this.ctx.storage.sql.exec("INSERT INTO messages(user, text, at) VALUES (?, ?, ?) RETURNING id", user, text, at).one();
    return { id, at };
  }

  async history(input) {
    let limit = optInt(fields(input), "limit") ?? DEFAULT_LIMIT;
    if (limit < 1) throw badInput('field "limit" must be at least 1');
    limit = Math.min(limit, MAX_LIMIT);
    const messages = this.ctx.storage.sql
      .exec("SELECT id, user, text, at FROM (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id", limit)
      .toArray();
    return { messages };
  }
}

// The Worker: GET /counter/NAME reads a counter, POST increments it; GET and PUT
// /kv/NAME/KEY; GET and POST /chat/NAME; anything else is 404.
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const [kind, name, key] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (!name) {
      return new Response(`${env.GREETING}: try /counter/NAME, /kv/NAME/KEY or /chat/NAME\n`, { status: kind ? 404 : 200 });
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
        const stub = env.CHAT.getByName(name);
        if (request.method === "POST") return Response.json(await stub.post(await request.json()));
        return Response.json(await stub.history({ limit: Number(url.searchParams.get("limit") ?? DEFAULT_LIMIT) }));
      }
    }
    return new Response("not found\n", { status: 404 });
  },
};
