// The customer's sign-in by e-mail code and the account's history (issue 42 points 1, 2 and 8,
// decision 0072), through the routes' loaders and actions, a real database and the SMTP server
// in this process: the same answer for every e-mail, 10 minutes, one use, 5 wrong tries, the
// limits per IP and per e-mail under a race, a safe way back, "Sair" and "Sair de todos os
// aparelhos", and a history that holds only what the proved e-mail placed.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getCustomer } from "~/modules/customers/index.server";
import { clientes, customerCookie } from "~/modules/customers/testing.server";
import { listGroomingServices } from "~/modules/grooming/index.server";
import { composeEmail, deliverEmailsDue } from "~/modules/mail/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { signedCookie } from "~/platform/signed-cookie.server";
import { codigosAcesso } from "~/platform/tables.server";
import { action as signInAction, loader as signInLoader } from "~/routes/conta/entrar";
import { loader as meLoader } from "~/routes/conta/eu";
import { loader as accountLoader } from "~/routes/conta/index";
import { action as signOutAction } from "~/routes/conta/sair";
import { loader as storeLoader } from "~/routes/loja/index";
import { loader as storeLayoutLoader } from "~/routes/loja/layout";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { loader as publicLayoutLoader } from "~/routes/public/layout";
import { action as bookAction } from "~/routes/public/servicos-agendar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { call, expectRedirect } from "../support/routes";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo.
const clock = withTestClock("2026-12-01T12:00:00Z");
const smtp = withSmtpServer();
withDemoShop();

// The rate-limit counters outlive a test (the clock starts again at the same instant), so each
// test uses addresses and IPs of its own.
let seq = 0;
const fresh = (name: string) => {
  seq += 1;
  return { email: `${name}.${seq}@example.com`, ip: `10.42.${seq}.1` };
};

const post = (fields: Record<string, string>, ip: string, cookie?: string) =>
  call(
    signInAction,
    makeRequest("/conta/entrar", {
      method: "POST",
      ip,
      body: new URLSearchParams(fields),
      headers: cookie ? { cookie } : undefined,
    }),
  );
const askCode = (email: string, ip: string, extra: Record<string, string> = {}) =>
  post({ intent: "codigo", email, ...extra }, ip);
const tryCode = (email: string, codigo: string, ip: string, extra: Record<string, string> = {}) =>
  post({ intent: "verificar", email, codigo, ...extra }, ip);

async function codeFor(email: string): Promise<string> {
  while ((await deliverEmailsDue({ compose: composeEmail })) > 0) {}
  // The newest sign-in code sent to the address: other e-mails to it (a booking's) may be
  // delivered in the same pass, in either order.
  const last = smtp.messages
    .filter((m) => m.envelopeTo.includes(email) && /Seu código para entrar/.test(m.subject ?? ""))
    .at(-1);
  expect(last?.subject).toMatch(/Seu código para entrar/);
  return /Seu código: (\d{6})/.exec(last!.text ?? "")![1]!;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("cliente_sessao="))!
    .split(";")[0]!;

const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");

