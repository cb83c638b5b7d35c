// The order e-mails by kind (the mail outbox's `tipo`); their names, recipients and composer
// are declared in the module's manifest (module.server.ts).

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
  "loja_contestacao",
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** The kinds that go to the shop, not to the customer. */
export const SHOP_EMAIL_KINDS: readonly OrderEmailKind[] = [
  "loja_novo_pedido",
  "loja_pago_apos_cancelamento",
  "loja_contestacao",
];

/** The kinds the customer's "parar de receber" stops (not the confirmation). */
export const STATUS_EMAIL_KINDS: readonly OrderEmailKind[] = ORDER_EMAIL_KINDS.filter(
  (k) => k !== "pedido_confirmado" && k !== "pedido_link" && !SHOP_EMAIL_KINDS.includes(k),
);
