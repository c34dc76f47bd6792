// The benchmark app of docs/js-bench.sh: one Durable Object class, Bench, reached from the
// Worker two ways, by stub.fetch() (paths /inc, /put, /get, as workerd's own benchmark
// in ../shared/peers/workerd does it) and by RPC (paths /rpc/inc, /rpc/put, /rpc/get).
// The same file runs unchanged on workerd (config.capnp.in) and on sobjects
// (wrangler.toml).
import { DurableObject } from "cloudflare:workers";

export class Bench extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    this.sql.exec("INSERT OR IGNORE INTO counter (id, n) VALUES (1, 0)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v BLOB NOT NULL)");
  }

  // RPC methods.
  increment() {
    return this.sql.exec("UPDATE counter SET n = n + 1 WHERE id = 1 RETURNING n").one().n;
  }
  put(key, value) {
    this.sql.exec("INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", key, value);
  }
  get(key) {
    const rows = this.sql.exec("SELECT v FROM kv WHERE k = ?", key).toArray();
    return rows.length ? rows[0].v : null;
  }

  async fetch(request) {
    const url = new URL(request.url);
    const op = url.pathname.split("/").pop();
    if (op === "inc") return new Response(String(this.increment()));
    const key = url.searchParams.get("key") || "k";
    if (op === "put") {
      this.put(key, await request.arrayBuffer());
      return new Response("ok");
    }
    if (op === "get") {
      const v = this.get(key);
      return new Response(v, { status: v === null ? 404 : 200 });
    }
    return new Response("unknown op", { status: 404 });
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const stub = env.BENCH.get(env.BENCH.idFromName(url.searchParams.get("name") || "one"));
    if (!url.pathname.startsWith("/rpc/")) return stub.fetch(request);
    const key = url.searchParams.get("key") || "k";
    switch (url.pathname) {
      case "/rpc/inc":
        return new Response(String(await stub.increment()));
      case "/rpc/put":
        await stub.put(key, await request.arrayBuffer());
        return new Response("ok");
      case "/rpc/get": {
        const v = await stub.get(key);
        return new Response(v, { status: v === null ? 404 : 200 });
      }
    }
    return new Response("unknown op", { status: 404 });
  },
};
