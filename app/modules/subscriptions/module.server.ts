// The subscriptions module's declaration of what it adds to the shared machinery (decision 0059):
// the cycle job of "compra programada" (issue 45, decision 0086), its e-mails, backup classes
// and personal data.
import { defineEmail } from "~/modules/mail/index.server";
import { now } from "~/platform/clock.server";
import { defineModule } from "~/platform/module.server";
import { CYCLE_JOB, runSubscriptionCycles } from "./cycle.server";
import { composeSubscriptionEmail } from "./emails.server";
import { subscriptionsPersonalData } from "./personal-data.server";
import {
  EMAIL_CANCELADA,
  EMAIL_CONFIRMADA,
  EMAIL_LEMBRETE,
  EMAIL_PAUSADA,
} from "./subscriptions.server";

/** A run is cut off after this long (recorded as failed); its batches stop well before. */
const CYCLE_TIMEOUT_MS = 10 * 60_000;
/** No batch starts after this: the last one (200 orders, seconds) ends inside the timeout. */
const CYCLE_BUDGET_MS = 8 * 60_000;

const email = (kind: string, label: string) =>
  defineEmail({ kind, label, recipient: "cliente", compose: composeSubscriptionEmail });

export const subscriptionsModule = defineModule({
  name: "subscriptions",
  jobs: [
    {
      id: CYCLE_JOB,
      label: "Compras programadas: lembretes, pedidos de renovação e pagamentos",
      intervalMs: 15 * 60_000,
      timeoutMs: CYCLE_TIMEOUT_MS,
      run: async ({ signal, logger }) =>
        runSubscriptionCycles(now(), { budgetMs: CYCLE_BUDGET_MS, signal, logger }),
    },
  ],
  emails: [
    email(EMAIL_CONFIRMADA, "Compra programada: confirmação e termos"),
    email(EMAIL_LEMBRETE, "Compra programada: lembrete da próxima entrega"),
    email(EMAIL_CANCELADA, "Compra programada: cancelamento e protocolo"),
    email(EMAIL_PAUSADA, "Compra programada: pausada após três pedidos não pagos"),
  ],
  backup: {
    assinaturas: "data",
    itens_assinatura: "data",
    ciclos_assinatura: "data",
    descontos_assinatura: "data",
  },
  personalData: subscriptionsPersonalData,
});
