// npm run backup [-- --out DIR]: one archive with the database and every stored file.
// With the embedded database, run it with the server stopped (the daily automatic backup,
// BACKUP_DIR, covers a running server); with PostgreSQL, any time.
import path from "node:path";
import { parseArgs } from "node:util";
import { backupFileName, createBackup } from "~/server/backup.server";
import { storageFromEnv } from "~/server/boot.server";
import { env } from "~/server/env.server";
import { withMigratedDatabase } from "./lib/database";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = env();
const dir = path.resolve(values.out ?? config.BACKUP_DIR ?? "backups");
const file = path.join(dir, backupFileName());
const started = Date.now();
await withMigratedDatabase(config, async (database) => {
  const manifest = await createBackup(database, await storageFromEnv(config), file);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup gravado em ${file}: ${rows} linhas de ${Object.keys(manifest.tables).length} tabelas, ` +
      `${manifest.files.public} arquivos públicos, ${manifest.files.private} privados (${Date.now() - started} ms).`,
  );
});
