import { describe, expect, it } from "vitest";
import { productSearchText } from "~/modules/catalog/search";
import {
  combinations,
  mergeCombinations,
  newCombinationRow,
  optionIssues,
  splitValues,
  suggestedSku,
  type VariantRowForm,
  variantLabel,
  variantsFormSchema,
  variantsJsonSchema,
} from "~/modules/catalog/variant-form";

const UNIT_A = "00000000-0000-4000-8000-00000000000a";
const UNIT_B = "00000000-0000-4000-8000-00000000000b";

function row(valores: string[], values: Partial<VariantRowForm> = {}): VariantRowForm {
  return {
    valores,
    sku: suggestedSku("RACAO", valores),
    ean: "",
    preco: "19,90",
    precoAntes: "",
    pesoG: "",
    ativo: true,
    estoque: { [UNIT_A]: "3", [UNIT_B]: "" },
    ...values,
  };
}

const peso = { nome: "Peso", valores: ["1 kg", "3 kg", "15 kg"] };

function messages(input: unknown): string[] {
  const parsed = variantsFormSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

/** The refusals of a grid of these rows under the one option "Peso". */
const weightRowMessages = (...variantes: unknown[]) => messages({ opcoes: [peso], variantes });

describe("options", () => {
  it("splits comma-separated values, trimmed, empties dropped", () => {
    expect(splitValues(" 1 kg,3  kg ,, 15 kg,")).toEqual(["1 kg", "3 kg", "15 kg"]);
  });

  it("accepts up to 3 options with unique names and values", () => {
    expect(optionIssues([peso, { nome: "Cor", valores: ["Azul"] }])).toEqual([]);
    const four = [1, 2, 3, 4].map((n) => ({ nome: `O${n}`, valores: ["a"] }));
    expect(optionIssues(four).map((i) => i.message)).toContain("Use no máximo 3 opções");
  });

  it("refuses empty names, repeated names and empty or repeated values, in pt-BR", () => {
    const issues = optionIssues([
      { nome: "", valores: ["a"] },
      { nome: "Cor", valores: [] },
      { nome: "cor", valores: ["Azul", "azul"] },
    ]);
    expect(issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["opcoes.0.nome", "Opção 1: informe o nome (ex.: Peso)"],
      ["opcoes.1.valores", "Opção Cor: informe ao menos um valor"],
      ["opcoes.2.nome", "A opção cor aparece duas vezes"],
      ["opcoes.2.valores", "Opção cor: o valor azul aparece duas vezes"],
    ]);
    expect(optionIssues([{ nome: "Peso", valores: ["1 kg", " "] }])[0]!.message).toBe(
      "Opção Peso: há um valor vazio",
    );
  });
});

