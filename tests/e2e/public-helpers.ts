import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (its DOM nodes carry a fiber). */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const node = document.querySelector("main");
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}
