// The fiscal specs' shop ("Entrada de mercadoria", "Vendas do balcão"): a server of their own
// whose Meia Praia carries the CNPJ the notes name, with pick-up on, Gil as its gerente and a
// shelf stocked there; and the two 360 px phones each spec starts from.
import type { Browser } from "@playwright/test";
import { runSql } from "~/platform/db/client.server";
import { MEIA_PRAIA } from "../support/nota-fiscal";
import { startSeededServer } from "../support/own-server";
import { expect, phone } from "./fixtures";
import { GIL, ownShop, seedShelf, seedStaff } from "./own-shop";

const PHONE = phone(360);

/**
 * Seeds and returns (not yet started: see whileServing) the spec's own server at the e2e port
 * plus `offset`, its data folder named after `name`; `shelf[0]` is the product the spec watches
 * (15 in hand at Meia Praia).
 */
export async function fiscalShop(
  offset: number,
  name: string,
  shelf: Parameters<typeof seedShelf>[3],
) {
  const shop = ownShop(offset);
  const { server, seeded } = await startSeededServer(shop.port, name, async (db) => {
    const [meiaPraia] = await runSql<{ id: string }>(
      db,
      "update unidades set cnpj = $1, retirada_ativa = true where slug = 'meia-praia' returning id",
      [MEIA_PRAIA.cnpj],
    );
    await seedStaff(db, { ...GIL, unidades: [meiaPraia!.id] });
    const [produto] = await seedShelf(db, meiaPraia!.id, "Rações", shelf);
    return produto!;
  });
  return { base: shop.base, server, produtoId: seeded, signIn: shop.signIn };
}

/**
 * The shopper's phone on the watched product's page, which says 15 units to pick up at Meia
 * Praia today; and Gil's phone, whose scripts did not load, signed in and on the stock page
 * `title`.
 */
export async function storeAndStockPhones(
  browser: Browser,
  shop: Awaited<ReturnType<typeof fiscalShop>>,
  title: string,
) {
  const shopper = await browser.newContext(PHONE);
  const store = await shopper.newPage();
  await store.goto(`${shop.base}/loja/produto/${shop.produtoId}`);
  await expect(store.getByText("Retire hoje na Unidade Meia Praia · 15 un.")).toBeVisible();

  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const gil = await context.newPage();
  await shop.signIn(gil, GIL.email, "/admin/estoque");
  await gil.getByRole("link", { name: title }).click();
  await expect(gil.getByRole("heading", { name: title })).toBeVisible();
  return { shopper, store, context, gil };
}
