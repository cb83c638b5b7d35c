// Product import from CSV or .xlsx (SPEC §3 columns, §5.7 rules, §8 texts): a preview with
// per-row errors first, then the import in batches, each batch in its own transaction with
// its audit entry. Categories missing from the catalogue are created.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { centavosToDecimal, decimalToCentavos } from "~/domain/money";
import { defaultUnitId, listUnits } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import {
  db,
  type Executor,
  inTransaction,
  queryManyRows,
  queryRows,
} from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { storage } from "~/platform/storage.server";
import { uploadWorker } from "~/platform/worker-pool.server";
import { type MappedRow, type ProductFileColumns, summarizeErrors } from "./csv-import.server";
import type { ParseOutcome } from "./import-parse.server";
import {
  type CatalogueSnapshot,
  type ImportPlan,
  type PlanCounts,
  type PlannedProduct,
  type PlannedRow,
  type PlannedVariant,
  type PlanOption,
  type PlanOptions,
  type ProductValues,
  planImport,
  planSummary,
  type StockFigure,
} from "./import-plan";
import { productSearchText } from "./search";
import { categorias } from "./tables.server";
import { refreshProductSearch } from "./variants.server";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Variants written per transaction. A slice of 1,000 held PGlite's only thread for seconds
 * in a large shop (a 2,000-row import stalled every page for 19 s; decision 0055): 200 take
 * a fraction of a second, and the import pauses after each for the requests that waited.
 */
const IMPORT_BATCH_SIZE = 200;
/** The pause after each slice of an import (not within a caller's transaction). */
const IMPORT_SLICE_PAUSE_MS = 10;
const PREVIEW_ROWS = 20;
export const NO_VALID_PRODUCTS = "Nenhum produto válido encontrado no arquivo CSV";
const PROCESSING_ERROR = "Erro ao processar arquivo CSV";

const errorLine = (row: { line: number; nome: string; error?: string }) =>
  `Linha ${row.line}${row.nome ? ` (${row.nome})` : ""}: ${row.error}`;

const IMPORT_BUSY = "Outra importação está sendo processada. Tente novamente em instantes.";
export const IMPORT_TOO_HEAVY =
  "Não foi possível processar o arquivo: ele exige memória ou tempo demais. Divida-o em arquivos menores.";

/**
 * The import worker (import-worker.mjs). Its heap: a legitimate 20,000-row sheet needs well
 * under half of it; its time: a 20,000-row .xlsx takes a few seconds.
 */
const importWorker = uploadWorker<
  { bytes: Uint8Array; fileName: string } | { warm: true },
  ParseOutcome
>({
  file: "app/modules/catalog/import-worker.mjs",
  name: "leitor de importação",
  heapMb: 256,
  timeoutMs: 30_000,
  idleMs: 10 * 60_000,
  busy: IMPORT_BUSY,
  tooHeavy: IMPORT_TOO_HEAVY,
});

/** Other limits for the worker (tests make them tiny to see a file exhaust them); ends the current one. */
export const configureImportWorker = importWorker.configure;

/**
 * Starts the import worker ahead of the upload (the import screen's loader calls it), so the
 * first file does not wait for it to load.
 */
export const warmImportWorker = () => importWorker.warm({ warm: true });

/** Ends the import worker (server shutdown, end of a test file). */
export const stopImportWorker = importWorker.stop;

/**
 * Reads and maps a file in the import worker. A refusal the admin can act on (too many rows,
 * too large once inflated, unknown encoding) is shown as it is; a file that cannot be parsed
 * gives 'Erro ao processar arquivo CSV'; one that exhausts the worker's memory or time, a
 * message of its own, while the server goes on.
 */
async function parseImportFile(bytes: Uint8Array, fileName: string): Promise<MappedRow[]> {
  const outcome = await importWorker.run({ bytes, fileName }, { fileName });
  if (!outcome.ok) throw new AdminError(outcome.message ?? PROCESSING_ERROR);
  return outcome.rows;
}

/**
 * The catalogue as the plan reads it: products (deleted ones too, their SKUs stay taken),
 * variants with their stock per unit and whether they were ever sold, and the units.
 */
