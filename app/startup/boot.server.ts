// Start-up: open and migrate the database, seed an empty one, create the admin from
// ADMIN_EMAIL/ADMIN_PASSWORD, set up storage. Shared by the server and the scripts.
import fs from "node:fs";
import path from "node:path";
import { findUserByEmail, passwordWeakness, upsertAdmin } from "~/modules/accounts/index.server";
import { MODULES } from "~/modules/registry.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { dataDirProblem, ensureWritableDataDir, StartupError } from "~/platform/data-dir.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  STARTUP_LOCK,
  setDatabase,
  withAdvisoryLock,
} from "~/platform/db/client.server";
import { vacuumEmbedded } from "~/platform/db/maintenance.server";
import { type Env, env } from "~/platform/env.server";
import { registerModules } from "~/platform/module.server";
import { localDiskDriver, type StorageDriver, setStorage } from "~/platform/storage.server";
import { unavailableKind } from "~/platform/unavailable.server";
import { seedDatabase } from "~/startup/seed.server";

/** S3-compatible storage when S3_BUCKET is set, else local disk under $DATA_DIR/uploads. */
export async function storageFromEnv(config: Env): Promise<StorageDriver> {
  if (!config.S3_BUCKET) return localDiskDriver(path.join(config.dataDir, "uploads"));
  // Loaded only when used: a shop on local disk never loads the AWS SDK.
  const { s3Driver } = await import("~/platform/storage-s3.server");
  return s3Driver({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT || undefined,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL || undefined,
  });
}

export async function boot(options: { seed?: boolean } = {}): Promise<Database> {
  registerModules(MODULES);
  const config = env();
  // The embedded database and local uploads live in DATA_DIR: a disk that cannot take
  // them is said now, in one line, before anything is half created.
  if (!config.DATABASE_URL || !config.S3_BUCKET) ensureWritableDataDir(config.dataDir);
  setStorage(await storageFromEnv(config));
  const database = await openEmbeddedOrServer(config);
  setDatabase(database);
  await migrateDatabase(database);
  // Instances starting together take turns: the first seeds an empty catalogue and creates
  // the admin, the next finds both done.
  let seeded = false;
  await withAdvisoryLock(database, STARTUP_LOCK, async () => {
    if (options.seed !== false) {
      seeded = (await seedDatabase({ empty: config.DEMO_DATA === "0" })).seeded;
    }
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = config;
    if (ADMIN_EMAIL && ADMIN_PASSWORD && !(await findUserByEmail(ADMIN_EMAIL))) {
      const weak = await passwordWeakness(ADMIN_PASSWORD, [ADMIN_EMAIL], await shopPasswordWords());
      if (weak) {
        throw new StartupError(
          `ADMIN_PASSWORD recusada: ${weak} Defina uma senha forte e inicie de novo.`,
        );
      }
      await upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
      console.info(`[boot] administrador ${ADMIN_EMAIL} criado`);
    }
  });
  // A catalogue just written: the embedded database gets its statistics now (no autovacuum).
  if (seeded) await vacuumEmbedded(database);
  return database;
}

/**
 * Opens the database. PGlite creating its files on a disk that fills up on the way leaves
 * no half-made db/ behind (the next start would take it for a database), and says why.
 */
async function openEmbeddedOrServer(config: Env): Promise<Database> {
  const dataDir = path.join(config.dataDir, "db");
  const fresh = !config.DATABASE_URL && !fs.existsSync(dataDir);
  try {
    return await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  } catch (error) {
    if (config.DATABASE_URL || unavailableKind(error) !== "disco") throw error;
    if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
    throw new StartupError(dataDirProblem(config.dataDir, error));
  }
}

export async function shutdown(database: Database | undefined) {
  setDatabase(undefined);
  await database?.close();
}
