import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  decodeText,
  detectHeader,
  ImportFileError,
  MAX_IMPORT_ROWS,
  mapRows,
  parseCsvText,
  readSpreadsheet,
  summarizeErrors,
  TOO_MANY_COLUMNS,
  TOO_MANY_ROWS,
  templateCsv,
} from "~/modules/catalog/csv-import.server";

const HEADER =
  "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade";

function okProducts(rows: string[][]) {
  return mapRows(rows).map((r) => {
    if (!r.ok) throw new Error(`linha ${r.line}: ${r.error}`);
    return r.product;
  });
}

describe("CSV decoding", () => {
  it("drops a UTF-8 BOM and keeps accents", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Ração;Preço")]);
    expect(decodeText(bytes)).toBe("Ração;Preço");
  });

  it("reads Windows-1252 files (Excel's default) with their accents", () => {
    const bytes = iconv.encode(
      `${HEADER}\r\nRação Pássaros;Sementes;Aves;;;;12,90;;3;;\r\n`,
      "win1252",
    );
    // Not valid UTF-8: the fallback decodes it.
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const [product] = okProducts(parseCsvText(decodeText(bytes)));
    expect(product!.nome).toBe("Ração Pássaros");
    expect(product!.precoAtual).toBe(1290);
  });
});

describe("CSV parsing", () => {
  it("takes semicolons with decimal commas", () => {
    const rows = parseCsvText(
      `${HEADER}\nBifinho;Petisco;Petiscos;;Keldog;4,50;1.234,56;;1.000;PET-1;un\n`,
    );
    expect(rows[1]).toHaveLength(11);
    const [p] = okProducts(rows);
    expect(p).toMatchObject({
      nome: "Bifinho",
      precoCusto: 450,
      precoAtual: 123456,
      precoAntes: null,
      estoque: 1000,
      sku: "PET-1",
      unidade: "UN",
      marca: "Keldog",
    });
  });

  it("takes commas, with quoted fields holding commas, escaped quotes and line breaks", () => {
    const csv = [
      "Nome do Produto,Descrição,Categoria,Preço de Venda,Estoque",
      '"Cama ""Nuvem"", tamanho G","Macia,\nlavável","Acessórios","129,90",5',
      "Coleira,,Acessórios,25.5,",
    ].join("\r\n");
    const products = okProducts(parseCsvText(csv));
    expect(products[0]).toMatchObject({
      nome: 'Cama "Nuvem", tamanho G',
      descricaoCurta: "Macia,\nlavável",
      precoAtual: 12990,
      estoque: 5,
    });
    // A plain '25.5' is a decimal point. An empty stock is "not given" (a stored variant keeps
    // its figures, a new one starts at 0) and a file without a Unidade column leaves it out
    // (a new product gets UN): decision 0029, rows update stored products now.
    expect(products[1]).toMatchObject({ precoAtual: 2550, estoque: null });
    expect(products[1]).not.toHaveProperty("unidade");
  });

  it("turns a lower promotional price into the current price and the sale price into the old one", () => {
    const rows = parseCsvText(
      `${HEADER}\nA;;Rações;;;;100,00;89,90;1;;\nB;;Rações;;;;100,00;120,00;1;;\n`,
    );
    const [a, b] = okProducts(rows);
    expect(a).toMatchObject({ precoAtual: 8990, precoAntes: 10000 });
    expect(b).toMatchObject({ precoAtual: 10000, precoAntes: null });
  });

  it("reports the rules of SPEC §5.7 per line", () => {
    const rows = parseCsvText(
      [
        HEADER,
        ";;Rações;;;;10,00;;1;;",
        "Sem categoria;;;;;;10,00;;1;;",
        "Preço zero;;Rações;;;;0,00;;1;;",
        "Preço ruim;;Rações;;;;dez reais;;1;;",
        "Estoque negativo;;Rações;;;;10,00;;-2;;",
        "Curta;;Rações",
      ].join("\n"),
    );
    const errors = mapRows(rows).map((r) => (r.ok ? "ok" : `${r.line}: ${r.error}`));
    expect(errors).toEqual([
      "2: Nome do produto é obrigatório",
      "3: Categoria é obrigatória",
      "4: Preço de venda deve ser maior que zero",
      '5: Preço de venda inválido: "dez reais"',
      "6: Estoque deve ser positivo",
      "7: faltam colunas (a linha tem 3 colunas e o cabeçalho 11)",
    ]);
  });

  it("finds the columns by their names in any order and spelling", () => {
    const header = detectHeader(["sku", "PRECO DE VENDA", "nome do produto", "categoria"]);
    expect(header).toEqual({ sku: 0, precoVenda: 1, nome: 2, categoria: 3 });
    expect(detectHeader(["Ração", "Rações", "12,90"])).toBeNull();
    // Without a header line the template's order is assumed.
    const [p] = okProducts([["Osso", "", "Petiscos", "", "", "", "19,90", "", "4", "", ""]]);
    expect(p).toMatchObject({ nome: "Osso", categoria: "Petiscos", precoAtual: 1990, estoque: 4 });
  });

  it("the template is readable by the importer", () => {
    const rows = parseCsvText(
      decodeText(Buffer.from(templateCsv("Rações", ["meia-praia", "rua-406"]))),
    );
    // One row per variant (decision 0029): a product with two, one without options.
    const products = okProducts(rows);
    expect(products).toHaveLength(3);
    expect(products[1]).toMatchObject({
      sku: "RAC-EXEMPLO-15",
      skuProduto: "RAC-EXEMPLO",
      opcoes: [{ nome: "Peso", valor: "15 kg" }],
      precoAtual: 16990,
      precoAntes: 18990,
      pesoG: 15000,
      estoques: { "meia praia": 4, "rua 406": 0 },
      ativo: true,
    });
    expect(products[2]).toMatchObject({ sku: "COL-EXEMPLO-M", skuProduto: null, opcoes: [] });
  });

  it("lists at most 10 errors, then '... e mais N erros'", () => {
    const errors = Array.from({ length: 13 }, (_, i) => `Linha ${i + 2}: erro`);
    const summary = summarizeErrors(errors);
    expect(summary).toHaveLength(11);
    expect(summary[10]).toBe("... e mais 3 erros");
    expect(summarizeErrors(errors.slice(0, 10))).toHaveLength(10);
  });
});