/** What a file names: the only part of the catalogue its plan needs to read. */
interface FileKeys {
  skus: string[];
  nomes: string[];
  eans: string[];
}

function fileKeys(rows: MappedRow[]): FileKeys {
  const skus = new Set<string>();
  const nomes = new Set<string>();
  const eans = new Set<string>();
  for (const row of rows) {
    if (!row.ok) continue;
    const p = row.product;
    if (p.sku) skus.add(p.sku);
    if (p.skuProduto) skus.add(p.skuProduto);
    if (p.nome) nomes.add(p.nome.toLowerCase());
    if (p.ean) eans.add(p.ean);
  }
  return { skus: [...skus], nomes: [...nomes], eans: [...eans] };
}

/**
 * The part of the catalogue a file touches, as the plan reads it: the products it names (by
 * code, a variant's code or EAN, or name; deleted ones too, their SKUs stay taken) with all
 * their variants and stock per unit, and the units. Read by key (the unique indexes on sku
 * and ean, the name index), so a preview of 5,000 rows costs the same in a shop of 100
 * products and in one of 10,000. Stock is read for the variants the file names (the only ones
 * a row changes); whether a variant was ever sold only for "Substituir variações", and only
 * for the variants the file leaves out.
 */
async function readCatalogueSnapshot(
  keys: FileKeys,
  executor: Executor = db(),
  options: PlanOptions = {},
): Promise<CatalogueSnapshot> {
  // Thousands of rows for a large file: queryManyRows (numeric cast to text for both drivers).
  const products = await queryManyRows<
    ProductFileColumns & { id: string; sku: string | null; opcoes: PlanOption[]; excluido: boolean }
  >(
    executor,
    sql`select p.id, p.sku, p.nome, p.descricao_curta, c.nome as categoria, p.subgrupo, p.marca,
      p.unidade, p.opcoes, p.excluido_em is not null as excluido
      from produtos p join categorias c on c.id = p.categoria_id
      where p.id in ${touchedProducts(keys)}`,
  );
  // The products' ids, read once above: the rest goes by them (not the file's keys again).
  const ids = products.map((p) => p.id);
  const variants = await readByKeys(ids, (wanted) =>
    queryManyRows<{
      id: string;
      produto_id: string;
      sku: string;
      ean: string | null;
      rotulo: string;
      opcao1: string | null;
      opcao2: string | null;
      opcao3: string | null;
      preco: string;
      preco_antes: string | null;
      peso_g: number | null;
      custo: string | null;
      ncm: string | null;
      ativo: boolean;
      posicao: number;
    }>(
      executor,
      sql`select v.id, v.produto_id, v.sku, v.ean, v.rotulo, v.opcao1, v.opcao2, v.opcao3,
        v.preco::text as preco, v.preco_antes::text as preco_antes, v.peso_g,
        v.custo::text as custo, v.ncm, v.ativo, v.posicao
        from variantes v where v.produto_id = ${anyOf(wanted, "uuid")}`,
    ),
  );
  // A row changes the stock of the variant it names by SKU, never another's: only those
  // variants' stock is read (a file of 2,500 variants of products with 7,500 reads 2,500).
  const fileSkus = new Set(keys.skus);
  const named = variants.filter((v) => fileSkus.has(v.sku)).map((v) => v.id);
  const stock = await readByKeys(named, (wanted) =>
    queryManyRows<{
      variante_id: string;
      unidade_id: string;
      em_maos: number;
      reservado: number;
    }>(
      executor,
      sql`select e.variante_id, e.unidade_id, e.em_maos, e.reservado
        from estoque e where e.variante_id = ${anyOf(wanted, "uuid")}`,
    ),
  );
  const stockOf = new Map<string, Record<string, StockFigure>>(named.map((id) => [id, {}]));
  for (const e of stock) {
    stockOf.get(e.variante_id)![e.unidade_id] = { emMaos: e.em_maos, reservado: e.reservado };
  }
  // Whether ever sold: for "Substituir variações", and only for the variants it may remove.
  const leftOut = variants.filter((v) => !fileSkus.has(v.sku)).map((v) => v.id);
  const sold =
    options.substituir && leftOut.length > 0
      ? await queryRows<{ id: string }>(
          executor,
          sql`select v.id from variantes v where v.id = ${anyOf(leftOut, "uuid")}
            and exists (select 1 from itens_pedido i where i.variante_id = v.id)`,
        )
      : null;
  const soldIds = options.substituir ? new Set((sold ?? []).map((r) => r.id)) : null;
  const allUnits = await listUnits(executor);
  const padrao = await defaultUnitId(executor);
  const units = allUnits.map((u) => ({ id: u.id, slug: u.slug, padrao: u.id === padrao }));
  const money = (value: string | null) => (value === null ? null : decimalToCentavos(value));
  return {
    products: products.map((p) => ({
      id: p.id,
      sku: p.sku,
      nome: p.nome,
      descricaoCurta: p.descricao_curta,
      categoria: p.categoria,
      subgrupo: p.subgrupo,
      marca: p.marca,
      unidade: p.unidade,
      opcoes: p.opcoes,
      excluido: p.excluido,
    })),
    variants: variants.map((v) => ({
      id: v.id,
      produtoId: v.produto_id,
      sku: v.sku,
      ean: v.ean,
      rotulo: v.rotulo,
      opcoes: [v.opcao1, v.opcao2, v.opcao3],
      preco: decimalToCentavos(v.preco),
      precoAntes: money(v.preco_antes),
      pesoG: v.peso_g,
      custo: money(v.custo),
      ncm: v.ncm,
      ativo: v.ativo,
      posicao: v.posicao,
      // Not read (null) when the plan removes nothing.
      vendida: soldIds ? soldIds.has(v.id) : null,
      estoque: stockOf.get(v.id) ?? null,
    })),
    units,
  };
}

