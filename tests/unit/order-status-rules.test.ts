import { describe, expect, it } from "vitest";
import { orderStatusChoices } from "~/modules/orders";

describe("the statuses the orders view offers", () => {
  it("a pick-up order: its own steps only", () => {
    expect(orderStatusChoices({ modo: "retirada", statusPedido: "novo" })).toEqual([
      "novo",
      "preparo",
      "pronto_retirada",
      "retirado",
      "cancelado",
    ]);
  });

  it("a delivery order: its own steps only", () => {
    expect(orderStatusChoices({ modo: "entrega", statusPedido: "preparo" })).toEqual([
      "novo",
      "preparo",
      "saiu_entrega",
      "entregue",
      "cancelado",
    ]);
  });

  it("handed over: only cancelled; cancelled: nothing else", () => {
    expect(orderStatusChoices({ modo: "retirada", statusPedido: "retirado" })).toEqual([
      "retirado",
      "cancelado",
    ]);
    expect(orderStatusChoices({ modo: "entrega", statusPedido: "cancelado" })).toEqual([
      "cancelado",
    ]);
  });
});
