// The notifications module's declaration of what it adds to the shared machinery (decision 0059).
import { getSettings } from "~/modules/shop/index.server";
import { defineModule } from "~/platform/module.server";
import { purgeOldWebhookPayloads } from "./retention.server";

export const notificationsModule = defineModule({
  name: "notifications",
  jobs: [
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
});
