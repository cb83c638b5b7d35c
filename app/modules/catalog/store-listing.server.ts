// The store list (/loja, SPEC §7.1): search, filters with their counts, sort and pages.
// It reads the per-product summary (produtos_resumo, kept by triggers, migration 0007), so
// its cost does not grow with the variants and stock rows of a large shop; the exact stock
// of the cards is read for the page's rows only.

import { unitSellsCondition } from "~/modules/shop/index.server";
import { db, runSql } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { keptByKeyUntilChanged } from "~/platform/page-data.server";
import { listStoreCategories, type StoreCategory } from "./categories.server";
import {
  categorySlug,
  EMPTY_FACETS,
  STORE_PAGE_SIZE,
  STORE_SPECIES,
  type StoreFacets,
  type StoreListingQuery,
  type StoreSort,
} from "./listing";
import {
  STORE_PRODUCT_SQL,
  type StoreProduct,
  type StoreProductRow,
  storeProductFrom,
} from "./products.server";
import {
  closestSearch,
  type NearWords,
  nearWords,
  productSearchSql,
  runSearchSql,
  storeSynonyms,
} from "./search.server";
import { inSearchTurn } from "./search-limit.server";

/** Stock counts only where the unit sells (shop's rule). */
const SELLS = unitSellsCondition("u");

export interface StoreListing {
  produtos: StoreProduct[];
  total: number;
  pagina: number;
  paginas: number;
  categorias: StoreCategory[];
  facetas: StoreFacets;
  /** With a search that found nothing: the closest search that would ("Você quis dizer"). */
  sugestao: string | null;
}

/** How many listings' counts are kept in the database for one catalogue version. */
const STORED_FACETS_LIMIT = 500;

/** The facets that list values (brands can be many: the most common first). */
const MAX_BRANDS = 12;

type Options = Partial<StoreListingQuery> & { porPagina?: number };

/**
 * The store list. The storefront's read: categories come from the kept copy, products from
 * the summary, never inside a transaction; one listing is kept until a product, its stock,
 * a category or a synonym changes.
 */
export function listStoreProducts(options: Options): Promise<StoreListing> {
  return keptStoreListings.get(options);
}

/** Whether this listing is kept in memory (answering it asks the database nothing). */
export function storeListingKept(options: Options): boolean {
  return keptStoreListings.has(options);
}

const keptStoreListings = keptByKeyUntilChanged(
  ["produtos", "categorias", "variantes", "estoque", "unidades", "sinonimos", "produtos_resumo"],
  (o: Options) => JSON.stringify(normalized(o)),
  // A search waits for its turn (search-limit.server.ts); a plain listing does not.
  (o: Options) =>
    (o.q ?? "").trim() ? inSearchTurn(() => readStoreListing(o)) : readStoreListing(o),
);

function normalized(o: Options): StoreListingQuery & { porPagina: number } {
  const q = (o.q ?? "").trim();
  return {
    q,
    categoria: o.categoria ?? "",
    marca: o.marca ?? "",
    especie: o.especie ?? "",
    precoMin: o.precoMin ?? null,
    precoMax: o.precoMax ?? null,
    promocao: o.promocao ?? false,
    esgotados: o.esgotados ?? false,
    unidade: o.unidade ?? "",
    ordem: o.ordem ?? (q ? "relevancia" : "a-z"),
    pagina: Math.max(1, Math.floor(o.pagina ?? 1)),
    porPagina: o.porPagina ?? STORE_PAGE_SIZE,
  };
}

/** Each filter as a condition; the facets leave their own out. */
type FilterName = "categoria" | "marca" | "especie" | "preco" | "promocao" | "estoque" | "unidade";

const FROM = `from produtos p join categorias c on c.id = p.categoria_id and c.ativo
  join produtos_resumo r on r.produto_id = p.id`;
const ALWAYS = "p.ativo and p.excluido_em is null and r.variacoes > 0";

function orderBy(sort: StoreSort, rank: string | null, withSoldOut: boolean): string {
  // Sold-out products (only with "incluir esgotados") always come last. Without them the key
  // is left out, so the name order can walk its index and stop at the page's end.
  const first = withSoldOut ? "(r.disponivel = 0), " : "";
  const byName = "lower(p.nome), p.id";
  switch (sort) {
    case "relevancia":
      return rank ? `${first}${rank} desc, r.vendidos desc, ${byName}` : `${first}${byName}`;
    case "mais-vendidos":
      return `${first}r.vendidos desc, ${byName}`;
    case "menor-preco":
      return `${first}r.preco_min, ${byName}`;
    case "maior-preco":
      return `${first}r.preco_min desc, ${byName}`;
    case "novidades":
      return `${first}p.created_at desc, p.id`;
    default:
      return `${first}${byName}`;
  }
}

