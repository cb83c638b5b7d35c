// A product's Variações as the admin edits them (the options and the grid of variants): read
// with their stock per unit, and saved in one transaction. The stock itself is inventory's:
// the caller hands in the writer (catalog does not import inventory, whose tables reference
// ours), and catalog only reads `estoque` to show it.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { activeUnits } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { UUID_PATTERN } from "./listing";
import { productSearchText } from "./search";
import { type OpcaoProduto, produtos, type Variante, variantes } from "./tables.server";
import { combinationKey, type VariantRow, type VariantsInput } from "./variant-form";

/** One unit's figures of a variant: in hand (what the grid edits) and reserved by orders. */
interface VariantUnitStock {
  unidadeId: string;
  emMaos: number;
  reservado: number;
}

/** A stored variant as the grid shows it (money in centavos). */
interface AdminVariant {
  id: string;
  sku: string;
  ean: string | null;
  rotulo: string;
  valores: string[];
  preco: number;
  precoAntes: number | null;
  pesoG: number | null;
  custo: number | null;
  ncm: string | null;
  imagemUrl: string | null;
  ativo: boolean;
  posicao: number;
  estoque: VariantUnitStock[];
}

/** What the Variações screen loads. */
export interface ProductVariantsView {
  produto: {
    id: string;
    nome: string;
    sku: string | null;
    imagemUrl: string | null;
    opcoes: OpcaoProduto[];
  };
  /** The units stock is kept at (active ones, in their order). */
  unidades: { id: string; nome: string; emBreve: boolean }[];
  variantes: AdminVariant[];
}

/** The stock of the saved grid, one row per variant and unit, written by inventory. */
interface VariantStockRow {
  varianteId: string;
  unidadeId: string;
  emMaos: number;
}

export type VariantStockWriter = (tx: Tx, rows: VariantStockRow[]) => Promise<void>;

export interface VariantsSaveResult {
  criadas: number;
  atualizadas: number;
  /** Labels (or SKUs) of the variants left out of the grid: deleted, or made inactive. */
  excluidas: string[];
  desativadas: string[];
}

function valoresOf(v: Pick<Variante, "opcao1" | "opcao2" | "opcao3">): string[] {
  return [v.opcao1, v.opcao2, v.opcao3].filter((x): x is string => x !== null && x !== "");
}

/** The product (not deleted) with its variants and their stock per unit; null when unknown. */
export async function getProductVariants(
  produtoId: string,
  executor: Executor = db(),
): Promise<ProductVariantsView | null> {
  if (!UUID_PATTERN.test(produtoId)) return null;
  const [produto] = await executor
    .select({
      id: produtos.id,
      nome: produtos.nome,
      sku: produtos.sku,
      imagemUrl: produtos.imagemUrl,
      opcoes: produtos.opcoes,
    })
    .from(produtos)
    .where(and(eq(produtos.id, produtoId), isNull(produtos.excluidoEm)));
  if (!produto) return null;
  const [units, rows, stock] = await Promise.all([
    activeUnits(executor).then((units) =>
      units.map((u) => ({ id: u.id, nome: u.nome, emBreve: u.emBreve })),
    ),
    executor
      .select()
      .from(variantes)
      .where(eq(variantes.produtoId, produtoId))
      .orderBy(asc(variantes.posicao), asc(variantes.id)),
    runSql<{ variante_id: string; unidade_id: string; em_maos: number; reservado: number }>(
      executor,
      `select e.variante_id, e.unidade_id, e.em_maos, e.reservado
       from estoque e join variantes v on v.id = e.variante_id where v.produto_id = $1`,
      [produtoId],
      "variantes_estoque_admin",
    ),
  ]);
  const byVariant = new Map<string, VariantUnitStock[]>();
  for (const s of stock) {
    const list = byVariant.get(s.variante_id) ?? [];
    list.push({ unidadeId: s.unidade_id, emMaos: s.em_maos, reservado: s.reservado });
    byVariant.set(s.variante_id, list);
  }
  return {
    produto,
    unidades: units,
    variantes: rows.map((v) => ({
      id: v.id,
      sku: v.sku,
      ean: v.ean,
      rotulo: v.rotulo,
      valores: valoresOf(v),
      preco: v.preco,
      precoAntes: v.precoAntes,
      pesoG: v.pesoG,
      custo: v.custo,
      ncm: v.ncm,
      imagemUrl: v.imagemUrl,
      ativo: v.ativo,
      posicao: v.posicao,
      estoque: byVariant.get(v.id) ?? [],
    })),
  };
}

