// The rules of online grooming booking (issue 28, decision 0036), with no I/O: when a
// drop-off can be booked (notice, window, closed dates), whether pets fit its capacity
// (points per drop-off and per day, daily limits per size), when a booking can still be
// cancelled, what a pet's services cost, and when a pet must go through the photo quote.
// Every time is the shop's wall clock (America/Sao_Paulo), whatever the server's zone.
import { formatIsoDate } from "~/domain/dates";
import { petNameKey } from "~/domain/pets";
import { shopOffsetMinutes } from "~/domain/shop-time";
import { type Pelagem, PORTES, type Porte, type StatusAgendamento } from "./booking-vocabulary";

/** Default capacity points per size (editable per unit). */
const DEFAULT_POINTS: Record<Porte, number> = { P: 1, M: 1, G: 2, GG: 3 };

/** What the rules need of a unit's agenda (the `agendas_banho` row). */
export interface AgendaRules {
  /** Seven lists of 'HH:MM', Sunday (0) to Saturday (6). */
  horarios: readonly (readonly string[])[];
  capacidadeHorario: number;
  capacidadeDia: number;
  pontos: Record<Porte, number>;
  limitesPorte: Partial<Record<Porte, number>>;
  antecedenciaHoras: number;
  diasAFrente: number;
  cancelamentoHoras: number;
}

/** What a day already holds: points per drop-off time, points of the day, pets per size. */
export interface DayUsage {
  porHorario: Record<string, number>;
  dia: number;
  porPorte: Partial<Record<Porte, number>>;
  /** Points of the day held by bookings the staff have not confirmed yet ("Solicitado"). */
  solicitados?: number;
}

export const EMPTY_USAGE: DayUsage = { porHorario: {}, dia: 0, porPorte: {}, solicitados: 0 };

/**
 * Unconfirmed online bookings may hold at most this share of a day's points (decision 0056):
 * whoever books without the staff's confirmation can never fill the whole day.
 */
const UNCONFIRMED_SHARE = 0.5;

/** Open (future, not cancelled) online bookings one phone, or one e-mail, may hold at once. */
export const OPEN_BOOKINGS_PER_CONTACT = 2;

/** The points a day's unconfirmed bookings may hold together (at least one pet's worth). */
function unconfirmedCap(agenda: Pick<AgendaRules, "capacidadeDia">): number {
  return Math.max(1, Math.floor(agenda.capacidadeDia * UNCONFIRMED_SHARE));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** 0 (Sunday) to 6 of a calendar day 'yyyy-MM-dd' (no time zone involved). */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instant of the shop's wall clock `time` on `day` (America/Sao_Paulo). */
export function shopInstant(day: string, time: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offset at the guess, then at the instant it gives (a clock change in between).
  const first = wall - shopOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - shopOffsetMinutes(new Date(first)) * 60_000);
}

/** The drop-off times of a day for the agenda (sorted), none on a closed weekday. */
export function dropOffTimes(agenda: Pick<AgendaRules, "horarios">, day: string): string[] {
  return [...(agenda.horarios[weekdayOf(day)] ?? [])].filter(isTime).sort();
}

export type WhenRefusal =
  | "data_invalida"
  | "horario_inexistente"
  | "fechado"
  | "antecedencia"
  | "longe_demais";

export const WHEN_MESSAGES: Record<WhenRefusal, string> = {
  data_invalida: "Data inválida",
  horario_inexistente: "Esse horário não existe nesse dia: escolha um dos horários listados",
  fechado: "A unidade não atende banho e tosa nesse dia",
  antecedencia: "Esse horário já não pode ser agendado: escolha um horário mais adiante",
  longe_demais: "Ainda não abrimos a agenda para essa data",
};

/** The last calendar day one can book: today (shop's day) plus the window. */
export function lastBookableDay(now: Date, diasAFrente: number): string {
  const today = shopDayOf(now);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + diasAFrente)).toISOString().slice(0, 10);
}

