// The notifications module's declaration of what it adds to the shared machinery (decision 0059).

import { sentRetentionJob } from "~/modules/shop/index.server";
import { defineModule, everyEnvSeconds } from "~/platform/module.server";
import { notificationsPersonalData } from "./personal-data.server";
import { purgeOldWebhookPayloads } from "./retention.server";
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
    everyEnvSeconds("WEBHOOK_WORKER_INTERVAL", {
      id: "notifications.deliver",
      label: "Entrega dos webhooks da caixa de saída",
      timeoutMs: 5 * 60_000,
      run: ({ signal }) => deliverWebhooks(signal),
    }),
    // The announced payloads past the period set in Privacidade (retencao_envios_dias).
    sentRetentionJob(
      "notifications.purge-payloads",
      "Limpeza do conteúdo de webhooks antigos",
      "webhooks",
      purgeOldWebhookPayloads,
    ),
  ],
  backup: { webhook_entregas: "data" },
  settings: { secret: ["webhookSecret"] },
  personalData: notificationsPersonalData,
});
