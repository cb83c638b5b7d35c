// Shared by the admin-ops specs: signing in through the login form.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { loginAsAdmin as signIn } from "./admin-helpers";

/** Signs in through the login form and lands on `redirectTo`. */
export function loginAsAdmin(page: Page, redirectTo = "/admin/dashboard") {
  return signIn(page, `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

export { expectNoSeriousA11yViolations };

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const node = document.querySelector("main");
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Creates a product through the admin form; returns its name. */
export async function createProductInAdmin(
  page: Page,
  options: { nome: string; preco: string; estoque: string; image?: Buffer },
) {
  await page.goto("/admin/loja?view=produtos");
  await page.getByRole("button", { name: "Novo produto" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo produto" });
  await dialog.getByLabel("Nome").fill(options.nome);
  await dialog.getByLabel("Categoria").selectOption({ label: "Rações" });
  await dialog.getByLabel("Preço atual (R$)").fill(options.preco);
  await dialog.getByLabel("Estoque").fill(options.estoque);
  if (options.image) {
    await dialog
      .getByLabel("Imagem")
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: options.image });
  }
  await dialog.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();
}
