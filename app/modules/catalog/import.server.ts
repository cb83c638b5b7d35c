// Product import from CSV or .xlsx (SPEC §3 columns, §5.7 rules, §8 texts): a preview with
// per-row errors first, then the import in batches, each batch in its own transaction with
// its audit entry. Categories missing from the catalogue are created.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isNull, sql } from "drizzle-orm";
import { Piscina } from "piscina";
import { centavosToDecimal } from "~/domain/money";
import { db, type Executor, inTransaction, queryRows } from "~/infra/db/client.server";
import { logger } from "~/infra/logger.server";
import { storage } from "~/infra/storage.server";
import { type AdminActor, AdminError, audit } from "~/modules/accounts/index.server";
import { type ImportProduct, type MappedRow, summarizeErrors } from "./csv-import.server";
import type { ParseOutcome } from "./import-parse.server";
import { productSearchText } from "./search";
import { categorias, produtos } from "./tables.server";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const IMPORT_BATCH_SIZE = 1000;
const PREVIEW_ROWS = 20;
export const NO_VALID_PRODUCTS = "Nenhum produto válido encontrado no arquivo CSV";
const PROCESSING_ERROR = "Erro ao processar arquivo CSV";

interface CheckedRow {
  line: number;
  nome: string;
  product?: ImportProduct;
  error?: string;
}

const errorLine = (row: { line: number; nome: string; error?: string }) =>
  `Linha ${row.line}${row.nome ? ` (${row.nome})` : ""}: ${row.error}`;

const IMPORT_BUSY = "Outra importação está sendo processada. Tente novamente em instantes.";
export const IMPORT_TOO_HEAVY =
  "Não foi possível processar o arquivo: ele exige memória ou tempo demais. Divida-o em arquivos menores.";

/** Heap of the import worker: a legitimate 20,000-row sheet needs well under half of it. */
const IMPORT_WORKER_HEAP_MB = 256;
/** Longest a file may take to read; a 20,000-row .xlsx takes a few seconds. */
const IMPORT_PARSE_TIMEOUT_MS = 30_000;

let limits = { heapMb: IMPORT_WORKER_HEAP_MB, timeoutMs: IMPORT_PARSE_TIMEOUT_MS };

/** Other limits for the worker (tests make them tiny to see a file exhaust them); ends the current one. */
export async function configureImportWorker(next: Partial<typeof limits> = {}): Promise<void> {
  await stopImportWorker();
  limits = {
    heapMb: next.heapMb ?? IMPORT_WORKER_HEAP_MB,
    timeoutMs: next.timeoutMs ?? IMPORT_PARSE_TIMEOUT_MS,
  };
}

/**
 * Where import-worker.mjs lives: next to this file in the source tree, or, from the server
 * bundle (build/server), in the source tree above it.
 */
function workerFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of ["import-worker.mjs", "app/modules/catalog/import-worker.mjs"]) {
      const file = path.join(dir, candidate);
      if (fs.existsSync(file)) return pathToFileURL(file).href;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("import-worker.mjs não encontrado");
    dir = parent;
  }
}

let pool: Piscina | undefined;
let warming: Promise<void> | undefined;

/**
 * One worker thread for imports (the machine serves the shop first), started on demand and
 * ended when idle; a few files wait their turn, more are refused at once.
 */
function importPool(): Piscina {
  if (pool) return pool;
  const created = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 10 * 60_000,
    maxQueue: 4,
    atomics: "disabled",
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: Math.min(32, limits.heapMb),
    },
  });
  // A worker that dies outside a task (while loading, or idle) is reported here rather than
  // thrown at the process; piscina would not start another, so the pool is replaced.
  created.on("error", (error) => {
    logger.error({ err: error }, "leitor de importação encerrado");
    if (pool === created) pool = undefined;
    void created.destroy().catch(() => undefined);
  });
  pool = created;
  return created;
}

/**
 * Starts the import worker ahead of the upload (the import screen's loader calls it), so the
 * first file does not wait for it to load.
 */
export function warmImportWorker(): Promise<void> {
  const workers = importPool();
  // Again once the idle worker has ended.
  if (!warming || workers.threads.length === 0) {
    const current: Promise<void> = workers.run({ warm: true }).then(
      () => undefined,
      (error) => logger.warn({ err: error }, "falha ao iniciar o leitor de importação"),
    );
    warming = current;
  }
  return warming;
}

/** Ends the import worker (server shutdown, end of a test file). */
export async function stopImportWorker(): Promise<void> {
  const current = pool;
  pool = undefined;
  warming = undefined;
  await current?.destroy();
}

/**
 * Reads and maps a file in the import worker. A refusal the admin can act on (too many rows,
 * too large once inflated, unknown encoding) is shown as it is; a file that cannot be parsed
 * gives 'Erro ao processar arquivo CSV'; one that exhausts the worker's memory or time, a
 * message of its own, while the server goes on.
 */
