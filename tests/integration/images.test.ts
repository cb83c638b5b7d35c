// Uploaded images are decoded by sharp: a decompression bomb (tiny file, gigantic canvas)
// must be refused from its header, for pet photos and product images alike.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { saveProductImage } from "~/modules/catalog/index.server";
import { reencodePhoto } from "~/platform/images.server";
import { StorageError } from "~/platform/storage.server";
import { withTestDatabase } from "../setup/db";
import { pngBomb } from "../setup/images";

const ctx = withTestDatabase();

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  return { code: (error as StorageError).code, message: (error as StorageError).message };
}

const TOO_MANY_PIXELS = {
  code: "too_many_pixels",
  message: "Imagem com resolução grande demais (máximo de 60 megapixels)",
};

describe("decompression bombs", () => {
  it("a pet photo claiming 144 megapixels is refused in pt-BR", async () => {
    expect(await refusal(reencodePhoto(await pngBomb(12_000)))).toEqual(TOO_MANY_PIXELS);
  });

  it("a product image claiming 144 megapixels is refused and nothing is stored", async () => {
    expect(await refusal(saveProductImage(await pngBomb(12_000)))).toEqual(TOO_MANY_PIXELS);
    const dir = path.join(ctx.uploadsDir, "public", "produtos");
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });
});
