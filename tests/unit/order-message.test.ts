import { describe, expect, it } from "vitest";
import { orderMessage } from "~/modules/orders/message";

/** An order with every part the text can show. */
const FULL_ORDER: Parameters<typeof orderMessage>[0] = {
  numeroPedido: "PED1763812800123042",
  clienteNome: "Maria Souza",
  clienteTelefone: "(47) 99999-0000",
  clienteEndereco: "Rua 300, 12",
  clienteBairro: "Meia Praia",
  clienteReferencia: "Perto da praça",
  janelaEntrega: "tarde",
  observacoes: "Tocar a campainha",
  itens: [{ produtoNome: "Ração X", produtoPreco: 1990, quantidade: 2, subtotal: 3980 }],
  subtotal: 3980,
  desconto: 398,
  cupomCodigo: "BEMVINDO10",
  taxaEntrega: 500,
  total: 4082,
  formaPagamento: "dinheiro",
  trocoPara: 5000,
  statusPagamento: "aguardando",
};

describe("order chat text (SPEC §7.6)", () => {
  it("names customer, address, window, items, totals, payment, status, number and notes", () => {
    const text = orderMessage(FULL_ORDER);
    for (const part of [
      "PED1763812800123042",
      "Maria Souza",
      "(47) 99999-0000",
      "Rua 300, 12 - Meia Praia",
      "Perto da praça",
      "Tarde (13h às 17h)",
      "2x Ração X (R$ 19,90) = R$ 39,80",
      "*Subtotal:* R$ 39,80",
      "*Desconto (cupom BEMVINDO10):* -R$ 3,98",
      "*Taxa de entrega:* R$ 5,00",
      "*Total:* R$ 40,82",
      "*Pagamento:* Dinheiro",
      "*Troco para:* R$ 50,00",
      "*Status do pagamento:* Aguardando",
      "*Observações:* Tocar a campainha",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("says free delivery and leaves out empty parts", () => {
    const text = orderMessage({
      ...FULL_ORDER,
      clienteReferencia: undefined,
      observacoes: undefined,
      itens: [],
      subtotal: 5000,
      desconto: 0,
      cupomCodigo: undefined,
      taxaEntrega: 0,
      total: 5000,
      formaPagamento: "pix",
      trocoPara: undefined,
    });
    expect(text).toContain("*Taxa de entrega:* Grátis");
    expect(text).toContain("PIX Manual");
    expect(text).not.toContain("Desconto");
    expect(text).not.toContain("Observações");
    expect(text).not.toContain("Referência");
  });
});
