// Types of what sobjects provides to JavaScript objects: the module
// `cloudflare:workers` (also `sobjects:workers`), as sdk-js/runtime.js implements it.
// The names and shapes follow Cloudflare's Durable Objects API
// (https://developers.cloudflare.com/durable-objects/api/); what sobjects lacks is
// noted. Reference it from a project with `/// <reference path=".../sdk-js/index.d.ts" />`.
// As with @cloudflare/workers-types, the types are global too (DurableObjectState,
// DurableObjectNamespace, SqlStorage, ExecutionContext, ...).

/** The state a Durable Object's constructor gets. */
interface DurableObjectState {
  readonly id: DurableObjectId;
  readonly storage: DurableObjectStorage;
  /** Runs fn; the object's next method runs once its promise settles. */
  blockConcurrencyWhile<T>(fn: () => Promise<T> | T): Promise<T>;
  /** Runs promise to its end as part of the call (and its transaction); a rejection is logged. */
  waitUntil(promise: Promise<unknown>): void;
  abort(reason?: string): never;
}

/** What a Worker's fetch gets as its third argument (and a WorkerEntrypoint as ctx). */
interface ExecutionContext {
  /** Runs promise to its end as part of the request; a rejection is logged. */
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

interface DurableObjectId {
  /** The name the id was made from (ids here are names, hex-encoded by toString). */
  readonly name: string;
  toString(): string;
  equals(other: DurableObjectId): boolean;
}

interface DurableObjectNamespace<T = unknown> {
  idFromName(name: string): DurableObjectId;
  idFromString(id: string): DurableObjectId;
  newUniqueId(): DurableObjectId;
  get(id: DurableObjectId): DurableObjectStub<T>;
  getByName(name: string): DurableObjectStub<T>;
  jurisdiction(name: string): DurableObjectNamespace<T>;
}

/** A stub: each method calls the object's method (arguments and results as abi/ABI.md section 11 encodes them); fetch calls its fetch handler. */
type DurableObjectStub<T = unknown> = {
  readonly id: DurableObjectId;
  readonly name: string;
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
} & {
  [K in Exclude<keyof T, "fetch" | "alarm" | "webSocketMessage" | "webSocketClose" | "webSocketError">]-?: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

interface DurableObjectStorage {
  readonly sql: SqlStorage;
  /** The synchronous KV API; values are stored as abi/ABI.md section 11 encodes them. */
  readonly kv: SyncKvStorage;
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** At most 128 keys. */
  get<T = unknown>(keys: string[]): Promise<Map<string, T>>;
  put<T>(key: string, value: T): Promise<void>;
  /** At most 128 entries, in one transaction. */
  put<T>(entries: Record<string, T>): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** At most 128 keys; returns how many existed. */
  delete(keys: string[]): Promise<number>;
  list<T = unknown>(options?: DurableObjectListOptions): Promise<Map<string, T>>;
  /** Deletes everything the object stored: keys, SQL tables, the alarm. */
  deleteAll(): Promise<void>;
  getAlarm(): Promise<number | null>;
  /** options are accepted for Cloudflare's sake and have no effect. */
  setAlarm(scheduledTime: number | Date, options?: { allowConcurrency?: boolean; allowUnconfirmed?: boolean }): Promise<void>;
  deleteAlarm(): Promise<void>;
  /** Runs fn in a transaction: committed when it returns, rolled back when it throws. */
  transactionSync<T>(fn: () => T): T;
  /**
   * Transactions run one at a time, but one begun inside another's closure nests in it;
   * txn is the storage, plus rollback(), after which it takes no writes, and without
   * deleteAll (it throws), as on workerd.
   */
  transaction<T>(fn: (txn: DurableObjectTransaction) => Promise<T>): Promise<T>;
  sync(): Promise<void>;
  /**
   * Durable memory (sobjects' own, abi/ABI.md section 13): state kept in memory,
   * persisted as an image and a journal. An entry or chunk is at most 1 MiB.
   */
  memory: DurableMemory;
}

interface DurableMemory {
  /** Appends a journal entry, committed with the call's other writes. */
  append(entry: ArrayBuffer | ArrayBufferView | string): void;
  /** Starts a new image; its commit replaces the image and journal before it. */
  beginImage(): {
    write(chunk: ArrayBuffer | ArrayBufferView | string): void;
    commit(): void;
    abort(): void;
  };
  /** The image's chunks, then the journal's entries, in order. */
  read(): IterableIterator<{ image: boolean; data: Uint8Array }>;
  stats(): { generation: number; imageBytes: number; journalBytes: number; deadBytes: number; due: boolean };
  /** How many bytes of what is held the object counts dead, for stats().due. */
  setDead(bytes: number): void;
}

interface DurableObjectTransaction extends DurableObjectStorage {
  rollback(): void;
}

interface DurableObjectListOptions {
  prefix?: string;
  start?: string;
  startAfter?: string;
  end?: string;
  limit?: number;
  reverse?: boolean;
}

interface SyncKvStorage {
  get<T = unknown>(key: string): T | undefined;
  put<T>(key: string, value: T): void;
  delete(key: string): boolean;
  list<T = unknown>(options?: DurableObjectListOptions): Iterable<[string, T]>;
}

/** What a column reads as: an integer past 2^53 as the nearest number, as on workerd. */
type SqlStorageValue = ArrayBuffer | string | number | null;

interface SqlStorage {
  /**
   * Runs one or more statements with bindings; the cursor holds the last one's rows.
   * As on workerd, a number binds as REAL, a boolean as its string, undefined as NULL,
   * a BigInt is a TypeError, and a failed statement (or a query of no statement)
   * throws an Error with SQLite's message.
   */
  exec<T extends Record<string, SqlStorageValue> = Record<string, SqlStorageValue>>(
    query: string, ...bindings: Array<SqlStorageValue | boolean | undefined | ArrayBufferView>
  ): SqlStorageCursor<T>;
  readonly databaseSize: number;
}

interface SqlStorageCursor<T> extends Iterator<T>, Iterable<T> {
  readonly columnNames: string[];
  readonly rowsRead: number;
  readonly rowsWritten: number;
  toArray(): T[];
  /** The only row; throws unless there is exactly one. */
  one(): T;
  raw<R extends SqlStorageValue[] = SqlStorageValue[]>(): Iterator<R> & Iterable<R> & { toArray(): R[] };
}

// Workers' Body.json takes a type argument.
interface Body {
  json<T>(): Promise<T>;
}

declare module "cloudflare:workers" {
  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
    fetch?(request: Request): Response | Promise<Response>;
    alarm?(alarmInfo: { retryCount: number; isRetry: boolean; scheduledTime: number }): void | Promise<void>;
  }

  export abstract class WorkerEntrypoint<Env = unknown> {
    protected ctx: ExecutionContext;
    protected env: Env;
    constructor(ctx: ExecutionContext, env: Env);
  }

  export abstract class RpcTarget {}

  /** A failure with one of the codes of abi/ABI.md section 5 (its name or its number). */
  export class SobjectsError extends Error {
    constructor(code: SobjectsErrorCode | number, message: string);
    readonly code: SobjectsErrorCode;
  }
  export type SobjectsErrorCode =
    | "bad_input" | "not_found" | "conflict" | "internal" | "too_large" | "unavailable"
    | "sql" | "constraint" | "denied" | "cycle" | "moved";

  /** The project's bindings and vars (wrangler's durable_objects.bindings and vars). */
  export const env: Record<string, unknown>;

  /** ctx.waitUntil of the call in progress. */
  export function waitUntil(promise: Promise<unknown>): void;

  // Cloudflare's other exports, stubbed: a project that imports them loads, and a use
  // throws an Error naming what sobjects lacks (sobjects inspect lists them).
  /** Stubbed: sobjects runs no Workflows; a class may extend it, nothing runs it. */
  export abstract class WorkflowEntrypoint<Env = unknown, T = unknown> {
    protected ctx: ExecutionContext;
    protected env: Env;
    constructor(ctx: ExecutionContext, env: Env);
  }
  /** Stubbed: each method throws. */
  export class WorkflowStep {}
  /** Stubbed: constructing one throws. */
  export class RpcStub<T = unknown> {
    constructor(value: T);
  }
  /** Stubbed: calling them throws. */
  export function withEnv<R>(env: unknown, fn: () => R): R;
  export function withExports<R>(exports: unknown, fn: () => R): R;
  export function withEnvAndExports<R>(env: unknown, exports: unknown, fn: () => R): R;
  /** Stubbed: reading a property throws. */
  export const cache: unknown;
  export const exports: unknown;
  export const tracing: unknown;

  // The global types, importable too.
  export type DurableObjectState = globalThis.DurableObjectState;
  export type ExecutionContext = globalThis.ExecutionContext;
  export type DurableObjectId = globalThis.DurableObjectId;
  export type DurableObjectNamespace<T = unknown> = globalThis.DurableObjectNamespace<T>;
  export type DurableObjectStub<T = unknown> = globalThis.DurableObjectStub<T>;
  export type DurableObjectStorage = globalThis.DurableObjectStorage;
  export type DurableObjectTransaction = globalThis.DurableObjectTransaction;
  export type DurableObjectListOptions = globalThis.DurableObjectListOptions;
  export type SyncKvStorage = globalThis.SyncKvStorage;
  export type SqlStorage = globalThis.SqlStorage;
  export type SqlStorageCursor<T> = globalThis.SqlStorageCursor<T>;
  export type SqlStorageValue = globalThis.SqlStorageValue;
}

declare module "sobjects:workers" {
  export * from "cloudflare:workers";
}
