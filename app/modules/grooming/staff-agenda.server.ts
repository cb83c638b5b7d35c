// The staff's grooming agenda (issue 28): a unit's day with used/total capacity per drop-off
// and per-size counters, the status buttons, check-in (size, coat and final price may change,
// capacity may be exceeded with a warning) and walk-ins at the counter, which take capacity
// like online bookings. Writes take the same agenda lock as the tutor's booking.
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { CounterPaymentInput } from "~/domain/counter-payment";
import { seesUnit, type UnitScope } from "~/domain/unit-scope";
import { type StaffMember, staffByIds, staffMember } from "~/modules/accounts/index.server";
import { confirmPetSize, type PetCare, petsCare } from "~/modules/customers/index.server";
import {
  type BookingCounterPayment,
  bookingCounterPayments,
} from "~/modules/payments/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { queueBookingEmail, queueStatusEmail } from "./booking-emails.server";
import {
  bookingPaymentOf,
  paymentAudit,
  paymentSaid,
  takeBookingPayment,
} from "./booking-payment.server";
import {
  checkFit,
  dropOffTimes,
  dueAfterPackages,
  EMPTY_USAGE,
  fitMessage,
  STAFF_NEXT,
  shopInstant,
} from "./booking-rules";
import {
  type Pelagem,
  PORTES,
  type Porte,
  STATUS_AGENDAMENTO_LABEL,
  type StatusAgendamento,
} from "./booking-vocabulary";
import {
  type BookingPetInput,
  bookedPet,
  bookingsOfDay,
  closedDays,
  petsOf,
  updateBooking,
  usageByDay,
} from "./bookings.server";
import { holdsPlace } from "./groomer-load";
import { auditGroomerChange, eligibleGroomer, mayGroomAt } from "./groomers.server";
import { type BookingHistoryEntry, bookingHistories } from "./history.server";
import { type PackageBalance, packageBalances, packagePaidPets } from "./packages.server";
import {
  type AgendaBanho,
  type Agendamento,
  type AgendamentoPet,
  agendamentoPets,
  agendamentos,
  agendasBanho,
  servicosBanho,
  servicosBanhoPrecos,
} from "./tables.server";

const NOT_FOUND = "Agendamento não encontrado";

export interface AgendaDay {
  agenda: AgendaBanho | null;
  horarios: { horario: string; usados: number; total: number }[];
  dia: { usados: number; total: number };
  portes: { porte: Porte; usados: number; limite: number | null }[];
  agendamentos: AgendaBooking[];
}

/**
 * One booking on the staff's agenda, with its pets and, for an unconfirmed online one, how
 * many unconfirmed future online bookings share its phone, e-mail and address (a suspicious
 * set the staff may release at once).
 */
export type AgendaBooking = Agendamento & {
  /** Each pet with, when it is a customer's pet, its current care alerts and expired vaccines. */
  pets: (AgendamentoPet & {
    cuidado: PetCare | null;
    /** Its package on the day: the one "Entregue" uses when `cobre` (decision 0087). */
    pacote: (PackageBalance & { cobre: boolean }) | null;
  })[];
  mesmos: Record<ContactKind, number> | null;
  /** The staff's changes, who made each (issue 41 point 5). */
  registro: BookingHistoryEntry[];
  /** The groomer who takes it, by name (a deactivated one still shows, marked). */
  tosador: { id: string; nome: string; ativo: boolean } | null;
  /** Paid at the counter (issue 43 point 3): how, how much, when; null while "A receber". */
  pagamento: BookingCounterPayment | null;
};

