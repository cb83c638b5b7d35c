// Backup and restore, on the suite's database (PGlite, or PostgreSQL when DATABASE_URL is
// set): the catalogue, orders, a grooming request with photos and a resume go into one
// archive and come back in a fresh place with the same rows and byte-identical files. On
// PostgreSQL the archive also crosses engines: PostgreSQL -> PGlite -> PostgreSQL.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import {
  createSession,
  createUser,
  generateTotpSecret,
  totp,
  verifySecondFactor,
} from "~/modules/accounts/index.server";
import { usuarios } from "~/modules/accounts/testing.server";
import { placeOrder } from "~/modules/orders/index.server";
import {
  BackupError,
  backupFileName,
  createBackup,
  pruneBackups,
  restoreBackup,
} from "~/platform/backup.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  queryRows,
} from "~/platform/db/client.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import { openTotpSecret, sealTotpSecret, totpSealKey } from "~/platform/secret-box.server";
import { localDiskDriver, type StorageDriver, storage } from "~/platform/storage.server";
import { rateLimits } from "~/platform/tables.server";
import { action as quoteAction } from "~/routes/public/servicos";
import { seedDatabase } from "~/startup/seed.server";
import { createTestDatabase, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { createProduct, orderInput } from "../support/factories";
import { formOf, GROOMING_QUOTE_REQUIRED, sendResume, solidJpeg } from "../support/fixtures";
import { ONE_PAGE_PDF } from "../support/pdf";

const ctx = withTestDatabase();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-backup-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const PDF = ONE_PAGE_PDF;

async function fillShop() {
  await seedDatabase();
  const racao = await createProduct(ctx.database, {
    nome: "Ração Backup 15 kg",
    preco: 18990,
    estoque: 10,
  });
  for (let i = 0; i < 3; i++) {
    const result = await placeOrder(orderInput([{ varianteId: racao.id, quantidade: 1 }]));
    expect(result).toMatchObject({ ok: true });
  }
  const quote = formOf(GROOMING_QUOTE_REQUIRED);
  for (const color of ["#c96", "#69c"]) {
    const jpeg = await solidJpeg(40, 30, color);
    quote.append("fotos", new File([jpeg], "pet.jpg", { type: "image/jpeg" }));
  }
  const sent = await quoteAction({
    request: makeRequest("/servicos", { method: "POST", body: quote, ip: "10.9.0.1" }),
  } as never);
  expect(sent).toMatchObject({ data: { ok: true } });
  await sendResume(
    {
      nomeCompleto: "Maria Oliveira",
      email: "maria@example.com",
      telefone: "(47) 99999-2222",
      vaga: "banho-tosa",
      mensagem: "Tenho experiência.",
    },
    PDF,
    "10.9.0.2",
  );
}

/** Every table's rows as PostgreSQL prints them, sorted: equal means the same data. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ line: string }>(
      database.db,
      sql.raw(`select row_to_json(t)::text as line from "${name}" t`),
    );
    out[name] = rows.map((r) => normalise(r.line)).sort();
  }
  return out;
}

/** Timestamps print with the session's zone offset, which may differ between engines. */
function normalise(line: string): string {
  return JSON.stringify(JSON.parse(line), (_key, value) =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)
      ? new Date(value).toISOString()
      : value,
  );
}

/** The snapshot of a restored place, whose live tables must be empty (then left out). */
async function liveOnly(database: Database) {
  const all = await snapshot(database);
  expect(all.sessoes).toEqual([]);
  expect(all.rate_limits).toEqual([]);
  // The orders written back are not news: no live alert for them.
  expect(all.avisos).toEqual([]);
  delete all.sessoes;
  delete all.rate_limits;
  delete all.avisos;
  delete all.loja_facetas;
  delete all.loja_facetas_versao;
  return all;
}

async function files(driver: StorageDriver) {
  const out: Record<string, string> = {};
  for (const area of ["public", "private"] as const) {
    for (const key of await driver.list(area)) {
      out[`${area}/${key}`] = (await driver.read(area, key))!.toString("base64");
    }
  }
  return out;
}

