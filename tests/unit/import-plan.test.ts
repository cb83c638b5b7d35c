import { describe, expect, it } from "vitest";
import { mapRows, parseCsvText } from "~/modules/catalog/csv-import.server";
import {
  type CatalogueSnapshot,
  type PlanOptions,
  planImport,
  planSummary,
  type SnapshotProduct,
  type SnapshotVariant,
} from "~/modules/catalog/import-plan";

const MEIA = "u-meia";
const RUA = "u-rua";
const UNITS = [
  { id: MEIA, slug: "meia-praia", padrao: true },
  { id: RUA, slug: "rua-406", padrao: false },
];

const HEADER =
  "sku;sku_produto;nome_produto;categoria;opcao1_nome;opcao1_valor;opcao2_nome;opcao2_valor;preco;preco_antigo;ean;peso_g;estoque_meia-praia;estoque_rua-406;ativo";
const OLD_HEADER =
  "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade";

function rowsOf(lines: string[], header = HEADER) {
  return mapRows(parseCsvText([header, ...lines].join("\n")));
}

function plan(lines: string[], snapshot: CatalogueSnapshot = empty(), options?: PlanOptions) {
  return planImport(rowsOf(lines), snapshot, options);
}

function empty(): CatalogueSnapshot {
  return { products: [], variants: [], units: UNITS };
}

function product(values: Partial<SnapshotProduct> & { id: string }): SnapshotProduct {
  return {
    sku: null,
    nome: "Produto",
    descricaoCurta: null,
    categoria: "Rações",
    subgrupo: null,
    marca: null,
    unidade: "UN",
    opcoes: [],
    excluido: false,
    ...values,
  };
}

function variant(
  values: Partial<SnapshotVariant> & { id: string; produtoId: string; sku: string },
): SnapshotVariant {
  return {
    ean: null,
    rotulo: "",
    opcoes: [null, null, null],
    preco: 1000,
    precoAntes: null,
    pesoG: null,
    custo: null,
    ncm: null,
    ativo: true,
    posicao: 0,
    vendida: false,
    estoque: {},
    ...values,
  };
}

/** A stored catalogue: Ração (Peso 3 kg, 15 kg) and a Coleira without options. */
function stored(): CatalogueSnapshot {
  return {
    units: UNITS,
    products: [
      product({
        id: "p-rac",
        sku: "RAC",
        nome: "Ração Golden",
        opcoes: [{ nome: "Peso", valores: ["3 kg", "15 kg"] }],
      }),
      product({ id: "p-col", sku: "COL", nome: "Coleira", categoria: "Acessórios" }),
    ],
    variants: [
      variant({
        id: "v-rac-3",
        produtoId: "p-rac",
        sku: "RAC-3",
        rotulo: "3 kg",
        opcoes: ["3 kg", null, null],
        preco: 5990,
        pesoG: 3000,
        estoque: { [MEIA]: { emMaos: 10, reservado: 2 } },
      }),
      variant({
        id: "v-rac-15",
        produtoId: "p-rac",
        sku: "RAC-15",
        rotulo: "15 kg",
        opcoes: ["15 kg", null, null],
        preco: 16990,
        precoAntes: 18990,
        pesoG: 15000,
        posicao: 1,
        vendida: true,
        estoque: { [MEIA]: { emMaos: 4, reservado: 0 }, [RUA]: { emMaos: 1, reservado: 0 } },
      }),
      variant({
        id: "p-col",
        produtoId: "p-col",
        sku: "COL",
        preco: 2550,
        estoque: { [MEIA]: { emMaos: 6, reservado: 0 } },
      }),
    ],
  };
}

/** The stored catalogue as a file says it (what the export writes). */
const STORED_LINES = [
  "RAC-3;RAC;Ração Golden;Rações;Peso;3 kg;;;59,90;;;3000;10;0;sim",
  "RAC-15;RAC;Ração Golden;Rações;Peso;15 kg;;;169,90;189,90;;15000;4;1;sim",
  "COL;COL;Coleira;Acessórios;;;;;25,50;;;;6;0;sim",
];

