// Which e-mails an order sends and when: named in the order's events (decision 0061), which
// the mail module queues in the same transaction as the order or its change (a small row:
// kind, recipient, order id), rendered later by the worker (order-email-templates.server.tsx),
// so the checkout never waits on rendering or on the mail server. Also the customer's
// one-link stop of status e-mails.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { StatusPagamento, StatusPedido } from "~/domain/statuses";
import type { Settings } from "~/modules/shop/index.server";
import { db, type Tx } from "~/platform/db/client.server";
import type { EmailNotice, WebhookNotice } from "~/platform/event-types.server";
import { emit } from "~/platform/events.server";
import { sameSecret, sessionSecret } from "~/platform/secret.server";
import type { OrderEmailKind } from "./email-kinds";
import { type Pedido, pedidos } from "./tables.server";

const STATUS_KIND: Partial<Record<StatusPedido, OrderEmailKind>> = {
  saiu_entrega: "pedido_saiu_entrega",
  pronto_retirada: "pedido_pronto_retirada",
  entregue: "pedido_entregue",
  retirado: "pedido_retirado",
  cancelado: "pedido_cancelado",
};

const PAYMENT_KIND: Partial<Record<StatusPagamento, OrderEmailKind>> = {
  pago: "pedido_pago",
  reembolsado: "pedido_reembolsado",
};

/** The customer's confirmation (when an e-mail was given) and the shop's notice. */
export function orderPlacedEmails(
  pedido: Pedido,
  settings: Settings,
  origem: string | null,
): EmailNotice[] {
  const entries: EmailNotice[] = [];
  if (pedido.clienteEmail) {
    entries.push({ tipo: "pedido_confirmado", destinatario: pedido.clienteEmail, origem });
  }
  const loja = settings.emailNovosPedidos?.trim();
  if (loja) entries.push({ tipo: "loja_novo_pedido", destinatario: loja, origem });
  return entries;
}

/** The cancellation reasons the e-mail gives when the staff give none. */
export const CANCEL_REASONS = {
  loja: "Cancelado pela loja. Se tiver dúvidas, fale com a gente.",
  pixExpirado: "O pagamento Pix não foi confirmado dentro do prazo.",
} as const;

/** Tells the others an order moved to `status`, with its status e-mail if it sends one. */
export async function orderStatusChanged(
  tx: Tx,
  pedido: Pedido,
  status: StatusPedido,
  dados?: { motivo: string },
): Promise<void> {
  await emit(tx, {
    tipo: "pedido.status",
    resourceType: "pedido",
    resourceId: pedido.id,
    emails: customerEmail(pedido, STATUS_KIND[status], dados),
  });
}

/**
 * Tells the others an order's payment became `status` (paid, refunded): the customer's
 * e-mail, and the shop's webhook when the payment provider reported it.
 */
export async function orderPaymentChanged(
  tx: Tx,
  pedido: Pedido,
  status: StatusPagamento,
  webhook?: WebhookNotice,
  options: { email?: boolean } = {},
): Promise<void> {
  await emit(tx, {
    tipo: "pedido.pagamento",
    resourceType: "pedido",
    resourceId: pedido.id,
    emails: options.email === false ? [] : customerEmail(pedido, PAYMENT_KIND[status]),
    webhook,
  });
}

function customerEmail(
  pedido: Pedido,
  tipo: OrderEmailKind | undefined,
  dados?: Record<string, string>,
): EmailNotice[] {
  if (!tipo || !pedido.clienteEmail || !pedido.emailsStatus) return [];
  return [{ tipo, destinatario: pedido.clienteEmail, dados: dados ?? null }];
}

/** The signature of an order's "parar de receber" link (HMAC with the session secret). */
export function unsubscribeSignature(pedidoId: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`emails-status:${pedidoId}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * The customer's "parar de receber": turns the order's status e-mails off when the link's
 * signature is the order's. Null for an unknown order or a wrong signature (alike).
 */
export async function stopOrderStatusEmails(
  numero: string,
  assinatura: string | null,
  apply: boolean,
): Promise<{ numero: string; ativo: boolean } | null> {
  if (!assinatura || assinatura.length > 100 || numero.length > 40) return null;
  const [pedido] = await db()
    .select({ id: pedidos.id, emailsStatus: pedidos.emailsStatus })
    .from(pedidos)
    .where(eq(pedidos.numeroPedido, numero));
  if (!pedido) return null;
  if (!sameSecret(unsubscribeSignature(pedido.id), assinatura)) return null;
  if (apply && pedido.emailsStatus) {
    await db().update(pedidos).set({ emailsStatus: false }).where(eq(pedidos.id, pedido.id));
  }
  return { numero, ativo: apply ? false : pedido.emailsStatus };
}
