// The customer's session (issue 42 point 1, decision 0071): its own cookie apart from the
// staff's, idle and absolute limits on the app's clock, "Sair" for one device and "Sair de todos
// os aparelhos", and the one-time code engine shared with the returning tutor's codes.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as customers from "~/modules/customers/index.server";
import { clientes, customerCookie, sessoesClientes } from "~/modules/customers/testing.server";
import { db } from "~/platform/db/client.server";
import { checkCode, issueCode } from "~/platform/one-time-codes.server";
import { loader as accountLoader } from "~/routes/conta/layout";
import { truncateAll, withTestDatabase } from "../setup/db";
import { withTestClock } from "../support/clock";

const ctx = withTestDatabase();
const clock = withTestClock("2026-11-28T15:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => truncateAll(ctx.database));

const page = (cookie: string, path = "/conta") =>
  new Request(`http://localhost${path}`, { headers: { cookie } });

describe("customer sessions", () => {
  it("one account per proved e-mail, whatever its case and spaces", async () => {
    const a = await customerCookie("Ana@Example.com ");
    const b = await customerCookie("ana@example.com");
    expect(a.clienteId).toBe(b.clienteId);
    expect(customers.normalizeCustomerEmail(" Ana@Example.COM")).toBe("ana@example.com");
    expect(await db().select().from(clientes)).toHaveLength(1);
  });

  it("reads the customer from its own cookie, never from the staff's", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    expect(cookie.startsWith("cliente_sessao=")).toBe(true);
    expect((await customers.getCustomer(page(cookie)))?.cliente.email).toBe("ana@example.com");
    const staffNamed = cookie.replace("cliente_sessao=", "agropet_sessao=");
    expect(await customers.getCustomer(page(staffNamed))).toBeNull();
    expect(await customers.getCustomer(page("cliente_sessao=forjado"))).toBeNull();
  });

  it("ends after 30 idle days and after 90 days in any case", async () => {
    const idle = await customerCookie("ana@example.com");
    clock.advance(29 * DAY);
    expect(await customers.getCustomer(page(idle.cookie))).not.toBeNull();
    clock.advance(29 * DAY);
    expect(await customers.getCustomer(page(idle.cookie))).not.toBeNull();
    clock.advance(31 * DAY);
    expect(await customers.getCustomer(page(idle.cookie))).toBeNull();
    const used = await customerCookie("bia@example.com");
    for (let d = 0; d < 4; d++) {
      clock.advance(25 * DAY);
      const alive = await customers.getCustomer(page(used.cookie));
      expect(alive !== null).toBe(d < 3);
    }
  });

  it("sends a guest to Entrar and back to the page asked", async () => {
    const thrown = await customers.requireCustomer(page("", "/conta/pets?x=1")).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe(
      `/conta/entrar?voltar=${encodeURIComponent("/conta/pets?x=1")}`,
    );
  });

  it("Minha conta opens only for a signed-in customer", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    const request = page(cookie);
    const data = await accountLoader({ request, params: {}, context: {} } as never);
    expect(data).toMatchObject({ email: "ana@example.com" });
    const guest = await accountLoader({
      request: page(""),
      params: {},
      context: {},
    } as never).catch((e: unknown) => e);
    expect((guest as Response).headers.get("location")).toBe("/conta/entrar?voltar=%2Fconta");
  });

  it("Sair ends this device; Sair de todos os aparelhos ends the others", async () => {
    const phone = await customerCookie("ana@example.com");
    const laptop = await customerCookie("ana@example.com");
    const tablet = await customerCookie("ana@example.com");
    const cleared = await customers.endCustomerSession(page(phone.cookie));
    expect(cleared).toBe(customers.clearCustomerCookie(page(phone.cookie)));
    expect(cleared).toContain("Max-Age=0");
    expect(await customers.getCustomer(page(phone.cookie))).toBeNull();
    const me = await customers.getCustomer(page(laptop.cookie));
    expect(await customers.endAllCustomerSessions(laptop.clienteId, me!.sessionId)).toBe(1);
    expect(await customers.getCustomer(page(tablet.cookie))).toBeNull();
    expect(await customers.getCustomer(page(laptop.cookie))).not.toBeNull();
    const left = await db()
      .select()
      .from(sessoesClientes)
      .where(eq(sessoesClientes.clienteId, laptop.clienteId));
    expect(left).toHaveLength(1);
  });
});

describe("one-time codes", () => {
  it("one use, 10 minutes, five wrong tries, a new code replaces the old, purposes apart", async () => {
    const first = await db().transaction((tx) => issueCode(tx, "conta", "ana@example.com"));
    const second = await db().transaction((tx) => issueCode(tx, "conta", "ana@example.com"));
    if (first.code !== second.code) {
      expect(await checkCode("conta", "ana@example.com", first.code)).toBe(false);
    }
    expect(await checkCode("tutor", "ana@example.com", second.code)).toBe(false);
    expect(await checkCode("conta", "ana@example.com", second.code)).toBe(true);
    expect(await checkCode("conta", "ana@example.com", second.code)).toBe(false);

    const late = await db().transaction((tx) => issueCode(tx, "conta", "bia@example.com"));
    clock.advance(10 * 60_000 + 1);
    expect(await checkCode("conta", "bia@example.com", late.code)).toBe(false);

    const guessed = await db().transaction((tx) => issueCode(tx, "conta", "caio@example.com"));
    const wrong = guessed.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await checkCode("conta", "caio@example.com", wrong);
    expect(await checkCode("conta", "caio@example.com", guessed.code)).toBe(false);
  });

  it("counts wrong tries made at once, each one", async () => {
    const issued = await db().transaction((tx) => issueCode(tx, "conta", "ana@example.com"));
    const wrong = issued.code === "000000" ? "111111" : "000000";
    await Promise.all(
      Array.from({ length: 8 }, () => checkCode("conta", "ana@example.com", wrong)),
    );
    expect(await checkCode("conta", "ana@example.com", issued.code)).toBe(false);
  });
});
