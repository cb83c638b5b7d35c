// Strong admin passwords wherever one is set outside the panel: ADMIN_PASSWORD at the first
// start (the server refuses to start, in one pt-BR line) and `npm run admin:create`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { passwordWeakness } from "~/modules/accounts/index.server";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs `node --import tsx <args>` on a PGlite of its own; resolves with the exit and output. */
function run(args: string[], env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-senha-"));
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    WEBHOOK_WORKER_INTERVAL: "0",
    MAIL_WORKER_INTERVAL: "0",
    ...env,
  };
  delete merged.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 170_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("admin password policy", { timeout: 200_000 }, () => {
  it("refuses the passwords of the report and short ones, in Portuguese; accepts a long uncommon phrase", async () => {
    for (const weak of ["123456", "password", "senha123", "aaaaaaaa"]) {
      expect(await passwordWeakness(weak), weak).toBe("A senha deve ter pelo menos 12 caracteres.");
    }
    for (const weak of [
      "123456123456",
      "senhasenha123",
      "flamengo123456",
      "agropet-litoral",
      "troque-esta-senha",
      "dona@loja.com",
    ]) {
      const why = await passwordWeakness(weak, ["dona@loja.com"]);
      expect(why, weak).toMatch(/^Senha fraca, fácil de adivinhar\. .+/);
    }
    expect(await passwordWeakness("Capivara-Ração-Litoral-47")).toBeNull();
  });

  it("the server refuses to start with a weak ADMIN_PASSWORD, saying why in one line", async () => {
    // The built server when there is one (quick to start), else the development one (Vite).
    const built = fs.existsSync(path.join(root, "build", "server", "index.js"));
    const { code, stdout, stderr } = await run(["server.ts"], {
      NODE_ENV: built ? "production" : "development",
      ADMIN_EMAIL: "dona@loja.com",
      ADMIN_PASSWORD: "senhasenha123456",
    });
    expect(code, stdout + stderr).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(
      /^ADMIN_PASSWORD recusada: Senha fraca, fácil de adivinhar\. .+ Defina uma senha forte e inicie de novo\.$/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("admin:create refuses a weak password and creates the admin with a strong one", async () => {
    const weak = await run(["scripts/admin-create.ts", "dona@loja.com", "aaaaaaaaaaaaaa"], {});
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toMatch(/^Senha fraca, fácil de adivinhar\. .*repetidos/);

    const short = await run(["scripts/admin-create.ts", "dona@loja.com", "Xk9#mQ2!"], {});
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe("A senha deve ter pelo menos 12 caracteres.");

    const strong = await run(
      ["scripts/admin-create.ts", "dona@loja.com", "Gato-Maracujá-Trilho-93"],
      {},
    );
    expect(strong.code, strong.stderr).toBe(0);
    expect(strong.stdout).toContain("Administrador dona@loja.com pronto.");
  });
});
