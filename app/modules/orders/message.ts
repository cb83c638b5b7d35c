// The chat text that announces a store order to the shop (SPEC §7.6): customer, address,
// delivery window, items, subtotal, delivery fee, total, payment, payment status, order
// number and notes. Sent only when the chat is enabled and a number is set.

import { formatBRL } from "~/domain/money";
import type { FormaPagamento, StatusPagamento } from "~/domain/statuses";
import {
  FORMA_PAGAMENTO_LABEL,
  JANELA_ENTREGA_LABEL,
  type JanelaEntrega,
  STATUS_PAGAMENTO_LABEL,
} from "~/domain/statuses";

export interface OrderMessageInput {
  numeroPedido: string;
  clienteNome: string;
  clienteTelefone: string;
  clienteEndereco: string;
  clienteBairro: string;
  clienteReferencia?: string | null;
  janelaEntrega: JanelaEntrega;
  observacoes?: string | null;
  itens: { produtoNome: string; produtoPreco: number; quantidade: number; subtotal: number }[];
  subtotal: number;
  desconto: number;
  /** The Pix discount (absent or 0 when none). */
  descontoPix?: number;
  cupomCodigo?: string | null;
  taxaEntrega: number;
  total: number;
  formaPagamento: FormaPagamento;
  trocoPara?: number | null;
  statusPagamento: StatusPagamento;
}

export function orderMessage(order: OrderMessageInput): string {
  const lines: string[] = [
    `*Novo pedido ${order.numeroPedido}*`,
    "",
    `*Cliente:* ${order.clienteNome}`,
    `*Telefone:* ${order.clienteTelefone}`,
    `*Endereço:* ${order.clienteEndereco} - ${order.clienteBairro}`,
  ];
  if (order.clienteReferencia) lines.push(`*Referência:* ${order.clienteReferencia}`);
  lines.push(`*Entrega:* ${JANELA_ENTREGA_LABEL[order.janelaEntrega]}`, "", "*Itens:*");
  for (const item of order.itens) {
    lines.push(
      `• ${item.quantidade}x ${item.produtoNome} (${formatBRL(item.produtoPreco)}) = ${formatBRL(item.subtotal)}`,
    );
  }
  lines.push("", `*Subtotal:* ${formatBRL(order.subtotal)}`);
  if (order.desconto > 0) {
    const code = order.cupomCodigo ? ` (cupom ${order.cupomCodigo})` : "";
    lines.push(`*Desconto${code}:* -${formatBRL(order.desconto)}`);
  }
  if (order.descontoPix && order.descontoPix > 0) {
    lines.push(`*Desconto no Pix:* -${formatBRL(order.descontoPix)}`);
  }
  lines.push(
    `*Taxa de entrega:* ${order.taxaEntrega === 0 ? "Grátis" : formatBRL(order.taxaEntrega)}`,
    `*Total:* ${formatBRL(order.total)}`,
    "",
    `*Pagamento:* ${FORMA_PAGAMENTO_LABEL[order.formaPagamento]}`,
  );
  if (order.formaPagamento === "dinheiro" && order.trocoPara) {
    lines.push(`*Troco para:* ${formatBRL(order.trocoPara)}`);
  }
  lines.push(`*Status do pagamento:* ${STATUS_PAGAMENTO_LABEL[order.statusPagamento]}`);
  lines.push(`*Pedido:* ${order.numeroPedido}`);
  if (order.observacoes) lines.push("", `*Observações:* ${order.observacoes}`);
  return lines.join("\n");
}
