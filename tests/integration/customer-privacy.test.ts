// LGPD by the customer (issue 42 point 6, decision 0075): "Baixar meus dados" (the admin's
// export for the verified e-mail, with the account, addresses, pets, weights, vaccines and
// their photos, consents, back-in-stock requests, orders and bookings), "Excluir minha conta"
// (refused while an order or a booking is open; afterwards nothing personal is left and every
// session is over), consents per purpose from the account and the one-click revoke from an
// e-mail (signature checked), and a reminder not sent once its purpose is revoked.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categorias } from "~/modules/catalog/testing.server";
import { consentFooter, getCustomer } from "~/modules/customers/index.server";
import * as customers from "~/modules/customers/testing.server";
import { sendDueReminders } from "~/modules/grooming/index.server";
import { agendamentoPets, agendamentos } from "~/modules/grooming/testing.server";
import { composeEmail } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { adminAuditLog } from "~/platform/tables.server";
import {
  action as adminPrivacyAction,
  loader as adminPrivacyLoader,
} from "~/routes/admin/privacidade";
import { loader as adminExportLoader } from "~/routes/admin/privacidade-exportar";
import { action as revokeAction, loader as revokeLoader } from "~/routes/conta/consentimento";
import { action as privacyAction, loader as privacyLoader } from "~/routes/conta/privacidade";
import { action as downloadAction } from "~/routes/conta/privacidade-baixar";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { insertBooking, insertOrder, insertProduct, makeAdmin } from "../support/factories";
import { ownAndStrangerOrders } from "../support/privacy-orders";
import { call, expectRedirect } from "../support/routes";
import { rowsWhere } from "../support/rows";
import { unzip } from "../support/zip";

const ctx = withTestDatabase();

beforeEach(async () => {
  await truncateAll(ctx.database);
  await db().insert(categorias).values({ nome: "Rações" });
});

const PET_PHOTO = Buffer.from("RIFF webp bytes of Thor");
const PROOF_PHOTO = Buffer.from("RIFF webp bytes of a vaccine card");

const request = (cookie: string, path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  headers.set("x-client-ip", "127.0.0.1");
  return new Request(`http://localhost${path}`, { ...init, headers });
};
const post = (cookie: string, path: string, fields: Record<string, string>) =>
  request(cookie, path, { method: "POST", body: new URLSearchParams(fields) });

/** The customer's choice for one purpose, sent from /conta/privacidade. */
const setConsentAt = (cookie: string, finalidade: string, concedido: "sim" | "nao") =>
  call(
    privacyAction,
    post(cookie, "/conta/privacidade", { intent: "consentimento", finalidade, concedido }),
  );

/** Ana's account with everything a customer keeps, an order and a booking of her e-mail. */
async function anaWithEverything(orderStatus: "novo" | "entregue" = "entregue") {
  const ana = await customers.customerCookie("ana@example.com");
  await db().update(customers.clientes).set({ nome: "Ana Souza", telefone: "47988887777" });
  await db().insert(customers.enderecosClientes).values({
    clienteId: ana.clienteId,
    apelido: "Casa",
    logradouro: "Rua 300",
    numero: "12",
    bairro: "Meia Praia",
    cidade: "Itapema",
  });
  const [thor] = await db()
    .insert(customers.pets)
    .values({
      clienteId: ana.clienteId,
      nome: "Thor",
      especie: "cao",
      porte: "G",
      pelagem: "longa",
      alertas: "alergia a perfume",
      fotoKey: "pets/thor.webp",
    })
    .returning();
  // Where pets.server.ts keeps them: the photo public (random name), the proof private.
  await storage().put("public", "pets/thor.webp", PET_PHOTO);
  await storage().put("private", "vacinas/antirrabica.webp", PROOF_PHOTO);
  await db()
    .insert(customers.petPesos)
    .values({ petId: thor!.id, gramas: 32000, medidoEm: new Date("2026-11-01T12:00:00Z") });
  await db().insert(customers.petVacinas).values({
    petId: thor!.id,
    tipo: "Antirrábica",
    aplicadaEm: "2026-03-01",
    validaAte: "2027-03-01",
    comprovanteKey: "vacinas/antirrabica.webp",
  });
  await db().insert(customers.petNotas).values({ petId: thor!.id, texto: "Fica calmo com música" });
  await db().insert(customers.consentimentosClientes).values({
    clienteId: ana.clienteId,
    finalidade: "novidades",
    concedido: true,
    origem: "conta",
  });
  const { product, order, stranger } = await ownAndStrangerOrders(
    1,
    {
      clienteNome: "Ana Souza",
      clienteTelefone: "47988887777",
      clienteEmail: "Ana@Example.com",
      clienteEndereco: "Rua 300, 12",
      statusPedido: orderStatus,
    },
    { clienteEmail: "outra@example.com" },
  );
  await db().insert(customers.avisosChegada).values({
    varianteId: product.id,
    email: "ana@example.com",
    clienteId: ana.clienteId,
    consentidoEm: new Date(),
  });
  const booking = await insertBooking({
    status: "entregue",
    chaveEnvio: "conta-privacidade-0001",
    nomeTutor: "Ana Souza",
    email: "ana@example.com",
  });
  await db().insert(agendamentoPets).values({
    agendamentoId: booking.id,
    petId: thor!.id,
    nome: "Thor",
    nomeChave: "thor",
    especie: "cao",
    porte: "G",
    pelagem: "longa",
    alertas: "alergia a perfume",
    pontos: 1,
    servicos: [],
    preco: 6500,
  });
  return { ...ana, thor: thor!, order, stranger, booking: booking! };
}

