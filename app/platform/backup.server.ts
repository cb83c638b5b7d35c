// Backups: one .tar.gz holding a consistent logical copy of every table (one NDJSON file
// per table, each line PostgreSQL's own row_to_json text) and every stored file, public and
// private. Logical rows restore into either engine, so an archive taken on the embedded
// database moves a shop to a PostgreSQL server (and back) without losing anything.
// Archives are readable by their owner only (they hold personal data and password hashes);
// live state (sessions, rate-limit counters) stays out; two-step secrets travel sealed with
// the operator's passphrase and are sealed again with the new machine's key on restore
// (decision 0019).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { type Database, type Executor, queryRows } from "~/platform/db/client.server";
import { type BackupClass, registeredModules } from "~/platform/module.server";
import { sessionSecret } from "~/platform/secret.server";
import { openTotpSecret, sealTotpSecret, totpSealKey } from "~/platform/secret-box.server";
import type { StorageArea, StorageDriver } from "~/platform/storage.server";

const FORMAT = 2;
/** Format 1 archives (before decision 0019) still restore. */
const READABLE_FORMATS = [1, 2];
/**
 * The platform's own tables (app/platform/tables.server.ts): the audit trail is the shop's
 * record; the attempt counters are live state. Each module declares its tables' classes in its
 * manifest (`backup`, decision 0062).
 */
const PLATFORM_TABLES: Readonly<Record<string, BackupClass>> = {
  admin_audit_log: "data",
  rate_limits: "live",
  // What happened, for the record (decision 0061): kept like the audit trail.
  eventos: "data",
  // The periodic jobs' runs (decision 0060) tell what ran where the copy was taken; restored,
  // they would make the new place skip its first backup and purges.
  job_runs: "live",
  codigos_acesso: "live",
};

/** Every table's declared class: the platform's and each registered module's. */
export function declaredBackupClasses(): Map<string, BackupClass> {
  const classes = new Map(Object.entries(PLATFORM_TABLES));
  for (const m of registeredModules()) {
    for (const [table, kind] of Object.entries(m.backup ?? {})) classes.set(table, kind);
  }
  return classes;
}

/**
 * A table's class; one nobody declared is archived like data (a test fails on it first), so a
 * forgotten declaration never leaves rows out of a backup.
 */
function classOf(classes: Map<string, BackupClass>, table: string): BackupClass {
  return classes.get(table) ?? "data";
}

const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;
/** The two-step secrets sealed with the passphrase, by user id. */
const TOTP_FILE = "totp.json";
const PASSPHRASE_MIN_LENGTH = 12;
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
  /**
   * How the admins' two-step secrets travel: sealed with the operator's passphrase (a salt
   * for its key), or only as the rows hold them, sealed with the source's session secret:
   * from SESSION_SECRET ("session-secret-env", opens where the same one is set) or from the
   * file $DATA_DIR/session-secret ("session-secret-file", opens on that machine only).
   */
  totp?: {
    admins: number;
    sealedWith: "passphrase" | "session-secret-env" | "session-secret-file";
    salt?: string;
  };
}

export class BackupError extends Error {}

export interface BackupOptions {
  /** Seals the two-step secrets with this phrase too, so another machine can open them. */
  passphrase?: string;
  /** The session secret the secrets are sealed with here (default: this machine's). */
  sessionSecret?: string;
  /** True when that secret is SESSION_SECRET (the same wherever it is set). */
  secretFromEnv?: boolean;
  /** Where warnings go (pt-BR, for the operator). */
  warn?: (message: string) => void;
}

export interface RestoreOptions {
  force?: boolean;
  /** The phrase the archive's two-step secrets were sealed with. */
  passphrase?: string;
  /** The session secret of this machine, the secrets are sealed again with (default: its own). */
  sessionSecret?: string;
  warn?: (message: string) => void;
}

/** The key of a passphrase: scrypt, slow on purpose (an archive may be stolen). */
function passphraseKey(passphrase: string, salt: Buffer): Buffer {
  return crypto.scryptSync(passphrase, salt, 32, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
}

function checkPassphrase(passphrase: string) {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH) {
    throw new BackupError(
      `A frase-senha do backup precisa de pelo menos ${PASSPHRASE_MIN_LENGTH} caracteres.`,
    );
  }
}

