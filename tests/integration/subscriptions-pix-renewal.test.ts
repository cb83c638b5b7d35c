// A "compra programada" paid by online Pix (issue 45 point 2, decision 0086): the renewal the
// cycle places two days before the date starts its Pix charge as the checkout's order does
// (before, the order page said "Não foi possível gerar o Pix agora"), once even when the run
// is repeated; once the provider's notification confirms it, the customer's subscription reads
// that date "Paga" at once, before the job's next run closes the cycle.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import { expireUnpaidPixOrders } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { runSubscriptionCycles, subscriptionView } from "~/modules/subscriptions/index.server";
import { ciclosAssinatura } from "~/modules/subscriptions/testing.server";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { withTestClock } from "../support/clock";
import { signedNotification, withPixShop } from "../support/mercadopago";
import { feedAtCentro, newSubscription, subscriptionForm } from "../support/subscriptions";

const { ctx, mp } = withPixShop();
const clock = withTestClock("2026-12-01T15:00:00Z");

describe("a subscription paid by online Pix", () => {
  it("gets its renewal's Pix charge once, and reads Paga as soon as the payment is confirmed", async () => {
    const { unidade, racao } = await feedAtCentro(ctx.database, {
      nome: "Ração Golden 15 kg",
      preco: 20000,
      emMaos: 10,
    });
    const { clienteId } = await customerCookie("bia@example.com");
    const sub = await newSubscription(
      { id: clienteId, email: "bia@example.com", nome: "Bia Lima" },
      subscriptionForm(racao.id, unidade, { formaPagamento: "pix_mercadopago" }),
    );
    expect(sub.proximaData).toBe("2026-12-10");

    // Two days before the date: reminded and placed in one run, its charge started.
    clock.advance(7 * 86_400_000);
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 1, pedidos: 1 });
    const [pedido] = await ctx.database.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.compraProgramada, true));
    expect(pedido).toMatchObject({
      formaPagamento: "pix_mercadopago",
      statusPagamento: "aguardando",
    });
    const charges = () =>
      ctx.database.db.select().from(cobrancas).where(eq(cobrancas.pedidoId, pedido!.id));
    const [charge] = await charges();
    expect(charge).toMatchObject({ status: "pendente", valor: pedido!.total });
    expect(charge!.qrCode).toBeTruthy();
    expect(mp.payments.size).toBe(1);
    // Placed two days early: its Pix lasts until the end of the date (shop time), not the
    // checkout's minutes, and the payments job leaves it open hours later.
    expect(charge!.expiraEm).toEqual(new Date("2026-12-11T02:59:59.999Z"));
    expect(
      await expireUnpaidPixOrders({ now: new Date(clock.now().getTime() + 6 * 3_600_000) }),
    ).toBe(0);
    // A second run places nothing and charges nothing again.
    expect(await runSubscriptionCycles()).toMatchObject({ pedidos: 0 });
    expect(await charges()).toHaveLength(1);
    expect(mp.payments.size).toBe(1);

    // The provider approves; its notification confirms the order.
    const [payment] = [...mp.payments.values()];
    mp.setStatus(payment!.id, "approved");
    const response = (await notificationAction({
      request: signedNotification(String(payment!.id)),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    const estadoNaConta = async () =>
      (await subscriptionView(sub.id))!.ciclos.find((c) => c.data === "2026-12-10")?.estado;
    expect(await estadoNaConta()).toBe("pago");
    const stored = async () =>
      (
        await ctx.database.db
          .select()
          .from(ciclosAssinatura)
          .where(eq(ciclosAssinatura.assinaturaId, sub.id))
      )[0]!.estado;
    expect(await stored()).toBe("pedido_criado");
    expect(await runSubscriptionCycles()).toMatchObject({ pagos: 1 });
    expect(await stored()).toBe("pago");
    expect(await estadoNaConta()).toBe("pago");
  });
});
