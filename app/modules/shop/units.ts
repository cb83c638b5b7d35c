// The units' pure rules (decision 0027): their opening hours as the pages say them ("Segunda
// a Sexta 9h às 20h") and as structured data lists them, and the view of a unit the public
// pages get. No I/O: shared by the loaders, the components and the unit tests.
import type { JanelaEntrega } from "~/domain/statuses";
import type { OpeningHoursSpecification, StructuredDataUnit } from "~/domain/structured-data";

/** Opening hours of one weekday ("09:00" to "20:00"), or closed (null). */
export type HorarioDia = { abre: string; fecha: string } | null;

/** The weekdays as stored: Sunday (0) to Saturday (6). */
export const WEEKDAYS = [
  "Domingo",
  "Segunda",
  "Terça",
  "Quarta",
  "Quinta",
  "Sexta",
  "Sábado",
] as const;
const SHORT_WEEKDAYS = ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."] as const;
const SCHEMA_WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
/** The week as people read it: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** What the public pages get of a unit: no admin-only field (pick-up, delivery, position). */
export interface PublicUnit {
  id: string;
  slug: string;
  nome: string;
  endereco: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string | null;
  telefone: string | null;
  whatsapp: string | null;
  horarios: HorarioDia[];
  servicos: string[];
  mapsUrl: string | null;
  emBreve: boolean;
}

/**
 * Whether a unit sells: active and open (not "em breve"). Its stock counts in the store, it
 * takes pick-ups and bookings. The one place the rule is written (SQL: `unitSellsSql`).
 */
export function unitSells(unit: { ativo: boolean; emBreve: boolean }): boolean {
  return unit.ativo && !unit.emBreve;
}

/** A unit's street address as e-mails, pages and calendars print it. */
export function unitAddress(unit: Pick<PublicUnit, "endereco" | "bairro" | "cidade" | "uf">) {
  return `${unit.endereco}, ${unit.bairro}, ${unit.cidade} - ${unit.uf}`;
}

/** The public view of a unit row. */
export function publicUnit(unit: PublicUnit): PublicUnit {
  return {
    id: unit.id,
    slug: unit.slug,
    nome: unit.nome,
    endereco: unit.endereco,
    bairro: unit.bairro,
    cidade: unit.cidade,
    uf: unit.uf,
    cep: unit.cep,
    telefone: unit.telefone,
    whatsapp: unit.whatsapp,
    horarios: unit.horarios,
    servicos: unit.servicos,
    mapsUrl: unit.mapsUrl,
    emBreve: unit.emBreve,
  };
}

/** "09:00" -> "9h", "09:30" -> "9h30". */
export function hourText(time: string): string {
  const [hours = "0", minutes = "00"] = time.split(":");
  return `${Number(hours)}h${minutes === "00" ? "" : minutes}`;
}

/** "9h às 20h", or "Fechado". */
function dayHoursText(day: HorarioDia): string {
  return day ? `${hourText(day.abre)} às ${hourText(day.fecha)}` : "Fechado";
}

/** The day's hours, whatever was stored (a missing day is closed). */
function dayOf(horarios: readonly HorarioDia[], weekday: number): HorarioDia {
  const day = horarios[weekday];
  return day?.abre && day.fecha ? day : null;
}

function sameHours(a: HorarioDia, b: HorarioDia): boolean {
  return a === b || (a !== null && b !== null && a.abre === b.abre && a.fecha === b.fecha);
}

/** Runs of consecutive days, Monday to Sunday, keeping the same hours. */
function runs(horarios: readonly HorarioDia[]): { days: number[]; hours: HorarioDia }[] {
  const out: { days: number[]; hours: HorarioDia }[] = [];
  for (const weekday of WEEK_ORDER) {
    const hours = dayOf(horarios, weekday);
    const last = out.at(-1);
    if (last && sameHours(last.hours, hours)) last.days.push(weekday);
    else out.push({ days: [weekday], hours });
  }
  return out;
}

/** One day by its name, two as "Sábado e Domingo", more as "Segunda a Sexta". */
function daysLabel(days: readonly number[], names: readonly string[]): string {
  const first = names[days[0]!]!;
  if (days.length === 1) return first;
  const last = names[days.at(-1)!]!;
  return `${first} ${days.length === 2 ? "e" : "a"} ${last}`;
}

export interface HoursRow {
  /** "Segunda a Sexta" */
  days: string;
  /** "9h às 20h" or "Fechado" */
  hours: string;
}

/** The week's hours as rows, consecutive days with the same hours together. */
export function weekdayHours(horarios: readonly HorarioDia[]): HoursRow[] {
  return runs(horarios).map((run) => ({
    days: daysLabel(run.days, WEEKDAYS),
    hours: dayHoursText(run.hours),
  }));
}

/** "Segunda a Sexta 9h às 20h; Sábado 9h às 18h; Domingo Fechado". */
export function weekdayHoursText(horarios: readonly HorarioDia[]): string {
  return weekdayHours(horarios)
    .map((row) => `${row.days} ${row.hours}`)
    .join("; ");
}

