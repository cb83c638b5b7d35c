// Store settings (SPEC §3, §7.5 settings test): saved in the single settings row.
import { centavosToReais } from "~/domain/money";
import type { StoreSettingsInput } from "~/schemas/store-settings";
import { type AdminActor, audit } from "./admin-actor.server";
import { transaction } from "./db/client.server";
import { getSettings, type Settings, updateSettings } from "./settings.server";
import { postJson } from "./webhooks.server";

export async function saveStoreSettings(
  input: StoreSettingsInput,
  actor: AdminActor,
): Promise<Settings> {
  return transaction(async (tx) => {
    const before = await getSettings(tx);
    const changes = {
      whatsappNumero: input.whatsappNumero ? input.whatsappNumero.replace(/\D/g, "") : null,
      whatsappAtivo: input.whatsappAtivo,
      taxaEntregaPadrao: input.taxaEntregaPadrao,
      freteGratisMinimo: input.freteGratisMinimo,
      pixManualAtivo: input.pixManualAtivo,
      pixChave: input.pixChave,
      pixNomeRecebedor: input.pixNomeRecebedor,
      pixCidade: input.pixCidade,
      pixDescontoPercentual: input.pixDescontoPercentual,
      webhookUrl: input.webhookUrl,
      webhookAtivo: input.webhookAtivo,
      // A blank secret field keeps the saved secret (it is never sent back to the page).
      webhookSecret: input.limparSegredo ? null : (input.webhookSecret ?? before.webhookSecret),
    };
    const after = await updateSettings(tx, changes);
    const changed = Object.keys(changes).filter(
      (k) => before[k as keyof Settings] !== after[k as keyof Settings],
    );
    await audit(tx, actor, "settings_update", "configuracoes", "1", {
      origem: "loja",
      campos: changed,
    });
    return after;
  });
}

export const WEBHOOK_TEST_MESSAGES = {
  missing: "Configure a URL do webhook primeiro",
  ok: "Teste enviado com sucesso!",
  httpError: "Erro no teste. Verifique a URL do webhook.",
  networkError: "Erro ao enviar teste",
} as const;

/**
 * The settings test of SPEC §7.5: a sample order posted to the webhook URL on the screen
 * (`typedUrl`, already validated as http(s); null when the field is empty), or to the
 * saved one when the request carries no URL.
 */
export async function testStoreWebhook(
  actor: AdminActor,
  typedUrl?: string | null,
): Promise<{ ok: boolean; message: string; detail?: string }> {
  const settings = await getSettings();
  const url = typedUrl === undefined ? settings.webhookUrl?.trim() : typedUrl;
  if (!url) return { ok: false, message: WEBHOOK_TEST_MESSAGES.missing };
  const payload = {
    pedido: {
      numero: `TESTE${Date.now()}`,
      cliente: "Cliente Teste",
      telefone: "47999999999",
      total: centavosToReais(5990),
      status: "novo",
    },
    timestamp: new Date().toISOString(),
  };
  const result = await postJson(url, payload, { secret: settings.webhookSecret });
  await transaction((tx) =>
    audit(tx, actor, "webhook_test", "configuracoes", "1", {
      ok: result.ok,
      status: result.status ?? null,
      erro: result.error ?? null,
    }),
  );
  if (result.ok) return { ok: true, message: WEBHOOK_TEST_MESSAGES.ok };
  if (result.status !== undefined) {
    return {
      ok: false,
      message: WEBHOOK_TEST_MESSAGES.httpError,
      detail: `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ""}`,
    };
  }
  return { ok: false, message: WEBHOOK_TEST_MESSAGES.networkError, detail: result.error };
}
