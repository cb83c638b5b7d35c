// Issue 26: the SMTP server set in the admin ("E-mails enviados"), through the route, on the
// real database with a real SMTP server in this process: messages go out through it with the
// sender saved; the password is never sent back to the page nor written to the audit trail;
// blank keeps it, "remover" removes it; the environment's server wins.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { deliverEmailsDue } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { composeOrderEmail, placeOrder } from "~/modules/orders/index.server";
import { configuracoes } from "~/modules/shop/testing.server";
import { resetEnvCache } from "~/platform/env.server";
import { action, loader } from "~/routes/admin/emails";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, orderInput, productsIn } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
const smtp = withSmtpServer();
const product = productsIn(ctx);
let token: string;

beforeEach(async () => {
  token = (await seededShopWithAdmin(ctx.database)).token;
  smtp.messages.length = 0;
  smtp.down = false;
  // The environment names no server: the admin's is the one, the test server on loopback
  // at a random port, which only SMTP_ALLOW_PRIVATE_HOSTS lets the admin choose.
  process.env.SMTP_ALLOW_PRIVATE_HOSTS = "1";
  smtp.use(false);
});

afterAll(() => {
  delete process.env.SMTP_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

const save = (fields: Record<string, string>) =>
  call(action, formRequest("/admin/emails", { intent: "smtp", ...fields }, { token }));
const page = () => call(loader, makeRequest("/admin/emails", { token }));
const smtpPort = () => new URL(smtp.url).port;

async function orderAndSend() {
  const item = await product({ nome: "Ração Gato 1 kg", preco: 2990, estoque: 5 });
  const result = await placeOrder(
    orderInput([{ varianteId: item.id, quantidade: 1 }], { email: "ana@example.com" }),
  );
  if (!result.ok) throw new Error(result.message);
  while ((await deliverEmailsDue({ compose: composeOrderEmail })) > 0) {}
  return result.pedido;
}

describe("the SMTP server saved in the admin", () => {
  it("sends through it with the saved sender, and never shows the password back", async () => {
    expect((await page()).data.smtp).toMatchObject({ smtpAtivo: false, senhaDefinida: false });
    const saved = await save({
      smtpHost: "127.0.0.1",
      smtpPorta: smtpPort(),
      smtpUsuario: "loja@agropet.test",
      smtpSenha: "s3nha-do-provedor",
      emailRemetente: "Agropet Litoral <contato@agropet.test>",
    });
    expect(saved.data).toMatchObject({ ok: true });
    const view = await page();
    expect(view.data.smtp).toMatchObject({
      smtpHost: "127.0.0.1",
      smtpAtivo: true,
      senhaDefinida: true,
      doAmbiente: false,
    });
    expect(JSON.stringify(view.data)).not.toContain("s3nha-do-provedor");
    const [audit] = await auditEntries("settings_update");
    expect(JSON.stringify(audit)).not.toContain("s3nha-do-provedor");
    expect(audit!.details).toMatchObject({ origem: "emails" });

    const pedido = await orderAndSend();
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.subject).toBe(`Pedido ${pedido.numeroPedido} recebido`);
    expect(message!.from?.text).toBe('"Agropet Litoral" <contato@agropet.test>');
    const [row] = await ctx.database.db.select().from(emails);
    expect(row!.status).toBe("enviado");
  });

  it("keeps the password when left blank, removes it when asked, and drops it with the server", async () => {
    const base = { smtpHost: "smtp.exemplo.com.br", smtpPorta: "465", smtpUsuario: "loja" };
    await save({ ...base, smtpSenha: "primeira" });
    const password = async () =>
      (await ctx.database.db.select().from(configuracoes).where(eq(configuracoes.id, 1)))[0]!
        .smtpSenha;
    await save({ ...base, smtpSenha: "" });
    expect(await password()).toBe("primeira");
    await save({ ...base, limparSenha: "on" });
    expect(await password()).toBeNull();
    await save({ ...base, smtpSenha: "segunda" });
    await save({ smtpHost: "", smtpPorta: "", smtpUsuario: "" });
    expect(await password()).toBeNull();
    expect((await page()).data.smtp).toMatchObject({ smtpAtivo: false, smtpPorta: 587 });
  });

  it("refuses what is not a server, a port or a sender, in Portuguese, and saves nothing", async () => {
    const refused = await save({
      smtpHost: "smtp exemplo",
      smtpPorta: "70000",
      emailRemetente: "Loja <sem-arroba>",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({
      smtpHost: "Servidor inválido. Ex.: smtp.exemplo.com.br",
      smtpPorta: "Porta inválida",
      emailRemetente: "Use um e-mail, ou Nome <email@exemplo.com.br>",
    });
    expect((await page()).data.smtp).toMatchObject({ smtpHost: "", smtpAtivo: false });
  });

  it("the environment's server wins over the admin's", async () => {
    // The admin's points nowhere; the environment's is the test server.
    await save({ smtpHost: "127.0.0.1", smtpPorta: "9" });
    smtp.use(true);
    try {
      expect((await page()).data.smtp).toMatchObject({ doAmbiente: true, smtpAtivo: true });
      await orderAndSend();
      expect(smtp.messages).toHaveLength(1);
    } finally {
      smtp.use(false);
      resetEnvCache();
    }
  });
});
