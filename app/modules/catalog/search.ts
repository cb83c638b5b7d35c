/** Lower-case, accent-free text for matching: 'Rações' -> 'racoes'. */
export function normalizeSearch(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The `busca` column of a product: what the store search looks into. Its variants' SKUs,
 * EANs and labels too, so a variant's code finds its product.
 */
export function productSearchText(p: {
  nome: string;
  descricaoCurta?: string | null;
  sku?: string | null;
  variantes?: { sku: string; ean?: string | null; rotulo?: string | null }[];
}): string {
  const own = normalizeSearch([p.nome, p.descricaoCurta, p.sku].filter(Boolean).join(" "));
  const words = new Set(own.split(" "));
  const extra: string[] = [];
  for (const v of p.variantes ?? []) {
    for (const text of [v.sku, v.ean, v.rotulo]) {
      const normal = normalizeSearch(text);
      if (normal && !words.has(normal)) {
        words.add(normal);
        extra.push(normal);
      }
    }
  }
  return [own, ...extra].filter(Boolean).join(" ");
}