/** Reads the phrase of `--passphrase-file` (its first line) or BACKUP_PASSPHRASE. */
export async function readPassphrase(
  file: string | undefined,
  fromEnv: string | undefined,
): Promise<string | undefined> {
  if (file) {
    const text = await fs.readFile(file, "utf8").catch(() => {
      throw new BackupError(`Não foi possível ler a frase-senha em ${file}.`);
    });
    const phrase = text.split(/\r?\n/)[0] ?? "";
    if (!phrase) throw new BackupError(`O arquivo ${file} não tem frase-senha.`);
    return phrase;
  }
  return fromEnv || undefined;
}

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
  options: BackupOptions = {},
): Promise<BackupManifest> {
  if (options.passphrase !== undefined) checkPassphrase(options.passphrase);
  const warn = options.warn ?? console.warn;
  const sourceKey = totpSealKey(options.sessionSecret ?? sessionSecret());
  // mkdtemp makes the folder 0700; every file in it is 0600 as well.
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "agropet-backup-"));
  const writePrivate = (target: string, data: string | Buffer) =>
    fs.writeFile(target, data, { mode: PRIVATE_FILE });
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
      const classes = declaredBackupClasses();
      for (const table of await tablesInOrder(tx)) {
        const kind = classOf(classes, table);
        if (kind === "live" || kind === "derived") continue;
        const rows = await queryRows<{ line: string }>(
          tx,
          sql`select row_to_json(t)::text as line from ${ident(table)} t`,
        );
        manifest.tables[table] = rows.length;
        await writePrivate(
          path.join(staging, "db", `${table}.ndjson`),
          rows.map((row) => `${row.line}\n`).join(""),
        );
      }
      const sealed = await queryRows<{ id: string; email: string; totp_secret: string }>(
        tx,
        sql`select id, email, totp_secret from usuarios where totp_secret is not null`,
      );
      if (options.passphrase !== undefined) {
        const salt = crypto.randomBytes(16);
        const key = passphraseKey(options.passphrase, salt);
        const carried: Record<string, string> = {};
        for (const row of sealed) {
          const secret = openTotpSecret(row.totp_secret, sourceKey);
          if (secret === null) {
            warn(
              `[backup] aviso: o segredo de duas etapas de ${row.email} não abre com a chave desta máquina; ele não vai no backup.`,
            );
            continue;
          }
          carried[row.id] = sealTotpSecret(secret, key);
        }
        await writePrivate(path.join(staging, TOTP_FILE), JSON.stringify(carried));
        manifest.totp = {
          admins: Object.keys(carried).length,
          sealedWith: "passphrase",
          salt: salt.toString("base64url"),
        };
      } else {
        manifest.totp = {
          admins: sealed.length,
          sealedWith: options.secretFromEnv ? "session-secret-env" : "session-secret-file",
        };
        if (sealed.length > 0 && !options.secretFromEnv) {
          warn(
            `[backup] aviso: ${sealed.length} administrador(es) usa(m) verificação em duas etapas, e os segredos vão selados com a chave desta máquina ($DATA_DIR/session-secret). Restaurado noutra máquina, o código do app não será aceito. Defina BACKUP_PASSPHRASE (ou use --passphrase-file) ou SESSION_SECRET.`,
          );
        }
      }
    });
    for (const area of AREAS) {
      const keys = await storage.list(area);
      for (const key of keys) {
        const data = await storage.read(area, key);
        if (!data) continue; // removed between the listing and the read
        const target = path.join(staging, "files", area, key);
        await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
        await writePrivate(target, data);
        manifest.files[area] += 1;
      }
    }
    await writePrivate(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR });
    const entries = (await fs.readdir(staging)).sort();
    const partial = `${file}.part`;
    // Created 0600 before tar writes into it (tar keeps the mode of a file that exists),
    // and set again in case the file was left over by an earlier run.
    await fs.rm(partial, { force: true });
    await writePrivate(partial, "");
    await fs.chmod(partial, PRIVATE_FILE);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await fs.rename(partial, file);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * True when the database holds no row of the shop's data and storage holds no file (a
 * counter of a server started once is not data).
 */
