// Issue 41's proof on a 360 px phone, on a server of its own (tests/support/two-pickup-units.ts:
// the demo shop with a second pick-up unit, the "Nova Unidade"): a customer places one pick-up
// order at each unit; the owner invites an Atendente bound to the Nova Unidade; she sets her
// password from the e-mail, signs in, sees only her unit's orders, marks hers "Retirado" with
// the code, and is refused the products screen, the other unit's order and the team screen;
// the owner deactivates her and her open page stops working.

import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config";
import { type OwnServer, startOwnServer } from "../support/own-server";
import {
  confirmPickup,
  expect,
  expectNoSeriousA11yViolations,
  fillPickupCheckout,
  type Page,
  receivedMail,
  test,
} from "./fixtures";

const BASE_PORT = Number(process.env.E2E_PORT || 3100);
const PORT = BASE_PORT + 60;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || BASE_PORT + 25);
const BRAVECTO = "Antipulgas Bravecto Cães de 10 a 20 kg";
const MINHA = "Nova Unidade";
const OUTRA = "Unidade Meia Praia";
const ACESSO_NEGADO = "Acesso negado. Você não tem permissões para esta área.";
const SENHA = "Garoupa-Cipreste-Lanterna-84";

test.use({ viewport: { width: 360, height: 800 }, hasTouch: true });
test.describe.configure({ mode: "serial" });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATA_DIR: path.join(os.tmpdir(), `agropet-equipe-${Date.now()}`),
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    MAIL_WORKER_INTERVAL: "1",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  };
  const prepared = spawnSync(
    process.execPath,
    ["--import", "tsx", "tests/support/two-pickup-units.ts"],
    { env, encoding: "utf8" },
  );
  expect(prepared.status, prepared.stderr).toBe(0);
  server = startOwnServer(PORT, env);
  await server.ready();
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

/** A customer's pick-up order of the Bravecto at `unidade`, paid at the counter. */
async function pickupOrder(page: Page, unidade: string) {
  await page.goto("/loja?q=bravecto");
  await page.getByRole("button", { name: `Adicionar ${BRAVECTO} ao carrinho` }).click();
  await expect(page.getByText(`${BRAVECTO} adicionado ao carrinho!`)).toBeVisible();
  await fillPickupCheckout(page, {
    nome: `Cliente ${unidade}`,
    telefone: "(47) 98888-4141",
    unidade,
  });
  return confirmPickup(page);
}

const orderCard = (page: Page, numero: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) }) });

