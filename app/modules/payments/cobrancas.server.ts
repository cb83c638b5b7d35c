// Online Pix charges of orders: create one through the provider, apply what the provider
// says (from a notification or a reconciliation pass) exactly once, refund. The order
// becomes 'pago' only from a status read from the provider, never from a request body.
import { and, asc, count, desc, eq, lte, ne, or } from "drizzle-orm";
import { db, type Tx, transaction } from "~/infra/db/client.server";
import {
  type Cobranca,
  cobrancas,
  itensPedido,
  type Pedido,
  pedidos,
} from "~/infra/db/schema.server";
import { env } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { type AdminActor, AdminError, audit } from "~/modules/accounts/actor.server";
import { logAudit } from "~/modules/accounts/audit.server";
import { enqueueWebhook } from "~/modules/notifications/webhooks.server";
import { orderWebhookPayload } from "~/modules/orders/place-order.server";
import { cancelLockedOrder } from "~/modules/orders/status.server";
import {
  advancesCobranca,
  chargeLapsed,
  orderPaymentAfter,
  type StatusCobranca,
} from "~/modules/payments/cobranca";
import { getSettings, webhookUrlFor } from "~/modules/shop/settings.server";
import { mercadoPagoProvider } from "./mercadopago.server";
import {
  InvalidNotification,
  type PaymentProvider,
  type ProviderCobranca,
} from "./provider.server";
import { getPaymentConfig, type PaymentConfig } from "./settings.server";

export const COBRANCA_MESSAGES = {
  indisponivel: "Pix automático indisponível no momento",
  pedidoNaoEncontrado: "Pedido não encontrado",
  formaErrada: "Este pedido não é pago por Pix online",
  jaPago: "Este pedido já está pago",
  cancelado: "Este pedido foi cancelado",
  semPagamento: "Este pedido não tem pagamento Pix confirmado para reembolsar",
} as const;

/** Thrown when a charge cannot be created; the message is for the customer or the admin. */
export class CobrancaError extends Error {}

/** The configured provider, or null when online Pix is not set up (no access token). */
export function providerFor(config: PaymentConfig): PaymentProvider | null {
  if (!config.accessToken) return null;
  return mercadoPagoProvider({
    accessToken: config.accessToken,
    webhookSecret: config.webhookSecret,
    apiUrl: config.apiUrl,
  });
}

export async function currentProvider(): Promise<PaymentProvider | null> {
  return providerFor(await getPaymentConfig());
}

function notificationUrl(): string | null {
  const base = env().PUBLIC_URL;
  return base ? new URL("/webhooks/mercadopago", base).toString() : null;
}

/** The order's newest charge, if any. */
export async function latestCobranca(pedidoId: string): Promise<Cobranca | null> {
  const [row] = await db()
    .select()
    .from(cobrancas)
    .where(eq(cobrancas.pedidoId, pedidoId))
    .orderBy(desc(cobrancas.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The order's Pix charge: the current one while it can still be paid, else a new one.
 * The idempotency key is the order id and the charge's sequence number, so a retry after
 * a lost answer (or two tabs at once) gets the same payment from the provider.
 */
export async function createPixCobranca(
  pedidoId: string,
  pagador: { email: string; nome?: string },
  now: () => Date = () => new Date(),
): Promise<Cobranca> {
  const config = await getPaymentConfig();
  const provider = config.ativo ? providerFor(config) : null;
  if (!provider) throw new CobrancaError(COBRANCA_MESSAGES.indisponivel);
  const [pedido] = await db().select().from(pedidos).where(eq(pedidos.id, pedidoId));
  if (!pedido) throw new CobrancaError(COBRANCA_MESSAGES.pedidoNaoEncontrado);
  if (pedido.formaPagamento !== "pix_mercadopago") {
    throw new CobrancaError(COBRANCA_MESSAGES.formaErrada);
  }
  if (pedido.statusPagamento === "pago") throw new CobrancaError(COBRANCA_MESSAGES.jaPago);
  if (pedido.statusPedido === "cancelado") throw new CobrancaError(COBRANCA_MESSAGES.cancelado);

  const current = await latestCobranca(pedidoId);
  const at = now();
  if (current?.status === "pendente" && (!current.expiraEm || current.expiraEm > at)) {
    return current;
  }
  const [{ n }] = (await db()
    .select({ n: count() })
    .from(cobrancas)
    .where(eq(cobrancas.pedidoId, pedidoId))) as [{ n: number }];
  const idempotencyKey = `pedido-${pedido.id}-${Number(n) + 1}`;
  const charge = await provider.createCobranca({
    valor: pedido.total,
    descricao: `Pedido ${pedido.numeroPedido} - Agropet Litoral`,
    referencia: pedido.numeroPedido,
    pagador: { email: pagador.email, nome: pagador.nome ?? pedido.clienteNome },
    expiraEm: new Date(at.getTime() + config.expiracaoMinutos * 60_000),
    idempotencyKey,
    notificationUrl: notificationUrl(),
  });
  await db()
    .insert(cobrancas)
    .values({
      pedidoId: pedido.id,
      provedor: provider.nome,
      externoId: charge.externoId,
      idempotencyKey,
      status: charge.status,
      statusProvedor: charge.statusProvedor,
      valor: pedido.total,
      qrCode: charge.qrCode,
      qrCodeBase64: charge.qrCodeBase64,
      ticketUrl: charge.ticketUrl,
      expiraEm: charge.expiraEm,
      pagoEm: charge.pagoEm,
      createdAt: at,
      updatedAt: at,
    })
    // The same key came back with the same payment: the first insert stands.
    .onConflictDoNothing();
  const [row] = await db()
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.provedor, provider.nome), eq(cobrancas.externoId, charge.externoId)));
  return row!;
}

