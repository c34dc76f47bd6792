// Type-checks index.d.ts against code written the way Cloudflare documents Durable
// Objects (npx tsc -p sdk-js/test, run by ./test.sh): the global types, as with
// @cloudflare/workers-types, and the module's.
import { DurableObject, WorkerEntrypoint, SobjectsError, type SqlStorageValue } from "cloudflare:workers";

interface Env {
  COUNTER: DurableObjectNamespace<Counter>;
  AUDIT: DurableObjectNamespace<Audit>;
  GREETING: string;
}

export class Counter extends DurableObject<Env> {
  sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => {
      this.sql.exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    });
  }

  async increment(by = 1): Promise<number> {
    const row = this.sql
      .exec<{ n: number }>("INSERT INTO counter(id, n) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET n = n + excluded.n RETURNING n", by)
      .one();
    await this.env.AUDIT.getByName("log").record(`+${by}`);
    return row.n;
  }

  async names(): Promise<string[]> {
    const cursor = this.sql.exec("SELECT n FROM counter");
    const rows: SqlStorageValue[][] = cursor.raw().toArray();
    return [...cursor.columnNames, String(rows.length), String(this.sql.databaseSize)];
  }

  async remember(key: string, value: Map<string, Date>): Promise<number> {
    this.ctx.storage.kv.put(key, value);
    await this.ctx.storage.put({ a: 1, b: new Uint8Array([1]) });
    const back = this.ctx.storage.kv.get<Map<string, Date>>(key);
    if (!back) throw new SobjectsError("not_found", `no ${key}`);
    const all = await this.ctx.storage.list<number>({ prefix: "a", limit: 10 });
    const moved = await this.ctx.storage.transaction(async (txn) => {
      const n = (await txn.get<number>("a")) ?? 0;
      await txn.put("a", n + 1);
      if (n > 10) txn.rollback();
      return n;
    });
    return back.size + all.size + moved + (await this.ctx.storage.delete(["a", "b"]));
  }

  async alarm(info: { retryCount: number }): Promise<void> {
    if (info.retryCount > 3) return;
    await this.ctx.storage.setAlarm(Date.now() + 1000, { allowConcurrency: false });
    this.ctx.storage.transactionSync(() => this.sql.exec("DELETE FROM counter"));
    this.ctx.waitUntil(this.ctx.storage.put("cleaned", new Date()));
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = await request.json<{ by: number }>();
    const other: number = await this.env.COUNTER.getByName(url.pathname).increment(body.by);
    return Response.json({ other, greeting: this.env.GREETING, id: this.ctx.id.toString() });
  }
}

// A class without a fetch handler: its stub has its methods.
export class Audit extends DurableObject<Env> {
  async record(line: string): Promise<void> {
    this.ctx.storage.sql.exec("INSERT INTO log(line) VALUES (?)", line);
  }
}

export default class extends WorkerEntrypoint<Env> {
  async fetch(request: Request): Promise<Response> {
    this.ctx.waitUntil(this.env.AUDIT.getByName("log").record("request"));
    return this.env.COUNTER.get(this.env.COUNTER.idFromName("a")).fetch(request);
  }
}
