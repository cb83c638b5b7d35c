// What the measuring scripts (bench, size, lighthouse) share: a build, a free port, the
// built server started on a database of their own and stopped, and a Markdown table.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..", "..");

/** `react-router build` unless --no-build was given; exits on a failed build. */
export function buildUnlessSkipped(args: string[]) {
  if (args.includes("--no-build")) return;
  const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** A TCP port free on the loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Waits until `url` answers 2xx. */
async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (
    !(await fetch(url)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > until) throw new Error(`o servidor não respondeu em ${url}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
}

/**
 * Starts a script (the built app's `server.ts` by default) on a free port with NODE_ENV
 * production, error-level logs (request logs would measure the terminal) and `env`; ready
 * when `/readyz` (or `readyPath`) answers.
 */
export async function startServer(
  env: Record<string, string>,
  options: {
    script?: string;
    readyPath?: string;
    host?: string;
    output?: "inherit" | "ignore";
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", options.script ?? "server.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", options.output ?? "ignore", "inherit"],
  });
  const base = `http://${options.host ?? "127.0.0.1"}:${port}`;
  await waitFor(`${base}${options.readyPath ?? "/readyz"}`);
  return { base, child };
}

/** SIGTERM, up to 15 s for a clean stop, then SIGKILL. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** A Markdown table, first row the header. */
export function table(rows: string[][]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
  const sep = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join("\n");
}
