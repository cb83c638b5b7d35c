// Pick-up orders in the staff's orders view (/admin/loja?view=pedidos): the unit, mode and
// "não retirados há mais de N dias" filters, "Pronto para retirada" stamping the time,
// "Retirado" only with the customer's code, selling the stock at the order's unit only.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pickUpReadyMessage } from "~/domain/admin-messages";
import { pedidos } from "~/modules/orders/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { db } from "~/platform/db/client.server";
import { loader } from "~/routes/admin/loja";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import {
  auditEntries,
  defaultUnitId,
  insertOrder,
  insertProduct,
  makeAdmin,
  setStock,
  stockAt,
} from "../support/factories";
import { handOverAskingPayment, postOrderStatus } from "../support/loja-actions";
import { call } from "../support/routes";
import { weekdays } from "../support/units";

const ctx = withTestDatabase();
let token: string;
/** The migration's open unit, and one more open pick-up unit of this file's own. */
let meiaPraia: string;
let centro: string;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  await seedDatabase({ images: false });
  ({ token } = await makeAdmin());
  meiaPraia = await defaultUnitId();
  const [unit] = await db()
    .insert(unidades)
    .values({
      slug: `centro-${crypto.randomBytes(3).toString("hex")}`,
      nome: "Unidade Centro",
      endereco: "Rua 200, 50",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      horarios: [null, ...weekdays("08:00", "18:00"), null],
      retiradaAtiva: true,
      posicao: 5,
    })
    .returning();
  centro = unit!.id;
});

/** A product with `meia` units at Meia Praia and `centro` at Centro. */
async function productAtBothUnits(meia: number, atCentro: number) {
  const p = await insertProduct({ estoque: meia });
  await setStock(p.id, centro, atCentro);
  return p;
}

/** A pick-up order of `quantidade` units of `p` at `unidadeId`, reserved there. */
function pickUpOrder(
  p: { id: string; nome: string },
  unidadeId: string,
  values: Partial<typeof pedidos.$inferInsert> = {},
  quantidade = 1,
) {
  return insertOrder([{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade }], {
    modo: "retirada",
    unidadeId,
    codigoRetirada: "4821",
    clienteEndereco: "",
    clienteBairro: "",
    janelaEntrega: null,
    taxaEntrega: 0,
    formaPagamento: "balcao",
    ...values,
  });
}

const post = (fields: Record<string, string>) => postOrderStatus(fields, token);

async function listed(query: string) {
  const { status, data } = await call(
    loader,
    makeRequest(`/admin/loja?view=pedidos${query}`, { token }),
  );
  expect(status).toBe(200);
  return data.pedidos as {
    orders: { id: string }[];
    total: number;
    filters: Record<string, unknown>;
    unidades: { id: string; nome: string; endereco: string; horarios: string }[];
  };
}

const idsOf = (list: { orders: { id: string }[] }, mine: string[]) =>
  list.orders.map((o) => o.id).filter((id) => mine.includes(id));

async function orderRow(id: string) {
  const [row] = await db().select().from(pedidos).where(eq(pedidos.id, id));
  return row!;
}

