// "Avise-me quando chegar" (issue 42 point 5, decision 0074): a plain form with consent,
// counted per IP, the same answer whether or not already asked; the customers job e-mails each
// open request once when its variant is available again at a unit that sells (never for a unit
// that does not), through the outbox and a real SMTP server; two runs racing send once; the
// request ends, so a second restock sends nothing more; the owner sees who waits.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setConsent } from "~/modules/customers/index.server";
import { avisosChegada, customerCookie } from "~/modules/customers/testing.server";
import { adjustStock, receiveTransfer, transfer } from "~/modules/inventory/index.server";
import { composeEmail, deliverEmailsDue } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { runSql } from "~/platform/db/client.server";
import { declaredJobs } from "~/platform/jobs/declared.server";
import { startJobs, stopJobs } from "~/platform/jobs/runner.server";
import { logger } from "~/platform/logger.server";
import { loader as variationsLoader } from "~/routes/admin/loja/variacoes";
import { action as askAction, loader as askLoader } from "~/routes/loja/avise-me";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { declaredJob, jobRuns } from "../support/jobs";
import { call } from "../support/routes";
import { withSmtpServer } from "../support/smtp";
import { staffSession } from "../support/staff";

const ctx = withTestDatabase();
const smtp = withSmtpServer();
const product = factories.productsIn(ctx);

let racao: { id: string; nome: string };
let loja: string;

beforeEach(async () => {
  await truncateAll(ctx.database);
  await ctx.database.db.delete(unidades).where(eq(unidades.slug, "em-breve-teste"));
  await seedDatabase({ images: false });
  smtp.messages.length = 0;
  racao = await product({ nome: "Ração X 15 kg", preco: 18990, estoque: 0 });
  loja = await factories.defaultUnitId();
});

function ask(fields: Record<string, string>, ip = "10.0.0.1", cookie = "") {
  return call(
    askAction,
    makeRequest("/loja/avise-me", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: cookie ? { cookie } : {},
      ip,
    }),
  );
}

const run = () =>
  declaredJob("customers.back-in-stock").run({
    signal: new AbortController().signal,
    logger,
  });

async function drain() {
  for (;;) {
    if ((await deliverEmailsDue({ compose: composeEmail })) === 0) return;
  }
}

/** A unit that does not sell yet ("em breve"), holding stock. */
async function unitNotSelling(): Promise<string> {
  const [unit] = await ctx.database.db
    .insert(unidades)
    .values({
      slug: "em-breve-teste",
      nome: "Unidade Em Breve",
      endereco: "Rua 1",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      horarios: [null, null, null, null, null, null, null],
      emBreve: true,
      posicao: 9,
    })
    .returning({ id: unidades.id });
  return unit!.id;
}

describe("asking", () => {
  it("needs the consent, answers alike when asked again, and fills in a signed-in e-mail", async () => {
    const refused = await ask({ varianteId: racao.id, email: "ana@example.com" });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.consentimento).toMatch(/autorizar/);
    expect(refused.data.email).toBe("ana@example.com");

    const fields = { varianteId: racao.id, email: "Ana@Example.com", consentimento: "1" };
    const first = await ask(fields);
    const again = await ask(fields);
    for (const answer of [first, again]) {
      expect(answer.response?.status).toBe(303);
      expect(answer.response?.headers.get("location")).toBe(
        `/loja/avise-me?variante=${racao.id}&pronto=1`,
      );
    }
    const rows = await ctx.database.db.select().from(avisosChegada);
    expect(rows).toMatchObject([{ email: "ana@example.com", avisadoEm: null }]);
    expect(rows[0]!.consentidoEm).toBeInstanceOf(Date);

    const { cookie } = await customerCookie("bia@example.com");
    const page = await call(
      askLoader,
      makeRequest(`/loja/avise-me?variante=${racao.id}`, { headers: { cookie } }),
    );
    expect(page.data).toMatchObject({
      email: "bia@example.com",
      variante: { nome: "Ração X 15 kg" },
    });
    const guest = await call(askLoader, makeRequest(`/loja/avise-me?variante=${racao.id}`));
    expect(guest.data.email).toBe("");
  });

  it("counts asks per IP", async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await ask({ varianteId: racao.id, email: `p${i}@example.com`, consentimento: "1" }),
      );
    }
    expect(answers.slice(0, 9).every((a) => a.response?.status === 303)).toBe(true);
    expect(answers[10]!.status).toBe(429);
    const other = await ask(
      { varianteId: racao.id, email: "q@example.com", consentimento: "1" },
      "10.0.0.2",
    );
    expect(other.response?.status).toBe(303);
  });
});

