import { describe, expect, it } from "vitest";
import { shop } from "~/content/shop";
import { groomingChatMessage, orderChatMessage, pickUpReadyMessage } from "~/domain/admin-messages";
import { chatLink } from "~/domain/whatsapp";

describe("admin chat messages (SPEC §7.6)", () => {
  it("greets the grooming customer naming service, pet and order, photos analysed, quote coming", () => {
    const text = groomingChatMessage({
      nomeTutor: "Carla",
      tipoServico: "banho_tosa",
      nomePet: "Thor",
      numeroPedido: "SRV123456",
    });
    for (const part of ["Olá, Carla!", shop.name, "Banho + Tosa Higiênica", "Thor", "SRV123456"]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/analisamos as fotos/);
    expect(text).toMatch(/orçamento/);
    // The owner's number gets 55 in front.
    expect(chatLink("(47) 99999-0000", text)).toMatch(
      /^https:\/\/wa\.me\/5547999990000\?text=Ol%C3%A1%2C%20Carla/,
    );
  });

  it("talks to the store customer about their order", () => {
    const text = orderChatMessage({
      clienteNome: "Maria",
      numeroPedido: "PED1",
      total: 12345,
      statusPedido: "saiu_entrega",
    });
    for (const part of ["Olá, Maria!", "PED1", "R$ 123,45", "saiu para entrega"]) {
      expect(text).toContain(part);
    }
  });

  it("tells the pick-up customer the order is ready: number, unit and address, code, hours", () => {
    const order = { clienteNome: "Ana", numeroPedido: "PED20260101", codigoRetirada: "0427" };
    const unit = {
      nome: "Unidade Meia Praia",
      endereco: "Rua 416, Meia Praia, Itapema - SC",
      horarios: "Seg a Sex 9h às 20h; Sáb 9h às 18h; Dom fechado",
    };
    expect(pickUpReadyMessage(order, unit)).toBe(
      [
        `Olá, Ana! Aqui é da ${shop.name} 🐾`,
        "Seu pedido PED20260101 está pronto para retirada!",
        "Onde retirar: Unidade Meia Praia — Rua 416, Meia Praia, Itapema - SC",
        "Código de retirada: 0427",
        "Horário de funcionamento: Seg a Sex 9h às 20h; Sáb 9h às 18h; Dom fechado",
        "Informe o código no balcão. Até já!",
      ].join("\n\n"),
    );
    // Without a unit (deleted) or a code, those lines are left out.
    const bare = pickUpReadyMessage({ ...order, codigoRetirada: null }, null);
    expect(bare).not.toMatch(/Onde retirar|Código|Horário/);
    expect(bare).toContain("PED20260101 está pronto para retirada");
    // The link goes to the customer's number with 55 in front, the text encoded.
    expect(chatLink("(47) 98888-7777", pickUpReadyMessage(order, unit))).toMatch(
      /^https:\/\/wa\.me\/5547988887777\?text=Ol%C3%A1%2C%20Ana.*0427/,
    );
  });
});
