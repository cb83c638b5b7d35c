// The store's search as SQL: what a query matches and how it ranks (pg_trgm, migration 0007).
//
// Every word must match, in any of its forms (itself, its singular or plurals, "15kg" as
// "15 kg"), one of their synonyms, or, for a species word, any word of that species
// ("cachorro" finds "Dog"). A form of 4 letters or more matches anywhere in the product's
// text; a shorter one only at the start of a word ("cao" finds "cão" but not "ração").
// Either way a word prefix finds its word ("peit" finds "peitoral"), and the GIN trigram
// index on produtos.busca serves both (LIKE and the regular expression).
//
// When that finds nothing, the forgiving pass: each word may also be one of the few words of
// the products on sale (the vocabulary, kept in memory) that it nearly is: by trigram
// similarity (a typo: "bravekto" is "bravecto"; "bravekt" the start of it), or, typed
// without vowels, by its consonants ("gldn" is "golden"). Those words are then searched like
// typed ones, through the same index: the database never compares a word with every product
// (issue 39, point 4: a regexp_replace and a similarity per product per word let one
// 100-letter query hold PGlite for 5 s). Two passes, so a word that is in the catalogue
// never brings look-alikes ("carrapatos" does not bring "castrados").
//
// Ranking, higher first: a SKU or EAN typed whole (1000), the whole phrase in the name (100),
// then 10 for each word found in the name; a product found by its description only scores 0.
// Ties go to the best-selling (the listing orders by r.vendidos next).
//
// On PostgreSQL every search statement runs with a statement timeout (runSearchSql); on
// PGlite, which has none and runs in the server's thread, the bound is the work itself:
// capped words (search.ts), indexed conditions only, a bounded number of alternatives.
import { currentDatabase, db, runSql, transaction } from "~/platform/db/client.server";
import { keptUntilChanged } from "~/platform/page-data.server";
import {
  consonantsOf,
  isVowelless,
  normalizeSearch,
  SPECIES_WORDS,
  searchWords,
  trigramSimilarity,
  trigramsOf,
  wordForms,
} from "./search";
import { sinonimos } from "./tables.server";

/** Each synonym's group, by term: "pulgas" -> ["antipulga", "antipulgas", "pulga", "pulgas"]. */
export type SynonymIndex = Map<string, string[]>;

const keptSynonyms = keptUntilChanged(["sinonimos"], async (): Promise<SynonymIndex> => {
  const rows = await db().select({ termos: sinonimos.termos }).from(sinonimos);
  const index: SynonymIndex = new Map();
  // The species' words first: always there, whatever the shop's list says.
  const groups = [...SPECIES_WORDS, ...rows.map((r) => r.termos)];
  for (const termos of groups) {
    const group = termos.map(normalizeSearch).filter(Boolean);
    for (const term of group) index.set(term, [...new Set([...(index.get(term) ?? []), ...group])]);
  }
  return index;
});

export function storeSynonyms(): Promise<SynonymIndex> {
  return keptSynonyms.get();
}

/** After a write: this instance reads the groups again at once (others hear the trigger). */
export function forgetSynonyms(): void {
  keptSynonyms.forget();
}

export interface SearchSql {
  /** A condition on `p` (produtos). */
  where: string;
  /**
   * A number, higher first: exact SKU/EAN, then name, then description. Its values go onto
   * the list given (only the statement that orders by it takes them).
   */
  rank: (values: unknown[]) => string;
}

/** The rank of a product whose SKU or EAN is the whole search. */
const CODE_RANK = 1000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * At most this many texts a word may be found as (its forms, synonyms, near words): each is
 * one indexed condition, and a long synonym list must not make a word cost more.
 */
const MAX_ALTERNATIVES = 16;

/** What a word may be found as: each of its forms, and their synonyms. */
function alternativesOf(word: string, synonyms: SynonymIndex): string[] {
  const found = new Set<string>();
  for (const form of wordForms(word)) {
    found.add(form);
    for (const synonym of synonyms.get(form) ?? []) found.add(synonym);
  }
  return [...found].slice(0, MAX_ALTERNATIVES);
}

type Param = (value: unknown) => string;

function paramsOn(values: unknown[]): Param {
  return (value) => {
    values.push(value);
    return `$${values.length}`;
  };
}

/**
 * `column` holds `text`: anywhere for 4 letters or more, else at the start of a word (the
 * text's start or after a space). Two LIKEs rather than a `\m` regular expression: the
 * trigram index serves both, but planning and running a regular expression over the index
 * cost PGlite tens of milliseconds for six short words (issue 39, point 4).
 */
function holds(column: string, text: string, param: Param): string {
  const like = escapeLike(text);
  if (text.length >= 4 || !/^[a-z0-9]/.test(text)) return `${column} like ${param(`%${like}%`)}`;
  return `(${column} like ${param(`${like}%`)} or ${column} like ${param(`% ${like}%`)})`;
}

