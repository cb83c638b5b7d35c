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

/** Words of a search that count; the rest are ignored (a pasted paragraph is not a query). */
const MAX_WORDS = 6;

/** The words of a search, normalised, at most MAX_WORDS. */
export function searchWords(q: string | null | undefined): string[] {
  return normalizeSearch(q).split(" ").filter(Boolean).slice(0, MAX_WORDS);
}

/**
 * The singular a Portuguese plural may come from ("racoes" -> "racao", "animais" -> "animal",
 * "coleiras" -> "coleira"); null when the word does not look plural. A singular finds its
 * plural already (a word matches the start of the catalogue's words).
 */
function singularOf(word: string): string | null {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return null;
  const rules: [RegExp, string][] = [
    [/oes$/, "ao"],
    [/aes$/, "ao"],
    [/ais$/, "al"],
    [/eis$/, "el"],
    [/ois$/, "ol"],
    [/(r|z)es$/, "$1"],
    [/ns$/, "m"],
    [/([^s])s$/, "$1"],
  ];
  for (const [pattern, replacement] of rules) {
    if (!pattern.test(word)) continue;
    const singular = word.replace(pattern, replacement);
    // "caes" -> "cao", but not "mais" -> "mal" nor "tres" -> "tr".
    return singular.length >= 4 || /[ao]es$/.test(word) ? singular : null;
  }
  return null;
}

/**
 * Every form a word of a search may take in the catalogue: itself, its singular, and a
 * number glued to its unit written apart ("15kg" -> "15 kg").
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  const singular = singularOf(word);
  if (singular) forms.push(singular);
  const measure = /^(\d+(?:[.,]\d+)?)([a-z]{1,3})$/.exec(word);
  if (measure) forms.push(`${measure[1]} ${measure[2]}`);
  return forms;
}

/** A word typed without its vowels ("gldn" for "golden"): matched on the consonants. */
export function isVowelless(word: string): boolean {
  return word.length >= 3 && /^[b-df-hj-np-tv-z]+$/.test(word);
}
