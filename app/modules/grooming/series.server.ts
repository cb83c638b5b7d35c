// Repeat series (issue 45 point 5, decision 0087): the staff at the agenda, or a signed-in
// tutor, book one pet every 7/14/21/28 days at the same drop-off time with the same services.
// Every occurrence is an ordinary booking counted against capacity like a single one, all in
// one transaction under the unit's agenda lock: either every occurrence is booked, or nothing
// is and each one that does not fit comes back with the nearest free drop-offs to choose
// (moved or skipped by the person, then sent again), never silently dropped.
import crypto from "node:crypto";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { seesUnit } from "~/domain/unit-scope";
import { listPets, petsOfBooking } from "~/modules/customers/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor, type Tx, transaction } from "~/platform/db/client.server";
import { queueBookingEmail } from "./booking-emails.server";
import {
  checkFit,
  checkWhen,
  EMPTY_USAGE,
  fitMessage,
  shopDayOf,
  WHEN_MESSAGES,
} from "./booking-rules";
import { newToken } from "./booking-token.server";
import {
  type BookingPetInput,
  bookedPet,
  closedDays,
  lockAgenda,
  petCard,
  petsOf,
  pricePets,
  updateBooking,
  usageByDay,
} from "./bookings.server";
import type { SeriesForm } from "./series-form";
import {
  addDays,
  INTERVALOS_SERIE,
  MAX_OCORRENCIAS,
  nearestFreeTimes,
  SERIES_HORIZON_DAYS,
  seriesDays,
  seriesRules,
  withBooked,
} from "./series-rules";
import {
  type Agendamento,
  type AgendamentoPet,
  agendamentoPets,
  agendamentos,
  type SerieAgendamento,
  seriesAgendamento,
} from "./tables.server";

export interface SeriesInput {
  unidadeId: string;
  horario: string;
  primeiraData: string;
  intervaloDias: number;
  /** Up to this many occurrences (1–26)… */
  ocorrencias: number;
  /** …or up to this day, whichever comes first. */
  ateData: string | null;
  pet: BookingPetInput;
  nomeTutor: string;
  whatsapp: string;
  email: string | null;
  /**
   * What the person chose for occurrences that did not fit, by their index in the series:
   * another drop-off, or "pular" (left out on purpose).
   */
  trocas?: Record<number, { data: string; horario: string } | "pular">;
}

/** Who books: the staff (any size, no notice) or a signed-in tutor (their own pet). */
export type SeriesAuthor = { staff: AdminActor } | { clienteId: string };

interface SeriesOccurrence {
  indice: number;
  data: string;
  horario: string;
  /** Why it does not fit, and the nearest drop-offs where it does. */
  motivo: string;
  proximos: { data: string; horario: string }[];
}

export type SeriesResult =
  | { ok: true; serie: SerieAgendamento; agendamentos: Agendamento[]; pulados: number[] }
  | { ok: false; code: "invalido"; message: string }
  | { ok: false; code: "conflitos"; message: string; ocorrencias: SeriesOccurrence[] };

const CONFLICTS =
  "Algumas datas da série não cabem na agenda: escolha outro horário para cada uma ou pule-a";
const NO_AGENDA = "Esta unidade não tem agenda de banho e tosa";

function invalid(message: string): SeriesResult {
  return { ok: false, code: "invalido", message };
}

