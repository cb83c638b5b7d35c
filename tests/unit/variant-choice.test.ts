import { describe, expect, it } from "vitest";
import {
  chooseVariant,
  lineName,
  optionChoices,
  pricePerKg,
  unitAvailabilityText,
} from "~/modules/catalog/variant-choice";
import { sumLines } from "~/modules/inventory/stock.server";

const v = (sku: string, valores: string[], estoque: number, rotulo = valores.join(" / ")) => ({
  id: `id-${sku}`,
  sku,
  rotulo,
  valores,
  estoque,
});

describe("choosing a pack on the product page", () => {
  const packs = [v("R-1", ["1 kg"], 0), v("R-3", ["3 kg"], 4), v("R-15", ["15 kg"], 2)];

  it("takes the SKU of the address in any case, else the first in stock, else the first", () => {
    expect(chooseVariant(packs, "r-15")?.sku).toBe("R-15");
    expect(chooseVariant(packs, "NOPE")?.sku).toBe("R-3");
    expect(chooseVariant(packs, null)?.sku).toBe("R-3");
    expect(chooseVariant([v("A", ["x"], 0), v("B", ["y"], 0)], null)?.sku).toBe("A");
    expect(chooseVariant([], "A")).toBeNull();
  });

  it("links each value to its pack; the chosen one marked, a sold-out one disabled", () => {
    const [peso] = optionChoices(
      [{ nome: "Peso", valores: ["1 kg", "3 kg", "15 kg"] }],
      packs,
      packs[2]!,
    );
    expect(peso).toEqual({
      nome: "Peso",
      valores: [
        { valor: "1 kg", sku: "R-1", selected: false, esgotado: true },
        { valor: "3 kg", sku: "R-3", selected: false, esgotado: false },
        { valor: "15 kg", sku: "R-15", selected: true, esgotado: false },
      ],
    });
  });

  it("keeps the other options of the choice when one changes, else any pack with the value", () => {
    const grid = [
      v("P-AZ", ["P", "Azul"], 1),
      v("P-VM", ["P", "Vermelho"], 1),
      v("G-AZ", ["G", "Azul"], 1),
    ];
    const opcoes = [
      { nome: "Tamanho", valores: ["P", "G"] },
      { nome: "Cor", valores: ["Azul", "Vermelho"] },
    ];
    const [tamanho, cor] = optionChoices(opcoes, grid, grid[1]!);
    // From P / Vermelho, G keeps no red: the first G.
    expect(tamanho!.valores.map((x) => x.sku)).toEqual(["P-VM", "G-AZ"]);
    expect(cor!.valores.map((x) => [x.sku, x.selected])).toEqual([
      ["P-AZ", false],
      ["P-VM", true],
    ]);
  });

  it("has no buttons for one pack, and labels for packs without named options", () => {
    expect(optionChoices([], [packs[0]!], packs[0]!)).toEqual([]);
    const [only] = optionChoices([], packs, packs[1]!);
    expect(only!.nome).toBe("Opção");
    expect(only!.valores.map((x) => x.valor)).toEqual(["1 kg", "3 kg", "15 kg"]);
  });

  it("prices per kilo from the pack's weight, and says what each unit has", () => {
    expect(pricePerKg(28_740, 15_000)).toBe("R$ 19,16/kg");
    expect(pricePerKg(3290, 1000)).toBe("R$ 32,90/kg");
    expect(pricePerKg(3290, null)).toBeNull();
    expect(
      unitAvailabilityText({ nome: "Unidade Meia Praia", retirada: true, disponivel: 3 }),
    ).toBe("Retire hoje na Unidade Meia Praia · 3 un.");
    expect(unitAvailabilityText({ nome: "Nova Unidade", retirada: false, disponivel: 2 })).toBe(
      "Nova Unidade · 2 un.",
    );
    expect(unitAvailabilityText({ nome: "Nova Unidade", retirada: true, disponivel: 0 })).toBe(
      "Nova Unidade: esgotado",
    );
    expect(lineName("Ração X", "15 kg")).toBe("Ração X — 15 kg");
    expect(lineName("Ração X", "")).toBe("Ração X");
  });
});

describe("an order's lines as stock sees them", () => {
  it("sums repeated lines of a variant and orders them by id (the lock order)", () => {
    expect(
      sumLines([
        { varianteId: "b", quantidade: 1 },
        { varianteId: "a", quantidade: 2 },
        { varianteId: "b", quantidade: 3 },
      ]),
    ).toEqual([
      { varianteId: "a", quantidade: 2 },
      { varianteId: "b", quantidade: 4 },
    ]);
  });
});
