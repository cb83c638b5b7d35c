// Card online through Mercado Pago Checkout Pro (decision 0080). The customer pays on the
// provider's hosted page, reached through a preference made here; the payment's id is born
// there, so a card charge (`cobrancas` row, meio 'cartao') is written only once the provider
// is read and the payment's external_reference names one of our card orders. Orders decides
// which order that is; nothing here reads or writes `pedidos`.
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { CobrancaError, currentProvider } from "./cobrancas.server";
import { mercadoPagoProvider } from "./mercadopago.server";
import type { PaymentProvider, ProviderCobranca } from "./provider.server";
import { getPaymentConfig } from "./settings.server";
import { type Cobranca, cobrancas, type Preferencia, preferencias } from "./tables.server";

const CARD_MESSAGES = {
  indisponivel: "Pagamento com cartão indisponível no momento",
  prazo: "O prazo para pagar este pedido terminou",
} as const;

/** What a card checkout needs of its order (read by orders as it stands now). */
export interface CardOrder {
  id: string;
  numeroPedido: string;
  /** Centavos. */
  total: number;
  clienteNome: string;
  clienteEmail: string | null;
  createdAt: Date;
  itens: { titulo: string; quantidade: number; precoUnitario: number }[];
}

/** The order's newest card checkout, if any. */
async function latestPreference(
  pedidoId: string,
  executor: Executor = db(),
): Promise<Preferencia | null> {
  const [row] = await executor
    .select()
    .from(preferencias)
    .where(eq(preferencias.pedidoId, pedidoId))
    .orderBy(desc(preferencias.createdAt), desc(preferencias.id))
    .limit(1);
  return row ?? null;
}

/**
 * The order's payment deadline: its first checkout's end; before any, the order's creation
 * plus the online payment time the owner set (the same as Pix's).
 */
export async function cardDeadline(
  pedido: { id: string; createdAt: Date },
  executor: Executor = db(),
  minutes?: number,
): Promise<Date> {
  const [first] = await executor
    .select({ expiraEm: preferencias.expiraEm })
    .from(preferencias)
    .where(eq(preferencias.pedidoId, pedido.id))
    .orderBy(asc(preferencias.createdAt))
    .limit(1);
  if (first) return first.expiraEm;
  const m = minutes ?? (await getPaymentConfig(executor)).expiracaoMinutos;
  return new Date(pedido.createdAt.getTime() + m * 60_000);
}

/**
 * The provider's items: the order's lines when they (with the delivery as a line) add up to
 * the total; else one line for the whole order, since a discount cannot be a negative item.
 */
function itemsFor(pedido: CardOrder) {
  const sum = pedido.itens.reduce((acc, i) => acc + i.quantidade * i.precoUnitario, 0);
  const lines = pedido.itens.filter((i) => i.quantidade > 0 && i.precoUnitario > 0);
  if (lines.length > 0 && lines.length <= 50 && sum === pedido.total) return lines;
  if (lines.length > 0 && sum < pedido.total && lines.length < 50) {
    return [
      ...lines,
      { titulo: "Taxa de entrega", quantidade: 1, precoUnitario: pedido.total - sum },
    ];
  }
  return [
    {
      titulo: `Pedido ${pedido.numeroPedido} - Agropet Litoral`,
      quantidade: 1,
      precoUnitario: pedido.total,
    },
  ];
}

/**
 * The order's card checkout: the newest one while it lasts, else (or when the customer asks
 * to try again) a new one. Keyed by the order and its sequence number: a retry after a lost
 * answer, or a double click, lands on the same preference.
 */
export async function createCardPreference(
  pedido: CardOrder,
  options: { novo?: boolean; voltarPara: string; origem?: string | null },
  now: () => Date = () => new Date(),
): Promise<Preferencia> {
  const config = await getPaymentConfig();
  if (!config.ativo || !config.cartao.ativo || !config.accessToken || !pedido.clienteEmail) {
    throw new CobrancaError(CARD_MESSAGES.indisponivel);
  }
  const provider = mercadoPagoProvider({
    accessToken: config.accessToken,
    webhookSecret: config.webhookSecret,
    apiUrl: config.apiUrl,
  });
  const at = now();
  const deadline = await cardDeadline(pedido, db(), config.expiracaoMinutos);
  if (deadline <= at) throw new CobrancaError(CARD_MESSAGES.prazo);
  const current = await latestPreference(pedido.id);
  if (current && !options.novo) return current;
  const [{ n }] = (await db()
    .select({ n: count() })
    .from(preferencias)
    .where(eq(preferencias.pedidoId, pedido.id))) as [{ n: number }];
  const idempotencyKey = `preferencia-${pedido.id}-${Number(n) + 1}`;
  // The provider needs absolute addresses: the site's public URL, else the one the customer used.
  const base = env().PUBLIC_URL || options.origem || null;
  const preference = await provider.createPreference({
    itens: itemsFor(pedido),
    referencia: pedido.numeroPedido,
    pagador: { email: pedido.clienteEmail, nome: pedido.clienteNome },
    voltarPara: base ? new URL(options.voltarPara, base).toString() : options.voltarPara,
    parcelasMax: config.cartao.parcelasMax,
    expiraEm: deadline,
    idempotencyKey,
    notificationUrl: base ? new URL("/webhooks/mercadopago", base).toString() : null,
  });
  await db()
    .insert(preferencias)
    .values({
      pedidoId: pedido.id,
      provedor: provider.nome,
      externoId: preference.externoId,
      initPoint: preference.initPoint,
      idempotencyKey,
      expiraEm: deadline,
      createdAt: at,
    })
    // Two requests at once with the same key: the first insert stands.
    .onConflictDoNothing();
  const [row] = await db()
    .select()
    .from(preferencias)
    .where(eq(preferencias.idempotencyKey, idempotencyKey));
  return row!;
}

/**
 * Writes the card charge of a payment read from the provider, for the order orders matched
 * it to (same reference, card order, same total). Idempotent: two processes handling the
 * same notification write one row; the charge starts 'pendente' and is moved to what the
 * provider says by advanceCobranca, like any other.
 */
export async function recordCardCobranca(
  executor: Executor,
  pedidoId: string,
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<void> {
  await executor
    .insert(cobrancas)
    .values({
      pedidoId,
      provedor,
      meio: "cartao",
      parcelas: charge.parcelas,
      externoId: charge.externoId,
      idempotencyKey: `pagamento-${provedor}-${charge.externoId}`,
      status: "pendente",
      statusProvedor: "novo",
      valor: charge.valor,
    })
    .onConflictDoNothing();
}

/** The order's card charges, newest first. */
export async function cardCobrancasOf(pedidoId: string, executor: Executor = db()) {
  return executor
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.pedidoId, pedidoId), eq(cobrancas.meio, "cartao")))
    .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id));
}

/** The payments the provider holds on this reference (card orders' reconciliation). */
export async function searchProviderPayments(
  referencia: string,
): Promise<{ provider: PaymentProvider; payments: ProviderCobranca[] } | null> {
  const provider = await currentProvider();
  if (!provider) return null;
  return { provider, payments: await provider.searchPayments(referencia) };
}

/** Which of these orders have a card checkout (their customer went to the provider's page). */
export async function withPreference(pedidoIds: string[]): Promise<string[]> {
  if (pedidoIds.length === 0) return [];
  const rows = await db()
    .selectDistinct({ pedidoId: preferencias.pedidoId })
    .from(preferencias)
    .where(inArray(preferencias.pedidoId, pedidoIds));
  return rows.map((r) => r.pedidoId);
}
