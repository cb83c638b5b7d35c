// Issue 39, point 14, as the staff see it: new weights of a product start empty and inactive;
// the order's card, compact row and print sheet name the pack; the CEP typed at checkout is on
// the card and the sheet; the sheet is headed by the shop and its 80 mm QR is centred; the
// list finds the order by phone; the dashboard's value axis is not cut; a wrong pick-up code's
// toast goes once the right code works.
import {
  confirmPickup,
  createProductInAdmin,
  expect,
  fillCheckout,
  fillPickupCheckout,
  generateWeights,
  loginAsAdmin,
  MEIA_PRAIA,
  type Page,
  test,
  unique,
} from "./fixtures";

/** A product with 1 kg and 15 kg made through "Variações"; returns its name. */
async function productWithWeights(page: Page) {
  const nome = unique("Ração Pacote");
  await createProductInAdmin(page, {
    nome,
    sku: `PAC${Date.now().toString(36).toUpperCase()}`,
    preco: "39,90",
    estoque: "5",
  });
  const card = await generateWeights(page, nome, "1 kg, 15 kg");
  // The product's own row became 1 kg (its price kept); 15 kg is new: no price, not on sale.
  await expect(card("1 kg").getByLabel("Preço (R$)")).toHaveValue("39,90");
  await expect(card("15 kg").getByLabel("Preço (R$)")).toHaveValue("");
  await expect(card("15 kg").getByRole("checkbox", { name: /Ativ/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Salvar variações" }).click();
  await expect(page.getByText("Variação 15 kg: informe o preço").first()).toBeVisible();

  await card("15 kg").getByLabel("Preço (R$)").fill("1.289,90");
  await card("15 kg").getByRole("checkbox", { name: /Ativ/ }).check();
  for (const peso of ["1 kg", "15 kg"]) {
    await card(peso).getByLabel(MEIA_PRAIA, { exact: true }).fill("9");
  }
  await page.getByRole("button", { name: "Salvar variações" }).click();
  await expect(page.getByText("Variações salvas")).toBeVisible();
  return nome;
}

/** Puts the 15 kg pack of `nome` in the cart from its product page. */
async function add15kg(page: Page, nome: string) {
  await page.goto(`/loja?q=${encodeURIComponent(nome)}`);
  await page
    .getByRole("link", { name: `Ver detalhes de ${nome}` })
    .first()
    .click();
  await page.getByTestId("opcao").getByRole("link", { name: "15 kg", exact: true }).click();
  await page.getByRole("button", { name: "Adicionar ao carrinho - R$ 1.289,90" }).click();
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
}

test("the staff read the pack, the CEP and the shop on the order, find it by phone, and the chart's axis fits", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await loginAsAdmin(page);
  const nome = await productWithWeights(page);

  await add15kg(page, nome);
  await fillCheckout(page, {
    nome: "Cliente Pacote",
    telefone: "(47) 98877-6655",
    pagamento: "Dinheiro",
  });
  await page.getByRole("textbox", { name: "CEP" }).fill("88220-000");
  await page.getByRole("textbox", { name: "CEP" }).press("Tab");
  // Whatever the CEP lookup answers, the address is the one the test typed.
  await expect(page.getByTestId("cep-aviso")).not.toBeEmpty();
  await page.getByRole("textbox", { name: "Rua" }).fill("Rua 300");
  await page.getByLabel("Número").fill("12");
  await page.getByLabel("Bairro").selectOption("Centro");
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido \S+ realizado com sucesso!/);
  await expect(message).toBeVisible();
  const numero = (await message.textContent())!.match(/Pedido (\S+) realizado/)![1]!;

  // The card: found by the phone typed another way, the pack and the CEP on it.
  await page.goto(`/admin/loja?view=pedidos&q=${encodeURIComponent("47 988776655")}`);
  await expect(page.getByRole("heading", { level: 3, name: /^Pedido / })).toHaveCount(1);
  const card = page
    .getByRole("list", { name: "Pedidos" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) }) });
  await expect(card).toContainText(`1× ${nome} — 15 kg (R$ 1.289,90)`);
  await expect(card).toContainText("CEP: 88220-000");

  // The compact list: one line, the pack named.
  await page.getByRole("link", { name: "Lista compacta" }).click();
  const compact = page.getByTestId("pedidos-compactos");
  await expect(compact.getByRole("listitem")).toHaveCount(1);
  await expect(compact).toContainText(`1× ${nome} — 15 kg`);
  await expect(page.getByRole("searchbox", { name: "Buscar pedido" })).toHaveValue("47 988776655");

  // The 80 mm sheet: the shop on top, the pack and the CEP, the QR in the middle.
  await page.goto(`/admin/loja/pedidos/${numero}/imprimir?formato=80mm`);
  const sheet = page.getByTestId("print-sheet");
  await expect(sheet.getByTestId("print-loja")).toContainText("Agropet Litoral");
  await expect(sheet.getByTestId("print-loja")).toContainText(
    /Tel\.\/WhatsApp \(\d\d\) \d{4,5}-\d{4}/,
  );
  await expect(sheet).toContainText(`${nome} — 15 kg`);
  await expect(sheet).toContainText("CEP 88220-000");
  for (const media of ["screen", "print"] as const) {
    await page.emulateMedia({ media });
    const box = (await sheet.boundingBox())!;
    const qr = (await sheet.getByTestId("print-qr").boundingBox())!;
    const leftGap = qr.x - box.x;
    const rightGap = box.x + box.width - (qr.x + qr.width);
    expect(Math.abs(leftGap - rightGap), `QR centred (${media})`).toBeLessThanOrEqual(2);
  }
  await page.emulateMedia({ media: "screen" });

  // The dashboard's chart: every label inside the drawing (the week holds R$ 1.289,90).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  const chart = page.getByTestId("sales-chart");
  await expect(chart).toBeVisible();
  const outside = await chart.evaluate((svg) => {
    const view = (svg as SVGSVGElement).viewBox.baseVal;
    return [...svg.querySelectorAll("text")]
      .map((t) => ({ text: t.textContent, box: (t as SVGTextElement).getBBox() }))
      .filter(({ box }) => box.x < view.x || box.x + box.width > view.x + view.width)
      .map(({ text, box }) => `${text} ${Math.round(box.x)}..${Math.round(box.x + box.width)}`);
  });
  expect(outside).toEqual([]);
});