/** How the staff pick a suspicious set: by phone, e-mail or the address it came from. */
export const CONTACT_KINDS = ["whatsapp", "email", "ip"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The bookings a release takes: online, still "Solicitado", not yet started ($1 is now). */
const unconfirmedOpen = (t: string) =>
  `${t}.origem = 'online' and ${t}.status = 'solicitado' and ${t}.inicio > $1`;

/** The column (or expression) that matches a booking's contact of each kind. */
const CONTACT_MATCH: Record<ContactKind, (t: string) => string> = {
  whatsapp: (t) => `${t}.whatsapp_digitos`,
  email: (t) => `lower(${t}.email)`,
  ip: (t) => `${t}.ip_hash`,
};

/**
 * A unit's day as the staff see it: every booking, cancelled ones last. Null for a unit
 * outside the person's (decision 0069): its agenda is not revealed.
 */
export async function groomingDay(
  unidadeId: string,
  day: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<AgendaDay | null> {
  if (!seesUnit(scope, unidadeId)) return null;
  const [agenda] = await executor
    .select()
    .from(agendasBanho)
    .where(eq(agendasBanho.unidadeId, unidadeId));
  const usage = (await usageByDay(executor, unidadeId, day, day)).get(day) ?? EMPTY_USAGE;
  const rows = await bookingsOfDay(executor, unidadeId, day);
  const ids = rows.map((r) => r.id);
  const pets = await petsOf(executor, ids);
  /** The booked pets that are a customer's registered pet. */
  const petIds = pets.flatMap((p) => (p.petId ? [p.petId] : []));
  // The customers' pets as they are today: alerts kept up to date in the account, and the
  // vaccines already expired on the booking day (issue 42).
  const care = await petsCare(petIds, day, executor);
  const mesmos = await sameContactCounts(
    executor,
    rows.filter((r) => r.origem === "online" && r.status === "solicitado").map((r) => r.id),
  );
  const registros = await bookingHistories(ids, executor);
  const people = await staffByIds(
    rows.flatMap((r) => (r.tosadorId ? [r.tosadorId] : [])),
    executor,
  );
  const pagamentos = await bookingCounterPayments(ids, executor);
  // Each customer's pet's package with sessions left on the day (decision 0087).
  const pacotes = await packageBalances(petIds, day, executor);
  const times = new Set([
    ...(agenda ? dropOffTimes(agenda, day) : []),
    ...Object.keys(usage.porHorario),
  ]);
  return {
    agenda: agenda ?? null,
    horarios: [...times].sort().map((horario) => ({
      horario,
      usados: usage.porHorario[horario] ?? 0,
      total: agenda?.capacidadeHorario ?? 0,
    })),
    dia: { usados: usage.dia, total: agenda?.capacidadeDia ?? 0 },
    portes: PORTES.map((porte) => ({
      porte,
      usados: usage.porPorte[porte] ?? 0,
      limite: agenda?.limitesPorte[porte] ?? null,
    })),
    agendamentos: rows
      .map((r) => ({
        ...r,
        pets: pets
          .filter((p) => p.agendamentoId === r.id)
          .map((p) => ({
            ...p,
            cuidado: p.petId ? (care.get(p.petId) ?? null) : null,
            pacote: packageOfPet(pacotes, p),
          })),
        mesmos: mesmos.get(r.id) ?? null,
        registro: registros.get(r.id) ?? [],
        tosador: groomerOf(r.tosadorId, people),
        pagamento: pagamentos.get(r.id) ?? null,
      }))
      .sort((a, b) => Number(offList(a.status)) - Number(offList(b.status))),
  };
}

/** For each booking, the open unconfirmed online bookings sharing its phone, e-mail, address. */
async function sameContactCounts(
  executor: Executor,
  ids: string[],
  at: Date = clockNow(),
): Promise<Map<string, Record<ContactKind, number>>> {
  if (ids.length === 0) return new Map();
  const rows = await runSql<{ id: string } & Record<ContactKind, number>>(
    executor,
    `select a.id, ${CONTACT_KINDS.map(
      (kind) => `(select count(*) from agendamentos b where ${unconfirmedOpen("b")}
          and ${CONTACT_MATCH[kind]("b")} = ${CONTACT_MATCH[kind]("a")})::int as ${kind}`,
    ).join(", ")}
     from agendamentos a where a.id = any($2::uuid[])`,
    [at, ids],
    "agenda_mesmo_contato",
  );
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}

function groomerOf(
  id: string | null,
  people: Map<string, { nome: string; ativo: boolean }>,
): AgendaBooking["tosador"] {
  if (!id) return null;
  const person = people.get(id);
  return { id, nome: person?.nome ?? "Tosador removido", ativo: person?.ativo ?? false };
}

const offList = (status: StatusAgendamento) =>
  status === "cancelado" || status === "nao_compareceu";

async function lockAgendaOf(tx: Tx, unidadeId: string) {
  const [agenda] = await tx
    .select()
    .from(agendasBanho)
    .where(eq(agendasBanho.unidadeId, unidadeId))
    .for("update");
  return agenda ?? null;
}

/** The booking, locked, when it exists at one of the person's units (decision 0069). */
async function lockBooking(tx: Tx, id: string, actor: AdminActor): Promise<Agendamento> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError(NOT_FOUND);
  const [row] = await tx.select().from(agendamentos).where(eq(agendamentos.id, id)).for("update");
  if (!row || !seesUnit(actor, row.unidadeId)) throw new AdminError(NOT_FOUND);
  return row;
}

/** A walk-in or a reschedule onto a unit outside the person's: as if it had no agenda. */
function assertAgendaInScope(actor: AdminActor, unidadeId: string) {
  if (!seesUnit(actor, unidadeId)) throw new AdminError(NO_AGENDA);
}

const NO_AGENDA = "Esta unidade não tem agenda de banho e tosa";

/** How a booking was paid at the counter, when the staff say so with "Entregue" or alone. */
export interface BookingPaymentOptions {
  pagamento?: CounterPaymentInput | null;
  /** The final price of a booking that never went through check-in (centavos). */
  precoFinal?: number | null;
}

/**
 * The staff move a booking one step (Confirmar, Iniciar, Pronto, Entregue, Não compareceu…).
 * "Entregue" of a booking not yet paid asks how it was paid and records it in the same
 * transaction (decision 0078): a double click finds it delivered and records nothing again.
 */
export async function setBookingStatus(
  id: string,
  status: StatusAgendamento,
  actor: AdminActor,
  options: { now?: Date } & BookingPaymentOptions = {},
): Promise<Agendamento> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const row = await lockBooking(tx, id, actor);
    if (row.status === status) return row;
    if (!STAFF_NEXT[row.status].includes(status)) {
      throw new AdminError(
        `De "${STATUS_AGENDAMENTO_LABEL[row.status]}" não se passa a "${STATUS_AGENDAMENTO_LABEL[status]}"`,
      );
    }
    // A package of the pet pays for what it covers (decision 0087): a session each, once.
    // Paid at the desk already: the package is left for another visit.
    const alreadyPaid = status === "entregue" ? await bookingPaymentOf(row.id, tx) : null;
    // Two pets, one with a package: its session pays its share; the other is charged.
    const split =
      status === "entregue" && !alreadyPaid
        ? await packagePaidPets(tx, row, await petsOf(tx, row.id), at, true)
        : { taken: 0, pets: [] };
    const coveredPets = split.pets;
    const allCovered = coveredPets.length > 0 && coveredPets.every((p) => p.coberto);
    const paid =
      status === "entregue" &&
      !allCovered &&
      !alreadyPaid &&
      (row.precoFinal === null || dueAfterPackages(row.precoFinal, coveredPets) > 0)
        ? await takeBookingPayment(
            tx,
            row,
            options.pagamento ?? null,
            options.precoFinal ?? null,
            actor,
            at,
            coveredPets,
          )
        : null;
    const updated = await updateBooking(tx, row, { status }, at);
    await audit(tx, actor, "grooming_booking_status", "agendamento", id, {
      numero: row.numero,
      de: row.status,
      para: status,
      ...(paid ? paymentAudit(paid) : {}),
      ...(split.taken ? { pacote_sessoes: split.taken } : {}),
    });
    await queueStatusEmail(tx, updated, status);
    return updated;
  });
}

