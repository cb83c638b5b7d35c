// The groomers of a unit and the rule of who may take a booking (decision 0070): an active
// person whose role is Tosador, bound to the booking's unit (every unit, or it in their list).
// The people are accounts'; this module reads them only through its face.
import { listStaff, type StaffMember, staffMember } from "~/modules/accounts/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor } from "~/platform/db/client.server";

export const GROOMER_REFUSED = "Escolha um tosador ativo que atenda nesta unidade";

/** The people who may take a unit's bookings, by name. */
export function groomersOf(unidadeId: string, executor: Executor = db()): Promise<StaffMember[]> {
  return listStaff({ papel: "tosador", unidadeId, ativos: true }, executor);
}

export function mayGroomAt(person: StaffMember | null, unidadeId: string): person is StaffMember {
  return (
    person?.ativo === true &&
    person.papel === "tosador" &&
    (person.unidades === null || person.unidades.includes(unidadeId))
  );
}

/**
 * The groomer a write assigns, checked inside its transaction (their row held until it
 * commits): refused unless they may take this unit's bookings.
 */
export async function eligibleGroomer(
  executor: Executor,
  tosadorId: string,
  unidadeId: string,
): Promise<StaffMember> {
  const person = await staffMember(tosadorId, executor, { share: true });
  if (!mayGroomAt(person, unidadeId)) throw new AdminError(GROOMER_REFUSED, "tosadorId");
  return person;
}

/** The audit entry of a booking's groomer changing: who had it and who has it now, by name. */
export async function auditGroomerChange(
  executor: Executor,
  actor: AdminActor,
  booking: { id: string; numero: string },
  from: StaffMember | string | null,
  to: StaffMember | null,
  how: "atribuicao" | "check-in" | "encaixe" | "remarcacao",
) {
  const nameOf = async (p: StaffMember | string | null) =>
    p === null
      ? null
      : typeof p === "string"
        ? ((await staffMember(p, executor))?.nome ?? null)
        : p.nome;
  await audit(executor, actor, "grooming_booking_groomer", "agendamento", booking.id, {
    numero: booking.numero,
    de: await nameOf(from),
    para: to?.nome ?? null,
    tosador_id: to?.id ?? null,
    por_meio: how,
  });
}
