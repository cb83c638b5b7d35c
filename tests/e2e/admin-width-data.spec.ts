// Issue 39, point 14: every admin list fits a 360 px phone once it holds real data, not only
// in an empty shop (a resume and a few grooming requests made /admin/curriculos 445 px and
// /admin/servicos 471 px wide). The data goes in the way customers put it there: a job
// application, grooming quotes with long names, addresses and e-mails, a booking and an
// order with a long product name and pack.
import {
  addToCart,
  attachPetPhoto,
  expect,
  fillCheckout,
  gotoServicos,
  loginAsAdmin,
  type Page,
  sendResume,
  test,
} from "./fixtures";

const WIDTH = 360;

/** The document's width and, when wider than the phone, the deepest elements sticking out. */
async function width(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width <= vw + 1) return false;
        return ![...el.children].some((c) => c.getBoundingClientRect().width > vw + 1);
      })
      .slice(0, 5)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 50)}"> "${(el.textContent ?? "").trim().slice(0, 30)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, out };
  });
}

async function sendQuote(page: Page, i: number) {
  await gotoServicos(page);
  await page.getByRole("button", { name: "Solicitar Orçamento: Banho + Tosa Higiênica" }).click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByLabel("Nome Completo")
    .fill(`Maria Aparecida dos Santos Albuquerque Figueiredo ${i}`);
  await dialog.getByLabel("WhatsApp").fill("(47) 98888-4321");
  await dialog.getByLabel("Nome do Pet").fill(`BartolomeuFredericoDeOrleansEBraganca${i}`);
  await dialog.getByLabel("Raça e Porte").fill("Golden Retriever com Border Collie, grande");
  await dialog.getByLabel("Quero o serviço de leva e traz").check();
  await dialog
    .getByLabel("Endereço")
    .fill("Rua Desembargador Vitor Lima, 1234, apartamento 1502, bloco B");
  await dialog.getByLabel("Bairro").fill("Meia Praia");
  await attachPetPhoto(dialog);
  await dialog.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible();
}

test("every admin list page fits a 360 px phone with resumes, grooming requests and orders in it", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // Its own client address, so its resume and quotes do not count against the other specs'.
  await context.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.58" });
  await sendResume(page, {
    nome: "Anna Carolina Figueiredo de Albuquerque Cavalcanti",
    email: "anna.carolina.figueiredo.albuquerque.cavalcanti@exemplo-provedor.com.br",
  });
  for (const i of [1, 2]) await sendQuote(page, i);
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await fillCheckout(page, { nome: "Maximiliano Albuquerque Figueiredo", pagamento: "Dinheiro" });
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByText(/^Pedido \S+ realizado com sucesso!/)).toBeVisible();

  await page.setViewportSize({ width: WIDTH, height: 780 });
  await loginAsAdmin(page);
  const problems: string[] = [];
  for (const url of [
    "/admin/dashboard",
    "/admin/curriculos",
    "/admin/servicos",
    "/admin/servicos/agenda",
    "/admin/loja",
    "/admin/loja?view=pedidos",
    "/admin/loja?view=pedidos&lista=compacta",
    "/admin/loja?view=produtos",
    "/admin/loja?view=cupons",
    "/admin/loja?view=bairros",
    "/admin/estoque",
    "/admin/unidades",
    "/admin/emails",
    "/admin/security",
    "/admin/rotinas",
    "/admin/privacidade",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBeLessThan(400);
    await page.waitForLoadState("load");
    const w = await width(page);
    if (w.scrollWidth > WIDTH)
      problems.push(`${url}: ${w.scrollWidth} px\n    ${w.out.join("\n    ")}`);
  }
  // The lists did hold the data.
  await page.goto("/admin/curriculos");
  await expect(
    page.getByText("Anna Carolina Figueiredo de Albuquerque Cavalcanti").first(),
  ).toBeVisible();
  await page.goto("/admin/servicos");
  await expect(page.getByText(/BartolomeuFredericoDeOrleansEBraganca2/).first()).toBeVisible();
  expect(problems, problems.join("\n")).toEqual([]);
});
