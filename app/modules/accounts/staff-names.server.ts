// Who did it, for the histories other modules show (issue 41 point 5): the people behind
// audit rows and ledger lines, read through this face rather than by a join on `usuarios`
// from another module (decision 0063).
import { inArray } from "drizzle-orm";
import { formatDateTime } from "~/domain/dates";
import { listUnits } from "~/modules/shop/index.server";
import { auditTrailOf } from "~/platform/admin/audit.server";
import { db, type Executor } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { type StaffName, staffLabel } from "./staff-label";
import { usuarios } from "./tables.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function namesWhere(
  by: "id" | "email",
  keys: readonly (string | null | undefined)[],
  executor: Executor,
): Promise<StaffName[]> {
  const valid = keys.filter((k): k is string => !!k && (by === "email" || UUID.test(k)));
  const rows = await readByKeys(valid, (wanted) =>
    executor
      .select({
        id: usuarios.id,
        email: usuarios.email,
        nome: usuarios.nome,
        papel: usuarios.papel,
        todasUnidades: usuarios.todasUnidades,
        unidadeIds: usuarios.unidadeIds,
      })
      .from(usuarios)
      .where(inArray(by === "id" ? usuarios.id : usuarios.email, wanted)),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    nome: r.nome,
    papel: r.papel,
    unidades: r.todasUnidades ? null : r.unidadeIds,
  }));
}

/**
 * "Ana (Atendente, Unidade Meia Praia)" for each person of these ids, or of these e-mails
 * (`by: "email"`: the stock ledger keeps the e-mail of who moved it by hand).
 */
export async function staffLabels(
  keys: readonly (string | null | undefined)[],
  options: { by?: "id" | "email"; executor?: Executor } = {},
): Promise<Map<string, string>> {
  const by = options.by ?? "id";
  const executor = options.executor ?? db();
  const people = await namesWhere(by, keys, executor);
  if (people.length === 0) return new Map();
  const units = new Map((await listUnits(executor)).map((u) => [u.id, u.nome]));
  return new Map(
    people.map((p) => [by === "id" ? p.id : p.email, staffLabel(p, (id) => units.get(id))]),
  );
}

/** One line of a record's history as the staff read it (an order's, a booking's). */
export interface StaffHistoryEntry {
  /** dd/MM/yyyy HH:mm in the shop's time zone. */
  em: string;
  /** "Status: Novo → Em preparo". */
  acao: string;
  /** Who did it; null: the shop itself (a payment notice, an expired Pix). */
  por: string | null;
}

/**
 * The reader of the histories of records of one kind (`resourceType` of the audit trail): by
 * record id, oldest change first, each change worded by `wordAction` and signed with who made it.
 */
export function staffHistoryReader(
  resourceType: string,
  wordAction: (action: string, details: Record<string, unknown> | null) => string,
) {
  return (ids: readonly string[], executor: Executor = db()) =>
    staffHistories(resourceType, ids, wordAction, executor);
}

async function staffHistories(
  resourceType: string,
  ids: readonly string[],
  wordAction: (action: string, details: Record<string, unknown> | null) => string,
  executor: Executor,
): Promise<Map<string, StaffHistoryEntry[]>> {
  const rows = await auditTrailOf(resourceType, ids, executor);
  const people = await staffLabels(
    rows.map((r) => r.adminUserId),
    { executor },
  );
  const byRecord = new Map<string, StaffHistoryEntry[]>();
  for (const row of rows) {
    const entries = byRecord.get(row.resourceId) ?? [];
    entries.push({
      em: formatDateTime(row.createdAt),
      acao: wordAction(row.action, row.details),
      por: (row.adminUserId && people.get(row.adminUserId)) || null,
    });
    byRecord.set(row.resourceId, entries);
  }
  return byRecord;
}
