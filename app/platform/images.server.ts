// Image processing with sharp: every uploaded image is decoded and re-encoded, which
// drops EXIF/GPS metadata (customers' phone photos carry their home location).
import crypto from "node:crypto";
import sharp from "sharp";
import { publicUrl, StorageError, storage } from "~/platform/storage.server";

/**
 * Largest image we decode: 60 megapixels covers every phone camera's normal mode. sharp
 * reads the size from the header and refuses before decoding, so a "decompression bomb"
 * (a small file that claims a gigantic canvas) costs neither time nor memory.
 */
const MAX_INPUT_PIXELS = 60_000_000;
const SHARP_INPUT = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;

/** The pt-BR refusal for an image sharp cannot or will not decode. */
function imageError(error: unknown): StorageError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new StorageError(
      "too_many_pixels",
      "Imagem com resolução grande demais (máximo de 60 megapixels)",
    );
  }
  return new StorageError("wrong_type", "Imagem inválida ou corrompida");
}

/** Re-encodes a photo as WebP, auto-rotated, metadata stripped, long side capped. */
export async function reencodePhoto(input: Uint8Array, maxSide = 2000): Promise<Buffer> {
  try {
    return await sharp(input, SHARP_INPUT)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw imageError(error);
  }
}

export function randomName(): string {
  return `${Date.now()}-${crypto.randomBytes(6).toString("hex")}`;
}

/**
 * Stores an image as square WebP files, one per width, under the keys `keyFor` gives, and
 * returns the public URL of the largest one.
 */
export async function saveSquareImage(
  input: Uint8Array,
  widths: readonly number[],
  keyFor: (width: number) => string,
): Promise<string> {
  let source: ReturnType<typeof sharp>;
  try {
    source = sharp(input, SHARP_INPUT).rotate();
    // metadata() only reads the header: refuse the canvas size here, before any decoding.
    const { width = 0, height = 0 } = await source.metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new Error("Input image exceeds pixel limit");
  } catch (error) {
    throw imageError(error);
  }
  for (const width of widths) {
    const data = await source
      .clone()
      .resize({ width, height: width, fit: "cover", withoutEnlargement: false })
      .webp({ quality: 80 })
      .toBuffer();
    await storage().put("public", keyFor(width), data);
  }
  return publicUrl(keyFor(widths[widths.length - 1]!));
}