/** The words of the catalogue a typed word nearly is, by typed word (the forgiving pass). */
export type NearWords = Map<string, string[]>;

/**
 * `word` found in `column` (p.busca or p.nome_busca): as typed (its forms and synonyms) or,
 * in the forgiving pass, as one of the catalogue's words it nearly is. Only conditions the
 * trigram index serves.
 */
function wordCondition(
  column: string,
  word: string,
  synonyms: SynonymIndex,
  near: NearWords | null,
  param: Param,
): string {
  const texts = new Set(alternativesOf(word, synonyms));
  for (const other of near?.get(word) ?? []) texts.add(other);
  const found = [...texts].map((text) => holds(column, text, param));
  return `(${found.join(" or ")})`;
}

/**
 * The search of `q` over products aliased `p` (or `alias`), pushing its values onto `values`
 * (numbered parameters); null when there is nothing to search.
 */
export function productSearchSql(
  q: string | null | undefined,
  values: unknown[],
  synonyms: SynonymIndex,
  near: NearWords | null = null,
  alias = "p",
): SearchSql | null {
  const sql = productSearchOnP(q, values, synonyms, near);
  if (!sql || alias === "p") return sql;
  const renamed = (text: string) => text.replace(/\bp\./g, `${alias}.`);
  return { where: renamed(sql.where), rank: (rankValues) => renamed(sql.rank(rankValues)) };
}

function productSearchOnP(
  q: string | null | undefined,
  values: unknown[],
  synonyms: SynonymIndex,
  near: NearWords | null,
): SearchSql | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const param = paramsOn(values);
  const where = words
    .map((word) => wordCondition("p.busca", word, synonyms, near, param))
    .join(" and ");
  const rank = (rankValues: unknown[]) => {
    const rankParam = paramsOn(rankValues);
    const parts: string[] = [];
    if (words.length === 1) {
      parts.push(`case when ${codeMatch(words[0]!, rankParam)} then ${CODE_RANK} else 0 end`);
    } else {
      parts.push(
        `case when p.nome_busca like ${rankParam(`%${escapeLike(words.join(" "))}%`)} then 100 else 0 end`,
      );
    }
    const inName = words.map(
      (word) =>
        `(case when ${wordCondition("p.nome_busca", word, synonyms, near, rankParam)} then 10 else 0 end)`,
    );
    return `(${[...parts, ...inName].join(" + ")})`;
  };
  return { where, rank };
}

/** Product `p` has `word` as its code, or a variant on sale has it as its SKU or EAN. */
function codeMatch(word: string, param: Param): string {
  const code = param(word);
  // Uncorrelated: the products with that code are found once, not looked up per row.
  return `(lower(p.sku) = ${code} or p.id = any(array(select vs.produto_id from variantes vs
    where vs.ativo and (lower(vs.sku) = ${code} or vs.ean = ${code}))))`;
}

/** A variant found by its whole code: what the product page opens on (`?v=SKU`). */
export interface CodeMatch {
  produtoId: string;
  sku: string;
}

/**
 * The variant on sale whose SKU or EAN (a barcode scanned into the search) is exactly `q`,
 * of a product the store shows; null otherwise. Served by the unique indexes on sku and ean.
 */
export async function variantByCode(q: string | null | undefined): Promise<CodeMatch | null> {
  const words = searchWords(q);
  if (words.length !== 1 || words[0]!.length < 3) return null;
  const word = words[0]!;
  const typed = (q ?? "").trim();
  const [row] = await runSql<CodeMatch>(
    db(),
    `select v.produto_id as "produtoId", v.sku from variantes v
     join produtos p on p.id = v.produto_id and p.ativo and p.excluido_em is null
     join categorias c on c.id = p.categoria_id and c.ativo
     where v.ativo and (v.sku = any($1::text[]) or v.ean = $2)
     limit 1`,
    [[...new Set([typed, word, word.toUpperCase()])], word],
    "loja_variante_por_codigo",
  );
  return row ?? null;
}

/** The catalogue's words with what the forgiving pass compares: trigrams and consonants. */
interface Vocabulary {
  words: string[];
  grams: Set<string>[];
  consonants: string[];
}

/**
 * The words of the names and brands of the products on sale, and of the categories (a few
 * hundred in a catalogue of 10,000): read once and kept until a product or a category
 * changes, since reading them takes every product (80 ms at 10,000) and a sale changes none
 * of them.
 */
const keptVocabulary = keptUntilChanged(
  ["produtos", "categorias"],
  async (): Promise<Vocabulary> => {
    const rows = await runSql<{ w: string }>(
      db(),
      `select distinct unnest(string_to_array(p.nome_busca || ' ' || lower(coalesce(p.marca, '')), ' ')) as w
       from produtos p join categorias c on c.id = p.categoria_id and c.ativo
       where p.ativo and p.excluido_em is null
       union
       select unnest(string_to_array(lower(c.nome), ' ')) from categorias c where c.ativo`,
      [],
      "loja_busca_vocabulario",
    );
    const words = [
      ...new Set(rows.map((r) => normalizeSearch(r.w)).filter((w) => /^[a-z]{3,}$/.test(w))),
    ].sort();
    return {
      words,
      grams: words.map((w) => trigramsOf(w)),
      consonants: words.map(consonantsOf),
    };
  },
);

