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
export const MAX_SEARCH_WORDS = 6;
/**
 * Letters of a word that count: the longest word of a product name is about 15 letters, a
 * code's start still finds the code (a word matches anywhere in the text), and a hostile
 * 100-letter word costs no more than this (issue 39, point 4).
 */
export const MAX_SEARCH_WORD_LENGTH = 32;

/** The words of a search, normalised: at most MAX_SEARCH_WORDS of MAX_SEARCH_WORD_LENGTH. */
export function searchWords(q: string | null | undefined): string[] {
  return normalizeSearch((q ?? "").slice(0, 400))
    .split(" ")
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_SEARCH_WORD_LENGTH));
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
 * The plurals of a singular that is not their start ("racao" -> "racoes", "animal" ->
 * "animais", "cao" -> "caes"); a singular that is ("coleira" of "coleiras") needs none.
 */
function pluralsOf(word: string): string[] {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return [];
  if (word.endsWith("ao")) return [`${word.slice(0, -2)}oes`, `${word.slice(0, -2)}aes`];
  if (word.length < 4) return [];
  const ending: [RegExp, string][] = [
    [/al$/, "ais"],
    [/el$/, "eis"],
    [/ol$/, "ois"],
    [/m$/, "ns"],
  ];
  for (const [pattern, replacement] of ending) {
    if (pattern.test(word)) return [word.replace(pattern, replacement)];
  }
  return [];
}

/**
 * Every form a word of a search may take in the catalogue: itself, its singular or its
 * plurals, and a number glued to its unit written apart ("15kg" -> "15 kg").
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  const singular = singularOf(word);
  if (singular) forms.push(singular);
  else forms.push(...pluralsOf(word));
  const measure = /^(\d+(?:[.,]\d+)?)([a-z]{1,3})$/.exec(word);
  if (measure) forms.push(`${measure[1]} ${measure[2]}`);
  return forms;
}

/**
 * The words a customer calls a species by, each group one species (the store's "Para"
 * filter, migration 0007's agropet_especies): any of them finds the others, whatever the
 * shop's synonym list says ("shampoo cachorro" finds "Shampoo … Dog").
 */
export const SPECIES_WORDS: readonly (readonly string[])[] = [
  [
    "cao",
    "caes",
    "cachorro",
    "cachorros",
    "cachorrinho",
    "canino",
    "canina",
    "caninos",
    "dog",
    "dogs",
  ],
  ["gato", "gatos", "gatinho", "gatinhos", "felino", "felina", "felinos"],
  ["passaro", "passaros", "ave", "aves"],
  ["peixe", "peixes", "aquario", "aquarios"],
  ["roedor", "roedores", "hamster", "hamsters"],
];

/** Consonants of a word ("golden" -> "gldn"): what a word typed without vowels is read as. */
export function consonantsOf(word: string): string {
  return word.replace(/[aeiou]/g, "");
}

/**
 * pg_trgm's trigrams of a word: lower-case letters and digits, two spaces before, one after;
 * `open` leaves the end out (a word still being typed, or the start of a longer one).
 */
export function trigramsOf(word: string, open = false): Set<string> {
  const grams = new Set<string>();
  for (const part of word.split(/[^a-z0-9]+/)) {
    if (!part) continue;
    const padded = open ? `  ${part}` : `  ${part} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's similarity(): shared trigrams over all the trigrams of both. */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A word typed without its vowels ("gldn" for "golden"): matched on the consonants. */
export function isVowelless(word: string): boolean {
  return word.length >= 3 && /^[b-df-hj-np-tv-z]+$/.test(word);
}
