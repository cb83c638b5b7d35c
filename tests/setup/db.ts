// A throwaway database per test file: in-memory PGlite by default, or a fresh database
// on the PostgreSQL server named by DATABASE_URL (CI runs the suite both ways).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/server/db/client.server";
import { localDiskDriver, setStorage } from "~/server/storage.server";

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const { default: pg } = await import("pg");
  const name = `teste_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
    truncate table itens_pedido, pedidos, cupons, produtos, categorias, bairros_entrega,
      pedidos_servicos, curriculos, admin_audit_log, rate_limits, webhook_entregas,
      sessoes, usuarios, configuracoes restart identity cascade
  `);
}
