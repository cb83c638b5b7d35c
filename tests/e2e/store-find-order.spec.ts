// The customer finds the order again after closing the page (issue 26): through "Seus
// pedidos" on the same phone, through "Acompanhar pedido" on another; the staff print it.
import {
  addToCart,
  expect,
  fillCheckout,
  loginAsAdmin,
  type Page,
  receivedMail,
  test,
  unique,
} from "./fixtures";

const PRODUCT = "Comedouro Inox Antiderrapante 500 ml";
const PHONE = "(47) 97777-1212";
const EMAIL = "cliente.busca@example.com";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function placeOrder(page: Page): Promise<string> {
  await addToCart(page, "comedouro", PRODUCT);
  await fillCheckout(page, {
    nome: unique("Cliente Busca"),
    telefone: PHONE,
    pagamento: "Dinheiro",
  });
  await page.getByLabel("E-mail (opcional, para receber a confirmação)").fill(EMAIL);
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
  await expect(message).toBeVisible();
  return (await message.textContent())!.match(/PED\d+/)![0];
}

test("an order is found again through 'Seus pedidos' and 'Acompanhar pedido', and printed", async ({
  browser,
  context,
}) => {
  // A phone that orders, then closes the page.
  const phone = await browser.newContext();
  const first = await phone.newPage();
  const numero = await placeOrder(first);
  // "Receber pelo WhatsApp": a real link to the customer's own chat, with the order link.
  const receber = first.getByRole("link", { name: "Receber pelo WhatsApp" });
  const href = new URL((await receber.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe("https://wa.me/5547977771212");
  expect(href.searchParams.get("text")).toContain(`/loja/pedido/${numero}?token=`);
  await first.close();

  // The confirmation, as the customer's mailbox got it from the shop's SMTP server: to them,
  // both parts, and a link that opens the order (on a device that remembers nothing).
  const mail = await receivedMail(new RegExp(`Pedido ${numero} recebido`));
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(EMAIL);
  expect(mail.text).toContain(PRODUCT);
  expect(mail.html || "").toContain(PRODUCT);
  const link = new RegExp(`https?://[^\\s"<>]+/loja/pedido/${numero}\\?token=[\\w%-]+`).exec(
    mail.text ?? "",
  )?.[0];
  expect(link).toBeTruthy();
  const mailbox = await browser.newContext();
  const fromMail = await mailbox.newPage();
  await fromMail.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(fromMail.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
  await mailbox.close();

  // Back on the same phone: "Seus pedidos" on /loja and under the header, after any reload.
  const again = await phone.newPage();
  await again.goto("/loja");
  await again.reload();
  const section = again.getByRole("region", { name: "Seus pedidos" });
  await expect(section).toBeVisible();
  await expect(again.getByTestId("seus-pedidos")).toContainText("Seus pedidos (1)");
  await section.getByRole("link", { name: `Pedido ${numero}` }).click();
  await expect(again).toHaveURL(new RegExp(`/loja/pedido/${numero}\\?token=`));
  await expect(again.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
  await phone.close();

  // Another device (the test's own context, watched for CSP violations): nothing
  // remembered; "Acompanhar pedido" from the header.
  const page = await context.newPage();
  await page.goto("/loja");
  await expect(page.getByRole("region", { name: "Seus pedidos" })).toHaveCount(0);
  await page.getByTestId("acompanhar-link").click();
  await expect(page.getByRole("heading", { name: "Acompanhar pedido" })).toBeVisible();
  await page.getByLabel("Número do pedido").fill(numero);
  await page.getByLabel("Telefone do pedido").fill("(47) 91111-2222");
  await page.getByRole("button", { name: "Ver pedido" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Não encontramos um pedido com esse número e telefone. Confira os dados e tente novamente.",
  );
  await page.getByLabel("Telefone do pedido").fill("47977771212");
  await page.getByRole("button", { name: "Ver pedido" }).click();
  await expect(page).toHaveURL(new RegExp(`/loja/pedido/${numero}\\?token=`));
  await expect(page.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
  // Now this device remembers it too; the footer links the lookup as well.
  await page.goto("/loja");
  await expect(
    page
      .getByRole("region", { name: "Seus pedidos" })
      .getByRole("link", { name: `Pedido ${numero}` }),
  ).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Acompanhar pedido" }),
  ).toBeVisible();

  // The staff print it: A4 and the 80 mm receipt, the bar gone on paper.
  const admin = await context.newPage();
  await loginAsAdmin(admin, "/admin/loja?view=pedidos");
  const card = admin.getByRole("listitem").filter({ hasText: `Pedido ${numero}` });
  const printHref = await card.getByTestId("imprimir-pedido").getAttribute("href");
  expect(printHref).toBe(`/admin/loja/pedidos/${numero}/imprimir`);
  await admin.goto(printHref!);
  const sheet = admin.getByTestId("print-sheet");
  await expect(sheet).toContainText(`Pedido ${numero}`);
  await expect(sheet).toContainText(PRODUCT);
  await expect(
    sheet.getByRole("img", { name: `QR do pedido ${numero}` }).locator("svg"),
  ).toHaveCount(1);
  await expect(admin.getByTestId("print-toolbar")).toBeVisible();
  await admin.emulateMedia({ media: "print" });
  await expect(admin.getByTestId("print-toolbar")).toBeHidden();
  await admin.emulateMedia({ media: "screen" });
  await admin.getByRole("link", { name: "Cupom 80 mm" }).click();
  await expect(admin).toHaveURL(/formato=80mm/);
  await admin.emulateMedia({ media: "print" });
  await expect(admin.getByTestId("print-toolbar")).toBeHidden();
  // 76 mm of printable width on the roll (96 px per inch).
  const width = await admin
    .getByTestId("print-sheet")
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(Math.round((76 / 25.4) * 96));
  await admin.emulateMedia({ media: "screen" });

  // "Imprimir pedidos do dia" has it among the open ones.
  await admin.goto("/admin/loja/pedidos/imprimir");
  await expect(admin.getByRole("article", { name: `Pedido ${numero}` })).toBeVisible();
});