/**
 * `= any(array(select unnest(...)))`: a list of thousands of keys as one array the planner
 * does not look into. Given the array itself, it estimates every element against the
 * column's statistics (5,000 codes: 150 ms of planning on PGlite) before probing the index
 * by each key, which it does either way.
 */
function anyOf(values: string[], type: "text" | "uuid") {
  return sql`any(array(select unnest(${sql.param(values)}::${sql.raw(type)}[])))`;
}

/**
 * The ids of the products a file names, as a subquery for `in`: each key by its own index,
 * and a semi-join for the caller.
 */
function touchedProducts(keys: FileKeys) {
  return sql`(
    select p.id from produtos p where p.sku = ${anyOf(keys.skus, "text")}
    union select p.id from produtos p where lower(p.nome) = ${anyOf(keys.nomes, "text")}
    union select v.produto_id from variantes v where v.sku = ${anyOf(keys.skus, "text")}
    union select v.produto_id from variantes v where v.ean = ${anyOf(keys.eans, "text")}
  )`;
}

/** The units' slugs, in the order of the stock columns (estoque_<slug>) of files. */
export async function stockUnitSlugs(executor: Executor = db()): Promise<string[]> {
  return (await listUnits(executor)).map((u) => u.slug);
}

/**
 * The rows with every rule applied, the database ones included (decision 0029): each
 * row's outcome (nova, atualizada, sem mudança or its error) and what to write.
 */
export async function checkRows(
  rows: MappedRow[],
  executor: Executor = db(),
  options: PlanOptions = {},
): Promise<ImportPlan> {
  return planImport(rows, await readCatalogueSnapshot(fileKeys(rows), executor, options), options);
}

export interface ImportPreview {
  token: string;
  fileName: string;
  substituir: boolean;
  total: number;
  valid: number;
  invalid: number;
  counts: PlanCounts;
  /** "12 produtos, 37 variações: 30 atualizadas, 7 novas, 0 removidas" */
  summary: string;
  rows: PlannedRow[];
  errors: string[];
}

const TOKEN = /^[0-9a-f]{32}\.(csv|xlsx)$/;

/** Parses and checks a file, keeps it privately for the confirmation, and returns the preview. */
export async function previewImport(
  bytes: Uint8Array,
  fileName: string,
  options: PlanOptions = {},
): Promise<ImportPreview> {
  const plan = await checkRows(await parseImportFile(bytes, fileName), db(), options);
  const ext = /\.xlsx$/i.test(fileName) || bytes[0] === 0x50 ? "xlsx" : "csv";
  const token = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  await storage().put("private", `importacoes/${token}`, bytes);
  const invalid = plan.rows.filter((r) => r.outcome === "erro");
  return {
    token,
    fileName,
    substituir: !!options.substituir,
    total: plan.rows.length,
    valid: plan.rows.length - invalid.length,
    invalid: invalid.length,
    counts: plan.counts,
    summary: plan.summary,
    rows: plan.rows.slice(0, PREVIEW_ROWS),
    errors: summarizeErrors(invalid.map(errorLine)),
  };
}

