// `npm start` as a process manager runs it: SIGTERM to the npm PID alone must drain the
// server (an in-flight request completes), stop every process of the tree within 10 s and
// exit 0. Runs after the build, on its own port and data directory.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 7;
const base = `http://127.0.0.1:${PORT}`;

/** Every descendant PID of `pid`, read from /proc through ps. */
function descendants(pid: number): number[] {
  const out = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const stack = [pid];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("tempo esgotado");
}

const status = (url: string) => fetch(url).then((r) => r.status);

/** A POST whose body arrives slowly: the request stays in flight until `finish()`. */
function slowPost(pathname: string) {
  const body = new URLSearchParams({ nome: "Ana", telefone: "48999990000", mensagem: "Olá" });
  const request = http.request(`${base}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(body.toString().length),
    },
  });
  const text = body.toString();
  request.write(text.slice(0, 5));
  const response = new Promise<number>((resolve, reject) => {
    request.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  return { finish: () => request.end(text.slice(5)), response };
}

test.describe("server lifecycle", () => {
  test.setTimeout(120_000);
  let child: ChildProcess | undefined;

  test.afterEach(() => {
    // A failed run must not leave a server behind on the port.
    if (!child?.pid) return;
    for (const pid of [...descendants(child.pid), child.pid]) {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  test("SIGTERM to `npm start` drains the in-flight request and stops the whole tree with 0", async () => {
    const dataDir = path.join(os.tmpdir(), `agropet-lifecycle-${Date.now()}`);
    child = spawn("npm", ["start"], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SHUTDOWN_DELAY: "1",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const npmPid = child.pid!;
    const exited = new Promise<number | null>((resolve) =>
      child!.on("exit", (code) => resolve(code)),
    );

    await waitFor(async () => (await status(`${base}/readyz`)) === 200, 90_000);
    expect(await status(`${base}/healthz`)).toBe(200);
    const tree = descendants(npmPid);
    expect(tree.length).toBeGreaterThan(0);

    const slow = slowPost("/contato");
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = Date.now();
    process.kill(npmPid, "SIGTERM");
    // SHUTDOWN_DELAY keeps the listener open a moment: the balancer sees /readyz turn 503.
    await new Promise((r) => setTimeout(r, 500));
    expect(await status(`${base}/readyz`)).toBe(503);
    expect(await status(`${base}/healthz`)).toBe(200);
    // While stopping, an answer closes its keep-alive connection behind it: a proxy never
    // reuses a socket this instance is about to drop, and none keeps the stop waiting.
    const agent = new http.Agent({ keepAlive: true });
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base}/healthz`, { agent }, (res) => {
          res.resume();
          resolve(res.headers.connection);
        })
        .on("error", reject);
    });
    agent.destroy();
    expect(connection).toBe("close");
    await new Promise((r) => setTimeout(r, 2_000));
    // The request that was in flight when the signal came still gets its answer.
    slow.finish();
    const answered = await slow.response;
    expect(answered).toBeGreaterThanOrEqual(200);
    expect(answered).toBeLessThan(500);

    const code = await exited;
    expect(code).toBe(0);
    await waitFor(async () => [npmPid, ...tree].every((pid) => !alive(pid)), 10_000);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});