describe("Entrar by e-mail code", () => {
  it("sends a code to any e-mail with the same answer; the right code signs in once and creates the account", async () => {
    const known = fresh("conhecida");
    const unknown = fresh("nova");
    await customerCookie(known.email);
    const a = await askCode(known.email, known.ip);
    const b = await askCode(unknown.email, unknown.ip);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.data).toMatchObject({ etapa: "codigo", error: false });
    expect(b.data.message).toBe(a.data.message);

    // The e-mail carries the code and a link that only opens "Entrar" with the address filled.
    const code = await codeFor(unknown.email);
    const mail = smtp.messages.filter((m) => m.envelopeTo.includes(unknown.email)).at(-1)!;
    const link = /href="([^"]+)"/.exec(String(mail.html))![1]!.replace(/&amp;/g, "&");
    const opened = await call(
      signInLoader,
      makeRequest(new URL(link).pathname + new URL(link).search),
    );
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ etapa: "email", email: unknown.email });
    expect(opened.response?.headers.get("set-cookie") ?? null).toBeNull();
    // Nothing is stored but the code's HMAC.
    const [row] = await ctx.database.db
      .select()
      .from(codigosAcesso)
      .where(and(eq(codigosAcesso.finalidade, "conta"), eq(codigosAcesso.chave, unknown.email)));
    expect(row!.codigoHash).not.toContain(code);

    const signedIn = await tryCode(unknown.email, code, unknown.ip, { voltar: "/conta?x=1" });
    const response = expectRedirect(signedIn, "/conta?x=1");
    const cookie = cookieOf(response);
    const session = await getCustomer(makeRequest("/conta", { headers: { cookie } }));
    expect(session?.cliente.email).toBe(unknown.email);
    // One use.
    expect((await tryCode(unknown.email, code, unknown.ip)).status).toBe(422);
    // Signed in, "Entrar" sends to the account.
    expectRedirect(
      await call(signInLoader, makeRequest("/conta/entrar", { headers: { cookie } })),
      "/conta",
    );
  });

  it("a code lasts 10 minutes, and 5 wrong tries kill it", async () => {
    const late = fresh("atrasada");
    await askCode(late.email, late.ip);
    const old = await codeFor(late.email);
    clock.advance(10 * 60_000 + 1000);
    const expired = await tryCode(late.email, old, late.ip);
    expect(expired.status).toBe(422);
    expect(expired.data).toMatchObject({ etapa: "codigo", error: true, email: late.email });

    const guess = fresh("chute");
    await askCode(guess.email, guess.ip);
    const code = await codeFor(guess.email);
    for (let i = 0; i < 5; i++) {
      expect((await tryCode(guess.email, wrongOf(code), guess.ip)).status).toBe(422);
    }
    expect((await tryCode(guess.email, code, guess.ip)).status).toBe(422);
    // A new code replaces it and works.
    await askCode(guess.email, guess.ip);
    const next = await codeFor(guess.email);
    expectRedirect(await tryCode(guess.email, next, guess.ip), "/conta");
  });

  it("limits codes per e-mail and per IP, exactly, when the requests race", async () => {
    const target = fresh("alvo");
    smtp.messages.length = 0;
    // 12 requests at once for one address, each from its own IP: 5 codes go out.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => askCode(target.email, `10.77.${seq}.${i + 1}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    while ((await deliverEmailsDue({ compose: composeEmail })) > 0) {}
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(target.email))).toHaveLength(5);

    // One IP, many addresses: 10 codes an hour.
    const office = fresh("escritorio");
    const fromOneIp = await Promise.all(
      Array.from({ length: 13 }, (_, i) => askCode(`pessoa${i}.${seq}@example.com`, office.ip)),
    );
    expect(fromOneIp.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = fromOneIp.find((a) => a.status === 429)!;
    expect(refused.data).toMatchObject({ etapa: "email", error: true });
    // An hour later the IP may ask again.
    clock.advance(60 * 60_000 + 1000);
    expect((await askCode(`depois.${seq}@example.com`, office.ip)).status).toBe(200);
  });

  it("counts typed codes per e-mail before checking them: 20 guesses at once, 10 checked", async () => {
    const target = fresh("rajada");
    await askCode(target.email, target.ip);
    const code = await codeFor(target.email);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        tryCode(target.email, wrongOf(code), `10.88.${seq}.${i + 1}`),
      ),
    );
    expect(guesses.filter((g) => g.status === 422)).toHaveLength(10);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(10);
    // The code died at its fifth wrong try; the e-mail is blocked for the hour even for the
    // right code, from a fresh IP.
    const [row] = await ctx.database.db
      .select()
      .from(codigosAcesso)
      .where(and(eq(codigosAcesso.finalidade, "conta"), eq(codigosAcesso.chave, target.email)));
    expect(row!.tentativas).toBe(5);
    expect((await tryCode(target.email, code, "10.99.0.1")).status).toBe(429);
  });

  it("goes back only to a path of this site; refuses a bad e-mail with a clear message", async () => {
    const user = fresh("volta");
    for (const voltar of ["//evil.example/x", "https://evil.example", "/\\evil.example", "/a b"]) {
      await askCode(user.email, user.ip);
      const code = await codeFor(user.email);
      expectRedirect(await tryCode(user.email, code, user.ip, { voltar }), "/conta");
    }
    const bad = await askCode("não é e-mail", user.ip);
    expect(bad.status).toBe(422);
    expect(bad.data).toMatchObject({
      etapa: "email",
      error: true,
      message: "Informe um e-mail válido.",
    });
  });

  it("Sair ends this device's session; Sair de todos os aparelhos ends every one", async () => {
    const user = fresh("sair");
    const phone = (await customerCookie(user.email)).cookie;
    const laptop = (await customerCookie(user.email)).cookie;
    const tablet = (await customerCookie(user.email)).cookie;
    const out = (cookie: string, intent: string) =>
      call(
        signOutAction,
        makeRequest("/conta/sair", {
          method: "POST",
          body: new URLSearchParams({ intent }),
          headers: { cookie },
        }),
      );
    const signedIn = (cookie: string) =>
      getCustomer(makeRequest("/conta", { headers: { cookie } })).then(Boolean);

    const one = expectRedirect(await out(phone, "este"), "/loja");
    expect(one.headers.getSetCookie().some((c) => /^cliente_sessao=;.*Max-Age=0/.test(c))).toBe(
      true,
    );
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);

    expectRedirect(await out(laptop, "todos"), "/loja");
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    // Signed out, the account asks to sign in again, coming back to it.
    expectRedirect(
      await call(accountLoader, makeRequest("/conta", { headers: { cookie: tablet } })),
      "/conta/entrar?voltar=%2Fconta",
    );
  });
});

