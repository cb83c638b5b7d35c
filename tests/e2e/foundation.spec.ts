import { expect, test } from "./fixtures";

test.describe("foundation", () => {
  test("home renders on the server: the HTML carries its content before any script runs", async ({
    request,
    browser,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);

    // With JavaScript off, the page still shows its heading.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("h1").first()).toBeVisible();
    await context.close();
  });

  test("an unknown path answers 404 with 'Página não encontrada' and a link home", async ({
    page,
  }) => {
    const response = await page.goto("/caminho-que-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("hashed assets are cached for a year; uploads are served", async ({ request }) => {
    // The marketing pages and the store's pages up to the checkout ship no script module
    // (decisions 0009, 0013): the admin's login page does.
    const html = await (await request.get("/admin/login")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
  });

  test("writes from another origin are refused", async ({ request }) => {
    const response = await request.post("/admin/logout", {
      headers: { Origin: "https://malicioso.example" },
      form: {},
    });
    expect(response.status()).toBe(403);
  });
});
