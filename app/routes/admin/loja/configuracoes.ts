// POST /admin/loja/configuracoes: the store settings, the automatic-Pix credentials (saved
// apart, so the store form never touches them) and the order webhook's test.

import { data } from "react-router";
import { adminFormRoute } from "~/components/admin/page";
import { testStoreWebhook } from "~/modules/notifications/index.server";
import { paymentSettingsSchema } from "~/modules/payments";
import { savePaymentSettings } from "~/modules/payments/index.server";
import { storeSettingsSchema, webhookTestSchema } from "~/modules/shop";
import { saveStoreSettings } from "~/modules/shop/index.server";
import { adminIntent, invalid, ok } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";

const route = adminFormRoute("/admin/loja?view=configuracoes", "loja.configurar");
export const handle = route.handle;
export const loader = lojaLoader(route);

/** The store's settings and the automatic Pix's: two forms of one screen, answered alike. */
const SETTINGS_FORM = {
  refusal: "Verifique os campos destacados",
  failure: "Erro ao salvar configurações",
};

export const action = lojaAction(route, {
  "settings-save": adminIntent({
    ...SETTINGS_FORM,
    schema: storeSettingsSchema,
    run: async (data, { actor }) => {
      await saveStoreSettings(data, actor);
      return "Configurações salvas com sucesso!";
    },
  }),
  "payment-settings-save": adminIntent({
    ...SETTINGS_FORM,
    schema: paymentSettingsSchema,
    run: async (data, { actor }) => {
      const saved = await savePaymentSettings(data, actor);
      return [
        "Configurações do Pix automático salvas!",
        saved.disponivel ? "O Pix automático está ativo na loja." : undefined,
      ] as const;
    },
  }),
  "webhook-test": adminIntent({
    failure: "Erro ao enviar teste",
    run: async (fields, { actor, intent }) => {
      // The URL on the screen, typed or not yet saved; a request without one tests the saved URL.
      let typedUrl: string | null | undefined;
      if (fields.webhookUrl !== undefined) {
        const parsed = webhookTestSchema.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error, "URL inválida");
        typedUrl = parsed.data.webhookUrl;
      }
      const result = await testStoreWebhook(actor, typedUrl);
      return result.ok
        ? ok(intent, result.message)
        : data(
            { ok: false as const, intent, message: result.message, description: result.detail },
            { status: 400 },
          );
    },
  }),
});
