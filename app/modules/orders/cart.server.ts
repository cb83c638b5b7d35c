// The cart preview (SPEC §5.4): server prices, stock, coupon and delivery fee for what the
// cart holds, with the same rules the order applies, without writing anything.
import { db, type Executor } from "~/infra/db/client.server";
import { lineName } from "~/modules/catalog";
import { saleVariants } from "~/modules/catalog/index.server";
import { findServedArea } from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import type { CouponResult } from "~/modules/promotions";
import { checkCoupon } from "~/modules/promotions/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import { computeTotals, type OrderTotals } from "./totals";

interface QuoteLine {
  /** The variant's id (the cart line's key). */
  id: string;
  produtoId: string;
  /** "Ração X — 15 kg". */
  nome: string;
  sku: string;
  imagemUrl: string | null;
  preco: number;
  precoAntes: number | null;
  estoque: number;
  /** What the cart asked for. */
  quantidadePedida: number;
  /** What can be sold now (min of asked and stock; 0 when unavailable). */
  quantidade: number;
  disponivel: boolean;
  subtotal: number;
}

export interface CartQuote extends Omit<OrderTotals, "taxaEntrega"> {
  /** null while no neighbourhood is chosen and delivery is not free. */
  taxaEntrega: number | null;
  linhas: QuoteLine[];
  cupom: { codigo: string; desconto: number } | null;
  cupomErro: string | null;
  bairro: string | null;
  bairroErro: string | null;
  freteGratisMinimo: number;
  taxaEntregaPadrao: number;
  /** The Pix discount on offer (0 when none or Pix is not accepted). */
  pixDescontoPercentual: number;
  /** A pick-up quote: no delivery fee to speak of. */
  retirada: boolean;
}

/** The cart preview: the same rules the order applies, without writing anything. */
export async function quoteCart(
  input: {
    itens: { varianteId: string; quantidade: number }[];
    cupom?: string | null;
    bairro?: string | null;
    /** Pick-up at this unit: only its stock counts, and there is no delivery fee. */
    retiradaUnidadeId?: string | null;
    /** The chosen payment method, when known: Pix earns the shop's Pix discount. */
    formaPagamento?: string | null;
  },
  executor: Executor = db(),
): Promise<CartQuote> {
  const settings = await currentSettings();
  const variants = await saleVariants(
    input.itens.map((i) => i.varianteId),
    executor,
  );
  const byId = new Map(variants.map((v) => [v.id, v]));
  const pickUp = input.retiradaUnidadeId ?? null;
  const linhas: QuoteLine[] = input.itens.flatMap((item) => {
    const v = byId.get(item.varianteId);
    if (!v) return [];
    const estoque = !v.aVenda
      ? 0
      : pickUp
        ? (v.porUnidade.find((u) => u.unidadeId === pickUp)?.disponivel ?? 0)
        : v.estoque;
    const disponivel = estoque > 0;
    const quantidade = disponivel ? Math.min(item.quantidade, estoque) : 0;
    return [
      {
        id: v.id,
        produtoId: v.produtoId,
        nome: lineName(v.nome, v.rotulo),
        sku: v.sku,
        imagemUrl: v.imagemUrl,
        preco: v.preco,
        precoAntes: v.precoAntes,
        estoque,
        quantidadePedida: item.quantidade,
        quantidade,
        disponivel,
        subtotal: v.preco * quantidade,
      },
    ];
  });
  const priced = linhas.map((l) => ({ preco: l.preco, quantidade: l.quantidade }));
  const subtotal = priced.reduce((s, l) => s + l.preco * l.quantidade, 0);
  let coupon: CouponResult | null = null;
  if (input.cupom) coupon = await checkCoupon(input.cupom, subtotal, executor);
  const rules = await deliveryRules(settings);
  const area = input.bairro && !pickUp ? findServedArea(rules, input.bairro) : null;
  const totals = computeTotals(priced, coupon, pickUp ? "retirada" : area, rules, {
    formaPagamento: input.formaPagamento,
    pixDescontoPercentual: settings.pixDescontoPercentual,
  });
  // Without a neighbourhood the fee is not known yet, unless delivery is free anyway.
  const feeKnown = area !== null || totals.freteGratis || pickUp !== null;
  return {
    ...totals,
    taxaEntrega: feeKnown ? totals.taxaEntrega : null,
    total: feeKnown ? totals.total : totals.total - totals.taxaEntrega,
    linhas,
    cupom: coupon?.ok ? { codigo: coupon.codigo, desconto: totals.desconto } : null,
    cupomErro: coupon && !coupon.ok ? coupon.message : null,
    bairro: area?.nome ?? null,
    bairroErro: input.bairro && !area && !pickUp ? "Selecione um bairro atendido" : null,
    freteGratisMinimo: settings.freteGratisMinimo,
    taxaEntregaPadrao: settings.taxaEntregaPadrao,
    pixDescontoPercentual: settings.pixManualAtivo ? settings.pixDescontoPercentual : 0,
    retirada: pickUp !== null,
  };
}
