import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { curriculos } from "~/modules/careers/testing.server";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import {
  localDiskDriver,
  type StorageDriver,
  setStorage,
  storage,
} from "~/platform/storage.server";
import { action } from "~/routes/public/trabalhe-conosco";
import { action as sendAction } from "~/routes/public/trabalhe-conosco-enviar";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { ONE_PAGE_PDF } from "../support/pdf";
import { type CallResult, call, responseOf } from "../support/routes";

const ctx = withTestDatabase();

const PDF = ONE_PAGE_PDF;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const fields = {
  nomeCompleto: "Maria Oliveira",
  email: "Maria@Example.com",
  telefone: "(47) 99999-2222",
  vaga: "banho-tosa",
  mensagem: "Tenho 3 anos de experiência com tosa.",
};

function resumeRequest(
  file: { name: string; type: string; data: Uint8Array } | null,
  extra: Record<string, string> = {},
  ip = "10.1.0.1",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...extra })) form.append(k, v);
  if (file)
    form.append("curriculo", new File([Buffer.from(file.data)], file.name, { type: file.type }));
  return makeRequest("/trabalhe-conosco", { method: "POST", body: form, ip });
}

const callAction = (request: Request) => call(action, request);

/** Runs `fn` while the database refuses resumes that break `check` (a real constraint). */
async function whileRefusing(name: string, check: string, fn: () => Promise<void>) {
  await ctx.database.db.execute(
    sql.raw(`alter table curriculos add constraint ${name} check (${check})`),
  );
  try {
    await fn();
  } finally {
    await ctx.database.db.execute(sql.raw(`alter table curriculos drop constraint ${name}`));
  }
}

/** A resume from `nomeCompleto` is answered 400 'Erro ao salvar dados'. */
async function expectSaveError(nomeCompleto: string) {
  const { data: body, status } = await callAction(
    resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PDF }, { nomeCompleto }),
  );
  expect(status).toBe(400);
  expect(body.message).toBe("Erro ao salvar dados. Tente novamente.");
}

beforeEach(async () => {
  await truncateAll(ctx.database);
  setStorage(localDiskDriver(ctx.uploadsDir));
  await updateSettings(ctx.database.db, {
    webhookUrl: "https://hooks.example/geral",
    webhookCurriculos: "https://hooks.example/curriculos",
  });
});

