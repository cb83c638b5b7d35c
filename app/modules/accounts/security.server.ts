// The security screen's reads and writes (/admin/security) live with the tables they touch, in
// the platform (the audit trail and the attempt counters are the platform's, decision 0063):
// accounts serves them to its screen, naming the person of each entry (issue 41 point 5).
import {
  getSecurityOverview as platformOverview,
  SIGN_IN_WINDOW_DAYS,
  signInsByPerson,
} from "~/platform/admin/security.server";
import { now } from "~/platform/clock.server";
import { staffLabels } from "./staff-names.server";

export {
  auditTrailOf as memberActivity,
  cleanupOldAuditLogs,
  unblockRateLimit,
} from "~/platform/admin/security.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The screen's data: the counters, the latest entries (only `pessoa`'s when given) each with
 * who did it, "Ana (Atendente, Unidade Meia Praia)", and the sign-ins per person.
 */
export async function getSecurityOverview(options: { pessoa?: string | null; at?: Date } = {}) {
  const at = options.at ?? now();
  const pessoa = options.pessoa && UUID.test(options.pessoa) ? options.pessoa : null;
  const [overview, entradas] = await Promise.all([
    platformOverview(at, undefined, { adminUserId: pessoa ?? undefined }),
    signInsByPerson(at),
  ]);
  const people = await staffLabels([
    ...overview.auditoria.map((e) => e.adminUserId),
    ...entradas.map((e) => e.adminUserId),
    pessoa,
  ]);
  return {
    ...overview,
    auditoria: overview.auditoria.map((e) => ({
      ...e,
      por: (e.adminUserId && people.get(e.adminUserId)) || null,
    })),
    entradasPorPessoa: entradas.map((e) => ({
      ...e,
      por: people.get(e.adminUserId) ?? "Pessoa removida",
    })),
    entradasDias: SIGN_IN_WINDOW_DAYS,
    pessoa: pessoa ? { id: pessoa, por: people.get(pessoa) ?? "Pessoa removida" } : null,
  };
}