/** Books a series, all or nothing (see the file's head). */
export async function bookSeries(
  input: SeriesInput,
  who: SeriesAuthor,
  options: { now?: Date } = {},
): Promise<SeriesResult> {
  const at = options.now ?? clockNow();
  const staff = "staff" in who ? who.staff : null;
  if (staff && !seesUnit(staff, input.unidadeId)) return invalid(NO_AGENDA);
  if (!(INTERVALOS_SERIE as readonly number[]).includes(input.intervaloDias)) {
    return invalid("Escolha a cada 7, 14, 21 ou 28 dias");
  }
  if (!Number.isInteger(input.ocorrencias) || input.ocorrencias < 1) {
    return invalid(`Escolha de 1 a ${MAX_OCORRENCIAS} vezes`);
  }
  const horizonte = addDays(shopDayOf(at), SERIES_HORIZON_DAYS);
  const days = seriesDays(
    input.primeiraData,
    input.intervaloDias,
    input.ocorrencias,
    input.ateData,
    horizonte,
  );
  if (days.length === 0) return invalid("Escolha a data da primeira vez (até um ano à frente)");
  return transaction(async (tx): Promise<SeriesResult> => {
    const agenda = await lockAgenda(tx, input.unidadeId);
    if (!agenda) return invalid(NO_AGENDA);
    const rules = seriesRules(agenda);
    const priced = await pricePets(tx, [input.pet], !staff);
    if (!priced?.[0]) {
      return invalid("Escolha ao menos um serviço disponível para o porte e a pelagem do pet");
    }
    const pet = priced[0];
    const closed = await closedDays(tx, input.unidadeId, shopDayOf(at));
    // The staff book past the notice like a walk-in; the tutor keeps the site's notice.
    const notice = staff ? { ...rules, antecedenciaHoras: 0 } : rules;
    const unconfirmed = !staff && agenda.statusInicial === "solicitado";
    const wanted = days.map((data, indice) => {
      const troca = input.trocas?.[indice];
      if (troca === "pular") return null;
      return { indice, data: troca?.data ?? data, horario: troca?.horario ?? input.horario };
    });
    const planned = wanted.filter((w) => w !== null);
    if (planned.length === 0) return invalid("Todas as datas foram puladas: nada a agendar");
    const sorted = planned.map((w) => w.data).sort();
    const usage = await usageByDay(
      tx,
      input.unidadeId,
      addDays(sorted[0]!, -3),
      addDays(sorted.at(-1)!, 3),
    );
    const portes = [input.pet.porte];
    const conflicts: SeriesOccurrence[] = [];
    const accepted: {
      indice: number;
      data: string;
      horario: string;
      inicio: Date;
      pontos: number;
    }[] = [];
    for (const w of planned) {
      const when = checkWhen(notice, w.data, w.horario, at, closed);
      const day = usage.get(w.data) ?? EMPTY_USAGE;
      const fit = when.ok ? checkFit(rules, day, w.horario, portes, { unconfirmed }) : null;
      if (when.ok && fit?.ok) {
        usage.set(w.data, withBooked(day, w.horario, portes, fit.pontos, unconfirmed));
        accepted.push({ ...w, inicio: when.inicio, pontos: fit.pontos });
        continue;
      }
      conflicts.push({
        ...w,
        motivo: !when.ok
          ? WHEN_MESSAGES[when.reason]
          : fitMessage(fit as Exclude<typeof fit, null | { ok: true }>),
        proximos: [],
      });
    }
    if (conflicts.length > 0) {
      // Offered around what the accepted ones would hold, never a day the series already has.
      const taken = new Set(accepted.map((a) => a.data));
      for (const c of conflicts) {
        c.proximos = nearestFreeTimes(notice, c.data, usage, portes, at, closed, {
          unconfirmed,
          taken,
        });
      }
      return { ok: false, code: "conflitos", message: CONFLICTS, ocorrencias: conflicts };
    }
    const [serie] = await tx
      .insert(seriesAgendamento)
      .values({
        unidadeId: input.unidadeId,
        petId: input.pet.petId ?? null,
        nomePet: input.pet.nome,
        intervaloDias: input.intervaloDias,
        horario: input.horario,
        primeiraData: days[0]!,
        ocorrencias: days.length,
        ateData: input.ateData,
        servicoIds: pet.servicos.map((s) => s.servicoId),
        origem: staff ? "balcao" : "conta",
        criadaPor: staff?.userId || null,
        createdAt: at,
      })
      .returning();
    const status = staff ? "confirmado" : agenda.statusInicial;
    const link =
      "clienteId" in who
        ? (
            await petsOfBooking(tx, who.clienteId, [
              { ...input.pet, petId: input.pet.petId ?? null },
            ])
          )[0]
        : null;
    const petId = link?.petId ?? input.pet.petId ?? null;
    if (link && !serie!.petId) {
      await tx.update(seriesAgendamento).set({ petId }).where(eq(seriesAgendamento.id, serie!.id));
    }
    const rows: Agendamento[] = [];
    for (const occ of accepted) {
      const chaveEnvio = crypto.randomUUID();
      const { hash } = newToken(chaveEnvio);
      const [row] = await tx
        .insert(agendamentos)
        .values({
          unidadeId: input.unidadeId,
          data: occ.data,
          horario: occ.horario,
          inicio: occ.inicio,
          status,
          origem: staff ? "balcao" : "online",
          tokenHash: hash,
          chaveEnvio,
          nomeTutor: input.nomeTutor,
          whatsapp: input.whatsapp,
          whatsappDigitos: input.whatsapp.replace(/\D/g, ""),
          email: input.email,
          pontos: occ.pontos,
          precoEstimado: pet.preco,
          serieId: serie!.id,
          historico: [
            { status, em: at.toISOString(), nota: `série ${occ.indice + 1}/${days.length}` },
          ],
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(agendamentoPets).values(
        bookedPet(row!.id, input.pet, {
          petId,
          porteAConfirmar: link?.porteAConfirmar ?? false,
          pontos: occ.pontos,
          servicos: pet.servicos,
          preco: pet.preco,
        }),
      );
      rows.push(row!);
    }
    // One e-mail for the series (its first booking's link); each date has its day-before reminder.
    if (input.email) await queueBookingEmail(tx, rows[0]!, "agendamento_recebido");
    if (staff) {
      await audit(tx, staff, "grooming_series", "serie_agendamento", serie!.id, {
        pet: input.pet.nome,
        intervalo_dias: input.intervaloDias,
        agendamentos: rows.map((r) => r.numero).join(", "),
      });
    }
    const pulados = wanted.flatMap((w, i) => (w === null ? [i] : []));
    return { ok: true, serie: { ...serie!, petId }, agendamentos: rows, pulados };
  });
}

/** A series and its occurrences, oldest first. */
export async function seriesView(
  serieId: string,
  executor: Executor = db(),
): Promise<{ serie: SerieAgendamento; agendamentos: Agendamento[] } | null> {
  const [serie] = await executor
    .select()
    .from(seriesAgendamento)
    .where(eq(seriesAgendamento.id, serieId));
  if (!serie) return null;
  const rows = await executor
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.serieId, serieId))
    .orderBy(asc(agendamentos.inicio));
  return { serie, agendamentos: rows };
}

