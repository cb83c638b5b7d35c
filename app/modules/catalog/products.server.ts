// Products: the store's reads (the catalogue list and one product's page, SPEC §7.1) and
// the admin's management (SPEC §2.3 products view, §5.7, §7.2): list, create, edit,
// activate, delete (soft when the product is in past orders) and images.
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import { unitSellsCondition } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~/platform/db/errors.server";
import { readByUuids } from "./by-ids.server";
import { categorySlug } from "./listing";
import type { ProductInput } from "./product.schema";
import { deleteProductImage, saveProductImage } from "./product-image.server";
import { normalizeSearch, productSearchText } from "./search";
import { nearWords, productSearchSql, storeSynonyms } from "./search.server";
import { lowStockCondition } from "./stock-figures.server";
import { categorias, type Produto, produtos, variantes } from "./tables.server";
import { refreshProductSearch } from "./variants.server";

/** Stock counts only where the unit sells (shop's rule). */
const SELLS = unitSellsCondition("u");

/** As the other admin lists (orders, grooming, résumés, e-mails): 30 rows a page. */
export const PRODUCTS_PAGE_SIZE = 30;

/** What a product's variants add up to, as the lists show it. */
interface VariantSummary {
  /** The lowest price among its variants on sale (centavos), and its old price. */
  precoAtual: number;
  precoAntes: number | null;
  /** The highest price: "a partir de" when it differs from precoAtual. */
  precoMax: number;
  /** Units available (em mãos − reservado) at the open units, all variants on sale. */
  estoque: number;
  /** Variants on sale. */
  variacoes: number;
  /** The variant a card adds to the cart when there is only one. */
  varianteId: string | null;
}

/** Available units of a product (its variants on sale) at one unit of the shop. */
interface UnitStock {
  unidadeId: string;
  nome: string;
  disponivel: number;
  /** A unit not open yet: its stock does not count in `estoque`. */
  emBreve: boolean;
}

/** A row of the admin's list: what the row shows and its edit form fills in, nothing more. */
export type AdminProduct = EditableProduct & { categoriaNome: string; porUnidade: UnitStock[] };

/** A product as the admin's product form edits it (price and stock: its first variant's). */
export type EditableProduct = Pick<
  Produto,
  | "id"
  | "nome"
  | "descricaoCurta"
  | "categoriaId"
  | "sku"
  | "marca"
  | "unidade"
  | "ativo"
  | "imagemUrl"
  | "opcoes"
> &
  VariantSummary;

/**
 * Writes a new or edited product's stock in the product's transaction: inventory's rule,
 * handed in by the caller (catalog does not know the units).
 */
export type StockWriter = (tx: Tx, varianteId: string) => Promise<void>;

/**
 * The summary of a product's variants (alias `p` is the product), as SQL: the one place the
 * lists read prices and availability from. Availability is inventory's `disponivel`,
 * summed over the units that are open (active, not "em breve").
 */
export const VARIANT_SUMMARY_SQL = `left join lateral (
    select min(v.preco) as preco_min, max(v.preco) as preco_max,
      (array_agg(v.preco_antes order by v.preco, v.posicao, v.id))[1] as preco_antes,
      count(*)::int as variacoes,
      coalesce(sum(s.disponivel), 0)::int as estoque,
      (array_agg(v.id order by v.posicao, v.id))[1] as variante_id
    from variantes v
    left join lateral (
      select sum(e.disponivel) as disponivel from estoque e
      join unidades u on u.id = e.unidade_id and ${SELLS}
      where e.variante_id = v.id
    ) s on true
    where v.produto_id = p.id and v.ativo
  ) a on true`;

const VARIANT_SUMMARY_COLUMNS = `a.preco_min as "precoMin", a.preco_max as "precoMax",
  a.preco_antes as "precoAntes", coalesce(a.variacoes, 0) as variacoes,
  coalesce(a.estoque, 0) as estoque, a.variante_id as "varianteId"`;

interface SummaryRow {
  precoMin: string | null;
  precoMax: string | null;
  precoAntes: string | null;
  variacoes: number;
  estoque: number;
  varianteId: string | null;
}

