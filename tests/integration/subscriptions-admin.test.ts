// The owner plans purchases (issue 45 point 4, decision 0086): /admin/assinaturas shows the
// units of each variant due in the next 14 and 30 days per unit from active subscriptions only
// (every date inside the window, not only the next), the list with state and history, and the
// discount per product (by SKU) that the next renewal takes; a clerk is refused.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACESSO_NEGADO } from "~/domain/permissions";
import { customerCookie } from "~/modules/customers/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { pauseSubscription, runSubscriptionCycles } from "~/modules/subscriptions/index.server";
import { descontosAssinatura } from "~/modules/subscriptions/testing.server";
import { action, loader } from "~/routes/admin/assinaturas";
import { makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { call } from "../support/routes";
import { newSubscription, subscriptionForm, withSubscriptionShop } from "../support/subscriptions";

const shop = withSubscriptionShop({
  nome: "Ração Premier 10 kg",
  preco: 15000,
  emMaos: 20,
  sku: "PREMIER-10",
});
const { ctx, clock } = shop;

async function subscribed(email: string, fields: Record<string, string>) {
  const { clienteId } = await customerCookie(email);
  return newSubscription(
    { id: clienteId, email, nome: "" },
    subscriptionForm(shop.racao.id, shop.unidade, { lembretes: "", ...fields }),
  );
}

describe("the owner's planning screen", () => {
  it("sums the units due in 14 and 30 days per unit from active subscriptions", async () => {
    // Every 15 days from 05/12: 05/12 and 20/12 within 30 days (one within 14).
    await subscribed("a@example.com", {
      quantidade: "2",
      intervaloDias: "15",
      primeiraData: "2026-12-05",
    });
    // 25/12: within 30 only.
    await subscribed("b@example.com", {
      quantidade: "1",
      intervaloDias: "30",
      primeiraData: "2026-12-25",
    });
    // Paused: not counted.
    const paused = await subscribed("c@example.com", {
      quantidade: "5",
      intervaloDias: "30",
      primeiraData: "2026-12-06",
    });
    await pauseSubscription(paused.id, null);

    const { token } = await factories.makeAdmin();
    const page = await call(loader, makeRequest("/admin/assinaturas", { token }));
    expect(page.data.previsao).toEqual([
      expect.objectContaining({ unidadeId: shop.unidade, sku: "PREMIER-10", ate14: 2, ate30: 5 }),
    ]);
    expect(page.data.numeros.porEstado).toMatchObject({ ativa: 2, pausada: 1 });
    expect(page.data.lista.map((s: { estado: string }) => s.estado)).toEqual([
      "ativa",
      "ativa",
      "pausada",
    ]);

    const clerk = await factories.makeStaff("atendente");
    const refused = await call(loader, makeRequest("/admin/assinaturas", { token: clerk.token }));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain(ACESSO_NEGADO);
  });

  it("sets a discount by SKU that the next renewal takes off the items", async () => {
    await subscribed("a@example.com", {
      quantidade: "1",
      intervaloDias: "30",
      primeiraData: "2026-12-05",
    });
    const { token } = await factories.makeAdmin();
    const body = new URLSearchParams({
      intent: "desconto",
      alvo: "produto",
      sku: "premier-10",
      percentual: "15",
    });
    const saved = await call(
      action,
      makeRequest("/admin/assinaturas", { method: "POST", body, token }),
    );
    expect(saved.status ?? saved.response?.status).not.toBe(400);
    expect(await ctx.database.db.select().from(descontosAssinatura)).toMatchObject([
      { percentual: 15 },
    ]);
    // 03/12: two days before the 05/12 date, reminder and order in one run.
    clock.advance(2 * 86_400_000);
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 1, pedidos: 1 });
    const orders = await ctx.database.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.compraProgramada, true));
    // R$ 150,00 less 15% on the item; pick-up has no fee.
    expect(orders).toMatchObject([{ subtotal: 12750, taxaEntrega: 0, total: 12750 }]);
    expect(orders[0]!.observacoes).toContain("Compra programada");
    // The clock moved past the first session's idle limit: a fresh one reads the screen.
    const later = await factories.makeAdmin();
    const page = await call(loader, makeRequest("/admin/assinaturas", { token: later.token }));
    expect(page.data.lista[0].historico).toEqual([{ data: "2026-12-05", estado: "pedido_criado" }]);
  });
});
