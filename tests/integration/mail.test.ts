// The order e-mails end to end: queued with the order or its change, rendered and sent by
// the outbox worker to a real SMTP server in this process, parsed as a mail client would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "~/modules/accounts/index.server";
import { variantes } from "~/modules/catalog/testing.server";
import {
  claimDueEmails,
  composeEmail,
  deliverEmailsDue,
  MAIL_CLAIM_LEASE_MS,
  MAIL_RETRY_DELAYS_MS,
  mailDir,
} from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { placeOrder, setOrderStatus, setPaymentStatus } from "~/modules/orders/index.server";
import { getSettings, updateSettings } from "~/modules/shop/index.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { resetEnvCache } from "~/platform/env.server";
import { action as settingsAction } from "~/routes/admin/configuracoes";
import { loader as emailLoader } from "~/routes/admin/email";
import { loader as emailsLoader } from "~/routes/admin/emails";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as ordersAction } from "~/routes/admin/loja/pedidos";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { loader as orderLoader } from "~/routes/loja/pedido";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "~/routes/loja/pedido-emails";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withDemoShop } from "../support/demo-shop";
import { checkoutForm, makeAdmin, manualPix, orderInput, productsIn } from "../support/factories";
import { call } from "../support/routes";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
const smtp = withSmtpServer();
const product = productsIn(ctx);
withDemoShop({ reseedEach: ctx });
const ORIGIN = "http://loja.teste";

let actor: AdminActor;
let adminToken: string;

beforeEach(async () => {
  // The site's address, as the panel taught it (decision 0057).
  await updateSettings(ctx.database.db, { enderecoSite: ORIGIN });
  const admin = await makeAdmin();
  adminToken = admin.token;
  actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
  smtp.messages.length = 0;
  smtp.down = false;
  smtp.use(true);
});

/** Runs the worker's passes until the outbox has nothing due at `at`. */
async function drain(at = new Date()) {
  let sent = 0;
  for (;;) {
    // As the worker does: each row's composer found by its kind in the modules' manifests.
    const n = await deliverEmailsDue({ compose: composeEmail, now: () => at });
    if (n === 0) return sent;
    sent += n;
  }
}

