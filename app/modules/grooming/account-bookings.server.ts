// "Minha conta" → bookings (issue 42, decision 0072): the online bookings made with a proved
// e-mail, each with its status page's link. Walk-ins (no link) are not listed.
import { and, desc, inArray, isNotNull, sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { bookingLinkToken } from "./booking-token.server";
import { agendamentoPets, agendamentos } from "./tables.server";

/** How many bookings the account lists (newest first). */
const ACCOUNT_BOOKINGS_MAX = 50;

interface AccountBooking {
  numero: string;
  href: string;
  /** The day (yyyy-MM-dd) and time the pet is left. */
  data: string;
  horario: string;
  status: (typeof agendamentos.$inferSelect)["status"];
  pets: string[];
  preco: number;
}

/** The bookings whose e-mail is `email` (case-insensitive, `agendamentos_email_idx`). */
export async function bookingsByEmail(email: string): Promise<AccountBooking[]> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return [];
  const rows = await db()
    .select()
    .from(agendamentos)
    .where(
      and(sql`lower(${agendamentos.email}) = ${normalized}`, isNotNull(agendamentos.chaveEnvio)),
    )
    .orderBy(desc(agendamentos.createdAt), desc(agendamentos.id))
    .limit(ACCOUNT_BOOKINGS_MAX);
  if (rows.length === 0) return [];
  const pets = await db()
    .select({ agendamentoId: agendamentoPets.agendamentoId, nome: agendamentoPets.nome })
    .from(agendamentoPets)
    .where(
      inArray(
        agendamentoPets.agendamentoId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    numero: r.numero,
    href: `/servicos/agendamento/${r.numero}?token=${encodeURIComponent(bookingLinkToken(r)!)}`,
    data: r.data,
    horario: r.horario,
    status: r.status,
    pets: pets.filter((p) => p.agendamentoId === r.id).map((p) => p.nome),
    preco: r.precoFinal ?? r.precoEstimado,
  }));
}
