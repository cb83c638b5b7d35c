import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  decodeText,
  detectHeader,
  mapRows,
  parseCsvText,
  readSpreadsheet,
  summarizeErrors,
  templateCsv,
} from "~/domain/csv-import";

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
    // A plain '25.5' is a decimal point; an empty stock is 0 and the unit UN.
    expect(products[1]).toMatchObject({ precoAtual: 2550, estoque: 0, unidade: "UN" });
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
    const rows = parseCsvText(decodeText(Buffer.from(templateCsv())));
    expect(okProducts(rows)).toHaveLength(1);
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
    const rows = await readSpreadsheet(bytes, "produtos.xlsx");
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
    const rows = await readSpreadsheet(Buffer.from(`${HEADER}\nX;;Y;;;;1,00;;;;\n`), "x.txt");
    expect(okProducts(rows)[0]!.precoAtual).toBe(100);
  });
});
