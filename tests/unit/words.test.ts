// Words a customer understands (issue: "speaks like a Brazilian shop").
import { describe, expect, it } from "vitest";
import { preferredTimeText } from "~/domain/dates";
import { formatPhoneDisplay } from "~/domain/phone";
import { FORMA_PAGAMENTO_CLIENTE, FORMA_PAGAMENTO_LABEL } from "~/domain/statuses";
import { countText, withFullStop } from "~/domain/text";

describe("words a customer reads", () => {
  it("a period word is never glued to 'às'; a clock time is", () => {
    expect(preferredTimeText("05/12/2026", "manhã")).toBe("05/12/2026 (manhã)");
    expect(preferredTimeText("05/12/2026", "Tarde, depois das 15")).toBe(
      "05/12/2026 (Tarde, depois das 15)",
    );
    expect(preferredTimeText("05/12/2026", "14:00")).toBe("05/12/2026 às 14:00");
    expect(preferredTimeText("05/12/2026", "9h")).toBe("05/12/2026 às 9h");
    expect(preferredTimeText("05/12/2026", "  ")).toBe("05/12/2026");
    expect(preferredTimeText(null, "manhã")).toBe("manhã");
    expect(preferredTimeText(null, null)).toBe("A combinar");
  });

  it("a name that ends in a full stop gets no second one", () => {
    expect(withFullStop("Agropet Litoral Ltda.")).toBe("Agropet Litoral Ltda.");
    expect(withFullStop("Agropet Litoral Ltda")).toBe("Agropet Litoral Ltda.");
  });

  it("the customer reads 'Pix'; the staff keep the spec's 'PIX Manual'", () => {
    expect(FORMA_PAGAMENTO_CLIENTE.pix).toBe("Pix");
    expect(FORMA_PAGAMENTO_CLIENTE.pix_mercadopago).toBe("Pix");
    expect(FORMA_PAGAMENTO_LABEL.pix).toBe("PIX Manual");
  });

  it("one phone format everywhere", () => {
    expect(formatPhoneDisplay("47988887777")).toBe("(47) 98888-7777");
    expect(formatPhoneDisplay("+55 47 3344-5566")).toBe("(47) 3344-5566");
  });
});

// Issue 39, point 13: plurals written out, never "pedido(s)".
describe("counts", () => {
  it("writes the noun in the number's form", () => {
    expect(countText(1, "pedido")).toBe("1 pedido");
    expect(countText(2, "pedido")).toBe("2 pedidos");
    expect(countText(0, "uso")).toBe("0 usos");
    expect(countText(1200, "pedido")).toBe("1.200 pedidos");
    expect(countText(3, "bairro ativo", "bairros ativos")).toBe("3 bairros ativos");
  });
});
