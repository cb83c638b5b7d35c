// LGPD and the legal pages: retention of resumes and grooming photos, one person's data as a
// ZIP, its anonymisation, and the legal Markdown that cannot carry a script.
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { curriculos } from "~/modules/careers/testing.server";
import { categorias } from "~/modules/catalog/testing.server";
import { agendamentoPets, agendamentos, pedidosServicos } from "~/modules/grooming/testing.server";
import { emails } from "~/modules/mail/testing.server";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { itensPedido, pedidos } from "~/modules/orders/testing.server";
import { purgeExpiredPersonalData, renderMarkdown } from "~/modules/privacy/index.server";
import { updateSettings } from "~/modules/shop/index.server";
import { setClock } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { adminAuditLog, codigosAcesso } from "~/platform/tables.server";
import { action as privacyAction, loader as privacyLoader } from "~/routes/admin/privacidade";
import { loader as exportLoader } from "~/routes/admin/privacidade-exportar";
import { loader as legalLoader } from "~/routes/public/legal";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { insertBooking, makeAdmin } from "../support/factories";
import { runDeclaredJob } from "../support/jobs";
import { ONE_PAGE_PDF } from "../support/pdf";
import { ownAndStrangerOrders } from "../support/privacy-orders";
import { call, expectRefused } from "../support/routes";
import { unzip } from "../support/zip";

const ctx = withTestDatabase();

const NOW = new Date("2026-11-20T12:00:00Z");
const monthsAgo = (n: number) => {
  const d = new Date(NOW);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};
const PHOTO = Buffer.from("RIFF fake webp bytes of a pet photo");

beforeEach(async () => {
  await truncateAll(ctx.database);
  await db().insert(categorias).values({ nome: "Rações" });
});

async function resume(createdAt: Date, values: Partial<typeof curriculos.$inferInsert> = {}) {
  const [row] = await db()
    .insert(curriculos)
    .values({
      nomeCompleto: "Carla Dias",
      email: "carla@example.com",
      telefone: "47977776666",
      vaga: "banho-tosa",
      createdAt,
      ...values,
    })
    .returning();
  const key = `curriculos/${row!.id}.pdf`;
  await storage().put("private", key, ONE_PAGE_PDF);
  await db()
    .update(curriculos)
    .set({ curriculoUrl: `private:${key}` })
    .where(eq(curriculos.id, row!.id));
  return { ...row!, key };
}

async function grooming(
  numero: string,
  createdAt: Date,
  values: Partial<typeof pedidosServicos.$inferInsert> = {},
) {
  const key = `pet-fotos/${numero}-1.webp`;
  await storage().put("public", key, PHOTO);
  const [row] = await db()
    .insert(pedidosServicos)
    .values({
      numeroPedido: numero,
      tipoServico: "banho_tosa",
      nomeTutor: "Carla Dias",
      whatsapp: "(47) 97777-6666",
      nomePet: "Thor",
      racaPorte: "Golden, grande",
      endereco: "Rua 300, 12",
      fotos: [`/uploads/${key}`],
      createdAt,
      ...values,
    })
    .returning();
  return { ...row!, key };
}

const lastAudit = async (action: string) =>
  (
    await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, action))
      .orderBy(desc(adminAuditLog.createdAt))
  )[0];

/** What the admin's privacy screen finds about `titular` (a phone or an e-mail). */
async function summaryOf(titular: string, token: string) {
  const page = await call(
    privacyLoader,
    makeRequest(`/admin/privacidade?titular=${encodeURIComponent(titular)}`, { token }),
  );
  return page.data.resumo;
}

/** The trail of an action on Carla's phone: one of each kind found, and not the phone itself. */
async function expectAuditedByPhone(action: string) {
  const entry = await lastAudit(action);
  expect(entry!.details).toEqual({
    tipo: "telefone",
    pedidos: 1,
    servicos: 1,
    agendamentos: 1,
    curriculos: 1,
  });
  expect(JSON.stringify(entry)).not.toContain("97777");
}