/** The open days only, short: "Seg. a sex. 9h às 20h, sáb. 9h às 18h" ("Fechado" if none). */
export function shortHoursText(horarios: readonly HorarioDia[]): string {
  const text = runs(horarios)
    .filter((run) => run.hours !== null)
    .map((run) => `${daysLabel(run.days, SHORT_WEEKDAYS)} ${dayHoursText(run.hours)}`)
    .join(", ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Fechado";
}

/**
 * The week's hours for schema.org: one entry per distinct opening and closing time, with
 * the days that keep it (Monday first); closed days are left out.
 */
export function openingHoursSpecification(
  horarios: readonly HorarioDia[],
): OpeningHoursSpecification[] {
  const out: OpeningHoursSpecification[] = [];
  for (const weekday of WEEK_ORDER) {
    const hours = dayOf(horarios, weekday);
    if (!hours) continue;
    const day = `https://schema.org/${SCHEMA_WEEKDAYS[weekday]}`;
    const same = out.find((spec) => spec.opens === hours.abre && spec.closes === hours.fecha);
    if (same) same.dayOfWeek.push(day);
    else
      out.push({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [day],
        opens: hours.abre,
        closes: hours.fecha,
      });
  }
  return out;
}

/** A unit as the home's structured data describes it. */
export function structuredDataUnit(unit: PublicUnit): StructuredDataUnit {
  return {
    nome: unit.nome,
    endereco: unit.endereco,
    cidade: unit.cidade,
    uf: unit.uf,
    cep: unit.cep,
    telefone: unit.telefone,
    mapsUrl: unit.mapsUrl,
    emBreve: unit.emBreve,
    openingHours: openingHoursSpecification(unit.horarios),
  };
}

export interface StoreHours {
  /** The unit's name when the open units keep different hours; null when they share them. */
  unit: string | null;
  rows: HoursRow[];
  /** The short form ("Seg. a sex. 9h às 20h, sáb. 9h às 18h"). */
  short: string;
}

/**
 * The hours the site shows (footer, contact page): those of the open units ('em breve' ones
 * have none yet). One table when they all keep the same hours, else one per unit, named.
 */
export function storeHours(
  units: readonly Pick<PublicUnit, "nome" | "emBreve" | "horarios">[],
): StoreHours[] {
  const open = units.filter((unit) => !unit.emBreve);
  const [first] = open;
  if (!first) return [];
  const shared = open.every((unit) =>
    WEEKDAYS.every((_, d) => sameHours(dayOf(unit.horarios, d), dayOf(first.horarios, d))),
  );
  const entry = (unit: (typeof open)[number], named: boolean): StoreHours => ({
    unit: named ? unit.nome : null,
    rows: weekdayHours(unit.horarios),
    short: shortHoursText(unit.horarios),
  });
  return shared ? [entry(first, false)] : open.map((unit) => entry(unit, true));
}

/** "A", "A e B", "A, B e C". */
function listText(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

/**
 * The line under the home's "Nossas unidades": where to visit the open units, and the units
 * still to open ("Venha nos visitar em Meia Praia. E fique de olho: a nova unidade, com banho
 * e tosa, está chegando!").
 */
export function unitsIntro(units: readonly Pick<PublicUnit, "bairro" | "emBreve" | "servicos">[]) {
  const open = [...new Set(units.filter((u) => !u.emBreve).map((u) => u.bairro))];
  const soon = units.filter((u) => u.emBreve);
  const grooming = soon.some((u) => u.servicos.some((s) => /banho|tosa/i.test(s)));
  const coming =
    soon.length === 0
      ? null
      : soon.length === 1
        ? `E fique de olho: a nova unidade${grooming ? ", com banho e tosa," : ""} está chegando!`
        : `E fique de olho: ${soon.length} novas unidades estão chegando!`;
  return [open.length > 0 ? `Venha nos visitar em ${listText(open)}.` : null, coming]
    .filter(Boolean)
    .join(" ");
}

// São Paulo has kept UTC−3 all year since 2019 (no daylight saving): the shop's clock is
// the instant minus three hours, whatever the server's zone (decision 0052).
const SHOP_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function shopClock(at: number) {
  const local = new Date(at - SHOP_OFFSET_MS);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const sinceMidnight =
    minutes * 60_000 + local.getUTCSeconds() * 1000 + local.getUTCMilliseconds();
  return { weekday: local.getUTCDay(), minutes, midnight: at - sinceMidnight };
}

const minutesOf = (time: string) => {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
};

export interface OpenState {
  aberta: boolean;
  /** "Aberta agora · fecha às 20h", "Fechada — abre às 9h", "… abre amanhã às 9h", "… abre segunda às 9h". */
  texto: string;
}

/** Whether the unit is open at the instant `at`, by its hours in São Paulo time, said. */
export function openStateAt(horarios: readonly HorarioDia[], at: number): OpenState {
  const { weekday, minutes } = shopClock(at);
  const today = dayOf(horarios, weekday);
  if (today && minutes >= minutesOf(today.abre) && minutes < minutesOf(today.fecha)) {
    return { aberta: true, texto: `Aberta agora · fecha às ${hourText(today.fecha)}` };
  }
  for (let k = 0; k <= 7; k++) {
    const day = dayOf(horarios, (weekday + k) % 7);
    if (!day || (k === 0 && minutes >= minutesOf(day.abre))) continue;
    const when =
      k === 0 ? "" : k === 1 ? "amanhã " : `${WEEKDAYS[(weekday + k) % 7]!.toLowerCase()} `;
    return { aberta: false, texto: `Fechada — abre ${when}às ${hourText(day.abre)}` };
  }
  return { aberta: false, texto: "Fechada" };
}

/**
 * The states from `from` on for `days` days, each from the instant it starts (`desde`, ms):
 * a cached page carries them and a small script shows the one of the visitor's moment.
 */
export function openStates(
  horarios: readonly HorarioDia[],
  from: number,
  days = 8,
): (OpenState & { desde: number })[] {
  const { weekday, midnight } = shopClock(from);
  const changes = [from];
  for (let k = 0; k <= days; k++) {
    const start = midnight + k * DAY_MS;
    changes.push(start);
    const day = dayOf(horarios, (weekday + k) % 7);
    if (day)
      changes.push(start + minutesOf(day.abre) * 60_000, start + minutesOf(day.fecha) * 60_000);
  }
  const states: (OpenState & { desde: number })[] = [];
  for (const at of [...new Set(changes.filter((t) => t >= from))].sort((a, b) => a - b)) {
    const state = openStateAt(horarios, at);
    if (states.at(-1)?.texto !== state.texto) states.push({ desde: at, ...state });
  }
  return states;
}

/** The delivery windows' hours (as JANELA_ENTREGA_LABEL says them) and how a day says them. */
const DELIVERY_WINDOWS: Record<JanelaEntrega, { inicio: string; fim: string; texto: string }> = {
  manha: { inicio: "09:00", fim: "12:00", texto: "de manhã" },
  tarde: { inicio: "13:00", fim: "17:00", texto: "à tarde" },
  noite: { inicio: "18:00", fim: "20:00", texto: "à noite" },
};
/** An order placed up to an hour before a window starts still goes out in it (picking, route). */
const DELIVERY_CUTOFF_MINUTES = 60;

/**
 * The day a delivery in window `janela` arrives for an order placed at `at`, from the
 * delivering unit's hours in São Paulo time (decision 0052): today when the order comes
 * before the window's cut-off (an hour before it starts) and the unit is open in that window;
 * else the next day the unit is open in it. "hoje, à tarde", "amanhã, de manhã",
 * "segunda, de manhã"; null when the unit never opens in that window.
 */
export function deliveryDayAt(
  horarios: readonly HorarioDia[],
  janela: JanelaEntrega,
  at: number,
): { emDias: number; texto: string } | null {
  const { weekday, minutes } = shopClock(at);
  const window = DELIVERY_WINDOWS[janela];
  const start = minutesOf(window.inicio);
  for (let k = 0; k <= 7; k++) {
    const day = dayOf(horarios, (weekday + k) % 7);
    // The unit works during (part of) the window that day.
    if (!day || minutesOf(day.abre) >= minutesOf(window.fim) || minutesOf(day.fecha) <= start)
      continue;
    if (k === 0 && minutes > start - DELIVERY_CUTOFF_MINUTES) continue;
    const dia = k === 0 ? "hoje" : k === 1 ? "amanhã" : WEEKDAYS[(weekday + k) % 7]!.toLowerCase();
    return { emDias: k, texto: `${dia}, ${window.texto}` };
  }
  return null;
}

/**
 * The delivery windows as the checkout offers them to an order placed at `at`, the day said:
 * "Hoje, à tarde (13h às 17h)". Only when every delivering unit gives the same day (the
 * neighbourhood, chosen in the same form, picks the unit); else the window without a day.
 */
export function deliveryWindowChoices(
  units: readonly (readonly HorarioDia[])[],
  at: number,
): Partial<Record<JanelaEntrega, string>> {
  const out: Partial<Record<JanelaEntrega, string>> = {};
  for (const janela of Object.keys(DELIVERY_WINDOWS) as JanelaEntrega[]) {
    const days = units.map((horarios) => deliveryDayAt(horarios, janela, at)?.texto ?? null);
    const [first] = days;
    if (!first || days.some((day) => day !== first)) continue;
    const { inicio, fim } = DELIVERY_WINDOWS[janela];
    out[janela] =
      `${first.charAt(0).toUpperCase()}${first.slice(1)} (${hourText(inicio)} às ${hourText(fim)})`;
  }
  return out;
}
