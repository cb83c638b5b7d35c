// The photo quote's "link para agendar" (issue 28): the staff answer a quote with the size the
// photos show, the services and a price, and a signed link to the booking page; booking from
// it skips the first-visit rule, fixes that pet's size, services and price, and marks the
// quote as Confirmado (agendado).
import crypto from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { sameSecret, sessionSecret } from "~/platform/secret.server";
import type { Porte } from "./booking-vocabulary";
import {
  agendamentos,
  type PedidoServico,
  pedidosServicos,
  servicosBanho,
  servicosBanhoPrecos,
} from "./tables.server";

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

export interface QuoteAnswer {
  precoOrcado: number;
  porte: Porte;
  servicoIds: string[];
}

/** The staff answer a quote: the quote becomes "Orçamento Enviado" with its link. */
export async function answerQuoteWithLink(
  id: string,
  answer: QuoteAnswer,
  actor: AdminActor,
): Promise<{ quote: PedidoServico; path: string }> {
  return transaction(async (tx) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError("Pedido não encontrado");
    const ids = [...new Set(answer.servicoIds)];
    const services = await tx
      .select()
      .from(servicosBanho)
      .where(and(inArray(servicosBanho.id, ids), eq(servicosBanho.ativo, true)));
    const priced = await tx
      .select({ servicoId: servicosBanhoPrecos.servicoId })
      .from(servicosBanhoPrecos)
      .where(
        and(
          inArray(servicosBanhoPrecos.servicoId, ids),
          eq(servicosBanhoPrecos.porte, answer.porte),
        ),
      );
    const pricedIds = new Set(priced.map((p) => p.servicoId));
    if (services.length !== ids.length || ids.some((s) => !pricedIds.has(s))) {
      throw new AdminError("Escolha serviços ativos com preço para esse porte", "servico");
    }
    if (services.every((s) => s.adicional)) {
      throw new AdminError("Um adicional vai junto de um serviço principal", "servico");
    }
    const [row] = await tx
      .update(pedidosServicos)
      .set({
        precoOrcado: answer.precoOrcado,
        porteOrcado: answer.porte,
        servicosOrcados: ids,
        status: "orcamento_enviado",
      })
      .where(eq(pedidosServicos.id, id))
      .returning();
    if (!row) throw new AdminError("Pedido não encontrado");
    await audit(tx, actor, "grooming_quote_link", "pedido_servico", id, {
      numero_pedido: row.numeroPedido,
      preco_orcado: answer.precoOrcado,
      porte: answer.porte,
      servicos: services.map((s) => s.nome).join(", "),
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
  if (!sameSecret(quoteKey(numero), chave)) return null;
  const [row] = await executor
    .select()
    .from(pedidosServicos)
    .where(eq(pedidosServicos.numeroPedido, numero));
  if (!row || row.precoOrcado === null || row.status !== "orcamento_enviado") return null;
  return row;
}

/** The bookings made from these quotes' links ("agendado" on the quote's card), by quote id. */
export async function bookingsOfQuotes(
  quoteIds: readonly string[],
  executor: Executor = db(),
): Promise<
  Map<string, { numero: string; unidadeId: string; data: string; horario: string; status: string }>
> {
  const rows = await readByKeys(quoteIds, (wanted) =>
    executor
      .select({
        quoteId: agendamentos.pedidoServicoId,
        numero: agendamentos.numero,
        unidadeId: agendamentos.unidadeId,
        data: agendamentos.data,
        horario: agendamentos.horario,
        status: agendamentos.status,
      })
      .from(agendamentos)
      .where(inArray(agendamentos.pedidoServicoId, wanted))
      .orderBy(asc(agendamentos.createdAt)),
  );
  // The latest booking of a quote wins (one normally: the link is spent once booked).
  return new Map(rows.map(({ quoteId, ...b }) => [quoteId!, b]));
}