/** Recomputes a product's `busca` with its variants' SKUs, EANs and labels. */
export async function refreshProductSearch(tx: Executor, produtoId: string): Promise<void> {
  const [produto] = await tx
    .select({ nome: produtos.nome, descricaoCurta: produtos.descricaoCurta, sku: produtos.sku })
    .from(produtos)
    .where(eq(produtos.id, produtoId));
  if (!produto) return;
  const rows = await tx
    .select({ sku: variantes.sku, ean: variantes.ean, rotulo: variantes.rotulo })
    .from(variantes)
    .where(eq(variantes.produtoId, produtoId))
    .orderBy(asc(variantes.posicao), asc(variantes.id));
  await tx
    .update(produtos)
    .set({ busca: productSearchText({ ...produto, variantes: rows }) })
    .where(eq(produtos.id, produtoId));
}

/** Variants that were ever in an order (an order item, or an order's stock move). */
async function soldVariants(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await runSql<{ id: string }>(
    tx,
    `select v.id from variantes v where v.id = any($1::uuid[]) and (
       exists (select 1 from itens_pedido i where i.variante_id = v.id)
       or exists (select 1 from movimentos_estoque m where m.variante_id = v.id
         and (m.pedido_id is not null or m.tipo in ('reserva', 'liberacao', 'venda', 'cancelamento'))))`,
    [ids],
    "variantes_vendidas",
  );
  return new Set(rows.map((r) => r.id));
}

/** Which stored variant each row of the grid writes (null: a new one with a new id). */
function resolveIds(
  produtoId: string,
  rows: VariantRow[],
  existing: Variante[],
): (string | null)[] {
  const byId = new Map(existing.map((v) => [v.id, v]));
  const claimed = new Set<string>();
  const ids = rows.map((row) => {
    if (!row.id) return null;
    if (!byId.has(row.id)) {
      throw new AdminError("Uma das variações não existe mais. Recarregue a página.");
    }
    claimed.add(row.id);
    return row.id;
  });
  // A new row with the combination of a variant left out of the grid (one kept inactive
  // because it was sold) takes it back: the combination is unique per product.
  const byCombination = new Map(existing.map((v) => [combinationKey(valoresOf(v)), v]));
  rows.forEach((row, i) => {
    if (ids[i]) return;
    const match = byCombination.get(combinationKey(row.valores));
    if (match && !claimed.has(match.id)) {
      claimed.add(match.id);
      ids[i] = match.id;
    }
  });
  // The product's default variant (its id, no options) becomes the first new row rather
  // than go: links, carts and orders that name the product's id keep a variant.
  const defaultVariant = byId.get(produtoId);
  const first = ids.indexOf(null);
  if (
    first >= 0 &&
    defaultVariant &&
    !claimed.has(produtoId) &&
    valoresOf(defaultVariant).length === 0
  ) {
    claimed.add(produtoId);
    ids[first] = produtoId;
  } else if (first >= 0 && existing.length === 0) {
    ids[first] = produtoId;
  }
  return ids;
}

/** Refuses a SKU or EAN of the grid that another variant (of any product) keeps. */
async function assertCodesFree(tx: Tx, rows: VariantRow[], freed: string[]) {
  const skus = rows.map((r) => r.sku.toUpperCase());
  const eans = rows.flatMap((r) => (r.ean ? [r.ean] : []));
  const taken = await runSql<{ sku: string; ean: string | null }>(
    tx,
    `select sku, ean from variantes
     where (upper(sku) = any($1::text[]) or ean = any($2::text[])) and id <> all($3::uuid[])`,
    [skus, eans, freed],
    "variantes_codigos_em_uso",
  );
  const takenSkus = new Set(taken.map((t) => t.sku.toUpperCase()));
  const takenEans = new Set(taken.flatMap((t) => (t.ean ? [t.ean] : [])));
  rows.forEach((row, i) => {
    if (takenSkus.has(row.sku.toUpperCase())) {
      throw new AdminError(`Já existe uma variação com o SKU ${row.sku}`, `variantes.${i}.sku`);
    }
    if (row.ean && takenEans.has(row.ean)) {
      throw new AdminError(`Já existe uma variação com o EAN ${row.ean}`, `variantes.${i}.ean`);
    }
  });
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AdminError("Já existe uma variação com este SKU, EAN ou combinação");
  }
  throw error;
}

