// Two app processes starting at the same moment on one empty PostgreSQL database: both
// must come up, the migrations must be applied once, the demo catalogue seeded once and
// the admin created once. Runs only against PostgreSQL (CI's PostgreSQL stage): PGlite
// lives inside a single process, so two processes can never share one.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-postgres";

const url = process.env.DATABASE_URL;

function startProcess(databaseUrl: string, dataDir: string) {
  // The same start-up as the server's (boot: migrate, seed, admin), without HTTP.
  const code = `
    const { boot, shutdown } = await import("./app/startup/boot.server.ts");
    await shutdown(await boot());
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "dono@agropet.test",
      ADMIN_PASSWORD: "Jabuti-Farelo-Quintal-88",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (exitCode) => resolve({ code: exitCode, output })),
  );
}

describe.skipIf(!url)("two instances starting at once (PostgreSQL)", () => {
  it("migrate, seed and create the admin exactly once, and both start", async () => {
    const { default: pg } = await import("pg");
    const throwaway = await createThrowawayDatabase(url!, "partida");
    const dbUrl = new URL(throwaway.url);
    const dataDirs = [1, 2].map((i) =>
      fs.mkdtempSync(path.join(os.tmpdir(), `agropet-start${i}-`)),
    );
    try {
      const results = await Promise.all(dataDirs.map((dir) => startProcess(dbUrl.toString(), dir)));
      for (const r of results) expect(r.code, r.output).toBe(0);

      const check = new pg.Client({ connectionString: dbUrl.toString() });
      await check.connect();
      try {
        const journal = JSON.parse(
          fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8"),
        ) as { entries: unknown[] };
        const migrations = await check.query(
          "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
        );
        expect(migrations.rows[0]).toEqual({
          n: journal.entries.length,
          distinct: journal.entries.length,
        });
        const { readDemoData } = await import("~/startup/demo-data.server");
        const { demoProducts } = await import("~/startup/demo-data.server");
        const SEED_CATEGORIES = readDemoData().categorias;
        const SEED_PRODUCTS = await demoProducts();
        const counts = await check.query(`
          select (select count(*)::int from categorias) as categorias,
                 (select count(*)::int from produtos) as produtos,
                 (select count(*)::int from usuarios where email = 'dono@agropet.test') as admins,
                 (select count(*)::int from configuracoes) as configuracoes`);
        expect(counts.rows[0]).toEqual({
          categorias: SEED_CATEGORIES.length,
          produtos: SEED_PRODUCTS.length,
          admins: 1,
          configuracoes: 1,
        });
      } finally {
        await check.end();
      }
    } finally {
      await throwaway.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