describe("Baixar meus dados", () => {
  it("is the admin's ZIP for the verified e-mail: account, addresses, pets with photos, weights, vaccines, consents, requests, orders, bookings", async () => {
    const ana = await anaWithEverything();
    const result = await call(downloadAction, post(ana.cookie, "/conta/privacidade/baixar", {}));
    expect(result.status).toBe(200);
    expect(result.response!.headers.get("content-type")).toBe("application/zip");
    expect(result.response!.headers.get("cache-control")).toBe("private, no-store");
    const files = await unzip(Buffer.from(await result.response!.arrayBuffer()));
    const names = [...files.keys()].sort();
    expect(names).toContain("LEIA-ME.txt");
    expect(names).toContain("dados.json");
    const petFile = names.find((n) => n.startsWith("pets/"))!;
    const proofFile = names.find((n) => n.startsWith("vacinas/"))!;
    expect(files.get(petFile)).toEqual(PET_PHOTO);
    expect(files.get(proofFile)).toEqual(PROOF_PHOTO);

    const data = JSON.parse(files.get("dados.json")!.toString("utf8"));
    expect(data.titular).toEqual({ email: "ana@example.com" });
    expect(data.contas).toHaveLength(1);
    expect(data.contas[0]).toMatchObject({ email: "ana@example.com", nome: "Ana Souza" });
    expect(data.enderecos[0]).toMatchObject({ logradouro: "Rua 300", bairro: "Meia Praia" });
    expect(data.pets[0]).toMatchObject({
      nome: "Thor",
      alertas: "alergia a perfume",
      arquivoFoto: petFile,
    });
    expect(data.pesos[0]).toMatchObject({ gramas: 32000 });
    expect(data.vacinas[0]).toMatchObject({ tipo: "Antirrábica", arquivoComprovante: proofFile });
    expect(data.notas[0]).toMatchObject({ texto: "Fica calmo com música" });
    expect(data.consentimentos[0]).toMatchObject({ finalidade: "novidades", concedido: true });
    expect(data.avisosChegada).toHaveLength(1);
    // The signed-in device, without the hash of its cookie's secret.
    expect(data.aparelhos).toHaveLength(1);
    expect(data.aparelhos[0]).toMatchObject({ clienteId: ana.clienteId });
    expect(data.aparelhos[0]).not.toHaveProperty("id");
    expect(data.pedidos.map((p: { numeroPedido: string }) => p.numeroPedido)).toEqual([
      ana.order.numeroPedido,
    ]);
    expect(data.agendamentos[0]).toMatchObject({ numero: ana.booking.numero });
    expect(data.agendamentos[0]).not.toHaveProperty("tokenHash");
    // Nobody else's order, and the session token's hash never leaves.
    expect(JSON.stringify(data)).not.toContain(ana.stranger.numeroPedido);
    expect(JSON.stringify(data)).not.toContain("outra@example.com");

    const [entry] = await rowsWhere(adminAuditLog, eq(adminAuditLog.action, "titular_exportado"));
    expect(entry).toMatchObject({ resourceType: "cliente", resourceId: ana.clienteId });
    expect(JSON.stringify(entry!.details)).not.toContain("ana@example.com");
  });

  it("needs a signed-in customer and is limited to a few a day", async () => {
    const anonymous = await call(
      downloadAction,
      new Request("http://localhost/conta/privacidade/baixar", { method: "POST" }),
    );
    expectRedirect(anonymous, /^\/conta\/entrar\?voltar=/);
    const ana = await customers.customerCookie("ana@example.com");
    for (let i = 0; i < 5; i++) {
      const ok = await call(downloadAction, post(ana.cookie, "/conta/privacidade/baixar", {}));
      expect(ok.status).toBe(200);
      await ok.response!.arrayBuffer();
    }
    const sixth = await call(downloadAction, post(ana.cookie, "/conta/privacidade/baixar", {}));
    expectRedirect(sixth, "/conta/privacidade?limite=1");
  });
});