test("the owner invites an Atendente of one unit; she works there only, and deactivation stops her page", async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `ana.${Date.now().toString(36)}@agropet.test`;

  // --- A customer: one pick-up order at each unit ---
  const phone = { viewport: { width: 360, height: 800 }, hasTouch: true, locale: "pt-BR" };
  const shopper = await (await browser.newContext({ ...phone, baseURL: server.base })).newPage();
  const minha = await pickupOrder(shopper, MINHA);
  await shopper.context().clearCookies();
  const outra = await pickupOrder(shopper, OUTRA);
  await shopper.context().close();

  // --- The owner invites Ana, Atendente at the Nova Unidade only ---
  await owner.goto("/admin/login?redirectTo=/admin/equipe");
  await owner.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await owner.getByLabel("Senha").fill(E2E_ADMIN.password);
  await owner.getByRole("button", { name: "Entrar" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Equipe" })).toBeVisible();
  // The permission matrix as the code holds it, on the team screen.
  await expect(owner.getByTestId("matriz-permissoes")).toContainText("Equipe: convidar");
  const form = owner.getByTestId("convite-form");
  await form.getByLabel("Nome").fill("Ana Atendente");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Papel").selectOption("atendente");
  await form.getByRole("radio", { name: /Só as unidades marcadas/ }).check();
  await form.getByRole("checkbox", { name: MINHA }).check();
  await form.getByRole("button", { name: "Enviar convite" }).click();
  await expect(owner.getByTestId("equipe-resultado")).toContainText(
    `Convite enviado para ${email}`,
  );
  await expect(owner.getByTestId("convites")).toContainText(email);
  await expectNoSeriousA11yViolations(owner);
  // The whole screen, a person's details open, fits the 360 px phone (the matrix scrolls alone).
  await owner
    .getByText(/^Gerenciar /)
    .first()
    .click();
  await expect(
    owner.getByRole("button", { name: "Salvar papel e unidades" }).first(),
  ).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // --- Ana: the link in the e-mail, her own password, signed in ---
  const mail = await receivedMail(/Convite para a equipe/, 30_000, email);
  const link = /https?:\/\/\S+\/admin\/convite\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0];
  const ana = await (await browser.newContext({ ...phone, baseURL: server.base })).newPage();
  await ana.goto(new URL(link).pathname);
  await expect(ana.getByText("Olá, Ana Atendente!")).toBeVisible();
  await ana.getByLabel("Nova senha").fill(SENHA);
  await ana.getByLabel("Repita a senha").fill(SENHA);
  await ana.getByRole("button", { name: "Criar senha e entrar" }).click();
  await expect(ana.getByRole("button", { name: "Sair" })).toBeVisible();
  // The link was good once.
  const reuse = await ana.context().newPage();
  await reuse.goto(new URL(link).pathname);
  await expect(reuse.getByText(/Este convite já foi usado/)).toBeVisible();
  await reuse.close();

  // --- Her unit's orders only; her pick-up goes "Retirado" with the code ---
  await ana.goto("/admin/loja?view=pedidos&modo=retirada");
  const card = orderCard(ana, minha.numero);
  await expect(card).toBeVisible();
  await expect(orderCard(ana, outra.numero)).toHaveCount(0);
  await card.getByLabel("Status do pedido").selectOption("retirado");
  const ask = ana.getByRole("dialog", { name: `Retirada do pedido ${minha.numero}` });
  await ask.getByLabel("Código de retirada").fill(minha.codigo);
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(ask).toBeHidden();
  await expect(card).toContainText(/Retirado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  // --- Refused: the products screen, the other unit's order, the team screen ---
  const products = await ana.goto("/admin/loja?view=produtos");
  expect(products?.status()).toBe(403);
  await expect(ana.getByText(ACESSO_NEGADO)).toBeVisible();
  const other = await ana.goto(`/admin/loja/pedidos/${outra.numero}/imprimir`);
  expect([403, 404]).toContain(other?.status());
  const team = await ana.goto("/admin/equipe");
  expect(team?.status()).toBe(403);
  await expect(ana.getByText(ACESSO_NEGADO)).toBeVisible();

  // --- The owner deactivates her: her open page stops working ---
  await ana.goto("/admin/loja?view=pedidos&modo=retirada");
  await expect(orderCard(ana, minha.numero)).toBeVisible();
  await owner.reload();
  const pessoa = owner.locator(`[data-testid="pessoa"][data-email="${email}"]`);
  await pessoa.getByText("Gerenciar Ana Atendente").click();
  await pessoa.getByRole("button", { name: "Desativar" }).click();
  await expect(owner.getByTestId("equipe-resultado")).toContainText("desativado(a)");
  await expect(
    owner.locator(`[data-testid="pessoa"][data-email="${email}"]`).getByText("Desativado(a)"),
  ).toBeVisible();
  // Her open page asks the server again and lands on the login, which refuses her.
  await ana.reload();
  await expect(ana).toHaveURL(/\/admin\/login/);
  await ana.getByLabel("E-mail").fill(email);
  await ana.getByLabel("Senha").fill(SENHA);
  await ana.getByRole("button", { name: "Entrar" }).click();
  await expect(ana.getByText("Esta conta está desativada. Fale com o dono da loja.")).toBeVisible();
});
