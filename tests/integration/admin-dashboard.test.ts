import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { StatusPedido } from "~/domain/statuses";
import { curriculos } from "~/modules/careers/testing.server";
import { pedidosServicos } from "~/modules/grooming/testing.server";
import { storeStats } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { getDashboard } from "~/modules/reports/index.server";
import { setClock } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { makeAdmin, nextOrderNumber } from "../support/factories";
import { call } from "../support/routes";

const ctx = withTestDatabase();

beforeEach(async () => {
  await truncateAll(ctx.database);
  setClock(undefined);
});

async function order(total: number, createdAt: Date, statusPedido: StatusPedido = "novo") {
  const numero = nextOrderNumber(createdAt.getTime());
  await db()
    .insert(pedidos)
    .values({
      numeroPedido: numero,
      tokenHash: crypto.randomBytes(16).toString("hex"),
      clienteNome: `Cliente ${numero}`,
      clienteTelefone: "47999990000",
      clienteEndereco: "Rua 416, 100",
      clienteBairro: "Meia Praia",
      janelaEntrega: "manha",
      subtotal: total,
      taxaEntrega: 0,
      total,
      formaPagamento: "pix",
      statusPedido,
      createdAt,
    });
  return numero;
}

describe("dashboard", () => {
  it("counts two new orders in today's and the month's numbers and in today's bar", async () => {
    const admin = await makeAdmin();
    const at = new Date();
    await order(4590, new Date(at.getTime() - 1000));
    await order(12_000, at);
    const d = (
      await call(dashboardRoute.loader, makeRequest("/admin/dashboard", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    expect(d.vendas?.hoje).toEqual({ total: 16_590, pedidos: 2 });
    expect(d.vendas?.mes.total).toBeGreaterThanOrEqual(16_590);
    expect(d.pedidos.porStatus.novo).toBe(2);
    expect(d.vendas?.chart).toHaveLength(7);
    expect(d.vendas?.chart.at(-1)).toMatchObject({ total: 16_590, pedidos: 2 });
    expect(d.pedidos.recentes.map((p) => p.total)).toEqual([12_000, 4590]);
  });

  it("uses the shop's day (America/Sao_Paulo), leaves out cancelled orders, fills the 7-day chart", async () => {
    // 2026-11-10 14:00 in Itapema (UTC-3).
    const at = new Date("2026-11-10T17:00:00Z");
    await order(1000, new Date("2026-11-10T03:30:00Z")); // 00:30 local on the 10th: today
    await order(2000, new Date("2026-11-10T02:30:00Z")); // 23:30 local on the 9th: yesterday
    await order(5000, new Date("2026-11-10T12:00:00Z"), "cancelado"); // not a sale
    await order(700, new Date("2026-11-04T03:00:00Z")); // 00:00 local on the 4th: first chart day
    await order(900, new Date("2026-11-04T02:59:00Z")); // 23:59 local on the 3rd: outside the chart
    await order(300, new Date("2026-10-31T20:00:00Z")); // October: not this month
    await order(400, new Date("2026-11-11T03:00:00Z")); // tomorrow local: not in today's numbers

    const d = await getDashboard(at);
    expect(d.hoje).toEqual({ total: 1000, pedidos: 1 });
    expect(d.mes).toEqual({ total: 1000 + 2000 + 700 + 900 + 400, pedidos: 5 });
    expect(d.chart.map((c) => c.day)).toEqual([
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
      "2026-11-08",
      "2026-11-09",
      "2026-11-10",
    ]);
    expect(d.chart.map((c) => c.total)).toEqual([700, 0, 0, 0, 0, 2000, 1000]);
    expect(d.porStatus).toEqual({
      novo: 6,
      preparo: 0,
      saiu_entrega: 0,
      pronto_retirada: 0,
      entregue: 0,
      retirado: 0,
      cancelado: 1,
    });
    expect(d.pedidosRecentes).toHaveLength(5);
  });

  it("counts grooming requests awaiting a quote and new resumes; lists the 5 newest resumes", async () => {
    for (let i = 0; i < 3; i++) {
      await db()
        .insert(pedidosServicos)
        .values({
          numeroPedido: `SRV00000${i}`,
          tipoServico: "banho_tosa",
          nomeTutor: "Tutor",
          whatsapp: "47999990000",
          nomePet: "Rex",
          racaPorte: "SRD médio",
          status: i === 0 ? "confirmado" : "aguardando_orcamento",
        });
    }
    for (let i = 0; i < 6; i++) {
      await db()
        .insert(curriculos)
        .values({
          nomeCompleto: `Candidato ${i}`,
          email: `c${i}@teste.com`,
          telefone: "47999990000",
          vaga: "caixa",
          status: i < 2 ? "visto" : "novo",
          createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
        });
    }
    const d = await getDashboard();
    expect(d.servicosPendentes).toBe(2);
    expect(d.curriculosNovos).toBe(4);
    expect(d.curriculosRecentes.map((c) => c.nomeCompleto)).toEqual([
      "Candidato 5",
      "Candidato 4",
      "Candidato 3",
      "Candidato 2",
      "Candidato 1",
    ]);
  });

  it("the store hub's average ticket is the month's: older and cancelled orders stay out", async () => {
    const at = new Date();
    await order(10_000, at);
    await order(30_000, new Date(at.getTime() - 1000));
    await order(99_900, at, "cancelado");
    await order(500_000, new Date(at.getTime() - 400 * 24 * 60 * 60 * 1000), "entregue");
    const stats = await storeStats();
    expect(stats).toMatchObject({
      pedidosTotal: 4,
      pedidosTotalExato: true,
      pedidosNovos: 2,
      pedidosMes: 2,
      vendasMes: 40_000,
      ticketMedio: 20_000,
    });
  });

  it("counts open orders of any age and finished ones of the last 30 days", async () => {
    const at = new Date("2026-11-10T17:00:00Z");
    const daysAgo = (n: number) => new Date(at.getTime() - n * 24 * 60 * 60 * 1000);
    await order(100, daysAgo(400), "novo");
    await order(100, daysAgo(45), "preparo");
    await order(100, daysAgo(29), "entregue");
    await order(100, daysAgo(31), "entregue");
    await order(100, daysAgo(2), "cancelado");
    await order(100, daysAgo(900), "retirado");
    const d = await getDashboard(at);
    expect(d.finalizadosDias).toBe(30);
    expect(d.porStatus).toMatchObject({
      novo: 1,
      preparo: 1,
      entregue: 1,
      cancelado: 1,
      retirado: 0,
    });
  });
});
