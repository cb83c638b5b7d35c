// A package of baths bought online (issue 45 point 5, decision 0091), against the local
// Mercado Pago fake: on the pet's page in the account the tutor sees the packages for its
// size and buys one by Pix; until the Pix is paid no session counts; the signed notification,
// replayed and delivered three at once, activates it once (validity from the payment day);
// the page shows the balance and the expiry; the day close counts it as grooming money.
import { and, eq } from "drizzle-orm";
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
import { signedNotification, withPixShop } from "../support/mercadopago";
import { call, responseOf } from "../support/routes";

const { ctx, mp } = withPixShop();
withTestClock("2026-12-01T12:00:00Z");

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

const buy = (id: string) =>
  call(
    petAction,
    makeRequest(path(), {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "comprar_pacote", pacoteId: id }),
    }),
    { id: petId },
  );

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
    const audits = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.resourceId, active!.id),
          eq(adminAuditLog.action, "grooming_package_paid_online"),
        ),
      );
    expect(audits).toHaveLength(1);
    const shown = await page();
    expect(shown.aguardando).toBeNull();
    expect(shown.saldos).toMatchObject([{ restantes: 4, sessoes: 4, validoAte: "2026-12-31" }]);

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
});