const outcomes = (p: ReturnType<typeof plan>) =>
  p.rows.map((r) => (r.outcome === "erro" ? `${r.line}: ${r.error}` : `${r.line}: ${r.outcome}`));

describe("planSummary", () => {
  it("reads as the issue words it, singular and plural", () => {
    const counts = {
      produtos: 12,
      variacoes: 37,
      atualizadas: 30,
      novas: 7,
      removidas: 0,
      semMudanca: 0,
      erros: 0,
    };
    expect(planSummary(counts)).toBe(
      "12 produtos, 37 variações: 30 atualizadas, 7 novas, 0 removidas",
    );
    expect(
      planSummary({ ...counts, produtos: 1, variacoes: 1, atualizadas: 1, novas: 0, erros: 1 }),
    ).toBe("1 produto, 1 variação: 1 atualizada, 0 novas, 0 removidas; 1 linha com erro");
    expect(planSummary({ ...counts, atualizadas: 0, novas: 0, semMudanca: 37 })).toBe(
      "12 produtos, 37 variações: 0 atualizadas, 0 novas, 0 removidas, 37 sem mudança",
    );
  });
});

describe("a new catalogue", () => {
  it("groups 3 products × 3 variants by sku_produto, with stock per unit", () => {
    const lines: string[] = [];
    for (const [code, nome] of [
      ["A", "Ração A"],
      ["B", "Ração B"],
      ["C", "Ração C"],
    ]) {
      for (const [i, peso] of ["1 kg", "3 kg", "15 kg"].entries()) {
        lines.push(
          `${code}-${i};${code};${nome};Rações;Peso;${peso};;;${10 + i},00;;;;${i};${i * 2};`,
        );
      }
    }
    const p = plan(lines);
    expect(p.summary).toBe("3 produtos, 9 variações: 0 atualizadas, 9 novas, 0 removidas");
    expect(p.products).toHaveLength(3);
    const [a] = p.products;
    expect(a).toMatchObject({
      id: null,
      sku: "A",
      values: {
        nome: "Ração A",
        categoria: "Rações",
        opcoes: [{ nome: "Peso", valores: ["1 kg", "3 kg", "15 kg"] }],
      },
    });
    expect(a!.variants.map((v) => [v.sku, v.rotulo, v.preco, v.posicao])).toEqual([
      ["A-0", "1 kg", 1000, 0],
      ["A-1", "3 kg", 1100, 1],
      ["A-2", "15 kg", 1200, 2],
    ]);
    expect(a!.variants[2]!.stock).toEqual([
      { unidadeId: MEIA, antes: 0, depois: 2 },
      { unidadeId: RUA, antes: 0, depois: 4 },
    ]);
  });

  it("lets later rows of a product leave its name and category to the first", () => {
    const p = plan([
      "A-1;A;Ração A;Rações;Peso;1 kg;;;10,00;;;;;;",
      "A-2;A;;;Peso;2 kg;;;11,00;;;;;;",
      "A-3;A;;;;3 kg;;;12,00;;;;;;",
    ]);
    expect(outcomes(p)).toEqual(["2: nova", "3: nova", "4: nova"]);
    expect(p.rows.map((r) => r.nome)).toEqual(["Ração A", "Ração A", "Ração A"]);
  });

  it("a product without options has one variant; a second row is an error (and a new product goes whole or not at all)", () => {
    const p = plan([
      "X-1;X;Bola;Brinquedos;;;;;10,00;;;;;;",
      "X-2;X;Bola;Brinquedos;;;;;10,00;;;;;;",
    ]);
    expect(outcomes(p)).toEqual([
      "2: produto novo com erro na linha 3: nenhuma variação dele foi importada (corrija a linha e importe de novo)",
      '3: o produto "Bola" não tem opções e já tem sua variação (SKU X-1): use opcao1_nome e opcao1_valor para ter variações',
    ]);
    // A new variant with no stock column gets its row at the unit that delivers.
    const q = planImport(
      mapRows(parseCsvText("sku;nome_produto;categoria;preco\nY;Bola Y;Brinquedos;5,00")),
      empty(),
    );
    expect(q.products[0]!.variants[0]!.stock).toEqual([{ unidadeId: MEIA, antes: 0, depois: 0 }]);
  });

  it("reports rows that do not fit their product: options, names, combinations, SKUs, units", () => {
    const p = plan([
      "A-1;A;Ração A;Rações;Peso;1 kg;;;10,00;;;;;;",
      "A-2;A;Ração A;Rações;Cor;Azul;;;10,00;;;;;;",
      "A-3;A;Ração A;Rações;Peso;1 KG;;;10,00;;;;;;",
      "A-4;A;Outro Nome;Rações;Peso;4 kg;;;10,00;;;;;;",
      "A-1;A;Ração A;Rações;Peso;9 kg;;;10,00;;;;;;",
      "B-1;B;Ração B;Rações;;x;;;10,00;;;;;;",
      "C-1;;Sem Categoria;;;;;;10,00;;;;;;",
    ]);
    // Never half a product: the new Ração A's only right row waits for the others.
    expect(outcomes(p)).toEqual([
      "2: produto novo com erro na linha 3: nenhuma variação dele foi importada (corrija a linha e importe de novo)",
      '3: opções não conferem com o produto: esperado "Peso", recebido "Cor"',
      '4: a combinação "1 KG" repete a da linha 2',
      "5: nome_produto diferente da linha 2 (mesmo produto)",
      "6: SKU A-1 repetido (já está na linha 2)",
      "7: opcao1_nome é obrigatório para um produto novo",
      "8: Categoria é obrigatória",
    ]);
    expect(p.summary).toBe(
      "0 produtos, 0 variações: 0 atualizadas, 0 novas, 0 removidas; 7 linhas com erro",
    );
  });

  it("an unknown unit's stock column is an error on the rows that fill it", () => {
    const rows = mapRows(
      parseCsvText(
        "sku;nome_produto;categoria;preco;estoque_centro\nA;Bola;Brinquedos;5,00;3\nB;Bola 2;Brinquedos;5,00;",
      ),
    );
    expect(outcomes(planImport(rows, empty()))).toEqual([
      '2: unidade "centro" não existe (coluna de estoque); unidades: meia-praia, rua-406',
      "3: nova",
    ]);
  });
});