describe("the account's history and the personal endpoint", () => {
  let produto: { id: string; nome: string };

  beforeAll(async () => {
    const created = await factories.createProduct(ctx.database, {
      nome: "Ração Conta",
      preco: 1000,
      estoque: 100,
    });
    produto = { id: created.id, nome: "Ração Conta" };
  });

  const order = (email: string | null) =>
    factories.insertOrder(
      [{ produtoId: produto.id, nome: produto.nome, preco: 1000, quantidade: 1 }],
      {
        clienteEmail: email,
        idempotencyKey: crypto.randomUUID(),
        estoqueSituacao: "liberado",
      },
    );

  async function book(email: string, pet: string, horario: string) {
    const unidadeId = await factories.defaultUnitId();
    const banho = (await listGroomingServices({ online: true })).find((s) => s.slug === "banho")!;
    seq += 1;
    const form = new URLSearchParams({
      pets: "1",
      unidade: unidadeId,
      pet0_nome: pet,
      pet0_especie: "cao",
      pet0_raca: "SRD",
      pet0_porte: "P",
      pet0_pelagem: "curta",
      pet0_alertas: "",
      data: "2026-12-03",
      horario,
      nomeTutor: "Tutora",
      whatsapp: `(47) 9912${String(seq).padStart(2, "0")}-00${String(seq).padStart(2, "0")}`,
      email,
      endereco: "",
      bairro: "",
      observacoes: "",
    });
    form.append("pet0_servico", banho.id);
    expectRedirect(
      await call(
        bookAction,
        makeRequest("/servicos/agendar", { method: "POST", body: form, ip: `10.55.${seq}.1` }),
      ),
      /^\/servicos\/agendamento\//,
    );
  }

  it("lists only the orders and bookings of the proved e-mail, newest first, with their links", async () => {
    const ana = fresh("ana");
    const bia = fresh("bia");
    // Ana's guest orders, one typed in capitals, and a booking; Bia's order and booking; one
    // order without e-mail.
    const first = await order(ana.email.toUpperCase());
    const second = await order(`  ${ana.email}`.trim());
    const biaOrder = await order(bia.email);
    const noEmail = await order(null);
    await book(ana.email, "Thor", "09:00");
    await book(bia.email, "Mel", "08:00");

    // Ana signs in by code; her device remembers Bia's order and the order without e-mail
    // (a shared phone): neither ever shows in her account.
    await askCode(ana.email, ana.ip);
    const code = await codeFor(ana.email);
    const cookie = cookieOf(expectRedirect(await tryCode(ana.email, code, ana.ip), "/conta"));
    const device = signedCookie("agropet_pedidos", { maxAge: 60 })
      .serialize([
        { n: biaOrder.numeroPedido, t: "x" },
        { n: noEmail.numeroPedido, t: "y" },
        { n: second.numeroPedido, t: "z" },
      ])
      .split(";")[0]!;
    const page = await call(
      accountLoader,
      makeRequest("/conta", { headers: { cookie: `${cookie}; ${device}` } }),
    );
    expect(page.status).toBe(200);
    const numeros = page.data.pedidos.map((p: { numero: string }) => p.numero);
    expect(numeros).toEqual([second.numeroPedido, first.numeroPedido]);
    expect(
      page.data.pedidos.find((p: { numero: string }) => p.numero === second.numeroPedido)
        .nesteAparelho,
    ).toBe(true);
    expect(page.data.agendamentos.map((a: { pets: string }) => a.pets)).toEqual(["Thor"]);
    const everything = JSON.stringify(page.data);
    expect(everything).not.toContain(biaOrder.numeroPedido);
    expect(everything).not.toContain(noEmail.numeroPedido);
    expect(everything).not.toContain("Mel");

    // Each link opens its page.
    const orderHref = page.data.pedidos.find(
      (p: { numero: string }) => p.numero === first.numeroPedido,
    ).href;
    // The factory's order has a random link hash: store the one of the link the checkout gives.
    const token = new URL(orderHref, "http://localhost").searchParams.get("token")!;
    await ctx.database.db
      .update(pedidos)
      .set({ tokenHash: crypto.createHash("sha256").update(token).digest("hex") })
      .where(eq(pedidos.id, first.id));
    const opened = await call(orderLoader, makeRequest(orderHref, { headers: { cookie } }), {
      numero: first.numeroPedido,
    });
    expect(opened.status).toBe(200);
    // Signed in: the order page no longer offers "Criar conta com este e-mail".
    expect(opened.data.criarConta).toBeNull();
    const guest = await call(orderLoader, makeRequest(orderHref), { numero: first.numeroPedido });
    expect(guest.data.criarConta).toBe(ana.email.toUpperCase());
    expect(page.data.agendamentos[0].href).toMatch(/^\/servicos\/agendamento\/AGD\d+\?token=/);

    // Bia's orders stay hers: her account (proved by her own code) is the only one listing them.
    const biaCookie = (await customerCookie(bia.email)).cookie;
    const biaPage = await call(
      accountLoader,
      makeRequest("/conta", { headers: { cookie: biaCookie } }),
    );
    expect(biaPage.data.pedidos.map((p: { numero: string }) => p.numero)).toEqual([
      biaOrder.numeroPedido,
    ]);
  });

  it("/conta/eu answers who is signed in, never kept, and nothing for a visitor", async () => {
    const user = fresh("eu");
    const { cookie, clienteId } = await customerCookie(user.email);
    await ctx.database.db
      .update(clientes)
      .set({ nome: "Carla Mendes" })
      .where(eq(clientes.id, clienteId));
    const me = await meLoader({
      request: makeRequest("/conta/eu", { headers: { cookie } }),
    } as never);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(await me.json()).toEqual({ entrou: true, nome: "Carla" });
    // The store's shared pages are rendered the same for them: nothing of the customer is in
    // what the page cache keeps for everyone.
    for (const [load, path] of [
      [storeLayoutLoader, "/loja"],
      [storeLoader, "/loja"],
      [publicLayoutLoader, "/"],
    ] as const) {
      const got = await call(load as never, makeRequest(path, { headers: { cookie } }));
      const text = JSON.stringify(got.data);
      expect(text).not.toContain("Carla");
      expect(text).not.toContain(user.email);
    }
    const visitor = await meLoader({ request: makeRequest("/conta/eu") } as never);
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    expect(await visitor.json()).toEqual({ entrou: false });
  });
});
