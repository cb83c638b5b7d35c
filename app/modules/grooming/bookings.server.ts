// Online grooming bookings (issue 28, decision 0037): booking, rescheduling and cancelling,
// each in one transaction that first locks the unit's agenda row (`for update`), so two
// bookings of one unit never count its capacity at the same time: the second waits, then
// counts what the first committed (READ COMMITTED reads anew at every statement).
import crypto from "node:crypto";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { petsOfBooking } from "~/modules/customers/index.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { sessionSecret } from "~/platform/secret.server";
import { queueBookingEmail, queueReminders } from "./booking-emails.server";
import {
  type AgendaRules,
  checkFit,
  checkWhen,
  type DayUsage,
  EMPTY_USAGE,
  fitMessage,
  lastBookableDay,
  needsQuote,
  OPEN_BOOKINGS_PER_CONTACT,
  petKey,
  priceFor,
  type Slot,
  shopDayOf,
  slotsOfDay,
  tutorMayChange,
  WHEN_MESSAGES,
  withinCancelWindow,
} from "./booking-rules";
import { newToken, tokenMatches } from "./booking-token.server";
import type { Especie, Pelagem, Porte, StatusAgendamento } from "./booking-vocabulary";
import { FREES_CAPACITY } from "./booking-vocabulary";
import {
  type AgendaBanho,
  type Agendamento,
  type AgendamentoPet,
  agendamentoPets,
  agendamentos,
  agendasBanho,
  agendasBanhoFechadas,
  pedidosServicos,
  type ServicoAgendado,
  servicosBanho,
  servicosBanhoPrecos,
} from "./tables.server";

/** A pet as the groomers see it on a booking: who it is and what to watch for. */
export interface PetCard {
  nome: string;
  especie: Especie;
  raca: string | null;
  porte: Porte;
  pelagem: Pelagem;
  alertas: string | null;
}

/** The card of a pet row (a booked pet, a customer's pet), without the rest of the row. */
export function petCard(pet: PetCard): PetCard {
  const { nome, especie, raca, porte, pelagem, alertas } = pet;
  return { nome, especie, raca, porte, pelagem, alertas };
}

/**
 * A pet as a booking stores it: its card as given (kept when the customer's pet changes
 * later), the key a returning tutor's pet is found by, and what this booking priced.
 */
export function bookedPet(
  agendamentoId: string,
  pet: PetCard,
  booked: Pick<AgendamentoPet, "pontos" | "servicos" | "preco"> &
    Partial<Pick<AgendamentoPet, "petId" | "porteAConfirmar">>,
): typeof agendamentoPets.$inferInsert {
  return { agendamentoId, ...petCard(pet), nomeChave: petKey(pet.nome), ...booked };
}

export interface BookingPetInput extends PetCard {
  servicoIds: string[];
  /** The signed-in customer's pet this is (checked to be theirs; ignored for a guest). */
  petId?: string | null;
}

export interface BookingInput {
  unidadeId: string;
  data: string;
  horario: string;
  pets: BookingPetInput[];
  nomeTutor: string;
  whatsapp: string;
  email: string | null;
  levaTraz: boolean;
  endereco: string | null;
  bairro: string | null;
  observacoes: string | null;
  /** The photo quote whose "link para agendar" the tutor followed (skips the quote rule). */
  pedidoServicoId?: string | null;
  /** The price the quote fixed for the first pet (the booking's price is then final). */
  precoFixo?: number | null;
  /** The form's one-time key: the same key again finds the booking it made. */
  chaveEnvio?: string | null;
  /** The signed-in customer booking (their pets are linked, new ones saved to the account). */
  clienteId?: string | null;
}

/** A drop-off that still fits, offered when the one asked for no longer does. */
export interface FreeTime {
  data: string;
  horario: string;
}

type BookingRefusal =
  | { ok: false; code: "unidade" | "servico" | "quando" | "limite"; message: string }
  | { ok: false; code: "orcamento"; message: string; pets: string[] }
  | { ok: false; code: "capacidade"; message: string; proximos: FreeTime[] };

