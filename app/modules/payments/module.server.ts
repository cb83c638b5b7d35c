// The payments module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { paymentSettingsSchema } from "./settings.schema";

export const paymentsModule = defineModule({
  name: "payments",
  backup: { cobrancas: "data", preferencias: "data", recebimentos: "data" },
  settings: {
    schema: paymentSettingsSchema,
    secret: ["mercadopagoAccessToken", "mercadopagoWebhookSecret"],
  },
});
