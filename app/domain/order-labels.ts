// How order statuses, payment statuses, payment methods and delivery windows read (SPEC §4, §5.5).
import type { FormaPagamento, StatusPagamento, StatusPedido } from "~/server/db/schema";

export const STATUS_PEDIDO_LABEL: Record<StatusPedido, string> = {
  novo: "Novo",
  preparo: "Em Preparo",
  saiu_entrega: "Saiu para Entrega",
  entregue: "Entregue",
  cancelado: "Cancelado",
};

export const STATUS_PAGAMENTO_LABEL: Record<StatusPagamento, string> = {
  aguardando: "Aguardando",
  pago: "Pago",
  falhou: "Falhou",
  reembolsado: "Reembolsado",
};

export const FORMA_PAGAMENTO_LABEL: Record<FormaPagamento, string> = {
  pix: "PIX Manual",
  pix_mercadopago: "PIX Mercado Pago",
  cartao: "Cartão",
  dinheiro: "Dinheiro",
  cartao_entrega: "Cartão na entrega",
};

export type JanelaEntrega = "manha" | "tarde" | "noite";

export const JANELA_ENTREGA_LABEL: Record<JanelaEntrega, string> = {
  manha: "Manhã (9h às 12h)",
  tarde: "Tarde (13h às 17h)",
  noite: "Noite (18h às 20h)",
};

/** Badge colours of the order status (Badge variants). */
export const STATUS_PEDIDO_VARIANT: Record<
  StatusPedido,
  "blue" | "yellow" | "purple" | "green" | "red"
> = {
  novo: "blue",
  preparo: "yellow",
  saiu_entrega: "purple",
  entregue: "green",
  cancelado: "red",
};

export const STATUS_PAGAMENTO_VARIANT: Record<
  StatusPagamento,
  "yellow" | "green" | "red" | "blue"
> = {
  aguardando: "yellow",
  pago: "green",
  falhou: "red",
  reembolsado: "blue",
};
