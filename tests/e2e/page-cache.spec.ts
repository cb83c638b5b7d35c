// The shared page cache on the real server: a product page is served from the cache
// (compressed, with an ETag that answers 304), an admin's edit shows on the very next
// request, and a visitor carrying one of our cookies is never given nor stored a shared copy.
import { createProductInAdmin, expect, loginAsAdmin, test, unique } from "./fixtures";

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

test("a product edit shows on the next request; 304 on a matching ETag; cookies never shared", async ({
  page,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: BROWSER });
  const nome = unique("Petisco Cache");
  await loginAsAdmin(page, "/admin/loja?view=produtos");
  await createProductInAdmin(page, { nome, preco: "12,34", estoque: "9" });

  const loja = await visitor.get(`/loja?q=${encodeURIComponent(nome)}`);
  const href = /href="(\/loja\/produto\/[^"]+)"/.exec(await loja.text())?.[1];
  expect(href).toBeTruthy();

  const first = await visitor.get(href!);
  expect(await first.text()).toContain("R$ 12,34");
  const second = await visitor.get(href!);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(second.headers()["content-encoding"]).toBe("br");
  expect(second.headers().vary).toContain("Accept-Encoding");
  const etag = second.headers().etag!;
  const notModified = await visitor.get(href!, { headers: { "if-none-match": etag } });
  expect(notModified.status()).toBe(304);

  // A visitor with a toast cookie gets a page of its own, and it is not kept for others.
  const withCookie = await visitor.get(href!, { headers: { cookie: "agropet_toast=abc" } });
  expect(withCookie.headers()["x-cache"]).toBeUndefined();
  expect((await visitor.get(href!)).headers()["x-cache"]).toBe("HIT");

  // The admin edits the price: the next anonymous request shows it.
  const item = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: nome }) });
  await item.getByRole("button", { name: `Editar ${nome}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar produto" });
  await edit.getByLabel("Preço atual (R$)").fill("45,67");
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Produto atualizado com sucesso!")).toBeVisible();

  const after = await visitor.get(href!, { headers: { "if-none-match": etag } });
  expect(after.status()).toBe(200);
  expect(after.headers()["x-cache"]).toBe("MISS");
  const text = await after.text();
  expect(text).toContain("R$ 45,67");
  expect(text).not.toContain("R$ 12,34");

  await item.getByRole("button", { name: `Excluir ${nome}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Produto excluído com sucesso!")).toBeVisible();
  await visitor.dispose();
});
