// The zip check in front of every .xlsx: the upload limit (10 MB) is on compressed bytes, and
// an .xlsx is a zip that may inflate a thousand times over (the platform's bounded reader).
import { readZip, ZipLimitError } from "~/platform/zip.server";
import { ImportFileError } from "./csv-import.server";

/** Most bytes an .xlsx may hold once inflated: a 20,000-row product sheet needs about 15 MB. */
const MAX_XLSX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Most files inside one .xlsx (a workbook with a sheet has about ten). */
const MAX_XLSX_ENTRIES = 2_000;

export const XLSX_TOO_LARGE = `A planilha é grande demais depois de descompactada (limite de ${MAX_XLSX_UNCOMPRESSED_BYTES / 1024 / 1024} MB). Divida-a em arquivos menores.`;

/**
 * Throws ImportFileError when the .xlsx would inflate past the limits; any other error means
 * the file is not a readable zip.
 */
export async function checkXlsxZip(bytes: Uint8Array): Promise<void> {
  try {
    await readZip(
      bytes,
      { maxTotalBytes: MAX_XLSX_UNCOMPRESSED_BYTES, maxEntries: MAX_XLSX_ENTRIES },
      () => false,
    );
  } catch (error) {
    if (error instanceof ZipLimitError) throw new ImportFileError(XLSX_TOO_LARGE);
    throw error;
  }
}
