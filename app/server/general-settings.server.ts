// The general settings screen (SPEC §2.3, §5.7): webhook URLs and the chat number, in the
// single settings row shared with the store settings.
import type { GeneralSettingsInput } from "~/schemas/general-settings";
import { logAudit } from "./audit.server";
import { transaction } from "./db/client.server";
import { getSettings, updateSettings } from "./settings.server";

export async function getGeneralSettings() {
  const s = await getSettings();
  return {
    webhook_url: s.webhookUrl ?? "",
    webhook_servicos: s.webhookServicos ?? "",
    webhook_curriculos: s.webhookCurriculos ?? "",
    webhook_ativo: s.webhookAtivo,
    webhook_servicos_ativo: s.webhookServicosAtivo,
    webhook_curriculos_ativo: s.webhookCurriculosAtivo,
    whatsapp_numero: s.whatsappNumero ?? "",
  };
}

/** Saves the fields and audits which ones changed (names only: URLs may hold tokens). */
export async function saveGeneralSettings(
  input: GeneralSettingsInput,
  request: Request,
  adminUserId: string,
) {
  const changes = {
    webhookUrl: input.webhook_url || null,
    webhookServicos: input.webhook_servicos || null,
    webhookCurriculos: input.webhook_curriculos || null,
    webhookAtivo: input.webhook_ativo,
    webhookServicosAtivo: input.webhook_servicos_ativo,
    webhookCurriculosAtivo: input.webhook_curriculos_ativo,
    whatsappNumero: input.whatsapp_numero.replace(/\D/g, "") || null,
  };
  await transaction(async (tx) => {
    const before = await getSettings(tx);
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter(
      (key) => (before[key] ?? null) !== changes[key],
    );
    await updateSettings(tx, changes);
    await logAudit(
      {
        request,
        adminUserId,
        action: "settings_update",
        resourceType: "configuracoes",
        resourceId: "1",
        details: { campos: changed },
      },
      tx,
    );
  });
}
