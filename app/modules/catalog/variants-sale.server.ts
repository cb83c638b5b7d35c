// Variants as the store sells them: price, label, image and what each open unit has
// available (inventory's `disponivel`). The cart, the checkout and the product page read
// these; the order re-reads price and stock under the stock row's lock.

import { decimalToCentavos } from "~/domain/money";
import { unitSellsCondition } from "~/modules/shop/index.server";
import { db, type Executor, runSql } from "~/platform/db/client.server";
import { readByUuids } from "./by-ids.server";
import { UUID_PATTERN } from "./listing";

/** Stock counts only where the unit sells (shop's rule). */
const SELLS = unitSellsCondition("u");

interface UnitAvailability {
  unidadeId: string;
  /** The unit's name, and whether it takes pick-up orders. */
  nome: string;
  retirada: boolean;
  disponivel: number;
}

export interface SaleVariant {
  id: string;
  produtoId: string;
  /** The product's name; `rotulo` is the variant's label ("15 kg"), empty for the only one. */
  nome: string;
  rotulo: string;
  sku: string;
  /** The variant's image, else the product's ('' stored on the variant: none). */
  imagemUrl: string | null;
  preco: number;
  /** Crossed out only when higher than the price. */
  precoAntes: number | null;
  pesoG: number | null;
  /** The option values, in the product's option order. */
  valores: string[];
  /** Variant and product active and not deleted. */
  aVenda: boolean;
  /** Available at the open units, summed. */
  estoque: number;
  porUnidade: UnitAvailability[];
}

interface SaleVariantRow {
  id: string;
  produto_id: string;
  nome: string;
  rotulo: string;
  sku: string;
  imagem_url: string | null;
  preco: string;
  preco_antes: string | null;
  peso_g: number | null;
  opcao1: string | null;
  opcao2: string | null;
  opcao3: string | null;
  a_venda: boolean;
  por_unidade: UnitAvailability[] | null;
}

const SALE_VARIANT_SQL = `select v.id, v.produto_id, p.nome, v.rotulo, v.sku,
    nullif(coalesce(v.imagem_url, p.imagem_url), '') as imagem_url, v.preco, v.preco_antes, v.peso_g,
    v.opcao1, v.opcao2, v.opcao3, (v.ativo and p.ativo and p.excluido_em is null) as a_venda,
    (select json_agg(json_build_object('unidadeId', e.unidade_id, 'nome', u.nome,
       'retirada', u.retirada_ativa, 'disponivel', e.disponivel) order by u.posicao, u.nome)
     from estoque e join unidades u on u.id = e.unidade_id and ${SELLS}
     where e.variante_id = v.id) as por_unidade
  from variantes v join produtos p on p.id = v.produto_id`;

function saleVariantFrom(row: SaleVariantRow): SaleVariant {
  const preco = decimalToCentavos(row.preco);
  const antes = row.preco_antes === null ? null : decimalToCentavos(row.preco_antes);
  const porUnidade = (row.por_unidade ?? []).map((u) => ({
    unidadeId: u.unidadeId,
    nome: u.nome,
    retirada: Boolean(u.retirada),
    disponivel: Math.max(0, Number(u.disponivel)),
  }));
  return {
    id: row.id,
    produtoId: row.produto_id,
    nome: row.nome,
    rotulo: row.rotulo,
    sku: row.sku,
    imagemUrl: row.imagem_url,
    preco,
    precoAntes: antes !== null && antes > preco ? antes : null,
    pesoG: row.peso_g,
    valores: [row.opcao1, row.opcao2, row.opcao3].filter((v): v is string => Boolean(v)),
    aVenda: row.a_venda,
    estoque: row.a_venda ? porUnidade.reduce((s, u) => s + u.disponivel, 0) : 0,
    porUnidade,
  };
}

/** Variants by id (the cart's lines), on sale or not; unknown ids are left out. */
export async function saleVariants(
  ids: string[],
  executor: Executor = db(),
): Promise<SaleVariant[]> {
  const rows = await readByUuids<SaleVariantRow>(
    executor,
    ids,
    `${SALE_VARIANT_SQL} where v.id = any($1::uuid[])`,
    "variantes_venda",
  );
  return rows.map(saleVariantFrom);
}

/** A product's active variants in the store's order (its page). */
export async function productSaleVariants(
  produtoId: string,
  executor: Executor = db(),
): Promise<SaleVariant[]> {
  if (!UUID_PATTERN.test(produtoId)) return [];
  const rows = await runSql<SaleVariantRow>(
    executor,
    `${SALE_VARIANT_SQL} where v.produto_id = $1 and v.ativo order by v.posicao, v.id`,
    [produtoId],
    "variantes_do_produto",
  );
  return rows.map(saleVariantFrom);
}
