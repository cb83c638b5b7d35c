// A grooming booking paid online (issue 43 point 3, decision 0088), against the local Mercado
// Pago fake: after check-in the tutor's status page offers Pix for the final price; "Pagar com
// Pix" makes the booking's charge (a `cobrancas` row of the booking, not of an order); the
// signed notification, replayed and delivered at once as two instances would, records the
// payment once; the page, the agenda and the counter see it "Pago"; the day close counts it
// under the booking's unit, as grooming money.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopDay } from "~/domain/dates";
import { EVERY_UNIT } from "~/domain/unit-scope";
import { bookingStatusView } from "~/modules/grooming/index.server";
import { reconcilePendingCobrancas } from "~/modules/orders/index.server";
import { cobrancas, recebimentos } from "~/modules/payments/testing.server";
import { dayClose } from "~/modules/reports/index.server";
import { adminAuditLog } from "~/platform/tables.server";
import { loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { makeRequest } from "../setup/requests";
import { statusPage, statusPageAct, TODAY, withOnlineBookingDay } from "../support/grooming-online";
import { signedNotification, withPixShop } from "../support/mercadopago";
import { call, responseOf } from "../support/routes";

const { ctx, mp } = withPixShop();
const { day: d, agenda, readyBooking, checkInAndReady } = withOnlineBookingDay();
const page = statusPage;
const payByPix = (b: { numero: string; token: string }) => statusPageAct(b, "pagar_pix");

const chargesOf = (id: string) =>
  ctx.database.db.select().from(cobrancas).where(eq(cobrancas.agendamentoId, id));

describe("a grooming booking paid by Pix from its status page", () => {
  it("offers Pix only once check-in set the final price", async () => {
    const b = await readyBooking();
    expect((await page(b)).pix).toBeNull();
    const early = await payByPix(b);
    expect(early.status).toBe(422);
    expect(await chargesOf(b.id)).toHaveLength(0);
    await checkInAndReady(b.id);
    expect((await page(b)).pix).toEqual({ estado: "oferecido" });
  });

  it("charges the final price, the webhook replayed and at once records it once; the day close counts it under the booking's unit", async () => {
    const b = await readyBooking();
    await checkInAndReady(b.id);

    // A double click: one charge, for the server's final price, tied to the booking.
    const [first, second] = [await payByPix(b), await payByPix(b)];
    expect(first.response?.status).toBe(303);
    expect(second.response?.status).toBe(303);
    const [charge, ...more] = await chargesOf(b.id);
    expect(more).toHaveLength(0);
    expect(charge).toMatchObject({ valor: 5500, pedidoId: null, status: "pendente", meio: "pix" });
    const created = mp.requests.filter((r) => r.method === "POST" && r.path === "/v1/payments");
    expect(created.at(-1)?.body).toMatchObject({
      transaction_amount: 55,
      external_reference: b.numero,
    });
    const shown = (await page(b)).pix;
    expect(shown).toMatchObject({ estado: "pendente", copiaECola: charge!.qrCode });

    // Paid at the provider; the notification arrives, again, and twice at the same moment.
    mp.setStatus(charge!.externoId, "approved");
    const answers = [
      await responseOf(notificationAction, signedNotification(charge!.externoId)),
      ...(await Promise.all(
        [1, 2, 3].map(() => responseOf(notificationAction, signedNotification(charge!.externoId))),
      )),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // The reconciliation pass reads it too: nothing more to do.
    expect(await reconcilePendingCobrancas()).toBe(0);

    const [paid] = await chargesOf(b.id);
    expect(paid).toMatchObject({ status: "paga" });
    const audits = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.resourceId, b.id), eq(adminAuditLog.action, "booking_paid_online")),
      );
    expect(audits).toHaveLength(1);
    // Nothing recorded at the counter: the online charge is the payment.
    expect(
      await ctx.database.db.select().from(recebimentos).where(eq(recebimentos.agendamentoId, b.id)),
    ).toHaveLength(0);

    // The tutor's page says "Pago" (online) and offers nothing more.
    const after = await page(b);
    expect(after.pagamento).toMatchObject({ valor: 5500, metodo: "pix", online: true });
    expect(after.pix).toBeNull();
    expect((await bookingStatusView(b.numero, b.token))?.pagamento?.valor).toBe(5500);

    // The agenda counts it paid; "Entregue" no longer asks how it was paid.
    const day = await call(
      agendaLoader,
      makeRequest(`/admin/servicos/agenda?unidade=${d.unidadeId}&dia=${TODAY}&tosador=todos`, {
        token: d.token,
      }),
    );
    const caixa = day.data.caixa.find((c: { unidadeId: string }) => c.unidadeId === d.unidadeId);
    expect(caixa).toMatchObject({ recebido: 5500, pendentes: 0 });
    await agenda({ intent: "status", id: b.id, status: "entregue" });

    // The day close of the booking's unit, on the day the money came in: grooming, Pix online.
    const close = await dayClose(d.unidadeId, shopDay(paid!.pagoEm!), EVERY_UNIT);
    const entrada = close!.entradas.find((e) => e.referencia === b.numero);
    expect(entrada).toMatchObject({ forma: "pix_online", origem: "banho_tosa", valor: 5500 });
    expect(close!.porOrigem.banho_tosa).toBe(5500);
    expect(close!.entradas.filter((e) => e.referencia === b.numero)).toHaveLength(1);
  });

  it("refuses Pix for a booking already paid at the counter", async () => {
    const b = await readyBooking();
    await checkInAndReady(b.id);
    await agenda({
      intent: "status",
      id: b.id,
      status: "entregue",
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "55,00",
      pagamentoRecebido: "60,00",
    });
    const refused = await payByPix(b);
    expect(refused.status).toBe(409);
    expect(await chargesOf(b.id)).toHaveLength(0);
  });
});
