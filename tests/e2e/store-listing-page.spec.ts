// /loja for a visitor with nothing of their own on the page is put together without React
// Router, from pieces React rendered (app/modules/catalog/listing-page.server.tsx). It must be
// the very page React Router renders for the same address, and its scripts must run under
// the response's Content-Security-Policy (the fixture fails a test on any violation).
import { expect, test } from "./fixtures";

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/** Markup without what differs by design: nonces, React's text separators and boundary. */
function markup(html: string): string {
  return html
    .replace(/ nonce="[^"]*"/g, "")
    .replaceAll("<!-- -->", "")
    .replaceAll("<!--$--><!--/$-->", "");
}

test("the listing put together without React Router is React Router's page, for every kind of listing", async ({
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
    // React's streaming render separates adjacent texts with <!-- -->; static pieces do not.
    expect(ownHtml, address).not.toContain("<!-- -->");
    // Every script of the page carries this response's nonce.
    const scripts = [...ownHtml.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length, address).toBeGreaterThan(0);
    for (const attributes of scripts) {
      expect(attributes).toContain(` nonce="${nonce}"`);
      expect(attributes.match(/ nonce="/g)).toHaveLength(1);
    }

    // A session cookie (not a valid one: no admin shortcut) sends it to React Router.
    const routed = await visitor.get(address, { headers: { cookie: "agropet_sessao=invalida" } });
    expect(routed.status()).toBe(200);
    const routedHtml = await routed.text();
    expect(routedHtml, address).toContain("<!-- -->");
    expect(markup(ownHtml), address).toBe(markup(routedHtml));

    // The shared copy (no cookie) is the same page too.
    const shared = await visitor.get(address);
    expect(markup(await shared.text()), address).toBe(markup(routedHtml));
  }
  await visitor.dispose();
});

test("the listing rendered for one visitor runs its cart and its category filter under the page's nonce", async ({
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

  await page.getByLabel("Categoria").selectOption({ label: "Rações" });
  await expect(page).toHaveURL(/categoria=racoes/);
  await expect(page.getByRole("link", { name: "Limpar filtros" })).toBeVisible();
});
