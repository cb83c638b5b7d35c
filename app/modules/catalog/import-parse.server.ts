// What the import worker runs (see import-worker.mjs): bytes in, mapped rows or a refusal
// out. Kept apart from import.server.ts so the worker loads no database code; relative
// imports, since tsx in the worker does not rely on the path aliases.
import ExcelJS from "exceljs";
import {
  ImportFileError,
  isXlsx,
  type MappedRow,
  mapRows,
  readSpreadsheet,
} from "./csv-import.server";
import { checkXlsxZip } from "./import-zip.server";

export type ParseOutcome =
  | { ok: true; rows: MappedRow[] }
  /** `message`: a refusal to show as it is; null: the file could not be read at all. */
  | { ok: false; message: string | null };

export async function parseImportBytes(bytes: Uint8Array, fileName: string): Promise<ParseOutcome> {
  try {
    if (isXlsx(bytes, fileName)) await checkXlsxZip(bytes);
    const sheet = await readSpreadsheet(bytes, fileName);
    return { ok: true, rows: mapRows(sheet.rows, sheet.strayColumns) };
  } catch (error) {
    return { ok: false, message: error instanceof ImportFileError ? error.message : null };
  }
}

/**
 * Reads a one-row workbook and a one-row CSV, so the first real file does not pay for loading
 * and compiling the readers (the first .xlsx read takes several times longer than the next).
 */
/** @public Called by import-worker.mjs (through tsx), where knip does not look. */
export async function warmUp(): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Produtos").addRow(["Nome do Produto", "Categoria", "Preço de Venda"]);
  const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
  await parseImportBytes(xlsx, "aquecimento.xlsx");
  await parseImportBytes(Buffer.from("Nome do Produto;Categoria;Preço de Venda\n"), "a.csv");
}
