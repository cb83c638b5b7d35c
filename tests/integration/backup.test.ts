// Backup and restore, on the suite's database (PGlite, or PostgreSQL when DATABASE_URL is
// set): the catalogue, orders, a grooming request with photos and a resume go into one
// archive and come back in a fresh place with the same rows and byte-identical files. On
// PostgreSQL the archive also crosses engines: PostgreSQL -> PGlite -> PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { action as quoteAction } from "~/routes/public/servicos";
import { action as resumeAction } from "~/routes/public/trabalhe-conosco";
import {
  BackupError,
  backupFileName,
  createBackup,
  pruneBackups,
  restoreBackup,
} from "~/server/backup.server";
import { type Database, migrateDatabase, openDatabase, queryRows } from "~/server/db/client.server";
import { placeOrder } from "~/server/orders.server";
import { seedDatabase } from "~/server/seed.server";
import { localDiskDriver, type StorageDriver, storage } from "~/server/storage.server";
import { createTestDatabase, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { createProduct, orderInput } from "../support/factories";
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
    const result = await placeOrder(orderInput([{ produtoId: racao.id, quantidade: 1 }]));
    expect(result).toMatchObject({ ok: true });
  }
  const quote = new FormData();
  for (const [k, v] of Object.entries({
    tipo_servico: "plano_banho",
    nome_tutor: "Ana Souza",
    whatsapp: "(47) 98888-1234",
    nome_pet: "Thor",
    raca_porte: "Golden, grande",
    data_desejada: "2026-12-10",
    horario_desejado: "manhã",
  }))
    quote.append(k, v);
  for (const color of ["#c96", "#69c"]) {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    quote.append("fotos", new File([jpeg], "pet.jpg", { type: "image/jpeg" }));
  }
  const sent = await quoteAction({
    request: makeRequest("/servicos", { method: "POST", body: quote, ip: "10.9.0.1" }),
  } as never);
  expect(sent).toMatchObject({ data: { ok: true } });
  const resume = new FormData();
  for (const [k, v] of Object.entries({
    nomeCompleto: "Maria Oliveira",
    email: "maria@example.com",
    telefone: "(47) 99999-2222",
    vaga: "banho-tosa",
    mensagem: "Tenho experiência.",
  }))
    resume.append(k, v);
  resume.append("curriculo", new File([PDF], "cv.pdf", { type: "application/pdf" }));
  await resumeAction({
    request: makeRequest("/trabalhe-conosco", { method: "POST", body: resume, ip: "10.9.0.2" }),
  } as never);
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
      expect(await snapshot(target)).toEqual(before);
      expect(await files(targetFiles)).toEqual(beforeFiles);

      // Not over data, unless told.
      await expect(restoreBackup(target, targetFiles, archive)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target, freshStorage(), archive)).rejects.toThrow(
        "O destino já tem dados",
      );
      await restoreBackup(target, targetFiles, archive, { force: true });
      expect(await snapshot(target)).toEqual(before);
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
        expect(await snapshot(embedded)).toEqual(before);
        const second = path.join(scratch, "from-pglite.tar.gz");
        await createBackup(embedded, embeddedFiles, second);
        const backFiles = freshStorage();
        await restoreBackup(back, backFiles, second);
        expect(await snapshot(back)).toEqual(before);
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