async function freshPglite(): Promise<Database> {
  const database = await openDatabase({ dataDir: fs.mkdtempSync(path.join(scratch, "db-")) });
  await migrateDatabase(database);
  return database;
}

const freshStorage = () => localDiskDriver(fs.mkdtempSync(path.join(scratch, "files-")));

describe("backup and restore", { timeout: 180_000 }, () => {
  it("round-trips rows and files into a fresh place, and refuses a place with data", async () => {
    await fillShop();
    const before = await snapshot(ctx.database);
    const beforeFiles = await files(storage());
    expect(before.pedidos).toHaveLength(3);
    expect(before.pedidos_servicos).toHaveLength(1);
    expect(before.curriculos).toHaveLength(1);
    expect(Object.keys(beforeFiles).filter((k) => k.startsWith("public/pet-fotos/"))).toHaveLength(
      2,
    );
    expect(Object.keys(beforeFiles).filter((k) => k.startsWith("private/"))).toHaveLength(1);
    // Live state is not the shop's data: neither compared nor archived.
    delete before.sessoes;
    delete before.rate_limits;
    delete before.avisos;
    // The store's kept filter counts: counted again on demand wherever the data goes.
    delete before.loja_facetas;
    delete before.loja_facetas_versao;

    const archive = path.join(scratch, "shop.tar.gz");
    let started = Date.now();
    const manifest = await createBackup(ctx.database, storage(), archive);
    const backupMs = Date.now() - started;
    expect(manifest.tables.pedidos).toBe(3);
    expect(manifest.files).toEqual({
      public: Object.keys(beforeFiles).filter((k) => k.startsWith("public/")).length,
      private: 1,
    });

    // Same engine as the source.
    const target = await createTestDatabase();
    const targetFiles = freshStorage();
    try {
      started = Date.now();
      await restoreBackup(target, targetFiles, archive);
      const restoreMs = Date.now() - started;
      console.info(`[backup] ${ctx.database.kind}: backup ${backupMs} ms, restore ${restoreMs} ms`);
      expect(await liveOnly(target)).toEqual(before);
      expect(await files(targetFiles)).toEqual(beforeFiles);

      // Not over data, unless told.
      await expect(restoreBackup(target, targetFiles, archive)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target, freshStorage(), archive)).rejects.toThrow(
        "O destino já tem dados",
      );
      await restoreBackup(target, targetFiles, archive, { force: true });
      expect(await liveOnly(target)).toEqual(before);
    } finally {
      await target.close();
    }

    if (ctx.database.kind === "postgres") {
      // PostgreSQL -> PGlite -> PostgreSQL: the way a shop moves between the two.
      const embedded = await freshPglite();
      const embeddedFiles = freshStorage();
      const back = await createTestDatabase();
      try {
        await restoreBackup(embedded, embeddedFiles, archive);
        expect(await liveOnly(embedded)).toEqual(before);
        const second = path.join(scratch, "from-pglite.tar.gz");
        await createBackup(embedded, embeddedFiles, second);
        const backFiles = freshStorage();
        await restoreBackup(back, backFiles, second);
        expect(await liveOnly(back)).toEqual(before);
        expect(await files(backFiles)).toEqual(beforeFiles);
      } finally {
        await embedded.close();
        await back.close();
      }
    }
  });
});