describe("orders view: filters by unit, mode and pick-ups not collected", () => {
  it("filters by unit and by mode, and lists pick-ups waiting more than N days", async () => {
    const p = await productAtBothUnits(50, 50);
    const line = [{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 1 }];
    const entrega = await insertOrder(line, { unidadeId: meiaPraia });
    const retiradaMeia = await pickUpOrder(p, meiaPraia);
    const retiradaCentro = await pickUpOrder(p, centro);
    // Placed 5 days ago, never marked ready.
    const esquecido = await pickUpOrder(p, centro, { createdAt: daysAgo(5) });
    // Placed 10 days ago, ready 4 days ago.
    const prontoHa4 = await pickUpOrder(p, meiaPraia, {
      createdAt: daysAgo(10),
      statusPedido: "pronto_retirada",
      prontoEm: daysAgo(4),
    });
    // Placed 10 days ago but ready only yesterday: counted from when it was ready.
    const prontoOntem = await pickUpOrder(p, meiaPraia, {
      createdAt: daysAgo(10),
      statusPedido: "pronto_retirada",
      prontoEm: daysAgo(1),
    });
    // Old, but collected or cancelled: not waiting.
    const retirado = await pickUpOrder(p, meiaPraia, {
      createdAt: daysAgo(10),
      statusPedido: "retirado",
      estoqueSituacao: "baixado",
    });
    const cancelado = await pickUpOrder(p, meiaPraia, {
      createdAt: daysAgo(10),
      statusPedido: "cancelado",
      estoqueSituacao: "liberado",
    });
    // An old delivery order is never "não retirado".
    const entregaAntiga = await insertOrder(line, { unidadeId: meiaPraia, createdAt: daysAgo(9) });
    const mine = [
      entrega,
      retiradaMeia,
      retiradaCentro,
      esquecido,
      prontoHa4,
      prontoOntem,
      retirado,
      cancelado,
      entregaAntiga,
    ].map((o) => o.id);

    const atCentro = await listed(`&unidade=${centro}`);
    expect(idsOf(atCentro, mine).sort()).toEqual([retiradaCentro.id, esquecido.id].sort());
    expect(atCentro.total).toBe(2);
    expect(atCentro.filters).toMatchObject({ unidade: centro, modo: "", naoRetirados: false });

    const delivery = await listed("&modo=entrega");
    expect(idsOf(delivery, mine).sort()).toEqual([entrega.id, entregaAntiga.id].sort());
    const pickUps = await listed(`&modo=retirada&unidade=${meiaPraia}`);
    expect(idsOf(pickUps, mine).sort()).toEqual(
      [retiradaMeia.id, prontoHa4.id, prontoOntem.id, retirado.id, cancelado.id].sort(),
    );

    // N is 3 unless the link says otherwise.
    const waiting = await listed("&nao_retirados=1");
    expect(waiting.filters).toMatchObject({ naoRetirados: true, dias: 3 });
    expect(idsOf(waiting, mine).sort()).toEqual([esquecido.id, prontoHa4.id].sort());
    const waitingLonger = await listed("&nao_retirados=1&dias=6");
    expect(idsOf(waitingLonger, mine)).toEqual([]);
    const waitingAWhile = await listed("&nao_retirados=1&dias=1");
    expect(idsOf(waitingAWhile, mine).sort()).toEqual(
      [esquecido.id, prontoHa4.id, prontoOntem.id].sort(),
    );
    // Together with the unit filter.
    const waitingAtCentro = await listed(`&nao_retirados=1&unidade=${centro}`);
    expect(idsOf(waitingAtCentro, mine)).toEqual([esquecido.id]);
    expect(waitingAtCentro.total).toBe(1);
    // And with the status filter.
    const readyWaiting = await listed("&nao_retirados=1&status=pronto_retirada");
    expect(idsOf(readyWaiting, mine)).toEqual([prontoHa4.id]);
  });

  it("hands the view every unit with its address and hours, for the badge and the notice", async () => {
    const list = await listed("");
    const unit = list.unidades.find((u) => u.id === centro);
    expect(unit).toEqual({
      id: centro,
      nome: "Unidade Centro",
      endereco: "Rua 200, 50, Centro, Itapema - SC",
      horarios: "Seg. a sex. 8h às 18h",
    });
    const text = pickUpReadyMessage(
      { clienteNome: "Maria Cliente", numeroPedido: "PED1", codigoRetirada: "4821" },
      unit!,
    );
    expect(text).toContain("Onde retirar: Unidade Centro — Rua 200, 50, Centro, Itapema - SC");
    expect(text).toContain("Código de retirada: 4821");
    expect(text).toContain("Horário de funcionamento: Seg. a sex. 8h às 18h");
  });
});