async function order(overrides: Parameters<typeof orderInput>[1] = {}, item?: { id: string }) {
  const variant = item ?? (await product({ nome: "Ração Premium", preco: 123456, estoque: 20 }));
  const result = await placeOrder(
    orderInput([{ varianteId: variant.id, quantidade: 1 }], {
      email: "maria@example.com",
      origem: ORIGIN,
      ...overrides,
    }),
  );
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function outbox() {
  return ctx.database.db.select().from(emails).orderBy(emails.createdAt);
}

/** A raw header of a parsed message ("" when absent). */
function header(message: { headerLines: readonly { key: string; line: string }[] }, key: string) {
  return message.headerLines.find((h) => h.key === key)?.line ?? "";
}

function linkFrom(text: string): string {
  const match = /http:\/\/loja\.teste\/loja\/pedido\/\S+\?token=[\w%-]+/.exec(text);
  if (!match) throw new Error(`sem link de acompanhamento em: ${text}`);
  return match[0];
}

describe("order confirmation e-mail", () => {
  it("reaches the customer with the order, both parts and a tracking link that opens the order", async () => {
    const item = await product({ nome: "Ração Premium", preco: 123456, estoque: 20 });
    await ctx.database.db
      .update(variantes)
      .set({ rotulo: "15 kg" })
      .where(eq(variantes.id, item.id));
    await updateSettings(ctx.database.db, { cnpj: "12.345.678/0001-90" });
    const other = await order(
      { nome: "João Outro", telefone: "(47) 98888-7777", email: "joao@example.com" },
      item,
    );
    const mine = await order({}, item);
    expect(await drain()).toBe(2);

    const message = smtp.messages.find((m) => m.envelopeTo.includes("maria@example.com"))!;
    expect(message).toBeDefined();
    const numero = mine.pedido.numeroPedido;
    expect(message.subject).toBe(`Pedido ${numero} recebido`);
    expect(message.html).toBeTruthy();
    expect(message.text).toBeTruthy();
    for (const part of [message.html as string, message.text!]) {
      expect(part).toContain("Ração Premium — 15 kg");
      expect(part).toContain("R$ 1.234,56");
      expect(part).toContain("Agropet Litoral");
      expect(part).toContain("CNPJ 12.345.678/0001-90");
      expect(part).toContain("porque fez o pedido");
      // Nothing of the other customer, no secret of the shop.
      expect(part).not.toContain("João Outro");
      expect(part).not.toContain("98888");
      expect(part).not.toContain("joao@example.com");
      expect(part).not.toContain(other.pedido.numeroPedido);
      expect(part).not.toContain(mine.pedido.tokenHash);
      expect(part).not.toContain(mine.pedido.idempotencyKey!);
    }
    expect(header(message, "list-unsubscribe")).toContain(`/loja/pedido/${numero}/emails`);
    expect(header(message, "list-unsubscribe-post")).toContain("List-Unsubscribe=One-Click");

    // The link opens the order page through its real loader.
    const link = new URL(linkFrom(message.text!));
    expect(link.searchParams.get("token")).toBe(mine.token);
    const page = await call(orderLoader, makeRequest(`${link.pathname}${link.search}`), {
      numero,
    });
    expect(page.status).toBe(200);
    expect(page.data.pedido.numero).toBe(numero);

    const rows = await outbox();
    expect(rows.every((r) => r.status === "enviado" && r.enviadoEm && r.tentativas === 1)).toBe(
      true,
    );
  });

  it("carries the manual Pix copia e cola and its QR code as an inline image", async () => {
    await updateSettings(ctx.database.db, manualPix());
    const placed = await order({ formaPagamento: "pix" });
    await drain();
    const [message] = smtp.messages;
    expect(message!.text).toContain("0014br.gov.bcb.pix0125pix@agropetlitoral.com.br");
    expect(message!.text).toContain(placed.pedido.numeroPedido);
    const qr = message!.attachments.find((a) => a.contentType === "image/png");
    expect(qr?.contentId).toBeTruthy();
    expect(qr!.content.subarray(1, 4).toString()).toBe("PNG");
    expect(message!.html as string).toContain(`cid:${qr!.contentId!.replace(/[<>]/g, "")}`);
  });

  it("is not sent when the customer gave no e-mail; the shop's new-order e-mail goes to its address", async () => {
    // Set on the settings screen, checked there.
    const fields = {
      webhook_url: "",
      webhook_servicos: "",
      webhook_curriculos: "",
      whatsapp_numero: "",
      email_novos_pedidos: "pedidos@",
      cnpj: "12345678000190",
    };
    const refused = await call(
      settingsAction,
      formRequest("/admin/configuracoes", fields, { token: adminToken }),
    );
    expect(refused.data.errors).toEqual({ email_novos_pedidos: "E-mail inválido" });
    const saved = await call(
      settingsAction,
      formRequest(
        "/admin/configuracoes",
        { ...fields, email_novos_pedidos: "pedidos@agropet.teste" },
        { token: adminToken },
      ),
    );
    expect(saved.data).toMatchObject({ ok: true });
    const placed = await order({ email: null });
    await drain();
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.envelopeTo).toEqual(["pedidos@agropet.teste"]);
    expect(message!.subject).toBe(`Novo pedido ${placed.pedido.numeroPedido}`);
    expect(message!.text).toContain("Maria Souza");
    expect(message!.text).toContain("(47) 99999-0000");
    expect(message!.text).toContain(`${ORIGIN}/admin/loja?view=pedidos`);
    expect(message!.text).toContain("CNPJ 12.345.678/0001-90");
    // The staff's copy has no customer link and no unsubscribe.
    expect(message!.text).not.toContain("token=");
    expect(header(message!, "list-unsubscribe")).toBe("");
  });
});