/** The shop's calendar day of an instant ('yyyy-MM-dd'). */
export function shopDayOf(instant: Date): string {
  const local = new Date(instant.getTime() + shopOffsetMinutes(instant) * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * Whether `time` on `day` can be booked at `now`: a real drop-off of that weekday, the day
 * not closed, at least the notice ahead, and no later than today + the window.
 */
export function checkWhen(
  agenda: AgendaRules,
  day: string,
  time: string,
  now: Date,
  closedDays: ReadonlySet<string>,
): { ok: true; inicio: Date } | { ok: false; reason: WhenRefusal } {
  if (!isDay(day)) return { ok: false, reason: "data_invalida" };
  if (closedDays.has(day)) return { ok: false, reason: "fechado" };
  const times = dropOffTimes(agenda, day);
  if (times.length === 0) return { ok: false, reason: "fechado" };
  if (!times.includes(time)) return { ok: false, reason: "horario_inexistente" };
  if (day > lastBookableDay(now, agenda.diasAFrente)) return { ok: false, reason: "longe_demais" };
  const inicio = shopInstant(day, time);
  if (inicio.getTime() < now.getTime() + agenda.antecedenciaHoras * 3_600_000) {
    return { ok: false, reason: "antecedencia" };
  }
  return { ok: true, inicio };
}

export type FitRefusal =
  | { reason: "horario_cheio"; livres: number }
  | { reason: "dia_cheio"; livres: number }
  | { reason: "solicitados"; livres: number }
  | { reason: "limite_porte"; porte: Porte; limite: number };

/** Points the pets take at the agenda's sizes. */
function pointsOf(agenda: Pick<AgendaRules, "pontos">, portes: readonly Porte[]): number {
  return portes.reduce((sum, porte) => sum + (agenda.pontos[porte] ?? DEFAULT_POINTS[porte]), 0);
}

/**
 * Whether pets of these sizes fit `time` given what the day holds: each size's daily limit,
 * the day's points and the drop-off's points, all with these pets added. All or none. A
 * booking that will wait for the staff's confirmation (`unconfirmed`) also fits within the
 * day's share for unconfirmed bookings.
 */
export function checkFit(
  agenda: AgendaRules,
  usage: DayUsage,
  time: string,
  portes: readonly Porte[],
  options: { unconfirmed?: boolean } = {},
): { ok: true; pontos: number } | ({ ok: false } & FitRefusal) {
  const pontos = pointsOf(agenda, portes);
  // The size limit first: when it refuses, no other time of that day will do.
  for (const porte of PORTES) {
    const limite = agenda.limitesPorte[porte];
    if (limite === undefined || limite === null) continue;
    const adding = portes.filter((p) => p === porte).length;
    if (adding > 0 && (usage.porPorte[porte] ?? 0) + adding > limite) {
      return { ok: false, reason: "limite_porte", porte, limite };
    }
  }
  if (usage.dia + pontos > agenda.capacidadeDia) {
    return {
      ok: false,
      reason: "dia_cheio",
      livres: Math.max(0, agenda.capacidadeDia - usage.dia),
    };
  }
  if (options.unconfirmed) {
    const held = usage.solicitados ?? 0;
    if (held + pontos > unconfirmedCap(agenda)) {
      return {
        ok: false,
        reason: "solicitados",
        livres: Math.max(0, unconfirmedCap(agenda) - held),
      };
    }
  }
  const atTime = usage.porHorario[time] ?? 0;
  if (atTime + pontos > agenda.capacidadeHorario) {
    return {
      ok: false,
      reason: "horario_cheio",
      livres: Math.max(0, agenda.capacidadeHorario - atTime),
    };
  }
  return { ok: true, pontos };
}

export function fitMessage(refusal: FitRefusal): string {
  switch (refusal.reason) {
    case "horario_cheio":
      return "Esse horário acabou de ser preenchido";
    case "dia_cheio":
      return "A agenda desse dia acabou de ser preenchida";
    case "solicitados":
      return "Os horários desse dia que o site reserva antes da confirmação da equipe acabaram: escolha outro dia ou fale conosco no WhatsApp";
    case "limite_porte":
      return `Já atendemos o máximo de pets de porte ${refusal.porte} nesse dia (${refusal.limite})`;
  }
}

/** One drop-off time of a day as the slot picker shows it. */
export interface Slot {
  horario: string;
  cabe: boolean;
  /** Points left at the time (never below zero). */
  livres: number;
}

/**
 * The drop-off times of `day` with whether these pets still fit each one; times already
 * past the notice are left out. A closed or out-of-window day has none.
 */
export function slotsOfDay(
  agenda: AgendaRules,
  day: string,
  usage: DayUsage,
  portes: readonly Porte[],
  now: Date,
  closedDays: ReadonlySet<string>,
  options: { unconfirmed?: boolean } = {},
): Slot[] {
  const slots: Slot[] = [];
  for (const horario of dropOffTimes(agenda, day)) {
    if (!checkWhen(agenda, day, horario, now, closedDays).ok) continue;
    slots.push({
      horario,
      cabe: checkFit(agenda, usage, horario, portes, options).ok,
      livres: Math.max(0, agenda.capacidadeHorario - (usage.porHorario[horario] ?? 0)),
    });
  }
  return slots;
}

/** Whether a booking that starts at `inicio` may still be cancelled or rescheduled at `now`. */
export function withinCancelWindow(inicio: Date, now: Date, cancelamentoHoras: number): boolean {
  return inicio.getTime() - now.getTime() >= cancelamentoHoras * 3_600_000;
}

/** Statuses the tutor may still cancel or reschedule from (before the pet is left). */
export function tutorMayChange(status: StatusAgendamento): boolean {
  return status === "solicitado" || status === "confirmado";
}

/** The staff's next steps from each status (the agenda's buttons). */
export const STAFF_NEXT: Record<StatusAgendamento, readonly StatusAgendamento[]> = {
  solicitado: ["confirmado", "em_atendimento", "cancelado", "nao_compareceu"],
  confirmado: ["em_atendimento", "cancelado", "nao_compareceu"],
  em_atendimento: ["pronto"],
  pronto: ["entregue"],
  entregue: [],
  cancelado: [],
  nao_compareceu: [],
};

/**
 * Where a booking takes its payment at the counter (decision 0078): from the start of the
 * work (its price known) to the hand-over, and after it for one delivered before payments
 * were asked.
 */
export const PAYABLE: readonly StatusAgendamento[] = ["em_atendimento", "pronto", "entregue"];

/** A service's price and duration for one size and coat. */
export interface PriceCell {
  porte: Porte;
  pelagem: Pelagem;
  preco: number;
  duracaoMinutos: number;
}

/** The cell for a pet, or null when the service has no price for that size and coat. */
export function priceFor(
  cells: readonly PriceCell[],
  porte: Porte,
  pelagem: Pelagem,
): PriceCell | null {
  return cells.find((c) => c.porte === porte && c.pelagem === pelagem) ?? null;
}

/** What the photo quote decides for a pet: GG always; a flagged service on a first visit. */
export function needsQuote(
  porte: Porte,
  firstVisit: boolean,
  services: readonly { exigeOrcamentoPrimeiraVez: boolean }[],
): boolean {
  if (porte === "GG") return true;
  return firstVisit && services.some((s) => s.exigeOrcamentoPrimeiraVez);
}

/** The key a returning pet is found by, with its tutor's phone: the name without accents. */
export const petKey = petNameKey;

const WEEKDAY_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];

/** A day as the picker lists it: "qui, 03/12/2026". */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-");
  return `${WEEKDAY_SHORT[weekdayOf(day)]}, ${d}/${m}/${y}`;
}

