import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { QUOTE_MESSAGES } from "~/modules/grooming";
import {
  createGroomingRequest,
  groomingWebhookPayload,
  type PedidoServico,
} from "~/modules/grooming/index.server";
import { pedidosServicos } from "~/modules/grooming/testing.server";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { keyFromPublicUrl, storage } from "~/platform/storage.server";
import { action } from "~/routes/public/servicos";
import { action as sendAction } from "~/routes/public/servicos-enviar";
import { truncateAll, withTestDatabase } from "../setup/db";
import { pngBomb } from "../setup/images";
import { makeRequest } from "../setup/requests";
import { GROOMING_QUOTE } from "../support/fixtures";
import { type CallResult, call, responseOf } from "../support/routes";

const ctx = withTestDatabase();

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

async function photo(width = 64, height = 48) {
  // A JPEG carrying EXIF with a GPS position, as phone photos do.
  return sharp({ create: { width, height, channels: 3, background: "#c96" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Telefone" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "27/1 5/1 0/1" },
    })
    .toBuffer();
}

const fields = GROOMING_QUOTE;
/** The optional fields left out (no pick-up, no date, no notes), as createGroomingRequest takes them. */
const NO_OPTIONALS = {
  leva_traz: false,
  endereco: null,
  bairro: null,
  referencia: null,
  data_desejada: null,
  horario_desejado: null,
  observacoes: null,
};

function quoteRequest(
  files: { name: string; type: string; data: Uint8Array }[],
  extra: Record<string, string> = {},
  ip = "10.0.0.1",
  path = "/servicos",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...extra })) form.append(k, v);
  for (const f of files)
    form.append("fotos", new File([Buffer.from(f.data)], f.name, { type: f.type }));
  return makeRequest(path, { method: "POST", body: form, ip });
}

const callAction = (request: Request) => call(action, request);

/** One phone photo, as most quotes send. */
const onePhoto = async () => [{ name: "a.jpg", type: "image/jpeg", data: await photo() }];

