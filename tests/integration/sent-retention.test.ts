// Sent e-mails' bodies and webhook payloads are cleared after the period the admin sets in
// Privacidade (retencao_envios_dias, 7 to 3650 days, 90 by default): the rows stay, the
// contents go, each purge audited with its count. Run as the mail and notifications jobs.
import { beforeAll, describe, expect, it } from "vitest";
import { purgeOldEmailBodies } from "~/modules/mail/index.server";
import { purgeOldWebhookPayloads } from "~/modules/notifications/index.server";
import { db, runSql } from "~/platform/db/client.server";
import { action as privacyAction, loader as privacyLoader } from "~/routes/admin/privacidade";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeAdmin } from "../support/factories";
import { runDeclaredJob } from "../support/jobs";
import { call, expectRefused } from "../support/routes";

withTestDatabase();

let token: string;
beforeAll(async () => {
  ({ token } = await makeAdmin());
});

function saveTexts(days: string) {
  return call(
    privacyAction,
    formRequest(
      "/admin/privacidade",
      {
        intent: "textos",
        retencao_meses: "12",
        retencao_envios_dias: days,
        texto_privacidade: "Política.",
        texto_trocas: "Trocas.",
        texto_termos: "Termos.",
      },
      { token },
    ),
  );
}

async function email(status: string, daysAgo: number) {
  const [row] = await runSql<{ id: string }>(
    db(),
    `insert into emails (tipo, destinatario, status, assunto, html, texto, created_at)
     values ('pedido_recebido', 'ana@example.com', $1, 'Pedido', '<p>Olá, Ana</p>', 'Olá, Ana',
             now() - make_interval(days => $2))
     returning id`,
    [status, daysAgo],
  );
  return row!.id;
}

async function webhook(status: string, daysAgo: number) {
  const [row] = await runSql<{ id: string }>(
    db(),
    `insert into webhook_entregas (tipo, url, payload, status, created_at)
     values ('pedido', 'https://hooks.example/x', '{"cliente":"Ana","telefone":"47999990000"}',
             $1, now() - make_interval(days => $2))
     returning id`,
    [status, daysAgo],
  );
  return row!.id;
}

const emailRow = async (id: string) =>
  (
    await runSql<{
      html: string | null;
      texto: string | null;
      destinatario: string;
      status: string;
    }>(db(), "select html, texto, destinatario, status from emails where id = $1", [id])
  )[0]!;

const webhookRow = async (id: string) =>
  (
    await runSql<{ payload: Record<string, unknown>; url: string; status: string }>(
      db(),
      "select payload, url, status from webhook_entregas where id = $1",
      [id],
    )
  )[0]!;

/** The audited purges of one table's sent content. */
const purgeAudits = async (resourceType: string) =>
  (await auditEntries("retention_purge")).filter((a) => a.resourceType === resourceType);

describe("the retention period of sent e-mails and webhooks", () => {
  it("is 90 days by default, editable in Privacidade between 7 and 3650, checked on the server", async () => {
    const page = await call(privacyLoader, makeRequest("/admin/privacidade", { token }));
    expect(page.data.legal.retencaoEnviosDias).toBe(90);

    for (const [days, message] of [
      ["6", "O prazo mínimo é de 7 dias"],
      ["3651", "O prazo máximo é de 3650 dias"],
      ["noventa", "Informe o prazo em dias, um número inteiro como 90"],
    ] as const) {
      const refused = await saveTexts(days);
      expectRefused(refused, 400, { retencao_envios_dias: message });
    }
    expect((await saveTexts("30")).status).toBe(200);
    const saved = await call(privacyLoader, makeRequest("/admin/privacidade", { token }));
    expect(saved.data.legal.retencaoEnviosDias).toBe(30);
    // The database refuses what the form would: a write that skipped the form fails too.
    await expect(
      runSql(db(), "update configuracoes set retencao_envios_dias = 6 where id = 1", []),
    ).rejects.toThrow();
  });

  it("clears the bodies of e-mails past it, keeps the rows, recent and queued ones; audited", async () => {
    const old = await email("enviado", 31);
    const oldFailed = await email("falhou", 200);
    const queued = await email("pendente", 31);
    const recent = await email("enviado", 29);

    const run = await runDeclaredJob("mail.purge-bodies");
    expect(run).toMatchObject({ outcome: "ok", counts: { emails: 2 } });
    for (const id of [old, oldFailed]) {
      expect(await emailRow(id)).toMatchObject({
        html: null,
        texto: null,
        destinatario: "ana@example.com",
      });
    }
    expect(await emailRow(old)).toMatchObject({ status: "enviado" });
    expect(await emailRow(queued)).toMatchObject({ html: "<p>Olá, Ana</p>", status: "pendente" });
    expect(await emailRow(recent)).toMatchObject({ html: "<p>Olá, Ana</p>", texto: "Olá, Ana" });
    const [audit] = await purgeAudits("emails");
    expect(audit?.details).toMatchObject({ emails: 2, dias: 30 });

    // Nothing left to clear: no run writes an empty audit row.
    expect(await purgeOldEmailBodies(30)).toBe(0);
    expect(await purgeAudits("emails")).toHaveLength(1);
  });

  it("empties the payloads of webhook deliveries past it, keeps pending and recent ones; audited", async () => {
    const old = await webhook("entregue", 31);
    const gaveUp = await webhook("falhou", 45);
    const pending = await webhook("pendente", 31);
    const recent = await webhook("entregue", 29);

    const run = await runDeclaredJob("notifications.purge-payloads");
    expect(run).toMatchObject({ outcome: "ok", counts: { webhooks: 2 } });
    for (const id of [old, gaveUp]) {
      expect(await webhookRow(id)).toMatchObject({ payload: {}, url: "https://hooks.example/x" });
    }
    expect((await webhookRow(pending)).payload).toMatchObject({ cliente: "Ana" });
    expect((await webhookRow(recent)).payload).toMatchObject({ cliente: "Ana" });
    const audits = await purgeAudits("webhook_entregas");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ webhooks: 2, dias: 30 });
    expect(await purgeOldWebhookPayloads(30)).toBe(0);
  });
});
