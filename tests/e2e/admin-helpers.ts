// Shared steps for admin end-to-end tests.
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

export async function loginAsAdmin(page: Page, target = "/admin/login") {
  await page.goto(target);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The shell is there once 'Sair' is (the login card also says 'Painel Administrativo').
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin(\/login)?(\?|$)/);
}
