import { DurableObject, SobjectsError } from "cloudflare:workers";

export { JsCounter } from "../../../plugins/js/src/index.js";

const FAILURES_KEY = "testkit:alarm_failures";

export class JsTestkit extends DurableObject {
  get sql() {
    return this.ctx.storage.sql;
  }

  count(table) {
    const exists = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table).toArray().length > 0;
    return exists ? this.sql.exec(`SELECT count(*) AS n FROM ${table}`).one().n : 0;
  }

  insertT(value) {
    this.sql.exec("CREATE TABLE IF NOT EXISTS t(v TEXT)");
    this.sql.exec("INSERT INTO t(v) VALUES (?)", value);
  }

  noop() {}

  now() {
    return Date.now();
  }

  // A throw keeps a JavaScript call's writes, as on Cloudflare: inside
  // transactionSync it rolls them back, as a Rust plugin's failed call does.
  async write_then_fail({ value }) {
    this.ctx.storage.transactionSync(() => {
      this.insertT(value);
      throw new SobjectsError("conflict", "deliberate failure");
    });
  }

  async write_then_throw({ value }) {
    this.insertT(value);
    throw new TypeError("deliberate bug");
  }

  count_t() {
    return { n: this.count("t") };
  }

  txn({ commit }) {
    this.sql.exec("CREATE TABLE IF NOT EXISTS t(v TEXT)");
    try {
      this.ctx.storage.transactionSync(() => {
        this.sql.exec("INSERT INTO t(v) VALUES ('txn')");
        if (!commit) throw new Error("roll back");
      });
    } catch (e) {
      if (commit) throw e;
    }
    return { n: this.count("t") };
  }

  async call({ class: cls, name, method, input }) {
    const ns = this.env[cls];
    if (!ns) throw new SobjectsError("not_found", `no binding for class ${cls}`);
    const stub = ns.getByName(name);
    return input === undefined ? stub[method]() : stub[method](input);
  }

  async alarm_set({ at_ms }) {
    await this.ctx.storage.setAlarm(at_ms);
    return { at_ms };
  }

  async alarm_get() {
    return { at_ms: await this.ctx.storage.getAlarm() };
  }

  async alarm_delete() {
    const had = (await this.ctx.storage.getAlarm()) !== null;
    await this.ctx.storage.deleteAlarm();
    return { deleted: had };
  }

  async set_alarm_failures({ n }) {
    this.ctx.storage.kv.put(FAILURES_KEY, n);
    return { ok: true };
  }

  async alarm(info) {
    const k = this.ctx.storage.kv.get(FAILURES_KEY) ?? 0;
    if (info.retryCount < k) {
      throw new SobjectsError("unavailable", `deliberate alarm failure (retry_count ${info.retryCount} < ${k})`);
    }
    this.sql.exec(
      "CREATE TABLE IF NOT EXISTS alarms_seen(id INTEGER PRIMARY KEY AUTOINCREMENT, scheduled_ms INTEGER NOT NULL, retry_count INTEGER NOT NULL, at INTEGER NOT NULL)",
    );
    this.sql.exec("INSERT INTO alarms_seen(scheduled_ms, retry_count, at) VALUES (?, ?, ?)", info.scheduledTime ?? 0, info.retryCount, Date.now());
  }

  alarm_fires() {
    if (this.count("alarms_seen") === 0) return { fires: 0, last_retry: null, last_scheduled: null };
    const row = this.sql
      .exec(
        "SELECT (SELECT count(*) FROM alarms_seen) AS fires, (SELECT retry_count FROM alarms_seen ORDER BY id DESC LIMIT 1) AS last_retry, (SELECT scheduled_ms FROM alarms_seen ORDER BY id DESC LIMIT 1) AS last_scheduled",
      )
      .one();
    return row;
  }

  spin() {
    for (;;) {}
  }

  hog() {
    const keep = [];
    for (;;) keep.push(new Array(1 << 16).fill(keep.length));
  }
}