describe("retention of resumes and grooming photos", () => {
  it("deletes resumes (row and PDF) and photos older than the period, keeps recent ones, audits", async () => {
    const oldResume = await resume(monthsAgo(13));
    const newResume = await resume(monthsAgo(11));
    const oldGrooming = await grooming("SRV000001", monthsAgo(13));
    const newGrooming = await grooming("SRV000002", monthsAgo(11));

    for (const cv of [oldResume, newResume]) {
      await db()
        .insert(webhookEntregas)
        .values({
          tipo: "curriculo",
          resourceType: "curriculo",
          resourceId: cv.id,
          url: "https://hooks.example/",
          payload: { nomeCompleto: cv.nomeCompleto },
        });
    }

    const result = await purgeExpiredPersonalData(NOW);
    expect(result).toMatchObject({ curriculos: 1, fotos: 1, meses: 12 });
    const deliveries = await db().select().from(webhookEntregas);
    expect(deliveries.map((d) => d.resourceId)).toEqual([newResume.id]);

    const resumes = await db().select().from(curriculos);
    expect(resumes.map((r) => r.id)).toEqual([newResume.id]);
    expect(await storage().read("private", oldResume.key)).toBeNull();
    expect(await storage().read("private", newResume.key)).toEqual(ONE_PAGE_PDF);

    const [oldRow] = await db()
      .select()
      .from(pedidosServicos)
      .where(eq(pedidosServicos.id, oldGrooming.id));
    // The request stays (the shop's service history), without its photos.
    expect(oldRow).toMatchObject({ numeroPedido: "SRV000001", fotos: [] });
    expect(await storage().read("public", oldGrooming.key)).toBeNull();
    const [newRow] = await db()
      .select()
      .from(pedidosServicos)
      .where(eq(pedidosServicos.id, newGrooming.id));
    expect(newRow!.fotos).toEqual([`/uploads/${newGrooming.key}`]);
    expect(await storage().read("public", newGrooming.key)).toEqual(PHOTO);

    const entry = await lastAudit("retention_purge");
    expect(entry).toMatchObject({ resourceType: "privacidade" });
    expect(entry!.details).toMatchObject({ curriculos: 1, fotos: 1, meses: 12 });

    // Nothing left to remove: a second run writes no audit row.
    expect(await purgeExpiredPersonalData(NOW)).toMatchObject({ curriculos: 0, fotos: 0 });
    expect(await db().select().from(adminAuditLog)).toHaveLength(1);
  });

  it("follows the period the admin set", async () => {
    await updateSettings(db(), { retencaoMeses: 24 });
    const kept = await resume(monthsAgo(13));
    expect(await purgeExpiredPersonalData(NOW)).toMatchObject({ curriculos: 0, meses: 24 });
    expect(await storage().read("private", kept.key)).toEqual(ONE_PAGE_PDF);

    await updateSettings(db(), { retencaoMeses: 6 });
    const sevenMonths = await resume(monthsAgo(7));
    expect(await purgeExpiredPersonalData(NOW)).toMatchObject({ curriculos: 2, meses: 6 });
    expect(await storage().read("private", sevenMonths.key)).toBeNull();
    expect(await db().select().from(curriculos)).toHaveLength(0);
  });

  it("the scheduled job runs at start (the server starts it with the other jobs)", async () => {
    const old = await resume(monthsAgo(13));
    setClock(() => new Date(NOW));
    try {
      const run = await runDeclaredJob("privacy.retention");
      expect(run).toMatchObject({ outcome: "ok", counts: { curriculos: 1, fotos: 0 } });
      expect(await lastAudit("retention_purge")).toBeDefined();
    } finally {
      setClock(undefined);
    }
    expect(await storage().read("private", old.key)).toBeNull();
  });

  it("two runs at once remove each file once and audit once", async () => {
    await resume(monthsAgo(13));
    await grooming("SRV000003", monthsAgo(14));
    const runs = await Promise.all([purgeExpiredPersonalData(NOW), purgeExpiredPersonalData(NOW)]);
    expect(runs.map((r) => r.curriculos).sort()).toEqual([0, 1]);
    expect(await db().select().from(adminAuditLog)).toHaveLength(1);
  });
});

