// How a live alert reads in the admin's toast and which menu entry counts it (pure rules).
import { describe, expect, it } from "vitest";
import { type Aviso, avisoPath, avisoText } from "~/modules/alerts";

const aviso = (tipo: Aviso["tipo"], dados: Record<string, unknown>): Aviso => ({
  id: 1,
  tipo,
  referenciaId: "x",
  dados,
  criadoEm: "2026-11-26T10:00:00.000Z",
});

describe("live alerts", () => {
  it("a new order: its number, then the total in reais and the customer", () => {
    const text = avisoText(aviso("pedido", { numero: "PED1", total: 123456, cliente: "Maria" }));
    expect(text.title).toBe("Novo pedido PED1");
    expect(text.description.replace(/\s/g, " ")).toBe("R$ 1.234,56 · Maria");
    expect(avisoPath("pedido")).toBe("/admin/loja");
  });

  it("a charge paid after cancellation says what to do", () => {
    const text = avisoText(aviso("pago_apos_cancelamento", { numero: "PED2", total: 4590 }));
    expect(text.title).toBe("Pago após cancelamento: PED2");
    expect(text.description).toContain("reembolse ou reabra o pedido");
    expect(avisoPath("pago_apos_cancelamento")).toBe("/admin/loja");
  });

  it("grooming requests and resumes belong to their own screens", () => {
    expect(avisoText(aviso("servico", { pet: "Rex", tutor: "Ana" })).description).toBe("Rex · Ana");
    expect(avisoText(aviso("curriculo", { nome: "João", vaga: "caixa" })).title).toBe(
      "Novo currículo",
    );
    expect(avisoPath("servico")).toBe("/admin/servicos");
    expect(avisoPath("curriculo")).toBe("/admin/curriculos");
  });
});
