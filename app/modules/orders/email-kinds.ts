// The order e-mails by kind (the mail outbox's `tipo`) and their names on the admin screen.

export const ORDER_EMAIL_KINDS = [
  "pedido_confirmado",
  "pedido_pago",
  "pedido_saiu_entrega",
  "pedido_pronto_retirada",
  "pedido_entregue",
  "pedido_retirado",
  "pedido_cancelado",
  "pedido_reembolsado",
  "loja_novo_pedido",
  "pedido_link",
  "loja_pago_apos_cancelamento",
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export const ORDER_EMAIL_LABEL: Record<OrderEmailKind, string> = {
  pedido_confirmado: "Confirmação do pedido",
  pedido_pago: "Pagamento confirmado",
  pedido_saiu_entrega: "Saiu para entrega",
  pedido_pronto_retirada: "Pronto para retirada",
  pedido_entregue: "Entregue",
  pedido_retirado: "Retirado",
  pedido_cancelado: "Cancelado",
  pedido_reembolsado: "Reembolsado",
  loja_novo_pedido: "Novo pedido (loja)",
  pedido_link: "Link do pedido (Acompanhar pedido)",
  loja_pago_apos_cancelamento: "Pago após cancelamento (loja)",
};

/** The kinds that go to the shop, not to the customer. */
export const SHOP_EMAIL_KINDS: readonly OrderEmailKind[] = [
  "loja_novo_pedido",
  "loja_pago_apos_cancelamento",
];

/** The kinds the customer's "parar de receber" stops (not the confirmation). */
export const STATUS_EMAIL_KINDS: readonly OrderEmailKind[] = ORDER_EMAIL_KINDS.filter(
  (k) => k !== "pedido_confirmado" && k !== "pedido_link" && !SHOP_EMAIL_KINDS.includes(k),
);
