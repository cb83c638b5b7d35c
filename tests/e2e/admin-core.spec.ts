import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectNoSeriousA11yViolations, loginAt, test } from "./fixtures";

test.describe("admin login", () => {
  test("shows the field errors, refuses wrong credentials, then signs in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Painel Administrativo" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByLabel("Senha").fill("123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("E-mail inválido")).toBeVisible();
    await expect(page.getByText("Senha deve ter pelo menos 6 caracteres")).toBeVisible();

    await page.getByLabel("E-mail").fill(`ninguem-${Date.now()}@agropet.test`);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin(\?index)?$/);

    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
    await expect(page.getByText("Painel Administrativo")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("sales-chart")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Signed in: the login page sends the admin to the dashboard.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("an admin page without a session goes to the login, and back after it", async ({ page }) => {
    await page.goto("/admin/security");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsecurity/);
    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
  });
});

test.describe("admin shell", () => {
  test("the sidebar starts collapsed, Ctrl+B toggles it and the choice survives a reload", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAt(page);
    const sidebar = page.locator("#admin-sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "fechado");
    expect((await sidebar.boundingBox())?.width).toBe(48);
    // Collapsed: icons only, each still named.
    await expect(sidebar.getByRole("link", { name: "Segurança" })).toBeVisible();
    await expect(sidebar.getByText("Auditoria e bloqueios")).toHaveCount(0);

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "aberto");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    for (const [label, description] of [
      ["Dashboard", "Vendas e resumo do dia"],
      ["Loja Online", "Produtos, pedidos e cupons"],
      ["Estoque", "Quantidades por unidade"],
      ["Unidades", "Endereços e horários"],
      ["Currículos", "Candidaturas recebidas"],
      ["Serviços", "Orçamentos de Banho & Tosa"],
      ["Agenda Banho & Tosa", "Agendamentos do dia"],
      ["Importar", "Produtos por CSV"],
      ["E-mails", "E-mails enviados"],
      ["Segurança", "Auditoria e bloqueios"],
      ["Configurações", "Webhooks e WhatsApp"],
      ["Privacidade", "LGPD e textos legais"],
      ["Testes", "Testes do sistema"],
    ]) {
      await expect(sidebar.getByRole("link", { name: new RegExp(`^${label}`) })).toBeVisible();
      await expect(sidebar.getByText(description!)).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: /Minha conta/ })).toBeVisible();

    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "aberto");
    const cookie = (await page.context().cookies()).find((c) => c.name === "admin_sidebar");
    expect(cookie?.value).toBe("aberto");
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "fechado");
    await page.getByTestId("sidebar-toggle").click();
    await expect(sidebar).toHaveAttribute("data-state", "aberto");
  });

  test("at 390 px the menu is a slide-in panel", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await loginAt(page);
    await expect(page.locator("#admin-sidebar")).toBeHidden();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // No horizontal scrolling on a phone.
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: /Alternar menu lateral/ }).click();
    const panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(288);
    await expect(panel.getByText("Auditoria e bloqueios")).toBeVisible();
    await panel.getByRole("link", { name: /Segurança/ }).click();
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(panel).toBeHidden();
    await page.getByRole("tab", { name: "Rate Limiting" }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });

  test("'Sair' ends the session on the server", async ({ page }) => {
    await loginAt(page);
    const response = await page.goto("/admin/dashboard");
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Logout realizado com sucesso!")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  });

  test("30 minutes without activity sign the admin out", async ({ page }) => {
    await page.clock.install();
    await loginAt(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.clock.fastForward("29:00");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.clock.fastForward("02:00");
    await expect(page).toHaveURL(/\/admin\/login\?motivo=inatividade$/);
    await expect(
      page.getByText("Sessão encerrada: Inatividade por mais de 30 minutos"),
    ).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  });
});

test.describe("admin pages", () => {
  test("system tests: the database test and the history", async ({ page }) => {
    await loginAt(page, "/admin/login?redirectTo=%2Fadmin%2Ftestes");
    await expect(page.getByRole("heading", { name: "Testes do Sistema" })).toBeVisible();
    await expect(page.getByText("Nenhum teste executado ainda")).toBeVisible();
    await page.getByRole("button", { name: "Testar banco de dados" }).click();
    const history = page.getByTestId("historico-testes");
    await expect(history.getByText("Database conectado!")).toBeVisible();
    await expect(history.getByText("Sucesso: Conexão com o banco de dados")).toBeVisible();
    await page.getByRole("button", { name: "Testar banco de dados" }).click();
    await expect(history.locator("li")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Voltar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("Rotinas automáticas: the running server's jobs, with their last run", async ({ page }) => {
    await loginAt(page, "/admin/login?redirectTo=%2Fadmin%2Frotinas");
    await expect(page.getByRole("heading", { name: "Rotinas automáticas" })).toBeVisible();
    // The server's runner ran the session purge at start and recorded it.
    const purge = page
      .getByRole("listitem")
      .filter({ hasText: "Limpeza de sessões expiradas do painel" });
    await expect(purge.getByText("a cada 15 min")).toBeVisible();
    await expect(purge.getByText("Concluída")).toBeVisible();
    await expect(purge.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the security page lists the login and the failed attempt", async ({ page }) => {
    const stranger = `intruso-${Date.now()}@agropet.test`;
    await page.goto("/admin/login");
    await page.getByLabel("E-mail").fill(stranger);
    await page.getByLabel("Senha").fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("E-mail ou senha incorretos.")).toBeVisible();

    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/security");
    await expect(page.getByRole("heading", { name: "Segurança", level: 1 })).toBeVisible();
    const audit = page.getByTestId("audit-table");
    const loginRow = audit.locator("tr", { hasText: "Login realizado" }).first();
    await expect(loginRow).toBeVisible();
    await expect(loginRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(audit.locator("tr", { hasText: stranger }).first()).toContainText("Login falhou");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Rate Limiting" }).click();
    const row = page.getByTestId("rate-limit-table").locator("tr", { hasText: stranger });
    // One wrong password does not block: nothing to unblock on that row.
    await expect(row).toContainText("Liberado");
    await expect(row.getByRole("button", { name: /Desbloquear/ })).toHaveCount(0);

    // Cleanup asks first; the recent entries stay.
    await page.getByRole("button", { name: "Limpar Logs Antigos (7+ dias)" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("mais de 7 dias");
    await confirm.getByRole("button", { name: "Limpar logs" }).click();
    await expect(page.getByText("Logs antigos removidos com sucesso")).toBeVisible();
    await page.getByRole("tab", { name: "Logs de Auditoria" }).click();
    await expect(audit.locator("tr", { hasText: "Limpeza de logs" }).first()).toBeVisible();
    await expect(audit.locator("tr", { hasText: "Login realizado" }).first()).toBeVisible();
  });

  test.describe("general settings", () => {
    // This test saves settings; the fixture saves them back after it.
    test.use({ restoreSettings: true });

    test("general settings validate, save and enable the system tests", async ({ page }) => {
      await loginAt(page, "/admin/login?redirectTo=%2Fadmin%2Fconfiguracoes");
      await expect(page.getByRole("heading", { name: "Configurações", level: 1 })).toBeVisible();
      await page.getByLabel("Webhook de pedidos (URL geral)").fill("nao-e-url");
      await page.getByLabel("Número do WhatsApp (com DDD)").fill("4799");
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText("URL inválida")).toBeVisible();
      await expect(page.getByText("Número deve ter pelo menos 10 dígitos")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel("Webhook de pedidos (URL geral)").fill("");
      await page.getByLabel("Número do WhatsApp (com DDD)").fill("(47) 99999-0416");
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Número do WhatsApp (com DDD)")).toHaveValue("47999990416");

      // The chat opens in a new tab; no real network here.
      await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "wa.me" }));
      await page.goto("/admin/testes");
      await expect(page.getByRole("button", { name: "Testar webhook" })).toBeDisabled();
      await expect(page.getByText("O webhook não está configurado.")).toBeVisible();
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Testar WhatsApp" }).click();
      const tab = await popup;
      await tab.waitForURL(/wa\.me\/5547999990416\?text=/);
      await expect(
        page
          .getByTestId("historico-testes")
          .getByText("WhatsApp aberto! Envie a mensagem de teste."),
      ).toBeVisible();
    });
  });

  test("account page shows the 2FA enrolment QR code", async ({ page }) => {
    await loginAt(page, "/admin/login?redirectTo=%2Fadmin%2Fconta");
    await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expect(page.getByTestId("totp-chave")).toHaveText(/^[A-Z2-7 ]{32,}$/);
    await expectNoSeriousA11yViolations(page);
  });
});
