// Types of what sobjects provides to JavaScript objects: the module
// `cloudflare:workers` (also `sobjects:workers`), as sdk-js/runtime.js implements it.
// The names and shapes follow Cloudflare's Durable Objects API
// (https://developers.cloudflare.com/durable-objects/api/); what sobjects lacks is
// noted. Reference it from a project with `/// <reference path=".../sdk-js/index.d.ts" />`.

declare module "cloudflare:workers" {
  /** The state a Durable Object's constructor gets. */
  export interface DurableObjectState {
    readonly id: DurableObjectId;
    readonly storage: DurableObjectStorage;
    /** Runs fn; sobjects runs one call of an object at a time already. */
    blockConcurrencyWhile<T>(fn: () => Promise<T> | T): Promise<T>;
    /** Accepted and ignored: a call ends when its method returns. */
    waitUntil(promise: Promise<unknown>): void;
    abort(reason?: string): never;
  }

  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
    fetch?(request: Request): Response | Promise<Response>;
    alarm?(alarmInfo: { retryCount: number; isRetry: boolean; scheduledTime: number }): void | Promise<void>;
  }

  export abstract class WorkerEntrypoint<Env = unknown> {
    protected ctx: unknown;
    protected env: Env;
    constructor(ctx: unknown, env: Env);
  }

  export abstract class RpcTarget {}

  /** A failure with one of the codes of abi/ABI.md section 5. */
  export class SobjectsError extends Error {
    constructor(code: SobjectsErrorCode, message: string);
    readonly code: SobjectsErrorCode;
  }
  export type SobjectsErrorCode =
    | "bad_input" | "not_found" | "conflict" | "internal" | "too_large" | "unavailable"
    | "sql" | "constraint" | "denied" | "cycle" | "moved";

  /** The project's bindings and vars (wrangler's durable_objects.bindings and vars). */
  export const env: Record<string, DurableObjectNamespace | unknown>;

  export interface DurableObjectId {
    /** The name the id was made from (ids here are names, hex-encoded by toString). */
    readonly name: string;
    toString(): string;
    equals(other: DurableObjectId): boolean;
  }

  export interface DurableObjectNamespace<T = Record<string, (...args: any[]) => any>> {
    idFromName(name: string): DurableObjectId;
    idFromString(id: string): DurableObjectId;
    newUniqueId(): DurableObjectId;
    get(id: DurableObjectId): DurableObjectStub<T>;
    getByName(name: string): DurableObjectStub<T>;
    jurisdiction(name: string): DurableObjectNamespace<T>;
  }

  /** A stub: each method calls the object's method (arguments and results as abi/ABI.md section 11 encodes them); fetch calls its fetch handler. */
  export type DurableObjectStub<T> = {
    readonly id: DurableObjectId;
    readonly name: string;
    fetch(input: Request | string, init?: RequestInit): Promise<Response>;
  } & { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

  export interface DurableObjectStorage {
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
    list<T = unknown>(options?: ListOptions): Promise<Map<string, T>>;
    deleteAll(): Promise<void>;
    getAlarm(): Promise<number | null>;
    setAlarm(scheduledTime: number | Date): Promise<void>;
    deleteAlarm(): Promise<void>;
    /** Runs fn in a transaction: committed when it returns, rolled back when it throws. */
    transactionSync<T>(fn: () => T): T;
    transaction<T>(fn: (txn: { rollback(): void }) => Promise<T>): Promise<T>;
    sync(): Promise<void>;
  }

  export interface ListOptions {
    prefix?: string;
    start?: string;
    startAfter?: string;
    end?: string;
    limit?: number;
    reverse?: boolean;
  }

  export interface SyncKvStorage {
    get<T = unknown>(key: string): T | undefined;
    put<T>(key: string, value: T): void;
    delete(key: string): boolean;
    list<T = unknown>(options?: ListOptions): Iterable<[string, T]>;
  }

  export type SqlStorageValue = ArrayBuffer | string | number | bigint | null;

  export interface SqlStorage {
    /** Runs one or more statements with bindings; the cursor holds the last one's rows. */
    exec<T extends Record<string, SqlStorageValue> = Record<string, SqlStorageValue>>(
      query: string, ...bindings: Array<SqlStorageValue | boolean | Uint8Array>
    ): SqlStorageCursor<T>;
    readonly databaseSize: number;
  }

  export interface SqlStorageCursor<T> extends Iterator<T>, Iterable<T> {
    readonly columnNames: string[];
    readonly rowsRead: number;
    readonly rowsWritten: number;
    toArray(): T[];
    /** The only row; throws unless there is exactly one. */
    one(): T;
    raw<R extends SqlStorageValue[] = SqlStorageValue[]>(): Iterator<R> & Iterable<R> & { toArray(): R[] };
  }
}

declare module "sobjects:workers" {
  export * from "cloudflare:workers";
}
