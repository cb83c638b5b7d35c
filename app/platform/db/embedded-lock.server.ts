// The embedded database (PGlite) belongs to one process: a script must not open it while
// the server has it open. The server writes $DATA_DIR/server.pid while it runs.
import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/platform/env.server";

const pidFile = (dataDir: string) => path.join(dataDir, "server.pid");

/** The server marks the embedded database as in use (nothing to do with PostgreSQL). */
export function markEmbeddedDatabaseInUse(config: Env) {
  if (config.DATABASE_URL) return;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(pidFile(config.dataDir), String(process.pid));
}

export function releaseEmbeddedDatabase(config: Env) {
  if (config.DATABASE_URL) return;
  const file = pidFile(config.dataDir);
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8").trim() === String(process.pid)) {
    fs.rmSync(file, { force: true });
  }
}

/** For scripts: stops with a clear message when a live server holds the embedded database. */
export function assertEmbeddedDatabaseFree(config: Env) {
  if (config.DATABASE_URL) return;
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(pidFile(config.dataDir), "utf8").trim()) || 0;
  } catch {
    return;
  }
  if (!pid || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale file from a server that was killed
  }
  console.error(
    `O servidor (PID ${pid}) está usando o banco embutido em ${config.dataDir}. ` +
      "Pare o servidor antes, ou use o backup automático (BACKUP_DIR).",
  );
  process.exit(1);
}