export type BookingResult =
  | { ok: true; agendamento: Agendamento; pets: AgendamentoPet[]; token: string }
  | BookingRefusal;

const NO_AGENDA = "Esta unidade não agenda banho e tosa pelo site";
const NO_SERVICE = "Escolha ao menos um serviço disponível para o porte e a pelagem do pet";
const QUOTE_FIRST =
  "Para a primeira visita (e para pets de porte GG) pedimos fotos do pet antes: envie um pedido de orçamento e nós mandamos o link para agendar";
const QUOTE_SPENT =
  "Este link de agendamento já foi usado: o agendamento feito com ele está no link que enviamos. Para outro horário, remarque por lá ou fale conosco no WhatsApp";
const TOO_MANY_OPEN = (por: "WhatsApp" | "e-mail") =>
  `Este ${por} já tem ${OPEN_BOOKINGS_PER_CONTACT} agendamentos em aberto pelo site. Para marcar outro, cancele ou remarque um deles pelo link que enviamos, ou fale conosco no WhatsApp`;
const NEXT_FREE_COUNT = 4;
const NEXT_FREE_DAYS = 14;

const digits = (phone: string) => phone.replace(/\D/g, "");

/**
 * One tutor's contacts (phone digits, e-mail), locked for the rest of the transaction: two
 * bookings of one phone or e-mail, even at two units (two agenda locks), count each other's.
 * Keys in one order, so two bookings sharing both never wait crosswise.
 */
async function lockContacts(tx: Tx, phoneDigits: string, email: string | null): Promise<void> {
  const keys = [`tel:${phoneDigits}`, ...(email ? [`email:${email}`] : [])].sort();
  for (const key of keys) {
    await runSql(
      tx,
      "select pg_advisory_xact_lock($1::int, hashtext($2))",
      [CONTACT_LOCK_CLASS, key],
      "agenda_contato_trava",
    );
  }
}

/** The first key of the contacts' advisory locks (no other lock in the app uses two keys). */
const CONTACT_LOCK_CLASS = 39_005;

/** Open online bookings (future, still holding a place) of this phone and of this e-mail. */
async function openBookingsOf(
  tx: Executor,
  phoneDigits: string,
  email: string | null,
  at: Date,
): Promise<{ tel: number; email: number }> {
  const [row] = await runSql<{ tel: number; email: number }>(
    tx,
    `select count(*) filter (where whatsapp_digitos = $1)::int as tel,
            count(*) filter (where $2::text is not null and lower(email) = $2)::int as email
       from agendamentos
      where origem = 'online' and status in ('solicitado', 'confirmado') and inicio > $3
        and (whatsapp_digitos = $1 or ($2::text is not null and lower(email) = $2))`,
    [phoneDigits, email, at],
    "agenda_abertos_contato",
  );
  return row ?? { tel: 0, email: 0 };
}

/** The unit's agenda, locked for the rest of the transaction: every capacity count waits here. */
export async function lockAgenda(tx: Tx, unidadeId: string): Promise<AgendaBanho | null> {
  const [row] = await tx
    .select()
    .from(agendasBanho)
    .where(and(eq(agendasBanho.unidadeId, unidadeId), eq(agendasBanho.ativo, true)))
    .for("update");
  return row ?? null;
}

/** The unit's closed dates from `from` on. */
export async function listClosedDates(unidadeId: string, from: string, executor: Executor = db()) {
  return executor
    .select()
    .from(agendasBanhoFechadas)
    .where(and(eq(agendasBanhoFechadas.unidadeId, unidadeId), gte(agendasBanhoFechadas.data, from)))
    .orderBy(asc(agendasBanhoFechadas.data));
}

export async function closedDays(
  executor: Executor,
  unidadeId: string,
  from: string,
): Promise<Set<string>> {
  const rows = await listClosedDates(unidadeId, from, executor);
  return new Set(rows.map((r) => r.data));
}

/**
 * The unit's bookings of one day by drop-off time (then as they came): all of them, or only
 * those in `statuses`.
 */
