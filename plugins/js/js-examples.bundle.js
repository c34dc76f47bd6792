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
  var JsChat = class extends DurableObject {
    constructor(ctx, env2) {
      super(ctx, env2);
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)"
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
      const messages = this.ctx.storage.sql.exec("SELECT id, user, text, at FROM (SELECT id, user, text, at FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id", limit).toArray();
      return { messages };
    }
  };
  var index_default = {
    async fetch(request, env2) {
      const url = new URL(request.url);
      const [kind, name, key] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
      if (!name) {
        return new Response(`${env2.GREETING}: try /counter/NAME, /kv/NAME/KEY or /chat/NAME
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
          const stub = env2.CHAT.getByName(name);
          if (request.method === "POST") return Response.json(await stub.post(await request.json()));
          return Response.json(await stub.history({ limit: Number(url.searchParams.get("limit") ?? DEFAULT_LIMIT) }));
        }
      }
      return new Response("not found\n", { status: 404 });
    }
  };
  return __toCommonJS(index_exports);
})();
//# sourceMappingURL=data:application/json;base64,eyJtYXBwaW5ncyI6Ijs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7OztBQUFBO0FBQUE7QUFBQTtBQUFBO0FBQUE7QUFBQTtBQUFBOzs7QUNBQSxNQUFNLElBQUksV0FBVztBQUNkLE1BQU0sZ0JBQWdCLEVBQUU7QUFDeEIsTUFBTSxZQUFZLEVBQUU7QUFDcEIsTUFBTSxnQkFBZ0IsRUFBRTtBQUN4QixNQUFNLG1CQUFtQixFQUFFO0FBQzNCLE1BQU0sTUFBTSxFQUFFO0FBQ2QsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxZQUFZLEVBQUU7QUFDcEIsTUFBTSxVQUFVLEVBQUU7QUFDbEIsTUFBTSxxQkFBcUIsRUFBRTtBQUM3QixNQUFNLGVBQWUsRUFBRTtBQUN2QixNQUFNLFFBQVEsRUFBRTtBQUNoQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLFVBQVUsRUFBRTtBQUNsQixNQUFNLG9CQUFvQixFQUFFO0FBQzVCLE1BQU0sY0FBYyxFQUFFOzs7QURUN0IsTUFBTSxXQUFXLENBQUMsUUFBUSxJQUFJLGNBQWMsYUFBYSxHQUFHO0FBSTVELFdBQVMsT0FBTyxPQUFPO0FBQ3JCLFdBQU8sVUFBVSxRQUFRLE9BQU8sVUFBVSxZQUFZLENBQUMsTUFBTSxRQUFRLEtBQUssSUFBSSxRQUFRLENBQUM7QUFBQSxFQUN6RjtBQUVBLFdBQVMsT0FBTyxPQUFPLE9BQU87QUFDNUIsVUFBTSxJQUFJLE1BQU0sS0FBSztBQUNyQixRQUFJLE1BQU0sVUFBYSxNQUFNLEtBQU0sUUFBTztBQUMxQyxRQUFJLENBQUMsT0FBTyxVQUFVLENBQUMsRUFBRyxPQUFNLFNBQVMsVUFBVSxLQUFLLHNCQUFzQjtBQUM5RSxXQUFPO0FBQUEsRUFDVDtBQUVBLFdBQVMsT0FBTyxPQUFPLE9BQU87QUFDNUIsVUFBTSxJQUFJLE1BQU0sS0FBSztBQUNyQixRQUFJLE9BQU8sTUFBTSxTQUFVLE9BQU0sU0FBUyxVQUFVLEtBQUssb0JBQW9CO0FBQzdFLFdBQU87QUFBQSxFQUNUO0FBRU8sTUFBTSxZQUFOLGNBQXdCLGNBQWM7QUFBQSxJQUMzQyxZQUFZLEtBQUtBLE1BQUs7QUFDcEIsWUFBTSxLQUFLQSxJQUFHO0FBQ2QsVUFBSSxzQkFBc0IsWUFBWTtBQUNwQyxZQUFJLFFBQVEsSUFBSSxLQUFLLG1HQUFtRztBQUFBLE1BQzFILENBQUM7QUFBQSxJQUNIO0FBQUEsSUFFQSxXQUFXO0FBQ1QsWUFBTSxPQUFPLEtBQUssSUFBSSxRQUFRLElBQUksS0FBSyx3Q0FBd0MsRUFBRSxRQUFRO0FBQ3pGLGFBQU8sS0FBSyxTQUFTLEtBQUssQ0FBQyxFQUFFLFFBQVE7QUFBQSxJQUN2QztBQUFBLElBRUEsTUFBTSxVQUFVLE9BQU87QUFDckIsWUFBTSxLQUFLLE9BQU8sT0FBTyxLQUFLLEdBQUcsSUFBSSxLQUFLO0FBQzFDLFlBQU0sUUFBUSxLQUFLLElBQUksUUFBUSxJQUM1QixLQUFLLDZIQUE2SCxFQUFFLEVBQ3BJLElBQUksRUFBRTtBQUNULGFBQU8sRUFBRSxNQUFNO0FBQUEsSUFDakI7QUFBQSxJQUVBLE1BQU0sTUFBTTtBQUNWLGFBQU8sRUFBRSxPQUFPLEtBQUssU0FBUyxFQUFFO0FBQUEsSUFDbEM7QUFBQSxJQUVBLE1BQU0sUUFBUTtBQUNaLFdBQUssSUFBSSxRQUFRLElBQUksS0FBSyxzRkFBc0Y7QUFDaEgsYUFBTyxFQUFFLE9BQU8sRUFBRTtBQUFBLElBQ3BCO0FBQUEsSUFFQSxNQUFNLGVBQWUsT0FBTztBQUMxQixjQUFRLE9BQU8sS0FBSztBQUNwQixZQUFNLEtBQUssT0FBTyxPQUFPLE9BQU87QUFDaEMsWUFBTSxRQUFRLE9BQU8sT0FBTyxPQUFPO0FBQ25DLFVBQUksT0FBTyxVQUFhLFVBQVUsT0FBVyxPQUFNLFNBQVMseUJBQXlCO0FBQ3JGLFlBQU0sT0FBTyxNQUFNLEtBQUssSUFBSSxJQUFJO0FBQ2hDLFlBQU0sS0FBSyxJQUFJLFFBQVEsU0FBUyxJQUFJO0FBQ3BDLGFBQU8sRUFBRSxPQUFPLEtBQUs7QUFBQSxJQUN2QjtBQUFBLElBRUEsTUFBTSxRQUFRO0FBQ1osWUFBTSxLQUFLLE1BQU07QUFBQSxJQUNuQjtBQUFBLElBRUEsTUFBTSxNQUFNLFNBQVM7QUFDbkIsVUFBSSxRQUFRLFdBQVcsT0FBTztBQUM1QixlQUFPLElBQUksU0FBUyx3QkFBd0IsRUFBRSxRQUFRLEtBQUssU0FBUyxFQUFFLE9BQU8sTUFBTSxFQUFFLENBQUM7QUFBQSxNQUN4RjtBQUNBLGFBQU8sSUFBSSxTQUFTLE9BQU8sS0FBSyxTQUFTLENBQUMsQ0FBQztBQUFBLElBQzdDO0FBQUEsRUFDRjtBQUVPLE1BQU0sT0FBTixjQUFtQixjQUFjO0FBQUEsSUFDdEMsS0FBSyxPQUFPO0FBQ1YsWUFBTSxJQUFJLE9BQU8sT0FBTyxLQUFLLEdBQUcsS0FBSztBQUNyQyxVQUFJLE1BQU0sR0FBSSxPQUFNLFNBQVMsK0JBQStCO0FBQzVELGFBQU87QUFBQSxJQUNUO0FBQUEsSUFFQSxNQUFNLElBQUksT0FBTztBQUNmLFlBQU0sSUFBSSxLQUFLLEtBQUssS0FBSztBQUN6QixVQUFJLEVBQUUsV0FBVyxPQUFPLEtBQUssR0FBSSxPQUFNLFNBQVMsMkJBQTJCO0FBQzNFLFdBQUssSUFBSSxRQUFRLEdBQUcsSUFBSSxHQUFHLE1BQU0sS0FBSztBQUN0QyxhQUFPLEVBQUUsSUFBSSxLQUFLO0FBQUEsSUFDcEI7QUFBQSxJQUVBLE1BQU0sSUFBSSxPQUFPO0FBQ2YsWUFBTSxJQUFJLEtBQUssS0FBSyxLQUFLO0FBQ3pCLFlBQU0sUUFBUSxLQUFLLElBQUksUUFBUSxHQUFHLElBQUksQ0FBQztBQUN2QyxVQUFJLFVBQVUsT0FBVyxPQUFNLElBQUksY0FBYyxhQUFhLGtCQUFrQixDQUFDLEVBQUU7QUFDbkYsYUFBTyxFQUFFLE1BQU07QUFBQSxJQUNqQjtBQUFBLElBRUEsTUFBTSxPQUFPLE9BQU87QUFDbEIsYUFBTyxFQUFFLFNBQVMsS0FBSyxJQUFJLFFBQVEsR0FBRyxPQUFPLEtBQUssS0FBSyxLQUFLLENBQUMsRUFBRTtBQUFBLElBQ2pFO0FBQUEsSUFFQSxNQUFNLEtBQUssT0FBTztBQUNoQixVQUFJLFVBQVUsVUFBYSxVQUFVLFNBQVMsT0FBTyxVQUFVLFlBQVksTUFBTSxRQUFRLEtBQUssSUFBSTtBQUNoRyxjQUFNLFNBQVMsNkJBQTZCO0FBQUEsTUFDOUM7QUFDQSxjQUFRLE9BQU8sS0FBSztBQUNwQixZQUFNLE9BQU8sQ0FBQztBQUNkLGlCQUFXLEtBQUssQ0FBQyxVQUFVLFNBQVMsS0FBSyxHQUFHO0FBQzFDLFlBQUksTUFBTSxDQUFDLE1BQU0sVUFBYSxNQUFNLENBQUMsTUFBTSxLQUFNLE1BQUssQ0FBQyxJQUFJLE9BQU8sT0FBTyxDQUFDO0FBQUEsTUFDNUU7QUFDQSxZQUFNLFFBQVEsT0FBTyxPQUFPLE9BQU87QUFDbkMsVUFBSSxVQUFVLFVBQWEsUUFBUSxFQUFHLE9BQU0sU0FBUyxvQ0FBb0M7QUFDekYsVUFBSSxNQUFPLE1BQUssUUFBUTtBQUN4QixVQUFJLE1BQU0sWUFBWSxVQUFhLE9BQU8sTUFBTSxZQUFZLFVBQVcsT0FBTSxTQUFTLG1DQUFtQztBQUN6SCxXQUFLLFVBQVUsTUFBTSxZQUFZO0FBQ2pDLFlBQU0sVUFBVSxDQUFDO0FBQ2pCLGlCQUFXLENBQUMsS0FBSyxLQUFLLEtBQUssS0FBSyxJQUFJLFFBQVEsR0FBRyxLQUFLLElBQUksRUFBRyxTQUFRLEtBQUssRUFBRSxLQUFLLE1BQU0sQ0FBQztBQUN0RixhQUFPLEVBQUUsUUFBUTtBQUFBLElBQ25CO0FBQUEsRUFDRjtBQUVBLE1BQU0sZ0JBQWdCO0FBQ3RCLE1BQU0sWUFBWTtBQUVYLE1BQU0sU0FBTixjQUFxQixjQUFjO0FBQUEsSUFDeEMsWUFBWSxLQUFLQSxNQUFLO0FBQ3BCLFlBQU0sS0FBS0EsSUFBRztBQUNkLFVBQUksUUFBUSxJQUFJO0FBQUEsUUFDZDtBQUFBLE1BQ0Y7QUFBQSxJQUNGO0FBQUEsSUFFQSxNQUFNLEtBQUssT0FBTztBQUNoQixjQUFRLE9BQU8sS0FBSztBQUNwQixZQUFNLE9BQU8sT0FBTyxPQUFPLE1BQU07QUFDakMsWUFBTSxPQUFPLE9BQU8sT0FBTyxNQUFNO0FBQ2pDLFVBQUksU0FBUyxNQUFNLFNBQVMsR0FBSSxPQUFNLFNBQVMscUNBQXFDO0FBQ3BGLFlBQU0sS0FBSyxLQUFLLElBQUk7QUFDcEIsWUFBTSxFQUFFLEdBQUcsSUFBSSxLQUFLLElBQUksUUFBUSxJQUFJLEtBQUssc0VBQXNFLE1BQU0sTUFBTSxFQUFFLEVBQUUsSUFBSTtBQUNuSSxhQUFPLEVBQUUsSUFBSSxHQUFHO0FBQUEsSUFDbEI7QUFBQSxJQUVBLE1BQU0sUUFBUSxPQUFPO0FBQ25CLFVBQUksUUFBUSxPQUFPLE9BQU8sS0FBSyxHQUFHLE9BQU8sS0FBSztBQUM5QyxVQUFJLFFBQVEsRUFBRyxPQUFNLFNBQVMsa0NBQWtDO0FBQ2hFLGNBQVEsS0FBSyxJQUFJLE9BQU8sU0FBUztBQUNqQyxZQUFNLFdBQVcsS0FBSyxJQUFJLFFBQVEsSUFDL0IsS0FBSyxpSEFBaUgsS0FBSyxFQUMzSCxRQUFRO0FBQ1gsYUFBTyxFQUFFLFNBQVM7QUFBQSxJQUNwQjtBQUFBLEVBQ0Y7QUFJQSxNQUFPLGdCQUFRO0FBQUEsSUFDYixNQUFNLE1BQU0sU0FBU0EsTUFBSztBQUN4QixZQUFNLE1BQU0sSUFBSSxJQUFJLFFBQVEsR0FBRztBQUMvQixZQUFNLENBQUMsTUFBTSxNQUFNLEdBQUcsSUFBSSxJQUFJLFNBQVMsTUFBTSxHQUFHLEVBQUUsT0FBTyxPQUFPLEVBQUUsSUFBSSxrQkFBa0I7QUFDeEYsVUFBSSxDQUFDLE1BQU07QUFDVCxlQUFPLElBQUksU0FBUyxHQUFHQSxLQUFJLFFBQVE7QUFBQSxHQUFxRCxFQUFFLFFBQVEsT0FBTyxNQUFNLElBQUksQ0FBQztBQUFBLE1BQ3RIO0FBQ0EsY0FBUSxNQUFNO0FBQUEsUUFDWixLQUFLLFdBQVc7QUFDZCxnQkFBTSxPQUFPQSxLQUFJLFFBQVEsVUFBVSxJQUFJO0FBQ3ZDLGlCQUFPLFNBQVMsS0FBSyxRQUFRLFdBQVcsU0FBUyxNQUFNLEtBQUssVUFBVSxJQUFJLE1BQU0sS0FBSyxJQUFJLENBQUM7QUFBQSxRQUM1RjtBQUFBLFFBQ0EsS0FBSyxNQUFNO0FBQ1QsZ0JBQU0sT0FBT0EsS0FBSSxHQUFHLFVBQVUsSUFBSTtBQUNsQyxjQUFJLENBQUMsSUFBSyxRQUFPLFNBQVMsS0FBSyxNQUFNLEtBQUssS0FBSyxDQUFDLENBQUMsQ0FBQztBQUNsRCxjQUFJLFFBQVEsV0FBVyxNQUFPLFFBQU8sU0FBUyxLQUFLLE1BQU0sS0FBSyxJQUFJLEVBQUUsS0FBSyxPQUFPLE1BQU0sUUFBUSxLQUFLLEVBQUUsQ0FBQyxDQUFDO0FBQ3ZHLGNBQUk7QUFDRixtQkFBTyxTQUFTLEtBQUssTUFBTSxLQUFLLElBQUksRUFBRSxJQUFJLENBQUMsQ0FBQztBQUFBLFVBQzlDLFNBQVMsR0FBRztBQUNWLGdCQUFJLEVBQUUsU0FBUyxZQUFhLFFBQU8sSUFBSSxTQUFTLEVBQUUsVUFBVSxNQUFNLEVBQUUsUUFBUSxJQUFJLENBQUM7QUFDakYsa0JBQU07QUFBQSxVQUNSO0FBQUEsUUFDRjtBQUFBLFFBQ0EsS0FBSyxRQUFRO0FBQ1gsZ0JBQU0sT0FBT0EsS0FBSSxLQUFLLFVBQVUsSUFBSTtBQUNwQyxjQUFJLFFBQVEsV0FBVyxPQUFRLFFBQU8sU0FBUyxLQUFLLE1BQU0sS0FBSyxLQUFLLE1BQU0sUUFBUSxLQUFLLENBQUMsQ0FBQztBQUN6RixpQkFBTyxTQUFTLEtBQUssTUFBTSxLQUFLLFFBQVEsRUFBRSxPQUFPLE9BQU8sSUFBSSxhQUFhLElBQUksT0FBTyxLQUFLLGFBQWEsRUFBRSxDQUFDLENBQUM7QUFBQSxRQUM1RztBQUFBLE1BQ0Y7QUFDQSxhQUFPLElBQUksU0FBUyxlQUFlLEVBQUUsUUFBUSxJQUFJLENBQUM7QUFBQSxJQUNwRDtBQUFBLEVBQ0Y7IiwibmFtZXMiOlsiZW52Il0sInNvdXJjZXMiOlsic3JjL2luZGV4LmpzIiwic29iamVjdHM6d29ya2VycyJdLCJ2ZXJzaW9uIjozfQ==