export interface ImportResult {
  /** Products the file's rows wrote or found as they say. */
  produtos: number;
  /** Rows written or found already as the file says (novas + atualizadas + sem mudança). */
  imported: number;
  novas: number;
  atualizadas: number;
  semMudanca: number;
  removidas: number;
  failed: number;
  errors: string[];
  categoriesCreated: string[];
  summary: string;
}

/** One stock figure of the file: `depois` units in hand of a variant at a unit. */
export interface ImportStockMove {
  line: number;
  varianteId: string;
  unidadeId: string;
  depois: number;
}

/**
 * Writes the file's stock figures in the import's transaction; returns the lines it refused
 * (a figure below what orders reserve). Inventory's, handed in by the caller (decision 0026).
 */
export type ImportStockWriter = (
  tx: Executor,
  moves: ImportStockMove[],
) => Promise<{ line: number; error: string }[]>;

/** Imports a file kept by `previewImport` (then removes it). */
export async function importStagedFile(
  token: string,
  fileName: string,
  actor: AdminActor,
  stock: ImportStockWriter,
  options: PlanOptions = {},
): Promise<ImportResult> {
  if (!TOKEN.test(token)) throw new AdminError("Arquivo de importação inválido. Envie novamente.");
  const key = `importacoes/${token}`;
  const bytes = await storage().read("private", key);
  if (!bytes) throw new AdminError("Arquivo de importação expirou. Envie novamente.");
  try {
    return await importProducts(
      bytes,
      token.endsWith(".xlsx") ? "x.xlsx" : "x.csv",
      actor,
      stock,
      { arquivo: fileName, substituir: !!options.substituir },
      options,
    );
  } finally {
    await storage().delete("private", key);
  }
}

/** Imports a file's rows. Rows that break a rule are reported, the others written. */
export async function importProducts(
  bytes: Uint8Array,
  fileName: string,
  actor: AdminActor,
  stock: ImportStockWriter,
  details: Record<string, unknown> = {},
  options: PlanOptions = {},
): Promise<ImportResult> {
  const plan = await checkRows(await parseImportFile(bytes, fileName), db(), options);
  return importCheckedRows(plan, actor, stock, details);
}

const money = (c: number | null) => (c === null ? null : centavosToDecimal(c));

/**
 * Writes a plan made by `checkRows`; its error rows are reported. Categories first, then
 * the products in batches of about IMPORT_BATCH_SIZE variants, each batch a few statements
 * (one array parameter per column, unnest) in a transaction of its own with its audit entry,
 * or all of them in the caller's when `executor` is one (the demo seed, all or nothing).
 * Stock is set to the file's figures with an `importacao` movement for the difference,
 * measured against the row as locked when written.
 */
