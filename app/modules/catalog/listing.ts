// Store catalogue rules shared by the list, the product page and the server.

import { normalizeSearch } from "./search";
import { isLowStock } from "./stock-levels";

/** Products per page of /loja. */
export const STORE_PAGE_SIZE = 48;

/** The listing's filters as /loja's address gives them. */
export function storeListingQuery(params: URLSearchParams) {
  return {
    q: params.get("q")?.slice(0, 100) ?? "",
    categoria: params.get("categoria") ?? "",
    pagina: Number(params.get("pagina")) || 1,
  };
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