async function isEmpty(database: Database, storage: StorageDriver): Promise<boolean> {
  const classes = declaredBackupClasses();
  for (const table of await tablesInOrder(database.db)) {
    if (classOf(classes, table) !== "data") continue;
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
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const warn = options.warn ?? console.warn;
  const targetKey = totpSealKey(options.sessionSecret ?? sessionSecret());
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "agropet-restore-"));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(
      await fs.readFile(path.join(staging, "manifest.json"), "utf8"),
    ) as BackupManifest;
    if (!READABLE_FORMATS.includes(manifest.format)) {
      throw new BackupError(`Formato de backup desconhecido: ${manifest.format}`);
    }
    // The two-step secrets, opened before anything is written: a wrong phrase changes nothing.
    const carried = new Map<string, string>();
    if (manifest.totp?.sealedWith === "passphrase") {
      if (options.passphrase === undefined) {
        throw new BackupError(
          "Este backup guarda os segredos da verificação em duas etapas protegidos por frase-senha: informe-a com --passphrase-file ARQUIVO ou BACKUP_PASSPHRASE.",
        );
      }
      const key = passphraseKey(
        options.passphrase,
        Buffer.from(manifest.totp.salt ?? "", "base64url"),
      );
      const sealed = JSON.parse(
        await fs.readFile(path.join(staging, TOTP_FILE), "utf8").catch(() => "{}"),
      ) as Record<string, string>;
      for (const [id, value] of Object.entries(sealed)) {
        const secret = openTotpSecret(value, key);
        if (secret === null) throw new BackupError("Frase-senha do backup incorreta.");
        carried.set(id, secret);
      }
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
      await tx.execute(sql`select set_config('agropet.sem_avisos', 'on', true)`);
      const order = await tablesInOrder(tx);
      const classes = declaredBackupClasses();
      // Live tables always start empty: no session or counter outlives a restore.
      const emptied = options.force
        ? order
        : order.filter((table) => ["live", "seeded"].includes(classOf(classes, table)));
      if (emptied.length > 0) {
        await tx.execute(sql`truncate table ${sql.join(emptied.map(ident), sql`, `)} cascade`);
      }
      for (const table of order) {
        // Sessions and rate-limit counters of the old machine (archives of format 1) stay out;
        // the derived tables are rebuilt by their triggers as the rows go in.
        const kind = classOf(classes, table);
        if (kind === "live" || kind === "derived") continue;
        const source = path.join(staging, "db", `${table}.ndjson`);
        const text = await fs.readFile(source, "utf8").catch(() => "");
        const lines = text.split("\n").filter(Boolean);
        if (lines.length === 0) continue;
        // Only the archive's columns: one added by a later migration keeps its default; a
        // generated one (estoque.disponivel) is computed again.
        const generated = await generatedColumns(tx, table);
        const columns = sql.join(
          Object.keys(JSON.parse(lines[0]!))
            .filter((column) => !generated.has(column))
            .map(ident),
          sql`, `,
        );
        for (let i = 0; i < lines.length; i += BATCH) {
          // The rows travel as PostgreSQL wrote them: no number or date passes through JS.
          const batch = `[${lines.slice(i, i + BATCH).join(",")}]`;
          await tx.execute(
            sql`insert into ${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::${ident(table)}, ${batch}::json)`,
          );
        }
      }
      // Sealed again with this machine's key: the app's codes keep working here.
      for (const [id, secret] of carried) {
        await tx.execute(
          sql`update usuarios set totp_secret = ${sealTotpSecret(secret, targetKey)} where id = ${id}`,
        );
      }
      const sealed = await queryRows<{ email: string; totp_secret: string }>(
        tx,
        sql`select email, totp_secret from usuarios where totp_ativo and totp_secret is not null`,
      );
      const unreadable = sealed
        .filter((row) => openTotpSecret(row.totp_secret, targetKey) === null)
        .map((row) => row.email);
      if (unreadable.length > 0) {
        warn(
          `[restore] aviso: a verificação em duas etapas de ${unreadable.join(", ")} não abre com a chave desta máquina (o backup foi selado com o session-secret de outra). Use o mesmo SESSION_SECRET da origem, ou faça o backup com frase-senha; senão, desative a verificação dessas contas.`,
        );
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

/** The columns PostgreSQL computes itself (GENERATED ALWAYS), which an insert cannot name. */
async function generatedColumns(executor: Executor, table: string): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    executor,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and is_generated = 'ALWAYS'`,
  );
  return new Set(rows.map((r) => r.name));
}
