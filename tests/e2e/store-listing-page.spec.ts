// /loja rendered for one visitor (another cookie of ours keeps it out of the shared page cache):
// every kind of listing answers whole, compressed once, its scripts under the response's
// Content-Security-Policy (the fixture fails a test on any violation); the shared copy is the
// same page.
import { expect, test } from "./fixtures";

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** Markup without what differs by design: nonces. */
function markup(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, "");
}

test("every kind of listing rendered for one visitor carries its nonce, and the shared copy is the same page", async ({
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: BROWSER });
  const addresses = [
    "/loja",
    "/loja?q=keldog",
    "/loja?categoria=racoes",
    `/loja?q=${encodeURIComponent(`ração "<b>" & 'aspas'`)}`,
    "/loja?q=nada-com-este-nome",
    "/loja?categoria=nao-existe",
    "/loja?pagina=2",
  ];
  for (const address of addresses) {
    // Another cookie of ours: not shared, so rendered for this request, with a nonce.
    const own = await visitor.get(address, { headers: { cookie: "agropet_outro=1" } });
    expect(own.status()).toBe(200);
    expect(own.headers()["content-encoding"]).toBe("br");
    expect(own.headers().vary).toBe("Cookie, Accept-Encoding");
    expect(own.headers()["x-cache"]).toBeUndefined();
    const policy = own.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, address).toBeTruthy();
    const ownHtml = await own.text();
    // Every script of the page carries this response's nonce.
    const scripts = [...ownHtml.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length, address).toBeGreaterThan(0);
    for (const attributes of scripts) {
      expect(attributes).toContain(` nonce="${nonce}"`);
      expect(attributes.match(/ nonce="/g)).toHaveLength(1);
    }

    // The shared copy (no cookie) is the same page.
    const shared = await visitor.get(address);
    expect(markup(await shared.text()), address).toBe(markup(ownHtml));
  }
  await visitor.dispose();
});

test("the listing rendered for one visitor runs its cart and its sort under the page's nonce", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "agropet_outro", value: "1", url: baseURL! }]);
  await page.goto("/loja?q=keldog");
  const cartButton = page.getByTestId("cart-button");
  await expect(cartButton).toHaveAttribute("data-pronto", "1");
  await page
    .getByRole("button", { name: "Adicionar Bifinho Keldog Sabor Carne 65 g ao carrinho" })
    .click();
  await expect(cartButton).toHaveAccessibleName("Carrinho, 1 item");

  // The sort applies as soon as it is chosen (the submit-on-change island), keeping the search.
  await page.getByLabel("Ordenar por").selectOption({ label: "Menor preço" });
  await expect(page).toHaveURL(/ordem=menor-preco/);
  await expect(page).toHaveURL(/q=keldog/);
  await expect(page.getByRole("link", { name: "Limpar filtros" })).toBeVisible();
});
