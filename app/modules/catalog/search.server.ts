// The store's search as SQL: what a query matches and how it ranks (pg_trgm, migration 0007).
//
// Every word must match, in any of its forms (itself, its singular, "15kg" as "15 kg") or
// one of their synonyms. A form of 4 letters or more matches anywhere in the product's text;
// a shorter one only at the start of a word ("cao" finds "cão" but not "ração"). Either way
// a word prefix finds its word ("peit" finds "peitoral"), and the GIN trigram index on
// produtos.busca serves both (LIKE and the regular expression).
//
// When that finds nothing, the forgiving pass: a word of 4 letters or more may also match by
// trigram word similarity (`%>`, served by the same index; the threshold is a setting of
// every connection, pg_trgm.word_similarity_threshold = 0.5, app/infra/db/client.server.ts),
// and a word typed without vowels ("gldn") by the consonants of the name's words. Two passes,
// so a word that is in the catalogue never brings look-alikes ("carrapatos" does not bring
// "castrados").
//
// Ranking, higher first: a SKU or EAN typed whole (1000), the whole phrase in the name (100),
// then 10 for each word found in the name; a product found by its description only scores 0.
// Ties go to the best-selling (the listing orders by r.vendidos next).
import { db, runSql } from "~/infra/db/client.server";
import { keptUntilChanged } from "~/infra/page-data.server";
import { isVowelless, normalizeSearch, searchWords, wordForms } from "./search";
import { sinonimos } from "./tables.server";

/** Each synonym's group, by term: "pulgas" -> ["antipulga", "antipulgas", "pulga", "pulgas"]. */
export type SynonymIndex = Map<string, string[]>;

const keptSynonyms = keptUntilChanged(["sinonimos"], async (): Promise<SynonymIndex> => {
  const rows = await db().select({ termos: sinonimos.termos }).from(sinonimos);
  const index: SynonymIndex = new Map();
  for (const { termos } of rows) {
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

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/** What a word may be found as: each of its forms, and their synonyms. */
function alternativesOf(word: string, synonyms: SynonymIndex): string[] {
  const found = new Set<string>();
  for (const form of wordForms(word)) {
    found.add(form);
    for (const synonym of synonyms.get(form) ?? []) found.add(synonym);
  }
  return [...found];
}

type Param = (value: unknown) => string;

function paramsOn(values: unknown[]): Param {
  return (value) => {
    values.push(value);
    return `$${values.length}`;
  };
}

/** `column` holds `text`: anywhere for 4 letters or more, else at the start of a word. */
function holds(column: string, text: string, param: Param): string {
  if (text.length >= 4 || !/^[a-z0-9]/.test(text)) {
    return `${column} like ${param(`%${escapeLike(text)}%`)}`;
  }
  return `${column} ~ ${param(`\\m${escapeRegex(text)}`)}`;
}

/** `word` found in `column` (p.busca or p.nome_busca), exactly or, when forgiving, nearly. */
function wordCondition(
  column: string,
  word: string,
  synonyms: SynonymIndex,
  forgiving: boolean,
  param: Param,
): string {
  const found = alternativesOf(word, synonyms).map((text) => holds(column, text, param));
  // `column %> word` is `word <% column` written as the index's clause: so written, the
  // planner sees the recheck already holds it and does not compute the similarity a second
  // time per row in the scan's filter (half the forgiving search's scan).
  if (forgiving && word.length >= 4) found.push(`${column} %> ${param(word)}`);
  if (forgiving && isVowelless(word)) {
    found.push(
      `regexp_replace(p.nome_busca, '[aeiou]', '', 'g') ~ ${param(`\\m${escapeRegex(word)}`)}`,
    );
  }
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
  forgiving = false,
  alias = "p",
): SearchSql | null {
  const sql = productSearchOnP(q, values, synonyms, forgiving);
  if (!sql || alias === "p") return sql;
  const renamed = (text: string) => text.replace(/\bp\./g, `${alias}.`);
  return { where: renamed(sql.where), rank: (rankValues) => renamed(sql.rank(rankValues)) };
}

function productSearchOnP(
  q: string | null | undefined,
  values: unknown[],
  synonyms: SynonymIndex,
  forgiving: boolean,
): SearchSql | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const param = paramsOn(values);
  const where = words
    .map((word) => wordCondition("p.busca", word, synonyms, forgiving, param))
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
        `(case when ${wordCondition("p.nome_busca", word, synonyms, forgiving, rankParam)} then 10 else 0 end)`,
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

/**
 * The words of the names and brands of the products on sale (a few hundred in a catalogue of
 * 10,000): read once and kept until a product or a category changes, since reading them
 * takes every product (80 ms at 10,000) and a sale changes none of them.
 */
const keptVocabulary = keptUntilChanged(["produtos", "categorias"], async () => {
  const rows = await runSql<{ w: string }>(
    db(),
    `select distinct unnest(string_to_array(p.nome_busca || ' ' || lower(coalesce(p.marca, '')), ' ')) as w
     from produtos p join categorias c on c.id = p.categoria_id and c.ativo
     where p.ativo and p.excluido_em is null`,
    [],
    "loja_busca_vocabulario",
  );
  return rows.map((r) => r.w).filter((w) => w.length >= 3);
});

/**
 * "Você quis dizer …?": each word of a search that found nothing, replaced by the closest
 * word of the products on sale (trigram similarity; for a word typed without vowels, the
 * word with the same consonants); null when nothing is close enough.
 */
export async function closestSearch(q: string): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const vocabulary = await keptVocabulary.get();
  const rows = await runSql<{ i: number; palavra: string | null }>(
    db(),
    `with vocabulario as (select unnest($2::text[]) as w)
     select q.i, (select v.w from vocabulario v where length(v.w) >= 3
        and (similarity(v.w, q.palavra) >= 0.3
          or regexp_replace(v.w, '[aeiou]', '', 'g') = q.palavra)
        order by (regexp_replace(v.w, '[aeiou]', '', 'g') = q.palavra) desc,
          similarity(v.w, q.palavra) desc, v.w limit 1) as palavra
     from unnest($1::text[]) with ordinality as q(palavra, i)`,
    [words, vocabulary],
    "loja_busca_quis_dizer",
  );
  const fixed = words.map((word, k) => rows.find((r) => Number(r.i) === k + 1)?.palavra ?? word);
  const suggestion = fixed.join(" ");
  return suggestion !== words.join(" ") ? suggestion : null;
}
