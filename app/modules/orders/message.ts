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
import { orderLineName } from "./line";

export interface OrderMessageInput {
  numeroPedido: string;
  clienteNome: string;
  clienteTelefone: string;
  clienteEndereco: string;
  clienteBairro: string;
  clienteReferencia?: string | null;
  janelaEntrega: JanelaEntrega | null;
  /** Pick-up orders name their unit instead of an address. */
  modo?: "entrega" | "retirada";
  unidadeNome?: string | null;
  observacoes?: string | null;
  itens: {
    produtoNome: string;
    varianteRotulo?: string;
    sku?: string | null;
    produtoPreco: number;
    quantidade: number;
    subtotal: number;
  }[];
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
  /** The order page's address (with its token): the customer's way back to the order. */
  link?: string | null;
}

export function orderMessage(order: OrderMessageInput): string {
  const lines: string[] = [
    `*Novo pedido ${order.numeroPedido}*`,
    "",
    `*Cliente:* ${order.clienteNome}`,
    `*Telefone:* ${order.clienteTelefone}`,
  ];
  if (order.modo === "retirada") {
    lines.push(`*Retirar na loja:* ${order.unidadeNome ?? "unidade escolhida"}`);
  } else {
    lines.push(`*Endereço:* ${order.clienteEndereco} - ${order.clienteBairro}`);
    if (order.clienteReferencia) lines.push(`*Referência:* ${order.clienteReferencia}`);
    if (order.janelaEntrega) lines.push(`*Entrega:* ${JANELA_ENTREGA_LABEL[order.janelaEntrega]}`);
    if (order.unidadeNome) lines.push(`*Sai da:* ${order.unidadeNome}`);
  }
  lines.push("", "*Itens:*");
  for (const item of order.itens) {
    const name = orderLineName(item);
    const sku = item.sku ? ` [${item.sku}]` : "";
    lines.push(
      `• ${item.quantidade}x ${name}${sku} (${formatBRL(item.produtoPreco)}) = ${formatBRL(item.subtotal)}`,
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
  if (order.modo !== "retirada") {
    lines.push(
      `*Taxa de entrega:* ${order.taxaEntrega === 0 ? "Grátis" : formatBRL(order.taxaEntrega)}`,
    );
  }
  lines.push(
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
  if (order.link) lines.push("", `*Acompanhe o pedido:* ${order.link}`);
  return lines.join("\n");
}