function columnsOf(row: VariantRow) {
  return {
    sku: row.sku,
    ean: row.ean,
    rotulo: row.rotulo,
    opcao1: row.valores[0] ?? null,
    opcao2: row.valores[1] ?? null,
    opcao3: row.valores[2] ?? null,
    preco: row.preco,
    precoAntes: row.precoAntes,
    pesoG: row.pesoG,
    custo: row.custo,
    ncm: row.ncm,
    imagemUrl: row.imagemUrl,
    ativo: row.ativo,
    posicao: row.posicao,
    updatedAt: new Date(),
  };
}

/**
 * Saves a product's options and its grid of variants in one transaction: the rows are
 * written by id (new ones get new ids; a product's default variant keeps the product's id),
 * the variants left out are deleted when never sold and kept inactive otherwise, the stock
 * per unit goes to `stock` (inventory's writer), the search text follows the variants'
 * codes, and the change is audited.
 */
export async function saveProductVariants(
  produtoId: string,
  input: VariantsInput,
  actor: AdminActor,
  stock: VariantStockWriter,
): Promise<VariantsSaveResult> {
  if (!UUID_PATTERN.test(produtoId)) throw new AdminError("Produto não encontrado");
  return transaction(async (tx) => {
    const [produto] = await tx
      .select({ id: produtos.id, nome: produtos.nome, opcoes: produtos.opcoes })
      .from(produtos)
      .where(and(eq(produtos.id, produtoId), isNull(produtos.excluidoEm)))
      .for("update");
    if (!produto) throw new AdminError("Produto não encontrado");
    const existing = await tx
      .select()
      .from(variantes)
      .where(eq(variantes.produtoId, produtoId))
      .orderBy(asc(variantes.id))
      .for("update");

    const ids = resolveIds(produtoId, input.variantes, existing);
    const kept = new Set(ids.filter((id): id is string => id !== null));
    const removed = existing.filter((v) => !kept.has(v.id));
    const sold = await soldVariants(
      tx,
      removed.map((v) => v.id),
    );
    const toDelete = removed.filter((v) => !sold.has(v.id));
    const toDeactivate = removed.filter((v) => sold.has(v.id));
    await assertCodesFree(tx, input.variantes, [...kept, ...toDelete.map((v) => v.id)]);

    const name = (v: Variante) => v.rotulo || v.sku;
    if (toDelete.length > 0) {
      await tx.delete(variantes).where(
        inArray(
          variantes.id,
          toDelete.map((v) => v.id),
        ),
      );
    }
    const deactivated = toDeactivate.filter((v) => v.ativo);
    if (deactivated.length > 0) {
      await tx
        .update(variantes)
        .set({ ativo: false, updatedAt: new Date() })
        .where(
          inArray(
            variantes.id,
            deactivated.map((v) => v.id),
          ),
        );
    }
    // The kept rows let go of their codes and combination first, so that two rows may swap
    // them (the unique indexes are checked row by row).
    if (kept.size > 0) {
      await tx
        .update(variantes)
        .set({
          sku: sql`'~' || ${variantes.id}::text`,
          ean: null,
          opcao1: sql`'~' || ${variantes.id}::text`,
          opcao2: null,
          opcao3: null,
        })
        .where(inArray(variantes.id, [...kept]));
    }
    const finalIds: string[] = [];
    let criadas = 0;
    for (const [i, row] of input.variantes.entries()) {
      const id = ids[i] ?? null;
      if (id && existing.some((v) => v.id === id)) {
        await tx.update(variantes).set(columnsOf(row)).where(eq(variantes.id, id)).catch(codeTaken);
        finalIds.push(id);
      } else {
        const [created] = await tx
          .insert(variantes)
          .values({ ...(id ? { id } : {}), produtoId, ...columnsOf(row) })
          .returning({ id: variantes.id })
          .catch(codeTaken);
        finalIds.push(created!.id);
        criadas += 1;
      }
    }
    await tx
      .update(produtos)
      .set({ opcoes: input.opcoes, updatedAt: new Date() })
      .where(eq(produtos.id, produtoId));
    await refreshProductSearch(tx, produtoId);
    await stock(
      tx,
      input.variantes.flatMap((row, i) =>
        row.estoque.map((s) => ({
          varianteId: finalIds[i]!,
          unidadeId: s.unidadeId,
          emMaos: s.emMaos,
        })),
      ),
    );
    const result: VariantsSaveResult = {
      criadas,
      atualizadas: input.variantes.length - criadas,
      excluidas: toDelete.map(name),
      desativadas: deactivated.map(name),
    };
    await audit(tx, actor, "product_variants_update", "produto", produtoId, {
      nome: produto.nome,
      opcoes: input.opcoes.map((o) => o.nome),
      variacoes: input.variantes.map((r) => r.sku),
      ...result,
    });
    return result;
  });
}
