// An order's payment follows its online charges. Payments moves a charge and reports how
// it moved (advanceCobranca); here the order takes the move on in the same transaction,
// with the charge and the order locked: the order is paid (or refunded) once, audited, and
// the order webhook announces it. Also here: the Mercado Pago notification, the
// reconciliation of charges whose notification was lost, refunds and a new charge for an
// order. The order becomes 'pago' only from a status read from the provider.
import { eq } from "drizzle-orm";
import { DIAS_PEDIDO } from "~/domain/assinatura";
import { addDays, endOfShopDay, shopDayRange } from "~/domain/shop-time";
import { adminEmails } from "~/modules/accounts/index.server";
import { orderPaymentAfter, type StatusCobranca } from "~/modules/payments";
import {
  advanceCobranca,
  type ChargeUpdate,
  COBRANCA_MESSAGES,
  type Cobranca,
  CobrancaError,
  createPixCobranca,
  currentProvider,
  PaymentProviderError,
  type ProviderCobranca,
  pendingCobrancas,
  refundsAwaitingConfirmation,
  requestRefund,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { logAudit } from "~/platform/admin/audit.server";
import { db, type Tx, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { orderPaymentChanged } from "./order-emails.server";
import {
  announceChargeback,
  announcePaidAfterCancel,
  paidAfterCancelColumns,
} from "./paid-after-cancel.server";
import { assertOrderInScope } from "./scope.server";
import { type Pedido, pedidos } from "./tables.server";
import { orderWebhook } from "./webhook.server";

/**
 * The order's Pix charge: the current one while it can still be paid, else a new one
 * (payments' createPixCobranca), for an order as it stands now.
 */
export async function chargeOrderPix(
  pedidoId: string,
  pagador: { email: string; nome?: string },
  now: () => Date = () => new Date(),
): Promise<Cobranca> {
  const [pedido] = await db().select().from(pedidos).where(eq(pedidos.id, pedidoId));
  if (!pedido) throw new CobrancaError(COBRANCA_MESSAGES.pedidoNaoEncontrado);
  return createPixCobranca(pedido, pagador, now, renewalPixDeadline(pedido));
}

/**
 * A "compra programada" renewal is placed by the cycle two days before its date, often at
 * night: its Pix stays payable until the end of that date (decision 0093), not the checkout's
 * minutes, so a customer who pays the next morning still gets the delivery.
 */
function renewalPixDeadline(pedido: Pick<Pedido, "compraProgramada" | "createdAt">) {
  if (!pedido.compraProgramada) return undefined;
  return endOfShopDay(addDays(shopDayRange(pedido.createdAt).day, DIAS_PEDIDO));
}

/** The charge's own answer, but an 'atualizada' move says what it did to the order. */
export type ApplyResult =
  | Exclude<ChargeUpdate, { result: "atualizada" }>
  | {
      result: "atualizada";
      cobranca: Cobranca;
      /** The order's payment status when it changed. */
      pagamento: Pedido["statusPagamento"] | null;
    };

const AUDIT_ACTION: Partial<Record<StatusCobranca, string>> = {
  paga: "payment_confirmed",
  reembolsada: "payment_refunded",
};

/**
 * Applies the provider's view of a charge: payments moves the charge, and when it moved
 * the order follows, in one transaction.
 */
export async function applyChargeUpdate(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
  origem: "notificacao" | "reconciliacao" | "reembolso" | "cancelamento",
  actor?: AdminActor,
): Promise<ApplyResult> {
  return transaction(async (tx) => {
    const update = await advanceCobranca(tx, provedor, charge);
    if (update.result !== "atualizada") return update;
    // A booking's charge (decision 0088): payments told grooming in this transaction.
    if (!update.cobranca.pedidoId) {
      return { result: "atualizada", cobranca: update.cobranca, pagamento: null } as const;
    }
    if (update.contestadaAgora) await noteChargeback(tx, update.cobranca);
    const pagamento = await applyToOrder(tx, update.cobranca, origem, update.at, actor);
    return { result: "atualizada", cobranca: update.cobranca, pagamento } as const;
  });
}

async function noteChargeback(tx: Tx, cobranca: Cobranca) {
  if (!cobranca.pedidoId) return;
  const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, cobranca.pedidoId));
  if (!pedido) return;
  await logAudit(
    {
      action: "payment_chargeback",
      resourceType: "pedido",
      resourceId: pedido.id,
      details: {
        numero_pedido: pedido.numeroPedido,
        cobranca_externa: cobranca.externoId,
        status_provedor: cobranca.statusProvedor,
      },
    },
    tx,
  );
  await announceChargeback(tx, pedido, await adminEmails(tx));
}

