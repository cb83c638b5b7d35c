// The photo quote's "link para agendar" (issue 28): the staff answer a quote with a price and
// a signed link to the booking page; booking from it skips the first-visit rule, fixes the
// price, and marks the quote as Confirmado (agendado).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db, type Executor, transaction } from "~/infra/db/client.server";
import { sessionSecret } from "~/infra/secret.server";
import { type AdminActor, AdminError, audit } from "~/modules/accounts/index.server";
import { type PedidoServico, pedidosServicos } from "./tables.server";

/** The signature of a quote's link: only the shop can make one. */
function quoteKey(numero: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`orcamento:${numero}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The booking page's address for a quote. */
export function quoteBookingPath(numero: string): string {
  return `/servicos/agendar?orcamento=${numero}&chave=${quoteKey(numero)}`;
}

/** The staff answer a quote with its price: the quote becomes "Orçamento Enviado". */
export async function answerQuoteWithLink(
  id: string,
  precoOrcado: number,
  actor: AdminActor,
): Promise<{ quote: PedidoServico; path: string }> {
  return transaction(async (tx) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError("Pedido não encontrado");
    const [row] = await tx
      .update(pedidosServicos)
      .set({ precoOrcado, status: "orcamento_enviado" })
      .where(eq(pedidosServicos.id, id))
      .returning();
    if (!row) throw new AdminError("Pedido não encontrado");
    await audit(tx, actor, "grooming_quote_link", "pedido_servico", id, {
      numero_pedido: row.numeroPedido,
      preco_orcado: precoOrcado,
    });
    return { quote: row, path: quoteBookingPath(row.numeroPedido) };
  });
}

/** The quote behind a link, when its signature holds and it was answered and is still open. */
export async function quoteFromLink(
  numero: string | null,
  chave: string | null,
  executor: Executor = db(),
): Promise<PedidoServico | null> {
  if (!numero || !chave || !/^SRV\d{6}$/.test(numero)) return null;
  const expected = Buffer.from(quoteKey(numero));
  const given = Buffer.from(chave);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const [row] = await executor
    .select()
    .from(pedidosServicos)
    .where(eq(pedidosServicos.numeroPedido, numero));
  if (!row || row.precoOrcado === null || row.status !== "orcamento_enviado") return null;
  return row;
}