test("a wrong pick-up code's toast goes once the right code works", async ({ page }) => {
  test.setTimeout(120_000);
  // The page's clock is the test's: stopped once the refusal shows, so the toast cannot just
  // time out (4 s) while the right code is typed, which is what hid the fault before.
  await page.clock.install();
  await loginAsAdmin(page);
  await page.goto("/loja?q=comedouro");
  await page
    .getByRole("button", { name: "Adicionar Comedouro Inox Antiderrapante 500 ml ao carrinho" })
    .click();
  await fillPickupCheckout(page, {
    nome: "Cliente Código",
    telefone: "(47) 98888-4646",
    unidade: MEIA_PRAIA,
  });
  const { numero, codigo } = await confirmPickup(page);

  await page.goto(`/admin/loja?view=pedidos&q=${numero}`);
  const status = page.getByLabel("Status do pedido");
  await status.selectOption("pronto_retirada");
  await expect(page.getByText("Status do pedido atualizado")).toBeVisible();
  await status.selectOption("retirado");
  const ask = page.getByRole("dialog", { name: `Retirada do pedido ${numero}` });
  const code = ask.getByLabel("Código de retirada");
  await code.fill(codigo === "0000" ? "1111" : "0000");
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  const refused = page.locator("[data-sonner-toast]").filter({ hasText: /não confere/ });
  await expect(refused).toBeVisible();
  await page.clock.pauseAt(Date.now() + 300);
  await code.fill(codigo);
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(ask).toBeHidden();
  await expect(status).toHaveValue("retirado");
  // One second on: time for a dismissed toast to leave, far from the 4 s of an ignored one.
  await page.clock.runFor(1000);
  await expect(refused).toHaveCount(0);
});
