// A newcomer's `npm start` (scripts/start.mjs) on a fresh data directory: a few readable
// lines, the last saying where the shop and its panel are and which administrator exists.
// No build chatter, no framework or SDK warnings, never the password.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config";
import { freePort } from "../../scripts/lib/server";
import { startOwnServer } from "../support/own-server";
import { expect, test } from "./fixtures";

test("the first npm start prints one ready line with the address and the admin e-mail, and little else", async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-first-start-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  };
  for (const key of ["NODE_ENV", "LOG_FORMAT", "LOG_LEVEL"]) delete env[key];
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect
      .poll(() => output, { timeout: 150_000, intervals: [300] })
      .toContain("Agropet Litoral pronto em");
    const lines = output.trim().split("\n");
    const ready = lines.filter((line) => line.includes("pronto em"));
    expect(ready, output).toHaveLength(1);
    expect(ready[0]).toContain(`http://localhost:${port}`);
    expect(ready[0]).toContain(`http://localhost:${port}/admin/login`);
    expect(ready[0]).toContain(E2E_ADMIN.email);
    expect(output).not.toContain(E2E_ADMIN.password);
    expect(output).not.toContain("Generated an empty chunk");
    expect(output).not.toMatch(/Future Flag/i);
    expect(output).not.toMatch(/AWS SDK|aws-sdk/i);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(lines.length, output).toBeLessThan(6);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// A clean start (decision 0057): DEMO_DATA=0 at the first start leaves the shop empty.
test("DEMO_DATA=0 at the first start: the server starts with an empty shop", async () => {
  test.setTimeout(200_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-vazia-"));
  const server = startOwnServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    S3_BUCKET: undefined,
    DEMO_DATA: "0",
    WEBHOOK_WORKER_INTERVAL: "0",
    MAIL_WORKER_INTERVAL: "0",
  });
  try {
    await server.ready(150_000);
    const store = await (await fetch(`${server.base}/loja`)).text();
    expect(store).not.toContain("Quatree");
    expect((await fetch(`${server.base}/loja?q=quatree`)).status).toBe(200);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
