// Start-up: open and migrate the database, seed an empty one, create the admin from
// ADMIN_EMAIL/ADMIN_PASSWORD, set up storage. Shared by the server and the scripts.
import path from "node:path";
import { findUserByEmail, upsertAdmin } from "./auth.server";
import { type Database, migrateDatabase, openDatabase, setDatabase } from "./db/client.server";
import { env } from "./env.server";
import { seedDatabase } from "./seed.server";
import { localDiskDriver, setStorage } from "./storage.server";

export async function boot(options: { seed?: boolean } = {}): Promise<Database> {
  const config = env();
  setStorage(localDiskDriver(path.join(config.dataDir, "uploads")));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, "db"),
  });
  setDatabase(database);
  await migrateDatabase(database);
  if (options.seed !== false) await seedDatabase();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD && !(await findUserByEmail(config.ADMIN_EMAIL))) {
    await upsertAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    console.info(`[boot] administrador ${config.ADMIN_EMAIL} criado`);
  }
  return database;
}

export async function shutdown(database: Database | undefined) {
  setDatabase(undefined);
  await database?.close();
}
