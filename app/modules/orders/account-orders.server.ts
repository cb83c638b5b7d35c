// "Minha conta" → orders (issue 42, decision 0072): the orders placed with a proved e-mail,
// earlier guest ones included, each with its page's link. Only the e-mail decides: an order
// of another e-mail, or of none, is never an account's, even when this device placed it.
import { and, desc, isNotNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { getCustomerOrder } from "./queries.server";
import { pedidos } from "./tables.server";
import { orderToken } from "./token.server";

/** How many orders the account lists (newest first). */
const ACCOUNT_ORDERS_MAX = 50;

interface AccountOrder {
  numero: string;
  /** The order page with its secret (the link the checkout and the e-mails give). */
  href: string;
  createdAt: Date;
  total: number;
  statusPedido: (typeof pedidos.$inferSelect)["statusPedido"];
  /** Also in this device's "Seus pedidos". */
  nesteAparelho: boolean;
}

/**
 * The orders whose e-mail is `email` (case-insensitive, through `pedidos_email_idx`), newest
 * first; `device` (the device's "Seus pedidos") only marks which of them this device placed.
 */
export async function ordersByEmail(
  email: string,
  device: readonly { numero: string }[] = [],
): Promise<AccountOrder[]> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return [];
  const rows = await db()
    .select({
      numero: pedidos.numeroPedido,
      idempotencyKey: pedidos.idempotencyKey,
      createdAt: pedidos.createdAt,
      total: pedidos.total,
      statusPedido: pedidos.statusPedido,
    })
    .from(pedidos)
    .where(
      and(
        sql`lower(${pedidos.clienteEmail}) = ${normalized}`,
        // Only orders placed through the store have a link (and a customer).
        isNotNull(pedidos.idempotencyKey),
      ),
    )
    .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
    .limit(ACCOUNT_ORDERS_MAX);
  const onDevice = new Set(device.map((o) => o.numero));
  return rows.map((r) => ({
    numero: r.numero,
    href: `/loja/pedido/${r.numero}?token=${encodeURIComponent(orderToken(r.idempotencyKey!))}`,
    createdAt: r.createdAt,
    total: r.total,
    statusPedido: r.statusPedido,
    nesteAparelho: onDevice.has(r.numero),
  }));
}

/**
 * A past order of this account's e-mail as the start of a "compra programada" (issue 45
 * point 1, decision 0090): its lines, unit, delivery or pick-up, address and payment. Reached
 * with the order page's secret; an order of another e-mail is not the account's (null).
 */
export async function orderToSubscribe(numero: string, token: string | null, email: string) {
  const found = await getCustomerOrder(numero, token);
  if (!found?.pedido.clienteEmail) return null;
  if (found.pedido.clienteEmail.trim().toLowerCase() !== email.trim().toLowerCase()) return null;
  const { pedido } = found;
  return {
    numero: pedido.numeroPedido,
    modo: pedido.modo,
    unidadeId: pedido.unidadeId,
    endereco: pedido.clienteEndereco,
    bairro: pedido.clienteBairro,
    janelaEntrega: pedido.janelaEntrega,
    formaPagamento: pedido.formaPagamento,
    telefone: pedido.clienteTelefone,
    itens: found.itens.flatMap((i) =>
      i.varianteId ? [{ varianteId: i.varianteId, quantidade: i.quantidade }] : [],
    ),
  };
}
