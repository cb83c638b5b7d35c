// The database this environment names (DATABASE_URL or $DATA_DIR/db), opened and migrated
// for a command-line script, and closed after it. The embedded one must not be in use.
import path from "node:path";
import { type Database, migrateDatabase, openDatabase } from "~/platform/db/client.server";
import { assertEmbeddedDatabaseFree } from "~/platform/db/embedded-lock.server";
import type { env } from "~/platform/env.server";

export async function withMigratedDatabase<T>(
  config: ReturnType<typeof env>,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  assertEmbeddedDatabaseFree(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, "db"),
  });
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
  }
}
