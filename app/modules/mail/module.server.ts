// The mail module's declaration of what it adds to the shared machinery (decision 0059).

import { sentRetentionJob } from "~/modules/shop/index.server";
import { defineModule, everyEnvSeconds } from "~/platform/module.server";
import { composeEmail } from "./definitions.server";
import { deliverMail, enqueueEmails } from "./outbox.server";
import { mailPersonalData } from "./personal-data.server";
import { purgeOldEmailBodies } from "./retention.server";
import { mailSettingsSchema } from "./settings.schema";

export const mailModule = defineModule({
  name: "mail",
  subscribers: [
    {
      // Each module names its own kinds and recipients; mail queues them, about the event's
      // resource, and renders them later with that module's composer.
      name: "mail.queue",
      events: [
        "pedido.criado",
        "pedido.status",
        "pedido.pagamento",
        "pedido.pago_apos_cancelamento",
        "pedido.contestado",
        "pedido.link_solicitado",
        "agendamento.status",
        "agendamento.lembrete",
        "agendamento.reagendar",
        "pacote_banho.vencendo",
        "codigo_tutor.solicitado",
      ],
      handle: (executor, event) =>
        enqueueEmails(
          executor,
          (event.emails ?? []).map((e) => ({
            ...e,
            resourceType: event.resourceType,
            resourceId: event.resourceId,
          })),
        ),
    },
  ],
  jobs: [
    everyEnvSeconds("MAIL_WORKER_INTERVAL", {
      id: "mail.deliver",
      label: "Envio dos e-mails da caixa de saída",
      timeoutMs: 5 * 60_000,
      // Each row is rendered when sent by the composer its module declares.
      run: ({ signal }) => deliverMail(signal, composeEmail),
    }),
    // The rendered messages past the period set in Privacidade (retencao_envios_dias).
    sentRetentionJob(
      "mail.purge-bodies",
      "Limpeza do conteúdo de e-mails antigos",
      "emails",
      purgeOldEmailBodies,
    ),
  ],
  backup: { emails: "data" },
  settings: { schema: mailSettingsSchema, secret: ["smtpSenha"] },
  personalData: mailPersonalData,
});
