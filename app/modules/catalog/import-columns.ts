// The columns of the product import file (SPEC §3; one row per variant, decision 0029),
// light enough for the browser bundle.
import { normalizeSearch } from "./search";

/**
 * Every column the importer knows: `label` is its name in the template and the export,
 * `aliases` the other names it is found by (today's Portuguese headers among them). Names
 * are compared without accents, case, underscores or hyphens.
 */
export const IMPORT_COLUMNS = [
  { field: "sku", label: "sku", aliases: ["SKU", "codigo", "cod", "sku variacao"] },
  { field: "skuProduto", label: "sku_produto", aliases: ["codigo produto", "sku do produto"] },
  {
    field: "nome",
    label: "nome_produto",
    aliases: ["Nome do Produto", "nome", "produto", "nome produto"],
  },
  {
    field: "descricao",
    label: "descricao",
    aliases: ["Descrição", "descricao curta", "descricao do produto"],
  },
  { field: "categoria", label: "categoria", aliases: ["Categoria", "grupo"] },
  { field: "subgrupo", label: "subgrupo", aliases: ["Subgrupo", "sub grupo"] },
  { field: "marca", label: "marca", aliases: ["Marca", "fabricante"] },
  { field: "unidade", label: "unidade", aliases: ["Unidade", "un", "und", "unid"] },
  // The cost of this pack size (issue 44): one per variant, not one per product.
  { field: "precoCusto", label: "preco_custo", aliases: ["Preço de Custo", "custo"] },
  { field: "ncm", label: "ncm", aliases: ["NCM", "codigo ncm", "classificacao fiscal"] },
  { field: "opcao1Nome", label: "opcao1_nome", aliases: ["opcao 1 nome"] },
  { field: "opcao1Valor", label: "opcao1_valor", aliases: ["opcao 1 valor"] },
  { field: "opcao2Nome", label: "opcao2_nome", aliases: ["opcao 2 nome"] },
  { field: "opcao2Valor", label: "opcao2_valor", aliases: ["opcao 2 valor"] },
  { field: "opcao3Nome", label: "opcao3_nome", aliases: ["opcao 3 nome"] },
  { field: "opcao3Valor", label: "opcao3_valor", aliases: ["opcao 3 valor"] },
  {
    field: "precoVenda",
    label: "preco",
    aliases: ["Preço de Venda", "preco venda", "valor", "valor de venda"],
  },
  { field: "precoAntigo", label: "preco_antigo", aliases: ["preco antes", "preco anterior"] },
  {
    field: "precoPromocional",
    label: "Preço Promocional",
    aliases: ["promocao", "preco promo", "preco de promocao"],
  },
  { field: "ean", label: "ean", aliases: ["codigo de barras", "gtin"] },
  { field: "pesoG", label: "peso_g", aliases: ["peso", "peso gramas"] },
  { field: "estoque", label: "Estoque", aliases: ["quantidade", "qtd", "qtde"] },
  { field: "ativo", label: "ativo", aliases: ["ativa", "a venda"] },
] as const;

export type ImportField = (typeof IMPORT_COLUMNS)[number]["field"];

/** The columns of the template and the export, in order; `estoque_<unidade>` go before `ativo`. */
export const VARIANT_COLUMNS = [
  "sku",
  "sku_produto",
  "nome_produto",
  "descricao",
  "categoria",
  "subgrupo",
  "marca",
  "unidade",
  "preco_custo",
  "opcao1_nome",
  "opcao1_valor",
  "opcao2_nome",
  "opcao2_valor",
  "opcao3_nome",
  "opcao3_valor",
  "preco",
  "preco_antigo",
  "ean",
  "peso_g",
  "ncm",
] as const;

/**
 * One row of the file: a variant and what it says of its product. A field is `undefined`
 * when the file has no column for it (the stored value stays), `null` when its cell is
 * empty. Prices in centavos.
 */
export interface ImportProduct {
  /** The product's name; empty when the row leaves it to another row of its product. */
  nome: string;
  descricaoCurta?: string | null;
  /** Empty when the row leaves it to another row of its product (or to the stored one). */
  categoria: string;
  subgrupo?: string | null;
  marca?: string | null;
  /** This variant's cost (centavos). */
  precoCusto?: number | null;
  /** This variant's NCM, 8 digits. */
  ncm?: string | null;
  precoAtual: number;
  precoAntes?: number | null;
  /** Today's single `Estoque` column: the units at the unit that delivers; null when empty. */
  estoque?: number | null;
  /** `estoque_<unidade>` columns with a number, by `stockColumnKey`. */
  estoques: Record<string, number>;
  /** The variant's SKU (one-variant files: the product's too). */
  sku: string | null;
  /** The product's code grouping rows into one product (`sku_produto`). */
  skuProduto: string | null;
  /** Option names and values, in order (up to 3); empty for a product without options. */
  opcoes: { nome: string; valor: string }[];
  ean?: string | null;
  pesoG?: number | null;
  /** Whether the variant is on sale; null when the cell is empty. */
  ativo?: boolean | null;
  unidade?: string;
}

/** A header name as compared: no accents, lower case, punctuation as single spaces. */
export function normalizeHeader(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The header of a unit's stock column: `estoque_<slug>`. */
export function stockColumnLabel(slug: string): string {
  return `estoque_${slug}`;
}

/**
 * The key a stock column is matched by: its header without `estoque`, normalized; the same
 * for the unit's slug (so `Estoque Meia Praia` finds `meia-praia`). Null for other headers.
 */
export function stockColumnKey(header: string): string | null {
  const name = normalizeHeader(header);
  return name.startsWith("estoque ") ? name.slice("estoque ".length) : null;
}

/** The key of a unit's slug, as `stockColumnKey` gives it for its column. */
export function unitStockKey(slug: string): string {
  return normalizeHeader(slug);
}
