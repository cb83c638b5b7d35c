// Reading an uploaded zip without letting it inflate past what we allow: the central
// directory is read (yauzl) before anything is inflated, then each entry is inflated and
// counted against the sizes it declared, so neither a large declared size nor a lying one
// gets past. Serves the spreadsheet import (an .xlsx is a zip) and the fiscal files (a day of
// NFC-e comes zipped).
import yauzl from "yauzl";

export interface ZipLimits {
  /** Most bytes all entries may hold once inflated. */
  maxTotalBytes: number;
  /** Most entries (directories included). */
  maxEntries: number;
  /** Most bytes one kept entry may hold (defaults to maxTotalBytes). */
  maxEntryBytes?: number;
}

/** Deflate tops out near 1,000:1; past this ratio a large entry is built to inflate, not to hold data. */
const MAX_ENTRY_RATIO = 500;

/** The zip would inflate past its limits. */
export class ZipLimitError extends Error {}

export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

function fromBuffer(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );
}

/** Inflates one entry, counting its bytes (yauzl stops it past its declared size); keeps them when asked. */
function drain(zip: yauzl.ZipFile, entry: yauzl.Entry, keep: boolean): Promise<Buffer | number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(keep ? Buffer.concat(chunks) : bytes));
    });
  });
}

/**
 * Inflates every entry within the limits and gives back those `keep` accepts by name
 * (directories never). Throws ZipLimitError past the limits; any other error means the bytes
 * are not a readable zip.
 */
export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  keep: (name: string) => boolean = () => true,
): Promise<ZipEntry[]> {
  const zip = await fromBuffer(bytes);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipLimitError("entradas demais");
  }
  const maxEntry = limits.maxEntryBytes ?? limits.maxTotalBytes;
  const kept: ZipEntry[] = [];
  let declared = 0;
  let inflated = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        const wanted = !entry.fileName.endsWith("/") && keep(entry.fileName);
        if (
          declared > limits.maxTotalBytes ||
          (wanted && entry.uncompressedSize > maxEntry) ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > MAX_ENTRY_RATIO)
        ) {
          return reject(new ZipLimitError("grande demais"));
        }
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        drain(zip, entry, wanted).then((result) => {
          inflated += typeof result === "number" ? result : result.length;
          if (inflated > limits.maxTotalBytes) return reject(new ZipLimitError("grande demais"));
          if (typeof result !== "number") kept.push({ name: entry.fileName, bytes: result });
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return kept;
}