/** A day as a question says it: "ter 01/12". */
function shortDayLabel(day: string): string {
  const [, m, d] = day.split("-");
  return `${WEEKDAY_SHORT[weekdayOf(day)]} ${d}/${m}`;
}

/** Names as Portuguese lists them: "Thor", "Thor e Mel", "Thor, Mel e Bob". */
function namesList(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} e ${names.at(-1)}` : (names[0] ?? "");
}

/** "Cancelar agendamento" asks this first: whose booking, which day and time. */
export function cancelQuestion(pets: readonly string[], day: string, horario: string): string {
  return `Cancelar o agendamento de ${namesList(pets)} de ${shortDayLabel(day)} às ${horario}?`;
}

/** The "pronto para buscar" WhatsApp message the staff send from the agenda. */
export function readyMessage(tutor: string, pets: readonly string[], unidade: string): string {
  const names = pets.length > 1 ? `${pets.slice(0, -1).join(", ")} e ${pets.at(-1)}` : pets[0];
  const verb = pets.length > 1 ? "estão prontos" : "está pronto(a)";
  return `Olá, ${tutor}! ${names} ${verb} para buscar na ${unidade}. Obrigado pela preferência!`;
}

/** The reminder the day before, with the booking's day and drop-off time. */
export function reminderMessage(tutor: string, day: string, horario: string, unidade: string) {
  return `Olá, ${tutor}! Lembrete do banho e tosa amanhã (${dayLabel(day)}) às ${horario} na ${unidade}. Até lá!`;
}

/** A package's balance as the tutor and the staff read it: what is left and until when. */
export function packageBalanceText(pacote: {
  nome: string;
  restantes: number;
  sessoes: number;
  validoAte: string;
}): string {
  const sessoes = pacote.sessoes === 1 ? "sessão" : "sessões";
  return `${pacote.nome}: ${pacote.restantes} de ${pacote.sessoes} ${sessoes} · vale até ${formatIsoDate(pacote.validoAte)}`;
}

/** "Avisar e remarcar": the message for a booking on a day the unit closed. */
export function closedDateMessage(tutor: string, day: string, horario: string, unidade: string) {
  return `Olá, ${tutor}! A ${unidade} não vai atender banho e tosa em ${dayLabel(day)} (seu horário das ${horario}). Podemos remarcar? Responda com o melhor dia para você.`;
}

/**
 * What is left to receive for a booking when packages pay for some of its pets (decision
 * 0091): the price less the covered pets' own prices, never below zero. Every pet covered,
 * or nothing left: nothing to receive.
 */
export function dueAfterPackages(
  preco: number,
  pets: readonly { preco: number; coberto: boolean }[],
): number {
  if (pets.length > 0 && pets.every((p) => p.coberto)) return 0;
  const coberto = pets.reduce((sum, p) => sum + (p.coberto ? p.preco : 0), 0);
  return Math.max(0, preco - coberto);
}
