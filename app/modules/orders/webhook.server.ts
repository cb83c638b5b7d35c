// The order webhook (SPEC §7.5): announced when an order is placed and again when its
// payment changes, carried by the order's event and queued by notifications in the same
// transaction as the change (decision 0061).
import { asc, eq } from "drizzle-orm";
import { centavosToReais } from "~/domain/money";
import { getUnit } from "~/modules/shop/index.server";
import type { Tx } from "~/platform/db/client.server";
import type { WebhookNotice } from "~/platform/event-types.server";
import { type ItemPedido, itensPedido, type Pedido } from "./tables.server";

/** SPEC §7.5: tipo, pedido, itens, cliente, timestamp (money in reais). */
function orderWebhookPayload(
  pedido: Pedido,
  itens: ItemPedido[],
  unidade: { id: string; nome: string } | null,
  at: Date,
) {
  return {
    tipo: "pedido",
    pedido: {
      id: pedido.id,
      numero_pedido: pedido.numeroPedido,
      subtotal: centavosToReais(pedido.subtotal),
      taxa_entrega: centavosToReais(pedido.taxaEntrega),
      desconto: centavosToReais(pedido.desconto),
      desconto_pix: centavosToReais(pedido.descontoPix),
      total: centavosToReais(pedido.total),
      cupom_codigo: pedido.cupomCodigo,
      forma_pagamento: pedido.formaPagamento,
      troco_para: pedido.trocoPara === null ? null : centavosToReais(pedido.trocoPara),
      modo: pedido.modo,
      unidade,
      janela_entrega: pedido.janelaEntrega,
      observacoes: pedido.observacoes,
      status_pedido: pedido.statusPedido,
      status_pagamento: pedido.statusPagamento,
      created_at: pedido.createdAt.toISOString(),
    },
    itens: itens.map((i) => ({
      produto_id: i.produtoId,
      variante_id: i.varianteId,
      sku: i.sku,
      produto_nome: i.produtoNome,
      variante_rotulo: i.varianteRotulo,
      produto_preco: centavosToReais(i.produtoPreco),
      quantidade: i.quantidade,
      subtotal: centavosToReais(i.subtotal),
    })),
    cliente: {
      nome: pedido.clienteNome,
      telefone: pedido.clienteTelefone,
      endereco: pedido.clienteEndereco,
      bairro: pedido.clienteBairro,
      referencia: pedido.clienteReferencia,
    },
    timestamp: at.toISOString(),
  };
}

/**
 * The order's announcement, built only when the shop has its URL set (notifications asks
 * for the payload then, in `tx`). The items are read unless given; `evento` marks a later
 * announcement of the same order (its payment changed).
 */
export function orderWebhook(
  tx: Tx,
  pedido: Pedido,
  at: Date,
  options: {
    itens?: ItemPedido[];
    unidade?: { id: string; nome: string } | null;
    evento?: "pagamento_atualizado";
  } = {},
): WebhookNotice {
  return { canal: "pedido", payload: () => orderWebhookPayloadOf(tx, pedido, at, options) };
}

async function orderWebhookPayloadOf(
  tx: Tx,
  pedido: Pedido,
  at: Date,
  options: Parameters<typeof orderWebhook>[3] = {},
): Promise<Record<string, unknown>> {
  const itens =
    options.itens ??
    (await tx
      .select()
      .from(itensPedido)
      .where(eq(itensPedido.pedidoId, pedido.id))
      .orderBy(asc(itensPedido.produtoNome)));
  const unidade =
    options.unidade !== undefined ? options.unidade : await unitOf(tx, pedido.unidadeId);
  const payload = orderWebhookPayload(pedido, itens, unidade, at);
  return options.evento ? { ...payload, evento: options.evento } : payload;
}

async function unitOf(tx: Tx, unidadeId: string | null) {
  if (!unidadeId) return null;
  const row = await getUnit(unidadeId, tx);
  return row ? { id: row.id, nome: row.nome } : null;
}