export async function importCheckedRows(
  plan: ImportPlan,
  actor: AdminActor,
  stock: ImportStockWriter,
  details: Record<string, unknown> = {},
  executor?: Executor,
): Promise<ImportResult> {
  const errors = plan.rows.filter((r) => r.outcome === "erro").map(errorLine);
  const outcomes = new Map(plan.rows.map((r) => [r.line, r]));
  const result: ImportResult = {
    produtos: 0,
    imported: 0,
    novas: 0,
    atualizadas: 0,
    semMudanca: 0,
    removidas: 0,
    failed: 0,
    errors: [],
    categoriesCreated: [],
    summary: plan.summary,
  };
  const failRow = (line: number, error: string) => {
    const row = outcomes.get(line);
    if (!row || row.outcome === "erro") return;
    row.outcome = "erro";
    row.error = error;
    errors.push(errorLine(row));
  };

  if (plan.products.length > 0) {
    const categoryIds = await ensureCategories(plan, actor, executor, result.categoriesCreated);
    const batches: PlannedProduct[][] = [[]];
    let size = 0;
    for (const product of plan.products) {
      if (size >= IMPORT_BATCH_SIZE) {
        batches.push([]);
        size = 0;
      }
      batches.at(-1)!.push(product);
      size += product.variants.length + product.removals.length;
    }
    for (const [index, batch] of batches.entries()) {
      if (index > 0 && !executor) {
        await new Promise((resolve) => setTimeout(resolve, IMPORT_SLICE_PAUSE_MS));
      }
      const written = await inTransaction(executor, async (tx) => {
        const counts = await writeBatch(tx, batch, categoryIds, actor, stock, failRow);
        await audit(tx, actor, "product_import", "produto", null, {
          ...details,
          lote: index + 1,
          produtos: batch.length,
          linhas: batch.reduce((n, p) => n + p.variants.length, 0),
          importados: counts.rows,
          removidas: counts.removidas,
        });
        return counts;
      });
      result.removidas += written.removidas;
    }
  }

  for (const row of plan.rows) {
    if (row.outcome === "nova") result.novas++;
    else if (row.outcome === "atualizada") result.atualizadas++;
    else if (row.outcome === "sem_mudanca") result.semMudanca++;
  }
  result.imported = result.novas + result.atualizadas + result.semMudanca;
  result.failed = errors.length;
  result.errors = summarizeErrors(errors);
  result.produtos = plan.products.filter((p) =>
    p.variants.some((v) => outcomes.get(v.line)?.outcome !== "erro"),
  ).length;
  result.summary = planSummary({
    produtos: result.produtos,
    variacoes: result.imported,
    atualizadas: result.atualizadas,
    novas: result.novas,
    removidas: result.removidas,
    semMudanca: result.semMudanca,
    erros: result.failed,
  });
  return result;
}

/** The packs' codes and labels a new product's search text names. */
function searchable(p: PlannedProduct) {
  return p.variants.flatMap((v) => (v.sku ? [{ sku: v.sku, ean: v.ean, rotulo: v.rotulo }] : []));
}

/** Categories named by new or changed products: matched by name (any case), created when missing. */
async function ensureCategories(
  plan: ImportPlan,
  actor: AdminActor,
  executor: Executor | undefined,
  created: string[],
): Promise<Map<string, string>> {
  const categoryIds = new Map<string, string>();
  await inTransaction(executor, async (tx) => {
    for (const c of await tx.select().from(categorias)) {
      categoryIds.set(c.nome.toLowerCase(), c.id);
    }
    const missing = new Map<string, string>();
    for (const { values, id, changed } of plan.products) {
      if (id && !changed) continue;
      const key = values.categoria.toLowerCase();
      if (!categoryIds.has(key) && !missing.has(key)) missing.set(key, values.categoria);
    }
    if (missing.size === 0) return;
    const rows = await tx
      .insert(categorias)
      .values([...missing.values()].map((nome) => ({ nome, ativo: true })))
      .onConflictDoNothing()
      .returning();
    for (const c of rows) {
      categoryIds.set(c.nome.toLowerCase(), c.id);
      created.push(c.nome);
      await audit(tx, actor, "category_create", "categoria", c.id, {
        nome: c.nome,
        origem: "importacao",
      });
    }
    // Any created meanwhile by someone else.
    for (const c of await tx.select().from(categorias)) {
      categoryIds.set(c.nome.toLowerCase(), c.id);
    }
  });
  return categoryIds;
}

/** A SKU for a variant whose row has none: unique, readable at the counter. */
const generatedSku = (id: string) => `PROD-${id.replace(/-/g, "").slice(0, 10).toUpperCase()}`;

