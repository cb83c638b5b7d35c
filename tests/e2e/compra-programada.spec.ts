// "Compra programada" end to end (issue 45, decision 0086) on a 360 px phone, on a server of its
// own (PGlite, online Pix against the fake Mercado Pago, mail to the suite's test SMTP server):
// the signed-in tutor subscribes to a ração every 30 days from the product page, the terms
// ticked; three days before the date the cycle job (it runs when the server starts) sends the
// reminder, whose "Pular esta" link skips that date; two days before the next date the renewal
// is created as an order, paid by Pix, and the account shows that date "Paga". The days in
// between pass while the server is stopped: the subscription's next date is moved in its
// database, and the job's last run is forgotten so that it runs again at the next start.
import { somarDias } from "~/domain/assinatura";
import { shopDay } from "~/domain/dates";
import { customerCookie } from "~/modules/customers/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { CYCLE_JOB } from "~/modules/subscriptions/index.server";
import { assinaturas } from "~/modules/subscriptions/testing.server";
import { type Db, runSql } from "~/platform/db/client.server";
import {
  type FakeMercadoPago,
  signedPaymentNotice,
  startFakeMercadoPago,
} from "../support/fake-mercadopago";
import {
  type OwnServer,
  startOwnServer,
  startSeededServer,
  whileStopped,
} from "../support/own-server";
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSideScroll,
  phone,
  receivedMail,
  test,
} from "./fixtures";
import { ownShop } from "./own-shop";

const SECRET = "segredo-do-webhook-e2e-compra-programada";
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || Number(process.env.E2E_PORT || 3100) + 25);
const shop = ownShop(83);
const BASE = shop.base;
const EMAIL = `rita.${Date.now()}@example.com`;
const RACAO = "Ração Quatree Supreme Cães Adultos Raças Médias e Grandes";

/** dd/MM/yyyy of an ISO day, as the pages and e-mails write it. */
const br = (iso: string) => iso.split("-").reverse().join("/");

/**
 * The subscription's next date moved to `proximaData` and the cycle job's runs forgotten (the
 * runner counts its interval from the last run: without them it runs at the next start).
 */
async function moveTo(db: Db, proximaData: string) {
  const moved = await db.update(assinaturas).set({ proximaData }).returning({ id: assinaturas.id });
  expect(moved).toHaveLength(1);
  await runSql(db, "delete from job_runs where job_id = $1", [CYCLE_JOB]);
}

