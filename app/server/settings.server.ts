// The single settings row (id = 1): general settings and store settings together.
import { eq } from "drizzle-orm";
import { db, type Executor } from "./db/client.server";
import { type Configuracoes, configuracoes } from "./db/schema";

export type Settings = Configuracoes;

/** Reads the settings row, creating it with the spec's defaults when missing. */
export async function getSettings(executor: Executor = db()): Promise<Settings> {
  const [row] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  if (row) return row;
  await executor.insert(configuracoes).values({ id: 1 }).onConflictDoNothing();
  const [created] = await executor.select().from(configuracoes).where(eq(configuracoes.id, 1));
  return created!;
}

export async function updateSettings(
  executor: Executor,
  changes: Partial<Omit<Settings, "id" | "updatedAt">>,
): Promise<Settings> {
  await getSettings(executor);
  const [row] = await executor
    .update(configuracoes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(configuracoes.id, 1))
    .returning();
  return row!;
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