async function applyToOrder(
  tx: Tx,
  cobranca: Cobranca,
  origem: string,
  at: Date,
  actor?: AdminActor,
): Promise<Pedido["statusPagamento"] | null> {
  if (!cobranca.pedidoId) return null;
  const [pedido] = await tx
    .select()
    .from(pedidos)
    .where(eq(pedidos.id, cobranca.pedidoId))
    .for("update");
  if (!pedido) return null;
  const settings = await getSettings(tx);
  // A card paid in more installments than the owner allows is not payment: it is refunded
  // (card.server.ts) and the order keeps waiting.
  if (
    cobranca.meio === "cartao" &&
    cobranca.status === "paga" &&
    (cobranca.parcelas ?? 1) > settings.cartaoParcelasMax
  ) {
    return null;
  }
  const next = orderPaymentAfter(pedido.statusPagamento, cobranca.status);
  if (!next) return null;
  const afterCancel = paidAfterCancelColumns(pedido, next, at);
  const [updated] = await tx
    .update(pedidos)
    .set({ statusPagamento: next, ...afterCancel, updatedAt: at })
    .where(eq(pedidos.id, pedido.id))
    .returning();
  const details = {
    numero_pedido: pedido.numeroPedido,
    de: pedido.statusPagamento,
    para: next,
    provedor: cobranca.provedor,
    cobranca_externa: cobranca.externoId,
    origem,
  };
  const action = AUDIT_ACTION[cobranca.status] ?? "payment_status_update";
  if (actor) await audit(tx, actor, action, "pedido", pedido.id, details);
  else await logAudit({ action, resourceType: "pedido", resourceId: pedido.id, details }, tx);
  await orderPaymentChanged(
    tx,
    updated!,
    next,
    orderWebhook(tx, updated!, at, { evento: "pagamento_atualizado" }),
  );
  if (afterCancel.pagoAposCancelamentoEm) await announcePaidAfterCancel(tx, updated!, settings);
  return next;
}

/**
 * Asks the provider about every pending charge (the oldest first) and applies the answer,
 * so a payment whose notification was lost is still confirmed. Returns how many changed.
 */
export async function reconcilePendingCobrancas(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const provider = await currentProvider();
  if (!provider) return 0;
  const pending = [
    ...(await pendingCobrancas(provider, { now: options.now ?? new Date(), limit: options.limit })),
    // A refund accepted but not confirmed is read again until it settles (decision 0035).
    ...(await refundsAwaitingConfirmation(provider, options.limit)),
  ];
  let changed = 0;
  for (const row of pending) {
    try {
      const charge = await provider.getCobranca(row.externoId);
      if (!charge) continue;
      const applied = await applyChargeUpdate(provider.nome, charge, "reconciliacao");
      if (applied.result === "atualizada") changed++;
    } catch (error) {
      logger.warn({ err: error, cobranca: row.id }, "reconciliação: falha ao consultar cobrança");
    }
  }
  return changed;
}

/**
 * Refunds the order's paid online charge, in full (the order becomes 'reembolsado') or
 * `valor` centavos of it (the order stays 'pago'; what was refunded shows on it).
 */
export async function refundPixCobranca(
  pedidoId: string,
  actor: AdminActor,
  valor?: number,
): Promise<Cobranca> {
  const [order] = await db()
    .select({ unidadeId: pedidos.unidadeId })
    .from(pedidos)
    .where(eq(pedidos.id, pedidoId));
  if (order) assertOrderInScope(actor, order);
  const { provedor, charge } = await requestRefund(pedidoId, valor);
  const applied = await applyChargeUpdate(provedor, charge, "reembolso", actor);
  if (applied.result === "desconhecida") throw new AdminError(COBRANCA_MESSAGES.semPagamento);
  return applied.cobranca;
}

export const REFUND_MESSAGES = {
  naoEncontrado: "Pedido não encontrado",
  formaErrada:
    "Só pedidos pagos por Pix automático ou cartão online podem ser reembolsados por aqui",
  jaReembolsado: "Este pedido já foi reembolsado",
  naoPago: "Só pedidos com pagamento confirmado podem ser reembolsados",
  provedor: "O Mercado Pago não aceitou o reembolso agora. Tente novamente em alguns minutos.",
  pendente:
    "O Mercado Pago ainda não confirmou o reembolso. Confira o pagamento no painel do Mercado Pago.",
} as const;

/**
 * Refunds an automatic-Pix order in full, from the orders view. The order's state is
 * checked here, whatever the screen showed; the provider's refund is idempotent per charge,
 * so a double click or a retry never refunds twice. The order becomes 'reembolsado'
 * (audited in the admin's name) only once the provider says the payment is refunded.
 */
export async function refundOrderPix(
  id: string,
  actor: AdminActor,
  valor?: number,
): Promise<Cobranca> {
  const [order] = await db().select().from(pedidos).where(eq(pedidos.id, id));
  if (!order) throw new AdminError(REFUND_MESSAGES.naoEncontrado);
  assertOrderInScope(actor, order);
  const online =
    order.formaPagamento === "pix_mercadopago" || order.formaPagamento === "cartao_mercadopago";
  if (!online) throw new AdminError(REFUND_MESSAGES.formaErrada);
  if (order.statusPagamento === "reembolsado") throw new AdminError(REFUND_MESSAGES.jaReembolsado);
  if (order.statusPagamento !== "pago") throw new AdminError(REFUND_MESSAGES.naoPago);
  let cobranca: Cobranca;
  try {
    cobranca = await refundPixCobranca(id, actor, valor);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // The provider's answer is English and technical: it goes to the log, not the screen.
    logger.warn({ err: error, pedido: id }, "reembolso recusado pelo Mercado Pago");
    throw new AdminError(REFUND_MESSAGES.provedor);
  }
  const settled =
    cobranca.status === "reembolsada" ||
    (valor !== undefined &&
      cobranca.reembolsoSolicitadoEm === null &&
      (cobranca.valorReembolsado ?? 0) > 0);
  if (!settled) throw new AdminError(REFUND_MESSAGES.pendente);
  return cobranca;
}