function summaryFrom(row: SummaryRow): VariantSummary {
  const precoAtual = row.precoMin === null ? 0 : decimalToCentavos(row.precoMin);
  const precoAntes = row.precoAntes === null ? null : decimalToCentavos(row.precoAntes);
  return {
    precoAtual,
    // Crossed out only when higher.
    precoAntes: precoAntes !== null && precoAntes > precoAtual ? precoAntes : null,
    precoMax: row.precoMax === null ? precoAtual : decimalToCentavos(row.precoMax),
    estoque: Number(row.estoque),
    variacoes: Number(row.variacoes),
    varianteId: Number(row.variacoes) === 1 ? row.varianteId : null,
  };
}

/** The summaries of some products, by product id. */
async function variantSummaries(
  ids: string[],
  executor: Executor,
): Promise<Map<string, VariantSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await runSql<SummaryRow & { id: string }>(
    executor,
    `select p.id, ${VARIANT_SUMMARY_COLUMNS} from produtos p ${VARIANT_SUMMARY_SQL}
     where p.id = any($1::uuid[])`,
    [ids],
    "produtos_resumo_variantes",
  );
  return new Map(rows.map((r) => [r.id, summaryFrom(r)]));
}

export interface ProductFilters {
  q?: string;
  categoriaId?: string;
  estoqueBaixo?: boolean;
  /** Nothing available at the open units (its variants on sale). */
  semEstoque?: boolean;
  /** No picture of its own. */
  semImagem?: boolean;
  /** Switched off (not in the store). */
  inativo?: boolean;
  page?: number;
  pageSize?: number;
}

interface AdminProductList {
  products: AdminProduct[];
  /** Up to the rows the pages reach. */
  total: number;
  /** False when more products match than the pages reach ("mais de"). */
  totalExato: boolean;
}

/** The admin list's pages stop here: its offset never grows past 10,000 rows. */
export const MAX_ADMIN_PRODUCT_PAGES = Math.ceil(10_000 / PRODUCTS_PAGE_SIZE);

/** SQL text with `$n` placeholders and its values, as a Drizzle fragment. */
function boundSql(text: string, values: unknown[]): SQL {
  const chunks = text
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  return sql.join(chunks);
}

/**
 * Products not deleted with the store's search (its ranking first: an exact SKU or EAN,
 * then the name; the forgiving pass when the words find nothing) and the category, stock,
 * picture and active filters; newest first without a search.
 */
export async function listAdminProducts(
  filters: ProductFilters = {},
  executor: Executor = db(),
): Promise<AdminProductList> {
  const exact = await readAdminProducts(filters, false, executor);
  if (exact.total > 0 || !normalizeSearch(filters.q)) return exact;
  return readAdminProducts(filters, true, executor);
}