/** Carla's data (phone 47 97777-6666, carla@example.com) and someone else's order. */
async function carlaAndOthers() {
  const { order, stranger: other } = await ownAndStrangerOrders(2, {
    clienteNome: "Carla Dias",
    clienteTelefone: "47977776666",
    clienteEmail: "Carla@Example.com",
    clienteEndereco: "Rua 300, 12",
    clienteReferencia: "Casa azul",
    observacoes: "Tocar a campainha",
  });
  const service = await grooming("SRV000010", monthsAgo(1));
  const cv = await resume(monthsAgo(1));
  await db().insert(emails).values({
    tipo: "pedido_recebido",
    destinatario: "carla@example.com",
    resourceType: "pedido",
    resourceId: order.id,
    assunto: "Recebemos seu pedido",
    html: "<p>Olá, Carla Dias</p>",
  });
  await db()
    .insert(webhookEntregas)
    .values({
      tipo: "pedido",
      resourceType: "pedido",
      resourceId: order.id,
      url: "https://hooks.example/",
      payload: { clienteNome: "Carla Dias" },
    });
  const booking = await insertBooking({
    status: "entregue",
    chaveEnvio: "privacidade-teste-0001",
    nomeTutor: "Carla Dias",
    whatsapp: "(47) 97777-6666",
    whatsappDigitos: "47977776666",
    email: "carla@example.com",
    levaTraz: true,
    endereco: "Rua 300, 12",
    bairro: "Meia Praia",
  });
  await db().insert(agendamentoPets).values({
    agendamentoId: booking.id,
    nome: "Paçoca",
    nomeChave: "pacoca",
    especie: "cao",
    raca: "Poodle",
    porte: "P",
    pelagem: "curta",
    alertas: "morde",
    pontos: 1,
    servicos: [],
    preco: 6500,
  });
  await db().insert(emails).values({
    tipo: "agendamento_recebido",
    destinatario: "outro-endereco@example.com",
    resourceType: "agendamento",
    resourceId: booking.id,
  });
  await db().insert(codigosAcesso).values({
    finalidade: "tutor",
    chave: "47977776666",
    codigoHash: "x",
    expiraEm: new Date(),
  });
  return { order, other, service, cv, booking: booking! };
}

