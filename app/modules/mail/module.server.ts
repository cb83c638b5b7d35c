// The mail module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { deliverMail, enqueueEmails } from "./outbox.server";

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
        "pedido.link_solicitado",
        "agendamento.status",
        "agendamento.lembrete",
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
    {
      id: "mail.deliver",
      label: "Envio dos e-mails da caixa de saída",
      // Read when the runner asks: the environment is not loaded at import.
      get intervalMs() {
        return env().MAIL_WORKER_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().MAIL_WORKER_INTERVAL > 0,
      run: ({ signal }) => deliverMail(signal),
    },
  ],
});
