// Issue 27, point 2: nothing is wider than a 360 px phone. Every public, store and admin page
// (the order page, the /loja that says an order was placed, dialogs open) is measured: the
// document must not scroll sideways, and an open dialog must sit inside the screen. Each
// overflow is reported with the elements that stick out, so one run shows them all.
import {
  addToCart,
  expect,
  fillCheckout,
  loginAsAdmin,
  type Page,
  SITE_PAGES,
  test,
} from "./fixtures";

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 780 } });

/** What sticks out of the screen: the document's width, and the deepest elements past it. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    const dialogs: string[] = [];
    const nameOf = (el: Element) => {
      const cls = typeof el.className === "string" ? el.className.slice(0, 60) : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()} class="${cls}"> "${text}"`;
    };
    /** Is a part of `el` hidden by an ancestor that scrolls or clips it? */
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible" || style.position === "fixed") return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > vw + 1 && !clipped(el)) {
        const childOut = [...el.children].some(
          (c) => c.getBoundingClientRect().right > vw + 1 && !clipped(c),
        );
        if (!childOut) culprits.push(`${nameOf(el)} right=${Math.round(rect.right)}`);
      }
    }
    for (const dialog of document.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], dialog[open]',
    )) {
      const rect = dialog.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < -1 || rect.right > vw + 1 || dialog.scrollWidth > dialog.clientWidth + 1) {
        const inner = [...dialog.querySelectorAll("*")]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.right > Math.min(vw, rect.right) + 1 || r.left < -1);
          })
          .slice(-3)
          .map(nameOf);
        dialogs.push(
          `dialog ${Math.round(rect.left)}..${Math.round(rect.right)}, scroll ${dialog.scrollWidth}/${dialog.clientWidth}: ${inner.join(" | ")}`,
        );
      }
    }
    return { vw, scrollWidth, culprits: culprits.slice(0, 6), dialogs };
  });
}

/** Measures the page as it is now; records a readable line when it is wider than the phone. */
async function measure(page: Page, label: string, problems: string[]) {
  await page.waitForLoadState("load");
  const o = await overflow(page);
  expect(o.vw, "a viewport of 360 px").toBe(WIDTH);
  if (o.scrollWidth > o.vw || o.dialogs.length > 0) {
    if (process.env.PHONE_WIDTH_TRACE) console.log(label, o);
    problems.push(
      `${label}: ${o.scrollWidth} px de largura\n    ${[...o.culprits, ...o.dialogs].join("\n    ")}`,
    );
  }
}

async function visit(page: Page, url: string, problems: string[]) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await measure(page, url, problems);
}

/**
 * Opens a dialog by its button (the first of that name), measures the page with it open (the
 * dialog named `dialog`, when given) and closes it.
 */
async function measureDialog(
  page: Page,
  problems: string[],
  button: string | RegExp,
  label: string,
  dialog?: string,
) {
  await page.getByRole("button", { name: button }).first().click();
  await expect(page.getByRole("dialog", dialog ? { name: dialog } : {})).toBeVisible();
  await measure(page, label, problems);
  await page.keyboard.press("Escape");
}

test("every public and store page, the order page and the placed order fit a 360 px phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const url of [
    ...SITE_PAGES,
    "/pagina-que-nao-existe",
    "/loja",
    "/loja?q=racao",
    "/loja/carrinho",
    "/loja/acompanhar",
    "/conta/entrar",
    "/admin/login",
  ]) {
    await visit(page, url, problems);
  }
  const product = await page
    .goto("/loja")
    .then(() => page.locator('a[href^="/loja/produto/"]').first().getAttribute("href"));
  await visit(page, product!, problems);

  // The site's menu open.
  await page.goto("/");
  await page.locator("summary[aria-controls]").first().click();
  await expect(page.getByRole("navigation", { name: "Menu do celular" })).toBeVisible();
  await measure(page, "/ (menu aberto)", problems);

  // The quote dialog of /servicos open.
  await page.goto("/servicos");
  await page.locator('dialog[data-ready="1"]').first().waitFor({ state: "attached" });
  await page
    .getByRole("button", { name: /^Solicitar Orçamento: / })
    .first()
    .click();
  await expect(page.locator("dialog[open]")).toBeVisible();
  await measure(page, "/servicos (orçamento aberto)", problems);

  // A cart with the longest names, the checkout, the placed order and its page.
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await visit(page, "/loja/carrinho", problems);
  await visit(page, "/loja/checkout", problems);
  await page.goto("/loja");
  await page.getByTestId("cart-button").click();
  await measure(page, "/loja (carrinho aberto)", problems);
  await page.keyboard.press("Escape");
  await fillCheckout(page, { nome: "Cliente Celular", pagamento: "Dinheiro" });
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
  const numero = (await message.textContent())!.match(/PED\d+/)![0];
  const follow = page.getByRole("link", { name: `Acompanhar pedido ${numero}` });
  await expect(follow).toBeVisible();
  await measure(page, "/loja (pedido realizado)", problems);
  await follow.click();
  await expect(page.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
  await measure(page, `/loja/pedido/${numero}`, problems);

  expect(problems, problems.join("\n")).toEqual([]);
});

