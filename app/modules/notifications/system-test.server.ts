// The system tests page's webhook test (SPEC §2.3, §5.8, §8): a real POST from the server
// with the system-test payload (SPEC §7.5), 8-second time-out.
import { getSettings, type Settings, secretSettings } from "~/modules/shop/index.server";
import { postJson, WEBHOOK_TIMEOUT_MS } from "./webhooks.server";

/** What the system tests page shows for one test. */
export interface SystemTestResult {
  ok: boolean;
  message: string;
  detail?: string;
}

/** The URL the system test posts to: the general webhook, else the resumes one. */
export function systemTestWebhookUrl(settings: Settings): string | null {
  return settings.webhookUrl?.trim() || settings.webhookCurriculos?.trim() || null;
}

function systemTestPayload(at: Date = new Date()) {
  return {
    teste: true,
    nomeCompleto: "Teste do Sistema",
    email: "teste@agropetlitoral.com.br",
    telefone: "(47) 99999-0000",
    vaga: "Teste de Integração",
    mensagem: "Esta é uma mensagem de teste enviada pelo painel administrativo.",
    timestamp: at.toISOString(),
    origem: "painel_admin",
  };
}

export async function testWebhook(): Promise<SystemTestResult> {
  const settings = await getSettings();
  const url = systemTestWebhookUrl(settings);
  if (!url) return { ok: false, message: "Configure o webhook antes de testar" };
  const result = await postJson(url, systemTestPayload(), {
    secret: (await secretSettings("notifications")).webhookSecret,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  });
  if (result.ok) return { ok: true, message: "Teste enviado! Verifique seu WhatsApp/email." };
  if (result.status !== undefined) {
    return {
      ok: false,
      message: result.statusText
        ? `Erro HTTP: ${result.status} - ${result.statusText}`
        : `Erro HTTP: ${result.status}`,
    };
  }
  return { ok: false, message: "Erro ao conectar com o webhook", detail: result.error };
}