async function readAdminProducts(
  filters: ProductFilters,
  forgiving: boolean,
  executor: Executor,
): Promise<AdminProductList> {
  const values: unknown[] = [];
  const near = forgiving ? await nearWords(filters.q) : null;
  const search = productSearchSql(filters.q, values, await storeSynonyms(), near, "produtos");
  const where = and(
    isNull(produtos.excluidoEm),
    search ? boundSql(search.where, values) : undefined,
    filters.categoriaId ? eq(produtos.categoriaId, filters.categoriaId) : undefined,
    // The same rule as the hub counter and the badge (isLowStock): 1 to 5; 0 is 'sem estoque'.
    filters.estoqueBaixo ? lowStockCondition() : undefined,
    // The summary's availability (migration 0007) is exact at 0: one read by key per row.
    filters.semEstoque
      ? sql`not exists (select 1 from produtos_resumo r where r.produto_id = ${produtos.id} and r.disponivel > 0)`
      : undefined,
    filters.semImagem ? isNull(produtos.imagemUrl) : undefined,
    filters.inativo ? eq(produtos.ativo, false) : undefined,
  );
  const pageSize = filters.pageSize ?? PRODUCTS_PAGE_SIZE;
  const page = Math.min(Math.max(1, filters.page ?? 1), MAX_ADMIN_PRODUCT_PAGES);
  const rankValues: unknown[] = [];
  const order = search
    ? [sql`${boundSql(search.rank(rankValues), rankValues)} desc`, desc(produtos.createdAt)]
    : [desc(produtos.createdAt)];
  // Counted as far as the pages reach (and one more, for "mais de"): never the whole
  // catalogue of a large shop on every page. With a search, the ranking's sort reads every
  // match anyway, so the page's rows carry the count (a window over the same scan); without
  // one, the newest-first page stops after its rows by index, and the count is a bounded read
  // of its own, beside it.
  const reach = MAX_ADMIN_PRODUCT_PAGES * pageSize;
  const inPage = search !== null;
  const boundedCount = async () => {
    const [row] = await executor.select({ total: count() }).from(
      executor
        .select({ one: sql`1` })
        .from(produtos)
        .where(where)
        .limit(reach + 1)
        .as("contados"),
    );
    return Number(row?.total ?? 0);
  };
  const [rows, counted] = await Promise.all([
    executor
      .select({
        // Not the search text, the cost or the timestamps: the page carries its rows whole.
        produto: {
          id: produtos.id,
          nome: produtos.nome,
          descricaoCurta: produtos.descricaoCurta,
          categoriaId: produtos.categoriaId,
          sku: produtos.sku,
          marca: produtos.marca,
          unidade: produtos.unidade,
          ativo: produtos.ativo,
          imagemUrl: produtos.imagemUrl,
          opcoes: produtos.opcoes,
        },
        categoriaNome: categorias.nome,
        total: inPage ? sql<number>`count(*) over ()` : sql<number>`0`,
      })
      .from(produtos)
      .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
      .where(where)
      .orderBy(...order, desc(produtos.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    inPage ? null : boundedCount(),
  ]);
  // A page past the matches has no row to carry the count: counted on its own then.
  const total =
    counted ?? (rows[0] ? Number(rows[0].total) : page === 1 ? 0 : await boundedCount());
  const ids = rows.map((r) => r.produto.id);
  const [summaries, perUnit] = await Promise.all([
    variantSummaries(ids, executor),
    stockPerUnit(ids, executor),
  ]);
  return {
    products: rows.map((r) => ({
      ...r.produto,
      ...(summaries.get(r.produto.id) ?? emptySummary),
      categoriaNome: r.categoriaNome,
      porUnidade: perUnit.get(r.produto.id) ?? [],
    })),
    total: Math.min(total, reach),
    totalExato: total <= reach,
  };
}

/** What each product has available at each active unit (one grouped query for the page). */
async function stockPerUnit(ids: string[], executor: Executor): Promise<Map<string, UnitStock[]>> {
  const map = new Map<string, UnitStock[]>();
  if (ids.length === 0) return map;
  const rows = await runSql<UnitStock & { produtoId: string }>(
    executor,
    `select v.produto_id as "produtoId", u.id as "unidadeId", u.nome, u.em_breve as "emBreve",
       coalesce(sum(e.disponivel), 0)::int as disponivel
     from variantes v join estoque e on e.variante_id = v.id
     join unidades u on u.id = e.unidade_id and u.ativo
     where v.produto_id = any($1::uuid[]) and v.ativo
     group by v.produto_id, u.id, u.nome, u.em_breve, u.posicao
     order by u.posicao, u.nome`,
    [ids],
    "produtos_estoque_por_unidade",
  );
  for (const { produtoId, ...unit } of rows) {
    const list = map.get(produtoId) ?? [];
    list.push({ ...unit, disponivel: Number(unit.disponivel) });
    map.set(produtoId, list);
  }
  return map;
}

const emptySummary: VariantSummary = {
  precoAtual: 0,
  precoAntes: null,
  precoMax: 0,
  estoque: 0,
  variacoes: 0,
  varianteId: null,
};

function columns(input: ProductInput) {
  return {
    nome: input.nome,
    descricaoCurta: input.descricaoCurta,
    categoriaId: input.categoriaId,
    sku: input.sku,
    marca: input.marca,
    unidade: input.unidade,
    ativo: input.ativo,
    busca: productSearchText(input),
  };
}

async function assertCategory(tx: Executor, categoriaId: string) {
  const [row] = await tx
    .select({ id: categorias.id })
    .from(categorias)
    .where(eq(categorias.id, categoriaId));
  if (!row) throw new AdminError("Categoria é obrigatória", "categoriaId");
}

function skuTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AdminError("Já existe um produto com este SKU", "sku");
  }
  throw error;
}

/** A SKU for a variant whose product has none: unique, readable at the counter. */
function generatedSku(id: string): string {
  return `PROD-${id.replace(/-/g, "").slice(0, 10).toUpperCase()}`;
}