export type ApplyResult =
  | { result: "desconhecida" }
  | { result: "sem_mudanca"; cobranca: Cobranca }
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
 * Applies the provider's view of a charge, in one transaction with the charge and its
 * order locked: the charge only moves forward, the order is paid once (audit entry and
 * order webhook with it), and a charge we did not create is ignored.
 */
export async function applyProviderCobranca(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
  origem: "notificacao" | "reconciliacao" | "reembolso",
  actor?: AdminActor,
): Promise<ApplyResult> {
  return transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cobrancas)
      .where(and(eq(cobrancas.provedor, provedor), eq(cobrancas.externoId, charge.externoId)))
      .for("update");
    if (!row) return { result: "desconhecida" } as const;
    if (!advancesCobranca(row.status, charge.status)) {
      return { result: "sem_mudanca", cobranca: row } as const;
    }
    // Paid a different amount than charged (should not happen with Pix): not our payment.
    if (charge.status === "paga" && charge.valor !== row.valor) {
      logger.warn(
        { cobranca: row.id, esperado: row.valor, recebido: charge.valor },
        "pagamento com valor diferente da cobrança; pedido não confirmado",
      );
      return { result: "sem_mudanca", cobranca: row } as const;
    }
    const at = new Date();
    const [updated] = await tx
      .update(cobrancas)
      .set({
        status: charge.status,
        statusProvedor: charge.statusProvedor,
        pagoEm: charge.status === "paga" ? (charge.pagoEm ?? at) : row.pagoEm,
        reembolsadoEm: charge.status === "reembolsada" ? at : row.reembolsadoEm,
        updatedAt: at,
      })
      .where(eq(cobrancas.id, row.id))
      .returning();
    const pagamento = await applyToOrder(tx, updated!, origem, at, actor);
    return { result: "atualizada", cobranca: updated!, pagamento } as const;
  });
}

async function applyToOrder(
  tx: Tx,
  cobranca: Cobranca,
  origem: string,
  at: Date,
  actor?: AdminActor,
): Promise<Pedido["statusPagamento"] | null> {
  const [pedido] = await tx
    .select()
    .from(pedidos)
    .where(eq(pedidos.id, cobranca.pedidoId))
    .for("update");
  if (!pedido) return null;
  const next = orderPaymentAfter(pedido.statusPagamento, cobranca.status);
  if (!next) return null;
  const [updated] = await tx
    .update(pedidos)
    .set({ statusPagamento: next, updatedAt: at })
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

  const url = webhookUrlFor(await getSettings(tx), "pedido");
  if (url) {
    const itens = await tx
      .select()
      .from(itensPedido)
      .where(eq(itensPedido.pedidoId, pedido.id))
      .orderBy(asc(itensPedido.produtoNome));
    await enqueueWebhook(tx, {
      tipo: "pedido",
      url,
      referenciaId: pedido.id,
      payload: { ...orderWebhookPayload(updated!, itens, at), evento: "pagamento_atualizado" },
    });
  }
  return next;
}

