// A package of baths bought online (issue 45 point 5, decision 0091), against the local
// Mercado Pago fake: on the pet's page in the account the tutor sees the packages for its
// size and buys one by Pix; until the Pix is paid no session counts; the signed notification,
// replayed and delivered three at once, activates it once (validity from the payment day);
// the page shows the balance and the expiry; the day close counts it as grooming money.
// By card (decision 0092): "Comprar com cartão" redirects to a Checkout Pro preference of the
// package (its reference, the server's price whatever the form says); approved, the news
// repeated and at once activates it once, valid from the payment's day; refused, it keeps
// waiting and "Tentar de novo" opens another checkout, whose payment the sync job finds; a
// payment of another amount on the package's reference is ignored.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { shopDay } from "~/domain/dates";
import { EVERY_UNIT } from "~/domain/unit-scope";
import { createUser } from "~/modules/accounts/index.server";
import { customerCookie, pets } from "~/modules/customers/testing.server";
import {
  listGroomingServices,
  packageBalances,
  savePackage,
} from "~/modules/grooming/index.server";
import { pacotesPet } from "~/modules/grooming/testing.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { dayClose } from "~/modules/reports/index.server";
import { adminAuditLog } from "~/platform/tables.server";
import { action as petAction, loader as petLoader } from "~/routes/conta/pet";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import * as factories from "../support/factories";
import { runDeclaredJob } from "../support/jobs";
import { signedNotification, withPixShop } from "../support/mercadopago";
import { call, responseOf } from "../support/routes";

const { ctx, mp } = withPixShop({ cartaoAtivo: true, cartaoParcelasMax: 6 });
const clock = withTestClock("2026-12-01T12:00:00Z");

let cookie: string;
let petId: string;
let pacoteId: string;
let other: string;

beforeEach(async () => {
  const banho = (await listGroomingServices({ online: false })).find((s) => s.slug === "banho")!;
  const dono = await createUser({
    email: `dono-${Date.now()}@agropet.test`,
    password: "Quati-Aveia-Moinho-35",
    papel: "dono",
    nome: "Olga",
    todasUnidades: true,
    unidadeIds: [],
  });
  const staff = { request: makeRequest("/admin/servicos/pacotes"), userId: dono.id };
  const base = { servicoIds: [banho.id], pelagem: null, sessoes: 4, validadeDias: 30 };
  pacoteId = (
    await savePackage({ ...base, nome: "Pacote 4 banhos", porte: "P", preco: 16000 }, staff)
  ).id;
  other = (
    await savePackage({ ...base, nome: "Pacote 4 banhos G", porte: "G", preco: 24000 }, staff)
  ).id;
  const session = await customerCookie("marta@example.com");
  cookie = session.cookie;
  const [pet] = await ctx.database.db
    .insert(pets)
    .values({
      clienteId: session.clienteId,
      nome: "Paçoca",
      especie: "cao",
      porte: "P",
      pelagem: "curta",
      porteAConfirmar: false,
    })
    .returning();
  petId = pet!.id;
  await factories.defaultUnitId();
});

const path = () => `/conta/pets/${petId}`;

async function page() {
  const r = await call(petLoader, makeRequest(path(), { headers: { cookie } }), { id: petId });
  expect(r.status).toBe(200);
  return r.data.pacotes;
}

const buy = (id: string, intent = "comprar_pacote", extra: Record<string, string> = {}) =>
  call(
    petAction,
    makeRequest(path(), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent, pacoteId: id, ...extra }),
    }),
    { id: petId },
  );

