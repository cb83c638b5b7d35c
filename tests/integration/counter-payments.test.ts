// Payments received in person (issue 43 point 2, decision 0077): handing over a "pagar na
// retirada" or "na entrega" order asks how it was paid and records it once, with who and
// when; an amount other than the total needs a reason; the customer's e-mail says "Pago".
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { composeEmail } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { recebimentos } from "~/modules/payments/testing.server";
import { db } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import {
  auditEntries,
  defaultUnitId,
  insertOrder,
  insertProduct,
  makeAdmin,
} from "../support/factories";
import { handOverAskingPayment, postOrderStatus } from "../support/loja-actions";

const ctx = withTestDatabase();
let token: string;
let userId: string;
let unit: string;

beforeAll(async () => {
  await seedDatabase({ images: false });
  const admin = await makeAdmin();
  token = admin.token;
  userId = admin.user.id;
  unit = await defaultUnitId();
});

const post = (fields: Record<string, string>) => postOrderStatus(fields, token);

/** A pick-up order paid at the counter: 2 × R$ 119,95 = R$ 239,90, code 0427. */
async function pickUp() {
  const p = await insertProduct({ estoque: 10 });
  const order = await insertOrder(
    [{ produtoId: p.id, nome: p.nome, preco: 11995, quantidade: 2 }],
    {
      modo: "retirada",
      unidadeId: unit,
      codigoRetirada: "0427",
      clienteEndereco: "",
      clienteBairro: "",
      janelaEntrega: null,
      taxaEntrega: 0,
      total: 23990,
      formaPagamento: "balcao",
      clienteEmail: "carla@example.com",
    },
  );
  await post({ id: order.id, status: "pronto_retirada" });
  return order;
}

const orderRow = async (id: string) =>
  (await db().select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
const paymentsOf = (id: string) =>
  db().select().from(recebimentos).where(eq(recebimentos.pedidoId, id));

describe("payment at the counter", () => {
  it("cash with change: recorded with who and when, the order paid, the e-mail says Pago", async () => {
    const order = await pickUp();
    const asked = await post({ id: order.id, status: "retirado", codigoRetirada: "0427" });
    expect(asked.status).toBe(400);
    expect(asked.data.errors).toEqual({ pagamento: "Informe como o pedido foi pago" });
    expect((await orderRow(order.id)).statusPedido).toBe("pronto_retirada");

    const short = await post({
      id: order.id,
      status: "retirado",
      codigoRetirada: "0427",
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "239,90",
      pagamentoRecebido: "200,00",
    });
    expect(short.data.errors).toEqual({
      recebido: "O valor entregue é menor que o valor a pagar",
    });

    const paid = await post({
      id: order.id,
      status: "retirado",
      codigoRetirada: "0427",
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "239,90",
      pagamentoRecebido: "250,00",
    });
    expect(paid.data.ok).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({
      statusPedido: "retirado",
      statusPagamento: "pago",
    });
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({
      metodo: "dinheiro",
      valor: 23990,
      recebido: 25000,
      motivo: null,
      usuarioId: userId,
      unidadeId: unit,
    });
    const [audit] = (await auditEntries("order_status_update")).filter(
      (a) => a.resourceId === order.id && a.details?.para === "retirado",
    );
    expect(audit?.details).toMatchObject({ pagamento: "dinheiro", valor: 23990, troco: 1010 });

    // One e-mail for the hand-over (no separate "pago"), and it says Pago.
    const sent = await ctx.database.db.select().from(emails).where(eq(emails.resourceId, order.id));
    const kinds = sent.map((e) => e.tipo);
    expect(kinds).toContain("pedido_retirado");
    expect(kinds).not.toContain("pedido_pago");
    const retirado = sent.find((e) => e.tipo === "pedido_retirado")!;
    const composed = await composeEmail(retirado);
    expect(composed?.texto).toContain("Pagamento: Pago (R$ 239,90).");
  });

  it("an amount other than the total needs a reason, kept with the payment", async () => {
    const order = await pickUp();
    const base = {
      id: order.id,
      status: "retirado",
      codigoRetirada: "0427",
      pagamentoMetodo: "debito",
      pagamentoValor: "220,00",
    };
    const without = await post(base);
    expect(without.data.errors).toEqual({
      motivo: "O valor é diferente do total (R$ 239,90): diga o motivo",
    });
    expect(await paymentsOf(order.id)).toHaveLength(0);
    const withReason = await post({ ...base, pagamentoMotivo: "embalagem rasgada, desconto" });
    expect(withReason.data.ok).toBe(true);
    expect((await paymentsOf(order.id))[0]).toMatchObject({
      metodo: "debito",
      valor: 22000,
      recebido: null,
      motivo: "embalagem rasgada, desconto",
    });
  });

  it("a double click records the payment once", async () => {
    const order = await pickUp();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post({
          id: order.id,
          status: "retirado",
          codigoRetirada: "0427",
          pagamentoMetodo: "credito",
          pagamentoValor: "239,90",
        }),
      ),
    );
    expect(answers.every((a) => a.data.ok)).toBe(true);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const audits = (await auditEntries("order_status_update")).filter(
      (a) => a.resourceId === order.id && a.details?.para === "retirado",
    );
    expect(audits).toHaveLength(1);
  });

  it("a delivery paid at the door asks too; an order already paid online does not", async () => {
    const p = await insertProduct({ estoque: 10 });
    const door = await insertOrder(
      [{ produtoId: p.id, nome: p.nome, preco: 5000, quantidade: 1 }],
      {
        formaPagamento: "cartao_entrega",
      },
    );
    await post({ id: door.id, status: "saiu_entrega" });
    await handOverAskingPayment(
      { id: door.id, status: "entregue" },
      { pagamentoMetodo: "credito", pagamentoValor: "55,00" },
      token,
    );

    const online = await insertOrder(
      [{ produtoId: p.id, nome: p.nome, preco: 5000, quantidade: 1 }],
      { formaPagamento: "pix_mercadopago", statusPagamento: "pago" },
    );
    await post({ id: online.id, status: "saiu_entrega" });
    expect((await post({ id: online.id, status: "entregue" })).data.ok).toBe(true);
    expect(await paymentsOf(online.id)).toHaveLength(0);
  });
});
