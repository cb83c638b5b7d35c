// The mail module's declaration of what it adds to the shared machinery (decision 0059).
import { getSettings } from "~/modules/shop/index.server";
import { defineModule } from "~/platform/module.server";
import { purgeOldEmailBodies } from "./retention.server";

export const mailModule = defineModule({
  name: "mail",
  jobs: [
    {
      // The rendered messages past the period set in Privacidade (retencao_envios_dias).
      id: "mail.purge-bodies",
      label: "Limpeza do conteúdo de e-mails antigos",
      intervalMs: 24 * 60 * 60_000,
      timeoutMs: 15 * 60_000,
      firstRunAfterMs: 10 * 60_000,
      run: async ({ signal }) => {
        const { retencaoEnviosDias } = await getSettings();
        return { emails: await purgeOldEmailBodies(retencaoEnviosDias, { signal }) };
      },
    },
  ],
});
