// Product images are square WebP files saved in a few widths: `{base}-{width}.webp`.
// imagem_url points at the largest; the others are derived from it for srcset.

export const PRODUCT_IMAGE_WIDTHS = [200, 400, 800] as const;

export function productImageKey(base: string, width: number): string {
  return `${base}-${width}.webp`;
}

/** srcset for an imagem_url made by the server; undefined for any other URL. */
export function productImageSrcSet(imagemUrl: string | null | undefined): string | undefined {
  const match = imagemUrl?.match(/^(.*)-\d+\.webp$/);
  if (!match) return undefined;
  return PRODUCT_IMAGE_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(", ");
}

/** The smallest copy of an imagem_url made by the server (a thumbnail); any other URL as is. */
export function productThumbnail(imagemUrl: string | null | undefined): string | null {
  if (!imagemUrl) return null;
  const match = imagemUrl.match(/^(.*)-\d+\.webp$/);
  return match ? productImageKey(match[1]!, PRODUCT_IMAGE_WIDTHS[0]) : imagemUrl;
}