describe("orders view: pick-up statuses", () => {
  it("'Pronto para retirada' stamps the time; delivery statuses are refused", async () => {
    const p = await productAtBothUnits(10, 10);
    const order = await pickUpOrder(p, centro);
    const refused = await post({ id: order.id, status: "saiu_entrega" });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(
      "Pedido para retirar na loja: use Pronto para retirada e Retirado.",
    );
    const before = Date.now();
    const ready = await post({ id: order.id, status: "pronto_retirada" });
    expect(ready.data.ok).toBe(true);
    const row = await orderRow(order.id);
    expect(row.statusPedido).toBe("pronto_retirada");
    expect(row.prontoEm!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.prontoEm!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row.retiradoEm).toBeNull();
    // Still reserved at its unit: nothing sold yet.
    expect(await stockAt(ctx.database, p.id, centro)).toEqual({
      emMaos: 10,
      reservado: 1,
      disponivel: 9,
    });
  });

  it("'Retirado' needs the code: a wrong one changes nothing, the right one sells at the order's unit only", async () => {
    const p = await productAtBothUnits(7, 10);
    const order = await pickUpOrder(p, centro, { codigoRetirada: "0427" }, 3);
    await post({ id: order.id, status: "pronto_retirada" });
    const atCentro = () => stockAt(ctx.database, p.id, centro);
    const atMeiaPraia = () => stockAt(ctx.database, p.id, meiaPraia);
    expect(await atCentro()).toEqual({ emMaos: 10, reservado: 3, disponivel: 7 });
    const readyRow = await orderRow(order.id);

    for (const codigoRetirada of ["1234", "", "04270"]) {
      const wrong = await post({ id: order.id, status: "retirado", codigoRetirada });
      expect(wrong.status, codigoRetirada).toBe(400);
      expect(wrong.data.message).toBe("Código de retirada não confere");
      expect(wrong.data.errors).toEqual({ codigoRetirada: "Código de retirada não confere" });
    }
    const missing = await post({ id: order.id, status: "retirado" });
    expect(missing.data.message).toBe("Código de retirada não confere");
    // Nothing changed: status, stamps, stock at either unit.
    expect(await orderRow(order.id)).toMatchObject({
      statusPedido: "pronto_retirada",
      estoqueSituacao: "reservado",
      retiradoEm: null,
      prontoEm: readyRow.prontoEm,
    });
    expect(await atCentro()).toEqual({ emMaos: 10, reservado: 3, disponivel: 7 });
    expect(await atMeiaPraia()).toEqual({ emMaos: 7, reservado: 0, disponivel: 7 });

    // The right code still asks how it was paid ("pagar na retirada", issue 43).
    await handOverAskingPayment(
      { id: order.id, status: "retirado", codigoRetirada: " 0427 " },
      { pagamentoMetodo: "pix", pagamentoValor: "35,00" },
      token,
    );
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ statusPedido: "retirado", estoqueSituacao: "baixado" });
    expect(row.retiradoEm).toBeInstanceOf(Date);
    expect(await atCentro()).toEqual({ emMaos: 7, reservado: 0, disponivel: 7 });
    // The other unit's shelf is untouched.
    expect(await atMeiaPraia()).toEqual({ emMaos: 7, reservado: 0, disponivel: 7 });

    // Collected: only a cancellation, and the units go back only when asked.
    const reopen = await post({ id: order.id, status: "pronto_retirada" });
    expect(reopen.data.message).toBe("Pedido já entregue ao cliente: só pode ser cancelado.");
    const back = await post({ id: order.id, status: "cancelado", voltarAoEstoque: "true" });
    expect(back.data.description).toBe("Os itens voltaram para o estoque.");
    expect(await atCentro()).toEqual({ emMaos: 10, reservado: 0, disponivel: 10 });
    expect(await atMeiaPraia()).toEqual({ emMaos: 7, reservado: 0, disponivel: 7 });
    expect((await orderRow(order.id)).estoqueSituacao).toBe("devolvido");
  });

  it("the pick-up code has 5 tries per order, reserved before comparing and audited, even in a burst (issue 39)", async () => {
    const p = await productAtBothUnits(7, 10);
    const order = await pickUpOrder(p, centro, { codigoRetirada: "7315" }, 1);
    await post({ id: order.id, status: "pronto_retirada" });
    // Twelve wrong codes at once: five are compared, the rest are refused unread.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post({ id: order.id, status: "retirado", codigoRetirada: String(1000 + i) }),
      ),
    );
    const messages = burst.map((r) => r.data.errors?.codigoRetirada);
    expect(messages.filter((m) => m === "Código de retirada não confere")).toHaveLength(5);
    expect(messages.filter((m) => /Muitos códigos errados/.test(m ?? ""))).toHaveLength(7);
    // Now even the right code waits: nobody walks the 10,000 codes.
    const right = await post({ id: order.id, status: "retirado", codigoRetirada: "7315" });
    expect(right.status).toBe(400);
    expect(right.data.errors?.codigoRetirada).toMatch(/Muitos códigos errados/);
    expect((await orderRow(order.id)).statusPedido).toBe("pronto_retirada");
    // Every try is in the audit trail, with the order's number and who typed it.
    const wrong = (await auditEntries("pickup_code_wrong")).filter(
      (e) => e.resourceId === order.id,
    );
    const blocked = (await auditEntries("pickup_code_blocked")).filter(
      (e) => e.resourceId === order.id,
    );
    expect(wrong).toHaveLength(5);
    expect(blocked).toHaveLength(8);
    expect(wrong[0]!.details).toEqual({ numero_pedido: order.numeroPedido });
    expect(wrong[0]!.adminUserId).toBeTruthy();
  });
});