async function parseImportFile(bytes: Uint8Array, fileName: string): Promise<MappedRow[]> {
  const workers = importPool();
  if (workers.queueSize >= workers.options.maxQueue) throw new AdminError(IMPORT_BUSY);
  let outcome: ParseOutcome;
  try {
    outcome = await workers.run(
      { bytes, fileName },
      { signal: AbortSignal.timeout(limits.timeoutMs) },
    );
  } catch (error) {
    logger.warn({ err: error, fileName }, "arquivo de importação abandonado");
    throw new AdminError(IMPORT_TOO_HEAVY);
  }
  if (!outcome.ok) throw new AdminError(outcome.message ?? PROCESSING_ERROR);
  return outcome.rows;
}

/**
 * The rows with every rule applied, the database ones included: a product whose name
 * (case-insensitive) already exists, or repeats an earlier row, is skipped; so is a SKU
 * already in use.
 */
export async function checkRows(rows: MappedRow[], executor: Executor = db()) {
  const existing = await executor
    .select({ nome: sql<string>`lower(${produtos.nome})`, sku: produtos.sku })
    .from(produtos)
    .where(isNull(produtos.excluidoEm));
  const allSkus = await executor.select({ sku: produtos.sku }).from(produtos);
  const names = new Set(existing.map((r) => r.nome));
  const skus = new Set(allSkus.map((r) => r.sku).filter(Boolean) as string[]);
  return rows.map((row): CheckedRow => {
    if (!row.ok) return { line: row.line, nome: row.nome, error: row.error };
    const { product } = row;
    const key = product.nome.toLowerCase();
    if (names.has(key)) return { line: row.line, nome: product.nome, error: "produto já existe" };
    if (product.sku && skus.has(product.sku)) {
      return { line: row.line, nome: product.nome, error: `SKU ${product.sku} já cadastrado` };
    }
    names.add(key);
    if (product.sku) skus.add(product.sku);
    return { line: row.line, nome: product.nome, product };
  });
}

export interface ImportPreview {
  token: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  rows: CheckedRow[];
  errors: string[];
}

const TOKEN = /^[0-9a-f]{32}\.(csv|xlsx)$/;

/** Parses and checks a file, keeps it privately for the confirmation, and returns the preview. */
export async function previewImport(bytes: Uint8Array, fileName: string): Promise<ImportPreview> {
  const rows = await checkRows(await parseImportFile(bytes, fileName));
  const ext = /\.xlsx$/i.test(fileName) || bytes[0] === 0x50 ? "xlsx" : "csv";
  const token = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  await storage().put("private", `importacoes/${token}`, bytes);
  const invalid = rows.filter((r) => r.error);
  return {
    token,
    fileName,
    total: rows.length,
    valid: rows.length - invalid.length,
    invalid: invalid.length,
    rows: rows.slice(0, PREVIEW_ROWS),
    errors: summarizeErrors(invalid.map(errorLine)),
  };
}

export interface ImportResult {
  imported: number;
  failed: number;
  errors: string[];
  categoriesCreated: string[];
}

/** Imports a file kept by `previewImport` (then removes it). */
export async function importStagedFile(
  token: string,
  fileName: string,
  actor: AdminActor,
): Promise<ImportResult> {
  if (!TOKEN.test(token)) throw new AdminError("Arquivo de importação inválido. Envie novamente.");
  const key = `importacoes/${token}`;
  const bytes = await storage().read("private", key);
  if (!bytes) throw new AdminError("Arquivo de importação expirou. Envie novamente.");
  try {
    return await importProducts(bytes, token.endsWith(".xlsx") ? "x.xlsx" : "x.csv", actor, {
      arquivo: fileName,
    });
  } finally {
    await storage().delete("private", key);
  }
}

/** Imports a file's products. Rows that break a rule are reported, the others imported. */
export async function importProducts(
  bytes: Uint8Array,
  fileName: string,
  actor: AdminActor,
  details: Record<string, unknown> = {},
): Promise<ImportResult> {
  return importCheckedRows(await checkRows(await parseImportFile(bytes, fileName)), actor, details);
}

/**
 * Imports rows that `checkRows` passed; the others are reported. Each step runs in a
 * transaction of its own, or all of them in the caller's when `executor` is one (the demo
 * seed, which is all or nothing).
 */
