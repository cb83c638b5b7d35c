// Store catalogue rules shared by the list, the product page and the server.

import { normalizeSearch } from "./search";
import { isLowStock } from "./stock-levels";

/** One value of a filter with how many products the listing would show with it. */
export interface FacetValue {
  valor: string;
  rotulo: string;
  n: number;
}

export interface StoreFacets {
  categorias: FacetValue[];
  marcas: FacetValue[];
  especies: FacetValue[];
  /** "Retire hoje": units with pick-up where the product is available. */
  unidades: FacetValue[];
  promocao: number;
  /** Sold-out products the default listing leaves out. */
  esgotados: number;
  /** The price range (whole reais) of the products the other filters leave. */
  preco: { min: number; max: number } | null;
}

/** No counts: an empty listing, or one that could not be read. */
export const EMPTY_FACETS: StoreFacets = {
  categorias: [],
  marcas: [],
  especies: [],
  unidades: [],
  promocao: 0,
  esgotados: 0,
  preco: null,
};

/** Products per page of /loja. */
export const STORE_PAGE_SIZE = 48;

/** How /loja can order its products (`?ordem=`); relevance only with a search. */
export const STORE_SORTS = [
  { value: "relevancia", label: "Mais relevantes" },
  { value: "mais-vendidos", label: "Mais vendidos" },
  { value: "menor-preco", label: "Menor preço" },
  { value: "maior-preco", label: "Maior preço" },
  { value: "novidades", label: "Novidades" },
  { value: "a-z", label: "Nome (A–Z)" },
] as const;
export type StoreSort = (typeof STORE_SORTS)[number]["value"];

/** The species a product can be for (`?especie=`), as the product data names them. */
export const STORE_SPECIES = [
  { value: "caes", label: "Cães" },
  { value: "gatos", label: "Gatos" },
  { value: "aves", label: "Aves" },
  { value: "peixes", label: "Peixes" },
  { value: "roedores", label: "Roedores" },
  { value: "cavalos-gado", label: "Cavalos e gado" },
] as const;
type StoreSpecies = (typeof STORE_SPECIES)[number]["value"];

/** Prices in the address are whole reais; the largest a filter accepts. */
const MAX_PRICE_FILTER = 1_000_000;

/** The listing as /loja's address asks for it: every filter a plain, shareable parameter. */
export interface StoreListingQuery {
  q: string;
  categoria: string;
  marca: string;
  especie: StoreSpecies | "";
  /** Whole reais; null when not asked. */
  precoMin: number | null;
  precoMax: number | null;
  promocao: boolean;
  /** The spec lists only what is in stock; "incluir esgotados" shows the rest too, last. */
  esgotados: boolean;
  /** The slug of a unit: "retire hoje" there. */
  unidade: string;
  ordem: StoreSort;
  pagina: number;
}

function priceParam(value: string | null): number | null {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n <= MAX_PRICE_FILTER ? n : null;
}

function short(value: string | null, max = 80): string {
  return (value ?? "").trim().slice(0, max);
}

/**
 * The query parameters the store list reads, in the order the shared page cache keys them
 * (the /loja route declares them in its handle; a unit test checks them against
 * storeListingQuery).
 */
export const STORE_LISTING_PARAMS = [
  "q",
  "categoria",
  "marca",
  "especie",
  "preco_min",
  "preco_max",
  "promocao",
  "esgotados",
  "unidade",
  "ordem",
  "pagina",
] as const;

/** The listing's filters as /loja's address gives them; anything unknown is ignored. */
export function storeListingQuery(params: URLSearchParams): StoreListingQuery {
  const q = short(params.get("q"), 100);
  const especie = params.get("especie") ?? "";
  const ordem = params.get("ordem") ?? "";
  const sort = STORE_SORTS.find((s) => s.value === ordem)?.value;
  let precoMin = priceParam(params.get("preco_min"));
  let precoMax = priceParam(params.get("preco_max"));
  if (precoMin !== null && precoMax !== null && precoMin > precoMax) {
    [precoMin, precoMax] = [precoMax, precoMin];
  }
  const pagina = Math.floor(Number(params.get("pagina")));
  return {
    q,
    categoria: short(params.get("categoria")),
    marca: short(params.get("marca")),
    especie: STORE_SPECIES.some((s) => s.value === especie) ? (especie as StoreSpecies) : "",
    precoMin,
    precoMax,
    promocao: params.get("promocao") === "1",
    esgotados: params.get("esgotados") === "1",
    unidade: short(params.get("unidade")),
    // Relevance means nothing without a search: the spec's order by name then.
    ordem: sort && !(sort === "relevancia" && !q) ? sort : q ? "relevancia" : "a-z",
    pagina: Number.isSafeInteger(pagina) && pagina > 0 ? Math.min(pagina, 10_000) : 1,
  };
}

/** True when the listing is narrowed by anything a "Limpar filtros" would drop. */
export function isFilteredListing(query: StoreListingQuery): boolean {
  return Boolean(
    query.q ||
      query.categoria ||
      query.marca ||
      query.especie ||
      query.precoMin !== null ||
      query.precoMax !== null ||
      query.promocao ||
      query.esgotados ||
      query.unidade,
  );
}

/**
 * The address of a listing: only what differs from the defaults, in a fixed order, so the
 * same listing has one URL (one entry in the shared page cache). `change` sets or drops
 * (null) some filters; a change of filter goes back to the first page.
 */
export function storeListingHref(
  query: StoreListingQuery,
  change: Partial<StoreListingQuery> = {},
): string {
  const next = { ...query, ...("pagina" in change ? {} : { pagina: 1 }), ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.categoria) params.set("categoria", next.categoria);
  if (next.marca) params.set("marca", next.marca);
  if (next.especie) params.set("especie", next.especie);
  if (next.precoMin !== null) params.set("preco_min", String(next.precoMin));
  if (next.precoMax !== null) params.set("preco_max", String(next.precoMax));
  if (next.promocao) params.set("promocao", "1");
  if (next.esgotados) params.set("esgotados", "1");
  if (next.unidade) params.set("unidade", next.unidade);
  const defaultSort = next.q ? "relevancia" : "a-z";
  if (next.ordem !== defaultSort && !(next.ordem === "relevancia" && !next.q)) {
    params.set("ordem", next.ordem);
  }
  if (next.pagina > 1) params.set("pagina", String(next.pagina));
  const s = params.toString();
  return s ? `/loja?${s}` : "/loja";
}

/** 'Medicamentos Veterinários' -> 'medicamentos-veterinarios' (the ?categoria= value). */
export function categorySlug(nome: string): string {
  return normalizeSearch(nome)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The stock line of the product page. */
export function stockText(estoque: number): string {
  if (estoque <= 0) return "Produto esgotado";
  if (estoque === 1) return "Última unidade em estoque";
  if (isLowStock(estoque)) return `Últimas ${estoque} unidades em estoque`;
  return `${estoque} unidades em estoque`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
