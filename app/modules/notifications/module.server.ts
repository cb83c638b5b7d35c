// The notifications module's declaration of what it adds to the shared machinery (decision 0059).
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
import { announce, deliverWebhooks } from "./webhooks.server";

export const notificationsModule = defineModule({
  name: "notifications",
  subscribers: [
    {
      // The shop's webhook of each channel (SPEC §7.5), when its URL is set.
      name: "notifications.webhook",
      events: [
        "pedido.criado",
        "pedido.pagamento",
        "pedido_servico.recebido",
        "curriculo.recebido",
      ],
      handle: announce,
    },
  ],
  jobs: [
    {
      id: "notifications.deliver",
      label: "Entrega dos webhooks da caixa de saída",
      // Read when the runner asks: the environment is not loaded at import.
      get intervalMs() {
        return env().WEBHOOK_WORKER_INTERVAL * 1000;
      },
      timeoutMs: 5 * 60_000,
      enabled: () => env().WEBHOOK_WORKER_INTERVAL > 0,
      run: ({ signal }) => deliverWebhooks(signal),
    },
  ],
});
