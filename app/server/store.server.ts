// The store's reads: the catalogue, one product, the served neighbourhoods and the cart
// preview (server prices, stock, coupon and delivery fee for what the cart holds).
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { categorySlug, STORE_PAGE_SIZE, UUID_PATTERN } from "~/domain/catalog";
import { type CouponResult, evaluateCoupon, normalizeCouponCode } from "~/domain/coupon";
import { type DeliveryRules, findServedArea } from "~/domain/delivery";
import { computeTotals, type OrderTotals } from "~/domain/order-totals";
import { normalizeSearch } from "~/domain/search";
import { db, type Executor } from "./db/client.server";
import { bairrosEntrega, categorias, cupons, produtos } from "./db/schema";
import { getSettings, type Settings } from "./settings.server";

export interface StoreProduct {
  id: string;
  nome: string;
  descricaoCurta: string | null;
  categoriaNome: string;
  categoriaSlug: string;
  precoAtual: number;
  precoAntes: number | null;
  estoque: number;
  sku: string | null;
  marca: string | null;
  unidade: string;
  imagemUrl: string | null;
  ativo: boolean;
}

export interface StoreCategory {
  id: string;
  nome: string;
  slug: string;
}

const productColumns = {
  id: produtos.id,
  nome: produtos.nome,
  descricaoCurta: produtos.descricaoCurta,
  categoriaNome: categorias.nome,
  precoAtual: produtos.precoAtual,
  precoAntes: produtos.precoAntes,
  estoque: produtos.estoque,
  sku: produtos.sku,
  marca: produtos.marca,
  unidade: produtos.unidade,
  imagemUrl: produtos.imagemUrl,
  ativo: produtos.ativo,
};

function withSlug<T extends { categoriaNome: string }>(row: T): T & { categoriaSlug: string } {
  return { ...row, categoriaSlug: categorySlug(row.categoriaNome) };
}

