// `npm start`: build when the build is missing or older than the sources, then serve
// in production mode (the server migrates and seeds the database at start). The build
// says one line; its full output goes to $DATA_DIR/build.log, and to the terminal when it
// fails. Logs are readable lines here (LOG_FORMAT=json for a log collector).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "vite",
  "public",
  "drizzle",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newest(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (built === 0 || sources.some((s) => newest(s) > built)) {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "build.log");
  console.log(`Construindo a aplicação… (saída completa em ${logFile})`);
  const log = fs.openSync(logFile, "w");
  const build = spawn("npx", ["react-router", "build"], {
    cwd: root,
    stdio: ["ignore", log, log],
  });
  // A stop asked for during the build ends the build too, not only this process.
  const forward = (signal) => build.kill(signal);
  process.on("SIGTERM", forward);
  process.on("SIGINT", forward);
  const [code, signal] = await new Promise((resolve) =>
    build.on("exit", (...result) => resolve(result)),
  );
  process.off("SIGTERM", forward);
  process.off("SIGINT", forward);
  fs.closeSync(log);
  if (signal) process.exit(0);
  if (code !== 0) {
    process.stderr.write(fs.readFileSync(logFile, "utf8"));
    console.error(`A construção falhou (código ${code}); a saída acima está em ${logFile}.`);
    process.exit(code ?? 1);
  }
}

// The server runs in this very process (no child): a SIGTERM or SIGINT sent to `npm start`
// reaches the server's own graceful shutdown, and the exit status is the server's.
process.env.NODE_ENV = "production";
process.env.LOG_FORMAT ??= "pretty";
const { register } = await import("tsx/esm/api");
register();
await import(pathToFileURL(path.join(root, "server.ts")).href);
