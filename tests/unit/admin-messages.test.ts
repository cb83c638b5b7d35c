import { describe, expect, it } from "vitest";
import { shop } from "~/content/shop";
import { groomingChatMessage, orderChatMessage } from "~/domain/admin-messages";
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
});
