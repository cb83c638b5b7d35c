// Issue 14, admin side. The 'Pix automático (Mercado Pago)' settings on the suite's server
// (validation, saving, secrets never shown again, cleared at the end so other specs see it
// off), and the refund of a paid automatic-Pix order on a server of this spec's own: its
// database gets the order and its paid charge while no server holds it (PGlite has a single
// owner), and Mercado Pago is a local server that answers as its API does.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { E2E_ADMIN } from "../../playwright.config";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { startOwnServer } from "../support/own-server";
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  loginAsAdmin,
  test,
} from "./fixtures";

test.describe("Pix automático settings", () => {
  test("validates, saves the credentials without ever showing them again, and clears them", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAsAdmin(page, "/admin/loja?view=configuracoes");
    await gotoHydrated(page, "/admin/loja?view=configuracoes");
    const form = page.getByRole("form", { name: "Pix automático (Mercado Pago)" });
    await expect(form.getByText("não configurado")).toHaveCount(2);
    const token = form.getByLabel("Access token");
    const secret = form.getByLabel("Assinatura secreta do webhook");
    await expect(token).toHaveAttribute("type", "password");
    await expect(secret).toHaveAttribute("type", "password");
    await expectNoSeriousA11yViolations(page);

    // The webhook address to register, with its copy button.
    const url = `${new URL(baseURL!).origin}/webhooks/mercadopago`;
    await expect(form.getByLabel(/URL de notificação/)).toHaveValue(url);
    await form.getByRole("button", { name: "Copiar URL" }).click();
    await expect(page.getByText("URL do webhook copiada!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The browser check (the shared schema), then the server's: on without a token.
    const expiry = form.getByLabel("Prazo para pagar o Pix (minutos)");
    await expect(expiry).toHaveValue("30");
    await expiry.fill("10");
    await form.getByRole("button", { name: "Salvar Pix automático" }).click();
    await expect(form.getByText("O prazo mínimo é de 30 minutos")).toBeVisible();
    await expect(expiry).toHaveAttribute("aria-invalid", "true");
    await expiry.fill("45");
    const onOff = form.getByRole("switch", { name: "Oferecer Pix automático no checkout" });
    await onOff.check();
    await form.getByRole("button", { name: "Salvar Pix automático" }).click();
    await expect(
      form.getByText("Informe o access token do Mercado Pago para ativar o Pix automático"),
    ).toBeVisible();

    const tokenValue = `APP_USR-e2e-${crypto.randomBytes(6).toString("hex")}`;
    const secretValue = `assinatura-e2e-${crypto.randomBytes(6).toString("hex")}`;
    await token.fill(tokenValue);
    await secret.fill(secretValue);
    await form.getByRole("button", { name: "Salvar Pix automático" }).click();
    await expect(page.getByText("Configurações do Pix automático salvas!")).toBeVisible();
    await expect(form.getByText("configurado", { exact: true })).toHaveCount(2);
    await expect(form.getByText("Ativo na loja")).toBeVisible();
    await expect(token).toHaveValue("");
    await expect(secret).toHaveValue("");

    // After a reload: saved, and the secrets are nowhere in the page.
    await gotoHydrated(page, "/admin/loja?view=configuracoes");
    await expect(form.getByText("configurado", { exact: true })).toHaveCount(2);
    await expect(expiry).toHaveValue("45");
    await expect(onOff).toBeChecked();
    await expect(token).toHaveValue("");
    const html = await page.content();
    expect(html).not.toContain(tokenValue);
    expect(html).not.toContain(secretValue);

    // A save with the secret fields left blank keeps them.
    await expiry.fill("60");
    await form.getByRole("button", { name: "Salvar Pix automático" }).click();
    await expect(page.getByText("Configurações do Pix automático salvas!").first()).toBeVisible();
    await gotoHydrated(page, "/admin/loja?view=configuracoes");
    await expect(expiry).toHaveValue("60");
    await expect(form.getByText("configurado", { exact: true })).toHaveCount(2);

    // Off and removed again, so the rest of the suite sees the store as it was.
    await onOff.uncheck();
    await form.locator("#mp-limparAccessToken").check();
    await form.locator("#mp-limparWebhookSecret").check();
    await expiry.fill("30");
    await form.getByRole("button", { name: "Salvar Pix automático" }).click();
    await expect(form.getByText("não configurado")).toHaveCount(2);
    await expect(form.getByText("Desativado")).toBeVisible();
  });
});

// +7, +8 and +9 are taken by other specs that start servers of their own.
const PORT = Number(process.env.E2E_PORT || 3100) + 10;
const base = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string, env: Record<string, string>) {
  return startOwnServer(PORT, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
    PAYMENT_RECONCILE_INTERVAL: "0",
    ...env,
  });
}