/** The series, locked, if this person may change it (the staff of its unit, or its tutor). */
async function lockSeries(tx: Tx, serieId: string, who: SeriesAuthor) {
  const [serie] = await tx
    .select()
    .from(seriesAgendamento)
    .where(eq(seriesAgendamento.id, serieId))
    .for("update");
  if (!serie) throw new AdminError("Série não encontrada");
  if ("staff" in who) {
    if (!seesUnit(who.staff, serie.unidadeId)) throw new AdminError("Série não encontrada");
  } else {
    const own = (await listPets(who.clienteId, tx)).map((p) => p.id);
    if (!serie.petId || !own.includes(serie.petId)) throw new AdminError("Série não encontrada");
  }
  return serie;
}

const OPEN_STATUSES = ["solicitado", "confirmado"] as const;

/** Cancels the given open occurrences, each with a note, and tells the tutor. */
async function cancelOccurrences(tx: Tx, rows: Agendamento[], nota: string, at: Date) {
  for (const row of rows) {
    const updated = await updateBooking(tx, row, { status: "cancelado" }, at, nota);
    await queueBookingEmail(tx, updated, "agendamento_cancelado", { dados: { motivo: nota } });
  }
}

/** "Pular esta": one future occurrence of the series is cancelled; the others stay. */
export async function skipOccurrence(
  serieId: string,
  agendamentoId: string,
  who: SeriesAuthor,
  options: { now?: Date } = {},
): Promise<Agendamento> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const serie = await lockSeries(tx, serieId, who);
    const [row] = await tx
      .select()
      .from(agendamentos)
      .where(and(eq(agendamentos.id, agendamentoId), eq(agendamentos.serieId, serie.id)))
      .for("update");
    if (!row) throw new AdminError("Agendamento não encontrado nesta série");
    if (!(OPEN_STATUSES as readonly string[]).includes(row.status) || row.inicio <= at) {
      throw new AdminError("Só se pula uma data da série que ainda não chegou");
    }
    await cancelOccurrences(tx, [row], "data pulada na série", at);
    if ("staff" in who) {
      await audit(tx, who.staff, "grooming_series_skip", "agendamento", row.id, {
        numero: row.numero,
      });
    }
    return { ...row, status: "cancelado" as const };
  });
}