export type NotificationAnswer = { status: 200 | 401 | 503; body: string };

/**
 * POST /webhooks/mercadopago. 401 for a bad signature (nothing read, nothing changed);
 * 200 for anything authentic, relevant or not; 503 when the provider cannot be read, so
 * Mercado Pago tries again (and the reconciliation pass catches it anyway).
 */
export async function handleNotification(
  request: Request,
  now = new Date(),
): Promise<NotificationAnswer> {
  const provider = await currentProvider();
  if (!provider) return { status: 401, body: "Pix automático não configurado" };
  let notice: { externoId: string } | null;
  try {
    notice = await provider.verifyNotification(request, now);
  } catch (error) {
    if (error instanceof InvalidNotification) {
      logger.warn({ motivo: error.message }, "notificação do Mercado Pago recusada");
      return { status: 401, body: error.message };
    }
    throw error;
  }
  if (!notice) return { status: 200, body: "ignorada" };
  // Ids we never created are not looked up: a notification cannot make us call the API
  // for arbitrary payments.
  const [known] = await db()
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(and(eq(cobrancas.provedor, provider.nome), eq(cobrancas.externoId, notice.externoId)));
  if (!known) return { status: 200, body: "cobrança desconhecida" };
  try {
    const charge = await provider.getCobranca(notice.externoId);
    if (!charge) return { status: 200, body: "cobrança desconhecida" };
    const applied = await applyProviderCobranca(provider.nome, charge, "notificacao");
    return { status: 200, body: applied.result };
  } catch (error) {
    logger.error({ err: error, cobranca: notice.externoId }, "falha ao consultar o Mercado Pago");
    return { status: 503, body: "tente novamente" };
  }
}

/** Charges older than this are no longer asked about (Pix lasts at most a day here). */
const RECONCILE_WINDOW_MS = 3 * 24 * 3600_000;

/**
 * Asks the provider about every pending charge (the oldest first) and applies the answer,
 * so a payment whose notification was lost is still confirmed. Returns how many changed.
 */
export async function reconcilePendingCobrancas(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const provider = await currentProvider();
  if (!provider) return 0;
  const now = options.now ?? new Date();
  const pending = await db()
    .select()
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.status, "pendente"),
        eq(cobrancas.provedor, provider.nome),
        lte(cobrancas.createdAt, now),
      ),
    )
    .orderBy(asc(cobrancas.createdAt))
    .limit(options.limit ?? 50);
  let changed = 0;
  for (const row of pending) {
    if (now.getTime() - row.createdAt.getTime() > RECONCILE_WINDOW_MS) continue;
    try {
      const charge = await provider.getCobranca(row.externoId);
      if (!charge) continue;
      const applied = await applyProviderCobranca(provider.nome, charge, "reconciliacao");
      if (applied.result === "atualizada") changed++;
    } catch (error) {
      logger.warn({ err: error, cobranca: row.id }, "reconciliação: falha ao consultar cobrança");
    }
  }
  return changed;
}

/**
 * A payment made in the last seconds of a charge may be announced a little later: the
 * order is cancelled only this long after the charge's expiry.
 */
export const EXPIRY_GRACE_MS = 2 * 60_000;

/**
 * Cancels the orders whose online Pix lapsed unpaid, returning their stock exactly once
 * (the admin's cancellation rule, decision 0007). A charge still 'pendente' here is first
 * read from the provider: one that was paid is confirmed instead, and while the provider
 * cannot be read nothing is cancelled (it may have been paid). Returns how many it cancelled.
 */