describe("against the stored catalogue", () => {
  it("the catalogue as it is changes nothing", () => {
    const p = plan(STORED_LINES, stored());
    expect(outcomes(p)).toEqual(["2: sem_mudanca", "3: sem_mudanca", "4: sem_mudanca"]);
    expect(p.summary).toBe(
      "2 produtos, 3 variações: 0 atualizadas, 0 novas, 0 removidas, 3 sem mudança",
    );
    for (const product of p.products) {
      expect(product.changed).toBe(false);
      for (const v of product.variants) expect([v.changed, v.stock]).toEqual([false, []]);
    }
  });

  it("updates by SKU: price and only the stock that differs", () => {
    const p = plan(
      [
        "RAC-3;RAC;Ração Golden;Rações;Peso;3 kg;;;62,90;;;3000;12;0;sim",
        "RAC-15;RAC;Ração Golden;Rações;Peso;15 kg;;;169,90;189,90;;15000;4;1;não",
      ],
      stored(),
    );
    expect(outcomes(p)).toEqual(["2: atualizada", "3: atualizada"]);
    const [rac3, rac15] = p.products[0]!.variants;
    expect(rac3).toMatchObject({ id: "v-rac-3", changed: true, preco: 6290 });
    expect(rac3!.stock).toEqual([{ unidadeId: MEIA, antes: 10, depois: 12 }]);
    expect(rac15).toMatchObject({ changed: true, ativo: false, stock: [] });
    // The Coleira is not in the file: kept, nothing to remove.
    expect(p.summary).toBe("1 produto, 2 variações: 2 atualizadas, 0 novas, 0 removidas");
  });

  it("stock below what orders reserved is an error for that row", () => {
    const p = plan(["RAC-3;RAC;Ração Golden;Rações;Peso;3 kg;;;59,90;;;3000;1;0;sim"], stored());
    expect(outcomes(p)).toEqual([
      "2: estoque 1 em meia-praia fica abaixo do reservado por pedidos (2)",
    ]);
  });

  it("a new value of an option adds a variant and the value after the stored ones", () => {
    const p = plan(
      [...STORED_LINES.slice(0, 2), "RAC-1;RAC;Ração Golden;Rações;Peso;1 kg;;;29,90;;;;5;0;sim"],
      stored(),
    );
    expect(outcomes(p)).toEqual(["2: atualizada", "3: atualizada", "4: nova"]);
    const [rac] = p.products;
    expect(rac!.values.opcoes).toEqual([{ nome: "Peso", valores: ["3 kg", "15 kg", "1 kg"] }]);
    expect(rac!.changed).toBe(true);
    expect(rac!.variants[2]).toMatchObject({ id: null, posicao: 2, rotulo: "1 kg" });
  });

  it("a SKU under another sku_produto, or options that do not fit, is an error", () => {
    const p = plan(
      [
        "RAC-3;COL;Coleira;Acessórios;;;;;59,90;;;;;;",
        "RAC-15;RAC;Ração Golden;Rações;Cor;Azul;;;169,90;;;;;;",
        "RAC-99;RAC;Ração Golden;Rações;Peso;3 kg;;;10,00;;;;;;",
        "COL-2;COL;Coleira;Acessórios;;;;;25,50;;;;;;",
        "COL;;Coleira;Acessórios;Tamanho;M;;;25,50;;;;;;",
      ],
      stored(),
    );
    expect(outcomes(p)).toEqual([
      "2: SKU RAC-3 é do produto RAC, não de COL",
      '3: opções não conferem com o produto: esperado "Peso", recebido "Cor"',
      '4: a combinação "3 kg" já é da variação SKU RAC-3',
      '5: o produto "Coleira" não tem opções e já tem sua variação (SKU COL): use opcao1_nome e opcao1_valor para ter variações',
      '6: opções não conferem com o produto: esperado nenhuma, recebido "Tamanho"',
    ]);
  });

  it("an EAN of another variant is an error", () => {
    const snapshot = stored();
    snapshot.variants[2]!.ean = "7891000000001";
    const p = plan(
      ["RAC-3;RAC;Ração Golden;Rações;Peso;3 kg;;;59,90;;7891000000001;3000;10;0;sim"],
      snapshot,
    );
    expect(outcomes(p)).toEqual(["2: EAN 7891000000001 já é da variação SKU COL"]);
  });

  it("missing variants are kept unless 'substituir'; then deleted, or deactivated once sold", () => {
    const only3 = [STORED_LINES[0]!];
    const kept = plan(only3, stored());
    expect(kept.products[0]!.removals).toEqual([]);
    expect(kept.summary).toBe(
      "1 produto, 1 variação: 0 atualizadas, 0 novas, 0 removidas, 1 sem mudança",
    );

    const replaced = plan(only3, stored(), { substituir: true });
    expect(replaced.products[0]!.removals).toEqual([
      { id: "v-rac-15", sku: "RAC-15", mode: "desativar" },
    ]);
    expect(replaced.summary).toBe(
      "1 produto, 1 variação: 0 atualizadas, 0 novas, 1 removida, 1 sem mudança",
    );
    // A product the file does not name is never touched.
    expect(replaced.products.map((p) => p.id)).toEqual(["p-rac"]);

    const snapshot = stored();
    snapshot.variants[1]!.vendida = false;
    const deleted = plan(only3, snapshot, { substituir: true });
    expect(deleted.products[0]!.removals).toEqual([
      { id: "v-rac-15", sku: "RAC-15", mode: "excluir" },
    ]);
    // The value no variant uses any more leaves the product's options.
    expect(deleted.products[0]!.values.opcoes).toEqual([{ nome: "Peso", valores: ["3 kg"] }]);
    expect(deleted.rows[0]!.outcome).toBe("atualizada");

    // Unread (null) is taken as sold: deactivated, never deleted.
    snapshot.variants[1]!.vendida = null;
    expect(plan(only3, snapshot, { substituir: true }).products[0]!.removals).toEqual([
      { id: "v-rac-15", sku: "RAC-15", mode: "desativar" },
    ]);
  });

  it("'substituir' removes nothing while a row of the file is in error", () => {
    const p = plan(
      [STORED_LINES[0]!, "RAC-15;RAC;Ração Golden;Rações;Peso;15 kg;;;0;;;;;;"],
      stored(),
      {
        substituir: true,
      },
    );
    expect(p.products[0]!.removals).toEqual([]);
    expect(p.summary).toBe(
      "1 produto, 1 variação: 0 atualizadas, 0 novas, 0 removidas, 1 sem mudança; 1 linha com erro; nenhuma variação removida: corrija as linhas com erro para substituir",
    );
  });

  it("a SKU of a deleted product is an error", () => {
    const snapshot = stored();
    snapshot.products[1]!.excluido = true;
    expect(outcomes(plan([STORED_LINES[2]!], snapshot))).toEqual([
      "2: SKU COL é de um produto excluído",
    ]);
  });
});

