// Issue 39, point 7: the SMTP password saved in the admin could be sent to another host
// (change only the host, leave the password blank), in clear text when that host offers
// no STARTTLS, and the host field could reach internal addresses and ports. Each rule,
// through the /admin/emails route and real SMTP servers in this process:
// - the password must be typed again when the server, port or user change;
// - a password goes only over TLS, except to loopback;
// - a public server only on a mail port (25, 465, 587, 2525);
// - private, link-local and loopback addresses only with SMTP_ALLOW_PRIVATE_HOSTS, checked
//   again at every send.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliverEmailsDue } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { composeOrderEmail, placeOrder } from "~/modules/orders/index.server";
import { configuracoes } from "~/modules/shop/testing.server";
import { resetEnvCache } from "~/platform/env.server";
import { action } from "~/routes/admin/emails";
import { withTestDatabase } from "../setup/db";
import { formRequest } from "../setup/requests";
import { orderInput, productsIn } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
const product = productsIn(ctx);
let token: string;

/** A mail server that offers AUTH without STARTTLS, noting every login it is given. */
async function plainAuthServer(host: string) {
  const logins: { user: string; pass: string }[] = [];
  const received: string[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? "", pass: auth.password ?? "" });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    logins,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function allowPrivate(on: boolean) {
  if (on) process.env.SMTP_ALLOW_PRIVATE_HOSTS = "1";
  else delete process.env.SMTP_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
}

beforeEach(async () => {
  token = (await seededShopWithAdmin(ctx.database)).token;
  delete process.env.SMTP_URL;
  allowPrivate(false);
});
afterAll(() => allowPrivate(false));

const save = (fields: Record<string, string>) =>
  call(action, formRequest("/admin/emails", { intent: "smtp", ...fields }, { token }));
const saved = async () =>
  (await ctx.database.db.select().from(configuracoes).where(eq(configuracoes.id, 1)))[0]!;

/** One order, its confirmation e-mail through the outbox once; the outbox row after. */
async function orderAndDeliver() {
  const item = await product({ nome: `Ração ${Math.random()}`, preco: 2990, estoque: 5 });
  const result = await placeOrder(
    orderInput([{ varianteId: item.id, quantidade: 1 }], { email: "ana@example.com" }),
  );
  if (!result.ok) throw new Error(result.message);
  await deliverEmailsDue({ compose: composeOrderEmail });
  const [row] = await ctx.database.db.select().from(emails);
  return row!;
}

/** The servers a test of the describe block starts: each is closed after the test. */
function closedAfterEach() {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  return servers;
}

describe("the saved password and a changed server", () => {
  const servers = closedAfterEach();

  it("asks for the password again when the server, port or user change, and sends it nowhere else", async () => {
    allowPrivate(true);
    const first = await plainAuthServer("127.0.0.1");
    const other = await plainAuthServer("127.0.0.1");
    servers.push(first, other);
    const base = {
      smtpHost: "127.0.0.1",
      smtpPorta: String(first.port),
      smtpUsuario: "loja@agropet.test",
    };
    expect((await save({ ...base, smtpSenha: "s3nha-do-provedor" })).data).toMatchObject({
      ok: true,
    });
    // Saving the same server with a blank password keeps it.
    expect((await save(base)).data).toMatchObject({ ok: true });
    expect((await saved()).smtpSenha).toBe("s3nha-do-provedor");

    for (const change of [
      { smtpHost: "localhost" },
      { smtpPorta: String(other.port) },
      { smtpUsuario: "outro@agropet.test" },
    ]) {
      const refused = await save({ ...base, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.data.errors).toEqual({
        smtpSenha:
          "Digite a senha de novo: o servidor, a porta ou o usuário mudou, e a senha guardada só vai para o servidor em que foi digitada",
      });
      expect(await saved()).toMatchObject({ ...base, smtpPorta: first.port });
    }
    // The other server never got the saved password.
    await orderAndDeliver();
    expect(other.logins).toEqual([]);
    expect(first.logins).toEqual([{ user: "loja@agropet.test", pass: "s3nha-do-provedor" }]);

    // Typed again, the change is saved; without a user, no password is kept.
    const moved = { ...base, smtpPorta: String(other.port), smtpSenha: "nova-senha" };
    expect((await save(moved)).data).toMatchObject({ ok: true });
    expect((await saved()).smtpSenha).toBe("nova-senha");
    expect(
      (await save({ smtpHost: "localhost", smtpPorta: String(other.port) })).data,
    ).toMatchObject({ ok: true });
    expect((await saved()).smtpSenha).toBeNull();
  });
});

describe("TLS for the password", () => {
  // Only loopback servers are reached from these tests: the refusal to log in without TLS
  // anywhere else is in tests/unit/smtp-pinned-tls.test.ts.
  const servers = closedAfterEach();

  it("logs in without TLS to loopback, the one exception", async () => {
    allowPrivate(true);
    const server = await plainAuthServer("127.0.0.1");
    servers.push(server);
    await save({
      smtpHost: "127.0.0.1",
      smtpPorta: String(server.port),
      smtpUsuario: "loja@agropet.test",
      smtpSenha: "s3nha-do-provedor",
    });
    expect((await orderAndDeliver()).status).toBe("enviado");
    expect(server.logins).toHaveLength(1);
  });
});

describe("where the admin's server may be", () => {
  it("accepts a public server only on a mail port", async () => {
    for (const port of ["22", "80", "5432", "6379", "8080"]) {
      const refused = await save({ smtpHost: "8.8.8.8", smtpPorta: port });
      expect(refused.status, port).toBe(400);
      expect(refused.data.errors).toEqual({
        smtpPorta: "Porta não permitida. Use uma porta de e-mail: 587, 465, 25, 2525",
      });
    }
    for (const port of ["25", "465", "587", "2525"]) {
      expect((await save({ smtpHost: "8.8.8.8", smtpPorta: port })).data, port).toMatchObject({
        ok: true,
      });
    }
    expect((await saved()).smtpPorta).toBe(2525);
  });

  it("refuses private, link-local and loopback addresses unless the environment allows them", async () => {
    const internal = [
      "127.0.0.1",
      "localhost", // a name that resolves to loopback
      "10.0.0.5",
      "172.16.3.4",
      "192.168.0.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
    ];
    for (const host of internal) {
      const refused = await save({ smtpHost: host, smtpPorta: "587" });
      expect(refused.status, host).toBe(400);
      expect(refused.data.errors, host).toEqual({
        smtpHost:
          "Este servidor aponta para um endereço interno (rede local ou a própria máquina). Use o servidor SMTP do seu provedor de e-mail",
      });
    }
    expect((await saved()).smtpHost).toBeNull();
    allowPrivate(true);
    for (const host of ["192.168.0.10", "localhost"]) {
      expect((await save({ smtpHost: host, smtpPorta: "1025" })).data, host).toMatchObject({
        ok: true,
      });
    }
  });

  it("checks the address again at each send: an internal one gets no connection", async () => {
    allowPrivate(true);
    const server = await plainAuthServer("127.0.0.1");
    try {
      await save({ smtpHost: "127.0.0.1", smtpPorta: String(server.port) });
      // The allowance is gone (or the name now resolves inside): nothing is sent there.
      allowPrivate(false);
      const row = await orderAndDeliver();
      expect(row.status).not.toBe("enviado");
      expect(row.erro).toContain("Servidor SMTP recusado (127.0.0.1:");
      expect(server.received).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
