// Chat texts the admin sends to customers (SPEC §7.6).
import { shop } from "~/content/shop";
import { formatBRL } from "~/domain/money";
import { tipoServicoLabel } from "~/domain/statuses";

/** To a grooming customer: greeting, service, pet, order number, photos analysed, quote coming. */
export function groomingChatMessage(order: {
  nomeTutor: string;
  tipoServico: string;
  nomePet: string;
  numeroPedido: string;
}): string {
  const servico = tipoServicoLabel(order.tipoServico);
  return [
    `Olá, ${order.nomeTutor}! Aqui é da ${shop.name} 🐾`,
    `Recebemos sua solicitação de ${servico} para o(a) ${order.nomePet} (pedido ${order.numeroPedido}).`,
    "Já analisamos as fotos e estamos preparando o seu orçamento. Em instantes enviamos os valores por aqui!",
  ].join("\n\n");
}

const STATUS_TEXT: Record<string, string> = {
  novo: "recebido",
  preparo: "em preparo",
  saiu_entrega: "saiu para entrega",
  pronto_retirada: "pronto para retirada",
  entregue: "entregue",
  retirado: "retirado",
  cancelado: "cancelado",
};

/** To a store customer about their order. */
export function orderChatMessage(order: {
  clienteNome: string;
  numeroPedido: string;
  total: number;
  statusPedido: string;
}): string {
  return [
    `Olá, ${order.clienteNome}! Aqui é da ${shop.name} 🐾`,
    `Sobre o seu pedido ${order.numeroPedido} (total ${formatBRL(order.total)}), que está ${STATUS_TEXT[order.statusPedido] ?? order.statusPedido}:`,
  ].join("\n\n");
}

/**
 * To a pick-up customer when the order is ready: order number, the unit's name and address,
 * the pick-up code to say at the counter and the unit's opening hours.
 */
export function pickUpReadyMessage(
  order: { clienteNome: string; numeroPedido: string; codigoRetirada: string | null },
  unit: { nome: string; endereco: string; horarios: string } | null,
): string {
  return [
    `Olá, ${order.clienteNome}! Aqui é da ${shop.name} 🐾`,
    `Seu pedido ${order.numeroPedido} está pronto para retirada!`,
    unit ? `Onde retirar: ${unit.nome} — ${unit.endereco}` : null,
    order.codigoRetirada ? `Código de retirada: ${order.codigoRetirada}` : null,
    unit?.horarios ? `Horário de funcionamento: ${unit.horarios}` : null,
    "Informe o código no balcão. Até já!",
  ]
    .filter(Boolean)
    .join("\n\n");
}
