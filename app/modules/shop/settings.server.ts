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

/**
 * The secret settings kept in this row, by the module that owns each (each declares them in
 * its manifest's `settings.secret`; a test keeps the two equal). No general read returns
 * them: the owner reads its own with `secretSettings(owner)` (decision 0063).
 */
const SECRET_SETTING_OWNERS = {
  smtpSenha: "mail",
  mercadopagoAccessToken: "payments",
  mercadopagoWebhookSecret: "payments",
  webhookSecret: "notifications",
} as const;
type SecretKey = keyof typeof SECRET_SETTING_OWNERS;
type SettingsOwner = (typeof SECRET_SETTING_OWNERS)[SecretKey];
/** The secrets one module owns. */
export type SecretsOf<O extends SettingsOwner> = {
  [K in SecretKey as (typeof SECRET_SETTING_OWNERS)[K] extends O ? K : never]: string | null;
};

/** The settings every caller may read: no secret, only whether each one is set. */
export type Settings = Omit<Configuracoes, SecretKey> & {
  segredosDefinidos: Record<SecretKey, boolean>;
};

const SECRET_KEYS = Object.keys(SECRET_SETTING_OWNERS) as SecretKey[];

function withoutSecrets(row: Configuracoes): Settings {
  const visible: Record<string, unknown> = { ...row };
  for (const key of SECRET_KEYS) delete visible[key];
  return {
    ...(visible as Omit<Configuracoes, SecretKey>),
    segredosDefinidos: Object.fromEntries(
      SECRET_KEYS.map((key) => [key, Boolean(row[key])]),
    ) as Record<SecretKey, boolean>,
  };
}

/** The stored row, secrets included: this file's alone. */
async function readRow(executor: Executor): Promise<Configuracoes> {
  const [row] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  if (row) return row;
  await executor.insert(configuracoes).values({ id: 1 }).onConflictDoNothing();
  const [created] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  return created!;
}

/** Reads the settings row (creating it with the spec's defaults when missing), without secrets. */
export async function getSettings(executor: Executor = db()): Promise<Settings> {
  return withoutSecrets(await readRow(executor));
}

/** The secrets `owner` owns, for its own use (the lint refuses a call naming another module). */
export async function secretSettings<O extends SettingsOwner>(
  owner: O,
  executor: Executor = db(),
): Promise<SecretsOf<O>> {
  const row = await readRow(executor);
  return Object.fromEntries(
    SECRET_KEYS.filter((key) => SECRET_SETTING_OWNERS[key] === owner).map((key) => [key, row[key]]),
  ) as SecretsOf<O>;
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
  await readRow(executor);
  const [row] = await executor
    .update(configuracoes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(configuracoes.id, 1))
    .returning();
  keptSettings.forget();
  return withoutSecrets(row!);
}

type SettingsChanges = Partial<Omit<Configuracoes, "id" | "updatedAt">>;

/**
 * A settings screen's save, in one transaction: `change` turns the saved row into the
 * changes (or refuses them by throwing), which are written and audited as 'settings_update'
 * with the names of the fields that changed, never their values (the trail holds no
 * credential or secret).
 */
export function saveSettingsAudited<O extends SettingsOwner = never>(
  actor: AdminActor,
  origem: "loja" | "pagamentos" | "emails" | "privacidade",
  change: (before: Settings & SecretsOf<O>) => SettingsChanges,
  /** The module saving its own secrets: `before` carries them (and no one else's). */
  owner?: O,
): Promise<Settings> {
  return forgettingSettings(
    transaction(async (tx) => {
      const row = await readRow(tx);
      const secrets = owner ? await secretSettings(owner, tx) : ({} as SecretsOf<O>);
      const changes = change({ ...withoutSecrets(row), ...secrets });
      await updateSettings(tx, changes);
      const after = await readRow(tx);
      const campos = Object.keys(changes).filter(
        (k) => row[k as keyof Configuracoes] !== after[k as keyof Configuracoes],
      );
      await audit(tx, actor, "settings_update", "configuracoes", "1", { origem, campos });
      return withoutSecrets(after);
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
  return saveSettingsAudited(actor, "loja", () => ({
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
    // A blank secret field keeps the saved secret (it is never sent back to the page, and
    // shop never reads it: notifications signs with it).
    ...(input.limparSegredo
      ? { webhookSecret: null }
      : input.webhookSecret
        ? { webhookSecret: input.webhookSecret }
        : {}),
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