describe("combinations", () => {
  it("is the cartesian product in option and value order, labelled", () => {
    const combos = combinations([
      { nome: "Tamanho", valores: ["P", "M"] },
      { nome: "Cor", valores: ["Azul", "Verde"] },
    ]);
    expect(combos).toEqual([
      ["P", "Azul"],
      ["P", "Verde"],
      ["M", "Azul"],
      ["M", "Verde"],
    ]);
    expect(combos.map(variantLabel)).toEqual(["P / Azul", "P / Verde", "M / Azul", "M / Verde"]);
    expect(variantLabel(["15 kg"])).toBe("15 kg");
    expect(combinations([])).toEqual([[]]);
  });

  it("keeps rows that match a combination; the only row without options becomes the first", () => {
    const existing = [
      { ...row(["3 kg"]), id: "x3", sku: "MINE-3" },
      { ...row(["9 kg"]), id: "x9" },
    ];
    const merged = mergeCombinations(existing, combinations([peso]), (valores) =>
      row(valores, { sku: "NEW" }),
    );
    expect(merged.map((r) => [r.valores[0], r.sku])).toEqual([
      ["1 kg", "NEW"],
      ["3 kg", "MINE-3"],
      ["15 kg", "NEW"],
    ]);
    const single = mergeCombinations(
      [{ ...row([]), id: "prod", sku: "RACAO" }],
      combinations([peso]),
      (valores) => row(valores),
    );
    expect(single[0]).toMatchObject({ id: "prod", sku: "RACAO", valores: ["1 kg"] });
    expect(single[1]!.id).toBeUndefined();
  });

  it("a new combination starts without price or stock and inactive, and saving asks for its price", () => {
    const kept = { ...row(["1 kg"]), id: UNIT_A.replace("a", "1"), preco: "39,90", ativo: true };
    const merged = mergeCombinations(
      [kept],
      combinations([{ nome: "Peso", valores: ["1 kg", "20 kg"] }]),
      (valores) => newCombinationRow(valores, "RACAO", [UNIT_A, UNIT_B]),
    );
    expect(merged[0]).toMatchObject({ id: kept.id, preco: "39,90", ativo: true });
    expect(merged[1]).toMatchObject({
      id: null,
      valores: ["20 kg"],
      sku: "RACAO-20KG",
      preco: "",
      ativo: false,
      estoque: { [UNIT_A]: "0", [UNIT_B]: "0" },
    });
    const parsed = variantsFormSchema.safeParse({
      opcoes: [{ nome: "Peso", valores: ["1 kg", "20 kg"] }],
      variantes: merged,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toContain("Variação 20 kg: informe o preço");
  });

  it("suggests SKUs from the product's code and the values", () => {
    expect(suggestedSku("RAC-01", ["15 kg", "Maçã verde"])).toBe("RAC-01-15KG-MACAVERDE");
    expect(suggestedSku(null, ["P"])).toBe("PROD-P");
  });
});

describe("the grid", () => {
  it("reads a valid grid: centavos, grams, stock per unit, labels and positions", () => {
    const parsed = variantsFormSchema.parse({
      opcoes: [peso],
      variantes: [
        row(["1 kg"], {
          preco: "19,90",
          precoAntes: "24,90",
          pesoG: "1000",
          ean: "7891234567895",
          custo: "12,40",
          ncm: "2309.10.00",
        }),
        row(["3 kg"], { preco: "49,90", imagem: "nenhuma" }),
        row(["15 kg"], { preco: "189,90", ativo: false }),
      ],
    });
    expect(parsed.opcoes).toEqual([peso]);
    expect(parsed.variantes[0]).toEqual({
      id: null,
      valores: ["1 kg"],
      rotulo: "1 kg",
      sku: "RACAO-1KG",
      ean: "7891234567895",
      preco: 1990,
      precoAntes: 2490,
      pesoG: 1000,
      custo: 1240,
      ncm: "23091000",
      imagemUrl: null,
      ativo: true,
      posicao: 0,
      estoque: [
        { unidadeId: UNIT_A, emMaos: 3 },
        { unidadeId: UNIT_B, emMaos: 0 },
      ],
    });
    expect(parsed.variantes[1]).toMatchObject({
      imagemUrl: "",
      posicao: 1,
      precoAntes: null,
      custo: null,
      ncm: null,
    });
    expect(parsed.variantes[2]).toMatchObject({ ativo: false, preco: 18990 });
  });

  it("accepts a product without options as one row", () => {
    const parsed = variantsFormSchema.parse({ opcoes: [], variantes: [row([])] });
    expect(parsed.variantes[0]).toMatchObject({ rotulo: "", valores: [] });
    expect(messages({ opcoes: [], variantes: [row([]), row([], { sku: "B" })] })).toEqual([
      "Sem opções o produto tem uma só variação: defina as opções para ter mais",
    ]);
  });

  it("names the row in every refusal", () => {
    expect(
      weightRowMessages(
        row(["1 kg"], { sku: " ", preco: "" }),
        row(["3 kg"], { preco: "0", ean: "123" }),
        row(["15 kg"], {
          preco: "10,00",
          precoAntes: "9,00",
          pesoG: "1,5",
          custo: "-3,00",
          ncm: "2309",
          estoque: { [UNIT_A]: "-1" },
        }),
      ),
    ).toEqual([
      "Variação 1 kg: informe o SKU",
      "Variação 1 kg: informe o preço",
      "Variação 3 kg: o EAN deve ter de 8 a 14 dígitos",
      "Variação 3 kg: o preço deve ser maior que zero",
      "Variação 15 kg: o preço antigo deve ser maior que o preço (ou fique vazio)",
      "Variação 15 kg: o peso deve ser um número inteiro de gramas maior que zero (ou fique vazio)",
      "Variação 15 kg: custo inválido. Use o formato 12,90 (ou deixe vazio)",
      "Variação 15 kg: o NCM tem 8 dígitos, ex.: 2309.10.00",
      "Variação 15 kg: o estoque deve ser um número inteiro maior ou igual a zero",
    ]);
  });

  it("refuses a SKU or EAN twice in the grid, ignoring case", () => {
    expect(
      weightRowMessages(
        row(["1 kg"], { sku: "R-1", ean: "12345678" }),
        row(["3 kg"], { sku: "r-1", ean: "12345678" }),
      ),
    ).toEqual([
      "Variação 3 kg: o SKU r-1 já está na Variação 1 kg",
      "Variação 3 kg: o EAN 12345678 já está na Variação 1 kg",
    ]);
  });

  it("refuses a repeated combination and one that is not of the options", () => {
    expect(
      weightRowMessages(row(["1 kg"]), row(["1 KG"], { sku: "B" }), row(["2 kg"], { sku: "C" })),
    ).toEqual([
      "Variação 1 KG: a combinação 1 KG está repetida",
      'Variação 2 kg: a combinação não corresponde às opções. Use "Gerar combinações"',
    ]);
    expect(weightRowMessages()).toEqual(["Adicione ao menos uma variação"]);
  });

  it("reads the posted JSON field", () => {
    const ok = variantsJsonSchema.safeParse(JSON.stringify({ opcoes: [], variantes: [row([])] }));
    expect(ok.success).toBe(true);
    const bad = variantsJsonSchema.safeParse("{not json");
    expect(bad.error!.issues[0]!.message).toBe("Dados das variações inválidos");
  });
});

describe("search text", () => {
  it("adds the variants' SKUs, EANs and labels once", () => {
    expect(
      productSearchText({
        nome: "Ração Golden 15 kg",
        sku: "RG",
        variantes: [
          { sku: "RG-1", ean: "7891234567895", rotulo: "1 kg" },
          { sku: "RG-15", ean: null, rotulo: "15" },
        ],
      }),
    ).toBe("racao golden 15 kg rg rg-1 7891234567895 1 kg rg-15");
  });
});