/**
 * "Registrar pagamento": a tutor who pays before the pet is handed back (at the desk while it
 * is brought out, or a booking delivered before payments were asked). Once per booking: the
 * same payment sent twice (a double click, a second tab) is the one already recorded; a
 * different one is refused with what was recorded.
 */
export async function recordBookingPayment(
  id: string,
  input: BookingPaymentOptions,
  actor: AdminActor,
  options: { now?: Date } = {},
): Promise<{ agendamento: Agendamento; pagamento: BookingCounterPayment; novo: boolean }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const row = await lockBooking(tx, id, actor);
    const existing = await bookingPaymentOf(row.id, tx);
    if (existing) {
      const same =
        input.pagamento?.metodo === existing.metodo && input.pagamento.valor === existing.valor;
      if (same) return { agendamento: row, pagamento: existing, novo: false };
      throw new AdminError(
        `O pagamento de ${row.numero} já foi registrado: ${paymentSaid(existing)}`,
      );
    }
    // Partly paid by a package (decision 0092): the tutor pays what is left, and the sessions
    // that pay the rest are used now, in the payment's transaction (a delivered booking used
    // them at its "Entregue"), so "Entregue" later finds the balance closed.
    const split = await packagePaidPets(
      tx,
      row,
      await petsOf(tx, row.id),
      at,
      row.status !== "entregue",
    );
    const paid = await takeBookingPayment(
      tx,
      row,
      input.pagamento ?? null,
      input.precoFinal ?? null,
      actor,
      at,
      split.pets,
    );
    await audit(tx, actor, "grooming_booking_payment", "agendamento", id, {
      numero: row.numero,
      ...paymentAudit(paid),
      ...(split.taken ? { pacote_sessoes: split.taken } : {}),
    });
    return {
      agendamento: { ...row, precoFinal: row.precoFinal ?? paid.precoFinal },
      pagamento: (await bookingPaymentOf(row.id, tx))!,
      novo: true,
    };
  });
}

