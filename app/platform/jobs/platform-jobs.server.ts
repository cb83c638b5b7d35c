// The platform's own periodic jobs, run by the same runner as the modules' (decision 0060).
import path from "node:path";
import { backupFileName, createBackup, pruneBackups } from "~/platform/backup.server";
import { currentDatabase } from "~/platform/db/client.server";
import { vacuumEmbedded } from "~/platform/db/maintenance.server";
import { env } from "~/platform/env.server";
import { DAY_MS, type JobDefinition, MINUTE_MS } from "~/platform/module.server";
import { storage } from "~/platform/storage.server";

export const PLATFORM_JOBS: readonly JobDefinition[] = [
  {
    // The daily automatic backup of a running server (BACKUP_DIR set), keeping the newest
    // BACKUP_KEEP. With several instances, only one writes it each day (the job's lock).
    id: "platform.backup",
    label: "Cópia de segurança automática",
    intervalMs: DAY_MS,
    timeoutMs: 2 * 60 * MINUTE_MS,
    firstRunAfterMs: MINUTE_MS,
    enabled: () => Boolean(env().BACKUP_DIR),
    run: async ({ logger }) => {
      const database = currentDatabase();
      const { BACKUP_DIR, BACKUP_KEEP, BACKUP_PASSPHRASE, SESSION_SECRET } = env();
      if (!database || !BACKUP_DIR) return undefined;
      const file = path.join(BACKUP_DIR, backupFileName());
      await createBackup(database, storage(), file, {
        passphrase: BACKUP_PASSPHRASE,
        secretFromEnv: Boolean(SESSION_SECRET),
        warn: (message) => logger.warn(message),
      });
      const removed = await pruneBackups(BACKUP_DIR, BACKUP_KEEP);
      logger.info({ file, removidas: removed.length }, "cópia de segurança gravada");
      return { antigasRemovidas: removed.length };
    },
  },
  {
    // PGlite has no autovacuum (decision 0048): once a day, a few minutes after start so the
    // boot and the first pages do not wait for it. A PostgreSQL server does it on its own.
    id: "platform.vacuum",
    label: "Manutenção do banco embutido (VACUUM)",
    intervalMs: DAY_MS,
    timeoutMs: 60 * MINUTE_MS,
    firstRunAfterMs: 5 * MINUTE_MS,
    enabled: () => currentDatabase()?.kind === "pglite",
    run: async () => {
      const database = currentDatabase();
      if (!database) return undefined;
      await vacuumEmbedded(database);
      return undefined;
    },
  },
];
