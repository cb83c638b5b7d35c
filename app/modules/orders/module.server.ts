// The orders module's declaration of what it adds to the shared machinery (decision 0059).

import { defineEmail } from "~/modules/mail/index.server";
import {
  defineModule,
  everyEnvSeconds,
  HOUR_MS,
  MINUTE_MS,
  rateLimit,
} from "~/platform/module.server";
import { ORDER_EMAIL_KINDS, type OrderEmailKind, SHOP_EMAIL_KINDS } from "./email-kinds";
import { composeOrderEmail } from "./order-email-templates.server";
import { ordersPersonalData } from "./personal-data.server";
import { reconcilePayments } from "./pix-expiry.server";

/** The order e-mails' names on the admin's list. */
const ORDER_EMAIL_LABELS: Record<OrderEmailKind, string> = {
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
  loja_contestacao: "Contestação de cartão (dono)",
};

export const ordersModule = defineModule({
  name: "orders",
  jobs: [
    // Pending Pix charges are asked about on a schedule: a lost notification still pays, and
    // an unpaid online Pix order is cancelled (PAYMENT_RECONCILE_INTERVAL, s; 0: never).
    everyEnvSeconds(
      "PAYMENT_RECONCILE_INTERVAL",
      {
        id: "orders.reconcile-payments",
        label: "Conferência de pagamentos Pix e cancelamento dos não pagos",
        timeoutMs: 5 * 60_000,
        run: () => reconcilePayments(),
      },
      { waitFirst: true },
    ),
  ],
  // Every kind is rendered by the order composer; the shop's kinds go to the shop.
  emails: ORDER_EMAIL_KINDS.map((kind) =>
    defineEmail({
      kind,
      label: ORDER_EMAIL_LABELS[kind],
      recipient: SHOP_EMAIL_KINDS.includes(kind) ? "loja" : "cliente",
      compose: composeOrderEmail,
    }),
  ),
  backup: { pedidos: "data", itens_pedido: "data" },
  rateLimits: [
    // Orders per IP per hour: plenty for a family, a wall for scripts draining the stock.
    rateLimit("checkout", "Pedidos na loja", 30, HOUR_MS, 30 * MINUTE_MS),
    // Wrong coupon codes tried in the cart: enough for typos, not for guessing codes.
    rateLimit("cupom", "Cupons inválidos no carrinho", 20, 15 * MINUTE_MS),
    // "Acompanhar pedido": number + phone tried per IP and per order number. Reserved before
    // the order is read, like the login (decision 0016): a burst cannot try more than this.
    rateLimit("pedido_busca_ip", "Acompanhar pedido (IP)", 10, 15 * MINUTE_MS),
    rateLimit("pedido_busca_numero", "Acompanhar pedido (número)", 5, 15 * MINUTE_MS),
    // The 4-digit pick-up code typed at the counter, per order: a typo or two, never the
    // 10,000 codes one by one (issue 39). Every wrong code is audited.
    rateLimit("retirada_codigo", "Código de retirada (pedido)", 5, 15 * MINUTE_MS),
  ],
  personalData: ordersPersonalData,
});
