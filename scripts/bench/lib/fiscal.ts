// What the fiscal benches (nfe-entry.ts, nfce.ts) share: the unit their notes are addressed
// to, products with GTINs stocked there, and a run on each database with the files on a
// throwaway disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { productSearchText } from "~/modules/catalog";
import { stopFiscalReader } from "~/modules/fiscal/index.server";
import { MODULES } from "~/modules/registry.server";
import { type Database, migrateDatabase, runSql, setDatabase } from "~/platform/db/client.server";
import { registerModules } from "~/platform/module.server";
import { localDiskDriver, setStorage } from "~/platform/storage.server";
import { onEachDatabase } from "../harness";

/** The seeded unit 'meia-praia', as the notes name it. */
export const UNIDADE = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };

/** The GTIN of the bench's product `i` (1-based). */
export const ean = (i: number) => `789${String(i).padStart(10, "0")}`;

interface StockedProducts {
  /** The category's name. */
  categoria: string;
  count: number;
  /** Product `i`'s name and variant SKU (1-based). */
  nome: (i: number) => string;
  sku: string;
  /** Product `i`'s GTIN, or null for one known by the supplier's code only. */
  gtin: (i: number) => string | null;
  /** Units on hand of each at the unit. */
  emMaos: number;
}

/**
 * The unit's CNPJ set to UNIDADE's and `count` products of one category, one variant each
 * (R$ 49,90, average cost R$ 20,00), stocked at the unit: their ids, in order.
 */
export async function seedStockedProducts(
  database: Database,
  products: StockedProducts,
): Promise<string[]> {
  const db = database.db;
  await runSql(db, "update unidades set cnpj = $1 where slug = 'meia-praia'", [UNIDADE.cnpj]);
  const [cat] = await runSql<{ id: string }>(
    db,
    "insert into categorias (nome) values ($1) returning id",
    [products.categoria],
  );
  const nomes = Array.from({ length: products.count }, (_, i) => products.nome(i + 1));
  const ids = await runSql<{ id: string }>(
    db,
    `insert into produtos (nome, categoria_id, busca)
     select n, $2, b from unnest($1::text[], $3::text[]) as t(n, b) returning id`,
    [nomes, cat!.id, nomes.map((nome) => productSearchText({ nome }))],
  );
  await runSql(
    db,
    `insert into variantes (id, produto_id, sku, ean, rotulo, preco, custo_medio)
     select id, id, $4::text || n, e, '', 49.90, 20.00
     from unnest($1::uuid[], $2::int[], $3::text[]) as t(id, n, e)`,
    [
      ids.map((r) => r.id),
      ids.map((_, i) => i + 1),
      ids.map((_, i) => products.gtin(i + 1)),
      products.sku,
    ],
  );
  await runSql(
    db,
    `insert into estoque (variante_id, unidade_id, em_maos)
     select id, (select id from unidades where slug = 'meia-praia'), $2::int from unnest($1::uuid[]) as t(id)`,
    [ids.map((r) => r.id), products.emMaos],
  );
  return ids.map((r) => r.id);
}

/**
 * Runs a fiscal bench on each database (onEachDatabase), migrated, with the files on a
 * throwaway folder, then stops the fiscal reader's thread and exits 1 when a goal was missed.
 */
export async function runFiscalBench(
  folderPrefix: string,
  run: (label: string, database: Database) => Promise<boolean>,
): Promise<void> {
  // Applying a note emits events ('estoque.entrada'), whose subscribers the modules declare.
  registerModules(MODULES);
  const ok = await onEachDatabase(async (label, database) => {
    await migrateDatabase(database);
    setDatabase(database);
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
    setStorage(localDiskDriver(uploads));
    try {
      return await run(label, database);
    } finally {
      setDatabase(undefined);
      await database.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });
  await stopFiscalReader();
  if (!ok) process.exit(1);
}
