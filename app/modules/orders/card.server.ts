// An order paid by card online (decision 0080): its Checkout Pro preference (the plain
// redirect after the checkout, "Tentar de novo"), the payments the provider announces or the
// search finds matched to it, the owner's installments limit, the switch to Pix and the
// deadline that releases an unpaid order's stock as the Pix expiry does.
import { asc, eq } from "drizzle-orm";
import { formatDateTime } from "~/domain/dates";
import {
  acceptSearchedPayments,
  type Cobranca,
  CobrancaError,
  cardCobrancasOf,
  cardDeadline,
  createCardPreference,
  hasPaidCobranca,
  PaymentProviderError,
  type ProviderCobranca,
  pixOnlineOffered,
  recordCardCobranca,
  refundOverInstallments,
  withPreference,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { db, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import type { CardOnlineView } from "./card-view";
import { applyChargeUpdate } from "./payment.server";
import { startOrderPixCharge } from "./pix.server";
import { getCustomerOrder } from "./queries.server";
import { itensPedido, type Pedido, pedidos } from "./tables.server";
import {
  awaitingOnlineOrders,
  cancelUnpaidOnlineOrder,
  EXPIRY_GRACE_MS,
} from "./unpaid-online.server";

/** The order page the provider sends the customer back to (with the order's secret link). */
function cardReturnPath(numero: string, token: string): string {
  return `/loja/pedido/${numero}?token=${encodeURIComponent(token)}`;
}

async function cardOrderOf(pedido: Pedido) {
  const itens = await db()
    .select()
    .from(itensPedido)
    .where(eq(itensPedido.pedidoId, pedido.id))
    .orderBy(asc(itensPedido.produtoNome));
  return {
    id: pedido.id,
    numeroPedido: pedido.numeroPedido,
    total: pedido.total,
    clienteNome: pedido.clienteNome,
    clienteEmail: pedido.clienteEmail,
    createdAt: pedido.createdAt,
    itens: itens.map((i) => ({
      titulo: i.varianteRotulo ? `${i.produtoNome} ${i.varianteRotulo}` : i.produtoNome,
      quantidade: i.quantidade,
      precoUnitario: i.produtoPreco,
    })),
  };
}

/**
 * The provider's page to pay the order by card: its current preference, or a new one when
 * `novo` ("Tentar de novo"). null when the order cannot be paid by card now (paid,
 * cancelled, past its deadline, or the provider is down: the order page says which).
 */
export async function startOrderCardCheckout(
  pedido: Pedido,
  token: string,
  options: { novo?: boolean; origem?: string | null } = {},
): Promise<string | null> {
  if (
    pedido.formaPagamento !== "cartao_mercadopago" ||
    pedido.statusPagamento !== "aguardando" ||
    pedido.statusPedido === "cancelado"
  ) {
    return null;
  }
  try {
    const preference = await createCardPreference(await cardOrderOf(pedido), {
      novo: options.novo,
      voltarPara: cardReturnPath(pedido.numeroPedido, token),
      origem: options.origem,
    });
    return preference.initPoint;
  } catch (error) {
    const level = error instanceof CobrancaError ? "warn" : "error";
    logger[level]({ err: error, pedido: pedido.numeroPedido }, "checkout do cartão indisponível");
    return null;
  }
}

const CARD_ORDER_MESSAGES = {
  parcelas: (max: number) =>
    `O pagamento foi feito em mais parcelas do que a loja aceita (até ${max}x) e foi estornado. Tente de novo.`,
  semPix: "O Pix não está disponível agora",
} as const;

/**
 * A card payment read from the provider whose id we do not know yet: kept only when its
 * reference names one of our card orders, for the order's total, by card. Two processes with
 * the same notification write one charge (unique id) and move it once (row lock).
 * Installments above the owner's limit are refunded, never taken as payment.
 */
export async function acceptCardPayment(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<"ignorada" | "desconhecida" | "sem_mudanca" | "atualizada" | "estornada"> {
  if (charge.meio !== "cartao" || !charge.referencia) return "ignorada";
  const [pedido] = await db()
    .select()
    .from(pedidos)
    .where(eq(pedidos.numeroPedido, charge.referencia));
  if (pedido?.formaPagamento !== "cartao_mercadopago" || pedido.total !== charge.valor) {
    logger.warn(
      { pagamento: charge.externoId, referencia: charge.referencia },
      "pagamento de cartão sem pedido correspondente; ignorado",
    );
    return "ignorada";
  }
  await recordCardCobranca(db(), pedido.id, provedor, charge);
  return settleCardCharge(provedor, charge, pedido);
}

async function settleCardCharge(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
  pedido: Pedido,
): Promise<"desconhecida" | "sem_mudanca" | "atualizada" | "estornada"> {
  const over = await refundOverInstallments(charge);
  if (over) {
    await logAudit({
      action: "payment_refused_installments",
      resourceType: "pedido",
      resourceId: pedido.id,
      details: {
        numero_pedido: pedido.numeroPedido,
        cobranca_externa: charge.externoId,
        parcelas: charge.parcelas,
        maximo: over.maximo,
      },
    });
    await applyChargeUpdate(provedor, over.refunded, "reembolso");
    return "estornada";
  }
  const applied = await applyChargeUpdate(provedor, charge, "notificacao");
  return applied.result;
}

/**
 * Reads the card payments the provider holds on the order's reference and applies each
 * (the return from the provider's page, the reconciliation pass). Never trusts the query
 * string the customer came back with.
 */
export async function syncCardOrder(pedido: Pedido): Promise<number> {
  if (pedido.formaPagamento !== "cartao_mercadopago") return 0;
  // Nobody was sent to pay yet (the provider was down at the checkout): nothing to ask.
  if ((await withPreference([pedido.id])).length === 0) return 0;
  return acceptSearchedPayments(pedido.numeroPedido, acceptCardPayment);
}

export async function cardOnlineView(
  pedido: Pedido,
  now = new Date(),
): Promise<CardOnlineView | null> {
  if (pedido.formaPagamento !== "cartao_mercadopago") return null;
  const charges = await cardCobrancasOf(pedido.id);
  const paid = charges.find((c) => c.status === "paga" || c.status === "reembolsada");
  if (pedido.statusPagamento === "pago")
    return { estado: "aprovado", parcelas: paid?.parcelas ?? null };
  if (pedido.statusPagamento === "reembolsado") return { estado: "reembolsado" };
  if (pedido.statusPedido === "cancelado") return { estado: "expirado" };
  const latest = charges[0];
  if (latest?.status === "pendente") return { estado: "analise" };
  const settings = await getSettings();
  const deadline = await cardDeadline(pedido);
  if (deadline <= now) return { estado: "expirado" };
  const pix = pixOnlineOffered(settings);
  const prazo = formatDateTime(deadline);
  if (latest?.status === "reembolsada") {
    return {
      estado: "recusado",
      motivo: CARD_ORDER_MESSAGES.parcelas(settings.cartaoParcelasMax),
      prazo,
      pix,
    };
  }
  if (latest?.status === "falhou" || latest?.status === "cancelada") {
    return { estado: "recusado", motivo: null, prazo, pix };
  }
  return { estado: "aguardando", motivo: null, prazo, pix };
}

/**
 * "Pagar com Pix" on a card order not paid: the order becomes an online-Pix order (its stock
 * stays reserved) and gets its charge. Refused while a card payment is being analysed.
 */
export async function switchCardOrderToPix(
  numero: string,
  token: string | null,
): Promise<{ ok: boolean; message: string } | null> {
  const found = await getCustomerOrder(numero, token);
  if (!found) return null;
  const settings = await getSettings();
  if (!pixOnlineOffered(settings)) return { ok: false, message: CARD_ORDER_MESSAGES.semPix };
  const switched = await transaction(async (tx) => {
    const [pedido] = await tx
      .select()
      .from(pedidos)
      .where(eq(pedidos.id, found.pedido.id))
      .for("update");
    if (
      pedido?.formaPagamento !== "cartao_mercadopago" ||
      pedido.statusPagamento !== "aguardando" ||
      pedido.statusPedido === "cancelado" ||
      !pedido.clienteEmail
    ) {
      return null;
    }
    const open = (await cardCobrancasOf(pedido.id, tx)).some((c) => c.status === "pendente");
    if (open || (await hasPaidCobranca(tx, pedido.id))) return null;
    const [updated] = await tx
      .update(pedidos)
      .set({ formaPagamento: "pix_mercadopago", updatedAt: new Date() })
      .where(eq(pedidos.id, pedido.id))
      .returning();
    await logAudit(
      {
        action: "payment_method_switched",
        resourceType: "pedido",
        resourceId: pedido.id,
        details: {
          numero_pedido: pedido.numeroPedido,
          de: "cartao_mercadopago",
          para: "pix_mercadopago",
        },
      },
      tx,
    );
    return updated!;
  });
  if (!switched) return { ok: false, message: "Este pedido não pode mudar para Pix agora" };
  const ok = await startOrderPixCharge(switched);
  return {
    ok,
    message: ok
      ? "Pix gerado. Pague pelo QR Code ou pelo copia e cola."
      : "Não foi possível gerar o Pix agora",
  };
}

/**
 * Cancels the card orders still unpaid past their payment deadline, returning their stock
 * once (as the Pix expiry does). Each is first read from the provider: a payment that came
 * is confirmed instead, and while the provider cannot be read nothing is cancelled.
 */
export async function expireUnpaidCardOrders(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const open = await awaitingOnlineOrders("cartao_mercadopago", options.limit ?? 50);
  let cancelled = 0;
  for (const pedido of open) {
    try {
      const deadline = await cardDeadline(pedido);
      if (deadline.getTime() + EXPIRY_GRACE_MS > now.getTime()) continue;
      await syncCardOrder(pedido);
      if (await cancelLapsedCardOrder(pedido.id)) cancelled++;
    } catch (error) {
      const level = error instanceof PaymentProviderError ? "warn" : "error";
      logger[level]({ err: error, pedido: pedido.numeroPedido }, "prazo do cartão: falha");
    }
  }
  return cancelled;
}

async function cancelLapsedCardOrder(pedidoId: string): Promise<boolean> {
  return transaction((tx) =>
    cancelUnpaidOnlineOrder(tx, pedidoId, { origem: "cartao_prazo", forma: "cartao_mercadopago" }),
  );
}

/**
 * The reconciliation pass for card orders: the unpaid ones whose customer went to the
 * provider's page are searched by reference, so a payment whose notification was lost is
 * still confirmed. Returns how many changed.
 */
export async function syncOpenCardOrders(limit = 20): Promise<number> {
  const open = await awaitingOnlineOrders("cartao_mercadopago", 200);
  const visited = new Set(await withPreference(open.map((p) => p.id)));
  let changed = 0;
  for (const pedido of open.filter((p) => visited.has(p.id)).slice(0, limit)) {
    try {
      changed += await syncCardOrder(pedido);
    } catch (error) {
      logger.warn({ err: error, pedido: pedido.numeroPedido }, "reconciliação do cartão: falha");
    }
  }
  return changed;
}