export async function expireUnpaidPixOrders(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - EXPIRY_GRACE_MS);
  const candidates = await db()
    .select({ cobranca: cobrancas })
    .from(cobrancas)
    .innerJoin(pedidos, eq(pedidos.id, cobrancas.pedidoId))
    .where(
      and(
        eq(pedidos.formaPagamento, "pix_mercadopago"),
        eq(pedidos.statusPagamento, "aguardando"),
        ne(pedidos.statusPedido, "cancelado"),
        or(
          eq(cobrancas.status, "expirada"),
          and(eq(cobrancas.status, "pendente"), lte(cobrancas.expiraEm, cutoff)),
        ),
      ),
    )
    .orderBy(asc(cobrancas.createdAt))
    .limit(options.limit ?? 50);
  let cancelled = 0;
  for (const { cobranca } of candidates) {
    try {
      // Only the order's newest charge speaks for it.
      if ((await latestCobranca(cobranca.pedidoId))?.id !== cobranca.id) continue;
      if (cobranca.status === "pendente") {
        const provider = await currentProvider();
        if (!provider) continue;
        const charge = await provider.getCobranca(cobranca.externoId);
        if (charge) {
          const applied = await applyProviderCobranca(cobranca.provedor, charge, "reconciliacao");
          if (applied.result !== "desconhecida" && applied.cobranca.status === "paga") continue;
        }
      }
      if (await cancelLapsedOrder(cobranca.id, now)) cancelled++;
    } catch (error) {
      logger.warn({ err: error, cobranca: cobranca.id }, "expiração do Pix: falha ao cancelar");
    }
  }
  return cancelled;
}

async function cancelLapsedOrder(cobrancaId: string, now: Date): Promise<boolean> {
  return transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cobrancas)
      .where(eq(cobrancas.id, cobrancaId))
      .for("update");
    if (!row || !chargeLapsed(row, new Date(now.getTime() - EXPIRY_GRACE_MS))) return false;
    const [pedido] = await tx
      .select()
      .from(pedidos)
      .where(eq(pedidos.id, row.pedidoId))
      .for("update");
    // Paid or cancelled meanwhile (notification, admin, another instance): nothing to do.
    if (pedido?.statusPagamento !== "aguardando" || pedido.statusPedido === "cancelado") {
      return false;
    }
    const [paid] = await tx
      .select({ id: cobrancas.id })
      .from(cobrancas)
      .where(and(eq(cobrancas.pedidoId, pedido.id), eq(cobrancas.status, "paga")));
    if (paid) return false;
    if (row.status === "pendente") {
      await tx
        .update(cobrancas)
        .set({ status: "expirada", updatedAt: now })
        .where(eq(cobrancas.id, row.id));
    }
    const { estoque } = await cancelLockedOrder(tx, pedido);
    await logAudit(
      {
        action: "order_status_update",
        resourceType: "pedido",
        resourceId: pedido.id,
        details: {
          numero_pedido: pedido.numeroPedido,
          de: pedido.statusPedido,
          para: "cancelado",
          ...(estoque ? { estoque } : {}),
          origem: "pix_expirado",
        },
      },
      tx,
    );
    return true;
  });
}

/** Refunds the order's paid Pix charge in full; the order becomes 'reembolsado'. */
export async function refundPixCobranca(pedidoId: string, actor: AdminActor): Promise<Cobranca> {
  const provider = await currentProvider();
  if (!provider) throw new AdminError(COBRANCA_MESSAGES.indisponivel);
  const [paid] = await db()
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.pedidoId, pedidoId), eq(cobrancas.status, "paga")))
    .limit(1);
  if (!paid) throw new AdminError(COBRANCA_MESSAGES.semPagamento);
  const charge = await provider.refundCobranca(paid.externoId, `reembolso-${paid.id}`);
  const applied = await applyProviderCobranca(paid.provedor, charge, "reembolso", actor);
  if (applied.result === "desconhecida") throw new AdminError(COBRANCA_MESSAGES.semPagamento);
  return applied.cobranca;
}

// --- the reconciliation schedule -------------------------------------------------------

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function runOnce() {
  if (running) return;
  // Reconcile first: a payment that did arrive is confirmed before anything expires.
  running = reconcilePendingCobrancas()
    .then(() => expireUnpaidPixOrders())
    .catch((error) => logger.error({ err: error }, "reconciliação de cobranças falhou"))
    .finally(() => {
      running = undefined;
    });
}

export function startPaymentReconciler(intervalSeconds: number) {
  if (intervalSeconds <= 0 || timer) return;
  timer = setInterval(runOnce, intervalSeconds * 1000);
  timer.unref();
}

/** Stops the timer and waits for a pass in progress (graceful shutdown). */
export async function stopPaymentReconciler() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