describe("status e-mails", () => {
  it("tell the customer each step of a delivery, a pick-up, a cancellation and a refund", async () => {
    const delivery = await order();
    await setPaymentStatus(delivery.pedido.id, "pago", actor);
    await setOrderStatus(delivery.pedido.id, "preparo", actor); // no e-mail for this step
    await setOrderStatus(delivery.pedido.id, "saiu_entrega", actor);
    await setOrderStatus(delivery.pedido.id, "entregue", actor);

    const { listActiveUnits } = await import("~/modules/shop/index.server");
    const [unit] = (await listActiveUnits()).filter((u) => u.retiradaAtiva);
    const pickUp = await order({
      modo: "retirada",
      unidadeId: unit!.id,
      formaPagamento: "balcao",
      janelaEntrega: null,
      endereco: null,
      numero: null,
      bairro: null,
    });
    await setOrderStatus(pickUp.pedido.id, "pronto_retirada", actor);
    await setOrderStatus(pickUp.pedido.id, "retirado", actor, {
      codigoRetirada: pickUp.pedido.codigoRetirada,
      pagamento: { metodo: "debito", valor: pickUp.pedido.total, recebido: null, motivo: null },
    });

    const cancelled = await order();
    await setOrderStatus(cancelled.pedido.id, "cancelado", actor, {
      motivo: "Produto em falta no fornecedor",
    });
    const refunded = await order();
    await setPaymentStatus(refunded.pedido.id, "pago", actor);
    await setPaymentStatus(refunded.pedido.id, "reembolsado", actor);

    await drain();
    const subjects = smtp.messages.map((m) => m.subject);
    const d = delivery.pedido.numeroPedido;
    const p = pickUp.pedido.numeroPedido;
    const c = cancelled.pedido.numeroPedido;
    const r = refunded.pedido.numeroPedido;
    expect(subjects.sort()).toEqual(
      [
        `Pedido ${d} recebido`,
        `Pagamento confirmado: pedido ${d}`,
        `Pedido ${d} saiu para entrega`,
        `Pedido ${d} entregue`,
        `Pedido ${p} recebido`,
        `Pedido ${p} pronto para retirada`,
        `Pedido ${p} retirado`,
        `Pedido ${c} recebido`,
        `Pedido ${c} cancelado`,
        `Pedido ${r} recebido`,
        `Pagamento confirmado: pedido ${r}`,
        `Pedido ${r} reembolsado`,
      ].sort(),
    );
    const text = (subject: string) => smtp.messages.find((m) => m.subject === subject)!.text!;
    const ready = text(`Pedido ${p} pronto para retirada`);
    expect(ready).toContain(unit!.nome);
    expect(ready).toContain(pickUp.pedido.codigoRetirada!);
    expect(text(`Pedido ${c} cancelado`)).toContain("Motivo: Produto em falta no fornecedor");
    for (const m of smtp.messages) {
      expect(linkFrom(m.text!)).toContain(m.subject!.match(/PED\w+/)![0]);
    }
  });

  it("a cancellation from the orders screen tells the customer the reason the staff typed; none typed, the shop's default", async () => {
    const cancel = (id: string, motivo?: string) =>
      call(
        ordersAction,
        formRequest(
          "/admin/loja/pedidos",
          {
            intent: "order-status",
            id,
            status: "cancelado",
            ...(motivo === undefined ? {} : { motivo }),
          },
          { token: adminToken },
        ),
      );
    const typed = await order();
    const tooLong = await cancel(typed.pedido.id, "x".repeat(301));
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.message).toBe("Use no máximo 300 caracteres");
    expect((await cancel(typed.pedido.id, "  Entrega impossível por chuva forte  ")).data.ok).toBe(
      true,
    );
    const blank = await order({ email: "joao@example.com" });
    expect((await cancel(blank.pedido.id, "")).data.ok).toBe(true);
    await drain();
    const text = (numero: string) =>
      smtp.messages.find((m) => m.subject === `Pedido ${numero} cancelado`)!.text!;
    expect(text(typed.pedido.numeroPedido)).toContain("Motivo: Entrega impossível por chuva forte");
    expect(text(blank.pedido.numeroPedido)).toContain(
      "Motivo: Cancelado pela loja. Se tiver dúvidas, fale com a gente.",
    );
  });

  it("stop with the one link of the e-mail, and only for that order", async () => {
    const placed = await order();
    const otherOrder = await order();
    await setPaymentStatus(placed.pedido.id, "pago", actor); // queued before the stop
    await drain();
    const message = smtp.messages.find(
      (m) => m.subject === `Pedido ${placed.pedido.numeroPedido} recebido`,
    )!;
    const link = new URL(/<([^>]+)>/.exec(header(message, "list-unsubscribe"))![1]!);
    expect(message.text).toContain(link.toString());
    const numero = placed.pedido.numeroPedido;

    // A wrong signature or another order's number finds nothing. The first character is
    // changed to one it is not (a fixed "x" was the signature itself one run in 64).
    const signature = link.searchParams.get("assinatura")!;
    const wrongSignature = `${signature[0] === "x" ? "y" : "x"}${signature.slice(1)}`;
    const wrong = await call(
      unsubscribeLoader,
      makeRequest(`${link.pathname}?assinatura=${wrongSignature}`),
      { numero },
    );
    expect(wrong.status).toBe(404);
    const elsewhere = await call(unsubscribeLoader, makeRequest(link.pathname + link.search), {
      numero: otherOrder.pedido.numeroPedido,
    });
    expect(elsewhere.status).toBe(404);

    // Opening the link changes nothing (scanners open links); the button does.
    const page = await call(unsubscribeLoader, makeRequest(link.pathname + link.search), {
      numero,
    });
    expect(page.data).toMatchObject({ numero, ativo: true });
    const stopped = await call(
      unsubscribeAction,
      formRequest(link.pathname + link.search, { "List-Unsubscribe": "One-Click" }),
      { numero },
    );
    expect(stopped.data).toMatchObject({ ativo: false, parado: true });

    smtp.messages.length = 0;
    await setOrderStatus(placed.pedido.id, "saiu_entrega", actor);
    await setOrderStatus(otherOrder.pedido.id, "saiu_entrega", actor);
    await drain();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      `Pedido ${otherOrder.pedido.numeroPedido} saiu para entrega`,
    ]);
  });

  it("queued before the stop is not sent after it", async () => {
    const placed = await order();
    await drain();
    await setOrderStatus(placed.pedido.id, "saiu_entrega", actor);
    const { pedidos } = await import("~/modules/orders/testing.server");
    await ctx.database.db
      .update(pedidos)
      .set({ emailsStatus: false })
      .where(eq(pedidos.id, placed.pedido.id));
    smtp.messages.length = 0;
    await drain();
    expect(smtp.messages).toHaveLength(0);
    const rows = await outbox();
    expect(rows.at(-1)).toMatchObject({ tipo: "pedido_saiu_entrega", status: "descartado" });
  });
});

