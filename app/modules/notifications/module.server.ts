// The notifications module's declaration of what it adds to the shared machinery (decision 0059).

import { getSettings } from "~/modules/shop/index.server";
import { env } from "~/platform/env.server";
import { defineModule } from "~/platform/module.server";
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
    {
      // The announced payloads past the period set in Privacidade (retencao_envios_dias).
      id: "notifications.purge-payloads",
      label: "Limpeza do conteúdo de webhooks antigos",
      intervalMs: 24 * 60 * 60_000,
      timeoutMs: 15 * 60_000,
      firstRunAfterMs: 10 * 60_000,
      run: async ({ signal }) => {
        const { retencaoEnviosDias } = await getSettings();
        return { webhooks: await purgeOldWebhookPayloads(retencaoEnviosDias, { signal }) };
      },
    },
  ],
  backup: { webhook_entregas: "data" },
  settings: { secret: ["webhookSecret"] },
  personalData: notificationsPersonalData,
});