describe("today's columns", () => {
  const old = (lines: string[], snapshot = stored()) =>
    planImport(rowsOf(lines, OLD_HEADER), snapshot);

  it("a known SKU updates its one-variant product; Estoque goes to the unit that delivers", () => {
    const p = old(["Coleira Nylon;Nova;Acessórios;;;;29,90;;8;COL;UN"]);
    expect(outcomes(p)).toEqual(["2: atualizada"]);
    const [col] = p.products;
    expect(col).toMatchObject({
      id: "p-col",
      changed: true,
      values: { nome: "Coleira Nylon", descricaoCurta: "Nova" },
    });
    expect(col!.variants[0]).toMatchObject({ id: "p-col", preco: 2990, changed: true });
    expect(col!.variants[0]!.stock).toEqual([{ unidadeId: MEIA, antes: 6, depois: 8 }]);
  });

  it("a new SKU makes a product; an empty Estoque keeps the stored figure", () => {
    const p = old([
      "Bifinho;;Petiscos;;Keldog;;7,90;;40;PET-1;UN",
      "Coleira;;Acessórios;;;;25,50;;;COL;UN",
    ]);
    expect(outcomes(p)).toEqual(["2: nova", "3: sem_mudanca"]);
    expect(p.products[0]).toMatchObject({
      id: null,
      sku: "PET-1",
      values: { nome: "Bifinho", marca: "Keldog", opcoes: [] },
    });
    expect(p.products[0]!.variants[0]!.stock).toEqual([{ unidadeId: MEIA, antes: 0, depois: 40 }]);
  });

  it("a new product named like a stored one (any case) is refused, as before", () => {
    expect(outcomes(old(["coleira;;Acessórios;;;;9,90;;1;;"]))).toEqual(["2: produto já existe"]);
    expect(outcomes(old(["Bola;;X;;;;9,90;;1;;", "BOLA;;X;;;;9,90;;1;;"]))).toEqual([
      "2: nova",
      "3: produto já existe",
    ]);
  });
});
