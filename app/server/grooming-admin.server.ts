// Admin grooming orders (SPEC §2.3 'Serviços de Banho & Tosa', §4).
import { desc, eq } from "drizzle-orm";
import type { StatusServico } from "~/server/db/schema";
import { type AdminActor, AdminError, audit } from "./admin-actor.server";
import { db, type Executor, transaction } from "./db/client.server";
import { type PedidoServico, pedidosServicos } from "./db/schema";

export async function listGroomingOrders(
  filters: { status?: StatusServico } = {},
  executor: Executor = db(),
): Promise<PedidoServico[]> {
  return executor
    .select()
    .from(pedidosServicos)
    .where(filters.status ? eq(pedidosServicos.status, filters.status) : undefined)
    .orderBy(desc(pedidosServicos.createdAt), desc(pedidosServicos.id))
    .limit(200);
}

export async function setGroomingStatus(
  id: string,
  status: StatusServico,
  actor: AdminActor,
): Promise<PedidoServico> {
  return transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(pedidosServicos)
      .where(eq(pedidosServicos.id, id))
      .for("update");
    if (!current) throw new AdminError("Pedido não encontrado");
    if (current.status === status) return current;
    const [row] = await tx
      .update(pedidosServicos)
      .set({ status })
      .where(eq(pedidosServicos.id, id))
      .returning();
    await audit(tx, actor, "grooming_status_update", "pedido_servico", id, {
      numero_pedido: current.numeroPedido,
      de: current.status,
      para: status,
    });
    return row!;
  });
}
