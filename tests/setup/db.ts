// A throwaway database per test file: in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { MODULES } from "~/modules/registry.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/platform/db/client.server";
import { registerModules } from "~/platform/module.server";
import { localDiskDriver, setStorage } from "~/platform/storage.server";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-postgres";

// Every test with a database sees the modules' declarations, as a booted server does.
registerModules(MODULES);

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openMigratedPglite();
  const throwaway = await createThrowawayDatabase(url, "teste");
  const database = await openDatabase({ databaseUrl: throwaway.url, poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export interface FileTestDatabase {
  /** What another process needs to open the same database. */
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

/**
 * A database that a child process can open too (one killed in the middle of a run): a PGlite
 * directory in the temp folder, or a fresh database on DATABASE_URL's server. Not migrated;
 * a PGlite directory is open in one process at a time.
 */
export async function createFileTestDatabase(): Promise<FileTestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const throwaway = await createThrowawayDatabase(url, "queda");
    return {
      env: { DATABASE_URL: throwaway.url },
      open: () => openDatabase({ databaseUrl: throwaway.url, poolSize: 4 }),
      drop: throwaway.drop,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-arquivo-"));
  return {
    // Emptied: the child opens the directory even where the environment names a server.
    env: { DATABASE_URL: "", TEST_PGLITE_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * An in-memory PGlite with every migration applied. The first file of a run migrates once
 * and saves the data directory to a template in the temp folder (named after the
 * migrations, so a new migration makes a new one); every other file loads that template,
 * which is several times faster than migrating again.
 */
async function openMigratedPglite(): Promise<Database> {
  const template = templatePath();
  if (fs.existsSync(template)) {
    return openDatabase({ loadDataDir: new Blob([fs.readFileSync(template)]) });
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const { PGlite } = await import("@electric-sql/pglite");
  const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("none");
  // Write then rename: a file loading the template never sees half of it.
  const tmp = `${template}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, template);
  return database;
}

function templatePath(): string {
  const folder = path.resolve("drizzle");
  const hash = crypto.createHash("sha256");
  for (const file of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return path.join(os.tmpdir(), `agropet-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}

export interface TestContext {
  database: Database;
  uploadsDir: string;
}

/**
 * Registers beforeAll/afterAll hooks that give this test file its own migrated database
 * and its own uploads folder, installed as the process-wide ones.
 */
export function withTestDatabase(): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-uploads-"));
    setDatabase(context.database);
    setStorage(localDiskDriver(context.uploadsDir));
  });
  afterAll(async () => {
    setDatabase(undefined);
    setStorage(undefined);
    await context.database?.close();
    fs.rmSync(context.uploadsDir, { recursive: true, force: true });
  });
  return context;
}

/** Empties every table (between tests that need a clean slate). */
export async function truncateAll(database: Database) {
  await database.db.execute(sql`
    truncate table cobrancas, itens_pedido, pedidos, cupons, produtos, categorias, bairros_entrega,
      pedidos_servicos, curriculos, admin_audit_log, rate_limits, webhook_entregas, emails, eventos,
      sessoes, usuarios, configuracoes, clientes, codigos_acesso restart identity cascade
  `);
}