describe("resume submission", () => {
  it("inserts, stores the PDF privately as curriculos/{id}.pdf and queues the webhook", async () => {
    const { data: body, status } = await callAction(
      resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PDF }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    const [row] = await ctx.database.db.select().from(curriculos);
    expect(row).toMatchObject({
      nomeCompleto: "Maria Oliveira",
      email: "maria@example.com",
      vaga: "banho-tosa",
      status: "novo",
      curriculoUrl: `private:curriculos/${row!.id}.pdf`,
    });
    // Stored in the private area only: nothing under the public uploads.
    expect(await storage().read("private", `curriculos/${row!.id}.pdf`)).toEqual(PDF);
    expect(await storage().read("public", `curriculos/${row!.id}.pdf`)).toBeNull();

    const [hook] = await ctx.database.db.select().from(webhookEntregas);
    expect(hook).toMatchObject({ tipo: "curriculo", url: "https://hooks.example/curriculos" });
    expect(hook!.payload).toEqual({
      tipo: "curriculo",
      nomeCompleto: "Maria Oliveira",
      email: "maria@example.com",
      telefone: "(47) 99999-2222",
      vaga: "banho-tosa",
      mensagem: "Tenho 3 anos de experiência com tosa.",
      curriculo_url: `private:curriculos/${row!.id}.pdf`,
      timestamp: row!.createdAt.toISOString(),
    });
  });

  it("falls back on webhook_url and stores mensagem as '' when empty", async () => {
    await updateSettings(ctx.database.db, { webhookCurriculos: "" });
    await callAction(
      resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PDF }, { mensagem: "" }),
    );
    const [row] = await ctx.database.db.select().from(curriculos);
    expect(row!.mensagem).toBe("");
    const hooks = await ctx.database.db.select().from(webhookEntregas);
    expect(hooks.map((h) => h.url)).toEqual(["https://hooks.example/geral"]);
  });

  it("refuses a non-PDF, even named .pdf with the PDF type", async () => {
    let answer = await callAction(
      resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PNG }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.fields).toEqual({ curriculo: "Apenas arquivos PDF são aceitos" });
    answer = await callAction(
      resumeRequest({ name: "cv.docx", type: "application/msword", data: PDF }),
    );
    expect(answer.data.fields).toEqual({ curriculo: "Apenas arquivos PDF são aceitos" });
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(0);
  });

  it("refuses a PDF header followed by HTML, or a PDF without pages, as a file that does not open", async () => {
    const unreadable =
      "Não foi possível abrir o PDF: o arquivo está corrompido ou não é um PDF de verdade.";
    const html = Buffer.from(
      "%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n",
    );
    const noPages = Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    );
    const stored = await storage().list("private");
    const rows = (await ctx.database.db.select().from(curriculos)).length;
    for (const data of [html, noPages]) {
      const answer = await callAction(
        resumeRequest({ name: "cv.pdf", type: "application/pdf", data }),
      );
      expect(answer.status).toBe(400);
      expect(answer.data.fields).toEqual({ curriculo: unreadable });
    }
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(rows);
    expect(await storage().list("private")).toEqual(stored);
  });

  it("shows the spec's messages under each field", async () => {
    const { data: body } = await callAction(
      resumeRequest(null, { nomeCompleto: "M", email: "x", telefone: "123", vaga: "" }),
    );
    expect(body.fields).toEqual({
      nomeCompleto: "Nome deve ter pelo menos 2 caracteres",
      email: "E-mail inválido",
      telefone: "Telefone deve ter pelo menos 10 dígitos",
      vaga: "Selecione uma vaga de interesse",
      curriculo: "Apenas arquivos PDF são aceitos",
    });
    expect((body.values as Record<string, string>).email).toBe("x");
  });

  it("leaves no curriculos row (and no webhook) when the file cannot be stored", async () => {
    const disk = localDiskDriver(ctx.uploadsDir);
    const failing: StorageDriver = {
      ...disk,
      async put() {
        throw new Error("disco cheio");
      },
    };
    setStorage(failing);
    const { data: body, status } = await callAction(
      resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PDF }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe("Erro ao fazer upload do arquivo. Tente novamente.");
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(0);
    expect(await ctx.database.db.select().from(webhookEntregas)).toHaveLength(0);
  });

  it("says 'Erro ao salvar dados' when the record cannot be saved, keeping no file", async () => {
    const filesBefore = await storage().list("private");
    // A real refusal by the database: a check constraint the insert breaks.
    await whileRefusing("teste_recusa_insert", "nome_completo <> 'Recusa Insert'", () =>
      expectSaveError("Recusa Insert"),
    );
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(0);
    expect(await storage().list("private")).toEqual(filesBefore);
  });

  it("deletes the stored file when the record fails after it, with 'Erro ao salvar dados'", async () => {
    const filesBefore = await storage().list("private");
    // The insert passes; setting curriculo_url once the PDF is stored is refused.
    const put = storage().put.bind(storage());
    const stored: string[] = [];
    setStorage({
      ...localDiskDriver(ctx.uploadsDir),
      async put(area, key, data) {
        await put(area, key, data);
        stored.push(key);
      },
    });
    await whileRefusing(
      "teste_recusa_arquivo",
      "curriculo_url = '' or nome_completo <> 'Recusa Arquivo'",
      () => expectSaveError("Recusa Arquivo"),
    );
    // The file was written, then removed: nothing orphaned, no row, no webhook.
    expect(stored).toHaveLength(1);
    expect(await storage().read("private", stored[0]!)).toBeNull();
    expect(await storage().list("private")).toEqual(filesBefore);
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(0);
    expect(await ctx.database.db.select().from(webhookEntregas)).toHaveLength(0);
  });

  it("limits resumes per IP: 6 applications an hour, and 30 tries of any kind", async () => {
    const pdf = { name: "cv.pdf", type: "application/pdf", data: PDF };
    let last: CallResult | undefined;
    for (let i = 0; i < 7; i++) last = await callAction(resumeRequest(pdf, {}, "10.7.7.7"));
    expect(last!.status).toBe(429);
    expect(last!.data.message).toMatch(/muitos currículos/);
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(6);

    // Mistakes being fixed do not use up the applications; a script trying forever stops.
    for (let i = 0; i < 30; i++) {
      last = await callAction(resumeRequest(null, {}, "10.8.8.8"));
      expect(last.status).toBe(400);
    }
    last = await callAction(resumeRequest(pdf, {}, "10.8.8.8"));
    expect(last.status).toBe(429);
  });

  it("answers the page's script with JSON: field errors, then success", async () => {
    const refused = await responseOf(sendAction, resumeRequest(null, { nomeCompleto: "M" }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toMatchObject({
      ok: false,
      fields: {
        nomeCompleto: "Nome deve ter pelo menos 2 caracteres",
        curriculo: "Apenas arquivos PDF são aceitos",
      },
    });
    const sent = await responseOf(
      sendAction,
      resumeRequest({ name: "cv.pdf", type: "application/pdf", data: PDF }),
    );
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true });
    expect(await ctx.database.db.select().from(curriculos)).toHaveLength(1);
  });
});