/** How alike a typo and a catalogue word must be (pg_trgm similarity, 0 to 1). */
const NEAR_SIMILARITY = 0.5;
/** The "Você quis dizer" takes a word a bit further off: it is only offered, and checked. */
const SUGGESTION_SIMILARITY = 0.34;
/** Near words per typed word: the best few. */
const NEAR_WORDS_PER_WORD = 4;
/** Longer words are no typo of a catalogue word (its longest are about 15 letters). */
const MAX_TYPO_LENGTH = 20;

interface Scored {
  word: string;
  score: number;
}

/**
 * The catalogue's words `typed` nearly is, best first: for a word without vowels, those whose
 * consonants start with it; for a word of 4 letters or more, those (or their start, for a
 * word still being typed) as similar as `threshold`. Computed in this process over the kept
 * vocabulary: a few microseconds a word, whatever the catalogue's size.
 */
function scoredNearWords(typed: string, vocabulary: Vocabulary, threshold: number): Scored[] {
  if (typed.length > MAX_TYPO_LENGTH || !/^[a-z]+$/.test(typed)) return [];
  const found: Scored[] = [];
  const vowelless = isVowelless(typed);
  const grams = typed.length >= 4 ? trigramsOf(typed) : null;
  const start = typed.length >= 4 ? trigramsOf(typed, true) : null;
  vocabulary.words.forEach((word, i) => {
    if (word === typed) return;
    let score = 0;
    if (vowelless && vocabulary.consonants[i]!.startsWith(typed)) {
      score = vocabulary.consonants[i] === typed ? 2 : 1.5;
    } else if (grams && start) {
      score = trigramSimilarity(grams, vocabulary.grams[i]!);
      // A word still being typed, with a typo: against the word's start, a letter either way.
      for (let n = typed.length - 1; n <= typed.length + 1 && n < word.length; n++) {
        score = Math.max(score, trigramSimilarity(start, trigramsOf(word.slice(0, n), true)));
      }
    }
    if (score >= threshold) found.push({ word, score });
  });
  return found.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
}

/** For the forgiving pass: the near words of each word of `q`. */
export async function nearWords(q: string | null | undefined): Promise<NearWords> {
  const vocabulary = await keptVocabulary.get();
  const near: NearWords = new Map();
  for (const word of searchWords(q)) {
    const best = scoredNearWords(word, vocabulary, NEAR_SIMILARITY).slice(0, NEAR_WORDS_PER_WORD);
    if (best.length > 0)
      near.set(
        word,
        best.map((s) => s.word),
      );
  }
  return near;
}

/**
 * "Você quis dizer …?": each word of a search that found nothing and is no word of the
 * catalogue, replaced by the closest word of the products on sale; null when nothing changed
 * or nothing is close enough. The caller checks that it finds something before offering it.
 */
export async function closestSearch(q: string): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const vocabulary = await keptVocabulary.get();
  const known = new Set(vocabulary.words);
  const fixed = words.map((word) => {
    if (known.has(word) || wordForms(word).some((form) => known.has(form))) return word;
    return scoredNearWords(word, vocabulary, SUGGESTION_SIMILARITY)[0]?.word ?? word;
  });
  const suggestion = fixed.join(" ");
  return suggestion !== words.join(" ") ? suggestion : null;
}

/** How long one search statement may run on PostgreSQL (ms); a normal one takes a few. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 1_000;

/** A search statement stopped by its timeout: answered as a search too long to run. */
export class SearchTooSlowError extends Error {
  constructor() {
    super("busca interrompida pelo limite de tempo");
    this.name = "SearchTooSlowError";
  }
}

/**
 * One statement of a search. On PostgreSQL in a transaction of its own with
 * `SET LOCAL statement_timeout`, so no query a customer types holds a connection and a core
 * for longer (the pool is the checkout's too); PGlite has no timeout to set, and its bound is
 * the statement's indexed work.
 */
export async function runSearchSql<Row>(
  text: string,
  values: unknown[],
  name?: string,
): Promise<Row[]> {
  if (currentDatabase()?.kind !== "postgres") return runSql<Row>(db(), text, values, name);
  try {
    return await transaction(async (tx) => {
      await runSql(tx, `set local statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`, []);
      return runSql<Row>(tx, text, values, name);
    });
  } catch (error) {
    // 57014: query_canceled (the statement timeout).
    if (stateOf(error) === "57014") throw new SearchTooSlowError();
    throw error;
  }
}

/** The SQLSTATE of a driver's error, or of what it wraps (Drizzle wraps it as `cause`). */
function stateOf(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}