describe("one person's data", () => {
  it("exports orders, grooming requests with photos and resumes with PDFs as a ZIP, audited", async () => {
    const { order, other, service, cv } = await carlaAndOthers();
    const { token } = await makeAdmin();
    const result = await call(
      exportLoader,
      makeRequest(
        `/admin/privacidade/exportar?titular=${encodeURIComponent("+55 (47) 97777-6666")}`,
        {
          token,
        },
      ),
    );
    expect(result.status).toBe(200);
    expect(result.response!.headers.get("content-type")).toBe("application/zip");
    expect(result.response!.headers.get("content-disposition")).toMatch(
      /attachment; filename="dados-titular-/,
    );
    const files = await unzip(Buffer.from(await result.response!.arrayBuffer()));

    expect([...files.keys()].sort()).toEqual(
      [
        "LEIA-ME.txt",
        "dados.json",
        "fotos/SRV000010-1.webp",
        `curriculos/carla-dias-${cv.id}.pdf`,
      ].sort(),
    );
    expect(files.get("fotos/SRV000010-1.webp")).toEqual(PHOTO);
    expect(files.get(`curriculos/carla-dias-${cv.id}.pdf`)).toEqual(ONE_PAGE_PDF);
    const data = JSON.parse(files.get("dados.json")!.toString("utf8"));
    expect(data.pedidos.map((p: { numeroPedido: string }) => p.numeroPedido)).toEqual([
      order.numeroPedido,
    ]);
    expect(data.pedidos[0]).toMatchObject({
      clienteNome: "Carla Dias",
      clienteEndereco: "Rua 300, 12",
      total: order.total,
    });
    expect(data.pedidos[0].itens).toHaveLength(1);
    expect(data.pedidos[0].itens[0]).toMatchObject({
      produtoNome: "Ração Golden 15 kg",
      quantidade: 2,
    });
    // The order link's secret never leaves.
    expect(data.pedidos[0]).not.toHaveProperty("tokenHash");
    expect(data.servicos.map((s: { numeroPedido: string }) => s.numeroPedido)).toEqual([
      service.numeroPedido,
    ]);
    expect(data.curriculos.map((c: { id: string }) => c.id)).toEqual([cv.id]);
    expect(data.agendamentos).toHaveLength(1);
    expect(data.agendamentos[0]).toMatchObject({
      nomeTutor: "Carla Dias",
      endereco: "Rua 300, 12",
    });
    expect(data.agendamentos[0].pets[0]).toMatchObject({ nome: "Paçoca", alertas: "morde" });
    // The booking link's secret and its form key never leave.
    expect(data.agendamentos[0]).not.toHaveProperty("tokenHash");
    expect(data.agendamentos[0]).not.toHaveProperty("chaveEnvio");
    expect(JSON.stringify(data)).not.toContain(other.numeroPedido);

    await expectAuditedByPhone("titular_exportado");
  });

  it("finds by e-mail (any case): orders, bookings and resumes, not photo quotes (which have no e-mail)", async () => {
    await carlaAndOthers();
    const { token } = await makeAdmin();
    expect(await summaryOf("CARLA@example.com", token)).toEqual({
      pedidos: 1,
      servicos: 0,
      fotos: 0,
      agendamentos: 1,
      curriculos: 1,
      contas: 0,
      pets: 0,
    });
  });

  it("refuses what is neither an e-mail nor a phone with its area code, and non-admins", async () => {
    const { token } = await makeAdmin();
    const bad = await call(
      exportLoader,
      makeRequest("/admin/privacidade/exportar?titular=1234", { token }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.response!.text()).toBe("Informe um e-mail válido ou um telefone com DDD");
    const anonymous = await call(
      exportLoader,
      makeRequest("/admin/privacidade/exportar?titular=47977776666"),
    );
    expect(anonymous.response?.headers.get("content-type")).not.toBe("application/zip");
    expect([302, 401, 403]).toContain(anonymous.status);
  });

  it("anonymises after confirmation: personal fields gone, totals and items kept, files removed", async () => {
    const { order, other, service, cv, booking } = await carlaAndOthers();
    const { token } = await makeAdmin();

    const unconfirmed = await call(
      privacyAction,
      formRequest(
        "/admin/privacidade",
        { intent: "anonimizar", titular: "47977776666" },
        { token },
      ),
    );
    expect(unconfirmed.status).toBe(400);
    expect((await db().select().from(curriculos)).length).toBe(1);

    const done = await call(
      privacyAction,
      formRequest(
        "/admin/privacidade",
        { intent: "anonimizar", titular: "(47) 97777-6666", confirmar: "sim" },
        { token },
      ),
    );
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ ok: true, message: "Dados anonimizados" });

    const [after] = await db().select().from(pedidos).where(eq(pedidos.id, order.id));
    expect(after).toMatchObject({
      clienteNome: "Titular anonimizado",
      clienteTelefone: "",
      clienteEmail: null,
      clienteEndereco: "",
      clienteReferencia: null,
      observacoes: null,
      // What the accounts need stays.
      numeroPedido: order.numeroPedido,
      subtotal: order.subtotal,
      taxaEntrega: order.taxaEntrega,
      total: order.total,
      formaPagamento: order.formaPagamento,
    });
    const items = await db().select().from(itensPedido).where(eq(itensPedido.pedidoId, order.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantidade: 2, subtotal: 31980 });

    const [groomed] = await db()
      .select()
      .from(pedidosServicos)
      .where(eq(pedidosServicos.id, service.id));
    expect(groomed).toMatchObject({
      nomeTutor: "Titular anonimizado",
      whatsapp: "",
      endereco: null,
      fotos: [],
    });
    expect(await storage().read("public", service.key)).toBeNull();
    const [booked] = await db().select().from(agendamentos).where(eq(agendamentos.id, booking.id));
    expect(booked).toMatchObject({
      nomeTutor: "Titular anonimizado",
      whatsapp: "",
      whatsappDigitos: "",
      email: null,
      endereco: null,
      // What the agenda's history needs stays.
      numero: booking.numero,
      precoEstimado: 6500,
      data: "2026-12-03",
    });
    const [bookedPet] = await db()
      .select()
      .from(agendamentoPets)
      .where(eq(agendamentoPets.agendamentoId, booking.id));
    expect(bookedPet).toMatchObject({ nome: "Pet", nomeChave: "", raca: null, alertas: null });
    expect(await db().select().from(codigosAcesso)).toHaveLength(0);
    expect(await db().select().from(curriculos)).toHaveLength(0);
    expect(await storage().read("private", cv.key)).toBeNull();
    expect(await db().select().from(emails)).toHaveLength(0);
    expect(await db().select().from(webhookEntregas)).toHaveLength(0);

    // Someone else's order is untouched.
    const [untouched] = await db().select().from(pedidos).where(eq(pedidos.id, other.id));
    expect(untouched).toMatchObject({
      clienteNome: "Outra Pessoa",
      clienteTelefone: "47911112222",
    });

    await expectAuditedByPhone("titular_anonimizado");

    // Nothing is found any more.
    expect(await summaryOf("47977776666", token)).toEqual({
      pedidos: 0,
      servicos: 0,
      fotos: 0,
      agendamentos: 0,
      curriculos: 0,
      contas: 0,
      pets: 0,
    });
  });
});