describe("the e-mail when stock comes back", () => {
  it("goes once per request when a selling unit has it, never for a unit that does not sell", async () => {
    for (const email of ["ana@example.com", "bia@example.com"]) {
      await ask({ varianteId: racao.id, email, consentimento: "1" }, `10.0.1.${email.length}`);
    }
    expect(await run()).toMatchObject({ avisados: 0, esperando: 2 });

    // Stock at a unit that does not sell online: nothing goes.
    await factories.setStock(racao.id, await unitNotSelling(), 5);
    expect(await run()).toMatchObject({ avisados: 0, esperando: 2 });
    await drain();
    expect(smtp.messages).toHaveLength(0);

    // At the store's unit: one e-mail each, once, however many runs.
    await factories.setStock(racao.id, loja, 3);
    expect(await run()).toMatchObject({ avisados: 2, esperando: 0 });
    expect(await run()).toMatchObject({ avisados: 0 });
    await drain();
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual([
      "ana@example.com",
      "bia@example.com",
    ]);
    const message = smtp.messages[0]!;
    expect(message.subject).toBe("Chegou: Ração X 15 kg");
    expect(message.text).toContain("R$ 189,90");
    expect(message.text).toContain(`/loja/produto/${racao.id}`);
    const rows = await ctx.database.db.select().from(avisosChegada);
    expect(rows.every((r) => r.avisadoEm !== null)).toBe(true);

    // Sold out and back again: the requests ended, nothing more goes.
    await factories.setStock(racao.id, loja, 0);
    await factories.setStock(racao.id, loja, 4);
    expect(await run()).toMatchObject({ avisados: 0 });
    await drain();
    expect(smtp.messages).toHaveLength(2);
  });

  it("carries the one-click revoke, and nothing goes to whoever turned these e-mails off", async () => {
    const { clienteId } = await customerCookie("carla@example.com");
    for (const email of ["carla@example.com", "dora@example.com"]) {
      await ask({ varianteId: racao.id, email, consentimento: "1" }, "10.0.2.1");
    }
    await setConsent(clienteId, "estoque", false, "conta");
    await factories.setStock(racao.id, loja, 3);
    expect(await run()).toMatchObject({ avisados: 2 });
    await drain();
    expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual(["dora@example.com"]);
    const message = smtp.messages[0]!;
    const unsubscribe = message.headerLines.find((h) => h.key === "list-unsubscribe")?.line;
    expect(unsubscribe).toContain("/conta/consentimento/estoque?");
  });

  it("two runs racing queue each e-mail once", async () => {
    for (let i = 0; i < 6; i++) {
      await ask(
        { varianteId: racao.id, email: `c${i}@example.com`, consentimento: "1" },
        `10.0.2.${i}`,
      );
    }
    await factories.setStock(racao.id, loja, 2);
    const [a, b] = await Promise.all([run(), run()]);
    expect((a!.avisados ?? 0) + (b!.avisados ?? 0)).toBe(6);
    const queued = await ctx.database.db
      .select()
      .from(emails)
      .where(eq(emails.tipo, "aviso_chegada"));
    expect(queued).toHaveLength(6);
    expect(new Set(queued.map((q) => q.destinatario)).size).toBe(6);
  });

  it("the owner sees who waits for each variant", async () => {
    await ask({ varianteId: racao.id, email: "ana@example.com", consentimento: "1" });
    const owner = await staffSession({ papel: "dono", unidades: null });
    const page = await call(
      variationsLoader,
      makeRequest(`/admin/loja/produtos/${racao.id}/variacoes`, { token: owner.token }),
      { id: racao.id },
    );
    expect(page.data.aguardando).toMatchObject([
      { id: racao.id, esperando: [{ email: "ana@example.com" }] },
    ]);
    const clerk = await staffSession({ papel: "atendente", unidades: null });
    const refused = await call(
      variationsLoader,
      makeRequest(`/admin/loja/produtos/${racao.id}/variacoes`, { token: clerk.token }),
      { id: racao.id },
    );
    expect(refused.status).toBe(403);
  });
});

describe("stock that arrives wakes the job (inventory's 'estoque.entrada', issue 44)", () => {
  /** The runner with only the back-in-stock job, not due for an hour: only a wake runs it. */
  async function withSleepingJob(fn: () => Promise<void>) {
    const job = declaredJobs().find((j) => j.id === "customers.back-in-stock")!;
    startJobs([{ ...job, firstRunAfterMs: 60 * 60_000 }], { stopWaitMs: 5000 });
    try {
      await fn();
    } finally {
      await stopJobs();
    }
  }

  it("an adjustment up or a transfer received, through inventory alone, sends the e-mail", async () => {
    await ask({ varianteId: racao.id, email: "ana@example.com", consentimento: "1" });
    const owner = await staffSession({ papel: "dono", unidades: null });
    await withSleepingJob(async () => {
      // Not a route: the module's own write tells whoever waits (no screen calls customers).
      await adjustStock(
        { varianteId: racao.id, unidadeId: loja, emMaos: 2, motivo: "Chegou do fornecedor" },
        owner.actor("/admin/estoque"),
      );
      await expect
        .poll(async () => (await jobRuns("customers.back-in-stock"))[0]?.counts?.avisados ?? 0, {
          timeout: 10_000,
        })
        .toBe(1);
    });
    await drain();
    expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual(["ana@example.com"]);

    // Sold out again, a new request; units sent from another unit arrive when received.
    await factories.setStock(racao.id, loja, 0);
    await ask({ varianteId: racao.id, email: "bia@example.com", consentimento: "1" }, "10.0.3.1");
    const other = await unitNotSelling();
    await factories.setStock(racao.id, other, 4);
    await transfer(
      { varianteId: racao.id, de: other, para: loja, quantidade: 3, motivo: null },
      owner.actor("/admin/estoque"),
    );
    const [sent] = await runSql<{ id: string }>(
      ctx.database.db,
      "select id from transferencias_estoque where status = 'em_transito'",
      [],
    );
    await withSleepingJob(async () => {
      await receiveTransfer(
        { id: sent!.id, quantidade: undefined, motivo: null },
        owner.actor("/admin/estoque/transferencias"),
      );
      await expect
        .poll(
          async () =>
            (await jobRuns("customers.back-in-stock")).filter((r) => r.counts?.avisados).length,
          { timeout: 10_000 },
        )
        .toBe(2);
    });
    await drain();
    expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual([
      "ana@example.com",
      "bia@example.com",
    ]);
  });
});