export interface CheckInInput {
  pets: { id: string; porte: Porte; pelagem: Pelagem }[];
  /** The final price in centavos (null keeps the estimate). */
  precoFinal: number | null;
  /** The groomer who takes it: an id, null to leave it unassigned, absent to keep it. */
  tosadorId?: string | null;
}

/**
 * Check-in at the counter: the pet is here. Size and coat may be corrected and the final
 * price set (the status page shows it); a bigger size may take the drop-off over capacity,
 * which the staff may do: the booking is marked and the answer carries the warning.
 */
export async function checkInBooking(
  id: string,
  input: CheckInInput,
  actor: AdminActor,
  options: { now?: Date } = {},
): Promise<{ agendamento: Agendamento; aviso: string | null }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const [found] = await tx
      .select({ unidadeId: agendamentos.unidadeId })
      .from(agendamentos)
      .where(eq(agendamentos.id, id));
    if (!found || !seesUnit(actor, found.unidadeId)) throw new AdminError(NOT_FOUND);
    const agenda = await lockAgendaOf(tx, found.unidadeId);
    const row = await lockBooking(tx, id, actor);
    if (row.status !== "solicitado" && row.status !== "confirmado") {
      throw new AdminError("O check-in é feito antes do atendimento");
    }
    const pets = await petsOf(tx, id);
    let pontos = 0;
    for (const pet of pets) {
      const change = input.pets.find((p) => p.id === pet.id);
      const porte = change?.porte ?? pet.porte;
      const pelagem = change?.pelagem ?? pet.pelagem;
      const petPontos = agenda?.pontos[porte] ?? pet.pontos;
      pontos += petPontos;
      if (porte !== pet.porte || pelagem !== pet.pelagem || pet.porteAConfirmar) {
        await tx
          .update(agendamentoPets)
          .set({ porte, pelagem, pontos: petPontos, porteAConfirmar: false })
          .where(eq(agendamentoPets.id, pet.id));
      }
      // The staff saw the pet: its size and coat are the confirmed ones from now on.
      if (pet.petId) await confirmPetSize(tx, pet.petId, porte, pelagem);
    }
    const tosador = await groomerChange(tx, row, input.tosadorId);
    let aviso: string | null = null;
    if (agenda) {
      const usage =
        (await usageByDay(tx, row.unidadeId, row.data, row.data, row.id)).get(row.data) ??
        EMPTY_USAGE;
      const portes = input.pets.length
        ? pets.map((p) => input.pets.find((c) => c.id === p.id)?.porte ?? p.porte)
        : pets.map((p) => p.porte);
      const fit = checkFit(agenda, usage, row.horario, portes);
      if (!fit.ok) aviso = `Acima da capacidade: ${fitMessage(fit).toLowerCase()}`;
    }
    const updated = await updateBooking(
      tx,
      row,
      {
        pontos,
        // An empty price keeps the one already set (a second check-in of the size only).
        precoFinal: input.precoFinal ?? row.precoFinal,
        acimaCapacidade: row.acimaCapacidade || aviso !== null,
        tosadorId: tosador ? (tosador.to?.id ?? null) : row.tosadorId,
      },
      at,
      "check-in",
    );
    await audit(tx, actor, "grooming_booking_checkin", "agendamento", id, {
      numero: row.numero,
      preco_final: input.precoFinal,
      acima_capacidade: aviso !== null,
    });
    if (tosador) await auditGroomerChange(tx, actor, row, row.tosadorId, tosador.to, "check-in");
    return { agendamento: updated, aviso };
  });
}