describe("legal pages in Markdown", () => {
  it("drops raw HTML and script links", () => {
    const html = renderMarkdown(
      [
        "## Título",
        "<script>alert('x')</script>",
        '<img src="x" onerror="alert(1)">',
        "[clique](javascript:alert(1)) e [site](https://example.com)",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Título</h2>");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a>',
    );
  });

  it("shows the default text with the shop's facts, then what the admin saved", async () => {
    await updateSettings(db(), {
      razaoSocial: "Pet Teste Comércio Ltda.",
      cnpj: "27.865.431/0001-77",
      encarregadoNome: "Mariana Souza",
      encarregadoEmail: "dpo@example.com",
      retencaoMeses: 18,
      retencaoEnviosDias: 45,
    });
    const first = await call(legalLoader, makeRequest("/privacidade"));
    expect(first.data.title).toBe("Política de privacidade");
    expect(first.data.html).toContain("Pet Teste Comércio Ltda.");
    expect(first.data.html).toContain("CNPJ 27.865.431/0001-77");
    expect(first.data.html).toContain("Mariana Souza");
    expect(first.data.html).toContain("18 meses");
    expect(first.data.html).toContain("<strong>45 dias</strong> depois do envio");
    expect(first.data.html).toContain("cookies necessários");
    const trocas = await call(legalLoader, makeRequest("/trocas-e-devolucoes"));
    expect(trocas.data.html).toContain("7 dias corridos");

    const { token } = await makeAdmin();
    const saved = await call(
      privacyAction,
      formRequest(
        "/admin/privacidade",
        {
          intent: "textos",
          retencao_meses: "12",
          retencao_envios_dias: "90",
          texto_privacidade:
            "## Nova política\n\n<script>alert(1)</script>\n\nFale com {encarregadoEmail}.",
          texto_trocas: "Trocas em 7 dias.",
          texto_termos: "Termos.",
        },
        { token },
      ),
    );
    expect(saved.status).toBe(200);
    const page = await call(legalLoader, makeRequest("/privacidade"));
    expect(page.data.html).toContain("<h2>Nova política</h2>");
    expect(page.data.html).toContain("Fale com dpo@example.com.");
    expect(page.data.html).not.toContain("<script>");
    expect((await lastAudit("settings_update"))!.details).toMatchObject({ origem: "privacidade" });

    const refused = await call(
      privacyAction,
      formRequest(
        "/admin/privacidade",
        {
          intent: "textos",
          retencao_meses: "0",
          retencao_envios_dias: "90",
          texto_privacidade: "",
          texto_trocas: "a",
          texto_termos: "b",
        },
        { token },
      ),
    );
    expectRefused(refused, 400, {
      retencao_meses: "O prazo mínimo é de 1 mês",
      texto_privacidade: "Escreva o texto da página (ou use o texto padrão)",
    });
  });
});
