// POST /admin/loja/configuracoes: the store settings, the automatic-Pix credentials (saved
// apart, so the store form never touches them) and the order webhook's test.
import { data, redirect } from "react-router";
import { configuracaoIntent } from "~/schemas/admin-loja-intents";
import { paymentSettingsSchema } from "~/schemas/payment-settings";
import { storeSettingsSchema, webhookTestSchema } from "~/schemas/store-settings";
import { attempt, invalid, ok } from "~/server/admin-action.server";
import { requireAdmin } from "~/server/auth.server";
import { answerLoja, readLojaForm } from "~/server/loja-action.server";
import { savePaymentSettings } from "~/server/payments/settings.server";
import { saveStoreSettings } from "~/server/settings.server";
import { testStoreWebhook } from "~/server/webhooks.server";
import type { Route } from "./+types/configuracoes";

/** The panel this route serves. */
const SCREEN = "/admin/loja?view=configuracoes";

// Nothing to show here: an admin who opens the address lands on the view it serves.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(SCREEN);
}

export async function action({ request }: Route.ActionArgs) {
  return answerLoja(request, SCREEN, await act(request));
}

async function act(request: Request) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const read = await readLojaForm(request, configuracaoIntent);
  if (!read.ok) return read.refusal;
  const { fields, intent } = read;

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
}
