// A production server of a spec's own (its own port, data directory and environment), for
// the end-to-end specs that need settings the shared server must not have: a non-admin
// session, trace logs, online Pix against a fake Mercado Pago. Started from the built app
// (`server.ts`), ready when /readyz answers, its output kept for the assertion messages.
import { type ChildProcess, spawn } from "node:child_process";

export interface OwnServer {
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when /readyz answers 200; throws with the output if the process gives up. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for the exit (a clean stop flushes the logs). */
  stop(): Promise<void>;
  /** SIGKILL, for a `finally` after a failure. */
  kill(): void;
}

/**
 * Starts `node --import tsx server.ts` with NODE_ENV=production on `port`, plus `env` (a
 * variable set to undefined is removed, e.g. DATABASE_URL for a server on its own PGlite).
 * The port is the shared e2e port plus an offset of the spec's (see playwright.config.ts).
 */
export function startOwnServer(port: number, env: Record<string, string | undefined>): OwnServer {
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    ...env,
  };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on("exit", resolve));
  return {
    base,
    output: () => output,
    async ready(timeoutMs = 90_000) {
      const until = Date.now() + timeoutMs;
      while (
        !(await fetch(`${base}/readyz`)
          .then((r) => r.ok)
          .catch(() => false))
      ) {
        if (server.exitCode !== null || Date.now() > until) {
          throw new Error(`servidor não subiu:\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    },
    async stop() {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
    },
    kill() {
      if (server.exitCode === null) server.kill("SIGKILL");
    },
  };
}
