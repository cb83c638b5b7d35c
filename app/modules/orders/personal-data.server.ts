// What the store holds about one person: their orders, with the items as sold (decision 0045).
// Anonymising keeps the number, items, totals, payment and dates for the accounts; the
// personal fields go.
import { inArray } from "drizzle-orm";
import { STATUS_PEDIDO_LABEL, type StatusPedido } from "~/domain/statuses";
import { now } from "~/platform/clock.server";
import type { Executor } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import {
  ANONYMOUS,
  overwriteRows,
  type PersonalDataHandler,
  type Subject,
  subjectMatch,
} from "~/platform/personal-data.server";
import { itensPedido, pedidos } from "./tables.server";

/** An order handed over or cancelled: nothing left to deliver, so its buyer may leave. */
const CLOSED_ORDER: readonly StatusPedido[] = ["entregue", "retirado", "cancelado"];

async function ordersOf(subject: Subject, executor: Executor) {
  const orders = await executor
    .select()
    .from(pedidos)
    .where(subjectMatch(subject, pedidos.clienteTelefone, pedidos.clienteEmail))
    .orderBy(pedidos.createdAt);
  const items = await readByKeys(
    orders.map((o) => o.id),
    (ids) => executor.select().from(itensPedido).where(inArray(itensPedido.pedidoId, ids)),
  );
  return { orders, items };
}

export const ordersPersonalData: PersonalDataHandler = {
  label: "Pedidos da loja (com os itens)",
  async find(subject, executor) {
    const { orders, items } = await ordersOf(subject, executor);
    return {
      counts: { pedidos: orders.length },
      data: {
        pedidos: orders.map(({ tokenHash: _t, idempotencyKey: _k, ...order }) => ({
          ...order,
          itens: items.filter((i) => i.pedidoId === order.id),
        })),
      },
      files: [],
      references: orders.map((o) => ({ type: "pedido", id: o.id })),
    };
  },
  async openWork(subject, executor) {
    const { orders } = await ordersOf(subject, executor);
    return orders
      .filter((o) => !CLOSED_ORDER.includes(o.statusPedido))
      .map(
        (o) => `o pedido ${o.numeroPedido} (${STATUS_PEDIDO_LABEL[o.statusPedido].toLowerCase()})`,
      );
  },
  async anonymise(subject, tx) {
    const { orders } = await ordersOf(subject, tx);
    const ids = orders.map((o) => o.id);
    await overwriteRows(tx, pedidos, ids, {
      clienteNome: ANONYMOUS,
      clienteTelefone: "",
      clienteEndereco: "",
      clienteBairro: "",
      clienteReferencia: null,
      clienteEmail: null,
      emailsStatus: false,
      observacoes: null,
      updatedAt: now(),
    });
    return {
      counts: { pedidos: ids.length },
      files: [],
      references: ids.map((id) => ({ type: "pedido", id })),
    };
  },
};