/**
 * What a write changes of a booking's groomer: null when it keeps the one it has (no field,
 * or the same person), else the new one (null: unassigned), checked at the booking's unit.
 */
async function groomerChange(
  tx: Tx,
  row: Agendamento,
  tosadorId: string | null | undefined,
): Promise<{ to: StaffMember | null } | null> {
  if (tosadorId === undefined || tosadorId === row.tosadorId) return null;
  return { to: tosadorId === null ? null : await eligibleGroomer(tx, tosadorId, row.unidadeId) };
}

/**
 * "Tosador": the staff give a booking to a groomer of its unit, pass it to another or leave
 * it unassigned, until the pets go home. Audited with both names.
 */
export async function assignGroomer(
  id: string,
  tosadorId: string | null,
  actor: AdminActor,
  options: { now?: Date } = {},
): Promise<{ agendamento: Agendamento; tosador: StaffMember | null; mudou: boolean }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const row = await lockBooking(tx, id, actor);
    if (!holdsPlace(row.status) || row.status === "entregue") {
      throw new AdminError("Este agendamento já foi encerrado");
    }
    const change = await groomerChange(tx, row, tosadorId);
    if (!change) return { agendamento: row, tosador: null, mudou: false };
    const [updated] = await tx
      .update(agendamentos)
      .set({ tosadorId: change.to?.id ?? null, updatedAt: at })
      .where(eq(agendamentos.id, id))
      .returning();
    await auditGroomerChange(tx, actor, row, row.tosadorId, change.to, "atribuicao");
    return { agendamento: updated!, tosador: change.to, mudou: true };
  });
}

export interface WalkInInput {
  unidadeId: string;
  data: string;
  horario: string;
  pet: BookingPetInput;
  nomeTutor: string;
  whatsapp: string;
  /** The groomer who takes it, when the counter already knows. */
  tosadorId?: string | null;
}

/**
 * A walk-in added at the counter: it takes capacity like an online booking (counted under the
 * same lock), skips the notice, the window and the quote, and starts Confirmado. Over
 * capacity it is refused unless the staff confirm (`acima`), then it is marked.
 */
export async function addWalkIn(
  input: WalkInInput,
  actor: AdminActor,
  options: { now?: Date; acima?: boolean } = {},
): Promise<Agendamento> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    assertAgendaInScope(actor, input.unidadeId);
    const agenda = await lockAgendaOf(tx, input.unidadeId);
    if (!agenda) throw new AdminError(NO_AGENDA);
    const tosador = input.tosadorId
      ? await eligibleGroomer(tx, input.tosadorId, input.unidadeId)
      : null;
    const ids = [...new Set(input.pet.servicoIds)];
    const services = ids.length
      ? await tx.select().from(servicosBanho).where(inArray(servicosBanho.id, ids))
      : [];
    const cells = ids.length
      ? await tx
          .select()
          .from(servicosBanhoPrecos)
          .where(
            and(
              inArray(servicosBanhoPrecos.servicoId, ids),
              eq(servicosBanhoPrecos.porte, input.pet.porte),
              eq(servicosBanhoPrecos.pelagem, input.pet.pelagem),
            ),
          )
      : [];
    if (services.length === 0 || cells.length !== services.length) {
      throw new AdminError("Escolha serviços com preço para esse porte e pelagem", "servico");
    }
    const usage =
      (await usageByDay(tx, input.unidadeId, input.data, input.data)).get(input.data) ??
      EMPTY_USAGE;
    const fit = checkFit(agenda, usage, input.horario, [input.pet.porte]);
    if (!fit.ok && !options.acima) {
      throw new AdminError(
        `${fitMessage(fit)}. Para encaixar mesmo assim, marque "Encaixar acima da capacidade".`,
      );
    }
    const servicos = services.map((s) => {
      const cell = cells.find((c) => c.servicoId === s.id)!;
      return {
        servicoId: s.id,
        nome: s.nome,
        preco: cell.preco,
        duracaoMinutos: cell.duracaoMinutos,
      };
    });
    const preco = servicos.reduce((sum, s) => sum + s.preco, 0);
    const [row] = await tx
      .insert(agendamentos)
      .values({
        unidadeId: input.unidadeId,
        data: input.data,
        horario: input.horario,
        inicio: shopInstant(input.data, input.horario),
        status: "confirmado",
        origem: "balcao",
        // A walk-in has no status link: a secret nobody holds.
        tokenHash: crypto.randomBytes(32).toString("hex"),
        nomeTutor: input.nomeTutor,
        whatsapp: input.whatsapp,
        whatsappDigitos: input.whatsapp.replace(/\D/g, ""),
        pontos: agenda.pontos[input.pet.porte],
        precoEstimado: preco,
        acimaCapacidade: !fit.ok,
        tosadorId: tosador?.id ?? null,
        historico: [{ status: "confirmado", em: at.toISOString(), nota: "balcão" }],
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(agendamentoPets)
      .values(
        bookedPet(row!.id, input.pet, { pontos: agenda.pontos[input.pet.porte], servicos, preco }),
      );
    await audit(tx, actor, "grooming_walk_in", "agendamento", row!.id, {
      numero: row!.numero,
      acima_capacidade: !fit.ok,
    });
    if (tosador) await auditGroomerChange(tx, actor, row!, null, tosador, "encaixe");
    return row!;
  });
}

