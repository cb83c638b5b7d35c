// Pick-up at a unit, end to end on a phone: the admin makes a product with three weights and
// stock at the pick-up unit, a customer picks the 15 kg pack by its link, checks out "Retirar
// na loja" paying at the counter and reads the pick-up code; the admin marks the order ready
// (the WhatsApp notice carries the code) and collected with that code; the customer's page
// says "Retirado".
import {
  confirmPickup,
  createProductInAdmin,
  expect,
  expectNoSeriousA11yViolations,
  fillPickupCheckout,
  generateWeights,
  loginAsAdmin,
  MEIA_PRAIA,
  test,
  unique,
} from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("a pick-up order: variant by link, 'Retirar na loja', ready with a WhatsApp notice, collected with the code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const nome = unique("Ração Retirada");
  const sku = `RET${Date.now().toString(36).toUpperCase()}`;

  // --- Admin: the product, then its weights with stock at the pick-up unit ---
  await loginAsAdmin(page, "/admin/loja?view=produtos");
  await createProductInAdmin(page, { nome, sku, preco: "39,90", estoque: "0" });
  const cardOf = await generateWeights(page, nome, "1 kg, 3 kg, 15 kg");
  const prices = { "1 kg": "39,90", "3 kg": "99,90", "15 kg": "289,90" } as const;
  for (const [peso, preco] of Object.entries(prices)) {
    const card = cardOf(peso);
    await card.getByLabel("Preço (R$)").fill(preco);
    await card.getByLabel(MEIA_PRAIA, { exact: true }).fill("5");
    // New combinations start inactive (issue 39): put each on sale.
    await card.getByRole("checkbox", { name: "Ativa" }).check();
  }
  await page.getByRole("button", { name: "Salvar variações" }).click();
  await expect(page.getByText("Variações salvas")).toBeVisible();

  // --- Customer: the 15 kg pack by its link, pick-up at the unit, paid at the counter ---
  await page.goto(`/loja?q=${encodeURIComponent(nome)}`);
  await page
    .getByRole("link", { name: `Ver detalhes de ${nome}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: nome })).toBeVisible();
  const opcao = page.getByTestId("opcao").filter({ hasText: "Peso" });
  await opcao.getByRole("link", { name: "15 kg", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?v=${sku}-15KG$`));
  await expect(opcao.locator('[aria-current="true"]')).toHaveText("15 kg");
  const add = page.getByRole("button", { name: "Adicionar ao carrinho - R$ 289,90" });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");

  await fillPickupCheckout(page, {
    nome: "Cliente Retirada E2E",
    telefone: "(47) 98888-4545",
    unidade: MEIA_PRAIA,
  });
  await expect(page.getByText(`1x ${nome} — 15 kg`)).toBeVisible();
  await expect(page.getByTestId("summary-total")).toHaveText("R$ 289,90");
  // A pick-up: no delivery fee and no free-delivery talk in the summary.
  await expect(page.getByTestId("summary-entrega")).toHaveCount(0);
  await expect(page.locator("[data-resumo]").getByText(/frete grátis/i)).toHaveCount(0);
  const { numero, codigo } = await confirmPickup(page);
  await expect(page.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
  const orderUrl = page.url();
  expect(codigo).toMatch(/^\d{4}$/);
  await expect(page.getByTestId("pedido-retirada")).toContainText(MEIA_PRAIA);

  // --- Admin: ready, with the notice; then collected with the code ---
  await page.goto(`/admin/loja?view=pedidos&modo=retirada`);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) }) });
  await expect(card.getByTestId("modo-pedido")).toHaveText(`Retirada · ${MEIA_PRAIA}`);
  await expect(card).toContainText(`Código de retirada: ${codigo}`);
  await expectNoSeriousA11yViolations(page);
  const status = card.getByLabel("Status do pedido");
  // A pick-up order offers its own steps only.
  expect(await status.locator("option").allInnerTexts()).toEqual([
    "Novo",
    "Em Preparo",
    "Pronto para retirada",
    "Retirado",
    "Cancelado",
  ]);

  await status.selectOption("pronto_retirada");
  await expect(page.getByText("Status do pedido atualizado")).toBeVisible();
  await expect(card).toContainText(/Pronto em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const notice = card.getByRole("link", { name: /Avisar cliente pelo WhatsApp/ });
  await expect(notice).toHaveAttribute("target", "_blank");
  const link = new URL((await notice.getAttribute("href"))!);
  expect(link.origin + link.pathname).toBe("https://wa.me/5547988884545");
  const text = link.searchParams.get("text")!;
  for (const part of [
    numero,
    MEIA_PRAIA,
    "Rua 416",
    `Código de retirada: ${codigo}`,
    "Seg. a sex. 9h",
  ]) {
    expect(text).toContain(part);
  }

  // "Retirado" asks for the code: a wrong one is refused by the server, the right one goes.
  await status.selectOption("retirado");
  const ask = page.getByRole("dialog", { name: `Retirada do pedido ${numero}` });
  const code = ask.getByLabel("Código de retirada");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  const wrong = codigo === "0000" ? "1111" : "0000";
  await code.fill(wrong);
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(ask.getByText("Código de retirada não confere")).toBeVisible();
  // "Pagar na retirada": the hand-over asks how it was paid (issue 43), cash by default with
  // the change worked out from what the customer hands over.
  await expect(ask.getByLabel("Como foi pago")).toHaveValue("dinheiro");
  await ask.getByLabel(/Dinheiro entregue pelo cliente/).fill("1000,00");
  await expect(ask.getByText(/Troco: R\$/)).toBeVisible();
  await code.fill(codigo);
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(ask).toBeHidden();
  await expect(status).toHaveValue("retirado");
  await expect(card).toContainText(/Retirado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Collected: only a cancellation is left.
  expect(await status.locator("option").allInnerTexts()).toEqual(["Retirado", "Cancelado"]);

  // --- Customer: the order page says it was collected ---
  await page.goto(orderUrl);
  await expect(page.getByTestId("status-pedido")).toHaveText("Retirado");
  await expect(page.getByTestId("status-pagamento")).toHaveText("Pago");
  await expect(page.getByTestId("pedido-retirada")).toContainText("Retirado em");

  // --- Admin: a cancellation asks the reason the customer reads, and after hand-over whether
  // the units go back on the shelf ---
  await page.goto("/admin/loja?view=pedidos&modo=retirada");
  await card.getByLabel("Status do pedido").selectOption("cancelado");
  const back = page.getByRole("dialog", { name: /^Cancelar o pedido PED\d+\?$/ });
  await expect(back).toBeVisible();
  await expect(back).toContainText("Diga se os itens voltam para o estoque da unidade.");
  await back
    .getByLabel("Motivo para o cliente (opcional)")
    .fill("Produto com defeito, trocado na loja");
  await back.getByRole("button", { name: "Cancelar e voltar ao estoque" }).click();
  await expect(page.getByText("Os itens voltaram para o estoque.")).toBeVisible();
  await expect(card.getByLabel("Status do pedido")).toHaveValue("cancelado");
});
