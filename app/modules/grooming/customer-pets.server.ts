// The grooming room and the customers' pets (issue 42 point 3, decision 0073): a booked pet
// links to the customer's pet (`agendamento_pets.pet_id`); the guest bookings of an e-mail
// attach once it is verified; "juntar pets" moves the links; a pet's history lists its
// bookings. The pets themselves are the customers module's, read and written through its face.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { adoptBookedPet } from "~/modules/customers/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { DomainEvent } from "~/platform/event-types.server";
import type { StatusAgendamento } from "./booking-vocabulary";
import { petCard } from "./bookings.server";
import { agendamentoPets, agendamentos } from "./tables.server";

/**
 * A customer proved their e-mail: every pet booked with it (online, as a guest) becomes one of
 * their pets (by name, the newest booking's fields), and its bookings link to it.
 */
export async function attachBookedPets(executor: Executor, event: DomainEvent): Promise<void> {
  const email = event.dados?.email?.trim().toLowerCase();
  if (!email) return;
  const rows = await executor
    .select({ pet: agendamentoPets, createdAt: agendamentos.createdAt })
    .from(agendamentoPets)
    .innerJoin(agendamentos, eq(agendamentos.id, agendamentoPets.agendamentoId))
    .where(and(sql`lower(${agendamentos.email}) = ${email}`, isNull(agendamentoPets.petId)))
    .orderBy(desc(agendamentos.createdAt));
  const newest = new Map<string, (typeof rows)[number]["pet"]>();
  for (const { pet } of rows) if (!newest.has(pet.nomeChave)) newest.set(pet.nomeChave, pet);
  for (const [key, pet] of newest) {
    const petId = await adoptBookedPet(executor, event.resourceId, petCard(pet));
    const ids = rows.filter((r) => r.pet.nomeChave === key).map((r) => r.pet.id);
    await executor.update(agendamentoPets).set({ petId }).where(inArray(agendamentoPets.id, ids));
  }
}

/** "Juntar pets": the merged record's bookings now belong to the pet it went into. */
export async function moveBookedPetLinks(executor: Executor, event: DomainEvent): Promise<void> {
  const para = event.dados?.para;
  if (!para) return;
  await executor
    .update(agendamentoPets)
    .set({ petId: para })
    .where(eq(agendamentoPets.petId, event.resourceId));
}

export interface PetBooking {
  numero: string;
  data: string;
  horario: string;
  status: StatusAgendamento;
  servicos: string[];
  preco: number;
  porte: string;
  pelagem: string;
  alertas: string | null;
}

/** A pet's bookings, newest first (its history for the staff). */
export async function petBookings(petId: string, executor: Executor = db()): Promise<PetBooking[]> {
  const rows = await executor
    .select({ a: agendamentos, p: agendamentoPets })
    .from(agendamentoPets)
    .innerJoin(agendamentos, eq(agendamentos.id, agendamentoPets.agendamentoId))
    .where(eq(agendamentoPets.petId, petId))
    .orderBy(desc(agendamentos.data), desc(agendamentos.horario))
    .limit(200);
  return rows.map(({ a, p }) => ({
    numero: a.numero,
    data: a.data,
    horario: a.horario,
    status: a.status,
    servicos: p.servicos.map((s) => s.nome),
    preco: p.preco,
    porte: p.porte,
    pelagem: p.pelagem,
    alertas: p.alertas,
  }));
}
