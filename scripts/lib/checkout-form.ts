// The checkout form as the checkout page posts it, for the i-th of many customers buying one
// unit of a product: what the benchmark and the two-instance test send by the hundred.
import crypto from "node:crypto";

export function customerCheckout(
  i: number,
  productId: string,
  nome = `Cliente ${i}`,
): Record<string, string> {
  return {
    nome,
    telefone: "47999990000",
    endereco: "Rua 416",
    numero: String(i + 1),
    bairro: "Meia Praia",
    janelaEntrega: "tarde",
    formaPagamento: "dinheiro",
    itens: `${productId}:1`,
    idempotencyKey: crypto.randomUUID(),
  };
}