export interface StaffRescheduleInput {
  unidadeId: string;
  data: string;
  horario: string;
}

/**
 * The staff move a booking to another drop-off, of this unit or the other (a day closed at one
 * unit, a tutor who asked by phone): counted under the target agenda's lock without the
 * booking itself, like the tutor's reschedule; over capacity only when the staff say so
 * (`acima`), then marked. Any notice or window is the staff's call; closed days are not.
 * The tutor is told by e-mail (when there is one) and gets a new reminder.
 */
export async function rescheduleByStaff(
  id: string,
  to: StaffRescheduleInput,
  actor: AdminActor,
  options: { now?: Date; acima?: boolean } = {},
): Promise<{ agendamento: Agendamento; aviso: string | null }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    assertAgendaInScope(actor, to.unidadeId);
    const agenda = await lockAgendaOf(tx, to.unidadeId);
    if (!agenda?.ativo) throw new AdminError(NO_AGENDA);
    const row = await lockBooking(tx, id, actor);
    if (row.status !== "solicitado" && row.status !== "confirmado") {
      throw new AdminError("Só se remarca um agendamento antes do atendimento");
    }
    if (!dropOffTimes(agenda, to.data).includes(to.horario)) {
      throw new AdminError(`${to.horario} não é horário de entrega da unidade nesse dia`);
    }
    if ((await closedDays(tx, to.unidadeId, to.data)).has(to.data))
      throw new AdminError("A unidade não atende banho e tosa nesse dia");
    const pets = await petsOf(tx, id);
    const usage =
      (await usageByDay(tx, to.unidadeId, to.data, to.data, id)).get(to.data) ?? EMPTY_USAGE;
    const fit = checkFit(
      agenda,
      usage,
      to.horario,
      pets.map((p) => p.porte),
    );
    if (!fit.ok && !options.acima) {
      throw new AdminError(
        `${fitMessage(fit)}. Para remarcar mesmo assim, marque "Acima da capacidade".`,
      );
    }
    // A groomer who does not work at the target unit lets the booking go (theirs no more).
    const keepsGroomer =
      !row.tosadorId ||
      row.unidadeId === to.unidadeId ||
      mayGroomAt(await staffMember(row.tosadorId, tx), to.unidadeId);
    // Points follow the target unit's table.
    let pontos = 0;
    for (const pet of pets) {
      const petPontos = agenda.pontos[pet.porte];
      pontos += petPontos;
      if (petPontos !== pet.pontos) {
        await tx
          .update(agendamentoPets)
          .set({ pontos: petPontos })
          .where(eq(agendamentoPets.id, pet.id));
      }
    }
    const updated = await updateBooking(
      tx,
      row,
      {
        unidadeId: to.unidadeId,
        data: to.data,
        horario: to.horario,
        inicio: shopInstant(to.data, to.horario),
        pontos,
        acimaCapacidade: !fit.ok,
        lembreteEm: null,
        tosadorId: keepsGroomer ? row.tosadorId : null,
      },
      at,
      "remarcado pela equipe",
    );
    await audit(tx, actor, "grooming_booking_reschedule", "agendamento", id, {
      numero: row.numero,
      de: `${row.data} ${row.horario}`,
      para: `${to.data} ${to.horario}`,
      unidade_mudou: row.unidadeId !== to.unidadeId,
      acima_capacidade: !fit.ok,
    });
    if (!keepsGroomer) await auditGroomerChange(tx, actor, row, row.tosadorId, null, "remarcacao");
    await queueBookingEmail(tx, updated, "agendamento_reagendado");
    return {
      agendamento: updated,
      aviso: fit.ok ? null : `Acima da capacidade: ${fitMessage(fit).toLowerCase()}`,
    };
  });
}

