// One module hides which PostgreSQL we talk to: embedded PGlite (files under
// $DATA_DIR/db) by default, or a real server through a `pg` pool when DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ExtractTablesWithRelations,
  getTableColumns,
  getTableName,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

// No relational query API: each module owns its tables (app/modules/*/tables.server.ts) and
// queries them itself, so the client knows no table.
type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` (sent at commit, by any process using this database).
   * `onState(false)` when notifications may be missed (the listening connection dropped),
   * `onState(true)` when they flow again. Returns a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
}

const MIGRATIONS_FOLDER = findMigrationsFolder();

/**
 * Settings every connection starts with. How alike a mistyped word and a product's word must
 * be for the store's forgiving search: pg_trgm's `<%` reads it, and only that operator (not
 * the `word_similarity()` function) is served by the trigram index (catalog/search.server.ts).
 * No JIT compilation: PostgreSQL compiles a query whose estimated cost passes a line, and an
 * estimate far off (the import preview's 5,000 keys) paid 176 ms of compiling for a query
 * of a few milliseconds; the app's queries are all short (PGlite has no JIT).
 * A random page read costs about what a sequential one does: the shop's data fits in memory
 * (PGlite's is in memory; a PostgreSQL server of this size keeps it in its cache, on SSD
 * otherwise). With the default of 4 the planner read all 10,000 product summaries to join
 * the 170 products a search found, instead of looking each one up (decision 0051).
 */
const SESSION_SETTINGS: Record<string, string> = {
  "pg_trgm.word_similarity_threshold": "0.5",
  jit: "off",
  random_page_cost: "1.1",
};

function findMigrationsFolder(): string {
  // Works from the sources (app/platform/db) and from the server bundle (build/server).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(process.cwd(), "drizzle"),
    path.resolve(here, "../../../drizzle"),
    path.resolve(here, "../../drizzle"),
  ];
  return (
    candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json"))) ??
    candidates[0]
  );
}

export async function openDatabase(options: {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite in memory, started from a saved data directory (tests' migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(" "),
    });
    // An idle connection the server drops (restart, failover, a forced disconnect) must not
    // crash the process: the pool replaces it, and the next query reconnects.
    pool.on("error", (error) => {
      console.warn(`[db] conexão ociosa perdida: ${error.message}`);
    });
    const db = drizzle(pool) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: "postgres",
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      listen: async (channel, onNotify, onState) => {
        const stop = await listenOnServer(pg, options.databaseUrl!, channel, onNotify, onState);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // The store's search needs pg_trgm (migration 0007); PGlite loads it on demand.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const extensions = { pg_trgm };
  const client = options.dataDir
    ? new PGlite(options.dataDir, { extensions })
    : new PGlite({
        extensions,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
  await client.waitReady;
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    // One process holds the embedded database: every change is heard, nothing is missed.
    listen: async (channel, onNotify, onState) => {
      const unlisten = await client.listen(channel, onNotify);
      onState?.(true);
      return unlisten;
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When
 * it drops (server restart, failover), notifications may be missed: say so, and reconnect.
 */
async function listenOnServer(
  pg: typeof import("pg").default,
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: ((listening: boolean) => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import("pg").Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      onState?.(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    onState?.(true);
  };

  try {
    await connect();
  } catch (error) {
    console.warn(`[db] LISTEN ${channel} falhou; nova tentativa em 1 s: ${String(error)}`);
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so that several app instances starting
 * at once take turns. A session-level lock belongs to one connection: it is taken and
 * released on a connection set apart from the pool for that, never on whichever pooled
 * connection a query happens to get. PGlite has one process: `fn` simply runs.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  lockId: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (database.kind !== "postgres") return fn();
  const pool = (database.db as unknown as { $client: import("pg").Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [lockId]);
    try {
      return await fn();
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [lockId]);
    }
  } finally {
    connection.release();
  }
}

/** Advisory locks held by one session (the job runner's), taken without waiting. */
export interface AdvisoryLockSession {
  /** Takes the lock (`namespace`, `key`) if nobody holds it; false when another session does. */
  tryLock(namespace: number, key: number): Promise<boolean>;
  unlock(namespace: number, key: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A session for advisory locks held as long as a job runs. A session-level lock belongs to
 * one connection, so on a server the locks live on a connection of their own, outside the
 * pool: a pooled one would be handed to other queries (and a lock held on each job's own
 * pooled connection would starve the pool while every job runs). If that connection drops,
 * the server frees its locks; the next attempt opens a new one. PGlite is one session in one
 * process: the same statements run on it, and the runner's own bookkeeping keeps a job single.
 */
export function advisoryLockSession(database: Database): AdvisoryLockSession {
  if (database.kind !== "postgres") {
    const locked = async (statement: string, namespace: number, key: number) => {
      const [row] = await runSql<{ ok: boolean }>(database.db, statement, [namespace, key]);
      return row?.ok === true;
    };
    return {
      tryLock: (namespace, key) =>
        locked("select pg_try_advisory_lock($1::int, $2::int) as ok", namespace, key),
      unlock: async (namespace, key) => {
        await locked("select pg_advisory_unlock($1::int, $2::int) as ok", namespace, key);
      },
      close: async () => {},
    };
  }
  const pool = (database.db as unknown as { $client: import("pg").Pool }).$client;
  let connection: Promise<import("pg").Client> | undefined;
  const open = () => {
    connection ??= import("pg").then(async ({ default: pg }) => {
      const client = new pg.Client(
        (pool as unknown as { options: import("pg").ClientConfig }).options,
      );
      const lost = () => {
        connection = undefined;
        client.end().catch(() => {});
      };
      client.on("error", lost);
      client.on("end", lost);
      try {
        await client.connect();
      } catch (error) {
        lost();
        throw error;
      }
      return client;
    });
    return connection;
  };
  // Every job's tick asks this one connection, several at once at start: one statement at a
  // time (pg warns on overlapping queries on a client, and pg 9 refuses them).
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(statement: () => Promise<T>): Promise<T> => {
    const result = queue.then(statement);
    queue = result.catch(() => {});
    return result;
  };
  return {
    tryLock: (namespace, key) =>
      serially(async () => {
        const client = await open();
        const { rows } = await client.query<{ ok: boolean }>(
          "select pg_try_advisory_lock($1::int, $2::int) as ok",
          [namespace, key],
        );
        return rows[0]?.ok === true;
      }),
    unlock: (namespace, key) =>
      serially(async () => {
        const client = await connection;
        await client?.query("select pg_advisory_unlock($1::int, $2::int)", [namespace, key]);
      }),
    close: async () => {
      const client = await connection?.catch(() => undefined);
      connection = undefined;
      await client?.end().catch(() => {});
    },
  };
}

const MIGRATION_LOCK = 7315001;
export const STARTUP_LOCK = 7315002;
/** Taken inside the demo seed's transaction: two seeds at once write the demo shop once. */
export const SEED_LOCK = 7315003;

/** Applies the committed SQL migrations in drizzle/. Safe with several instances starting at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await withAdvisoryLock(database, MIGRATION_LOCK, () =>
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
      migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
    return;
  }
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
  await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
}

let current: Database | undefined;

/** The process-wide database, opened by the server entry (or a test) with `setDatabase`. */
export function db(): Db {
  if (!current) throw new Error("Banco de dados não inicializado: chame setDatabase() primeiro.");
  return current.db;
}

export function currentDatabase(): Database | undefined {
  return current;
}

export function setDatabase(database: Database | undefined): void {
  current = database;
}

/** Runs `fn` in one transaction on the process-wide database. */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().transaction(fn as (tx: unknown) => Promise<T>);
}

/**
 * Runs `fn` in the caller's open transaction when `executor` is given, otherwise in one of
 * its own: for writes that are usually alone but sometimes one step of a larger whole.
 */
export function inTransaction<T>(
  executor: Executor | undefined,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  return executor ? fn(executor) : transaction(fn);
}

/**
 * Runs SQL text with its values straight on the driver behind `executor` (the pool, PGlite
 * or the transaction's connection), skipping the query builder: for the statements of the
 * order's hot path, where building the query cost more than running it (decision 0013).
 * Both drivers take `$1` parameters (arrays too) and answer `{ rows }`, numeric as text.
 * With a `name`, PostgreSQL parses and plans the statement once per connection (one name,
 * one text); PGlite has no named statements and runs the text.
 */
export async function runSql<Row>(
  executor: Executor,
  text: string,
  values: unknown[],
  name?: string,
) {
  const { client } = (executor as unknown as { session: { client: DriverClient<Row> } }).session;
  // Only node-postgres's pool and connections have `connect`.
  const result =
    name && typeof client.connect === "function"
      ? await client.query({ name, text, values })
      : await client.query(text, values);
  return result.rows;
}

interface DriverClient<Row> {
  connect?: unknown;
  query(
    textOrConfig: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: Row[] }>;
}

const columnsOf = new Map<Table, [string, ReturnType<typeof getTableColumns>[string]][]>();

/**
 * `insert into <table> (every column) values (...), ...` for whole rows of the table, each
 * value converted as the schema converts it (money to numeric text, dates to ISO), with
 * parameters numbered from `offset + 1`. For `runSql`.
 */
export function insertRows<T extends Table>(table: T, rows: T["$inferInsert"][], offset = 0) {
  let columns = columnsOf.get(table);
  if (!columns) {
    // A generated column (produtos.nome_busca) is computed by the database, never written.
    columns = Object.entries(getTableColumns(table)).filter(
      ([, column]) => !(column as { generated?: unknown }).generated,
    );
    columnsOf.set(table, columns);
  }
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      values.push(value === null || value === undefined ? null : column.mapToDriverValue(value));
      return `$${offset + values.length}`;
    });
    return `(${placeholders.join(", ")})`;
  });
  const names = columns.map(([, column]) => `"${column.name}"`).join(", ");
  const text = `insert into "${getTableName(table)}" (${names}) values ${tuples.join(", ")}`;
  return { text, values };
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Thousands of rows at once (an import file's part of the catalogue). PGlite hands every row
 * to JavaScript value by value (about 20 µs for a row of a dozen columns: 7,500 variants took
 * 160 ms), while one `json_agg` of the same rows is built in the database and parsed natively
 * (65 ms). node-postgres is the other way round (22 ms as rows, 59 as one JSON), so it gets
 * plain rows. The rows come as JSON gives them on PGlite: cast numeric and timestamps to text
 * in the query, so both drivers answer the same.
 */
export async function queryManyRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const { client } = (executor as unknown as { session: { client: DriverClient<T> } }).session;
  if (typeof client.connect === "function") return queryRows<T>(executor, query);
  const [row] = await queryRows<{ rows: T[] | null }>(
    executor,
    sql`select coalesce(json_agg(t), '[]'::json) as rows from (${query}) t`,
  );
  return row?.rows ?? [];
}

/** Ready to serve: the database answers and every committed migration is applied. */
export async function databaseReady(database: Database | undefined): Promise<boolean> {
  if (!database) return false;
  try {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const [row] = await queryRows<{ applied: number | string }>(
      database.db,
      sql`select count(*) as applied from drizzle.__drizzle_migrations`,
    );
    return Number(row?.applied ?? 0) >= journal.entries.length;
  } catch {
    return false;
  }
}
