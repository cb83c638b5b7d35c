// What the import worker runs (see import-worker.mjs): bytes in, mapped rows or a refusal
// out. Kept apart from import.server.ts so the worker loads no database code; relative
// imports, since tsx in the worker does not rely on the path aliases.
import {
  ImportFileError,
  isXlsx,
  type MappedRow,
  mapRows,
  readSpreadsheet,
} from "../domain/csv-import";
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