export function bookingsOfDay(
  executor: Executor,
  unidadeId: string,
  day: string,
  statuses?: readonly StatusAgendamento[],
): Promise<Agendamento[]> {
  return executor
    .select()
    .from(agendamentos)
    .where(
      and(
        eq(agendamentos.unidadeId, unidadeId),
        eq(agendamentos.data, day),
        statuses ? inArray(agendamentos.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(asc(agendamentos.horario), asc(agendamentos.createdAt));
}

/**
 * What each day from `from` to `to` holds at the unit: points per drop-off and per day, pets
 * per size, counting every booking that still holds its place (all but `exceptId`).
 */
export async function usageByDay(
  executor: Executor,
  unidadeId: string,
  from: string,
  to: string,
  exceptId: string | null = null,
): Promise<Map<string, DayUsage>> {
  const rows = await runSql<{
    data: string;
    horario: string;
    porte: Porte;
    pets: number;
    pontos: number;
    solicitados: number;
  }>(
    executor,
    `select a.data::text as data, a.horario, p.porte, count(*)::int as pets, sum(p.pontos)::int as pontos,
            coalesce(sum(p.pontos) filter (where a.status = 'solicitado'), 0)::int as solicitados
       from agendamentos a join agendamento_pets p on p.agendamento_id = a.id
      where a.unidade_id = $1 and a.data between $2::date and $3::date
        and a.status <> all($4::text[]) and ($5::uuid is null or a.id <> $5::uuid)
      group by 1, 2, 3`,
    [unidadeId, from, to, FREES_CAPACITY, exceptId],
    "agenda_uso",
  );
  const days = new Map<string, DayUsage>();
  for (const row of rows) {
    const day = days.get(row.data) ?? { porHorario: {}, dia: 0, porPorte: {}, solicitados: 0 };
    day.porHorario[row.horario] = (day.porHorario[row.horario] ?? 0) + row.pontos;
    day.dia += row.pontos;
    day.solicitados = (day.solicitados ?? 0) + row.solicitados;
    day.porPorte[row.porte] = (day.porPorte[row.porte] ?? 0) + row.pets;
    days.set(row.data, day);
  }
  return days;
}

/** The next drop-offs where these pets still fit, from `day` on (a few, within two weeks). */
async function nextFreeTimes(
  tx: Executor,
  agenda: AgendaRules & { unidadeId: string },
  day: string,
  portes: Porte[],
  at: Date,
  closed: ReadonlySet<string>,
  exceptId: string | null,
  unconfirmed: boolean,
): Promise<FreeTime[]> {
  const last = lastBookableDay(at, agenda.diasAFrente);
  const until = [addDaysIso(day, NEXT_FREE_DAYS), last].sort()[0]!;
  const usage = await usageByDay(tx, agenda.unidadeId, day, until, exceptId);
  const free: FreeTime[] = [];
  for (let d = day; d <= until && free.length < NEXT_FREE_COUNT; d = addDaysIso(d, 1)) {
    const dayUsage = usage.get(d) ?? EMPTY_USAGE;
    for (const slot of slotsOfDay(agenda, d, dayUsage, portes, at, closed, { unconfirmed })) {
      if (slot.cabe && free.length < NEXT_FREE_COUNT) free.push({ data: d, horario: slot.horario });
    }
  }
  return free;
}

function addDaysIso(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whether this tutor's pet (phone and name) ever had a booking handed back (Entregue). */
export async function petHasVisited(
  tx: Executor,
  phoneDigits: string,
  nome: string,
): Promise<boolean> {
  const rows = await runSql<{ one: number }>(
    tx,
    `select 1 as one from agendamentos a join agendamento_pets p on p.agendamento_id = a.id
      where a.whatsapp_digitos = $1 and p.nome_chave = $2 and a.status = 'entregue' limit 1`,
    [phoneDigits, petKey(nome)],
    "agenda_pet_visitou",
  );
  return rows.length > 0;
}

export interface PricedPet {
  input: BookingPetInput;
  servicos: ServicoAgendado[];
  preco: number;
  flagged: { exigeOrcamentoPrimeiraVez: boolean }[];
}

/** Each pet's services at its size and coat; null when one is not bookable for it. */
export async function pricePets(
  tx: Executor,
  pets: BookingPetInput[],
  online: boolean,
): Promise<PricedPet[] | null> {
  const ids = [...new Set(pets.flatMap((p) => p.servicoIds))];
  if (ids.length === 0 || pets.some((p) => p.servicoIds.length === 0)) return null;
  const services = await tx
    .select()
    .from(servicosBanho)
    .where(and(inArray(servicosBanho.id, ids), eq(servicosBanho.ativo, true)));
  const cells = await tx
    .select()
    .from(servicosBanhoPrecos)
    .where(inArray(servicosBanhoPrecos.servicoId, ids));
  const byId = new Map(services.map((s) => [s.id, s]));
  const priced: PricedPet[] = [];
  for (const pet of pets) {
    const chosen = [...new Set(pet.servicoIds)].map((id) => byId.get(id));
    if (chosen.some((s) => !s || (online && !s.agendavelOnline))) return null;
    // Add-ons go with a main service.
    if (chosen.every((s) => s!.adicional)) return null;
    const servicos: ServicoAgendado[] = [];
    for (const s of chosen) {
      const cell = priceFor(
        cells.filter((c) => c.servicoId === s!.id),
        pet.porte,
        pet.pelagem,
      );
      if (!cell) return null;
      servicos.push({
        servicoId: s!.id,
        nome: s!.nome,
        preco: cell.preco,
        duracaoMinutos: cell.duracaoMinutos,
      });
    }
    priced.push({
      input: pet,
      servicos,
      preco: servicos.reduce((sum, s) => sum + s.preco, 0),
      flagged: chosen.map((s) => ({ exigeOrcamentoPrimeiraVez: s!.exigeOrcamentoPrimeiraVez })),
    });
  }
  return priced;
}

/**
 * Books the pets at one drop-off, all or none, in one transaction with the capacity check.
 * A refusal says why; a full drop-off comes with the next times that still fit.
 */
export async function bookGrooming(
  input: BookingInput,
  options: { now?: Date; origem?: string | null; ip?: string | null } = {},
): Promise<BookingResult> {
  const at = options.now ?? clockNow();
  const result = await transaction(async (tx): Promise<BookingResult | FullRefusal> => {
    // What needs no capacity count is checked before the lock, so the lock is held briefly.
    const [seen] = await tx
      .select()
      .from(agendasBanho)
      .where(and(eq(agendasBanho.unidadeId, input.unidadeId), eq(agendasBanho.ativo, true)));
    if (!seen) return { ok: false, code: "unidade", message: NO_AGENDA } as const;
    const closed = await closedDays(tx, input.unidadeId, shopDayOf(at));
    const seenWhen = checkWhen(seen, input.data, input.horario, at, closed);
    if (!seenWhen.ok) {
      return { ok: false, code: "quando", message: WHEN_MESSAGES[seenWhen.reason] } as const;
    }
    const priced = await pricePets(tx, input.pets, true);
    if (!priced || priced.length === 0) {
      return { ok: false, code: "servico", message: NO_SERVICE } as const;
    }
    // The quoted pet costs what the staff answered, whatever its services add up to.
    if (input.precoFixo != null) priced[0]!.preco = input.precoFixo;
    const phoneDigits = digits(input.whatsapp);
    const email = input.email ? input.email.trim().toLowerCase() : null;
    // The quote's link answers for the quoted pet (the first) only: any other pet of the
    // family goes through the rule as if booked without the link.
    const needing: string[] = [];
    for (const [i, pet] of priced.entries()) {
      if (i === 0 && input.pedidoServicoId) continue;
      const firstVisit = !(await petHasVisited(tx, phoneDigits, pet.input.nome));
      if (needsQuote(pet.input.porte, firstVisit, pet.flagged)) needing.push(pet.input.nome);
    }
    if (needing.length > 0) {
      return { ok: false, code: "orcamento", message: QUOTE_FIRST, pets: needing } as const;
    }
    // The locks: the tutor's contacts, then the agenda as it is now (it may have changed
    // meanwhile) and the count.
    await lockContacts(tx, phoneDigits, email);
    const agenda = await lockAgenda(tx, input.unidadeId);
    if (!agenda) return { ok: false, code: "unidade", message: NO_AGENDA } as const;
    // Every online booking has a form key: its status link derives from it (e-mails carry it).
    let chaveEnvio = input.chaveEnvio || crypto.randomUUID();
    if (input.chaveEnvio) {
      // The same form sent again (under the lock, so two at once see each other): the
      // booking it already made, with the same link. The key carried back to the form for
      // another day or time is a new booking.
      const [made] = await tx
        .select()
        .from(agendamentos)
        .where(eq(agendamentos.chaveEnvio, chaveEnvio));
      const same =
        made?.unidadeId === input.unidadeId &&
        made.data === input.data &&
        made.horario === input.horario;
      if (made && same) {
        const pets = await petsOf(tx, made.id);
        return { ok: true, agendamento: made, pets, token: newToken(chaveEnvio).token };
      }
      if (made) chaveEnvio = crypto.randomUUID();
    }
    const open = await openBookingsOf(tx, phoneDigits, email, at);
    if (open.tel >= OPEN_BOOKINGS_PER_CONTACT || open.email >= OPEN_BOOKINGS_PER_CONTACT) {
      const por = open.tel >= OPEN_BOOKINGS_PER_CONTACT ? "WhatsApp" : "e-mail";
      return { ok: false, code: "limite", message: TOO_MANY_OPEN(por) } as const;
    }
    if (input.pedidoServicoId && !(await claimQuote(tx, input.pedidoServicoId))) {
      return { ok: false, code: "limite", message: QUOTE_SPENT } as const;
    }
    const when = checkWhen(agenda, input.data, input.horario, at, closed);
    if (!when.ok) {
      return { ok: false, code: "quando", message: WHEN_MESSAGES[when.reason] } as const;
    }
    const portes = priced.map((p) => p.input.porte);
    const usage =
      (await usageByDay(tx, input.unidadeId, input.data, input.data)).get(input.data) ??
      EMPTY_USAGE;
    const unconfirmed = agenda.statusInicial === "solicitado";
    const fit = checkFit(agenda, usage, input.horario, portes, { unconfirmed });
    if (!fit.ok) {
      const next = { agenda, day: input.data, portes, closed, exceptId: null, unconfirmed };
      return { ok: false, code: "full", message: fitMessage(fit), next } as const;
    }
    const { token, hash } = newToken(chaveEnvio);
    const [agendamento] = await tx
      .insert(agendamentos)
      .values({
        unidadeId: input.unidadeId,
        data: input.data,
        horario: input.horario,
        inicio: when.inicio,
        status: agenda.statusInicial,
        origem: "online",
        tokenHash: hash,
        chaveEnvio,
        nomeTutor: input.nomeTutor,
        whatsapp: input.whatsapp,
        whatsappDigitos: phoneDigits,
        email: input.email,
        ipHash: options.ip ? ipHash(options.ip) : null,
        levaTraz: input.levaTraz,
        endereco: input.levaTraz ? input.endereco : null,
        bairro: input.levaTraz ? input.bairro : null,
        observacoes: input.observacoes,
        pedidoServicoId: input.pedidoServicoId ?? null,
        precoFinal: input.precoFixo != null ? priced.reduce((sum, p) => sum + p.preco, 0) : null,
        pontos: fit.pontos,
        precoEstimado: priced.reduce((sum, p) => sum + p.preco, 0),
        historico: [{ status: agenda.statusInicial, em: at.toISOString() }],
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    // A signed-in customer's pets: linked to their records, "a confirmar" when the size or
    // coat was never confirmed by the staff or is changed now (decision 0073).
    const links = input.clienteId
      ? await petsOfBooking(
          tx,
          input.clienteId,
          priced.map((p) => ({ ...p.input, petId: p.input.petId ?? null })),
        )
      : [];
    const pets = await tx
      .insert(agendamentoPets)
      .values(
        priced.map((p, i) =>
          bookedPet(agendamento!.id, p.input, {
            petId: links[i]?.petId ?? null,
            porteAConfirmar: links[i]?.porteAConfirmar ?? false,
            pontos: agenda.pontos[p.input.porte],
            servicos: p.servicos,
            preco: p.preco,
          }),
        ),
      )
      .returning();
    if (input.email) {
      await queueBookingEmail(tx, agendamento!, "agendamento_recebido", {
        origem: options.origem,
      });
    }
    if (input.pedidoServicoId) {
      // The quote is now booked ("Confirmado" on the staff's board, with this booking).
      await tx
        .update(pedidosServicos)
        .set({ status: "confirmado" })
        .where(eq(pedidosServicos.id, input.pedidoServicoId));
    }
    return { ok: true, agendamento: agendamento!, pets, token };
  });
  return result.ok || result.code !== "full" ? result : withNextFreeTimes(result, at);
}

/**
 * Whether the quote's link may still book, its row locked until the booking commits (which
 * turns the quote "Confirmado"): one link makes one booking however many times it is sent at
 * once. False when it was already used (or withdrawn).
 */
async function claimQuote(tx: Tx, pedidoServicoId: string): Promise<boolean> {
  const [quote] = await tx
    .select({ status: pedidosServicos.status })
    .from(pedidosServicos)
    .where(eq(pedidosServicos.id, pedidoServicoId))
    .for("update");
  if (quote?.status !== "orcamento_enviado") return false;
  const [booked] = await runSql<{ one: number }>(
    tx,
    `select 1 as one from agendamentos
      where pedido_servico_id = $1 and status <> all($2::text[]) limit 1`,
    [pedidoServicoId, FREES_CAPACITY],
    "agenda_orcamento_usado",
  );
  return !booked;
}

/** The address a booking came from, as the staff's agenda groups it: a keyed hash only. */
function ipHash(ip: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`agendamento-ip:${ip}`)
    .digest("base64url")
    .slice(0, 16);
}

/** A full drop-off, answered once the agenda's lock is released: the next free times then. */
interface FullRefusal {
  ok: false;
  code: "full";
  message: string;
  next: {
    agenda: AgendaBanho;
    day: string;
    portes: Porte[];
    closed: Set<string>;
    exceptId: string | null;
    unconfirmed: boolean;
  };
}

async function withNextFreeTimes(refusal: FullRefusal, at: Date) {
  const { agenda, day, portes, closed, exceptId, unconfirmed } = refusal.next;
  const proximos = await nextFreeTimes(
    db(),
    agenda,
    day,
    portes,
    at,
    closed,
    exceptId,
    unconfirmed,
  );
  return { ok: false, code: "capacidade", message: refusal.message, proximos } as const;
}

export class BookingChangeError extends Error {}

const NOT_FOUND = "Agendamento não encontrado";
const TOO_LATE = "O prazo para cancelar ou reagendar pelo site terminou: fale conosco no WhatsApp";
const NOT_CHANGEABLE = "Este agendamento já não pode ser cancelado nem reagendado pelo site";

/**
 * Writes a change of one booking with one more step in its history (its new status, or the
 * same; `nota` says what happened: a check-in, a move), stamped `at`; returns it as it is now.
 */
export async function updateBooking(
  tx: Tx,
  row: Agendamento,
  change: Omit<Partial<typeof agendamentos.$inferInsert>, "historico" | "updatedAt">,
  at: Date,
  nota?: string,
): Promise<Agendamento> {
  const step = { status: change.status ?? row.status, em: at.toISOString() };
  const [updated] = await tx
    .update(agendamentos)
    .set({
      ...change,
      historico: [...row.historico, nota === undefined ? step : { ...step, nota }],
      updatedAt: at,
    })
    .where(eq(agendamentos.id, row.id))
    .returning();
  return updated!;
}

/** The booking behind a status link, locked; any mismatch is "not found". */
async function lockBookingByLink(tx: Tx, numero: string, token: string): Promise<Agendamento> {
  const [row] = await tx
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.numero, numero))
    .for("update");
  if (!row || !tokenMatches(token, row.tokenHash)) throw new BookingChangeError(NOT_FOUND);
  return row;
}

/** The tutor cancels from the status link, until the cancellation window closes. */
export async function cancelBooking(
  numero: string,
  token: string,
  options: { now?: Date } = {},
): Promise<Agendamento> {
  const at = options.now ?? clockNow();
  return transaction(async (tx) => {
    const row = await lockBookingByLink(tx, numero, token);
    if (!tutorMayChange(row.status)) throw new BookingChangeError(NOT_CHANGEABLE);
    const [agenda] = await tx
      .select()
      .from(agendasBanho)
      .where(eq(agendasBanho.unidadeId, row.unidadeId));
    if (!withinCancelWindow(row.inicio, at, agenda?.cancelamentoHoras ?? 24)) {
      throw new BookingChangeError(TOO_LATE);
    }
    return updateBooking(tx, row, { status: "cancelado" }, at);
  });
}

export type RescheduleResult =
  | { ok: true; agendamento: Agendamento }
  | { ok: false; code: "quando"; message: string }
  | { ok: false; code: "capacidade"; message: string; proximos: FreeTime[] };

/**
 * The tutor moves the booking to another drop-off of the same unit, until the cancellation
 * window closes: capacity is counted again without this booking, under the agenda's lock; a
 * drop-off that no longer fits leaves the booking as it was.
 */
export async function rescheduleBooking(
  numero: string,
  token: string,
  to: { data: string; horario: string },
  options: { now?: Date } = {},
): Promise<RescheduleResult> {
  const at = options.now ?? clockNow();
  const result = await transaction(async (tx): Promise<RescheduleResult | FullRefusal> => {
    // Look the unit up first, then take the locks in the order a booking takes them.
    const [found] = await tx
      .select({ unidadeId: agendamentos.unidadeId })
      .from(agendamentos)
      .where(eq(agendamentos.numero, numero));
    if (!found) throw new BookingChangeError(NOT_FOUND);
    const agenda = await lockAgenda(tx, found.unidadeId);
    const row = await lockBookingByLink(tx, numero, token);
    if (!agenda) throw new BookingChangeError(NO_AGENDA);
    if (!tutorMayChange(row.status)) throw new BookingChangeError(NOT_CHANGEABLE);
    if (!withinCancelWindow(row.inicio, at, agenda.cancelamentoHoras))
      throw new BookingChangeError(TOO_LATE);
    const closed = await closedDays(tx, row.unidadeId, shopDayOf(at));
    const when = checkWhen(agenda, to.data, to.horario, at, closed);
    if (!when.ok)
      return { ok: false, code: "quando", message: WHEN_MESSAGES[when.reason] } as const;
    const pets = await petsOf(tx, row.id);
    const portes = pets.map((p) => p.porte);
    const usage =
      (await usageByDay(tx, row.unidadeId, to.data, to.data, row.id)).get(to.data) ?? EMPTY_USAGE;
    const unconfirmed = row.status === "solicitado";
    const fit = checkFit(agenda, usage, to.horario, portes, { unconfirmed });
    if (!fit.ok) {
      const next = { agenda, day: to.data, portes, closed, exceptId: row.id, unconfirmed };
      return { ok: false, code: "full", message: fitMessage(fit), next } as const;
    }
    const updated = await updateBooking(
      tx,
      row,
      {
        data: to.data,
        horario: to.horario,
        inicio: when.inicio,
        pontos: fit.pontos,
        lembreteEm: null,
      },
      at,
      "reagendado",
    );
    await queueBookingEmail(tx, updated, "agendamento_reagendado");
    return { ok: true, agendamento: updated };
  });
  return result.ok || result.code !== "full" ? result : withNextFreeTimes(result, at);
}

/** A booking and its pets by its status link, or null (a wrong token is no booking). */
export async function findBookingByLink(
  numero: string,
  token: string,
  executor: Executor = db(),
): Promise<{ agendamento: Agendamento; pets: AgendamentoPet[] } | null> {
  const [row] = await executor.select().from(agendamentos).where(eq(agendamentos.numero, numero));
  if (!row || !tokenMatches(token, row.tokenHash)) return null;
  return { agendamento: row, pets: await petsOf(executor, row.id) };
}

/** The pets of one booking or of many, by name: the one read of `agendamento_pets`. */
export async function petsOf(
  executor: Executor,
  bookings: string | readonly string[],
): Promise<AgendamentoPet[]> {
  const ids = typeof bookings === "string" ? [bookings] : [...bookings];
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(agendamentoPets)
    .where(inArray(agendamentoPets.agendamentoId, ids))
    .orderBy(asc(agendamentoPets.nome));
}

/**
 * What the slot picker shows for a unit: the bookable days (open, not closed, within the
 * window, with a time past the notice) and, for `day`, its drop-offs with whether these pets
 * still fit (a reschedule leaves its own booking out).
 */
export async function loadSlotPicker(
  unidadeId: string,
  portes: Porte[],
  day: string | null,
  options: { now?: Date; exceptId?: string | null; unconfirmed?: boolean } = {},
  executor: Executor = db(),
): Promise<{ days: string[]; slots: Slot[] | null; agenda: AgendaBanho } | null> {
  const at = options.now ?? clockNow();
  const [agenda] = await executor
    .select()
    .from(agendasBanho)
    .where(and(eq(agendasBanho.unidadeId, unidadeId), eq(agendasBanho.ativo, true)));
  if (!agenda) return null;
  const today = shopDayOf(at);
  const closed = await closedDays(executor, unidadeId, today);
  const last = lastBookableDay(at, agenda.diasAFrente);
  const days: string[] = [];
  for (let d = today; d <= last; d = addDaysIso(d, 1)) {
    if (slotsOfDay(agenda, d, EMPTY_USAGE, [], at, closed).length > 0) days.push(d);
  }
  if (!day || !days.includes(day)) return { days, slots: null, agenda };
  const usage = (await usageByDay(executor, unidadeId, day, day, options.exceptId ?? null)).get(
    day,
  );
  // A new booking waits for the staff when the unit starts bookings as "Solicitado".
  const unconfirmed = options.unconfirmed ?? agenda.statusInicial === "solicitado";
  const slots = slotsOfDay(agenda, day, usage ?? EMPTY_USAGE, portes, at, closed, { unconfirmed });
  return { days, slots, agenda };
}

/** What the status page says of a "Solicitado" booking released unconfirmed. */
export const RELEASED_UNCONFIRMED =
  "A equipe não conseguiu confirmar este horário a tempo e ele foi liberado. Agende outro horário ou fale conosco no WhatsApp.";

/**
 * Releases the "Solicitado" bookings the staff did not confirm within their unit's
 * `confirmar_em_horas`: cancelled in one statement (their capacity free again), each with a
 * note its status page shows. A booking the staff confirm meanwhile is no longer "Solicitado"
 * and stays. Returns how many were released.
 */
export async function releaseUnconfirmedBookings(at: Date = clockNow()): Promise<number> {
  return transaction(async (tx) => {
    const rows = await runSql<{ id: string; email: string | null }>(
      tx,
      `update agendamentos a set status = 'cancelado', updated_at = $1,
         historico = a.historico || jsonb_build_array(
           jsonb_build_object('status', 'cancelado', 'em', $2::text, 'nota', $3::text))
       from agendas_banho g
       where g.unidade_id = a.unidade_id and a.status = 'solicitado'
         and a.created_at + make_interval(hours => g.confirmar_em_horas) <= $1
       returning a.id, a.email`,
      [at, at.toISOString(), RELEASED_UNCONFIRMED],
      "agendamentos_libera",
    );
    for (const row of rows) {
      await queueBookingEmail(tx, row, "agendamento_cancelado", {
        dados: { motivo: RELEASED_UNCONFIRMED },
      });
    }
    return rows.length;
  });
}

/** Tomorrow's reminders by e-mail, each once (see queueReminders). */
export async function sendDueReminders(at: Date = clockNow()): Promise<number> {
  return transaction((tx) => queueReminders(tx, at));
}