/** A Pix payment on the fake Mercado Pago, approved (as if the customer had paid). */
async function approvedPayment(mp: FakeMercadoPago, reais: number) {
  const response = await fetch(`${mp.url}/v1/payments`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${mp.accessToken}`,
      "content-type": "application/json",
      "x-idempotency-key": `e2e-${crypto.randomUUID()}`,
    },
    body: JSON.stringify({
      transaction_amount: reais,
      description: "Pedido e2e",
      payment_method_id: "pix",
      payer: { email: "cliente@example.com" },
      date_of_expiration: new Date(Date.now() + 3600_000).toISOString(),
    }),
  });
  const payment = (await response.json()) as { id: number };
  mp.setStatus(payment.id, "approved");
  return String(payment.id);
}

test("refunds a paid automatic-Pix order from the orders view", async ({ browser }) => {
  test.setTimeout(180_000);
  const mp = await startFakeMercadoPago();
  const dataDir = path.join(os.tmpdir(), `agropet-pix-admin-${Date.now()}`);
  // First start: the server migrates and seeds its database, then lets it go.
  let server = startServer(dataDir, {});
  try {
    await server.ready();
    await server.stop();

    const externoId = await approvedPayment(mp, 95.9);
    const numero = `PED${Date.now()}`;
    // The orders' search index (migration 0020) is a trigram one: writing an order needs it.
    const db = new PGlite(path.join(dataDir, "db"), { extensions: { pg_trgm } });
    try {
      const {
        rows: [pedido],
      } = await db.query<{ id: string }>(
        `insert into pedidos (numero_pedido, token_hash, cliente_nome, cliente_telefone,
           cliente_endereco, cliente_bairro, janela_entrega, subtotal, taxa_entrega, total,
           forma_pagamento, status_pagamento)
         values ($1, $2, 'Cliente do Reembolso', '(47) 98888-1234', 'Rua 300, 12', 'Centro',
           'tarde', 90.90, 5.00, 95.90, 'pix_mercadopago', 'pago')
         returning id`,
        [numero, crypto.randomBytes(32).toString("hex")],
      );
      await db.query(
        `insert into cobrancas (pedido_id, provedor, externo_id, idempotency_key, status,
           status_provedor, valor, pago_em)
         values ($1, 'mercadopago', $2, $3, 'paga', 'approved/accredited', 95.90, now())`,
        [pedido!.id, externoId, `pedido-${pedido!.id}-1`],
      );
      await db.query(
        `update configuracoes set mercadopago_ativo = true, mercadopago_access_token = $1,
           mercadopago_webhook_secret = 'assinatura-e2e' where id = 1`,
        [mp.accessToken],
      );
    } finally {
      await db.close();
    }

    server = startServer(dataDir, { MERCADOPAGO_API_URL: mp.url });
    await server.ready();
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent("/admin/loja?view=pedidos")}`);
    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
    await gotoHydrated(page, "/admin/loja?view=pedidos");

    const card = page.getByRole("listitem").filter({ hasText: `Pedido ${numero}` });
    await expect(card.getByText("Mercado Pago", { exact: true })).toBeVisible();
    await expect(card.getByText(externoId, { exact: true })).toBeVisible();
    await expect(card.getByText("Paga", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Cancelling the dialog changes nothing.
    await card.getByRole("button", { name: `Reembolsar o pedido ${numero}` }).click();
    let dialog = page.getByRole("alertdialog", { name: `Reembolsar o pedido ${numero}?` });
    await expect(dialog).toContainText("R$ 95,90");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    expect(mp.requests.filter((r) => r.path.endsWith("/refunds"))).toHaveLength(0);

    await card.getByRole("button", { name: `Reembolsar o pedido ${numero}` }).click();
    dialog = page.getByRole("alertdialog", { name: `Reembolsar o pedido ${numero}?` });
    await dialog.getByRole("button", { name: "Reembolsar R$ 95,90" }).click();
    await expect(page.getByText("Pagamento reembolsado")).toBeVisible();
    await expect(card.getByText("Pagamento: Reembolsado")).toBeVisible();
    await expect(card.getByText("Reembolsada", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /Reembolsar/ })).toHaveCount(0);
    expect(mp.requests.filter((r) => r.path === `/v1/payments/${externoId}/refunds`)).toHaveLength(
      1,
    );
    await context.close();
  } finally {
    server.kill();
    await mp.close();
  }
});