describe("the admin's export and anonymisation", () => {
  it("find the account by its phone too, and an account alone is enough to act on", async () => {
    const ana = await anaWithEverything();
    const { token } = await makeAdmin();
    const summary = await call(
      adminPrivacyLoader,
      makeRequest(`/admin/privacidade?titular=${encodeURIComponent("(47) 98888-7777")}`, {
        token,
      }),
    );
    expect(summary.data.resumo).toMatchObject({ contas: 1, pets: 1, pedidos: 1 });
    const exported = await call(
      adminExportLoader,
      makeRequest(`/admin/privacidade/exportar?titular=${encodeURIComponent("47988887777")}`, {
        token,
      }),
    );
    const files = await unzip(Buffer.from(await exported.response!.arrayBuffer()));
    const data = JSON.parse(files.get("dados.json")!.toString("utf8"));
    expect(data.contas[0]).toMatchObject({ id: ana.clienteId, nome: "Ana Souza" });
    expect(data.pets[0]).toMatchObject({ nome: "Thor" });
    expect([...files.keys()].some((n) => n.startsWith("vacinas/"))).toBe(true);

    // An account with nothing else (no order, no booking) can still be acted on.
    await customers.customerCookie("so-conta@example.com");
    const alone = await call(
      adminPrivacyLoader,
      makeRequest("/admin/privacidade?titular=so-conta%40example.com", { token }),
    );
    expect(alone.data.resumo).toMatchObject({ contas: 1, pedidos: 0 });

    await call(
      adminPrivacyAction,
      formRequest(
        "/admin/privacidade",
        { intent: "anonimizar", titular: "ana@example.com", confirmar: "sim" },
        { token },
      ),
    );
    const [account] = await rowsWhere(customers.clientes, eq(customers.clientes.id, ana.clienteId));
    expect(account!.anonimizadoEm).not.toBeNull();
    expect(account!.email).toBe(`anonimizado-${ana.clienteId}@anonimizado.invalid`);
    expect(await db().select().from(customers.pets)).toHaveLength(0);
    expect(await getCustomer(request(ana.cookie, "/conta"))).toBeNull();
  });
});

