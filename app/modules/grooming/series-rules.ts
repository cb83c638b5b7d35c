// Repeat series (issue 45 point 5, decision 0087), with no I/O: the days of a series and the
// nearest drop-offs that still fit around an occurrence that does not.
import { type AgendaRules, type DayUsage, EMPTY_USAGE, isDay, slotsOfDay } from "./booking-rules";
import type { Porte } from "./booking-vocabulary";

/** "A cada 7/14/21/28 dias". */
export const INTERVALOS_SERIE = [7, 14, 21, 28] as const;
/** At most this many occurrences in one series (half a year of weekly baths). */
export const MAX_OCORRENCIAS = 26;
/** No occurrence further than this from today: a series plans, it does not hoard the agenda. */
export const SERIES_HORIZON_DAYS = 366;
/** How far either side of a refused day the nearest free drop-offs are looked for. */
const NEAREST_SPAN_DAYS = 3;
const NEAREST_COUNT = 4;

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The days of a series from `primeira`, every `intervalo` days: `ocorrencias` of them, or
 * until `ate` (inclusive) when given, never more than MAX_OCORRENCIAS nor past `horizonte`.
 */
export function seriesDays(
  primeira: string,
  intervalo: number,
  ocorrencias: number,
  ate: string | null,
  horizonte: string,
): string[] {
  if (!isDay(primeira)) return [];
  const days: string[] = [];
  const max = Math.min(Math.max(1, ocorrencias), MAX_OCORRENCIAS);
  for (let d = primeira; days.length < max; d = addDays(d, intervalo)) {
    if ((ate && d > ate) || d > horizonte) break;
    days.push(d);
  }
  return days;
}

/** The series' rules of an agenda: its window stretched to the series' horizon. */
export function seriesRules<T extends AgendaRules>(agenda: T): T {
  return { ...agenda, diasAFrente: SERIES_HORIZON_DAYS };
}

/** A usage with these pets added at `horario` (what an accepted occurrence now holds). */
export function withBooked(
  usage: DayUsage,
  horario: string,
  portes: readonly Porte[],
  pontos: number,
  unconfirmed: boolean,
): DayUsage {
  const porPorte = { ...usage.porPorte };
  for (const p of portes) porPorte[p] = (porPorte[p] ?? 0) + 1;
  return {
    porHorario: { ...usage.porHorario, [horario]: (usage.porHorario[horario] ?? 0) + pontos },
    dia: usage.dia + pontos,
    porPorte,
    solicitados: (usage.solicitados ?? 0) + (unconfirmed ? pontos : 0),
  };
}

/**
 * The drop-offs nearest to `day` (its other times first, then a day either side, two…) where
 * these pets fit, at most a few: what the screen offers for an occurrence that does not fit.
 */
export function nearestFreeTimes(
  agenda: AgendaRules,
  day: string,
  usage: ReadonlyMap<string, DayUsage>,
  portes: readonly Porte[],
  now: Date,
  closed: ReadonlySet<string>,
  options: { unconfirmed?: boolean; taken?: ReadonlySet<string> } = {},
): { data: string; horario: string }[] {
  const found: { data: string; horario: string; dist: number }[] = [];
  for (let off = -NEAREST_SPAN_DAYS; off <= NEAREST_SPAN_DAYS; off++) {
    const d = addDays(day, off);
    for (const slot of slotsOfDay(agenda, d, usage.get(d) ?? EMPTY_USAGE, portes, now, closed, {
      unconfirmed: options.unconfirmed,
    })) {
      if (slot.cabe && !options.taken?.has(d)) {
        found.push({ data: d, horario: slot.horario, dist: Math.abs(daysBetween(day, d)) });
      }
    }
  }
  return found
    .sort(
      (a, b) =>
        a.dist - b.dist || a.data.localeCompare(b.data) || a.horario.localeCompare(b.horario),
    )
    .slice(0, NEAREST_COUNT)
    .map(({ data, horario }) => ({ data, horario }));
}
