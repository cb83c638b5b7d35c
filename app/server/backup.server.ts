// Backups: one .tar.gz holding a consistent logical copy of every table (one NDJSON file
// per table, each line PostgreSQL's own row_to_json text) and every stored file, public and
// private. Logical rows restore into either engine, so an archive taken on the embedded
// database moves a shop to a PostgreSQL server (and back) without losing anything.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { type Database, type Executor, queryRows } from "./db/client.server";
import type { StorageArea, StorageDriver } from "./storage.server";

const FORMAT = 1;
const AREAS: StorageArea[] = ["public", "private"];
/** Rows per INSERT on restore: large enough to be fast, small enough for one parameter. */
const BATCH = 500;

export interface BackupManifest {
  format: number;
  createdAt: string;
  engine: Database["kind"];
  /** Migrations applied when the copy was taken; a restore needs the same ones. */
  migrations: number;
  tables: Record<string, number>;
  files: Record<StorageArea, number>;
}

export class BackupError extends Error {}

/** Tables of the public schema, parents before children (foreign keys). */
async function tablesInOrder(executor: Executor): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      executor,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    executor,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visit = (table: string, trail: Set<string>) => {
    if (ordered.includes(table) || trail.has(table)) return;
    trail.add(table);
    for (const edge of edges) {
      if (edge.child === table && edge.parent !== table) visit(edge.parent, trail);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function appliedMigrations(executor: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    executor,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Writes the archive to `file`; returns its manifest. */
export async function createBackup(
  database: Database,
  storage: StorageDriver,
  file: string,
): Promise<BackupManifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "agropet-backup-"));
  try {
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      engine: database.kind,
      migrations: 0,
      tables: {},
      files: { public: 0, private: 0 },
    };
    await fs.mkdir(path.join(staging, "db"));
    // One snapshot for every table: rows written meanwhile are either all in or all out.
    await database.db.transaction(async (tx) => {
      if (database.kind === "postgres") {
        await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      }
      manifest.migrations = await appliedMigrations(tx);
      for (const table of await tablesInOrder(tx)) {
        const rows = await queryRows<{ line: string }>(
          tx,
          sql`select row_to_json(t)::text as line from ${ident(table)} t`,
        );
        manifest.tables[table] = rows.length;
        await fs.writeFile(
          path.join(staging, "db", `${table}.ndjson`),
          rows.map((row) => `${row.line}\n`).join(""),
        );
      }
    });
    for (const area of AREAS) {
      const keys = await storage.list(area);
      for (const key of keys) {
        const data = await storage.read(area, key);
        if (!data) continue; // removed between the listing and the read
        const target = path.join(staging, "files", area, key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, data);
        manifest.files[area] += 1;
      }
    }
    await fs.writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const entries = (await fs.readdir(staging)).sort();
    const partial = `${file}.part`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await fs.rename(partial, file);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** True when the database holds no row in any table and storage holds no file. */
export async function isEmpty(database: Database, storage: StorageDriver): Promise<boolean> {
  for (const table of await tablesInOrder(database.db)) {
    const [row] = await queryRows<{ any: boolean }>(
      database.db,
      sql`select exists (select 1 from ${ident(table)}) as any`,
    );
    if (row?.any) return false;
  }
  for (const area of AREAS) if ((await storage.list(area)).length > 0) return false;
  return true;
}

/**
 * Restores an archive into a migrated database and a storage. Refuses a place that already
 * holds data unless `force` (then every table is emptied first; files are overwritten).
 */
export async function restoreBackup(
  database: Database,
  storage: StorageDriver,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "agropet-restore-"));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(
      await fs.readFile(path.join(staging, "manifest.json"), "utf8"),
    ) as BackupManifest;
    if (manifest.format !== FORMAT) {
      throw new BackupError(`Formato de backup desconhecido: ${manifest.format}`);
    }
    const migrations = await appliedMigrations(database.db);
    if (manifest.migrations > migrations) {
      throw new BackupError(
        `O backup vem de uma versão mais nova (${manifest.migrations} migrações; este banco tem ${migrations}). Atualize a aplicação antes de restaurar.`,
      );
    }
    if (!options.force && !(await isEmpty(database, storage))) {
      throw new BackupError(
        "O destino já tem dados. Restaure num banco e numa pasta vazios, ou use --force para substituir tudo.",
      );
    }
    await database.db.transaction(async (tx) => {
      const order = await tablesInOrder(tx);
      if (options.force) {
        await tx.execute(sql`truncate table ${sql.join(order.map(ident), sql`, `)} cascade`);
      }
      for (const table of order) {
        const source = path.join(staging, "db", `${table}.ndjson`);
        const text = await fs.readFile(source, "utf8").catch(() => "");
        const lines = text.split("\n").filter(Boolean);
        if (lines.length === 0) continue;
        // Only the archive's columns: one added by a later migration keeps its default.
        const columns = sql.join(Object.keys(JSON.parse(lines[0]!)).map(ident), sql`, `);
        for (let i = 0; i < lines.length; i += BATCH) {
          // The rows travel as PostgreSQL wrote them: no number or date passes through JS.
          const batch = `[${lines.slice(i, i + BATCH).join(",")}]`;
          await tx.execute(
            sql`insert into ${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::${ident(table)}, ${batch}::json)`,
          );
        }
      }
    });
    for (const area of AREAS) {
      const root = path.join(staging, "files", area);
      const entries = await fs
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join("/");
        await storage.put(area, key, await fs.readFile(full));
      }
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

const ARCHIVE = /^agropet-backup-\d{8}-\d{6}\.tar\.gz$/;

/** agropet-backup-20261123-031500.tar.gz (UTC): names sort in time order. */
export function backupFileName(at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `agropet-backup-${stamp}.tar.gz`;
}

/** Removes the oldest archives of `dir` beyond the newest `keep`; returns the removed names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((name) => ARCHIVE.test(name))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  return old;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

/**
 * The daily automatic backup of a running server (BACKUP_DIR set): first one a minute after
 * start, then every 24 hours, keeping the newest `keep`. With several instances, set
 * BACKUP_DIR on one of them only.
 */
export function startBackupSchedule(
  options: {
    dir: string;
    keep: number;
    database: () => Database | undefined;
    storage: () => StorageDriver;
  },
  log: (message: string) => void = console.info,
) {
  stopBackupSchedule();
  const run = async () => {
    const database = options.database();
    if (!database) return;
    try {
      const file = path.join(options.dir, backupFileName());
      const started = Date.now();
      await createBackup(database, options.storage(), file);
      const removed = await pruneBackups(options.dir, options.keep);
      log(
        `[backup] ${file} gravado em ${Date.now() - started} ms; ${removed.length} antigo(s) removido(s)`,
      );
    } catch (error) {
      console.error(`[backup] falhou: ${String(error)}`);
    }
  };
  timer = setTimeout(function tick() {
    void run();
    timer = setTimeout(tick, DAY_MS);
    timer.unref();
  }, 60_000);
  timer.unref();
}

export function stopBackupSchedule() {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
