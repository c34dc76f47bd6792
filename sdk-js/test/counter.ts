// Type-checks index.d.ts against code written the way Cloudflare documents Durable
// Objects (npx tsc -p sdk-js/test, run by ./test.sh).
import { DurableObject, SobjectsError, type DurableObjectNamespace } from "cloudflare:workers";

interface Env {
  COUNTER: DurableObjectNamespace<Counter>;
  GREETING: string;
}

export class Counter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    });
  }

  async increment(by = 1): Promise<number> {
    const row = this.ctx.storage.sql
      .exec<{ n: number }>("INSERT INTO counter(id, n) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET n = n + excluded.n RETURNING n", by)
      .one();
    return row.n;
  }

  async names(): Promise<string[]> {
    const cursor = this.ctx.storage.sql.exec("SELECT n FROM counter");
    const rows: SqlStorageValue[][] = cursor.raw().toArray();
    return [...cursor.columnNames, String(rows.length), String(this.ctx.storage.sql.databaseSize)];
  }

  async remember(key: string, value: Map<string, Date>): Promise<number> {
    this.ctx.storage.kv.put(key, value);
    await this.ctx.storage.put({ a: 1, b: new Uint8Array([1]) });
    const back = this.ctx.storage.kv.get<Map<string, Date>>(key);
    if (!back) throw new SobjectsError("not_found", `no ${key}`);
    const all = await this.ctx.storage.list<number>({ prefix: "a", limit: 10 });
    return back.size + all.size + (await this.ctx.storage.delete(["a", "b"]));
  }

  async alarm(info: { retryCount: number }): Promise<void> {
    if (info.retryCount > 3) return;
    await this.ctx.storage.setAlarm(Date.now() + 1000);
    this.ctx.storage.transactionSync(() => this.ctx.storage.sql.exec("DELETE FROM counter"));
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const other: number = await this.env.COUNTER.getByName(url.pathname).increment(2);
    return Response.json({ other, greeting: this.env.GREETING, id: this.ctx.id.toString() });
  }
}

type DurableObjectState = ConstructorParameters<typeof DurableObject>[0];
type SqlStorageValue = import("cloudflare:workers").SqlStorageValue;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return env.COUNTER.get(env.COUNTER.idFromName("a")).fetch(request);
  },
};
