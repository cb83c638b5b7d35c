// The sidebar's open/collapsed state lives in a cookie for 7 days (SPEC §9), read by the
// admin layout loader so the server renders the right width (no flash).
import { readCookie } from "~/lib/cookies";

const SIDEBAR_COOKIE = "admin_sidebar";
const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

/** Open only when the cookie says so: the sidebar starts collapsed. */
export function readSidebarOpen(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, SIDEBAR_COOKIE) === "aberto";
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? "aberto" : "fechado"}; Path=/admin; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
