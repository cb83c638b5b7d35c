// The admin login form as the integration tests post it, and the cookie it leaves behind.
import { afterEach, beforeEach, expect } from "vitest";
import { setHashingLimits } from "~/modules/accounts/index.server";
import * as loginRoute from "~/routes/admin/login";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { call } from "./routes";

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