async function readStoreListing(options: Options): Promise<StoreListing> {
  const exact = await readListingPass(options, null);
  if (exact.total > 0 || !(options.q ?? "").trim()) return exact;
  // Nothing for the words as typed: the forgiving pass (typos), when some word has a near
  // word in the catalogue, then "Você quis dizer".
  const near = await nearWords(options.q);
  const forgiving = near.size > 0 ? await readListingPass(options, near) : exact;
  if (forgiving.total > 0) return forgiving;
  const sugestao = await closestSearch(options.q ?? "");
  // Offered only when it finds something, with the same filters (issue 39: "areia gatos"
  // was suggested for "areia gato" and found nothing either).
  const found = sugestao
    ? await readListingPass({ ...options, q: sugestao, pagina: 1 }, null)
    : null;
  return { ...forgiving, sugestao: found && found.total > 0 ? sugestao : null };
}

async function readListingPass(options: Options, near: NearWords | null): Promise<StoreListing> {
  const o = normalized(options);
  const [cats, synonyms] = await Promise.all([listStoreCategories(), storeSynonyms()]);
  const empty: StoreListing = {
    produtos: [],
    total: 0,
    pagina: 1,
    paginas: 1,
    categorias: cats,
    facetas: EMPTY_FACETS,
    sugestao: null,
  };
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const search = productSearchSql(o.q, values, synonyms, near);
  const filters = new Map<FilterName, string>();
  if (o.categoria) {
    const category = cats.find((c) => c.slug === o.categoria);
    if (!category) return empty;
    filters.set("categoria", `p.categoria_id = ${param(category.id)}`);
  }
  if (o.marca) filters.set("marca", `lower(p.marca) = lower(${param(o.marca)})`);
  if (o.especie) filters.set("especie", `${param(o.especie)} = any(p.especies)`);
  const price: string[] = [];
  if (o.precoMin !== null) price.push(`r.preco_min >= ${param(o.precoMin)}`);
  if (o.precoMax !== null) price.push(`r.preco_min <= ${param(o.precoMax)}`);
  if (price.length > 0) filters.set("preco", price.join(" and "));
  if (o.promocao) filters.set("promocao", "r.preco_antes > r.preco_min");
  if (!o.esgotados) filters.set("estoque", "r.disponivel > 0");
  if (o.unidade) {
    filters.set(
      "unidade",
      `exists (select 1 from unidades u where u.slug = ${param(o.unidade)} and ${SELLS}
        and u.retirada_ativa and u.id = any(r.unidades_com_estoque))`,
    );
  }
  const base = [ALWAYS, ...(search ? [search.where] : [])];
  const where = [...base, ...filters.values()].join(" and ");
  const pageValues = [...values];
  // The rank's values only where the statement uses them (relevance).
  const order = orderBy(
    o.ordem,
    search && o.ordem === "relevancia" ? search.rank(pageValues) : null,
    o.esgotados,
  );
  pageValues.push(o.porPagina, (o.pagina - 1) * o.porPagina);
  const n = pageValues.length;
  // The page: ordered and cut on the summary (a top-N, or an index walk for the name order);
  // the total comes with the facets, counted once; the exact stock of the page's rows after.
  const [rows, facetas] = await Promise.all([
    (search ? runSearchSql : runPlainSql)<Omit<StoreProductRow, "estoque">>(
      `select ${PAGE_COLUMNS} ${FROM} where ${where}
       order by ${order} limit $${n - 1} offset $${n}`,
      pageValues,
    ),
    keptFacets.get({
      key: JSON.stringify([where, values]),
      base,
      filters,
      values,
      stored: !search,
    }),
  ]);
  const stock = await exactStock(rows.map((r) => r.id));
  const total = facetas.total;
  const slugs = new Map(cats.map((c) => [c.nome, c.slug]));
  return {
    produtos: rows.map((row) => ({
      ...storeProductFrom({ ...row, estoque: stock.get(row.id) ?? 0 }),
      categoriaSlug: slugs.get(row.categoriaNome) ?? categorySlug(row.categoriaNome),
    })),
    total,
    pagina: o.pagina,
    paginas: Math.max(1, Math.ceil(total / o.porPagina)),
    categorias: cats,
    facetas: withLabels(facetas.facetas, cats, o.marca),
    sugestao: null,
  };
}

