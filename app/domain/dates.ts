// Dates as the shop reads them: dd/MM/yyyy HH:mm in the shop's time zone.
export const SHOP_TIME_ZONE = "America/Sao_Paulo";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const dateOnly = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** 'dd/MM/yyyy HH:mm' in America/Sao_Paulo. */
export function formatDateTime(value: Date | string | number): string {
  return dateTime.format(new Date(value)).replace(",", "");
}

/** 'dd/MM/yyyy' in America/Sao_Paulo. */
export function formatDate(value: Date | string | number): string {
  return dateOnly.format(new Date(value));
}

/** A 'yyyy-MM-dd' calendar date (no time zone) as 'dd/MM/yyyy'. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/** The shop's local calendar day of an instant, as 'yyyy-MM-dd'. */
export function shopDay(value: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(value);
  return parts;
}

/**
 * A wished date and the tutor's free-text time as one phrase: "05/12/2026 às 14:00" for a
 * clock time, "05/12/2026 (manhã)" for a period word (never "às manhã"); "A combinar".
 */
export function preferredTimeText(date: string | null, horario: string | null | undefined) {
  const time = (horario ?? "").trim();
  if (!date) return time || "A combinar";
  if (!time) return date;
  return /^\d{1,2}\s*(h|:\d{2})/i.test(time) ? `${date} às ${time}` : `${date} (${time})`;
}
