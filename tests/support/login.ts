// The admin login form as the integration tests post it, and the cookie it leaves behind.
import { afterEach, beforeEach, expect } from "vitest";
import { createUser, setHashingLimits } from "~/modules/accounts/index.server";
import * as loginRoute from "~/routes/admin/login";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { call, expectRedirect } from "./routes";

/** The owner of the login tests, with a password the policy accepts. */
export const OWNER = "dona@loja.com";
export const OWNER_PASSWORD = "Capivara-Ração-Litoral-47";

/** Posts the login form from `ip`, with the browser's cookie and the page to go back to. */
export function login(
  email: string,
  password: string,
  ip = "10.0.0.1",
  { cookie, redirectTo = "" }: { cookie?: string; redirectTo?: string } = {},
) {
  const body = new URLSearchParams({ email, password, redirectTo });
  const headers = cookie ? { cookie } : undefined;
  return call(
    loginRoute.action,
    makeRequest("/admin/login", { method: "POST", body, ip, headers }),
  );
}

/** The owner's account, with the password that signs in. */
export function createOwner() {
  return createUser({ email: OWNER, password: OWNER_PASSWORD, papel: "dono" });
}

/** Posts the login form as the owner with the right password (see `login`). */
export function loginAsOwner(ip?: string, browser?: { cookie?: string; redirectTo?: string }) {
  return login(OWNER, OWNER_PASSWORD, ip, browser);
}

/** The device cookie a sign-in set, as a Cookie header. */
export function deviceFrom(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith("agropet_dispositivo="));
  expect(set).toBeTruthy();
  return set!.split(";")[0]!;
}

/**
 * The file's database, emptied before each test, with argon2's places (`running` at once,
 * `waiting` in line) set for each test and put back after it.
 */
export function withLoginDatabase(hashing: Parameters<typeof setHashingLimits>[0]) {
  const ctx = withTestDatabase();
  beforeEach(async () => {
    await truncateAll(ctx.database);
    setHashingLimits(hashing);
  });
  afterEach(() => setHashingLimits(undefined));
  return ctx;
}

/** The owner signs in from `ip` and lands on the dashboard: the device cookie it left. */
export async function ownerDevice(ip: string) {
  return deviceFrom(expectRedirect(await loginAsOwner(ip), "/admin/dashboard"));
}