/** "Encerrar a série": every occurrence still ahead is cancelled; those past stay as they are. */
export async function endSeries(
  serieId: string,
  who: SeriesAuthor,
  options: { now?: Date } = {},
): Promise<{ cancelados: string[] }> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const serie = await lockSeries(tx, serieId, who);
    const ahead = await tx
      .select()
      .from(agendamentos)
      .where(
        and(
          eq(agendamentos.serieId, serie.id),
          inArray(agendamentos.status, [...OPEN_STATUSES]),
          gt(agendamentos.inicio, at),
        ),
      )
      .for("update");
    await cancelOccurrences(tx, ahead, "série encerrada", at);
    if (!serie.encerradaEm) {
      await tx
        .update(seriesAgendamento)
        .set({ encerradaEm: at })
        .where(eq(seriesAgendamento.id, serie.id));
    }
    if ("staff" in who) {
      await audit(tx, who.staff, "grooming_series_end", "serie_agendamento", serie.id, {
        cancelados: ahead.map((r) => r.numero).join(", "),
      });
    }
    return { cancelados: ahead.map((r) => r.numero) };
  });
}

/** What the "Repetir" form starts from: a booking and its pets, as they were booked. */
export interface BookingToRepeat {
  agendamento: Agendamento;
  pets: AgendamentoPet[];
}

/** A booking by id (the staff's agenda) or number (the tutor's account), with its pets. */
export async function bookingToRepeat(
  key: { id: string } | { numero: string },
  executor: Executor = db(),
): Promise<BookingToRepeat | null> {
  const byId = "id" in key;
  if (byId && !/^[0-9a-f-]{36}$/i.test(key.id)) return null;
  const [agendamento] = await executor
    .select()
    .from(agendamentos)
    .where(byId ? eq(agendamentos.id, key.id) : eq(agendamentos.numero, key.numero));
  if (!agendamento) return null;
  return { agendamento, pets: await petsOf(executor, agendamento.id) };
}

/** A booked pet as the series books it again (same services, size and coat). */
function petToRepeat(pet: AgendamentoPet): BookingPetInput {
  return {
    ...petCard(pet),
    servicoIds: pet.servicos.map((s) => s.servicoId),
    petId: pet.petId,
  };
}

/**
 * The series of a booking on the staff's agenda ("Pular esta data", "Encerrar série"): a
 * booking of another unit is not found, one booked alone is said so.
 */
export async function seriesOfBooking(agendamentoId: string, staff: AdminActor): Promise<string> {
  const found = await bookingToRepeat({ id: agendamentoId });
  if (!found || !seesUnit(staff, found.agendamento.unidadeId)) {
    throw new AdminError("Agendamento não encontrado");
  }
  if (!found.agendamento.serieId) throw new AdminError("Este agendamento não é de uma série");
  return found.agendamento.serieId;
}

/**
 * "Repetir" from a booking: the series of one of its pets with the form's cadence, the
 * booking's unit and contact (the staff's agenda and the tutor's account alike).
 */
export function repeatBooking(
  found: BookingToRepeat,
  form: SeriesForm,
  who: SeriesAuthor,
  options: { now?: Date } = {},
): Promise<SeriesResult> {
  const pet = found.pets.find((p) => p.id === form.petId) ?? found.pets[0];
  if (!pet) return Promise.resolve(invalid("Agendamento sem pet"));
  const a = found.agendamento;
  return bookSeries(
    {
      unidadeId: a.unidadeId,
      horario: form.horario,
      primeiraData: form.primeiraData,
      intervaloDias: form.intervaloDias,
      ocorrencias: form.ocorrencias,
      ateData: form.ateData,
      pet: petToRepeat(pet),
      nomeTutor: a.nomeTutor,
      whatsapp: a.whatsapp,
      email: a.email,
      trocas: form.trocas,
    },
    who,
    options,
  );
}