/** A statement of a listing without a search: no time limit to set (only indexed reads). */
function runPlainSql<Row>(text: string, values: unknown[]): Promise<Row[]> {
  return runSql<Row>(db(), text, values);
}

/** Units available now of some products (their variants on sale, at the open units). */
async function exactStock(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await runSql<{ id: string; estoque: number }>(
    db(),
    `select v.produto_id as id, coalesce(sum(e.disponivel), 0)::int as estoque
     from variantes v join estoque e on e.variante_id = v.id
     join unidades u on u.id = e.unidade_id and ${SELLS}
     where v.produto_id = any($1::uuid[]) and v.ativo group by v.produto_id`,
    [ids],
    "loja_estoque_da_pagina",
  );
  return new Map(rows.map((r) => [r.id, Number(r.estoque)]));
}

interface FacetsArgs {
  key: string;
  base: string[];
  filters: Map<FilterName, string>;
  values: unknown[];
  /** Without a search: kept in the database for the catalogue's version (loja_facetas). */
  stored: boolean;
}

interface Facets {
  facetas: StoreFacets;
  total: number;
}

// The counts of one search and set of filters do not depend on the page or the order: kept
// apart, so paging and sorting a listing never counts the catalogue again.
const keptFacets = keptByKeyUntilChanged(
  ["produtos", "categorias", "variantes", "estoque", "unidades", "sinonimos", "produtos_resumo"],
  (a: FacetsArgs) => a.key,
  (a: FacetsArgs) => (a.stored ? storedFacets(a) : readFacets(a.base, a.filters, a.values, true)),
);

/**
 * The counts of a listing without a search: as stored for the catalogue's current version
 * (one read by key), or counted, then stored for the version they were counted at. Pages go
 * stale on any catalogue change (a sale from 3 to 2, a new description); the counts only on
 * the changes that can move them (migration 0015's triggers move the version), so after most
 * announcements, a restart, or on another instance, the catalogue is not counted again.
 */
async function storedFacets(a: FacetsArgs): Promise<Facets> {
  const [hit] = await runSql<{ facetas: Facets | null }>(
    db(),
    `select f.facetas from loja_facetas f
     where f.chave = $1 and f.versao = coalesce((select versao from loja_facetas_versao), 0)`,
    [a.key],
    "loja_facetas_guardadas",
  );
  if (hit?.facetas) return hit.facetas;
  const { versao, ...counted } = await readFacets(a.base, a.filters, a.values, false);
  // Only a newer version replaces a row; rows of older versions go (no key outlives its
  // version). A write that lost a race (it read an older version) is simply not kept. Up to
  // STORED_FACETS_LIMIT listings per version: the ones asked first (the whole store, the
  // categories); a crawler walking every price range is counted per request, as before.
  // Keeping them is an economy, not the answer: a write that fails (a full disk) is logged
  // and the page shows the counts it has.
  await runSql(
    db(),
    `with guardada as (
       insert into loja_facetas (chave, versao, facetas)
       select $1::text, $2::bigint, $3::jsonb
       where (select count(*) from loja_facetas where versao >= $2) < ${STORED_FACETS_LIMIT}
       on conflict (chave) do update set versao = excluded.versao, facetas = excluded.facetas,
         calculado_em = now()
       where loja_facetas.versao < excluded.versao
     )
     delete from loja_facetas where versao < $2 and chave <> $1`,
    [a.key, versao, JSON.stringify(counted)],
    "loja_facetas_guardar",
  ).catch((error: unknown) => logger.warn({ err: error }, "contagens da loja não guardadas"));
  return counted;
}

/** The page's columns: the store's, with the summary in place of the live variant sums. */
const PAGE_COLUMNS = STORE_PRODUCT_SQL.replace(/,\s*a\.preco_min[\s\S]*$/, "").concat(
  `, r.preco_min as "precoMin", r.preco_max as "precoMax", r.preco_antes as "precoAntes",
  r.variacoes, r.variante_id as "varianteId"`,
);

/** The facets listed value by value, and where each goes. */
const LIST_FACETS: Partial<Record<string, "categorias" | "marcas" | "especies" | "unidades">> = {
  categoria: "categorias",
  marca: "marcas",
  especie: "especies",
  unidade: "unidades",
};

interface FacetRow {
  faceta: string;
  valor: string | null;
  rotulo: string | null;
  n: number;
}

/**
 * Every filter's values with how many products each would show, the other filters applied
 * (as shops do: choosing a brand does not hide the other brands). One statement.
 */
