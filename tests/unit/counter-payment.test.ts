// The rules of a payment received in person (issue 43 point 2).
import { describe, expect, it } from "vitest";
import { checkCounterPayment } from "~/domain/counter-payment";

describe("a payment received in person", () => {
  it("gives the change of a cash payment", () => {
    const check = checkCounterPayment(
      { metodo: "dinheiro", valor: 23990, recebido: 25000, motivo: null },
      23990,
    );
    expect(check).toEqual({ errors: {}, troco: 1010 });
  });

  it("refuses cash handed over short, an empty amount and an unknown method", () => {
    expect(
      checkCounterPayment(
        { metodo: "dinheiro", valor: 23990, recebido: 20000, motivo: null },
        23990,
      ).errors.recebido,
    ).toBe("O valor entregue é menor que o valor a pagar");
    expect(
      checkCounterPayment({ metodo: "pix", valor: 0, recebido: null, motivo: null }, 23990).errors
        .valor,
    ).toBe("Informe o valor recebido");
    expect(
      checkCounterPayment({ metodo: "cheque" as never, valor: 1, recebido: null, motivo: null }, 1)
        .errors.metodo,
    ).toBe("Escolha como foi pago");
  });

  it("asks the reason of an amount other than the total, and takes it with one", () => {
    const without = checkCounterPayment(
      { metodo: "debito", valor: 22000, recebido: null, motivo: " " },
      23990,
    );
    expect(without.errors.motivo).toBe("O valor é diferente do total (R$ 239,90): diga o motivo");
    const withReason = checkCounterPayment(
      { metodo: "debito", valor: 22000, recebido: null, motivo: "desconto de avaria" },
      23990,
    );
    expect(withReason.errors).toEqual({});
  });
});
