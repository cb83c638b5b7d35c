// Calendar arithmetic in the shop's time zone (America/Sao_Paulo), for "today" and
// "this month" on the dashboard, a coupon's last day and the provider's dates: a day
// starts at the shop's local midnight, not UTC's. The zone's offset is computed here only.
import { SHOP_TIME_ZONE, shopDay } from "~/domain/dates";

/** Minutes to add to UTC to get the shop's wall clock at `instant` (e.g. -180). */
export function shopOffsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the shop's calendar day 'yyyy-MM-dd' begins. */
export function shopDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  // Two candidates (the offset before and after a possible clock change); the earliest
  // one that really falls on `day` is the start (a skipped midnight starts at 01:00).
  const first = wallMidnight - shopOffsetMinutes(new Date(wallMidnight)) * 60_000;
  const second = wallMidnight - shopOffsetMinutes(new Date(first)) * 60_000;
  const valid = [first, second].filter((c) => shopDay(new Date(c)) === day);
  return new Date(valid.length > 0 ? Math.min(...valid) : second);
}

/** The last instant of the shop's calendar day 'yyyy-MM-dd' (23:59:59.999 there). */
export function endOfShopDay(day: string): Date {
  return new Date(shopDayStart(addDays(day, 1)).getTime() - 1);
}

/** An instant as ISO 8601 on the shop's wall clock, with its offset ('…T12:00:00.000-03:00'). */
export function shopIsoString(instant: Date): string {
  const offset = shopOffsetMinutes(instant);
  const wall = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, -1);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${wall}${offset < 0 ? "-" : "+"}${hh}:${mm}`;
}

/** 'yyyy-MM-dd' plus n calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first calendar day of the month of 'yyyy-MM-dd'. */
function monthStartDay(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** [start, end) of the shop's day containing `at`. */
export function shopDayRange(at: Date): { day: string; start: Date; end: Date } {
  const day = shopDay(at);
  return { day, start: shopDayStart(day), end: shopDayStart(addDays(day, 1)) };
}

/** [start, end) of the shop's month containing `at`. */
export function shopMonthRange(at: Date): { start: Date; end: Date } {
  const first = monthStartDay(shopDay(at));
  const [y, m] = first.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: shopDayStart(first), end: shopDayStart(next) };
}

/** The last n shop days ending with the day of `at`, oldest first. */
export function lastShopDays(at: Date, n: number): string[] {
  const today = shopDay(at);
  return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)));
}
