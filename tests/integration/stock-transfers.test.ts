// Transfers between units with a receive step (issue 41, decision 0076), through the real
// routes on the real database (PGlite, and PostgreSQL with DATABASE_URL): a transfer leaves
// the origin at once and is "em trânsito" (the store does not sell it at either unit) until a
// person of the destination receives it; fewer with a reason posts the difference as a loss;
// the sender may cancel it in transit; another unit's person cannot see or receive it; two
// receives racing post it once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saleVariants } from "~/modules/catalog/index.server";
import { movimentosEstoque, transferenciasEstoque } from "~/modules/inventory/testing.server";
import { placeOrder } from "~/modules/orders/index.server";
import { adminAuditLog } from "~/platform/tables.server";
import * as estoque from "~/routes/admin/estoque";
import * as historico from "~/routes/admin/estoque-historico";
import * as transferencias from "~/routes/admin/estoque-transferencias";
import { formRequest, makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { call } from "../support/routes";
import { rowsWhere } from "../support/rows";
import { type StaffSession, staffSession } from "../support/staff";
import { withStockRoom } from "../support/stock-room";

// Gil, the gerente of Meia Praia, sends and cancels.
const { ctx, shop, team } = withStockRoom({
  /** Atendente of Centro: receives. */
  atendente: ["atendente", "Ana", "centro"],
  /** Atendente of Meia Praia: not the destination. */
  outra: ["atendente", "Olga", "meiaPraia"],
});

let n = 0;
async function variantAt(emMaos: number) {
  n += 1;
  const p = await factories.productsIn(ctx)({
    nome: `Ração Trânsito ${n} 15 kg`,
    preco: 15990,
    estoque: 0,
  });
  await factories.setStock(p.id, shop.unidadeId, emMaos);
  return p.id;
}

const at = (varianteId: string, unidadeId: string) =>
  factories.stockAt(ctx.database, varianteId, unidadeId);

async function send(varianteId: string, quantidade: number, who = team.gerente) {
  const sent = await call(
    estoque.action,
    formRequest(
      "/admin/estoque",
      {
        intent: "stock-transfer",
        varianteId,
        de: shop.unidadeId,
        para: shop.centroId,
        quantidade: String(quantidade),
        motivo: "Reposição",
      },
      { token: who.token },
    ),
  );
  expect(sent.data).toMatchObject({ ok: true, message: "Transferência enviada" });
  const [t] = await rowsWhere(
    transferenciasEstoque,
    eq(transferenciasEstoque.varianteId, varianteId),
  );
  return t!;
}

const post = (who: StaffSession, fields: Record<string, string>) =>
  call(
    transferencias.action,
    formRequest("/admin/estoque/transferencias", fields, { token: who.token }),
  );

/** The counter's "Receber" of a transfer: everything sent unless a quantity is given. */
const receive = (who: StaffSession, id: string, quantidade = "") =>
  post(who, { intent: "receber", id, quantidade });

/** Centro's "Receber" of a closed transfer is refused with `message`; its stock stays at `emMaos`. */
async function expectReceiveRefused(v: string, id: string, message: string, emMaos: number) {
  const refused = await receive(team.atendente, id);
  expect(refused.data).toMatchObject({ ok: false, message });
  expect(await at(v, shop.centroId)).toMatchObject({ emMaos });
}

/** The ledger's rows of one transfer. */
const ledgerOf = async (varianteId: string, transferenciaId: string) =>
  (await ledger(varianteId)).filter((r) => r.transferenciaId === transferenciaId);

const ledger = (varianteId: string) =>
  rowsWhere(
    movimentosEstoque,
    eq(movimentosEstoque.varianteId, varianteId),
    movimentosEstoque.createdAt,
  );

/** What the store offers of the variant at a unit (the cart and checkout read the same). */
async function storeAt(varianteId: string, unidadeId: string) {
  const [v] = await saleVariants([varianteId]);
  return v?.porUnidade.find((u) => u.unidadeId === unidadeId)?.disponivel ?? 0;
}

const pickUpAt = (varianteId: string, unidadeId: string, quantidade: number) =>
  placeOrder(
    factories.orderInput([{ varianteId, quantidade }], {
      modo: "retirada",
      unidadeId,
      formaPagamento: "balcao",
    }),
  );

describe("a transfer in transit", () => {
  it("leaves the origin at once, is not sold at either unit, and reaches the destination when received", async () => {
    const v = await variantAt(10);
    const t = await send(v, 5);
    expect(t).toMatchObject({ status: "em_transito", quantidade: 5, deUnidadeId: shop.unidadeId });

    expect(await at(v, shop.unidadeId)).toMatchObject({ emMaos: 5, disponivel: 5 });
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 0, disponivel: 0 });
    // The store counts none of the 5 in transit: Centro has nothing to sell or pick up.
    expect(await storeAt(v, shop.centroId)).toBe(0);
    expect(await storeAt(v, shop.unidadeId)).toBe(5);
    const refused = await pickUpAt(v, shop.centroId, 1);
    expect(refused.ok).toBe(false);

    // The staff see it honestly: "em trânsito" at Centro on the stock and history pages.
    const history = await call(
      historico.loader,
      makeRequest(`/admin/estoque/${v}`, { token: team.atendente.token }),
      { varianteId: v },
    );
    expect(history.data.history.variante.porUnidade).toMatchObject([
      { unidadeId: shop.centroId, emMaos: 0, emTransito: 5 },
    ]);
    // And at the origin, what left it: "enviado, em trânsito: 5".
    const origin = await call(
      historico.loader,
      makeRequest(`/admin/estoque/${v}`, { token: team.gerente.token }),
      { varianteId: v },
    );
    expect(origin.data.history.variante.porUnidade).toMatchObject([
      { unidadeId: shop.unidadeId, emMaos: 5, emTransito: 0, enviadoEmTransito: 5 },
    ]);
    // The Transferências screen: to receive at Centro, sent from Meia Praia.
    const screenB = await call(
      transferencias.loader,
      makeRequest("/admin/estoque/transferencias", { token: team.atendente.token }),
    );
    expect(screenB.data.listing.chegando.map((x: { id: string }) => x.id)).toContain(t.id);
    expect(screenB.data.listing.chegando[0].enviadaPor).toBe("Gil (Gerente, Unidade Meia Praia)");
    const screenA = await call(
      transferencias.loader,
      makeRequest("/admin/estoque/transferencias", { token: team.gerente.token }),
    );
    expect(screenA.data.listing.enviadas.map((x: { id: string }) => x.id)).toContain(t.id);
    expect(screenA.data.listing.chegando.map((x: { id: string }) => x.id)).not.toContain(t.id);
    const list = await call(
      estoque.loader,
      makeRequest("/admin/estoque", { token: team.atendente.token }),
    );
    expect(list.data.aReceber).toBeGreaterThanOrEqual(1);

    const received = await receive(team.atendente, t.id);
    expect(received.data).toMatchObject({ ok: true, message: "Transferência recebida" });
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 5, disponivel: 5 });
    expect(await at(v, shop.unidadeId)).toMatchObject({ emMaos: 5 });
    expect(await storeAt(v, shop.centroId)).toBe(5);
    expect((await pickUpAt(v, shop.centroId, 1)).ok).toBe(true);

    const rows = await ledger(v);
    expect(
      rows
        .filter((r) => r.transferenciaId === t.id)
        .map((r) => [r.tipo, r.unidadeId, r.deltaEmMaos, r.usuarioEmail]),
    ).toEqual([
      ["transferencia_saida", shop.unidadeId, -5, team.gerente.user.email],
      ["transferencia_entrada", shop.centroId, 5, team.atendente.user.email],
    ]);
    const [done] = await rowsWhere(transferenciasEstoque, eq(transferenciasEstoque.id, t.id));
    expect(done).toMatchObject({
      status: "recebida",
      quantidadeRecebida: 5,
      concluidaPor: team.atendente.user.email,
    });
    const [audit] = await rowsWhere(
      adminAuditLog,
      and(eq(adminAuditLog.action, "stock_transfer_receive"), eq(adminAuditLog.resourceId, v)),
    );
    expect(audit).toMatchObject({ adminUserId: team.atendente.user.id });
    // The history says who: "Por: Ana (Atendente, Unidade Centro)".
    const after = await call(
      historico.loader,
      makeRequest(`/admin/estoque/${v}`, { token: team.atendente.token }),
      { varianteId: v },
    );
    const entrada = after.data.history.movimentos.find(
      (m: { tipo: string }) => m.tipo === "transferencia_entrada",
    );
    expect(entrada.por).toBe("Ana (Atendente, Unidade Centro)");
    // A second receive is refused: it was received once.
    await expectReceiveRefused(v, t.id, "Esta transferência já foi recebida", 5);
  });

  it("receives fewer only with a reason, posting the difference as a loss; more is refused", async () => {
    const v = await variantAt(10);
    const t = await send(v, 5);
    const more = await receive(team.atendente, t.id, "6");
    expect(more.data).toMatchObject({ ok: false });
    expect(more.data.errors).toHaveProperty("quantidade");
    const noReason = await receive(team.atendente, t.id, "4");
    expect(noReason.data).toMatchObject({ ok: false, id: t.id, quantidade: "4" });
    expect(noReason.data.errors.motivo).toMatch(/motivo da diferença/);
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 0 });
    expect(await ledgerOf(v, t.id)).toHaveLength(1);

    const received = await post(team.atendente, {
      intent: "receber",
      id: t.id,
      quantidade: "4",
      motivo: "1 saco rasgado",
    });
    expect(received.data).toMatchObject({ ok: true });
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 4, disponivel: 4 });
    expect(await at(v, shop.unidadeId)).toMatchObject({ emMaos: 5 });
    const rows = await ledgerOf(v, t.id);
    expect(rows.map((r) => [r.tipo, r.unidadeId, r.deltaEmMaos, r.emMaosDepois, r.motivo])).toEqual(
      expect.arrayContaining([
        ["transferencia_entrada", shop.centroId, 5, 5, "Reposição"],
        ["transferencia_perda", shop.centroId, -1, 4, "1 saco rasgado"],
      ]),
    );
    expect(rows).toHaveLength(3);
    const screen = await call(
      transferencias.loader,
      makeRequest("/admin/estoque/transferencias", { token: team.atendente.token }),
    );
    expect(screen.data.listing.recentes.find((x: { id: string }) => x.id === t.id)).toMatchObject({
      status: "recebida",
      quantidadeRecebida: 4,
      motivoDiferenca: "1 saco rasgado",
      concluidaPor: "Ana (Atendente, Unidade Centro)",
    });
  });

  it("is cancelled by the sender while in transit (back at the origin), not by the destination's counter", async () => {
    const v = await variantAt(10);
    const t = await send(v, 3);
    // The counter of Centro has no estoque.transferir: 403 with the SPEC's words.
    const counter = await post(team.atendente, { intent: "cancelar", id: t.id });
    expect(counter.status).toBe(403);
    const cancelled = await post(team.gerente, { intent: "cancelar", id: t.id });
    expect(cancelled.data).toMatchObject({ ok: true, message: "Transferência cancelada" });
    expect(await at(v, shop.unidadeId)).toMatchObject({ emMaos: 10, disponivel: 10 });
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 0 });
    const rows = await ledgerOf(v, t.id);
    expect(rows.map((r) => [r.tipo, r.unidadeId, r.deltaEmMaos])).toEqual([
      ["transferencia_saida", shop.unidadeId, -3],
      ["transferencia_cancelada", shop.unidadeId, 3],
    ]);
    // Cancelled: it can no longer be received.
    await expectReceiveRefused(v, t.id, "Esta transferência foi cancelada", 0);
  });

  it("a person of another unit neither sees nor receives it (as unknown); a gerente of Centro cannot cancel it", async () => {
    const v = await variantAt(10);
    const t = await send(v, 2);
    const refused = await receive(team.outra, t.id);
    expect(refused.data).toMatchObject({ ok: false, message: "Transferência não encontrada" });
    const screen = await call(
      transferencias.loader,
      makeRequest("/admin/estoque/transferencias", { token: team.outra.token }),
    );
    expect(screen.data.listing.chegando.map((x: { id: string }) => x.id)).not.toContain(t.id);
    const gerenteCentro = await staffSession({ papel: "gerente", unidades: [shop.centroId] });
    const cancel = await post(gerenteCentro, { intent: "cancelar", id: t.id });
    expect(cancel.data).toMatchObject({ ok: false, message: "Transferência não encontrada" });
    expect(await at(v, shop.centroId)).toMatchObject({ emMaos: 0 });
    expect(await at(v, shop.unidadeId)).toMatchObject({ emMaos: 8 });
  });

  it("two receives and a cancel racing post it once", async () => {
    const v = await variantAt(10);
    const t = await send(v, 4);
    const other = await staffSession({ papel: "atendente", unidades: [shop.centroId] });
    const results = await Promise.all([
      receive(team.atendente, t.id),
      receive(other, t.id),
      post(team.gerente, { intent: "cancelar", id: t.id }),
    ]);
    expect(results.filter((r) => r.data?.ok === true)).toHaveLength(1);
    for (const r of results.filter((r) => r.data?.ok !== true)) {
      expect(r.data.message).toMatch(/^Esta transferência (já foi recebida|foi cancelada)$/);
    }
    const rows = await ledgerOf(v, t.id);
    expect(rows).toHaveLength(2);
    const [a, c] = [await at(v, shop.unidadeId), await at(v, shop.centroId)];
    // Received at Centro, or back at Meia Praia: the 10 exist once.
    expect(a.emMaos + c.emMaos).toBe(10);
    expect([6, 10]).toContain(a.emMaos);
  });
});
