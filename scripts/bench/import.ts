import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createUser } from "~/modules/accounts/index.server";
import { importProducts } from "~/modules/catalog/index.server";
import { importStockWriter } from "~/modules/inventory/index.server";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/platform/db/client.server";
import { localDiskDriver, setStorage } from "~/platform/storage.server";
import { throwawayPostgres } from "./harness";

const ROWS = Number(process.argv[2] ?? 10_000);
const HEADER =
  "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade";
const CATEGORIES = [
  "Rações",
  "Petiscos",
  "Brinquedos",
  "Higiene",
  "Acessórios",
  "Aquarismo",
  "Aves",
  "Medicamentos Veterinários",
  "Agropecuária",
  "Jardinagem",
];

function generateCsv(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const venda = 500 + ((i * 7919) % 150_000);
    const reais = (c: number) =>
      `${Math.floor(c / 100).toLocaleString("pt-BR")},${String(c % 100).padStart(2, "0")}`;
    const promo = i % 5 === 0 ? reais(Math.floor(venda * 0.9)) : "";
    lines.push(
      [
        `"Produto de Teste nº ${i}, linha ""${i % 97}"""`,
        `Descrição do produto ${i} com acentuação: ração, pássaro`,
        CATEGORIES[i % CATEGORIES.length],
        `Sub ${i % 13}`,
        `Marca ${i % 31}`,
        reais(Math.floor(venda * 0.6)),
        reais(venda),
        promo,
        String(i % 50),
        `BENCH-${i}`,
        i % 3 === 0 ? "KG" : "UN",
      ].join(";"),
    );
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}

async function run(label: string, database: Database, csv: Buffer) {
  await migrateDatabase(database);
  setDatabase(database);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  setStorage(localDiskDriver(uploads));
  try {
    const user = await createUser({
      email: `bench-${Date.now()}@teste.com`,
      password: "Bench-Jacare-Milho-72",
      papel: "dono",
    });
    const actor = { request: new Request("http://localhost/admin/importar"), userId: user.id };
    const started = performance.now();
    const result = await importProducts(csv, "bench.csv", actor, importStockWriter(null), {
      arquivo: "bench.csv",
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label.padEnd(10)} ${ROWS} linhas -> ${result.imported} importadas, ${result.failed} erros em ${seconds.toFixed(2)} s (${Math.round(result.imported / seconds)} linhas/s) ${seconds < 10 ? "OK (< 10 s)" : "ACIMA DA META DE 10 s"}`,
    );
    if (result.imported !== ROWS)
      throw new Error(`esperava ${ROWS} importadas: ${result.errors.join(" | ")}`);
  } finally {
    setDatabase(undefined);
    await database.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  }
}

const csv = generateCsv(ROWS);
console.log(`Arquivo gerado: ${(csv.byteLength / 1024 / 1024).toFixed(1)} MB`);
await run("PGlite", await openDatabase({}), csv);
if (process.env.DATABASE_URL)
  await run("PostgreSQL", await throwawayPostgres(process.env.DATABASE_URL, "bench"), csv);
