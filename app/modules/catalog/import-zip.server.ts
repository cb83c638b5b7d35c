// The zip check in front of every .xlsx: the upload limit (10 MB) is on compressed bytes, and
// an .xlsx is a zip that may inflate a thousand times over. The central directory is read
// (yauzl) before anything is inflated, then every entry is inflated and counted against the
// sizes it declared, so neither a large declared size nor a lying one gets past.
import yauzl from "yauzl";
import { ImportFileError } from "./csv-import.server";

/** Most bytes an .xlsx may hold once inflated: a 20,000-row product sheet needs about 15 MB. */
const MAX_XLSX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
/** Most files inside one .xlsx (a workbook with a sheet has about ten). */
const MAX_XLSX_ENTRIES = 2_000;
/** Deflate tops out near 1,000:1; past this ratio a large entry is built to inflate, not to hold data. */
const MAX_ENTRY_RATIO = 500;

export const XLSX_TOO_LARGE = `A planilha é grande demais depois de descompactada (limite de ${MAX_XLSX_UNCOMPRESSED_BYTES / 1024 / 1024} MB). Divida-a em arquivos menores.`;

function fromBuffer(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );
}

/** Inflates one entry, counting its bytes; yauzl stops it past its declared size. */
function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
      stream.on("error", reject);
      stream.on("end", () => resolve(bytes));
    });
  });
}

/**
 * Throws ImportFileError when the .xlsx would inflate past the limits; any other error means
 * the file is not a readable zip.
 */
export async function checkXlsxZip(bytes: Uint8Array): Promise<void> {
  const zip = await fromBuffer(bytes);
  if (zip.entryCount > MAX_XLSX_ENTRIES) {
    zip.close();
    throw new ImportFileError(XLSX_TOO_LARGE);
  }
  let declared = 0;
  let inflated = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          declared > MAX_XLSX_UNCOMPRESSED_BYTES ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > MAX_ENTRY_RATIO)
        ) {
          return reject(new ImportFileError(XLSX_TOO_LARGE));
        }
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        drain(zip, entry).then((size) => {
          inflated += size;
          if (inflated > MAX_XLSX_UNCOMPRESSED_BYTES) reject(new ImportFileError(XLSX_TOO_LARGE));
          else zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
