// What the cart's quote says of a pick-up line the chosen unit cannot fill (issue 39).
import { expect } from "vitest";

/**
 * The quoted line of a pick-up at a unit holding 1 of the 4 in the shop, with the rest at Meia
 * Praia, `asked` asked: not cut down, named with where the rest is.
 */
export function expectOneOfFourAtThisUnit(linha: unknown, asked: number) {
  expect(linha).toMatchObject({
    estoque: 1,
    estoqueTotal: 4,
    quantidade: 0,
    quantidadePedida: asked,
    falta: `só 1 nesta unidade (você pediu ${asked}); disponível na Unidade Meia Praia ou para entrega`,
  });
}