/** Active categories, by name, each with its URL slug. */
export async function listStoreCategories(executor: Executor = db()): Promise<StoreCategory[]> {
  const rows = await executor
    .select({ id: categorias.id, nome: categorias.nome })
    .from(categorias)
    .where(eq(categorias.ativo, true))
    .orderBy(asc(sql`lower(${categorias.nome})`));
  return rows.map((r) => ({ ...r, slug: categorySlug(r.nome) }));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The store list (SPEC §7.1): active, not deleted, stock above 0, ordered by name.
 * `q` matches name, description and SKU ignoring case and accents; `categoria` is a slug.
 */
export async function listStoreProducts(
  options: { q?: string | null; categoria?: string | null; pagina?: number; porPagina?: number },
  executor: Executor = db(),
): Promise<{
  produtos: StoreProduct[];
  total: number;
  pagina: number;
  paginas: number;
  categorias: StoreCategory[];
}> {
  const porPagina = options.porPagina ?? STORE_PAGE_SIZE;
  const cats = await listStoreCategories(executor);
  const conditions = [
    eq(produtos.ativo, true),
    isNull(produtos.excluidoEm),
    gt(produtos.estoque, 0),
  ];
  conditions.push(eq(categorias.ativo, true));
  const q = normalizeSearch(options.q);
  if (q) {
    for (const word of q.split(" ")) {
      conditions.push(sql`${produtos.busca} like ${`%${escapeLike(word)}%`}`);
    }
  }
  if (options.categoria) {
    const category = cats.find((c) => c.slug === options.categoria);
    if (!category) return { produtos: [], total: 0, pagina: 1, paginas: 1, categorias: cats };
    conditions.push(eq(produtos.categoriaId, category.id));
  }
  const pagina = Math.max(1, Math.floor(options.pagina ?? 1));
  const rows = await executor
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(produtos)
    .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${produtos.nome})`), asc(produtos.id))
    .limit(porPagina)
    .offset((pagina - 1) * porPagina);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && pagina > 1) {
    // Past the last page: count to tell the page how many there are.
    const [counted] = await executor
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(produtos)
      .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return {
    produtos: rows.map(({ total: _total, ...p }) => withSlug(p)),
    total,
    pagina,
    paginas: Math.max(1, Math.ceil(total / porPagina)),
    categorias: cats,
  };
}

/** One product for its page: null when unknown, inactive or deleted. */
export async function getStoreProduct(
  id: string,
  executor: Executor = db(),
): Promise<StoreProduct | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await executor
    .select(productColumns)
    .from(produtos)
    .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
    .where(and(eq(produtos.id, id), eq(produtos.ativo, true), isNull(produtos.excluidoEm)));
  return row ? withSlug(row) : null;
}

/** Served neighbourhoods (active), by name, with their fee. */
export async function listActiveBairros(executor: Executor = db()) {
  return executor
    .select({
      id: bairrosEntrega.id,
      nome: bairrosEntrega.nome,
      taxaEntrega: bairrosEntrega.taxaEntrega,
    })
    .from(bairrosEntrega)
    .where(eq(bairrosEntrega.ativo, true))
    .orderBy(asc(sql`lower(${bairrosEntrega.nome})`));
}

export async function deliveryRules(
  settings: Settings,
  executor: Executor = db(),
): Promise<DeliveryRules> {
  return {
    bairros: await listActiveBairros(executor),
    taxaEntregaPadrao: settings.taxaEntregaPadrao,
    freteGratisMinimo: settings.freteGratisMinimo,
  };
}

/** Reads a coupon by code (upper-cased) and checks it against a subtotal. */
export async function checkCoupon(
  code: string,
  subtotal: number,
  executor: Executor = db(),
  now: Date = new Date(),
): Promise<CouponResult & { id?: string }> {
  const codigo = normalizeCouponCode(code);
  const [coupon] = codigo
    ? await executor.select().from(cupons).where(eq(cupons.codigo, codigo))
    : [];
  const result = evaluateCoupon(coupon ?? null, subtotal, now);
  return result.ok ? { ...result, id: coupon!.id } : result;
}

export interface QuoteLine {
  id: string;
  nome: string;
  imagemUrl: string | null;
  preco: number;
  precoAntes: number | null;
  estoque: number;
  /** What the cart asked for. */
  quantidadePedida: number;
  /** What can be sold now (min of asked and stock; 0 when unavailable). */
  quantidade: number;
  disponivel: boolean;
  subtotal: number;
}

export interface CartQuote extends Omit<OrderTotals, "taxaEntrega"> {
  /** null while no neighbourhood is chosen and delivery is not free. */
  taxaEntrega: number | null;
  linhas: QuoteLine[];
  cupom: { codigo: string; desconto: number } | null;
  cupomErro: string | null;
  bairro: string | null;
  bairroErro: string | null;
  freteGratisMinimo: number;
  taxaEntregaPadrao: number;
  /** The Pix discount on offer (0 when none or Pix is not accepted). */
  pixDescontoPercentual: number;
}

/** The cart preview: the same rules the order applies, without writing anything. */
export async function quoteCart(
  input: {
    itens: { produtoId: string; quantidade: number }[];
    cupom?: string | null;
    bairro?: string | null;
    /** The chosen payment method, when known: Pix earns the shop's Pix discount. */
    formaPagamento?: string | null;
  },
  executor: Executor = db(),
): Promise<CartQuote> {
  const settings = await getSettings(executor);
  const ids = input.itens.map((i) => i.produtoId).filter((id) => UUID_PATTERN.test(id));
  const rows = ids.length
    ? await executor
        .select(productColumns)
        .from(produtos)
        .innerJoin(categorias, eq(produtos.categoriaId, categorias.id))
        .where(inArray(produtos.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const linhas: QuoteLine[] = input.itens.flatMap((item) => {
    const p = byId.get(item.produtoId);
    if (!p) return [];
    const disponivel = p.ativo && p.estoque > 0;
    const quantidade = disponivel ? Math.min(item.quantidade, p.estoque) : 0;
    return [
      {
        id: p.id,
        nome: p.nome,
        imagemUrl: p.imagemUrl,
        preco: p.precoAtual,
        precoAntes: p.precoAntes,
        estoque: disponivel ? p.estoque : 0,
        quantidadePedida: item.quantidade,
        quantidade,
        disponivel,
        subtotal: p.precoAtual * quantidade,
      },
    ];
  });
  const priced = linhas.map((l) => ({ preco: l.preco, quantidade: l.quantidade }));
  const subtotal = priced.reduce((s, l) => s + l.preco * l.quantidade, 0);
  let coupon: CouponResult | null = null;
  if (input.cupom) coupon = await checkCoupon(input.cupom, subtotal, executor);
  const rules = await deliveryRules(settings, executor);
  const area = input.bairro ? findServedArea(rules, input.bairro) : null;
  const totals = computeTotals(priced, coupon, area, rules, {
    formaPagamento: input.formaPagamento,
    pixDescontoPercentual: settings.pixDescontoPercentual,
  });
  // Without a neighbourhood the fee is not known yet, unless delivery is free anyway.
  const feeKnown = area !== null || totals.freteGratis;
  return {
    ...totals,
    taxaEntrega: feeKnown ? totals.taxaEntrega : null,
    total: feeKnown ? totals.total : totals.total - totals.taxaEntrega,
    linhas,
    cupom: coupon?.ok ? { codigo: coupon.codigo, desconto: totals.desconto } : null,
    cupomErro: coupon && !coupon.ok ? coupon.message : null,
    bairro: area?.nome ?? null,
    bairroErro: input.bairro && !area ? "Selecione um bairro atendido" : null,
    freteGratisMinimo: settings.freteGratisMinimo,
    taxaEntregaPadrao: settings.taxaEntregaPadrao,
    pixDescontoPercentual: settings.pixManualAtivo ? settings.pixDescontoPercentual : 0,
  };
}