async function readFacets(
  base: string[],
  filters: Map<FilterName, string>,
  values: unknown[],
  timed: boolean,
): Promise<Facets & { versao: number }> {
  const flag = (name: FilterName) => `(${filters.get(name) ?? "true"}) as f_${name}`;
  const names: FilterName[] = [
    "categoria",
    "marca",
    "especie",
    "preco",
    "promocao",
    "estoque",
    "unidade",
  ];
  const but = (own: FilterName) =>
    names
      .filter((name) => name !== own)
      .map((name) => `f_${name}`)
      .join(" and ");
  const rows = await (timed ? runSearchSql : runPlainSql)<FacetRow>(
    `with base as materialized (
       select p.categoria_id, p.marca, p.especies, r.unidades_com_estoque as unidades,
         r.preco_min, (r.preco_antes > r.preco_min) as promo, (r.disponivel > 0) as disponivel,
         ${names.map(flag).join(", ")}
       ${FROM} where ${base.join(" and ")}
     )
     select 'categoria' as faceta, categoria_id::text as valor, null as rotulo, count(*)::int as n
       from base where ${but("categoria")} group by categoria_id
     union all
     select 'marca', min(marca), null, count(*)::int from base
       where ${but("marca")} and coalesce(marca, '') <> '' group by lower(marca)
     union all
     select 'especie', e, null, count(*)::int from base cross join unnest(especies) e
       where ${but("especie")} group by e
     union all
     select 'unidade', u.slug, u.nome, count(*)::int from base
       join unidades u on u.id = any(base.unidades) and ${SELLS} and u.retirada_ativa
       where ${but("unidade")} group by u.slug, u.nome
     union all
     select 'promocao', null, null, count(*)::int from base where promo and ${but("promocao")}
     union all
     select 'esgotados', null, null, count(*)::int from base
       where not disponivel and ${but("estoque")}
     union all
     select 'preco', floor(min(preco_min))::text, ceil(max(preco_min))::text, count(*)::int
       from base where ${but("preco")}
     union all
     select 'total', null, null, count(*)::int from base where ${names.map((name) => `f_${name}`).join(" and ")}
     union all
     -- The version the counts belong to, read in the same snapshot as the rows.
     select 'versao', (select coalesce(max(versao), 0) from loja_facetas_versao)::text, null, 0`,
    values,
  );
  let total = 0;
  let versao = 0;
  const facets: StoreFacets = {
    ...EMPTY_FACETS,
    categorias: [],
    marcas: [],
    especies: [],
    unidades: [],
  };
  for (const row of rows) {
    const list = LIST_FACETS[row.faceta];
    if (list) {
      facets[list].push({
        valor: row.valor ?? "",
        rotulo: row.rotulo ?? row.valor ?? "",
        n: row.n,
      });
      continue;
    }
    switch (row.faceta) {
      case "promocao":
        facets.promocao = row.n;
        break;
      case "esgotados":
        facets.esgotados = row.n;
        break;
      case "total":
        total = row.n;
        break;
      case "versao":
        versao = Number(row.valor);
        break;
      case "preco":
        facets.preco =
          row.n > 0 && row.valor !== null && row.rotulo !== null
            ? { min: Number(row.valor), max: Number(row.rotulo) }
            : null;
        break;
    }
  }
  return { facetas: facets, total, versao };
}

/**
 * Names for the values the database gives as ids or slugs; the most common brands (and the
 * chosen one), by name.
 */
function withLabels(facets: StoreFacets, cats: StoreCategory[], marca: string): StoreFacets {
  const byId = new Map(cats.map((c) => [c.id, c]));
  const species = new Map<string, string>(STORE_SPECIES.map((s) => [s.value, s.label]));
  return {
    ...facets,
    categorias: facets.categorias
      .flatMap((f) => {
        const c = byId.get(f.valor);
        return c ? [{ valor: c.slug, rotulo: c.nome, n: f.n }] : [];
      })
      .sort((a, b) => a.rotulo.localeCompare(b.rotulo, "pt-BR")),
    marcas: facets.marcas
      .sort((a, b) => b.n - a.n || a.rotulo.localeCompare(b.rotulo, "pt-BR"))
      .filter((f, i) => i < MAX_BRANDS || f.valor.toLowerCase() === marca.toLowerCase())
      .sort((a, b) => a.rotulo.localeCompare(b.rotulo, "pt-BR")),
    especies: facets.especies
      .filter((f) => species.has(f.valor))
      .map((f) => ({ ...f, rotulo: species.get(f.valor)! }))
      .sort(
        (a, b) =>
          STORE_SPECIES.findIndex((s) => s.value === a.valor) -
          STORE_SPECIES.findIndex((s) => s.value === b.valor),
      ),
  };
}
