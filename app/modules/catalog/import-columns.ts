// The columns of the product import file (SPEC §3), light enough for the browser bundle.
/** The columns of the import file, in the order of the template. */
export const IMPORT_COLUMNS = [
  { field: "nome", label: "Nome do Produto", aliases: ["nome", "produto", "nome produto"] },
  { field: "descricao", label: "Descrição", aliases: ["descricao curta", "descricao do produto"] },
  { field: "categoria", label: "Categoria", aliases: ["grupo"] },
  { field: "subgrupo", label: "Subgrupo", aliases: ["sub grupo", "sub-grupo"] },
  { field: "marca", label: "Marca", aliases: ["fabricante"] },
  { field: "precoCusto", label: "Preço de Custo", aliases: ["custo", "preco custo"] },
  {
    field: "precoVenda",
    label: "Preço de Venda",
    aliases: ["preco", "preco venda", "valor", "valor de venda"],
  },
  {
    field: "precoPromocional",
    label: "Preço Promocional",
    aliases: ["promocao", "preco promo", "preco de promocao"],
  },
  { field: "estoque", label: "Estoque", aliases: ["quantidade", "qtd", "qtde"] },
  { field: "sku", label: "SKU", aliases: ["codigo", "cod", "codigo de barras", "ean"] },
  { field: "unidade", label: "Unidade", aliases: ["un", "und", "unid"] },
] as const;
