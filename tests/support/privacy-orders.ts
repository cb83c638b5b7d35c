// The orders a customer's privacy request (download, erasure) works on, beside the order of
// someone else it must leave alone.
import type { pedidos } from "~/modules/orders/testing.server";
import { insertOrder, insertProduct } from "./factories";

/**
 * A sold order of `quantidade` Golden 15 kg bags with the `customer`'s data, and one of the same
 * line by "Outra Pessoa" (47 91111-2222, plus `strangerValues`): the order a customer's privacy
 * request must leave alone.
 */
export async function ownAndStrangerOrders(
  quantidade: number,
  customer: Partial<typeof pedidos.$inferInsert>,
  strangerValues: Partial<typeof pedidos.$inferInsert> = {},
) {
  const product = await insertProduct({ nome: "Ração Golden 15 kg", precoAtual: 15990 });
  const line = [{ produtoId: product.id, nome: product.nome, preco: 15990, quantidade }];
  const order = await insertOrder(line, { ...customer, estoqueSituacao: "baixado" });
  const stranger = await insertOrder(line, {
    clienteNome: "Outra Pessoa",
    clienteTelefone: "47911112222",
    ...strangerValues,
    estoqueSituacao: "baixado",
  });
  return { product, order, stranger };
}