/** "Comprar com cartão" (or "Tentar de novo"): the redirect to the provider's page, its preference. */
async function toProvider(id: string, extra: Record<string, string> = {}) {
  const r = await buy(id, "comprar_pacote_cartao", extra);
  expect(r.response?.status).toBe(303);
  const location = r.response!.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${mp.url}/checkout/pref-`));
  return new URL(location).pathname.split("/").pop()!;
}

const packagesOfPet = () =>
  ctx.database.db.select().from(pacotesPet).where(eq(pacotesPet.petId, petId));

const chargesOfPackage = (id: string) =>
  ctx.database.db.select().from(cobrancas).where(eq(cobrancas.pacotePetId, id));

/** Activated once (one audit), and the page shows the whole balance until `validoAte`. */
async function expectPaidOnceOnPage(id: string, validoAte: string) {
  const audits = await ctx.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.resourceId, id));
  expect(audits.filter((a) => a.action === "grooming_package_paid_online")).toHaveLength(1);
  const shown = await page();
  expect(shown.aguardando).toBeNull();
  expect(shown.saldos).toMatchObject([{ restantes: 4, sessoes: 4, validoAte }]);
}

const notify = (id: number | string) =>
  responseOf(notificationAction, signedNotification(String(id)));

describe("a package of baths bought online", () => {
  it("offers the pet's size only, waits for the Pix, and a payment replayed and at once activates it once", async () => {
    const offered = await page();
    expect(offered.oferta.map((o: { id: string }) => o.id)).toEqual([pacoteId]);
    expect(offered.saldos).toEqual([]);
    // Another size's package is not sold for this pet (a tampered form).
    expect((await buy(other)).status).toBe(404);

    // A double click: one package waiting, one charge, for the server's price.
    expect((await buy(pacoteId)).response?.status).toBe(303);
    expect((await buy(pacoteId)).response?.status).toBe(303);
    const waiting = await ctx.database.db
      .select()
      .from(pacotesPet)
      .where(eq(pacotesPet.petId, petId));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ aguardandoPagamento: true, preco: 16000 });
    const charges = await ctx.database.db
      .select()
      .from(cobrancas)
      .where(eq(cobrancas.pacotePetId, waiting[0]!.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ valor: 16000, status: "pendente", pedidoId: null });
    // Not paid: no session counts, the page shows the Pix.
    expect(await packageBalances([petId])).toEqual([]);
    const pending = await page();
    expect(pending.aguardando).toMatchObject({ nome: "Pacote 4 banhos", preco: 16000 });
    expect(pending.aguardando.pix.copiaECola).toBe(charges[0]!.qrCode);

    mp.setStatus(charges[0]!.externoId, "approved");
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        responseOf(notificationAction, signedNotification(charges[0]!.externoId)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(
      (await responseOf(notificationAction, signedNotification(charges[0]!.externoId))).status,
    ).toBe(200);

    const [active] = await ctx.database.db
      .select()
      .from(pacotesPet)
      .where(eq(pacotesPet.petId, petId));
    expect(active).toMatchObject({
      aguardandoPagamento: false,
      usadas: 0,
      validoAte: "2026-12-31",
    });
    await expectPaidOnceOnPage(active!.id, "2026-12-31");

    // The day close: grooming money, once.
    const [paid] = await ctx.database.db
      .select()
      .from(cobrancas)
      .where(eq(cobrancas.pacotePetId, active!.id));
    // Bought online, of no unit: the close's "Loja online (sem unidade)".
    const close = await dayClose("sem-unidade", shopDay(paid!.pagoEm!), EVERY_UNIT);
    const rows = close?.entradas.filter((e) => e.referencia === "Pacote de banho") ?? [];
    expect(rows).toMatchObject([{ origem: "banho_tosa", valor: 16000, forma: "pix_online" }]);
  });

  it("by card: the server's price on the provider's page; approved, the news repeated and at once activates it once, valid from the payment's day", async () => {
    const offered = await page();
    expect(offered.cartaoOnline).toBe(true);
    expect((await buy(other, "comprar_pacote_cartao")).status).toBe(404);

    // A double click (with a tampered price) lands on the same checkout, one package waiting.
    const pref = await toProvider(pacoteId, { valor: "1", preco: "1" });
    expect(await toProvider(pacoteId)).toBe(pref);
    const [waiting, ...more] = await packagesOfPet();
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ aguardandoPagamento: true, preco: 16000 });
    const sent = mp.preferences.get(pref)!;
    expect(sent.external_reference).toBe(`PCT-${waiting!.id}`);
    expect(sent.items).toMatchObject([
      { title: "Pacote 4 banhos - Agropet Litoral", quantity: 1, unit_price: 160 },
    ]);
    expect(sent.back_urls.success).toContain(`/conta/pets/${petId}`);
    expect(await packageBalances([petId])).toEqual([]);

    // Paid two days later: the validity counts from that day.
    clock.advance(2 * 86_400_000);
    const { payment } = await mp.payPreference(pref, { resultado: "approved", parcelas: 2 });
    const answers = await Promise.all([notify(payment.id), notify(payment.id), notify(payment.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await notify(payment.id)).status).toBe(200);
    await runDeclaredJob("grooming.card-sync");

    const [active] = await packagesOfPet();
    expect(active).toMatchObject({
      aguardandoPagamento: false,
      usadas: 0,
      validoAte: "2027-01-02",
    });
    const charges = await chargesOfPackage(active!.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ meio: "cartao", status: "paga", valor: 16000, parcelas: 2 });
    await expectPaidOnceOnPage(active!.id, "2027-01-02");
  });

  it("by card refused: the package keeps waiting, 'Tentar de novo' opens another checkout, and its payment, never announced, is found by the sync job", async () => {
    const pref = await toProvider(pacoteId);
    const { payment } = await mp.payPreference(pref, { resultado: "rejected" });
    await notify(payment.id);
    const [waiting] = await packagesOfPet();
    expect(waiting).toMatchObject({ aguardandoPagamento: true });
    expect(await chargesOfPackage(waiting!.id)).toMatchObject([{ status: "falhou" }]);
    expect(await packageBalances([petId])).toEqual([]);
    const refused = await page();
    expect(refused.aguardando).toMatchObject({ pacoteId, cartao: "recusado", preco: 16000 });
    expect(refused.saldos).toEqual([]);

    const again = await toProvider(pacoteId, { novo: "1" });
    expect(again).not.toBe(pref);
    expect(await packagesOfPet()).toHaveLength(1);
    await mp.payPreference(again, { resultado: "approved" });
    await runDeclaredJob("grooming.card-sync");
    const [active] = await packagesOfPet();
    expect(active).toMatchObject({ id: waiting!.id, aguardandoPagamento: false });
    expect(await packageBalances([petId])).toMatchObject([{ restantes: 4 }]);
  });

  it("by card: a payment of another amount on the package's reference is ignored", async () => {
    const pref = await toProvider(pacoteId);
    mp.preferences.get(pref)!.items = [{ title: "x", quantity: 1, unit_price: 1 }];
    const { payment } = await mp.payPreference(pref, { resultado: "approved" });
    await notify(payment.id);
    await runDeclaredJob("grooming.card-sync");
    const [waiting] = await packagesOfPet();
    expect(waiting).toMatchObject({ aguardandoPagamento: true });
    expect(await chargesOfPackage(waiting!.id)).toEqual([]);
    expect((await page()).saldos).toEqual([]);
  });
});