/** Writes one batch of planned products; rows that fail here are reported through `failRow`. */
async function writeBatch(
  tx: Executor,
  batch: PlannedProduct[],
  categoryIds: Map<string, string>,
  _actor: AdminActor,
  stock: ImportStockWriter,
  failRow: (line: number, error: string) => void,
): Promise<{ rows: number; removidas: number }> {
  const arr = <T, U>(items: T[], pick: (item: T) => U) => sql.param(items.map(pick));
  const categoryOf = (v: ProductValues) => categoryIds.get(v.categoria.toLowerCase())!;

  // New products: ids made here; a product without options has its variant under its id.
  const fresh = batch.filter((p) => !p.id);
  const productIds = new Map<PlannedProduct, string>();
  for (const p of batch) productIds.set(p, p.id ?? crypto.randomUUID());
  if (fresh.length > 0) {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into produtos (id, nome, descricao_curta, categoria_id, sku, marca,
          subgrupo, unidade, opcoes, ativo, busca)
        select t.id, t.nome, t.descricao, t.categoria, t.sku, t.marca, t.subgrupo,
          t.unidade, t.opcoes, true, t.busca
        from unnest(
          ${arr(fresh, (p) => productIds.get(p)!)}::uuid[],
          ${arr(fresh, (p) => p.values.nome)}::text[],
          ${arr(fresh, (p) => p.values.descricaoCurta)}::text[],
          ${arr(fresh, (p) => categoryOf(p.values))}::uuid[],
          ${arr(fresh, (p) => p.sku)}::text[],
          ${arr(fresh, (p) => p.values.marca)}::text[],
          ${arr(fresh, (p) => p.values.subgrupo)}::text[],
          ${arr(fresh, (p) => p.values.unidade)}::text[],
          ${arr(fresh, (p) => JSON.stringify(p.values.opcoes))}::jsonb[],
          ${arr(fresh, (p) => productSearchText({ ...p.values, sku: p.sku, variantes: searchable(p) }))}::text[]
        ) as t(id, nome, descricao, categoria, sku, marca, subgrupo, unidade, opcoes, busca)
        on conflict do nothing
        returning id`,
    );
    // A product code taken between the plan and now: its rows are reported.
    const ids = new Set(inserted.map((r) => r.id));
    for (const p of fresh) {
      if (ids.has(productIds.get(p)!)) continue;
      productIds.delete(p);
      for (const v of p.variants) failRow(v.line, "erro ao inserir (SKU já cadastrado)");
    }
  }

  const changed = batch.filter((p) => p.id && p.changed);
  if (changed.length > 0) {
    await tx.execute(sql`update produtos p set nome = t.nome, descricao_curta = t.descricao,
        categoria_id = t.categoria, marca = t.marca,
        subgrupo = t.subgrupo, unidade = t.unidade, opcoes = t.opcoes, busca = t.busca,
        updated_at = now()
      from unnest(
        ${arr(changed, (p) => p.id)}::uuid[],
        ${arr(changed, (p) => p.values.nome)}::text[],
        ${arr(changed, (p) => p.values.descricaoCurta)}::text[],
        ${arr(changed, (p) => categoryOf(p.values))}::uuid[],
        ${arr(changed, (p) => p.values.marca)}::text[],
        ${arr(changed, (p) => p.values.subgrupo)}::text[],
        ${arr(changed, (p) => p.values.unidade)}::text[],
        ${arr(changed, (p) => JSON.stringify(p.values.opcoes))}::jsonb[],
        ${arr(changed, (p) => productSearchText({ ...p.values, sku: p.sku }))}::text[]
      ) as t(id, nome, descricao, categoria, marca, subgrupo, unidade, opcoes, busca)
      where p.id = t.id`);
  }

  // Removals first, so a deleted variant's combination is free for a new one. A variant
  // sold meanwhile is kept, deactivated.
  const removals = batch.flatMap((p) => p.removals).map((r) => r.id);
  let removidas = 0;
  if (removals.length > 0) {
    const deleted = await queryRows<{ id: string }>(
      tx,
      sql`delete from variantes v where v.id = any(${sql.param(removals)}::uuid[])
        and not exists (select 1 from itens_pedido i where i.variante_id = v.id)
        returning v.id`,
    );
    const off = await queryRows<{ id: string }>(
      tx,
      sql`update variantes set ativo = false, updated_at = now()
        where id = any(${sql.param(removals)}::uuid[]) and ativo returning id`,
    );
    removidas = deleted.length + off.length;
  }

  type Located = PlannedVariant & { produtoId: string; varianteId: string };
  const located: Located[] = [];
  for (const p of batch) {
    const produtoId = productIds.get(p);
    if (!produtoId) continue;
    const withoutOptions = p.values.opcoes.length === 0;
    for (const v of p.variants) {
      const varianteId = v.id ?? (withoutOptions && !p.id ? produtoId : crypto.randomUUID());
      located.push({ ...v, produtoId, varianteId });
    }
  }

  // What both the update and the insert write of a variant, in their column order (ean to ativo).
  const variantValues = (list: Located[]) =>
    sql.join(
      [
        sql`${arr(list, (v) => v.ean)}::text[]`,
        sql`${arr(list, (v) => v.rotulo)}::text[]`,
        sql`${arr(list, (v) => v.opcoes[0])}::text[]`,
        sql`${arr(list, (v) => v.opcoes[1])}::text[]`,
        sql`${arr(list, (v) => v.opcoes[2])}::text[]`,
        sql`${arr(list, (v) => money(v.preco))}::numeric[]`,
        sql`${arr(list, (v) => money(v.precoAntes))}::numeric[]`,
        sql`${arr(list, (v) => v.pesoG)}::int[]`,
        sql`${arr(list, (v) => money(v.custo))}::numeric[]`,
        sql`${arr(list, (v) => v.ncm)}::text[]`,
        sql`${arr(list, (v) => v.ativo)}::bool[]`,
      ],
      sql`, `,
    );

  const updates = located.filter((v) => v.id && v.changed);
  if (updates.length > 0) {
    await tx.execute(sql`update variantes v set ean = t.ean, rotulo = t.rotulo, opcao1 = t.o1,
        opcao2 = t.o2, opcao3 = t.o3, preco = t.preco, preco_antes = t.preco_antes,
        peso_g = t.peso_g, custo = t.custo, ncm = t.ncm, ativo = t.ativo, updated_at = now()
      from unnest(
        ${arr(updates, (v) => v.varianteId)}::uuid[],
        ${variantValues(updates)}
      ) as t(id, ean, rotulo, o1, o2, o3, preco, preco_antes, peso_g, custo, ncm, ativo)
      where v.id = t.id`);
  }

  const inserts = located.filter((v) => !v.id);
  const insertedIds = new Set<string>();
  if (inserts.length > 0) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into variantes (id, produto_id, sku, ean, rotulo, opcao1, opcao2, opcao3, preco,
          preco_antes, peso_g, custo, ncm, ativo, posicao)
        select * from unnest(
          ${arr(inserts, (v) => v.varianteId)}::uuid[],
          ${arr(inserts, (v) => v.produtoId)}::uuid[],
          ${arr(inserts, (v) => v.sku ?? generatedSku(v.varianteId))}::text[],
          ${variantValues(inserts)},
          ${arr(inserts, (v) => v.posicao)}::int[]
        )
        on conflict do nothing
        returning id`,
    );
    for (const r of rows) insertedIds.add(r.id);
    for (const v of inserts) {
      if (!insertedIds.has(v.varianteId)) {
        failRow(v.line, "erro ao inserir (SKU, EAN ou combinação já cadastrados)");
      }
    }
    // A new product with a variant refused here leaves whole: never half a product on sale.
    for (const p of fresh) {
      const produtoId = productIds.get(p);
      const lost = inserts.find((v) => v.produtoId === produtoId && !insertedIds.has(v.varianteId));
      if (!produtoId || !lost) continue;
      await tx.execute(sql`delete from produtos where id = ${produtoId}`);
      productIds.delete(p);
      for (const v of inserts) {
        if (v.produtoId === produtoId && insertedIds.delete(v.varianteId)) {
          failRow(
            v.line,
            `produto novo com erro na linha ${lost.line}: nenhuma variação dele foi importada`,
          );
        }
      }
    }
  }

  // Stock: written by inventory, in this transaction (decision 0026).
  const moves = located
    .filter((v) => v.id || insertedIds.has(v.varianteId))
    .flatMap((v) => v.stock.map((s) => ({ ...s, line: v.line, varianteId: v.varianteId })));
  for (const refused of await stock(tx, moves)) failRow(refused.line, refused.error);
  // Stored products whose packs changed: their search text names the packs' codes again.
  for (const p of batch) {
    if (!p.id) continue;
    if (p.changed || p.removals.length > 0 || p.variants.some((v) => !v.id || v.changed)) {
      await refreshProductSearch(tx, p.id);
    }
  }
  return { rows: located.length, removidas };
}