/**
 * "Cancelar os não confirmados deste contato": every online booking still "Solicitado" and
 * not yet started that shares this booking's phone, e-mail or address (its keyed hash),
 * at any unit, cancelled in one statement (their capacity free again), each with a note its
 * status page shows and the cancellation e-mail; one audit entry lists them.
 */
export async function releaseUnconfirmedOf(
  id: string,
  por: ContactKind,
  actor: AdminActor,
  options: { now?: Date } = {},
): Promise<{ numeros: string[] }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError(NOT_FOUND);
    const [anchor] = await tx.select().from(agendamentos).where(eq(agendamentos.id, id));
    if (!anchor || !seesUnit(actor, anchor.unidadeId)) throw new AdminError(NOT_FOUND);
    const value =
      por === "whatsapp"
        ? anchor.whatsappDigitos
        : por === "email"
          ? anchor.email?.toLowerCase()
          : anchor.ipHash;
    if (!value) throw new AdminError("Este agendamento não tem esse dado para comparar");
    const rows = await runSql<{ id: string; numero: string; email: string | null }>(
      tx,
      `update agendamentos a set status = 'cancelado', updated_at = $1,
         historico = a.historico || jsonb_build_array(
           jsonb_build_object('status', 'cancelado', 'em', $2::text, 'nota', $3::text))
       where ${unconfirmedOpen("a")} and ${CONTACT_MATCH[por]("a")} = $4
         and ($5::uuid[] is null or a.unidade_id = any($5::uuid[]))
       returning id, numero, email`,
      [at, at.toISOString(), RELEASED_BY_STAFF, value, actor.unidades ?? null],
      "agendamentos_libera_contato",
    );
    for (const row of rows) {
      await queueBookingEmail(tx, row, "agendamento_cancelado", {
        dados: { motivo: RELEASED_BY_STAFF },
      });
    }
    const numeros = rows.map((r) => r.numero).sort();
    await audit(tx, actor, "grooming_release_contact", "agendamento", id, {
      por,
      quantidade: numeros.length,
      numeros: numeros.join(", "),
    });
    return { numeros };
  });
}

/** What the status page and the e-mail say of a booking the staff released this way. */
export const RELEASED_BY_STAFF =
  "A equipe não confirmou este pedido de horário e ele foi liberado. Se foi você, fale conosco no WhatsApp para agendar.";

/** Tomorrow's bookings that still hold a place (the reminders' list). */
export async function bookingsToRemind(unidadeId: string, day: string, executor: Executor = db()) {
  return bookingsOfDay(executor, unidadeId, day, ["solicitado", "confirmado"]);
}

/**
 * The package the card shows for a booked pet: the one delivery would use (the soonest to
 * expire that covers every service booked), else any it has left, said not to cover.
 */
function packageOfPet(
  pacotes: readonly PackageBalance[],
  pet: AgendamentoPet,
): (PackageBalance & { cobre: boolean }) | null {
  const own = pacotes.filter((b) => b.petId === pet.petId);
  const covering = own.find((b) => pet.servicos.every((s) => b.servicoIds.includes(s.servicoId)));
  if (covering) return { ...covering, cobre: true };
  return own[0] ? { ...own[0], cobre: false } : null;
}
