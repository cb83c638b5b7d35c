import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkXlsxZip, parseImportBytes, XLSX_TOO_LARGE } from "~/modules/catalog/index.server";
import { bombEntry, deflatedEntry, xlsxAround, zipEntries } from "../support/zip";

const SHEET =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome do Produto</t></is></c><c r="B1" t="inlineStr"><is><t>Categoria</t></is></c><c r="C1" t="inlineStr"><is><t>Preço de Venda</t></is></c></row>' +
  '<row r="2"><c r="A2" t="inlineStr"><is><t>Osso</t></is></c><c r="B2" t="inlineStr"><is><t>Petiscos</t></is></c><c r="C2"><v>19.9</v></c></row>' +
  "</sheetData></worksheet>";

describe(".xlsx zip check", () => {
  it("reads a workbook written by this zip writer (the bomb tests below test the check, not the writer)", async () => {
    const outcome = await parseImportBytes(
      xlsxAround(deflatedEntry("xl/worksheets/sheet1.xml", SHEET)),
      "p.xlsx",
    );
    expect(outcome).toMatchObject({
      ok: true,
      rows: [{ ok: true, product: { nome: "Osso", precoAtual: 1990 } }],
    });
  });

  it("the bomb entry inflates to what it says", () => {
    const entry = bombEntry("x", 3);
    expect(entry.deflated.length).toBeLessThan(20_000);
    expect(zlib.inflateRawSync(entry.deflated).length).toBe(3 * 1024 * 1024);
  });

  it("refuses an .xlsx declaring 520 MB without inflating it", async () => {
    const bomb = xlsxAround(bombEntry("xl/worksheets/sheet1.xml", 520));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    await expect(checkXlsxZip(bomb)).rejects.toThrow(XLSX_TOO_LARGE);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("stops inflating an entry that lies about its size", async () => {
    const lying = { ...bombEntry("xl/worksheets/sheet1.xml", 520), size: 4096 };
    const started = performance.now();
    await expect(checkXlsxZip(xlsxAround(lying))).rejects.toThrow(/too many bytes|stream/i);
    expect(performance.now() - started).toBeLessThan(500);
    const outcome = await parseImportBytes(xlsxAround(lying), "p.xlsx");
    expect(outcome).toEqual({ ok: false, message: null });
  });

  it("refuses many entries that add up past the limit", async () => {
    const parts = Array.from({ length: 60 }, (_, i) => bombEntry(`xl/media/image${i}.bin`, 1));
    const zip = xlsxAround(deflatedEntry("xl/worksheets/sheet1.xml", SHEET));
    // Same workbook, plus 60 MB of small entries each under the ratio check's threshold.
    const padded = zipEntries([deflatedEntry("xl/worksheets/sheet1.xml", SHEET), ...parts]);
    await expect(checkXlsxZip(zip)).resolves.toBeUndefined();
    await expect(checkXlsxZip(padded)).rejects.toThrow(XLSX_TOO_LARGE);
  });
});
