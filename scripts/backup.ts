// npm run backup [-- --out DIR] [--passphrase-file FILE]: one archive (mode 0600) with the
// database and every stored file. The admins' two-step secrets travel sealed with the
// phrase of FILE (or BACKUP_PASSPHRASE), so a restore on another machine keeps them.
// With the embedded database, run it with the server stopped (the daily automatic backup,
// BACKUP_DIR, covers a running server); with PostgreSQL, any time.
import path from "node:path";
import { parseArgs } from "node:util";
import { MODULES } from "~/modules/registry.server";
import {
  BackupError,
  backupFileName,
  createBackup,
  readPassphrase,
} from "~/platform/backup.server";
import { env } from "~/platform/env.server";
import { registerModules } from "~/platform/module.server";
import { storageFromEnv } from "~/startup/boot.server";
import { withMigratedDatabase } from "./lib/database";

// The tables' backup classes come from the modules' manifests.
registerModules(MODULES);

const { values } = parseArgs({
  options: { out: { type: "string" }, "passphrase-file": { type: "string" } },
});
const config = env();
const dir = path.resolve(values.out ?? config.BACKUP_DIR ?? "backups");
const file = path.join(dir, backupFileName());
const started = Date.now();
try {
  const passphrase = await readPassphrase(values["passphrase-file"], config.BACKUP_PASSPHRASE);
  await withMigratedDatabase(config, async (database) => {
    const manifest = await createBackup(database, await storageFromEnv(config), file, {
      passphrase,
      secretFromEnv: Boolean(config.SESSION_SECRET),
    });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup gravado em ${file}: ${rows} linhas de ${Object.keys(manifest.tables).length} tabelas, ` +
        `${manifest.files.public} arquivos públicos, ${manifest.files.private} privados (${Date.now() - started} ms).`,
    );
  });
} catch (error) {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
