// The cart preview (SPEC §5.4): server prices, stock, coupon and delivery fee for what the
// cart holds, with the same rules the order applies, without writing anything.

import { lineName } from "~/modules/catalog";
import { type SaleVariant, saleVariants } from "~/modules/catalog/index.server";
import { findServedArea } from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import type { CouponResult } from "~/modules/promotions";
import { checkCoupon } from "~/modules/promotions/index.server";
import { currentSettings, listActiveUnits, type Unidade } from "~/modules/shop/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { type PickUpGap, pickUpGapMessage, pickUpGapNote } from "./cart";
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
  /** Stock counted by this quote: the pick-up unit's, else the open units' together. */
  estoque: number;
  /**
   * The open units' stock together, whatever the quote: what the cart keeps its quantity
   * within (a line is gone from the cart only when this is 0, never for one unit's stock).
   */
  estoqueTotal: number;
  /** What the cart asked for. */
  quantidadePedida: number;
  /** What can be sold now (min of asked and stock; 0 when unavailable). */
  quantidade: number;
  disponivel: boolean;
  subtotal: number;
  /**
   * A pick-up the unit cannot serve in full: what it lacks and where it is instead ("em
   * falta nesta unidade; disponível na Unidade Meia Praia ou para entrega"); else null.
   */
  falta: string | null;
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
  /**
   * The pick-up unit lacks some lines (issue 39): its name and the message the checkout
   * refuses with. The lines stay in the cart; they count 0 in this quote's totals.
   */
  retiradaFalta: { unidade: string; mensagem: string } | null;
}

/** The cart preview: the same rules the order applies, without writing anything. */
export async function quoteCart(
  input: {
    itens: { varianteId: string; quantidade: number }[];
    cupom?: string | null;
    bairro?: string | null;
    /** Pick-up at this unit: only its stock counts, and there is no delivery fee. */
    retiradaUnidadeId?: string | null;
    /**
     * A pick-up whose unit is not chosen yet: no delivery fee and no free-delivery talk
     * either, with the open units' stock.
     */
    modo?: "entrega" | "retirada" | null;
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
  const units = pickUp ? await listActiveUnits() : [];
  const gaps: PickUpGap[] = [];
  const linhas: QuoteLine[] = input.itens.flatMap((item) => {
    const v = byId.get(item.varianteId);
    if (!v) return [];
    const nome = lineName(v.nome, v.rotulo);
    const estoqueTotal = v.aVenda ? v.estoque : 0;
    const estoque = !v.aVenda
      ? 0
      : pickUp
        ? (v.porUnidade.find((u) => u.unidadeId === pickUp)?.disponivel ?? 0)
        : v.estoque;
    const disponivel = estoque > 0;
    // A pick-up line the unit cannot serve in full is not cut down to what the unit has:
    // it is named, with where it is, and counts nothing until the customer decides.
    const gap =
      pickUp && estoqueTotal > 0 && estoque < item.quantidade
        ? pickUpGap(v, nome, estoque, item.quantidade, pickUp, units)
        : null;
    if (gap) gaps.push(gap);
    const quantidade = gap || !disponivel ? 0 : Math.min(item.quantidade, estoque);
    return [
      {
        id: v.id,
        produtoId: v.produtoId,
        nome,
        sku: v.sku,
        imagemUrl: v.imagemUrl,
        preco: v.preco,
        precoAntes: v.precoAntes,
        estoque,
        estoqueTotal,
        quantidadePedida: item.quantidade,
        quantidade,
        disponivel,
        subtotal: v.preco * quantidade,
        falta: gap ? pickUpGapNote(gap) : null,
      },
    ];
  });
  const priced = linhas.map((l) => ({ preco: l.preco, quantidade: l.quantidade }));
  const subtotal = priced.reduce((s, l) => s + l.preco * l.quantidade, 0);
  let coupon: CouponResult | null = null;
  if (input.cupom) coupon = await checkCoupon(input.cupom, subtotal, executor);
  const rules = await deliveryRules(settings);
  const pickUpMode = pickUp !== null || input.modo === "retirada";
  const area = input.bairro && !pickUpMode ? findServedArea(rules, input.bairro) : null;
  const totals = computeTotals(priced, coupon, pickUpMode ? "retirada" : area, rules, {
    formaPagamento: input.formaPagamento,
    pixDescontoPercentual: settings.pixDescontoPercentual,
  });
  // Without a neighbourhood the fee is not known yet, unless delivery is free anyway.
  const feeKnown = area !== null || totals.freteGratis || pickUpMode;
  return {
    ...totals,
    taxaEntrega: feeKnown ? totals.taxaEntrega : null,
    total: feeKnown ? totals.total : totals.total - totals.taxaEntrega,
    linhas,
    cupom: coupon?.ok ? { codigo: coupon.codigo, desconto: totals.desconto } : null,
    cupomErro: coupon && !coupon.ok ? coupon.message : null,
    bairro: area?.nome ?? null,
    bairroErro: input.bairro && !area && !pickUpMode ? "Selecione um bairro atendido" : null,
    freteGratisMinimo: settings.freteGratisMinimo,
    taxaEntregaPadrao: settings.taxaEntregaPadrao,
    pixDescontoPercentual: settings.pixManualAtivo ? settings.pixDescontoPercentual : 0,
    retirada: pickUpMode,
    retiradaFalta:
      gaps.length > 0
        ? {
            unidade: unitName(units, pickUp),
            mensagem: pickUpGapMessage(unitName(units, pickUp), gaps),
          }
        : null,
  };
}

const unitName = (units: Unidade[], id: string | null) =>
  units.find((u) => u.id === id)?.nome ?? "unidade escolhida";

/**
 * A line the pick-up unit `unidadeId` holds less of than asked: the other pick-up units that
 * hold all of it, and whether a delivering unit does.
 */
export function pickUpGap(
  variant: SaleVariant,
  nome: string,
  naUnidade: number,
  pedida: number,
  unidadeId: string,
  units: Unidade[],
): PickUpGap {
  const delivering = new Set(units.filter((u) => u.atendeEntregas && !u.emBreve).map((u) => u.id));
  const enough = variant.porUnidade.filter((u) => u.disponivel >= pedida);
  return {
    nome,
    naUnidade,
    pedida,
    outrasUnidades: enough
      .filter((u) => u.retirada && u.unidadeId !== unidadeId)
      .map((u) => u.nome),
    entrega: enough.some((u) => delivering.has(u.unidadeId)),
  };
}
