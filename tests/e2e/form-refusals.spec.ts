// Issue 27, point 3: a form the server refuses is no failed resource in the browser's
// console (decision 0042). Each form is sent invalid from a real browser, with and without
// JavaScript (the quote's script checks on the page all the server checks but a photo's
// bytes, so its refusal is sent without JavaScript); the server's answer is 200 with the refusal's own status in X-Refusal-Status,
// the page says what to fix, and the console logs no "Failed to load resource".
import type { BrowserContext, Response } from "@playwright/test";
import { ONE_PAGE_PDF } from "../support/pdf";
import {
  addToCart,
  expect,
  fillQuoteForm,
  fillResumeWithPngAsPdf,
  type Locator,
  loginAsAdmin,
  type Page,
  test,
} from "./fixtures";

/** The console lines of failed loads in every page of `context`. */
function watchFailedLoads(context: BrowserContext): string[] {
  const failed: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Failed to load resource")) {
      failed.push(`${message.location().url}: ${message.text()}`);
    }
  });
  return failed;
}

/** The next POST answer to `path`, as a document or as React Router's data request. */
function nextPost(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (r) =>
      r.request().method() === "POST" && [path, `${path}.data`].includes(new URL(r.url()).pathname),
  );
}

/**
 * Sends a form by clicking `button` and expects its POST to `path` refused, answered as a page:
 * 200, with the status the action chose in the header.
 */
async function expectRefused(button: Locator, path: string, status: number) {
  const pending = nextPost(button.page(), path);
  await button.click();
  const answer = await pending;
  expect(answer.status(), answer.url()).toBe(200);
  expect(answer.headers()["x-refusal-status"], answer.url()).toBe(String(status));
}

test("with JavaScript, refused public, store and admin forms log no failed resource", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const failed = watchFailedLoads(context);

  // Contact: sent empty through its script.
  await page.goto("/contato");
  await page.locator('form[data-ready="1"]').waitFor({ state: "attached" });
  await expectRefused(
    page.getByRole("button", { name: "Enviar pelo WhatsApp" }),
    "/contato/enviar",
    400,
  );
  await expect(page.getByText("Informe seu nome")).toBeVisible();

  // Resume: a "PDF" whose bytes are a PNG, refused by the server.
  await fillResumeWithPngAsPdf(page, "pedro.recusa@example.com");
  await expectRefused(
    page.getByRole("button", { name: "Enviar Currículo" }),
    "/trabalhe-conosco/enviar",
    400,
  );
  await expect(page.locator("#curriculo-error")).toHaveText("Apenas arquivos PDF são aceitos");

  // Checkout: only the name.
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await page.goto("/loja/checkout");
  await page.getByLabel("Nome completo").fill("Cliente Recusado");
  await expectRefused(
    page.getByRole("button", { name: "Confirmar pedido" }),
    "/loja/checkout",
    400,
  );
  await expect(
    page.getByRole("alert").filter({ hasText: "Preencha todos os campos obrigatórios" }),
  ).toBeVisible();

  // Find an order: a number that does not exist.
  await page.goto("/loja/acompanhar");
  await page.getByLabel(/Número do pedido/).fill("PED0000000000000001");
  await page.getByLabel(/Telefone/).fill("(47) 98888-1234");
  const found = nextPost(page, "/loja/acompanhar");
  await page.getByRole("button", { name: /Acompanhar|Ver pedido|Buscar/ }).click();
  expect((await found).status()).toBe(200);
  await expect(page.getByRole("alert").first()).toBeVisible();

  // Admin: a wrong password at the login, then a wrong current password on the account page.
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill("admin@agropet.test");
  await page.getByLabel("Senha").fill("senha-errada-de-proposito");
  await expectRefused(page.getByRole("button", { name: "Entrar" }), "/admin/login", 401);
  await expect(page.getByRole("alert").first()).toBeVisible();

  await loginAsAdmin(page, "/admin/conta");
  await page.getByRole("textbox", { name: "Senha atual", exact: true }).fill("nao-e-a-senha-atual");
  await page
    .getByRole("textbox", { name: "Nova senha", exact: true })
    .fill("Capivara-Serena-Telhado-77");
  await page.getByLabel("Confirme a nova senha").fill("Capivara-Serena-Telhado-77");
  await expectRefused(page.getByRole("button", { name: "Alterar senha" }), "/admin/conta", 400);
  await expect(page.getByText(/Senha atual incorreta|senha atual/i).first()).toBeVisible();

  expect(failed, failed.join("\n")).toEqual([]);
});

test("without JavaScript, refused contact, resume and quote forms log no failed resource", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const failed = watchFailedLoads(context);
  const page = await context.newPage();

  await page.goto("/contato");
  await expectRefused(page.getByRole("button", { name: "Enviar pelo WhatsApp" }), "/contato", 400);
  await expect(page.getByText("Informe seu nome")).toBeVisible();

  await page.goto("/trabalhe-conosco");
  await expectRefused(
    page.getByRole("button", { name: "Enviar Currículo" }),
    "/trabalhe-conosco",
    400,
  );
  await expect(page.getByText("Selecione uma vaga de interesse")).toBeVisible();

  await page.goto("/servicos?servico=banho_fitoterapico#orcamento");
  const form = page.locator("#orcamento");
  // Every field the page asks for is there; the "photo" is a PDF, refused by the server.
  await fillQuoteForm(form, {
    nome: "Foto Falsa",
    whatsapp: "(47) 98888-0000",
    pet: "Bidu",
    raca: "Poodle, pequeno",
    foto: { name: "bidu.png", buffer: ONE_PAGE_PDF },
  });
  await expectRefused(form.getByRole("button", { name: "Enviar Solicitação" }), "/servicos", 400);
  await expect(page.locator("#orcamento")).toBeVisible();
  await expect(form.getByLabel("Nome do Pet")).toHaveValue("Bidu");

  expect(failed, failed.join("\n")).toEqual([]);
  await context.close();
});