test("every admin page and its dialogs fit a 360 px phone", async ({ page }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  await loginAsAdmin(page);
  for (const url of [
    "/admin/dashboard",
    "/admin/loja",
    "/admin/loja?view=produtos",
    "/admin/loja?view=pedidos",
    "/admin/loja?view=configuracoes",
    "/admin/loja/sinonimos",
    "/admin/estoque",
    "/admin/unidades",
    "/admin/curriculos",
    "/admin/servicos",
    "/admin/importar",
    "/admin/security",
    "/admin/rotinas",
    "/admin/configuracoes",
    "/admin/testes",
    "/admin/emails",
    "/admin/conta",
  ]) {
    await visit(page, url, problems);
  }

  // The pages under a list: a product's variants, a variant's stock history, an e-mail.
  await page.goto("/admin/loja?view=produtos");
  const variacoes = await page.locator('a[href*="/variacoes"]').first().getAttribute("href");
  await visit(page, variacoes!, problems);
  await page.goto("/admin/estoque");
  const historico = await page.locator('a[href^="/admin/estoque/"]').first().getAttribute("href");
  await visit(page, historico!, problems);

  // The admin menu open (a slide-in panel on a phone).
  await page.goto("/admin/dashboard");
  await measureDialog(page, problems, /Alternar menu lateral/, "/admin/dashboard (menu aberto)");

  // Dialogs: a new product, a product's edit form, a new coupon, a stock adjustment.
  await page.goto("/admin/loja?view=produtos");
  await measureDialog(page, problems, "Novo produto", "/admin/loja (Novo produto)", "Novo produto");
  await measureDialog(page, problems, /^Editar /, "/admin/loja (Editar produto)");

  await page.goto("/admin/unidades");
  await measureDialog(
    page,
    problems,
    "Nova unidade",
    "/admin/unidades (Nova unidade)",
    "Nova unidade",
  );

  await page.goto("/admin/loja/sinonimos");
  await measureDialog(page, problems, /^Editar /, "/admin/loja/sinonimos (Editar grupo)");

  await page.goto("/admin/estoque");
  await measureDialog(page, problems, /Ajustar/, "/admin/estoque (Ajustar estoque)");

  // An order placed, then its row, its sheet to print and the e-mail it sent.
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await fillCheckout(page, { nome: "Cliente Painel", pagamento: "Dinheiro" });
  await page.getByLabel(/^E-mail/).fill("cliente.painel@example.com");
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
  const numero = (await message.textContent())!.match(/PED\d+/)![0];
  await visit(page, `/admin/loja?view=pedidos&q=${numero}`, problems);
  await visit(page, `/admin/loja/pedidos/${numero}/imprimir`, problems);
  await visit(page, `/admin/loja/pedidos/imprimir?q=${numero}`, problems);
  // The order's e-mail to the customer (the mail worker sends it within a second or so).
  await expect(async () => {
    await page.goto("/admin/emails");
    await expect(page.locator('a[href^="/admin/emails/"]').first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const email = await page.locator('a[href^="/admin/emails/"]').first().getAttribute("href");
  await visit(page, email!, problems);
  // The customer's "parar de receber" page, through the link in that e-mail.
  const stop = await page
    .frameLocator("iframe")
    .locator(`a[href*="/loja/pedido/${numero}/emails"]`)
    .first()
    .getAttribute("href");
  await visit(page, new URL(stop!).pathname + new URL(stop!).search, problems);

  expect(problems, problems.join("\n")).toEqual([]);
});

test.describe("with manual Pix on", () => {
  test.use({ restoreSettings: true });

  test("the order page with a long Pix key, its code and QR fits a 360 px phone", async ({
    page,
  }) => {
    const problems: string[] = [];
    await loginAsAdmin(page, "/admin/loja?view=configuracoes");
    await page.getByLabel("Aceitar Pix (código copia e cola no pedido)").setChecked(true);
    await page.getByLabel("Chave Pix").fill("financeiro.atendimento.agropetlitoral@exemplo.com.br");
    await page.getByLabel(/Nome do recebedor/).fill("Agropet Litoral");
    await page.getByLabel(/Cidade/).fill("ITAPEMA");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText(/Configurações salvas/).first()).toBeVisible();

    await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
    await fillCheckout(page, { nome: "Cliente Pix Celular", pagamento: "PIX" });
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    // A Pix order lands on its page (issue 39).
    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
    const numero = (await message.textContent())!.match(/PED\d+/)![0];
    await expect(page.getByTestId("pix-payload")).toBeVisible();
    await measure(page, `/loja/pedido/${numero} (Pix)`, problems);
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
