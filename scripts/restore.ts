// npm run restore -- FILE [--force] [--passphrase-file FILE]: restores an archive of
// `npm run backup` into the database and storage this environment names (DATABASE_URL or
// $DATA_DIR, S3_* or disk). Refuses a place that already holds data unless --force. The
// two-step secrets are opened with the phrase (or BACKUP_PASSPHRASE) and sealed again with
// this machine's session secret.
import path from "node:path";
import { parseArgs } from "node:util";
import { MODULES } from "~/modules/registry.server";
import { BackupError, readPassphrase, restoreBackup } from "~/platform/backup.server";
import { env } from "~/platform/env.server";
import { registerModules } from "~/platform/module.server";
import { storageFromEnv } from "~/startup/boot.server";
import { withMigratedDatabase } from "./lib/database";

// The tables' backup classes come from the modules' manifests.
registerModules(MODULES);

const { values, positionals } = parseArgs({
  options: {
    force: { type: "boolean", default: false },
    "passphrase-file": { type: "string" },
  },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) {
  console.error(
    "Uso: npm run restore -- ARQUIVO.tar.gz [--force] [--passphrase-file ARQUIVO_DA_FRASE]",
  );
  process.exit(2);
}
const config = env();
const started = Date.now();
try {
  const passphrase = await readPassphrase(values["passphrase-file"], config.BACKUP_PASSPHRASE);
  await withMigratedDatabase(config, async (database) => {
    const manifest = await restoreBackup(
      database,
      await storageFromEnv(config),
      path.resolve(file),
      { force: values.force, passphrase },
    );
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restaurado de ${file} (${manifest.engine}, ${manifest.createdAt}): ${rows} linhas, ` +
        `${manifest.files.public + manifest.files.private} arquivos (${Date.now() - started} ms).`,
    );
  });
} catch (error) {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