describe("xlsx", () => {
  it("maps the first worksheet, numbers and rich text included", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Produtos");
    sheet.addRow([
      "Nome do Produto",
      "Categoria",
      "Preço de Venda",
      "Preço Promocional",
      "Estoque",
      "Unidade",
    ]);
    sheet.addRow(["Ração Gatos 1,5 kg", "Rações", 64.9, 59.9, 20, "kg"]);
    sheet.addRow([
      { richText: [{ text: "Areia " }, { text: "Sanitária" }] },
      "Higiene",
      1234.5,
      null,
      3,
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { rows } = await readSpreadsheet(bytes, "produtos.xlsx");
    const [a, b] = okProducts(rows);
    expect(a).toMatchObject({
      nome: "Ração Gatos 1,5 kg",
      precoAtual: 5990,
      precoAntes: 6490,
      estoque: 20,
      unidade: "KG",
    });
    expect(b).toMatchObject({
      nome: "Areia Sanitária",
      precoAtual: 123450,
      estoque: 3,
      unidade: "UN",
    });
  });

  it("a CSV uploaded with any name is read as CSV", async () => {
    const { rows } = await readSpreadsheet(Buffer.from(`${HEADER}\nX;;Y;;;;1,00;;;;\n`), "x.txt");
    expect(okProducts(rows)[0]!.precoAtual).toBe(100);
  });
});

describe("rows that do not match the header", () => {
  const COMMA_HEADER = HEADER.replaceAll(";", ",");

  it("a price written 29,90 without quotes in a comma file is an error naming the row and the cause", () => {
    // The row of the report: previewed as OK and imported at R$ 29,00 with SKU "5".
    const rows = parseCsvText(
      [
        COMMA_HEADER,
        "Coleira Import,Coleira de nylon,Acessórios,Cães,Genérica,10,29,90,,5,IMP-002,",
        'Coleira Certa,Coleira de nylon,Acessórios,Cães,Genérica,10,"29,90",,5,IMP-003,',
      ].join("\r\n"),
    );
    const [shifted, quoted] = mapRows(rows);
    expect(shifted).toEqual({
      line: 2,
      ok: false,
      nome: "Coleira Import",
      error:
        'colunas a mais (a linha tem 12 colunas e o cabeçalho 11): preço com vírgula sem aspas? Escreva "29,90" entre aspas ou separe as colunas por ponto e vírgula',
    });
    expect(quoted).toMatchObject({ ok: true, product: { precoAtual: 2990, sku: "IMP-003" } });
  });

  it("a row with fewer cells, or more without a price to blame, is an error too", () => {
    const rows = parseCsvText(
      [
        HEADER,
        "Curta;;Rações;;;;10,00",
        "Longa;Texto; com ponto e vírgula;Rações;;;;10,00;;1;;",
      ].join("\n"),
    );
    expect(mapRows(rows).map((r) => (r.ok ? "ok" : `${r.line}: ${r.error}`))).toEqual([
      "2: faltam colunas (a linha tem 7 colunas e o cabeçalho 11)",
      "3: colunas a mais (a linha tem 12 colunas e o cabeçalho 11): vírgula ou ponto e vírgula sem aspas no texto?",
    ]);
  });
});

describe('UTF-16 files (Excel\'s "Unicode text")', () => {
  const tabbed = `${HEADER.replaceAll(";", "\t")}\r\nRação Pássaros\tSementes\tAves\t\t\t\t12,90\t\t3\tAVE-1\t\r\n`;

  for (const [name, bytes] of [
    [
      "little-endian with BOM",
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(tabbed, "utf16le")]),
    ],
    [
      "big-endian with BOM",
      Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(tabbed, "utf16be")]),
    ],
    ["little-endian without BOM", iconv.encode(tabbed, "utf16le")],
  ] as const) {
    it(`decodes ${name}`, async () => {
      const { rows } = await readSpreadsheet(bytes, "produtos.txt");
      expect(rows.flat().join("")).not.toContain("\u0000");
      const [product] = okProducts(rows);
      expect(product).toMatchObject({ nome: "Ração Pássaros", precoAtual: 1290, sku: "AVE-1" });
    });
  }

  it("refuses text holding NUL bytes instead of turning it into rows", () => {
    const bytes = Buffer.from(`${HEADER}\nA\u0000;;B;;;;1,00;;;;\n`);
    expect(() => decodeText(bytes)).toThrow(ImportFileError);
  });
});

