// A barcode given to a product after it was made, as the admin's variant form saves one.
import { eq } from "drizzle-orm";
import { productSearchText } from "~/modules/catalog";
import { produtos, variantes } from "~/modules/catalog/testing.server";
import { db } from "~/platform/db/client.server";

/** Gives the product's only variant the EAN `ean` and indexes it in the product's search text. */
export async function giveEan(product: { id: string; nome: string }, sku: string, ean: string) {
  await db().update(variantes).set({ ean }).where(eq(variantes.id, product.id));
  await db()
    .update(produtos)
    .set({ busca: productSearchText({ nome: product.nome, sku, variantes: [{ sku, ean }] }) })
    .where(eq(produtos.id, product.id));
}
