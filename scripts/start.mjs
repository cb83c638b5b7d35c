// `npm start`: build when the build is missing or older than the sources, then serve
// in production mode (the server migrates and seeds the database at start).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
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
  console.log("Compilando a aplicação (build ausente ou desatualizado)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
process.exit(server.status ?? 0);