describe("bounded reading", () => {
  it(`refuses a CSV with more than ${MAX_IMPORT_ROWS} rows`, () => {
    const line = "Item;;Rações;;;;1,00;;1;;";
    const ok = `${HEADER}\n${Array(MAX_IMPORT_ROWS).fill(line).join("\n")}`;
    expect(parseCsvText(ok)).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(() => parseCsvText(`${ok}\n${line}`)).toThrow(TOO_MANY_ROWS);
  });

  async function xlsxWithStrayCell(row: number) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Produtos");
    sheet.addRow(HEADER.split(";"));
    for (let i = 1; i <= 2000; i++) {
      sheet.addRow([`Produto ${i}`, "", "Rações", "", "", "", 10.5, "", 1, `SKU-${i}`, "UN"]);
    }
    sheet.getCell(`XFD${row}`).value = "x";
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it("a cell in column XFD neither widens the rows nor passes unnoticed", async () => {
    const bytes = await xlsxWithStrayCell(501);
    const started = performance.now();
    const sheet = await readSpreadsheet(bytes, "produtos.xlsx");
    const mapped = mapRows(sheet.rows, sheet.strayColumns);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(new Set(sheet.rows.map((r) => r.length))).toEqual(new Set([11]));
    expect(mapped.filter((r) => r.ok)).toHaveLength(1999);
    expect(mapped.find((r) => !r.ok)).toEqual({
      line: 501,
      ok: false,
      nome: "Produto 500",
      error: "há dados na coluna XFD, fora das colunas do cabeçalho",
    });
  });

  it("a header reaching past the column cap refuses the file", async () => {
    const bytes = await xlsxWithStrayCell(1);
    await expect(readSpreadsheet(bytes, "produtos.xlsx")).rejects.toThrow(TOO_MANY_COLUMNS);
  });
});
