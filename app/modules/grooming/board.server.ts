// Admin grooming orders (SPEC §2.3 'Serviços de Banho & Tosa', §4).
import { count, desc, eq } from "drizzle-orm";
import { clampPage } from "~/domain/pagination";
import type { StatusServico } from "~/domain/statuses";
import type { AdminActor } from "~/platform/admin/actor.server";
import { setStatusAudited } from "~/platform/admin/status.server";
import { db, type Executor } from "~/platform/db/client.server";
import { type PedidoServico, pedidosServicos } from "./tables.server";

const GROOMING_PAGE_SIZE = 30;

/**
 * One page of the grooming orders, newest first, with the total for the same filter (the
 * count the page shows). A page past the end is the last page.
 */
export async function listGroomingOrders(
  filters: { status?: StatusServico; page?: number } = {},
  executor: Executor = db(),
): Promise<{ orders: PedidoServico[]; total: number; page: number; pageSize: number }> {
  const where = filters.status ? eq(pedidosServicos.status, filters.status) : undefined;
  const [row] = await executor.select({ total: count() }).from(pedidosServicos).where(where);
  const total = Number(row?.total ?? 0);
  const page = clampPage(filters.page, total, GROOMING_PAGE_SIZE);
  const orders = await executor
    .select()
    .from(pedidosServicos)
    .where(where)
    .orderBy(desc(pedidosServicos.createdAt), desc(pedidosServicos.id))
    .limit(GROOMING_PAGE_SIZE)
    .offset((page - 1) * GROOMING_PAGE_SIZE);
  return { orders, total, page, pageSize: GROOMING_PAGE_SIZE };
}

export async function setGroomingStatus(
  id: string,
  status: StatusServico,
  actor: AdminActor,
): Promise<PedidoServico> {
  return setStatusAudited(pedidosServicos, id, status, actor, {
    notFound: "Pedido não encontrado",
    action: "grooming_status_update",
    resourceType: "pedido_servico",
    details: (current) => ({ numero_pedido: current.numeroPedido }),
  });
}
