// The orders module's declaration of what it adds to the shared machinery (decision 0059).

import { defineEmail } from "~/modules/mail/index.server";
import {
  defineModule,
  everyEnvSeconds,
  HOUR_MS,
  MINUTE_MS,
  rateLimit,
} from "~/platform/module.server";
import type { OrderEmailKind } from "./email-kinds";
import { composeOrderEmail } from "./order-email-templates.server";
import { ordersPersonalData } from "./personal-data.server";
import { reconcilePayments } from "./pix-expiry.server";

/** An order e-mail: every kind is rendered by the order composer. */
const orderEmail = (kind: OrderEmailKind, label: string, recipient: "cliente" | "loja") =>
  defineEmail({ kind, label, recipient, compose: composeOrderEmail });

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
  emails: [
    orderEmail("pedido_confirmado", "Confirmação do pedido", "cliente"),
    orderEmail("pedido_pago", "Pagamento confirmado", "cliente"),
    orderEmail("pedido_saiu_entrega", "Saiu para entrega", "cliente"),
    orderEmail("pedido_pronto_retirada", "Pronto para retirada", "cliente"),
    orderEmail("pedido_entregue", "Entregue", "cliente"),
    orderEmail("pedido_retirado", "Retirado", "cliente"),
    orderEmail("pedido_cancelado", "Cancelado", "cliente"),
    orderEmail("pedido_reembolsado", "Reembolsado", "cliente"),
    orderEmail("loja_novo_pedido", "Novo pedido (loja)", "loja"),
    orderEmail("pedido_link", "Link do pedido (Acompanhar pedido)", "cliente"),
    orderEmail("loja_pago_apos_cancelamento", "Pago após cancelamento (loja)", "loja"),
    orderEmail("loja_contestacao", "Contestação de cartão (dono)", "loja"),
  ],
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
