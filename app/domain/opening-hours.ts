// Opening hours as the shop writes them: "Seg a Sex 9h às 20h; Sáb 9h às 18h; Dom fechado".
// Pure: the order page and the units' pages read the same text.

/** One weekday's hours ("09:00"–"20:00"), or closed (null). Sunday first. */
export type DayHours = { abre: string; fecha: string } | null;

const DAYS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];

/** "09:00" → "9h", "13:30" → "13h30". */
function hour(text: string): string {
  const [h, m] = text.split(":");
  return `${Number(h)}h${m && m !== "00" ? m : ""}`;
}

/** Consecutive days with the same hours read as one range, Monday first. */
export function openingHoursText(week: DayHours[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { from: number; to: number; text: string }[] = [];
  for (const day of order) {
    const h = week[day] ?? null;
    const text = h ? `${hour(h.abre)} às ${hour(h.fecha)}` : "fechado";
    const last = groups.at(-1);
    if (last && last.text === text) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups
    .map((g) =>
      g.from === g.to ? `${DAYS[g.from]} ${g.text}` : `${DAYS[g.from]} a ${DAYS[g.to]} ${g.text}`,
    )
    .join("; ");
}
