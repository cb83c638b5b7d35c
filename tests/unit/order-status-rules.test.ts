import { describe, expect, it } from "vitest";
import { orderStatusChoices } from "~/modules/orders";

describe("the statuses the orders view offers", () => {
  it.each([
    {
      when: "a pick-up order: its own steps only",
      order: { modo: "retirada", statusPedido: "novo" },
      choices: ["novo", "preparo", "pronto_retirada", "retirado", "cancelado"],
    },
    {
      when: "a delivery order: its own steps only",
      order: { modo: "entrega", statusPedido: "preparo" },
      choices: ["novo", "preparo", "saiu_entrega", "entregue", "cancelado"],
    },
    {
      when: "handed over: only cancelled",
      order: { modo: "retirada", statusPedido: "retirado" },
      choices: ["retirado", "cancelado"],
    },
    {
      when: "cancelled: nothing else",
      order: { modo: "entrega", statusPedido: "cancelado" },
      choices: ["cancelado"],
    },
  ] as const)("$when", ({ order, choices }) => {
    expect(orderStatusChoices(order)).toEqual(choices);
  });
});
