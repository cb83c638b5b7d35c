// A login flood (issue 39, point 9; decision 0055): the logins beyond the door's few places
// are refused before the account is looked up (counted by a spy on the database's select),
// the HTTP door refuses them too (before React Router), and the owner's known browser signs
// in during the flood. Argon2's only turn is held by the test, so the flood is still in
// progress, whatever the machine's speed, when the owner arrives.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  loginRefusedEarly,
  setLoginAdmissionLimit,
  withPasswordHashing,
} from "~/modules/accounts/index.server";
import { gate } from "../support/gate";
import { createOwner, login, loginAsOwner, ownerDevice, withLoginDatabase } from "../support/login";
import { type CallResult, expectRedirect } from "../support/routes";

const FLOOD = 60;
const PLACES = 2;

const ctx = withLoginDatabase({ running: 1, waiting: PLACES });

beforeEach(() => {
  setLoginAdmissionLimit(PLACES);
});
afterEach(() => {
  vi.restoreAllMocks();
  setLoginAdmissionLimit();
});

/** Holds argon2's only turn until the returned function is called. */
async function holdHashing(): Promise<() => void> {
  const held = gate();
  const running = gate();
  void withPasswordHashing(() => {
    running.open();
    return held.promise;
  });
  await running.promise;
  return held.open;
}

describe("a login flood", { timeout: 180_000 }, () => {
  it(`${FLOOD} wrong logins at once: all but ${PLACES} refused without a lookup, and the owner's known browser signs in meanwhile`, async () => {
    await createOwner();
    const device = await ownerDevice("10.90.0.1");
    // What one login costs in lookups, alone: a wrong one and the owner's.
    const select = vi.spyOn(ctx.database.db, "select");
    expect((await login("alguem@loja.com", "errada-123-xyz", "10.90.0.2")).status).toBe(401);
    const perWrong = select.mock.calls.length;
    select.mockClear();
    expectRedirect(await loginAsOwner("10.90.0.3", { cookie: device }), "/admin/dashboard");
    const perOwner = select.mock.calls.length;
    expect(perWrong).toBeGreaterThan(0);
    select.mockClear();

    const release = await holdHashing();
    let settled = 0;
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      login(`invasor${i}@exemplo.com`, `tentativa-${i}-senha`, `10.91.${i >> 8}.${i & 255}`).then(
        (r) => {
          settled += 1;
          return r;
        },
      ),
    );
    // Every login beyond the places is answered while argon2 is still held.
    await vi.waitFor(() => expect(settled).toBe(FLOOD - PLACES), { timeout: 30_000 });

    // The HTTP door (http/app.ts) refuses a stranger now, and lets the owner's browser in.
    expect(loginRefusedEarly({ ip: "10.92.0.1", cookie: null, secure: false })).toEqual({
      status: 503,
      message: "Muitos acessos ao painel neste momento. Tente novamente em alguns segundos.",
    });
    expect(loginRefusedEarly({ ip: "10.92.0.1", cookie: device, secure: false })).toBeNull();

    const owner = loginAsOwner("10.93.0.1", { cookie: device });
    release();
    const results: CallResult[] = await Promise.all(flood);
    expectRedirect(await owner, "/admin/dashboard");

    const refused = results.filter((r) => r.status === 503);
    expect(refused).toHaveLength(FLOOD - PLACES);
    expect(refused[0]!.data.errors.form).toBe(
      "Muitos acessos ao painel neste momento. Tente novamente em alguns segundos.",
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(PLACES);
    // Only the admitted ones and the owner read anything: the refused ones never asked.
    expect(select.mock.calls.length).toBeLessThanOrEqual(PLACES * perWrong + perOwner);
  });

  it("one address takes at most two places: its third login at once is refused (429) without a lookup", async () => {
    setLoginAdmissionLimit(10);
    const release = await holdHashing();
    const select = vi.spyOn(ctx.database.db, "select");
    const tries = Array.from({ length: 5 }, (_, i) =>
      login(`alvo${i}@loja.com`, "errada-123-xyz", "10.94.0.1"),
    );
    let early: CallResult[] = [];
    await vi.waitFor(async () => {
      early = (await Promise.all(tries.map((t) => Promise.race([t, null])))).filter(
        (r): r is CallResult => r !== null,
      );
      expect(early).toHaveLength(3);
    });
    for (const r of early) {
      expect(r.status).toBe(429);
      expect(r.data.errors.form).toBe(
        "Muitas tentativas de login deste endereço. Aguarde alguns segundos e tente novamente.",
      );
    }
    expect(select.mock.calls.length).toBeLessThanOrEqual(2);
    release();
    await Promise.all(tries);
  });
});