describe("the outbox", () => {
  it("keeps a message while the SMTP server is down and delivers it later, exactly once", async () => {
    smtp.down = true;
    const placed = await order();
    const start = new Date();
    expect(await drain(start)).toBe(1);
    let [row] = await outbox();
    expect(row).toMatchObject({ status: "pendente", tentativas: 1 });
    expect(row!.erro).toBeTruthy();
    expect(row!.proximaTentativa.getTime() - start.getTime()).toBe(MAIL_RETRY_DELAYS_MS[0]);
    // Rendered once, kept for the retry and for the admin screen.
    expect(row!.assunto).toBe(`Pedido ${placed.pedido.numeroPedido} recebido`);

    // Still down at the first retry; up for the second.
    const first = new Date(start.getTime() + MAIL_RETRY_DELAYS_MS[0]!);
    expect(await drain(first)).toBe(1);
    smtp.down = false;
    const second = new Date(first.getTime() + MAIL_RETRY_DELAYS_MS[1]!);
    expect(await drain(new Date(second.getTime() - 1000))).toBe(0);
    expect(await drain(second)).toBe(1);
    expect(await drain(new Date(second.getTime() + 86_400_000))).toBe(0);

    [row] = await outbox();
    expect(row).toMatchObject({ status: "enviado", tentativas: 3, erro: null });
    expect(smtp.messages).toHaveLength(1);
  });

  it("sent again after a crash between the server's OK and our note of it, is the same message (one Message-ID)", async () => {
    await order();
    await order({ email: "joao@example.com" });
    expect(await drain()).toBe(2);
    const [first] = await outbox();
    // The worker died after the SMTP server accepted it: the row still says pending.
    await ctx.database.db
      .update(emails)
      .set({ status: "pendente", proximaTentativa: new Date(0), enviadoEm: null })
      .where(eq(emails.id, first!.id));
    expect(await drain()).toBe(1);
    expect(smtp.messages).toHaveLength(3);
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[0]).toBe(`<${first!.id}@localhost>`);
  });

  it("gives up after the last retry and says why", async () => {
    smtp.down = true;
    await order();
    let at = new Date();
    for (let attempt = 0; attempt <= MAIL_RETRY_DELAYS_MS.length; attempt++) {
      expect(await drain(at)).toBe(1);
      at = new Date(at.getTime() + (MAIL_RETRY_DELAYS_MS[attempt] ?? 0));
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "falhou", tentativas: MAIL_RETRY_DELAYS_MS.length + 1 });
    expect(smtp.messages).toHaveLength(0);
  });

  it("never sends a message twice when two workers race over the outbox", async () => {
    const item = await product({ nome: "Petisco", preco: 990, estoque: 50 });
    for (let i = 0; i < 8; i++) await order({ email: `cliente${i}@example.com` }, item);
    await Promise.all([drain(), drain(), drain()]);
    expect(smtp.messages).toHaveLength(8);
    const recipients = smtp.messages.flatMap((m) => m.envelopeTo);
    expect(new Set(recipients).size).toBe(8);
    expect((await outbox()).every((r) => r.status === "enviado")).toBe(true);
  });

  it("retries a message whose worker died after claiming it, once its claim lapses", async () => {
    await order();
    const now = new Date();
    // A worker claims the row, then dies (kill -9) before sending it.
    expect(await claimDueEmails(10, now)).toHaveLength(1);
    expect(await drain(now)).toBe(0);
    expect(await drain(new Date(now.getTime() + MAIL_CLAIM_LEASE_MS))).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it("never fails a checkout because the mail server is down", async () => {
    smtp.down = true;
    const item = await product({ nome: "Coleira", preco: 3000, estoque: 5 });
    const response = await call(
      checkoutAction,
      formRequest(
        "/loja/checkout",
        checkoutForm(`${item.id}:1`, { bairro: "Meia Praia", email: "ana@example.com" }),
      ),
    );
    expect(response.status).toBe(302);
    await drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ destinatario: "ana@example.com", status: "pendente" });
    expect(row!.origem).toBe("http://localhost");
  });
});

