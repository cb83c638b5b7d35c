// Issue 27, point 7: the demo shop looks like a shop. The home's hero and 'Sobre' show the
// drawn scene (preloaded, sized, srcset, high priority on the home), the store's cards show
// drawn pictures and full names, each pack of a product with options has its own picture, and
// the product form shows how a photo is cut for the card.
import { expect, loginAsAdmin, type Page, pngPhoto, test } from "./fixtures";

/** Whether an image element finished loading a real picture. */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("the home's hero is the drawn shop front, ready for the largest paint; 'Sobre' has its scene", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.getByRole("img", { name: /fachada da loja/ });
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("width", "1200");
  await expect(hero).toHaveAttribute("height", "800");
  await expect(hero).toHaveAttribute(
    "srcset",
    /inicio-480-.*\.webp 480w, .*inicio-1200-.*\.webp 1200w/,
  );
  expect(await loaded(page, 'img[alt*="fachada da loja"]')).toBe(true);
  const preload = page.locator('head link[rel="preload"][as="image"][imagesrcset*="inicio-480"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(preload).toHaveAttribute("imagesizes", /544px/);
  // Above the fold on a phone too.
  await page.setViewportSize({ width: 360, height: 740 });
  const box = await hero.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(740);

  await page.goto("/sobre");
  await expect(page.getByRole("img", { name: /equipe no balcão/ })).toBeVisible();
  expect(await loaded(page, 'img[alt*="equipe no balcão"]')).toBe(true);
});

test("store cards show drawn pictures and whole names; each pack has its own picture", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/loja?q=bravecto");
  const name = page.getByRole("link", {
    name: "Antipulgas Bravecto Cães de 10 a 20 kg",
    exact: true,
  });
  await expect(name).toBeVisible();
  // No card name is cut: every heading shows all of its lines.
  await page.goto("/loja");
  const cut = await page
    .locator("li h2")
    .evaluateAll((headings) =>
      headings.filter((h) => h.scrollHeight > h.clientHeight + 1).map((h) => h.textContent),
    );
  expect(cut).toEqual([]);
  const pictures = await page
    .locator('li img[src^="/uploads/produtos/"]')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
  expect(pictures.length).toBeGreaterThan(10);

  // The 1 kg and the 15 kg bags are two pictures.
  const picture = async (sku: string) => {
    await page.goto(`/loja?q=quatree`);
    const href = await page.locator('a[href^="/loja/produto/"]').first().getAttribute("href");
    await page.goto(`${href}?v=${sku}`);
    return page.getByRole("img", { name: /Ração Quatree/ }).getAttribute("src");
  };
  const small = await picture("RAC-QUAT-AD-1");
  const large = await picture("RAC-QUAT-AD-15");
  expect(small).toMatch(/^\/uploads\/produtos\/.*\.webp$/);
  expect(large).toMatch(/^\/uploads\/produtos\/.*\.webp$/);
  expect(small).not.toBe(large);
});

test("the product form shows how a wide photo is cut for the card", async ({ page }) => {
  await loginAsAdmin(page, "/admin/loja?view=produtos");
  await page.getByRole("button", { name: "Novo produto" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo produto" });
  await dialog.getByLabel("Imagem").setInputFiles({
    name: "larga.png",
    mimeType: "image/png",
    buffer: await pngPhoto(500, 200, "#c84"),
  });
  const preview = dialog.getByTestId("recorte-cartao");
  await expect(preview).toContainText("cortada em quadrado, pelo centro");
  const whole = preview.getByRole("img", { name: "Foto escolhida, inteira" });
  const card = preview.getByRole("img", { name: "Como a foto aparece no cartão da loja" });
  await expect(whole).toBeVisible();
  await expect(card).toBeVisible();
  // The outlined square is 200/500 of the photo's width and all of its height.
  const frame = preview.locator('div[aria-hidden="true"]');
  await expect(frame).toBeVisible();
  const [photoBox, frameBox, cardBox] = await Promise.all([
    whole.boundingBox(),
    frame.boundingBox(),
    card.boundingBox(),
  ]);
  expect(frameBox!.width / photoBox!.width).toBeCloseTo(0.4, 1);
  expect(frameBox!.height).toBeCloseTo(photoBox!.height, 0);
  expect(cardBox!.width).toBeCloseTo(cardBox!.height, 0);
  await expect(card).toHaveCSS("object-fit", "cover");
});
