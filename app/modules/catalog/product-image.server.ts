// Product images in storage: every width the store uses (product-image.ts names them).
import { randomName, saveSquareImage } from "~/platform/images.server";
import { storage } from "~/platform/storage.server";
import { PRODUCT_IMAGE_WIDTHS, productImageKey } from "./product-image";

/**
 * Stores a product image in every width the store uses and returns the `imagem_url`
 * to save (the URL of the largest variant; see ./product-image for the srcset).
 */
export function saveProductImage(input: Uint8Array): Promise<string> {
  const base = `produtos/${randomName()}`;
  return saveSquareImage(input, PRODUCT_IMAGE_WIDTHS, (width) => productImageKey(base, width));
}

/** Removes every variant of a product image saved by `saveProductImage`. */
export async function deleteProductImage(imagemUrl: string | null | undefined): Promise<void> {
  const match = imagemUrl?.match(/^\/uploads\/(produtos\/[a-z0-9-]+)-\d+\.webp$/);
  if (!match) return;
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    await storage().delete("public", productImageKey(match[1]!, width));
  }
}
