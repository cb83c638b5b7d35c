// What a "compra programada" (issue 45) reads of its renewal orders: how each ended (paid,
// cancelled unpaid, still open).
import { inArray } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { pedidos } from "./tables.server";

interface RenewalOutcome {
  id: string;
  numeroPedido: string;
  total: number;
  /** Paid (online, or handed over and paid there), cancelled unpaid (expired), or still open. */
  desfecho: "pago" | "expirado" | "aberto";
}

export async function renewalOutcomes(
  ids: string[],
  executor: Executor = db(),
): Promise<RenewalOutcome[]> {
  const rows = await readByKeys(ids, (wanted) =>
    executor
      .select({
        id: pedidos.id,
        numeroPedido: pedidos.numeroPedido,
        total: pedidos.total,
        statusPedido: pedidos.statusPedido,
        statusPagamento: pedidos.statusPagamento,
      })
      .from(pedidos)
      .where(inArray(pedidos.id, wanted)),
  );
  return rows.map((r) => ({
    id: r.id,
    numeroPedido: r.numeroPedido,
    total: r.total,
    desfecho:
      r.statusPagamento === "pago" || r.statusPedido === "entregue" || r.statusPedido === "retirado"
        ? "pago"
        : r.statusPedido === "cancelado"
          ? "expirado"
          : "aberto",
  }));
}