describe("automatic backups", () => {
  it("names archives by UTC time and keeps only the newest BACKUP_KEEP", async () => {
    expect(backupFileName(new Date("2026-11-23T03:15:09Z"))).toBe(
      "agropet-backup-20261123-031509.tar.gz",
    );
    const dir = fs.mkdtempSync(path.join(scratch, "auto-"));
    const days = [1, 2, 3, 4, 5].map((d) => backupFileName(new Date(Date.UTC(2026, 10, d, 3))));
    for (const name of [...days, "notas.txt"]) fs.writeFileSync(path.join(dir, name), "x");
    expect(await pruneBackups(dir, 3)).toEqual(days.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([...days.slice(2), "notas.txt"].sort());
  });
});

/** An admin with two-step login on, its secret sealed with `sessionSecret`'s key. */
async function twoStepAdmin(database: Database, sessionSecret: string) {
  const user = await createUser({
    email: `dono-${crypto.randomUUID()}@teste.com`,
    password: "senha-forte-do-dono-1",
    papel: "dono",
  });
  const secret = generateTotpSecret();
  await database.db
    .update(usuarios)
    .set({ totpSecret: sealTotpSecret(secret, totpSealKey(sessionSecret)), totpAtivo: true })
    .where(eq(usuarios.id, user.id));
  return { id: user.id, secret };
}

async function userIn(database: Database, id: string) {
  const [row] = await database.db.select().from(usuarios).where(eq(usuarios.id, id));
  return row!;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("backups fit for personal data (issue 22, point 10)", { timeout: 180_000 }, () => {
  it("machine A to machine B: 0600, no sessions nor rate limits, the admin's code accepted on B", async () => {
    // Machine A: the suite's database, with a session secret of its own (not this process's).
    const secretA = crypto.randomBytes(32).toString("hex");
    const admin = await twoStepAdmin(ctx.database, secretA);
    await createSession(admin.id, makeRequest("/admin/login"));
    await consumeRateLimit("checkout", "10.7.0.1", rateLimitRule("checkout"));
    const [live] = await queryRows<{ s: number | string; r: number | string }>(
      ctx.database.db,
      sql`select (select count(*) from sessoes) as s, (select count(*) from rate_limits) as r`,
    );
    expect(Number(live!.s)).toBeGreaterThan(0);
    expect(Number(live!.r)).toBeGreaterThan(0);

    const dir = fs.mkdtempSync(path.join(scratch, "a-"));
    const archive = path.join(dir, "backups", "a.tar.gz");
    const phrase = "maré alta no litoral 2026";
    const warnings: string[] = [];
    const manifest = await createBackup(ctx.database, storage(), archive, {
      passphrase: phrase,
      sessionSecret: secretA,
      warn: (m) => warnings.push(m),
    });
    expect(warnings).toEqual([]);
    expect(modeOf(archive)).toBe(0o600);
    expect(manifest.totp).toMatchObject({ sealedWith: "passphrase", admins: 1 });
    expect(manifest.tables).not.toHaveProperty("sessoes");
    expect(manifest.tables).not.toHaveProperty("rate_limits");
    expect(manifest.tables).not.toHaveProperty("avisos");
    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (e) => listed.push(e.path) });
    expect(listed).not.toContain("db/sessoes.ndjson");
    expect(listed).not.toContain("db/rate_limits.ndjson");
    expect(listed).toContain("totp.json");
    // The phrase, not A's key: what travels opens with neither A's key nor B's.
    const carried = await readEntry(archive, "totp.json");
    expect(carried).not.toContain(admin.secret);

    // Machine B: a fresh database of the same engine; this process's session secret is B's.
    const machineB = await createTestDatabase();
    try {
      // B's server ran once: a counter of its own is not data, and does not survive.
      await machineB.db.insert(rateLimits).values({ operation: "login", identifier: "10.8.0.1" });
      await expect(restoreBackup(machineB, freshStorage(), archive)).rejects.toThrow(
        "informe-a com --passphrase-file",
      );
      await expect(
        restoreBackup(machineB, freshStorage(), archive, { passphrase: "frase errada demais" }),
      ).rejects.toThrow("Frase-senha do backup incorreta");
      // Nothing was written by the refusals.
      expect(await userIn(machineB, admin.id)).toBeUndefined();

      await restoreBackup(machineB, freshStorage(), archive, { passphrase: phrase });
      const restored = await userIn(machineB, admin.id);
      expect(restored.totpAtivo).toBe(true);
      expect(openTotpSecret(restored.totpSecret, totpSealKey(secretA))).toBeNull();
      const code = totp(admin.secret, new Date());
      expect(await verifySecondFactor(restored, code, machineB.db)).toBe("totp");
      const [empty] = await queryRows<{ s: number | string; r: number | string }>(
        machineB.db,
        sql`select (select count(*) from sessoes) as s, (select count(*) from rate_limits) as r`,
      );
      expect(Number(empty!.s)).toBe(0);
      expect(Number(empty!.r)).toBe(0);

      // Without a phrase the secrets stay sealed with A's key: B is warned, and the code fails.
      const plain = path.join(dir, "backups", "sem-frase.tar.gz");
      const told: string[] = [];
      await createBackup(ctx.database, storage(), plain, {
        sessionSecret: secretA,
        warn: (m) => told.push(m),
      });
      expect(told.join(" ")).toMatch(/BACKUP_PASSPHRASE/);
      const restoreWarnings: string[] = [];
      await restoreBackup(machineB, freshStorage(), plain, {
        force: true,
        warn: (m) => restoreWarnings.push(m),
      });
      expect(restoreWarnings.join(" ")).toContain("não abre com a chave desta máquina");
      const stale = await userIn(machineB, admin.id);
      expect(await verifySecondFactor(stale, totp(admin.secret, new Date()), machineB.db)).toBe(
        null,
      );
    } finally {
      await machineB.close();
    }
  });

  it("npm run backup and restore: two data dirs, two session secrets, --passphrase-file", async () => {
    // Machine A: an embedded database in its own DATA_DIR with its own session-secret file.
    const dataA = fs.mkdtempSync(path.join(scratch, "maquina-a-"));
    const dataB = fs.mkdtempSync(path.join(scratch, "maquina-b-"));
    const secretA = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(path.join(dataA, "session-secret"), secretA, { mode: 0o600 });
    const a = await openDatabase({ dataDir: path.join(dataA, "db") });
    await migrateDatabase(a);
    const secret = generateTotpSecret();
    const [admin] = await a.db
      .insert(usuarios)
      .values({
        email: "dono@agropet.test",
        senhaHash: "x",
        papel: "dono",
        totpSecret: sealTotpSecret(secret, totpSealKey(secretA)),
        totpAtivo: true,
      })
      .returning();
    await a.close();
    const phraseFile = path.join(scratch, "frase.txt");
    fs.writeFileSync(phraseFile, "uma frase longa para o backup\n", { mode: 0o600 });
    const out = path.join(dataA, "backups");

    const childEnv = (dataDir: string) => {
      const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" };
      delete e.DATABASE_URL;
      delete e.SESSION_SECRET;
      delete e.BACKUP_PASSPHRASE;
      return e;
    };
    const run = (script: string, args: string[], dataDir: string) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", script, ...args],
          { env: childEnv(dataDir), cwd: process.cwd() },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
        );
      });

    const backup = await run(
      "scripts/backup.ts",
      ["--out", out, "--passphrase-file", phraseFile],
      dataA,
    );
    expect(backup.out).toContain("Backup gravado");
    expect(backup.code).toBe(0);
    const [name] = fs.readdirSync(out);
    const archive = path.join(out, name!);
    expect(modeOf(archive)).toBe(0o600);

    const restore = await run(
      "scripts/restore.ts",
      [archive, "--passphrase-file", phraseFile],
      dataB,
    );
    expect(restore.out).toContain("Restaurado de");
    expect(restore.code).toBe(0);
    // Machine B made its own session secret; the admin's secret opens with it.
    const secretB = fs.readFileSync(path.join(dataB, "session-secret"), "utf8").trim();
    expect(secretB).not.toBe(secretA);
    const b = await openDatabase({ dataDir: path.join(dataB, "db") });
    try {
      const [row] = await b.db.select().from(usuarios).where(eq(usuarios.id, admin!.id));
      expect(openTotpSecret(row!.totpSecret, totpSealKey(secretB))).toBe(secret);
    } finally {
      await b.close();
    }
  });
});

/** One entry of a .tar.gz as text. */
async function readEntry(archive: string, entry: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(scratch, "x-"));
  await tar.extract({ file: archive, cwd: dir }, [entry]);
  return fs.readFileSync(path.join(dir, entry), "utf8");
}
