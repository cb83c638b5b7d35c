import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressNow, pickEncoding } from "~/platform/compress.server";

describe("compressNow", () => {
  const page = Buffer.from(
    `<!DOCTYPE html><html lang="pt-BR"><body>${"<li>Ração Golden Cães Adultos 15 kg · R$ 189,90</li>".repeat(400)}</body></html>`,
  );

  it("gives back the same bytes after decompression, smaller, in the encoding picked", () => {
    const br = compressNow(page, pickEncoding("gzip, deflate, br"));
    expect(br.length).toBeLessThan(page.length / 10);
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);

    const gz = compressNow(page, pickEncoding("gzip"));
    expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(zlib.gunzipSync(gz).equals(page)).toBe(true);

    expect(compressNow(page, pickEncoding(undefined))).toBe(page);
  });
});
