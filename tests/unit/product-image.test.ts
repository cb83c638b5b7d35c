import { describe, expect, it } from "vitest";
import * as productImage from "~/modules/catalog/product-image";
import { itMaps } from "../support/tables";

describe("product image files", () => {
  it("are named {base}-{width}.webp", () => {
    expect(productImage.productImageKey("produtos/abc", 400)).toBe("produtos/abc-400.webp");
  });

  it("give a srcset of every width for an image the server made", () => {
    expect(productImage.productImageSrcSet("/uploads/produtos/abc-800.webp")).toBe(
      productImage.PRODUCT_IMAGE_WIDTHS.map((w) => `/uploads/produtos/abc-${w}.webp ${w}w`).join(
        ", ",
      ),
    );
    expect(productImage.productImageSrcSet("/uploads/produtos/abc-800.webp")).toBe(
      "/uploads/produtos/abc-200.webp 200w, /uploads/produtos/abc-400.webp 400w, /uploads/produtos/abc-800.webp 800w",
    );
  });

  itMaps("give no srcset for any other URL, or none: %j", productImage.productImageSrcSet, [
    ["https://exemplo.com/foto.jpg", undefined],
    ["/uploads/produtos/abc.webp", undefined],
    [null, undefined],
    [undefined, undefined],
  ]);
});
