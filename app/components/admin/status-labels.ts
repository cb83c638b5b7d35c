// Display names of the statuses shown on the dashboard (SPEC §4).
import type { StatusCurriculo, StatusPagamento, StatusPedido } from "~/server/db/schema";

export const PEDIDO_STATUS_LABEL: Record<StatusPedido, string> = {
  novo: "Novo",
  preparo: "Em Preparo",
  saiu_entrega: "Saiu para Entrega",
  entregue: "Entregue",
  cancelado: "Cancelado",
};

export const PEDIDO_STATUS_BADGE: Record<
  StatusPedido,
  "yellow" | "blue" | "purple" | "green" | "red"
> = {
  novo: "yellow",
  preparo: "blue",
  saiu_entrega: "purple",
  entregue: "green",
  cancelado: "red",
};

export const PAGAMENTO_STATUS_LABEL: Record<StatusPagamento, string> = {
  aguardando: "Aguardando",
  pago: "Pago",
  falhou: "Falhou",
  reembolsado: "Reembolsado",
};

export const CURRICULO_STATUS_LABEL: Record<StatusCurriculo, string> = {
  novo: "Novo",
  visto: "Visto",
  respondido: "Respondido",
  arquivado: "Arquivado",
};

export const VAGA_LABEL: Record<string, string> = {
  vendedor: "Vendedor(a)",
  "banho-tosa": "Banho e Tosa",
  caixa: "Caixa",
  auxiliar: "Auxiliar",
};