function uploadedFiles(): string[] {
  const dir = path.join(ctx.uploadsDir, "public", "pet-fotos");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function counts() {
  return {
    pedidos: (await ctx.database.db.select().from(pedidosServicos)).length,
    webhooks: (await ctx.database.db.select().from(webhookEntregas)).length,
    files: uploadedFiles().length,
  };
}

/** A quote with one photo and these fields, answered 400: the answer's data. */
async function refusedQuote(extra: Record<string, string>) {
  const { data, status } = await callAction(quoteRequest(await onePhoto(), extra));
  expect(status).toBe(400);
  return data;
}

/** A refused quote leaves no request, no webhook and no photo behind. */
async function expectNothingStored() {
  expect(await counts()).toEqual({ pedidos: 0, webhooks: 0, files: 0 });
}

beforeEach(async () => {
  await truncateAll(ctx.database);
  fs.rmSync(path.join(ctx.uploadsDir, "public"), { recursive: true, force: true });
  await updateSettings(ctx.database.db, {
    webhookUrl: "https://hooks.example/geral",
    webhookServicos: "https://hooks.example/servicos",
    webhookAtivo: true,
  });
});

describe("grooming quote", () => {
  it("stores a quote with 3 photos: re-encoded files, the row and its outbox entry", async () => {
    const jpeg = await photo();
    const { data: body, status } = await callAction(
      quoteRequest([
        { name: "a.jpg", type: "image/jpeg", data: jpeg },
        { name: "b.jpg", type: "image/jpeg", data: jpeg },
        { name: "c.png", type: "image/png", data: await sharp(jpeg).png().toBuffer() },
      ]),
    );
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    const [row] = await ctx.database.db.select().from(pedidosServicos);
    expect(row).toMatchObject({
      numeroPedido: body.numero,
      status: "aguardando_orcamento",
      tipoServico: "plano_banho",
      nomeTutor: "Ana Souza",
      levaTraz: true,
      bairro: "Meia Praia",
      dataDesejada: "2026-12-10",
    });
    expect(row!.numeroPedido).toMatch(/^SRV\d{6}$/);
    expect(row!.fotos).toHaveLength(3);
    for (const url of row!.fotos) {
      expect(url).toMatch(/^\/uploads\/pet-fotos\/[\w-]+-\d\.webp$/);
      const bytes = await storage().read("public", keyFromPublicUrl(url)!);
      const meta = await sharp(bytes!).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
    const [hook] = await ctx.database.db.select().from(webhookEntregas);
    expect(hook).toMatchObject({
      tipo: "servico",
      url: "https://hooks.example/servicos",
      resourceType: "pedido_servico",
      resourceId: row!.id,
    });
    // Every field of the quote as sent (GROOMING_QUOTE), the switch as a boolean.
    expect(hook!.payload).toEqual({
      ...GROOMING_QUOTE,
      tipo: "servico",
      numero_pedido: row!.numeroPedido,
      servico_nome: "Plano de Banho",
      leva_traz: true,
      fotos: row!.fotos,
      timestamp: row!.createdAt.toISOString(),
    });
  });

  it("caps the long side at 2000 px", async () => {
    const big = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: "#123" },
    })
      .jpeg()
      .toBuffer();
    const row = await createGroomingRequest(
      {
        ...fields,
        tipo_servico: "banho_tosa",
        ...NO_OPTIONALS,
      },
      [big],
    );
    const bytes = await storage().read("public", keyFromPublicUrl(row.fotos[0]!)!);
    const meta = await sharp(bytes!).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2000);
  });

  it("sends to webhook_url when no grooming webhook is set, and queues nothing when off", async () => {
    await updateSettings(ctx.database.db, { webhookServicos: null });
    await callAction(quoteRequest(await onePhoto()));
    const hooks = await ctx.database.db.select().from(webhookEntregas);
    expect(hooks.map((h) => h.url)).toEqual(["https://hooks.example/geral"]);

    // The order switch no longer silences grooming requests (issue 13, point 10)...
    await updateSettings(ctx.database.db, { webhookAtivo: false });
    await callAction(quoteRequest(await onePhoto(), {}, "10.0.0.3"));
    expect(await ctx.database.db.select().from(webhookEntregas)).toHaveLength(2);
    // ...their own switch does.
    await updateSettings(ctx.database.db, { webhookServicosAtivo: false });
    const { data: body } = await callAction(quoteRequest(await onePhoto(), {}, "10.0.0.2"));
    expect(body.ok).toBe(true);
    expect(await ctx.database.db.select().from(webhookEntregas)).toHaveLength(2);
  });

  it("refuses a 4th photo, a 10.5 MB photo, a PDF named .jpg and no photo, leaving nothing behind", async () => {
    const jpeg = await photo();
    const four = [1, 2, 3, 4].map((i) => ({ name: `${i}.jpg`, type: "image/jpeg", data: jpeg }));
    let answer = await callAction(quoteRequest(four));
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toEqual({
      title: "Limite de fotos excedido",
      description: "Você pode enviar no máximo 3 fotos do pet.",
    });

    const huge = new Uint8Array(Math.round(10.5 * 1024 * 1024));
    huge.set(jpeg, 0);
    answer = await callAction(
      quoteRequest([{ name: "grande.jpg", type: "image/jpeg", data: huge }]),
    );
    expect(answer.data.toast).toEqual({
      title: "Arquivo muito grande",
      description: "Cada foto deve ter no máximo 10MB.",
    });

    answer = await callAction(
      quoteRequest([
        { name: "ok.jpg", type: "image/jpeg", data: jpeg },
        { name: "foto.jpg", type: "image/jpeg", data: PDF },
      ]),
    );
    expect(answer.data.toast).toEqual({
      title: "Formato inválido",
      description: "Envie apenas arquivos de imagem (JPG, PNG, etc).",
    });

    answer = await callAction(
      quoteRequest([{ name: "", type: "application/octet-stream", data: new Uint8Array() }]),
    );
    expect(answer.data.toast).toEqual({
      title: "Fotos obrigatórias",
      description: "É necessário enviar pelo menos 1 foto do pet para o orçamento.",
    });

    await expectNothingStored();
  });

  it("refuses a decompression bomb (a small PNG claiming 144 megapixels) without decoding it", async () => {
    // 12000x12000 would need ~576 MB once decoded. It is under sharp's own default limit
    // (268 MP), so only our limit refuses it, by the header.
    const png = await pngBomb(12_000);
    expect((await sharp(png).metadata()).width).toBe(12_000);
    const answer = await callAction(
      quoteRequest([{ name: "bomba.png", type: "image/png", data: png }]),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.toast).toEqual({
      title: "Imagem grande demais",
      description: "Cada foto deve ter no máximo 60 megapixels.",
    });
    await expectNothingStored();
  });

  it("keeps the typed data and names the fields on a validation failure", async () => {
    const body = await refusedQuote({ nome_pet: "", whatsapp: "12" });
    expect(body.fields).toMatchObject({
      nome_pet: expect.any(String),
      whatsapp: expect.any(String),
    });
    expect((body.values as Record<string, string>).nome_tutor).toBe("Ana Souza");
    await expectNothingStored();
  });

  it("refuses pick-up and drop-off without endereço and bairro (issue 13, point 5)", async () => {
    const body = await refusedQuote({ leva_traz: "on", endereco: "", bairro: "" });
    expect(body.fields).toMatchObject({
      endereco: "Informe o endereço para buscarmos o pet",
      bairro: "Informe o bairro",
    });
    await expectNothingStored();
  });

  it("removes the stored photos when the database write fails", async () => {
    // A check constraint makes the insert fail after the photos were stored.
    await expect(
      createGroomingRequest(
        {
          ...fields,
          tipo_servico: "tosa_na_lua" as never,
          ...NO_OPTIONALS,
        },
        [await photo()],
      ),
    ).rejects.toMatchObject({ toast: { title: "Erro ao enviar solicitação" } });
    await expectNothingStored();
  });

  it("retries the number when it is taken", async () => {
    const base = {
      ...fields,
      tipo_servico: "banho_fitoterapico" as const,
      ...NO_OPTIONALS,
    };
    const now = () => 1_700_000_123_456;
    const first = await createGroomingRequest(base, [await photo()], { now });
    const second = await createGroomingRequest(base, [await photo()], { now });
    expect(first.numeroPedido).toBe("SRV123456");
    expect(second.numeroPedido).toMatch(/^SRV\d{6}$/);
    expect(second.numeroPedido).not.toBe(first.numeroPedido);
  });

  it("gives absolute photo URLs in the payload when the public URL is known", async () => {
    const payload = groomingWebhookPayload(
      {
        ...({} as PedidoServico),
        fotos: ["/uploads/pet-fotos/x-1.webp"],
        tipoServico: "banho_tosa",
        createdAt: new Date(0),
      },
      "https://loja.example",
    );
    expect(payload.fotos).toEqual(["https://loja.example/uploads/pet-fotos/x-1.webp"]);
    expect(payload.servico_nome).toBe("Banho + Tosa Higiênica");
  });

  it("limits quotes per IP with a clear message", async () => {
    const ip = "10.9.9.9";
    let last: CallResult | undefined;
    for (let i = 0; i < 9; i++) last = await callAction(quoteRequest([], { nome_pet: "" }, ip));
    expect(last!.status).toBe(429);
    expect(last!.data.toast).toMatchObject({ title: "Muitas solicitações" });
    // Another visitor is not affected.
    const other = await callAction(quoteRequest(await onePhoto(), {}, "10.9.9.10"));
    expect(other.data.ok).toBe(true);
  });

  describe("/servicos/enviar (the dialog's script, JSON)", () => {
    async function send(request: Request) {
      const response = await responseOf(sendAction, request);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    it("stores the quote with its photo and answers the order number", async () => {
      const { status, body } = await send(
        quoteRequest(await onePhoto(), {}, "10.7.7.1", "/servicos/enviar"),
      );
      expect(status).toBe(200);
      expect(body).toEqual({ ok: true, numero: expect.stringMatching(/^SRV\d{6}$/) });
      const [row] = await ctx.database.db.select().from(pedidosServicos);
      expect(row).toMatchObject({ numeroPedido: body.numero, nomePet: "Thor" });
      expect(row!.fotos).toHaveLength(1);
      expect(await counts()).toEqual({ pedidos: 1, webhooks: 1, files: 1 });
    });

    it("answers the schema's pt-BR messages per field, and a photo the server refuses", async () => {
      const invalid = await send(
        quoteRequest(
          await onePhoto(),
          { nome_pet: " ", whatsapp: "47 9999", leva_traz: "on", endereco: "", bairro: "" },
          "10.7.7.2",
          "/servicos/enviar",
        ),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        ok: false,
        toast: QUOTE_MESSAGES.failure,
        fields: {
          whatsapp: "Informe seu WhatsApp com DDD",
          nome_pet: "Informe o nome do pet",
          endereco: "Informe o endereço para buscarmos o pet",
          bairro: "Informe o bairro",
        },
      });
      // A PDF named and typed as a photo: the bytes decide.
      const pdf = await send(
        quoteRequest(
          [{ name: "foto.jpg", type: "image/jpeg", data: PDF }],
          {},
          "10.7.7.2",
          "/servicos/enviar",
        ),
      );
      expect(pdf.status).toBe(400);
      expect(pdf.body).toMatchObject({ ok: false, toast: QUOTE_MESSAGES.wrongType });
      await expectNothingStored();
    });

    it("shares the page's rate limit per IP", async () => {
      const ip = "10.7.7.3";
      // Half through the page without JavaScript, half through the dialog: one counter.
      for (let i = 0; i < 4; i++) await callAction(quoteRequest([], { nome_pet: "" }, ip));
      for (let i = 0; i < 4; i++)
        await send(quoteRequest([], { nome_pet: "" }, ip, "/servicos/enviar"));
      const last = await send(quoteRequest(await onePhoto(), {}, ip, "/servicos/enviar"));
      expect(last.status).toBe(429);
      expect(last.body).toMatchObject({ ok: false, toast: QUOTE_MESSAGES.rateLimited });
      await expectNothingStored();
    });
  });
});
