// Start-up: open and migrate the database, seed an empty one, create the admin from
// ADMIN_EMAIL/ADMIN_PASSWORD, set up storage. Shared by the server and the scripts.
import path from "node:path";
import { findUserByEmail, upsertAdmin } from "./auth.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  STARTUP_LOCK,
  setDatabase,
  withAdvisoryLock,
} from "./db/client.server";
import { type Env, env } from "./env.server";
import { passwordWeakness } from "./password-policy.server";
import { seedDatabase } from "./seed.server";
import { localDiskDriver, type StorageDriver, setStorage } from "./storage.server";

/** S3-compatible storage when S3_BUCKET is set, else local disk under $DATA_DIR/uploads. */
export async function storageFromEnv(config: Env): Promise<StorageDriver> {
  if (!config.S3_BUCKET) return localDiskDriver(path.join(config.dataDir, "uploads"));
  // Loaded only when used: a shop on local disk never loads the AWS SDK.
  const { s3Driver } = await import("./storage-s3.server");
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

/** A start-up the operator must fix; its message is the one pt-BR line the server prints. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

export async function boot(options: { seed?: boolean } = {}): Promise<Database> {
  const config = env();
  setStorage(await storageFromEnv(config));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, "db"),
  });
  setDatabase(database);
  await migrateDatabase(database);
  // Instances starting together take turns: the first seeds an empty catalogue and creates
  // the admin, the next finds both done.
  await withAdvisoryLock(database, STARTUP_LOCK, async () => {
    if (options.seed !== false) await seedDatabase();
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = config;
    if (ADMIN_EMAIL && ADMIN_PASSWORD && !(await findUserByEmail(ADMIN_EMAIL))) {
      const weak = await passwordWeakness(ADMIN_PASSWORD, [ADMIN_EMAIL]);
      if (weak) {
        throw new StartupError(
          `ADMIN_PASSWORD recusada: ${weak} Defina uma senha forte e inicie de novo.`,
        );
      }
      await upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
      console.info(`[boot] administrador ${ADMIN_EMAIL} criado`);
    }
  });
  return database;
}

export async function shutdown(database: Database | undefined) {
  setDatabase(undefined);
  await database?.close();
}