export async function importCheckedRows(
  rows: CheckedRow[],
  actor: AdminActor,
  details: Record<string, unknown> = {},
  executor?: Executor,
): Promise<ImportResult> {
  const good = rows.filter((r): r is CheckedRow & { product: ImportProduct } => !!r.product);
  const errors = rows.filter((r) => r.error).map(errorLine);
  if (good.length === 0) {
    return {
      imported: 0,
      failed: errors.length,
      errors: summarizeErrors(errors),
      categoriesCreated: [],
    };
  }

  // Categories: matched by name (case-insensitive), created when missing.
  const categoryIds = new Map<string, string>();
  const categoriesCreated: string[] = [];
  await inTransaction(executor, async (tx) => {
    for (const c of await tx.select().from(categorias)) {
      categoryIds.set(c.nome.toLowerCase(), c.id);
    }
    const missing = new Map<string, string>();
    for (const { product } of good) {
      const key = product.categoria.toLowerCase();
      if (!categoryIds.has(key) && !missing.has(key)) missing.set(key, product.categoria);
    }
    if (missing.size === 0) return;
    const created = await tx
      .insert(categorias)
      .values([...missing.values()].map((nome) => ({ nome, ativo: true })))
      .onConflictDoNothing()
      .returning();
    for (const c of created) {
      categoryIds.set(c.nome.toLowerCase(), c.id);
      categoriesCreated.push(c.nome);
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

  let imported = 0;
  for (let start = 0; start < good.length; start += IMPORT_BATCH_SIZE) {
    const batch = good.slice(start, start + IMPORT_BATCH_SIZE);
    const inserted = await inTransaction(executor, async (tx) => {
      // One statement per batch with one array parameter per column (unnest): a few
      // parameters instead of thousands, fast on PGlite and PostgreSQL alike.
      const col = <T>(pick: (p: ImportProduct) => T) =>
        sql.param(batch.map((r) => pick(r.product)));
      const money = (c: number | null) => (c === null ? null : centavosToDecimal(c));
      // Each product with its default variant (same id, the row's SKU), its stock at the
      // unit that delivers (else the first open one) and the ledger's importação rows.
      const ids = batch.map(() => crypto.randomUUID());
      const rowsInserted = await queryRows<{ nome: string }>(
        tx,
        sql`with t as (
            select * from unnest(
              ${sql.param(ids)}::uuid[],
              ${col((p) => p.nome)}::text[],
              ${col((p) => p.descricaoCurta)}::text[],
              ${col((p) => categoryIds.get(p.categoria.toLowerCase())!)}::uuid[],
              ${col((p) => money(p.precoAtual))}::numeric[],
              ${col((p) => money(p.precoAntes))}::numeric[],
              ${col((p) => money(p.precoCusto))}::numeric[],
              ${col((p) => p.estoque)}::int[],
              ${col((p) => p.sku)}::text[],
              ${col((p) => p.marca)}::text[],
              ${col((p) => p.subgrupo)}::text[],
              ${col((p) => p.unidade)}::text[],
              ${col((p) => productSearchText(p))}::text[]
            ) as t(id, nome, descricao, categoria, preco_atual, preco_antes, preco_custo, estoque,
              sku, marca, subgrupo, unidade, busca)
          ), p as (
            insert into produtos (id, nome, descricao_curta, categoria_id, preco_custo, sku, marca,
              subgrupo, unidade, ativo, busca)
            select t.id, t.nome, t.descricao, t.categoria, t.preco_custo, t.sku, t.marca,
              t.subgrupo, t.unidade, true, t.busca from t
            on conflict do nothing
            returning id, nome
          ), v as (
            insert into variantes (id, produto_id, sku, preco, preco_antes)
            select t.id, t.id,
              coalesce(t.sku, 'PROD-' || upper(substr(replace(t.id::text, '-', ''), 1, 10))),
              t.preco_atual, t.preco_antes
            from t join p on p.id = t.id
            returning id
          ), u as (
            select id from unidades where ativo and not em_breve
            order by atende_entregas desc, posicao, nome limit 1
          ), e as (
            insert into estoque (variante_id, unidade_id, em_maos)
            select t.id, u.id, t.estoque from t join p on p.id = t.id cross join u
            returning variante_id, unidade_id, em_maos
          ), m as (
            insert into movimentos_estoque (variante_id, unidade_id, tipo, delta_em_maos,
              em_maos_depois, reservado_depois, motivo)
            select variante_id, unidade_id, 'importacao', em_maos, em_maos, 0, 'Importação de produtos'
            from e where em_maos > 0
          )
          select nome from p`,
      );
      await audit(tx, actor, "product_import", "produto", null, {
        ...details,
        lote: start / IMPORT_BATCH_SIZE + 1,
        linhas: batch.length,
        importados: rowsInserted.length,
      });
      return rowsInserted;
    });
    imported += inserted.length;
    if (inserted.length < batch.length) {
      // A SKU taken between the check and the insert: report those rows.
      const names = new Set(inserted.map((r) => r.nome));
      for (const row of batch) {
        if (!names.has(row.product.nome)) {
          errors.push(errorLine({ ...row, error: "erro ao inserir (SKU já cadastrado)" }));
        }
      }
    }
  }
  return {
    imported,
    failed: errors.length,
    errors: summarizeErrors(errors),
    categoriesCreated,
  };
}
