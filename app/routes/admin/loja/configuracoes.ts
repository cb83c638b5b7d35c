// POST /admin/loja/configuracoes: the store settings, the automatic-Pix credentials (saved
// apart, so the store form never touches them) and the order webhook's test.

import { data } from "react-router";
import { adminFormRoute } from "~/components/admin/page";
import { testStoreWebhook } from "~/modules/notifications/index.server";
import { paymentSettingsSchema } from "~/modules/payments";
import { savePaymentSettings } from "~/modules/payments/index.server";
import { storeSettingsSchema, webhookTestSchema } from "~/modules/shop";
import { saveStoreSettings } from "~/modules/shop/index.server";
import { attempt, invalid, ok } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { configuracaoIntent } from "~/schemas/admin-loja-intents";

const route = adminFormRoute("/admin/loja?view=configuracoes", "loja.configurar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(route, configuracaoIntent, async ({ actor, fields, intent }) => {
  switch (intent) {
    case "settings-save": {
      const parsed = storeSettingsSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, "Verifique os campos destacados");
      return attempt(intent, "Erro ao salvar configurações", async () => {
        await saveStoreSettings(parsed.data, actor);
        return ok(intent, "Configurações salvas com sucesso!");
      });
    }
    case "payment-settings-save": {
      const parsed = paymentSettingsSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, "Verifique os campos destacados");
      return attempt(intent, "Erro ao salvar configurações", async () => {
        const saved = await savePaymentSettings(parsed.data, actor);
        return ok(
          intent,
          "Configurações do Pix automático salvas!",
          saved.disponivel ? "O Pix automático está ativo na loja." : undefined,
        );
      });
    }
    case "webhook-test": {
      // The URL on the screen, typed or not yet saved; a request without one tests the saved URL.
      let typedUrl: string | null | undefined;
      if (fields.webhookUrl !== undefined) {
        const parsed = webhookTestSchema.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error, "URL inválida");
        typedUrl = parsed.data.webhookUrl;
      }
      return attempt(intent, "Erro ao enviar teste", async () => {
        const result = await testStoreWebhook(actor, typedUrl);
        return result.ok
          ? ok(intent, result.message)
          : data(
              { ok: false as const, intent, message: result.message, description: result.detail },
              { status: 400 },
            );
      });
    }
    default:
      return intent satisfies never;
  }
});
