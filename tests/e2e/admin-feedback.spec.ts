// What the admin screens answer when something is missing or fails: the resume download
// toasts its real outcome on the same page, the system tests say which chat number they
// open (the shop's phone when none is set), and 'Testar webhook' tests the typed URL.
// Not in the shared-deployment list: it touches the server's data directory.

import fs from "node:fs/promises";
import path from "node:path";
import { ONE_PAGE_PDF } from "../support/pdf";
import { expect, gotoHydrated, loginAsAdmin, sendResume, test } from "./fixtures";

// The chat test empties the number; the fixture saves the settings back after each test.
test.use({ restoreSettings: true });

const PDF = ONE_PAGE_PDF;

test("the resume download toasts success only when the file comes, and an error on the page otherwise", async ({
  page,
  context,
}) => {
  // Its own client address, so the other specs' applications do not count against it.
  await context.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.13" });
  const nome = `Renata Download ${Date.now().toString(36)}`;
  await sendResume(page, { nome, pdf: PDF });

  await loginAsAdmin(page, "/admin/curriculos");
  await gotoHydrated(page, "/admin/curriculos");
  const card = page.getByRole("listitem").filter({ hasText: nome });
  const link = card.getByRole("link", { name: new RegExp(`Baixar currículo de ${nome}`) });
  const id = (await link.getAttribute("href"))!.match(/curriculos\/([^/]+)\/download/)![1]!;
  const file = path.join(
    process.env.E2E_DATA_DIR!,
    "uploads",
    "private",
    "curriculos",
    `${id}.pdf`,
  );

  // The file is gone: an error toast, the list stays, no success claimed.
  await fs.rm(file);
  await link.click();
  await expect(page.getByText("Erro ao baixar currículo")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/curriculos$/);
  await expect(page.getByRole("heading", { name: "Currículos", level: 1 })).toBeVisible();
  await expect(page.getByText("Download iniciado com sucesso")).toHaveCount(0);

  // The file is back: the download starts, with the candidate's name, then the success.
  await fs.writeFile(file, PDF);
  const downloadPromise = page.waitForEvent("download");
  await link.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(
    `curriculo-${nome.toLowerCase().replace(/ /g, "-")}.pdf`,
  );
  expect(await fs.readFile((await download.path())!)).toEqual(PDF);
  await expect(page.getByText("Download iniciado com sucesso")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/curriculos$/);
});

test("the chat test uses the shop's phone when no number is set, and names it", async ({
  page,
}) => {
  await loginAsAdmin(page, "/admin/configuracoes");
  await gotoHydrated(page, "/admin/configuracoes");
  await page.getByLabel("Número do WhatsApp (com DDD)").fill("");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();

  await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "wa.me" }));
  await gotoHydrated(page, "/admin/testes");
  await expect(page.getByText(/número do WhatsApp não está configurado/)).toHaveCount(0);
  await expect(page.getByText(/Abre uma conversa com \(47\) 99999-0416/)).toBeVisible();
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Testar WhatsApp" }).click();
  await (await popup).waitForURL(/wa\.me\/5547999990416\?text=/);
  await expect(
    page
      .getByTestId("historico-testes")
      .getByText(
        "WhatsApp aberto! Envie a mensagem de teste. Número testado: (47) 99999-0416 (telefone da loja).",
      ),
  ).toBeVisible();
});

test("'Testar webhook' tests the URL typed on the screen, before saving", async ({ page }) => {
  await loginAsAdmin(page, "/admin/loja");
  await gotoHydrated(page, "/admin/loja?view=configuracoes");
  const field = page.getByLabel("URL do webhook");
  await field.fill("ftp://exemplo.com/hook");
  await page.getByRole("button", { name: "Testar webhook" }).click();
  await expect(page.locator("#cfg-webhookUrl-error")).toHaveText("URL inválida");

  // Nothing listens on port 9: the typed URL was tried (the saved one is empty).
  await field.fill("http://127.0.0.1:9/hook");
  await page.getByRole("button", { name: "Testar webhook" }).click();
  await expect(page.getByText("Erro ao enviar teste")).toBeVisible();
  await expect(page.getByText("Configure a URL do webhook primeiro")).toHaveCount(0);
});
