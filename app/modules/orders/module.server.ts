// The orders module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { reconcilePayments } from "./pix-expiry.server";

export const ordersModule = defineModule({
  name: "orders",
  jobs: [
    {
      // Pending Pix charges are asked about on a schedule: a lost notification still pays, and
      // an unpaid online Pix order is cancelled (PAYMENT_RECONCILE_INTERVAL, s; 0: never).
      id: "orders.reconcile-payments",
      label: "Conferência de pagamentos Pix e cancelamento dos não pagos",
      get intervalMs() {
        return env().PAYMENT_RECONCILE_INTERVAL * 1000;
      },
      get firstRunAfterMs() {
        return env().PAYMENT_RECONCILE_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().PAYMENT_RECONCILE_INTERVAL > 0,
      run: () => reconcilePayments(),
    },
  ],
});