/**
 * The product form edits the price of a product with one variant (its default variant,
 * whose id is the product's); a product with options is priced in its Variações.
 */
async function writeDefaultVariant(tx: Tx, produto: Produto, input: ProductInput) {
  // A product with options is priced in its Variações, never by this form.
  if (produto.opcoes.length > 0) return null;
  const found = await tx
    .select({ id: variantes.id, sku: variantes.sku })
    .from(variantes)
    .where(eq(variantes.produtoId, produto.id))
    .limit(2);
  if (found.length > 1) return null;
  const existing = found[0];
  // A variant always has a SKU: a form without one keeps the variant's, or makes one.
  const sku = input.sku ?? existing?.sku ?? generatedSku(produto.id);
  const values = {
    sku,
    preco: input.precoAtual,
    precoAntes: input.precoAntes,
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await tx
        .update(variantes)
        .set(values)
        .where(eq(variantes.id, existing.id))
        .returning({ id: variantes.id })
        .catch(skuTaken)
    : await tx
        .insert(variantes)
        .values({ id: produto.id, produtoId: produto.id, ...values })
        .returning({ id: variantes.id })
        .catch(skuTaken);
  return row!.id;
}

/** Re-encodes and stores an uploaded image; null when there is none. */
async function storeImage(image: Uint8Array | null | undefined): Promise<string | null> {
  if (!image || image.byteLength === 0) return null;
  return saveProductImage(image);
}

export async function createProduct(
  input: ProductInput,
  image: Uint8Array | null,
  actor: AdminActor,
  stock?: StockWriter,
): Promise<Produto> {
  const imagemUrl = await storeImage(image);
  try {
    return await transaction(async (tx) => {
      await assertCategory(tx, input.categoriaId);
      const [row] = await tx
        .insert(produtos)
        .values({ ...columns(input), imagemUrl })
        .returning()
        .catch(skuTaken);
      const varianteId = await writeDefaultVariant(tx, row!, input);
      if (varianteId && stock) await stock(tx, varianteId);
      await refreshProductSearch(tx, row!.id);
      await audit(tx, actor, "product_create", "produto", row!.id, {
        nome: row!.nome,
        preco_atual: input.precoAtual,
        estoque: input.estoque,
        imagem: Boolean(imagemUrl),
      });
      return row!;
    });
  } catch (error) {
    await deleteProductImage(imagemUrl);
    throw error;
  }
}

export async function updateProduct(
  id: string,
  input: ProductInput,
  options: { image?: Uint8Array | null; removeImage?: boolean; stock?: StockWriter },
  actor: AdminActor,
): Promise<Produto> {
  const newUrl = await storeImage(options.image);
  let oldUrl: string | null = null;
  try {
    const row = await transaction(async (tx) => {
      const current = await lockLiveProduct(tx, id);
      await assertCategory(tx, input.categoriaId);
      const imagemUrl = newUrl ?? (options.removeImage ? null : current.imagemUrl);
      if (imagemUrl !== current.imagemUrl) oldUrl = current.imagemUrl;
      const [updated] = await tx
        .update(produtos)
        .set({ ...columns(input), imagemUrl, updatedAt: new Date() })
        .where(eq(produtos.id, id))
        .returning()
        .catch(skuTaken);
      const varianteId = await writeDefaultVariant(tx, updated!, input);
      if (varianteId && options.stock) await options.stock(tx, varianteId);
      await refreshProductSearch(tx, id);
      const changed = Object.fromEntries(
        Object.entries(columns(input)).filter(
          ([key, value]) => key !== "busca" && current[key as keyof Produto] !== value,
        ),
      );
      if (imagemUrl !== current.imagemUrl) changed.imagem = imagemUrl ? "nova" : "removida";
      await audit(tx, actor, "product_update", "produto", id, { nome: updated!.nome, changed });
      return updated!;
    });
    // The old files go only once the new URL is committed.
    if (oldUrl) await deleteProductImage(oldUrl);
    return row;
  } catch (error) {
    await deleteProductImage(newUrl);
    throw error;
  }
}

/** The product not deleted, locked for the update that follows; missing, an AdminError. */
async function lockLiveProduct(tx: Executor, id: string): Promise<Produto> {
  const [current] = await tx
    .select()
    .from(produtos)
    .where(and(eq(produtos.id, id), isNull(produtos.excluidoEm)))
    .for("update");
  if (!current) throw new AdminError("Produto não encontrado");
  return current;
}

export async function setProductActive(id: string, ativo: boolean, actor: AdminActor) {
  return transaction(async (tx) => {
    const [row] = await tx
      .update(produtos)
      .set({ ativo, updatedAt: new Date() })
      .where(and(eq(produtos.id, id), isNull(produtos.excluidoEm)))
      .returning();
    if (!row) throw new AdminError("Produto não encontrado");
    await audit(tx, actor, ativo ? "product_activate" : "product_deactivate", "produto", id, {
      nome: row.nome,
    });
    return row;
  });
}

/**
 * Deletes a product. One that appears in past orders is kept for them (soft delete:
 * hidden from the admin list and the store, its order items still point at it).
 */
export async function deleteProduct(
  id: string,
  actor: AdminActor,
): Promise<{ mode: "hard" | "soft"; produto: Produto }> {
  const result = await transaction(async (tx) => {
    const current = await lockLiveProduct(tx, id);
    // Order items keep their product (ON DELETE RESTRICT): the delete, tried in a savepoint,
    // is refused for a product that was sold, and that product is hidden instead.
    const deleted = await tx
      .transaction(async (savepoint) => {
        await savepoint.delete(produtos).where(eq(produtos.id, id));
        return true;
      })
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      });
    if (!deleted) {
      const [row] = await tx
        .update(produtos)
        .set({ excluidoEm: new Date(), ativo: false, updatedAt: new Date() })
        .where(eq(produtos.id, id))
        .returning();
      await audit(tx, actor, "product_soft_delete", "produto", id, {
        nome: current.nome,
        em_pedidos: true,
      });
      return { mode: "soft" as const, produto: row! };
    }
    await audit(tx, actor, "product_delete", "produto", id, { nome: current.nome });
    return { mode: "hard" as const, produto: current };
  });
  if (result.mode === "hard") await deleteProductImage(result.produto.imagemUrl);
  return result;
}

