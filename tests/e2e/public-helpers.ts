import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (its DOM nodes carry a fiber). */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const node = document.querySelector("main");
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Opens /servicos (plain HTML, no React) and waits until its script has made the quote
 * dialog ready.
 */
export async function gotoServicos(page: Page, path = "/servicos") {
  await page.goto(path);
  await page.locator('dialog[data-ready="1"]').waitFor({ state: "attached" });
}

/**
 * Every page of the site is served without React: a page of the site rendered by React is
 * one reached by a client-side visit from a page that hydrates (the cart). Ends on the home.
 */
export async function gotoHydratedSite(page: Page) {
  await gotoHydrated(page, "/loja/carrinho");
  await page.getByRole("link", { name: "Voltar ao site" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByRole("navigation", { name: "Principal" }).waitFor();
}