describe("links in e-mails without PUBLIC_URL (issue 39, decision 0057)", () => {
  /** A checkout posted to this server with `host` in its Host header. */
  async function checkoutAt(host: string, email: string) {
    const item = await product({ nome: "Coleira Host", preco: 3000, estoque: 5 });
    const request = new Request(`http://${host}/loja/checkout`, {
      method: "POST",
      body: new URLSearchParams(checkoutForm(`${item.id}:1`, { bairro: "Meia Praia", email })),
      headers: { "x-client-ip": "203.0.113.9", "user-agent": "vitest" },
    });
    expect((await call(checkoutAction, request)).status).toBe(302);
    await drain();
    const message = smtp.messages.find((m) => m.envelopeTo.includes(email));
    if (!message) throw new Error(`nenhum e-mail para ${email}`);
    return `${message.text}\n${message.html}`;
  }

  /** The admin opens the panel at `origin`. */
  async function adminOpensPanelAt(origin: string) {
    const url = `${origin}/admin/dashboard`;
    const cookie = sessionCookie(adminToken, new Request(url)).split(";")[0]!;
    const request = new Request(url, { headers: { cookie, "x-client-ip": "127.0.0.1" } });
    expect((await call(adminLayoutLoader, request)).status).toBe(200);
  }

  it("a forged Host header never reaches a link: the address the admins use, else this machine", async () => {
    await updateSettings(ctx.database.db, { enderecoSite: null });
    // No admin has opened the panel yet: the links are this server's own, never the forger's.
    const before = await checkoutAt("phishing.example", "vitima1@example.com");
    expect(before).not.toContain("phishing.example");
    expect(before).toMatch(/http:\/\/localhost:\d+\/loja\/pedido\//);

    // The admin opens the panel at the shop's real address: that is the site's address now.
    await adminOpensPanelAt("https://agropet.example");
    expect((await getSettings()).enderecoSite).toBe("https://agropet.example");
    const after = await checkoutAt("phishing.example", "vitima2@example.com");
    expect(after).not.toContain("phishing.example");
    expect(after).toContain("https://agropet.example/loja/pedido/");

    // A visit through a tunnel (localhost) never replaces the public address.
    await adminOpensPanelAt("http://localhost:3000");
    expect((await getSettings()).enderecoSite).toBe("https://agropet.example");
    const forgedLoopback = await checkoutAt("localhost:4000", "vitima3@example.com");
    expect(forgedLoopback).toContain("https://agropet.example/loja/pedido/");
  });
});

describe("without an SMTP server", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-mail-"));
  const previous = process.env.DATA_DIR;
  afterAll(() => {
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    resetEnvCache();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps each message as an .eml file and lists it in 'E-mails enviados'", async () => {
    smtp.use(false);
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    const placed = await order();
    await drain();
    expect(smtp.messages).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "arquivado", arquivo: `${row!.id}.eml` });
    const file = path.join(mailDir(), row!.arquivo!);
    expect(file.startsWith(dataDir)).toBe(true);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe(`Pedido ${placed.pedido.numeroPedido} recebido`);
    expect(parsed.text).toContain(placed.token);

    const list = await call(emailsLoader, makeRequest("/admin/emails", { token: adminToken }));
    expect(list.status).toBe(200);
    expect(list.data.smtp.smtpAtivo).toBe(false);
    expect(list.data.emails).toEqual([
      expect.objectContaining({
        id: row!.id,
        destinatario: "maria@example.com",
        assunto: `Pedido ${placed.pedido.numeroPedido} recebido`,
        tipo: "Confirmação do pedido",
        status: "arquivado",
        data: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      }),
    ]);
    const one = await call(
      emailLoader,
      makeRequest(`/admin/emails/${row!.id}`, { token: adminToken }),
      { id: row!.id },
    );
    expect(one.data.email.html).toContain(placed.pedido.numeroPedido);

    // Staff only.
    const anonymous = await call(emailsLoader, makeRequest("/admin/emails"));
    expect(anonymous.status).toBe(302);
  });
});