// --- The store's reads ---

/** What the store shows of a product: what the admin's form edits, with its category's name. */
export interface StoreProduct extends Omit<EditableProduct, "categoriaId"> {
  categoriaNome: string;
  categoriaSlug: string;
}

/** The store's columns as SQL text (money as the driver gives it: decimal text). */
export const STORE_PRODUCT_SQL = `p.id, p.nome, p.descricao_curta as "descricaoCurta",
  c.nome as "categoriaNome", p.sku, p.marca, p.unidade, p.imagem_url as "imagemUrl", p.ativo,
  p.opcoes,
  ${VARIANT_SUMMARY_COLUMNS}`;

export type StoreProductRow = SummaryRow &
  Pick<
    StoreProduct,
    | "id"
    | "nome"
    | "descricaoCurta"
    | "categoriaNome"
    | "sku"
    | "marca"
    | "unidade"
    | "imagemUrl"
    | "ativo"
    | "opcoes"
  >;

export function storeProductFrom(row: StoreProductRow): StoreProduct {
  return {
    id: row.id,
    nome: row.nome,
    descricaoCurta: row.descricaoCurta,
    categoriaNome: row.categoriaNome,
    categoriaSlug: categorySlug(row.categoriaNome),
    sku: row.sku,
    marca: row.marca,
    unidade: row.unidade,
    imagemUrl: row.imagemUrl,
    ativo: row.ativo,
    opcoes: row.opcoes ?? [],
    ...summaryFrom(row),
  };
}

/** Products by id as the store shows them, active or not (the cart's and the order's reads). */
async function storeProductsById(
  ids: string[],
  executor: Executor = db(),
): Promise<StoreProduct[]> {
  const rows = await readByUuids<StoreProductRow>(
    executor,
    ids,
    `select ${STORE_PRODUCT_SQL} from produtos p join categorias c on c.id = p.categoria_id
     ${VARIANT_SUMMARY_SQL} where p.id = any($1::uuid[]) and p.excluido_em is null`,
    "loja_produtos_por_id",
  );
  return rows.map(storeProductFrom);
}

/** One product for its page: null when unknown, inactive or deleted. */
export async function getStoreProduct(
  id: string,
  executor: Executor = db(),
): Promise<StoreProduct | null> {
  const [product] = await storeProductsById([id], executor);
  return product?.ativo ? product : null;
}
