// The logs keep secrets out: a password login, a 2FA enrolment and sign-in with its code,
// and a checkout with its order page run against a server of their own at the most verbose
// log level; its whole output must not hold the password, session tokens, the TOTP secret
// and codes, recovery codes or the order's token.
import os from "node:os";
import path from "node:path";
import { totp } from "~/modules/accounts/index.server";
import { startOwnServer } from "../support/own-server";
import { expect, fillCheckout, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 8;
const base = `http://127.0.0.1:${PORT}`;
const admin = { email: "logs@agropet.test", password: "Pitanga-Cerca-Balde-61" };

test("a login, a 2FA step and a checkout leave no secret in the log output", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const server = startOwnServer(PORT, {
    DATA_DIR: path.join(os.tmpdir(), `agropet-logs-${Date.now()}`),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "trace",
  });
  try {
    await server.ready();
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();

    // Password login, then 2FA enrolment.
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fconta");
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Senha").fill(admin.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
    const sessionTokens = (await context.cookies()).map((c) => c.value);
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    const secret = ((await page.getByTestId("totp-chave").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    const enrolCode = totp(secret, new Date());
    await page.getByLabel("Código do aplicativo").fill(enrolCode);
    await page.getByRole("button", { name: "Confirmar e ativar" }).click();
    // allTextContents does not wait: wait for the codes to be shown first.
    const codes = page.getByTestId("codigos-recuperacao").locator("li");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);

    // Sign out, sign in again with the password and the next code.
    await page.getByRole("button", { name: "Sair" }).click();
    // The login page itself (any /admin URL would match before the sign-out landed, and the
    // next visit would still find the session).
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/login");
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Senha").fill(admin.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/login\/verificar/);
    const loginCode = totp(secret, new Date(Date.now() + 30_000));
    await page.getByLabel("Código").fill(loginCode);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    sessionTokens.push(...(await context.cookies()).map((c) => c.value));

    // A checkout and its order page (the token is in the URL).
    const shopper = await browser.newContext({ baseURL: base });
    const store = await shopper.newPage();
    await store.goto("/loja?q=keldog");
    await store
      .getByRole("button", { name: /^Adicionar .* ao carrinho$/ })
      .first()
      .click();
    await fillCheckout(store, {
      nome: "Cliente dos Logs",
      telefone: "(47) 97777-1234",
      rua: "Rua 250",
      numero: "42",
      horario: "tarde",
      pagamento: "Dinheiro",
    });
    await store.getByRole("button", { name: "Confirmar pedido" }).click();
    await store.getByRole("link", { name: /^Acompanhar pedido PED\d+/ }).click();
    await expect(store).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    const orderToken = new URL(store.url()).searchParams.get("token")!;
    const reloaded = await store.reload();
    // The order page holds personal data: never kept by a browser or a proxy (issue 39).
    expect(reloaded?.headers()["cache-control"]).toBe("private, no-store");
    const numero = new URL(store.url()).pathname.split("/").pop()!;
    // Secrets and personal data in other addresses (issue 39): an e-mail's unsubscribe
    // signature, the staff's booking link key, the LGPD screens' subject.
    const signature = "c2lnbmF0dXJhLWRvLWxpbmstZGUtc2FpZGE";
    const bookingKey = "chave-do-link-de-orcamento-7f3a";
    const subject = "titular.do.pedido@example.com";
    await store.goto(`/loja/pedido/${numero}/emails?assinatura=${signature}`);
    await store.goto(`/servicos/agendar?orcamento=SRV-1&chave=${bookingKey}`);
    await page.goto(`/admin/privacidade?titular=${encodeURIComponent(subject)}`);
    // The print sheet of the order: personal data, never cached (issue 39).
    const sheet = await page.goto(`/admin/loja/pedidos/${numero}/imprimir`);
    expect(sheet?.status()).toBe(200);
    expect(sheet?.headers()["cache-control"]).toBe("private, no-store");
    await shopper.close();
    await context.close();

    await server.stop();
    const output = server.output();
    const secrets = {
      password: admin.password,
      totpSecret: secret,
      enrolCode,
      loginCode,
      orderToken,
      signature,
      bookingKey,
      subject,
      ...Object.fromEntries(recovery.map((code, i) => [`recovery${i}`, code])),
      ...Object.fromEntries(
        sessionTokens.filter((v) => v.length >= 20).map((v, i) => [`cookie${i}`, v]),
      ),
    };
    // The log did record these requests, with the secrets blanked.
    expect(output).toContain("/admin/login/verificar");
    expect(output).toMatch(/\/loja\/pedido\/PED\d+(\.data)?\?token=%5Boculto%5D/);
    expect(output).toContain("/servicos/agendar?orcamento=SRV-1&chave=%5Boculto%5D");
    expect(output).toContain("/admin/privacidade?titular=%5Boculto%5D");
    for (const [name, value] of Object.entries(secrets)) {
      expect(output.includes(value), `${name} apareceu no log`).toBe(false);
      expect(output.includes(encodeURIComponent(value)), `${name} apareceu no log`).toBe(false);
    }
  } finally {
    server.kill();
  }
});
