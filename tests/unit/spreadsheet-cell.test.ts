import ExcelJS from "exceljs";
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvField, neutralizeCell, restoreNeutralizedCell, toCsv } from "~/domain/spreadsheet-cell";

describe("formula neutralization (OWASP CSV injection)", () => {
  it.each([
    '=HYPERLINK("https://evil.example","Clique")',
    "+55 11 99999-0000",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
  ])("prefixes text starting with = + - @ tab or CR with an apostrophe: %j", (text) => {
    expect(neutralizeCell(text)).toBe(`'${text}`);
  });

  it("leaves other text, numbers (negative ones too), dates and empty cells alone", () => {
    expect(neutralizeCell("Ração 15 kg")).toBe("Ração 15 kg");
    expect(neutralizeCell("a=b")).toBe("a=b");
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell(-12.5)).toBe(-12.5);
    const date = new Date(0);
    expect(neutralizeCell(date)).toBe(date);
    expect(neutralizeCell(null)).toBeNull();
    expect(neutralizeCell("")).toBe("");
    expect(csvField(-5)).toBe("-5");
  });

  it("quotes fields holding the separator, quotes or line breaks", () => {
    expect(csvField('Cama "Nuvem"; G')).toBe('"Cama ""Nuvem""; G"');
    expect(csvField("=1;2")).toBe(`"'=1;2"`);
    expect(csvField("a,b", ",")).toBe('"a,b"');
    expect(csvField(undefined)).toBe("");
  });

  it("no text written by toCsv reads back as a formula, and the importer gets the text back", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.constantFrom("=1+1", "-x", "@a", "+1")), {
            minLength: 2,
            maxLength: 5,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const kept = rows.filter((r) => r.some((c) => c !== ""));
          const read = Papa.parse<string[]>(toCsv(kept).slice(1), {
            delimiter: ";",
            skipEmptyLines: true,
          }).data;
          expect(read).toHaveLength(kept.length);
          read.forEach((row, i) => {
            row.forEach((cell, j) => {
              expect(cell).not.toMatch(/^[=+\-@\t\r]/);
              expect(restoreNeutralizedCell(cell)).toBe(kept[i]![j]);
            });
          });
        },
      ),
    );
  });

  it("an .xlsx cell written through it is text Excel shows, not a formula", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("x");
    sheet.addRow(["=1+1", -3, "@x"].map(neutralizeCell));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await workbook.xlsx.writeBuffer());
    const row = back.worksheets[0]!.getRow(1);
    expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual([
      "'=1+1",
      -3,
      "'@x",
    ]);
  });
});