test("a ração every 30 days: subscribed on the product page, the reminder's Pular esta skips a date, the next renewal is paid by Pix", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const mp: FakeMercadoPago = await startFakeMercadoPago("TEST-e2e-token");
  mp.setWebhookSecret(SECRET);
  const env = {
    LOG_LEVEL: "warn",
    PUBLIC_URL: BASE,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_WORKER_INTERVAL: "1",
    MERCADOPAGO_API_URL: mp.url,
    MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    PAYMENT_RECONCILE_INTERVAL: "0",
  };
  const {
    server: first,
    dataDir,
    seeded: cookie,
  } = await startSeededServer(
    shop.port,
    "compra-programada",
    async (db) => {
      await updateSettings(db, { mercadopagoAtivo: true, pixExpiracaoMinutos: 30 });
      return (await customerCookie(EMAIL, BASE, db)).cookie;
    },
    env,
  );
  let server: OwnServer = first;
  const restart = async (change: (db: Db) => Promise<void>) => {
    await server.stop();
    await whileStopped(dataDir, change);
    server = startOwnServer(shop.port, { DATA_DIR: dataDir, DATABASE_URL: undefined, ...env });
    await server.ready();
  };
  try {
    await server.ready();
    const { context } = await shop.customerContext(browser, cookie, phone(360));
    const page = await context.newPage();

    // The product page sends the chosen variant to the account's subscribe form.
    await page.goto(`${BASE}/loja?q=quatree`);
    await page.getByRole("link", { name: RACAO }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: RACAO })).toBeVisible();
    await page.getByRole("link", { name: "Compra programada: receba a cada intervalo" }).click();
    await expect(
      page.getByRole("heading", { name: new RegExp(`^Compra programada: ${RACAO}`) }),
    ).toBeVisible();
    await page.getByLabel("A cada quantos dias (15 a 90)").fill("30");
    const primeira = await page.getByLabel("Primeira entrega").inputValue();
    expect(primeira).toBe(somarDias(shopDay(new Date()), 4));
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await page.getByLabel("Pagamento").selectOption("pix_mercadopago");
    await page.getByLabel("Telefone").fill("(47) 99123-4567");
    await expect(page.getByTestId("termos")).toContainText(
      "O desconto vale só para os itens, nunca para a taxa de entrega.",
    );
    await expectNoSideScroll(page);
    await expectNoSeriousA11yViolations(page);
    // Without the terms ticked, the browser keeps the form (the checkbox is required).
    await page.getByRole("button", { name: "Assinar" }).click();
    await expect(
      page.getByRole("heading", { name: new RegExp(`^Compra programada: ${RACAO}`) }),
    ).toBeVisible();
    await page.getByRole("checkbox", { name: "Li e aceito os termos" }).check();
    await page.getByRole("button", { name: "Assinar" }).click();
    await expect(
      page.getByText("Compra programada criada. Enviamos os termos por e-mail."),
    ).toBeVisible();
    const card = page.getByTestId("assinatura");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("A cada 30 dias");
    await expect(card).toContainText("Ativa");
    await expect(card).toContainText(`Próxima entrega: ${br(primeira)}.`);
    const confirmation = await receivedMail(
      /^Sua compra programada está confirmada$/,
      20_000,
      EMAIL,
    );
    expect(confirmation.text).toContain("Os termos que você aceitou (versão");

    // Three days before the date (the server stopped meanwhile): the reminder.
    const lembrete = somarDias(shopDay(new Date()), 3);
    await restart((db) => moveTo(db, lembrete));
    const reminder = await receivedMail(
      new RegExp(`^Sua compra programada chega em ${br(lembrete)}$`),
      30_000,
      EMAIL,
    );
    for (const label of [
      "Pagar agora",
      "Pular esta",
      "Mudar data",
      "Editar",
      "Pausar",
      "Cancelar",
    ]) {
      expect(reminder.text).toContain(label);
    }
    const skipLink = String(reminder.html).match(/href="([^"]*acao=pular[^"]*)"/)?.[1];
    expect(skipLink, "o lembrete traz o link Pular esta").toBeTruthy();
    const skipUrl = new URL(skipLink!.replaceAll("&amp;", "&"));
    expect(skipUrl.origin).toBe(BASE);

    // The link works from the mailbox, without the account's session.
    const mailbox = await browser.newContext(phone(360));
    const linkPage = await mailbox.newPage();
    await linkPage.goto(skipUrl.href);
    await expect(linkPage.getByRole("heading", { name: "Sua compra programada" })).toBeVisible();
    const linkCard = linkPage.getByTestId("assinatura");
    await expect(linkCard).toContainText(`Próxima entrega: ${br(lembrete)}.`);
    await linkCard.getByText("Histórico").click();
    await expect(linkCard).toContainText(`${br(lembrete)}: Lembrete enviado`);
    await expectNoSideScroll(linkPage);
    await expectNoSeriousA11yViolations(linkPage);
    await linkCard.getByRole("button", { name: "Pular esta" }).click();
    const seguinte = somarDias(lembrete, 30);
    await expect(
      linkPage.getByText(`Entrega de ${br(lembrete)} pulada. A próxima é em ${br(seguinte)}.`),
    ).toBeVisible();
    await mailbox.close();

    await page.goto(`${BASE}/conta/assinaturas`);
    await expect(card).toContainText(`Próxima entrega: ${br(seguinte)}.`);
    await card.getByText("Histórico").click();
    await expect(card).toContainText(`${br(lembrete)}: Pulada`);

    // Two days before the next date: reminded and the renewal created as an order, by Pix.
    const renovacao = somarDias(shopDay(new Date()), 2);
    await restart((db) => moveTo(db, renovacao));
    await page.goto(`${BASE}/conta/assinaturas`);
    await card.getByText("Histórico").click();
    await expect(card).toContainText(`${br(renovacao)}: Pedido criado`);
    await expect(card).toContainText(`${br(lembrete)}: Pulada`);
    await expect(card).toContainText(`Próxima entrega: ${br(somarDias(renovacao, 30))}.`);

    await page.goto(`${BASE}/conta`);
    const pedidos = page.getByTestId("conta-pedidos").getByRole("listitem");
    await expect(pedidos).toHaveCount(1);
    await pedidos.first().getByRole("link").first().click();
    await expect(page.getByText(`Compra programada: entrega de ${br(renovacao)}`)).toBeVisible();
    await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
    const [payment] = [...mp.payments.values()];
    expect(payment!.payer.email).toBe(EMAIL);
    await expect(page.getByTestId("pix-payload")).toHaveValue(
      payment!.point_of_interaction.transaction_data.qr_code,
    );
    await expectNoSideScroll(page);

    // The provider approves; its signed notification confirms the payment.
    mp.setStatus(payment!.id, "approved");
    const { path: hook, init } = signedPaymentNotice(SECRET, String(payment!.id));
    expect((await fetch(`${BASE}${hook}`, init)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
    await expect(page.getByTestId("status-pagamento")).toHaveText("Pago");

    await page.goto(`${BASE}/conta/assinaturas`);
    await card.getByText("Histórico").click();
    await expect(card).toContainText(`${br(renovacao)}: Paga`);
    await expect(card).toContainText(`${br(lembrete)}: Pulada`);
    await expect(card).toContainText("Ativa");
    await expectNoSideScroll(page);
    await context.close();
  } finally {
    await server.stop();
    await mp.close();
  }
});
