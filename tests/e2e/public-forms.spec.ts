import type { Locator, Page } from "@playwright/test";
import { ONE_PAGE_PDF } from "../support/pdf";
import {
  attachPetPhoto,
  expect,
  fillQuoteForm,
  fillResume,
  fillResumeWithPngAsPdf,
  frameworkScripts,
  gotoHydratedSite,
  gotoScripted,
  gotoServicos,
  openResumeForm,
  pngPhoto,
  test,
  watchScripts,
} from "./fixtures";

const PDF = ONE_PAGE_PDF;

/** Starts on the hydrated site (see gotoHydratedSite) and follows the header's link `name`. */
async function followHeaderLink(page: Page, name: string) {
  await gotoHydratedSite(page);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name }).click();
}

test.describe("catalogue", () => {
  test("search and chips combine by AND, with the count, the empty state and 'Limpar Filtros'", async ({
    page,
  }) => {
    // Plain HTML and a small inline script, no React (decision 0009).
    await gotoScripted(page, "/produtos", 'form[role="search"]');
    const cards = page.locator("main ul.grid > li:visible");
    await expect(page.getByText("9 categorias encontradas")).toBeVisible();
    await expect(cards).toHaveCount(9);

    await page.getByPlaceholder("Buscar produtos...").fill("racoes");
    await expect(page.getByText("1 categoria encontrada")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole("heading")).toHaveText("Rações Saudáveis");
    const ver = cards.first().getByRole("link", { name: /Ver Produtos/ });
    await expect(ver).toHaveAttribute("href", /Ra%C3%A7%C3%B5es%20Saud%C3%A1veis/);
    await expect(ver).toHaveAttribute("target", "_blank");

    await page.getByRole("button", { name: "Agropecuária" }).click();
    await expect(page.getByRole("button", { name: "Agropecuária" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(
      page.getByText("Nenhum produto encontrado para os filtros selecionados."),
    ).toBeVisible();
    await expect(page.getByText("0 categorias encontradas")).toBeVisible();

    await page.getByRole("link", { name: "Limpar Filtros" }).click();
    await expect(page.getByPlaceholder("Buscar produtos...")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Todos os Produtos" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(cards).toHaveCount(9);

    await page.getByRole("button", { name: "Peixes" }).click();
    await expect(page.getByText("3 categorias encontradas")).toBeVisible();
    await expect(cards).toHaveCount(3);
    // The address keeps the filters: a reload (or a shared link) shows the same list.
    await expect(page).toHaveURL(/\/produtos\?especie=peixes$/);
    await page.reload();
    await expect(page.getByText("3 categorias encontradas")).toBeVisible();
    await expect(cards).toHaveCount(3);
    await expect(page.getByText(/Uso responsável de medicamentos veterinários/)).toBeVisible();
  });

  test("a client-side visit from a hydrated page filters too", async ({ page }) => {
    await followHeaderLink(page, "Produtos");
    await expect(page).toHaveURL(/\/produtos$/);
    await page.getByPlaceholder("Buscar produtos...").fill("aquario");
    await expect(page.getByText("1 categoria encontrada")).toBeVisible();
    await page.getByRole("button", { name: "Gatos" }).click();
    await expect(page.getByText("0 categorias encontradas")).toBeVisible();
  });

  test("filters work without JavaScript through the URL", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/produtos");
    await page.getByRole("button", { name: "Gatos" }).click();
    await expect(page).toHaveURL(/especie=gatos/);
    await expect(page.getByText("6 categorias encontradas")).toBeVisible();
    await page.getByPlaceholder("Buscar produtos...").fill("HIGIENE");
    await page.getByPlaceholder("Buscar produtos...").press("Enter");
    await expect(page.getByText("1 categoria encontrada")).toBeVisible();
    await expect(page).toHaveURL(/especie=gatos/);
    await context.close();
  });
});

/** A FAQ question (a native `<summary>`) is open or closed: its `<details>` says so. */
async function expectOpen(summary: Locator, open: boolean) {
  await expect(summary.locator("xpath=..")).toHaveJSProperty("open", open);
}

test.describe("FAQ", () => {
  test("five categories of 3/4/3/4/3; one question open at a time per category, all may close", async ({
    page,
  }) => {
    // Served as plain HTML: native disclosures (the browser announces each summary as a
    // button with its expanded state); the only script is the header's account link
    // (decision 0072), none for the questions.
    await page.goto("/faq");
    await expect(page.locator("script[type=module]")).toHaveCount(1);
    await expect(page.locator('script[type="application/json"][data-island]')).toHaveCount(1);
    const sections = page.locator('section[data-testid^="faq-"]');
    await expect(sections).toHaveCount(5);
    const counts = [];
    for (const section of await sections.all())
      counts.push(await section.locator("summary").count());
    expect(counts).toEqual([3, 4, 3, 4, 3]);

    const pagamentos = page.getByTestId("faq-pagamentos");
    const [q1, q2] = [pagamentos.locator("summary").nth(0), pagamentos.locator("summary").nth(1)];
    const produtosQ = page.getByTestId("faq-produtos").locator("summary").first();
    await expectOpen(q1, false);
    await expect(pagamentos.getByText(/Visa, Mastercard e Elo/)).toBeHidden();
    await q1.click();
    await expectOpen(q1, true);
    await expect(pagamentos.getByText(/Visa, Mastercard e Elo/)).toBeVisible();
    // Another category keeps its own state.
    await produtosQ.click();
    await expectOpen(produtosQ, true);
    await expectOpen(q1, true);
    // Opening a second question of the same category closes the first.
    await q2.focus();
    await page.keyboard.press("Enter");
    await expectOpen(q2, true);
    await expectOpen(q1, false);
    // And all may be closed.
    await q2.click();
    await expectOpen(q2, false);
    await expect(pagamentos.locator("details[open]")).toHaveCount(0);
    await expect(pagamentos.getByText(/desconto fixo para o Pix/)).toBeHidden();

    await expect(page.getByRole("heading", { name: "Não encontrou sua resposta?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Fazer Pergunta no WhatsApp" })).toHaveAttribute(
      "href",
      /wa\.me\/5547999990416\?text=/,
    );
    await expect(page.locator("#dicas + ul > li")).toHaveCount(4);
  });
});

test("without JavaScript the FAQ questions still open and close", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/faq");
  const answer = page.getByText(/Visa, Mastercard e Elo/);
  await expect(answer).toBeHidden();
  const question = page.getByTestId("faq-pagamentos").locator("summary").first();
  await question.click();
  await expect(answer).toBeVisible();
  await question.click();
  await expect(answer).toBeHidden();
  await context.close();
});

test("a client-side visit to the FAQ opens and closes its questions", async ({ page }) => {
  await followHeaderLink(page, "FAQ");
  await expect(page).toHaveURL(/\/faq$/);
  const question = page.getByTestId("faq-pagamentos").locator("summary").first();
  await expectOpen(question, false);
  await question.click();
  await expectOpen(question, true);
  await expect(page.getByText(/Visa, Mastercard e Elo/)).toBeVisible();
});

test.describe("grooming quote", () => {
  test("the dialog: focus trapped and returned, Escape closes, the quote is sent with one photo", async ({
    page,
  }) => {
    const modules = watchScripts(page);
    // Plain HTML and a small inline script, no React (decision 0009).
    await gotoServicos(page);
    await expect(page.locator("#orcamento")).toHaveCount(0);
    const opener = page.getByRole("button", {
      name: "Solicitar Orçamento: Banho + Tosa Higiênica",
    });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /Banho \+ Tosa Higiênica/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    const submit = dialog.getByRole("button", { name: "Enviar Solicitação" });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Nome Completo").fill("Carla Teste E2E");
    await dialog.getByLabel("WhatsApp").fill("(47) 98888-4321");
    await dialog.getByLabel("Nome do Pet").fill("Paçoca");
    await dialog.getByLabel("Raça e Porte").fill("Vira-lata, médio");
    await expect(dialog.getByLabel("Endereço")).toBeHidden();
    await dialog.getByLabel("Quero o serviço de leva e traz").check();
    await dialog.getByLabel("Endereço").fill("Rua 250, 100");
    await dialog.getByLabel("Bairro").fill("Meia Praia");

    const photo = await pngPhoto();
    const input = dialog.locator('input[type="file"]');
    // Four at once: the whole selection is refused.
    await input.setInputFiles(
      [1, 2, 3, 4].map((i) => ({ name: `p${i}.png`, mimeType: "image/png", buffer: photo })),
    );
    await expect(page.getByText("Limite de fotos excedido")).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveCount(0);
    await input.setInputFiles({
      name: "doc.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await expect(page.getByText("Formato inválido")).toBeVisible();

    await input.setInputFiles(
      [1, 2, 3].map((i) => ({ name: `p${i}.png`, mimeType: "image/png", buffer: photo })),
    );
    await expect(dialog.getByRole("img", { name: /Foto \d do pet/ })).toHaveCount(3);
    await expect(dialog.getByRole("button", { name: /Adicionar fotos/ })).toBeDisabled();
    await dialog.getByRole("button", { name: "Remover foto 3" }).click();
    await dialog.getByRole("button", { name: "Remover foto 2" }).click();
    await expect(dialog.getByRole("img", { name: /Foto \d do pet/ })).toHaveCount(1);
    await expect(dialog.getByRole("button", { name: /Adicionar fotos/ })).toBeEnabled();

    await submit.click();
    await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible();
    await expect(
      page.getByText("Entraremos em contato em breve com seu orçamento personalizado."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(frameworkScripts(modules)).toEqual([]);
  });

  test("client-side checks keep the dialog open with the data", async ({ page }) => {
    await gotoServicos(page);
    await page.getByRole("button", { name: "Solicitar Orçamento: Plano de Banho" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome Completo").fill("Sem Pet");
    await attachPetPhoto(dialog, "a.png");
    await dialog.getByRole("button", { name: "Enviar Solicitação" }).click();
    await expect(dialog.getByText("Informe o nome do pet")).toBeVisible();
    await expect(dialog.getByLabel("Nome Completo")).toHaveValue("Sem Pet");
    await expect(dialog.getByLabel("WhatsApp")).toBeFocused();
  });

  test("a shared link with ?servico= opens that service's dialog", async ({ page }) => {
    await gotoServicos(page, "/servicos?servico=banho_tosa");
    const dialog = page.getByRole("dialog", {
      name: "Solicitar Orçamento: Banho + Tosa Higiênica",
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('input[name="tipo_servico"]')).toHaveValue("banho_tosa");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("a client-side visit from a hydrated page opens the dialog too", async ({ page }) => {
    await followHeaderLink(page, "Banho & Tosa");
    await expect(page).toHaveURL(/\/servicos$/);
    await expect(page.locator('dialog[data-ready="1"]')).toHaveCount(1);
    await expect(page.locator("#orcamento")).toHaveCount(0);
    const opener = page.getByRole("button", { name: "Solicitar Orçamento: Plano de Banho" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /Plano de Banho/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("without JavaScript the page form still sends the quote", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/servicos");
    await page.getByRole("link", { name: "Solicitar Orçamento: Banho Fitoterápico" }).click();
    await expect(page).toHaveURL(/servico=banho_fitoterapico#orcamento/);
    const form = page.locator("#orcamento");
    await expect(form.locator('select[name="tipo_servico"]')).toHaveValue("banho_fitoterapico");
    await fillQuoteForm(form, {
      nome: "Sem Script",
      whatsapp: "47 98888-0000",
      pet: "Bidu",
      raca: "Poodle, pequeno",
      foto: { name: "bidu.png", buffer: await pngPhoto() },
    });
    await form.getByRole("button", { name: "Enviar Solicitação" }).click();
    await expect(page.getByRole("status")).toContainText("Solicitação enviada com sucesso!");
    await context.close();
  });
});

test.describe("resume", () => {
  test("messages under each field, then a full submission resets the form", async ({ page }) => {
    // Plain HTML and a small inline script, no React (decision 0009).
    await openResumeForm(page);
    await page.getByRole("button", { name: "Enviar Currículo" }).click();
    await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(page.getByText("E-mail inválido")).toBeVisible();
    await expect(page.getByText("Telefone deve ter pelo menos 10 dígitos")).toBeVisible();
    await expect(page.getByText("Selecione uma vaga de interesse")).toBeVisible();
    await expect(page.getByText("Apenas arquivos PDF são aceitos")).toBeVisible();
    await expect(page.getByLabel(/Nome completo/)).toHaveAttribute("aria-invalid", "true");

    await fillResume(page, {
      nome: "Pedro Candidato",
      email: "pedro.e2e@example.com",
      telefone: "(47) 99999-5555",
      vaga: "vendedor",
      mensagem: "Adoro animais.",
      pdf: PDF,
    });
    await page.getByRole("button", { name: "Enviar Currículo" }).click();
    await expect(
      page.getByText("Currículo enviado com sucesso! 🐾 Em breve entraremos em contato!").first(),
    ).toBeVisible();
    await expect(page.getByLabel(/Nome completo/)).toHaveValue("");
    await expect(page.getByLabel(/Vaga de interesse/)).toHaveValue("");
  });

  test("a file that is not a PDF is refused by the server too", async ({ page }) => {
    await fillResumeWithPngAsPdf(page, "pedro.falso@example.com");
    await page.getByRole("button", { name: "Enviar Currículo" }).click();
    await expect(page.locator("#curriculo-error")).toHaveText("Apenas arquivos PDF são aceitos");
    await expect(page.getByLabel(/Nome completo/)).toHaveValue("Pedro Falso");
  });
});

test.describe("contact", () => {
  test("the message opens the chat with the composed text, a toast, and clears the form", async ({
    page,
    context,
  }) => {
    await context.route("https://wa.me/**", (route) => route.fulfill({ body: "chat" }));
    // Plain HTML and a small inline script, no React (decision 0009).
    await gotoScripted(page, "/contato", "form#contato-form");
    await expect(page.getByText("Mapa em breve").first()).toBeVisible();
    await expect(page.getByText("Respondemos em até 24 horas")).toBeVisible();
    await page.getByLabel(/^E-mail/).fill("errado@");
    await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    await expect(page.getByText("Informe seu nome")).toBeVisible();
    await expect(page.getByText("E-mail inválido")).toBeVisible();

    await page
      .getByLabel(/^Nome\b/)
      .first()
      .fill("Lúcia");
    await page.getByLabel(/^Telefone/).fill("(47) 98888-7777");
    await page.getByLabel(/^E-mail/).fill("lucia@example.com");
    await page.getByLabel("Nome do pet").fill("Nina");
    await page.getByLabel(/^Mensagem/).fill("Vocês têm areia para gatos?");
    const popupPromise = context.waitForEvent("page");
    await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    const popup = await popupPromise;
    const url = decodeURIComponent(popup.url());
    expect(url).toContain("https://wa.me/5547999990416?text=");
    expect(url).toContain("Pet: Nina");
    expect(url).toContain("Vocês têm areia para gatos?");
    await expect(page.getByText("Redirecionando para WhatsApp")).toBeVisible();
    await expect(
      page.getByText("Você será redirecionado para enviar sua mensagem via WhatsApp."),
    ).toBeVisible();
    await expect(page.getByLabel(/^Mensagem/)).toHaveValue("");
  });
});

test("without JavaScript the contact form shows the errors, then goes to the chat", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.route("https://wa.me/**", (route) => route.fulfill({ body: "chat" }));
  const page = await context.newPage();
  await page.goto("/contato");
  await page.getByLabel(/^Telefone/).fill("47");
  await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  await expect(page.getByText("Informe seu nome")).toBeVisible();
  await expect(page.getByText("Telefone deve ter pelo menos 10 dígitos")).toBeVisible();
  await expect(page.getByLabel(/^Telefone/)).toHaveValue("47");
  await page
    .getByLabel(/^Nome\b/)
    .first()
    .fill("Caio");
  await page.getByLabel(/^Telefone/).fill("(47) 98888-1212");
  await page.getByLabel(/^Mensagem/).fill("Tem ração de coelho?");
  await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  await page.waitForURL(/^https:\/\/wa\.me\/5547999990416\?text=/);
  expect(decodeURIComponent(page.url())).toContain("Tem ração de coelho?");
  await context.close();
});

test("a resume is never served by a public URL", async ({ request }) => {
  const response = await request.get("/uploads/curriculos/qualquer.pdf");
  expect(response.status()).toBeGreaterThanOrEqual(400);
});

test("without JavaScript the resume form still sends the application", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/trabalhe-conosco");
  await fillResume(page, {
    nome: "Rita Sem Script",
    email: "rita.e2e@example.com",
    telefone: "(47) 99999-7777",
    vaga: "auxiliar",
    pdf: PDF,
  });
  await page.getByRole("button", { name: "Enviar Currículo" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Currículo enviado com sucesso! 🐾 Em breve entraremos em contato!",
  );
  await context.close();
});
