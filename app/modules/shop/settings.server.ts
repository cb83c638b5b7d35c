// The single settings row (id = 1): general settings and store settings together. Read by
// the store, the checkout and the announcements; saved by the two settings screens
// (/admin/loja and /admin/configuracoes), every save audited with the fields it changed.
import { eq } from "drizzle-orm";
import { normalizePixKey } from "~/domain/pix-key";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { logAudit } from "~/platform/admin/audit.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { keptUntilChanged } from "~/platform/page-data.server";
import type { GeneralSettingsInput } from "./general-settings.schema";
import type { StoreSettingsInput } from "./store-settings.schema";
import { type Configuracoes, configuracoes } from "./tables.server";

export type Settings = Configuracoes;

/** Reads the settings row, creating it with the spec's defaults when missing. */
export async function getSettings(executor: Executor = db()): Promise<Settings> {
  const [row] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  if (row) return row;
  await executor.insert(configuracoes).values({ id: 1 }).onConflictDoNothing();
  const [created] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  return created!;
}

const keptSettings = keptUntilChanged(["configuracoes"], async () =>
  asTheStoreSells(await getSettings()),
);

/**
 * A manual Pix whose saved key is no valid key (saved before keys were checked, decision
 * 0053) would show no code on the order page: the store stops offering it until the admin,
 * whose settings flag the key, fixes it.
 */
function asTheStoreSells(row: Settings): Settings {
  if (!row.pixManualAtivo || normalizePixKey(row.pixChave ?? "").ok) return row;
  return { ...row, pixManualAtivo: false };
}

/**
 * The settings as the storefront reads them on every request (store layout, checkout):
 * kept in memory until the row changes. Admin screens read the row itself (getSettings).
 */
export function currentSettings(): Promise<Settings> {
  return keptSettings.get();
}

/**
 * Saves `changes`. The database's announcement at commit is what every instance (this one
 * too) relies on to drop its kept copy; forgetting once the write is done as well saves this
 * instance the moment that takes. Inside a transaction, wrap it in `forgettingSettings`.
 */
export async function updateSettings(
  executor: Executor,
  changes: SettingsChanges,
): Promise<Settings> {
  await getSettings(executor);
  const [row] = await executor
    .update(configuracoes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(configuracoes.id, 1))
    .returning();
  keptSettings.forget();
  return row!;
}

type SettingsChanges = Partial<Omit<Settings, "id" | "updatedAt">>;

/**
 * A settings screen's save, in one transaction: `change` turns the saved row into the
 * changes (or refuses them by throwing), which are written and audited as 'settings_update'
 * with the names of the fields that changed, never their values (the trail holds no
 * credential or secret).
 */
export function saveSettingsAudited(
  actor: AdminActor,
  origem: "loja" | "pagamentos" | "emails" | "privacidade",
  change: (before: Settings) => SettingsChanges,
): Promise<Settings> {
  return forgettingSettings(
    transaction(async (tx) => {
      const before = await getSettings(tx);
      const changes = change(before);
      const after = await updateSettings(tx, changes);
      const campos = Object.keys(changes).filter(
        (k) => before[k as keyof Settings] !== after[k as keyof Settings],
      );
      await audit(tx, actor, "settings_update", "configuracoes", "1", { origem, campos });
      return after;
    }),
  );
}

/** Forgets the kept settings once `write` (a transaction that saves them) has committed. */
function forgettingSettings<T>(write: Promise<T>): Promise<T> {
  return write.finally(() => keptSettings.forget());
}

/** Each kind of announcement has its own switch: turning one off leaves the others alone. */
const WEBHOOK_SWITCH = {
  pedido: "webhookAtivo",
  servico: "webhookServicosAtivo",
  curriculo: "webhookCurriculosAtivo",
} as const;

/**
 * Where an announcement goes: the specific URL when set, else the general one (the
 * order webhook's); null when that kind's switch is off.
 */
export function webhookUrlFor(
  settings: Settings,
  tipo: "pedido" | "servico" | "curriculo",
): string | null {
  if (!settings[WEBHOOK_SWITCH[tipo]]) return null;
  const specific =
    tipo === "servico"
      ? settings.webhookServicos
      : tipo === "curriculo"
        ? settings.webhookCurriculos
        : null;
  return specific?.trim() || settings.webhookUrl?.trim() || null;
}

/** The store settings screen (SPEC §3): delivery, Pix, WhatsApp and the order webhook. */
export async function saveStoreSettings(
  input: StoreSettingsInput,
  actor: AdminActor,
): Promise<Settings> {
  return saveSettingsAudited(actor, "loja", (before) => ({
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
  }));
}

/** The general settings screen (SPEC §2.3, §5.7): webhook URLs and the chat number. */
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
    email_novos_pedidos: s.emailNovosPedidos ?? "",
    cnpj: s.cnpj ?? "",
    razao_social: s.razaoSocial ?? "",
    email_contato: s.emailContato ?? "",
    encarregado_nome: s.encarregadoNome ?? "",
    encarregado_email: s.encarregadoEmail ?? "",
  };
}

/** 14 digits as 12.345.678/0001-90 (null when empty). */
function formatCnpj(value: string): string | null {
  const d = value.replace(/\D/g, "");
  if (!d) return null;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** A field an older form may not send: left as it is when absent, null when blank. */
function optionalText<K extends keyof Settings>(key: K, value: string | undefined) {
  return value === undefined ? {} : ({ [key]: value || null } as Record<K, string | null>);
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
    // A form without the e-mail fields (an older page) leaves them as they are.
    ...(input.email_novos_pedidos === undefined
      ? {}
      : { emailNovosPedidos: input.email_novos_pedidos || null }),
    ...(input.cnpj === undefined ? {} : { cnpj: formatCnpj(input.cnpj) }),
    ...optionalText("razaoSocial", input.razao_social),
    ...optionalText("emailContato", input.email_contato),
    ...optionalText("encarregadoNome", input.encarregado_nome),
    ...optionalText("encarregadoEmail", input.encarregado_email),
  };
  await forgettingSettings(
    transaction(async (tx) => {
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
    }),
  );
}
