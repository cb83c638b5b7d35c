/** Lower-case, accent-free text for matching: 'Rações' -> 'racoes'. */
export function normalizeSearch(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The `busca` column of a product: what the store search looks into. */
export function productSearchText(p: {
  nome: string;
  descricaoCurta?: string | null;
  sku?: string | null;
}): string {
  return normalizeSearch([p.nome, p.descricaoCurta, p.sku].filter(Boolean).join(" "));
}
