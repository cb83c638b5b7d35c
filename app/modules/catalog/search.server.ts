// The store's search as SQL: what a query matches and how it ranks (pg_trgm, migration 0007).
// Every word must match, each one by substring (which covers word prefixes: "peit" finds
// "peitoral") or by one of its synonyms. When that finds nothing, the forgiving pass: a word
// of 4 letters or more may also match by trigram word similarity (a typo: "bravekto" finds
// "bravecto"). Two passes, so a word that is in the catalogue never brings look-alikes
// ("carrapatos" does not bring "castrados").
import { db, runSql } from "~/infra/db/client.server";
import { keptUntilChanged } from "~/infra/page-data.server";
import { normalizeSearch } from "./search";
import { sinonimos } from "./tables.server";

/** Words of a search that count; the rest are ignored (a pasted paragraph is not a query). */
const MAX_WORDS = 6;
/** How alike a mistyped word and a product's word must be (pg_trgm word_similarity). */
const TYPO_SIMILARITY = 0.45;

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

export interface SearchSql {
  /** A condition on `p` (produtos). */
  where: string;
  /**
   * A number, higher first: exact SKU/EAN, then name, then description. Its values go onto
   * the list given (only the statement that orders by it takes them).
   */
  rank: (values: unknown[]) => string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a search, normalised, at most MAX_WORDS. */
function searchWords(q: string | null | undefined): string[] {
  return normalizeSearch(q).split(" ").filter(Boolean).slice(0, MAX_WORDS);
}

/**
 * The search of `q` over products aliased `p`, pushing its values onto `values` (numbered
 * parameters); null when there is nothing to search.
 */
export function productSearchSql(
  q: string | null | undefined,
  values: unknown[],
  synonyms: SynonymIndex,
  forgiving = false,
): SearchSql | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = words.map((word) => {
    const alternatives = synonyms.get(word) ?? [word];
    const likes = alternatives.map((a) => `p.busca like ${param(`%${escapeLike(a)}%`)}`);
    if (forgiving && word.length >= 4) {
      likes.push(`word_similarity(${param(word)}, p.busca) >= ${TYPO_SIMILARITY}`);
    }
    return `(${likes.join(" or ")})`;
  });
  const whole = words.join(" ");
  const rank = (rankValues: unknown[]) => {
    rankValues.push(whole, `%${escapeLike(whole)}%`);
    const code = `$${rankValues.length - 1}`;
    const all = `$${rankValues.length}`;
    return `(case when exists (select 1 from variantes vs where vs.produto_id = p.id
      and (lower(vs.sku) = ${code} or vs.ean = ${code})) then 100 else 0 end
    + case when p.nome_busca like ${all} then 10 else 0 end
    + word_similarity(${code}, p.nome_busca) * 5
    + word_similarity(${code}, p.busca))`;
  };
  return { where: conditions.join(" and "), rank };
}

/**
 * "Você quis dizer …?": each word of a search that found nothing, replaced by the closest
 * word of the products on sale (trigram similarity); null when nothing is close enough.
 */
export async function closestSearch(q: string): Promise<string | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const rows = await runSql<{ i: number; palavra: string | null }>(
    db(),
    `with vocabulario as (
       select distinct unnest(string_to_array(p.nome_busca || ' ' || lower(coalesce(p.marca, '')), ' ')) as w
       from produtos p where p.ativo and p.excluido_em is null
     )
     select q.i, (select v.w from vocabulario v where length(v.w) >= 3
        and similarity(v.w, q.palavra) >= 0.3
        order by similarity(v.w, q.palavra) desc, v.w limit 1) as palavra
     from unnest($1::text[]) with ordinality as q(palavra, i)`,
    [words],
  );
  const fixed = words.map((word, k) => rows.find((r) => Number(r.i) === k + 1)?.palavra ?? word);
  const suggestion = fixed.join(" ");
  return suggestion !== words.join(" ") ? suggestion : null;
}