describe("Excluir minha conta", () => {
  it("is refused while an order or a booking is open, naming them", async () => {
    const ana = await anaWithEverything("novo");
    await db()
      .update(agendamentos)
      .set({ status: "confirmado" })
      .where(eq(agendamentos.id, ana.booking.id));
    const page = await call(privacyLoader, request(ana.cookie, "/conta/privacidade?excluir=1"));
    expect(page.data.aberto.join(" ")).toContain(ana.order.numeroPedido);

    const refused = await call(
      privacyAction,
      post(ana.cookie, "/conta/privacidade", { intent: "excluir", confirmar: "sim" }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.erro).toContain(`o pedido ${ana.order.numeroPedido} (novo)`);
    expect(refused.data.erro).toContain(
      `o agendamento de banho e tosa ${ana.booking.numero} (03/12/2026, confirmado)`,
    );
    expect(refused.data.erro).toMatch(/^Sua conta não pode ser excluída agora/);
    // Nothing was touched.
    expect(await db().select().from(customers.pets)).toHaveLength(1);
    expect(await getCustomer(request(ana.cookie, "/conta"))).not.toBeNull();
  });

  it("asks for the confirmation", async () => {
    const ana = await customers.customerCookie("ana@example.com");
    const unconfirmed = await call(
      privacyAction,
      post(ana.cookie, "/conta/privacidade", { intent: "excluir" }),
    );
    expect(unconfirmed.status).toBe(400);
    expect(await getCustomer(request(ana.cookie, "/conta"))).not.toBeNull();
  });

  it("leaves nothing personal, ends every session and deletes the photos", async () => {
    const ana = await anaWithEverything("entregue");
    const otherDevice = await customers.customerCookie("ana@example.com");
    const done = await call(
      privacyAction,
      post(ana.cookie, "/conta/privacidade", { intent: "excluir", confirmar: "sim" }),
    );
    const response = expectRedirect(done, "/conta/excluida");
    expect(response.headers.get("set-cookie")).toMatch(/^cliente_sessao=; .*Max-Age=0/);

    expect(await getCustomer(request(ana.cookie, "/conta"))).toBeNull();
    expect(await getCustomer(request(otherDevice.cookie, "/conta"))).toBeNull();
    expect(await db().select().from(customers.sessoesClientes)).toHaveLength(0);

    const [account] = await db().select().from(customers.clientes);
    expect(account!.anonimizadoEm).not.toBeNull();
    expect(account!.email).not.toContain("ana");
    expect(account).toMatchObject({ nome: "", telefone: null });
    for (const table of [
      customers.pets,
      customers.petPesos,
      customers.petVacinas,
      customers.petNotas,
      customers.enderecosClientes,
      customers.consentimentosClientes,
      customers.avisosChegada,
    ]) {
      expect(await db().select().from(table)).toHaveLength(0);
    }
    expect(await storage().read("public", "pets/thor.webp")).toBeNull();
    expect(await storage().read("private", "vacinas/antirrabica.webp")).toBeNull();

    const [order] = await rowsWhere(pedidos, eq(pedidos.id, ana.order.id));
    expect(order).toMatchObject({ clienteEmail: null, clienteNome: "Titular anonimizado" });
    const [booked] = await rowsWhere(agendamentos, eq(agendamentos.id, ana.booking.id));
    expect(booked).toMatchObject({ email: null, whatsapp: "" });
    const [bookedPet] = await db().select().from(agendamentoPets);
    expect(bookedPet).toMatchObject({ petId: null, alertas: null });
    // The stranger's order is untouched.
    const [stranger] = await rowsWhere(pedidos, eq(pedidos.id, ana.stranger.id));
    expect(stranger!.clienteEmail).toBe("outra@example.com");

    // Nothing personal is left anywhere in the account's tables or the audit trail.
    const everything = JSON.stringify([
      await db().select().from(customers.clientes),
      await db().select().from(adminAuditLog),
      await rowsWhere(pedidos, eq(pedidos.id, ana.order.id)),
      await db().select().from(agendamentos),
      await db().select().from(agendamentoPets),
    ]);
    for (const personal of ["ana@example.com", "Ana Souza", "98888", "Thor", "perfume"]) {
      expect(everything).not.toContain(personal);
    }
    // Signing in again with the e-mail starts a new, empty account.
    const again = await customers.customerCookie("ana@example.com");
    expect(again.clienteId).not.toBe(ana.clienteId);
  });
});

describe("consents", () => {
  it("switch per purpose from the account in one click, each change recorded with where", async () => {
    const ana = await customers.customerCookie("ana@example.com");
    const before = await call(privacyLoader, request(ana.cookie, "/conta/privacidade"));
    expect(
      Object.fromEntries(
        before.data.consentimentos.map((c: { finalidade: string; concedido: boolean }) => [
          c.finalidade,
          c.concedido,
        ]),
      ),
    ).toEqual({ pedidos: true, agendamentos: true, estoque: true, novidades: false });

    const off = await setConsentAt(ana.cookie, "agendamentos", "nao");
    expect(off.data.mensagem).toBe("Preferência desativada.");
    await setConsentAt(ana.cookie, "novidades", "sim");
    const after = await call(privacyLoader, request(ana.cookie, "/conta/privacidade"));
    const state = Object.fromEntries(
      after.data.consentimentos.map((c: { finalidade: string; concedido: boolean }) => [
        c.finalidade,
        c.concedido,
      ]),
    );
    expect(state).toEqual({ pedidos: true, agendamentos: false, estoque: true, novidades: true });
    const trail = await rowsWhere(adminAuditLog, eq(adminAuditLog.resourceId, ana.clienteId));
    expect(trail.map((t) => [t.action, t.details])).toEqual([
      ["consentimento_revogado", { finalidade: "agendamentos", origem: "conta" }],
      ["consentimento_concedido", { finalidade: "novidades", origem: "conta" }],
    ]);
    const bad = await setConsentAt(ana.cookie, "spam", "sim");
    expect(bad.status).toBe(400);
  });

  it("the e-mail's one-click link revokes on POST only, and a forged link is refused", async () => {
    const { href } = consentFooter("http://localhost", "Bia@Example.com", "agendamentos");
    const url = new URL(href);
    const path = url.pathname + url.search;
    const params = { finalidade: "agendamentos" };
    const shown = await call(revokeLoader, new Request(`http://localhost${path}`), params);
    expect(shown.data).toMatchObject({ revogado: false });
    // A GET (a mail scanner) changes nothing.
    expect(await db().select().from(customers.consentimentosClientes)).toHaveLength(0);

    const forgeries = [
      path.replace(/assinatura=[^&]+/, "assinatura=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      path.replace("bia%40example.com", "carla%40example.com"),
    ];
    for (const forged of forgeries) {
      const refused = await call(
        revokeAction,
        new Request(`http://localhost${forged}`, { method: "POST" }),
        params,
      );
      expect(refused.status).toBe(404);
    }
    // The same signature does not revoke another purpose.
    const otherPurpose = await call(
      revokeAction,
      new Request(`http://localhost${path.replace("/agendamentos?", "/pedidos?")}`, {
        method: "POST",
      }),
      { finalidade: "pedidos" },
    );
    expect(otherPurpose.status).toBe(404);
    expect(await db().select().from(customers.consentimentosClientes)).toHaveLength(0);

    // The mail client's one-click POST.
    const revoked = await call(
      revokeAction,
      new Request(`http://localhost${path}`, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      }),
      params,
    );
    expect(revoked.data).toMatchObject({ revogado: true, agora: true });
    const [row] = await db().select().from(customers.consentimentosClientes);
    expect(row).toMatchObject({ finalidade: "agendamentos", concedido: false, origem: "email" });
    const [account] = await db().select().from(customers.clientes);
    expect(account!.email).toBe("bia@example.com");
  });
});

describe("sending respects a revoked purpose", () => {
  async function tomorrowsBooking(email: string) {
    return insertBooking({
      status: "confirmado",
      tokenHash: "1".repeat(64),
      chaveEnvio: `lembrete-${email}`,
      nomeTutor: "Tutor",
      email,
      createdAt: new Date("2026-11-20T12:00:00Z"),
    });
  }
  const reminders = () => rowsWhere(emails, eq(emails.tipo, "agendamento_lembrete"));

  it("no reminder for an e-mail whose account revoked booking reminders; others still get theirs", async () => {
    const { href } = consentFooter("http://localhost", "ana@example.com", "agendamentos");
    const url = new URL(href);
    await call(
      revokeAction,
      new Request(`http://localhost${url.pathname}${url.search}`, { method: "POST" }),
      { finalidade: "agendamentos" },
    );
    await tomorrowsBooking("ana@example.com");
    const kept = await tomorrowsBooking("bia@example.com");
    await sendDueReminders(new Date("2026-12-02T12:00:00Z"));
    const queued = await reminders();
    expect(queued.map((e) => e.destinatario)).toEqual(["bia@example.com"]);
    expect(queued[0]!.resourceId).toBe(kept.id);

    // The reminder carries the purpose's one-click revoke in its foot and its headers.
    const composed = await composeEmail(queued[0]!);
    expect(composed!.html).toContain("/conta/consentimento/agendamentos?");
    expect(composed!.texto).toContain(
      "Não quer mais receber lembretes dos agendamentos de banho e tosa? Desativar em um clique",
    );
    expect(composed!.cabecalhos!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Revoked after it was queued: it is not composed (the worker drops it).
    const bia = await customers.customerCookie("bia@example.com");
    await setConsentAt(bia.cookie, "agendamentos", "nao");
    expect(await composeEmail(queued[0]!)).toBeNull();
  });

  it("order status e-mails stop with 'pedidos' revoked; the confirmation still goes", async () => {
    const product = await insertProduct({ nome: "Ração", precoAtual: 1000 });
    const order = await insertOrder(
      [{ produtoId: product.id, nome: "Ração", preco: 1000, quantidade: 1 }],
      { clienteEmail: "ana@example.com", estoqueSituacao: "baixado" },
    );
    const row = (tipo: string) =>
      db()
        .insert(emails)
        .values({
          tipo,
          destinatario: "ana@example.com",
          resourceType: "pedido",
          resourceId: order.id,
        })
        .returning()
        .then((r) => r[0]!);
    const status = await row("pedido_saiu_entrega");
    const confirmation = await row("pedido_confirmado");
    const sent = await composeEmail(status);
    expect(sent!.html).toContain("/conta/consentimento/pedidos?");
    const ana = await customers.customerCookie("ana@example.com");
    await setConsentAt(ana.cookie, "pedidos", "nao");
    expect(await composeEmail(status)).toBeNull();
    expect(await composeEmail(confirmation)).not.toBeNull();
    expect(
      await rowsWhere(
        customers.consentimentosClientes,
        and(
          eq(customers.consentimentosClientes.clienteId, ana.clienteId),
          eq(customers.consentimentosClientes.finalidade, "pedidos"),
        ),
      ),
    ).toHaveLength(1);
  });
});
