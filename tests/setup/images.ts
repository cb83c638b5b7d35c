import zlib from "node:zlib";
import sharp from "sharp";

/**
 * A decompression bomb: a real 1x1 PNG whose header is rewritten to claim `side`x`side`
 * pixels. A few hundred bytes that would need side² × 4 bytes once decoded.
 */
export async function pngBomb(side: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
