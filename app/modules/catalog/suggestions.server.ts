// Suggestions while typing in the store's search (/loja/sugestoes, issue 25 point 3): a few
// products on sale (the same search and ranking as the listing, the forgiving pass when the
// words as typed find nothing) and the categories whose name has the words. Kept in memory
// per search until a product, its stock, a category or a synonym changes.
import { decimalToCentavos } from "~/domain/money";
import { keptByKeyUntilChanged } from "~/platform/page-data.server";
import { listStoreCategories, type StoreCategory } from "./categories.server";
import { productThumbnail } from "./product-image";
import { searchWords, wordForms } from "./search";
import {
  type NearWords,
  nearWords,
  productSearchSql,
  runSearchSql,
  type SynonymIndex,
  storeSynonyms,
  variantByCode,
} from "./search.server";
import { inSearchTurn } from "./search-limit.server";

/** At most this many suggestions in all. */
const MAX_SUGGESTIONS = 8;
/** Categories come after the products, at most this many. */
const MAX_CATEGORY_SUGGESTIONS = 2;
/** Fewer letters than this suggest nothing (one letter matches half the shop). */
const MIN_QUERY_LENGTH = 2;

interface ProductSuggestion {
  tipo: "produto";
  nome: string;
  href: string;
  /** A small picture (the 200 px copy when the server made it), or null. */
  imagem: string | null;
  /** The lowest price on sale (centavos). */
  preco: number;
  /** Its variants' prices differ: "a partir de". */
  aPartirDe: boolean;
}

interface CategorySuggestion {
  tipo: "categoria";
  nome: string;
  href: string;
}

export type Suggestion = ProductSuggestion | CategorySuggestion;

/** The suggestions for what is typed so far; none for fewer than 2 letters. */
export function storeSuggestions(q: string | null | undefined): Promise<Suggestion[]> {
  const key = suggestionKey(q);
  if (key.length < MIN_QUERY_LENGTH) return Promise.resolve([]);
  return keptSuggestions.get(key);
}

/** Whether the suggestions for `q` need no database (none to give, or kept). */
export function storeSuggestionsKept(q: string | null | undefined): boolean {
  const key = suggestionKey(q);
  return key.length < MIN_QUERY_LENGTH || keptSuggestions.has(key);
}

function suggestionKey(q: string | null | undefined): string {
  return searchWords((q ?? "").slice(0, 100)).join(" ");
}

const keptSuggestions = keptByKeyUntilChanged(
  ["produtos", "categorias", "variantes", "estoque", "unidades", "sinonimos", "produtos_resumo"],
  (q: string) => q,
  (q: string) => inSearchTurn(() => readSuggestions(q)),
  1000,
);

async function readSuggestions(q: string): Promise<Suggestion[]> {
  const [synonyms, categories, code] = await Promise.all([
    storeSynonyms(),
    listStoreCategories(),
    variantByCode(q),
  ]);
  const categoryHits = matchingCategories(q, categories).slice(0, MAX_CATEGORY_SUGGESTIONS);
  const room = MAX_SUGGESTIONS - categoryHits.length;
  let products = await readProducts(q, synonyms, null, room);
  if (products.length === 0) {
    const near = await nearWords(q);
    if (near.size > 0) products = await readProducts(q, synonyms, near, room);
  }
  const suggestions: Suggestion[] = products.map((row) => {
    const preco = decimalToCentavos(row.precoMin);
    return {
      tipo: "produto",
      nome: row.nome,
      // A whole SKU or EAN opens its product on that variant.
      href:
        code && code.produtoId === row.id
          ? `/loja/produto/${row.id}?v=${encodeURIComponent(code.sku)}`
          : `/loja/produto/${row.id}`,
      imagem: productThumbnail(row.imagemUrl),
      preco,
      aPartirDe: decimalToCentavos(row.precoMax) > preco,
    };
  });
  for (const c of categoryHits) {
    suggestions.push({
      tipo: "categoria",
      nome: c.nome,
      href: `/loja?categoria=${encodeURIComponent(c.slug)}`,
    });
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

interface SuggestionRow {
  id: string;
  nome: string;
  imagemUrl: string | null;
  precoMin: string;
  precoMax: string;
}

/** Products the listing would show for `q` (active, in an active category, available). */
async function readProducts(
  q: string,
  synonyms: SynonymIndex,
  near: NearWords | null,
  limit: number,
): Promise<SuggestionRow[]> {
  const values: unknown[] = [];
  const search = productSearchSql(q, values, synonyms, near);
  if (!search) return [];
  const rank = search.rank(values);
  values.push(limit);
  return runSearchSql<SuggestionRow>(
    `select p.id, p.nome, p.imagem_url as "imagemUrl", r.preco_min as "precoMin",
       r.preco_max as "precoMax"
     from produtos p join categorias c on c.id = p.categoria_id and c.ativo
     join produtos_resumo r on r.produto_id = p.id
     where p.ativo and p.excluido_em is null and r.variacoes > 0 and r.disponivel > 0
       and ${search.where}
     order by ${rank} desc, r.vendidos desc, lower(p.nome), p.id
     limit $${values.length}`,
    values,
  );
}

/** Categories with every word at the start of one of their name's words (plurals too). */
function matchingCategories(q: string, categories: StoreCategory[]): StoreCategory[] {
  const words = searchWords(q);
  return categories.filter((c) => {
    const nameWords = searchWords(c.nome).flatMap(wordForms);
    return words.every((word) =>
      wordForms(word).some((form) => nameWords.some((n) => n.startsWith(form))),
    );
  });
}
