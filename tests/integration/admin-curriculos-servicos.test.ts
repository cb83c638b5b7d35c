import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { IDLE_TIMEOUT_MS } from "~/modules/accounts/index.server";
import { attachmentHeader, fileSlug } from "~/modules/careers/index.server";
import { curriculos } from "~/modules/careers/testing.server";
import { pedidosServicos } from "~/modules/grooming/testing.server";
import { setClock } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { readToast } from "~/platform/toast.server";
import { loader as downloadLoader } from "~/routes/admin/curriculo-download";
import { action as resumeAction, loader as resumeLoader } from "~/routes/admin/curriculos";
import { action as groomingAction, loader as groomingLoader } from "~/routes/admin/servicos";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeAdmin, makeCustomer } from "../support/factories";
import { call } from "../support/routes";

withTestDatabase();
let token: string;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

beforeAll(async () => {
  ({ token } = await makeAdmin());
});

async function insertResume(nome: string, withFile = true) {
  const [row] = await db()
    .insert(curriculos)
    .values({ nomeCompleto: nome, email: "c@teste.com", telefone: "47999998888", vaga: "caixa" })
    .returning();
  if (withFile) {
    await storage().put("private", `curriculos/${row!.id}.pdf`, PDF);
    await db()
      .update(curriculos)
      .set({ curriculoUrl: `private:curriculos/${row!.id}.pdf` })
      .where(eq(curriculos.id, row!.id));
  }
  return row!;
}

describe("resumes", () => {
  it("builds ASCII file names and the RFC 5987 form", () => {
    expect(fileSlug("  Maria José da Conceição  ")).toBe("maria-jose-da-conceicao");
    expect(fileSlug("Ñ")).toBe("n");
    expect(fileSlug("😀")).toBe("candidato");
    expect(attachmentHeader("curriculo-joao.pdf", "curriculo-João.pdf")).toBe(
      `attachment; filename="curriculo-joao.pdf"; filename*=UTF-8''curriculo-Jo%C3%A3o.pdf`,
    );
  });

  it("serves the private PDF only to an admin session, with a proper file name", async () => {
    const resume = await insertResume("João Ávila Müller");
    const path = `/admin/curriculos/${resume.id}/download`;

    const ok = await call(downloadLoader, makeRequest(path, { token }), { id: resume.id });
    expect(ok.status).toBe(200);
    const headers = ok.response!.headers;
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-disposition")).toBe(
      `attachment; filename="curriculo-joao-avila-muller.pdf"; filename*=UTF-8''curriculo-jo%C3%A3o-%C3%A1vila-m%C3%BCller.pdf`,
    );
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await ok.response!.arrayBuffer())).toEqual(PDF);
    const [entry] = await auditEntries("resume_download");
    expect(entry).toMatchObject({ resourceId: resume.id, details: { security_event: true } });

    // No session: back to the login with 'Sessão expirada. Faça login novamente.'.
    const anonymous = await call(downloadLoader, makeRequest(path), { id: resume.id });
    expect(anonymous.status).toBe(302);
    expect(anonymous.response!.headers.get("location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fcurriculos",
    );
    const cookie = anonymous.response!.headers.get("set-cookie")!;
    const { toast } = await readToast(
      new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0]! } }),
    );
    expect(toast).toMatchObject({ type: "error", title: "Sessão expirada. Faça login novamente." });

    // An idle session is just as refused, on this very request.
    const { token: idleToken } = await makeAdmin();
    setClock(() => new Date(Date.now() + IDLE_TIMEOUT_MS + 60_000));
    try {
      const idle = await call(downloadLoader, makeRequest(path, { token: idleToken }), {
        id: resume.id,
      });
      expect(idle.status).toBe(302);
      expect(idle.response!.headers.get("location")).toMatch(/^\/admin\/login/);
    } finally {
      setClock(undefined);
    }

    // A non-admin user goes home.
    const { token: userToken } = await makeCustomer();
    const user = await call(downloadLoader, makeRequest(path, { token: userToken }), {
      id: resume.id,
    });
    expect(user.response!.headers.get("location")).toBe("/");

    const missing = await insertResume("Sem Arquivo", false);
    const none = await call(
      downloadLoader,
      makeRequest(`/admin/curriculos/${missing.id}/download`, { token }),
      { id: missing.id },
    );
    expect(none.status).toBe(404);
    expect(await none.response!.text()).toContain("Erro ao baixar currículo");
    // Opened as a page (a new tab): back to the list with the error toast, not a bare 404.
    const page = await call(
      downloadLoader,
      makeRequest(`/admin/curriculos/${missing.id}/download`, {
        token,
        headers: { "sec-fetch-mode": "navigate" },
      }),
      { id: missing.id },
    );
    expect(page.status).toBe(302);
    expect(page.response!.headers.get("location")).toBe("/admin/curriculos");
    const { toast: pageToast } = await readToast(
      new Request("http://localhost/", {
        headers: { cookie: page.response!.headers.get("set-cookie")!.split(";")[0]! },
      }),
    );
    expect(pageToast).toMatchObject({ type: "error", title: "Erro ao baixar currículo" });
  });

  it("counts by status, lists newest first and changes the status, audited", async () => {
    const older = await insertResume("Ana Antiga", false);
    const newer = await insertResume("Bruno Novo", false);
    const changed = await call(
      resumeAction,
      formRequest("/admin/curriculos", { id: older.id, status: "respondido" }, { token }),
    );
    expect(changed.data).toMatchObject({ ok: true, message: "Status atualizado" });
    const { data } = await call(resumeLoader, makeRequest("/admin/curriculos", { token }));
    const names = data.resumes.map((r: { nomeCompleto: string }) => r.nomeCompleto);
    expect(names.indexOf("Bruno Novo")).toBeLessThan(names.indexOf("Ana Antiga"));
    expect(data.counts.respondido).toBe(1);
    expect(data.counts.total).toBe(data.resumes.length);
    expect(data.resumes[0]).not.toHaveProperty("curriculoUrl");
    expect(newer.status).toBe("novo");
    const bad = await call(
      resumeAction,
      formRequest("/admin/curriculos", { id: older.id, status: "lido" }, { token }),
    );
    expect(bad.data.message).toBe("Erro ao atualizar status");
    expect(await auditEntries("resume_status_update")).toHaveLength(1);
    const anonymous = await call(
      resumeAction,
      formRequest("/admin/curriculos", { id: older.id, status: "visto" }),
    );
    expect(anonymous.status).toBe(302);
  });
});

describe("grooming orders", () => {
  it("filters by status and changes it with the toast texts, audited", async () => {
    const [a] = await db()
      .insert(pedidosServicos)
      .values({
        numeroPedido: "SRV000001",
        tipoServico: "plano_banho",
        nomeTutor: "Carla",
        whatsapp: "47999990000",
        nomePet: "Thor",
        racaPorte: "Labrador, grande",
        fotos: ["/uploads/pets/a.webp"],
      })
      .returning();
    await db().insert(pedidosServicos).values({
      numeroPedido: "SRV000002",
      tipoServico: "banho_tosa",
      nomeTutor: "Davi",
      whatsapp: "47999990001",
      nomePet: "Mel",
      racaPorte: "Poodle",
      status: "confirmado",
    });

    const all = await call(groomingLoader, makeRequest("/admin/servicos", { token }));
    expect(all.data.orders.map((o: { numeroPedido: string }) => o.numeroPedido)).toEqual([
      "SRV000002",
      "SRV000001",
    ]);
    const confirmed = await call(
      groomingLoader,
      makeRequest("/admin/servicos?status=confirmado", { token }),
    );
    expect(confirmed.data.orders.map((o: { numeroPedido: string }) => o.numeroPedido)).toEqual([
      "SRV000002",
    ]);
    const none = await call(
      groomingLoader,
      makeRequest("/admin/servicos?status=concluido", { token }),
    );
    expect(none.data.orders).toEqual([]);

    const result = await call(
      groomingAction,
      formRequest("/admin/servicos", { id: a!.id, status: "orcamento_enviado" }, { token }),
    );
    expect(result.data).toMatchObject({
      ok: true,
      message: "Status atualizado",
      description: "Status do pedido foi atualizado com sucesso.",
    });
    const [row] = await db().select().from(pedidosServicos).where(eq(pedidosServicos.id, a!.id));
    expect(row!.status).toBe("orcamento_enviado");
    const [entry] = await auditEntries("grooming_status_update");
    expect(entry!.details).toMatchObject({ de: "aguardando_orcamento", para: "orcamento_enviado" });

    const bad = await call(
      groomingAction,
      formRequest("/admin/servicos", { id: a!.id, status: "pronto" }, { token }),
    );
    expect(bad.data.message).toBe("Erro ao atualizar status");
    const anonymous = await call(
      groomingAction,
      formRequest("/admin/servicos", { id: a!.id, status: "concluido" }),
    );
    expect(anonymous.status).toBe(302);
  });
});

describe("long lists", () => {
  /** `count` rows made by `row(i)`, a minute apart from 2025-01-01, oldest first. */
  function minuteApart<T>(count: number, row: (i: number) => T) {
    const start = Date.UTC(2025, 0, 1);
    return Array.from({ length: count }, (_, i) => ({
      ...row(i),
      createdAt: new Date(start + i * 60_000),
    }));
  }

  /** Walks '?pagina=1, 2, ...' as the 'Próxima' link does, until the last page. */
  async function walk(
    // biome-ignore lint/suspicious/noExplicitAny: route loaders have generated arg types
    loader: (args: any) => unknown,
    path: string,
    key: "orders" | "resumes",
  ) {
    const seen: string[] = [];
    const totals: number[] = [];
    for (let page = 1; page < 100; page++) {
      const sep = path.includes("?") ? "&" : "?";
      const { data } = await call(loader, makeRequest(`${path}${sep}pagina=${page}`, { token }));
      expect(data.page).toBe(page);
      seen.push(...data[key].map((r: { id: string }) => r.id));
      totals.push(data.total ?? data.counts.total);
      if (page * data.pageSize >= (data.total ?? data.counts.total)) break;
    }
    return { seen, totals };
  }

  it("pages through every resume, newest first, as many as the counters count", async () => {
    const applications = minuteApart(505, (i) => ({
      nomeCompleto: `Candidato ${i}`,
      email: `c${i}@teste.com`,
      telefone: "47999998888",
      vaga: "caixa" as const,
      status: i % 5 === 0 ? ("arquivado" as const) : ("novo" as const),
    }));
    await db().delete(curriculos);
    const rows = await db()
      .insert(curriculos)
      .values(applications)
      .returning({ id: curriculos.id });
    const { data: first } = await call(resumeLoader, makeRequest("/admin/curriculos", { token }));
    expect(first.counts).toMatchObject({ total: 505, arquivado: 101, novo: 404 });
    expect(first.resumes).toHaveLength(first.pageSize);

    const { seen, totals } = await walk(resumeLoader, "/admin/curriculos", "resumes");
    // Every application is reached once, the oldest ones included, newest first.
    expect(seen).toEqual(rows.map((r) => r.id).reverse());
    expect(new Set(totals)).toEqual(new Set([505]));

    // A page past the end shows the last page.
    const { data: past } = await call(
      resumeLoader,
      makeRequest("/admin/curriculos?pagina=999", { token }),
    );
    expect(past.page).toBe(Math.ceil(505 / past.pageSize));
    expect(past.resumes.at(-1).id).toBe(rows[0]!.id);
  });

  it("pages through every grooming order, keeping the status filter and its count", async () => {
    const orders = minuteApart(230, (i) => ({
      numeroPedido: `SRV9${String(i).padStart(5, "0")}`,
      tipoServico: "banho_tosa" as const,
      nomeTutor: `Tutor ${i}`,
      whatsapp: "47999990000",
      nomePet: `Pet ${i}`,
      racaPorte: "SRD, médio",
      status: i % 4 === 0 ? ("confirmado" as const) : ("aguardando_orcamento" as const),
    }));
    await db().delete(pedidosServicos);
    const rows = await db()
      .insert(pedidosServicos)
      .values(orders)
      .returning({ id: pedidosServicos.id, status: pedidosServicos.status });

    const all = await walk(groomingLoader, "/admin/servicos", "orders");
    expect(all.seen).toEqual(rows.map((r) => r.id).reverse());
    expect(new Set(all.totals)).toEqual(new Set([230]));

    const confirmed = rows.filter((r) => r.status === "confirmado");
    const filtered = await walk(groomingLoader, "/admin/servicos?status=confirmado", "orders");
    expect(filtered.seen).toEqual(confirmed.map((r) => r.id).reverse());
    expect(new Set(filtered.totals)).toEqual(new Set([confirmed.length]));
    const { data } = await call(
      groomingLoader,
      makeRequest("/admin/servicos?status=confirmado&pagina=2", { token }),
    );
    expect(data).toMatchObject({ status: "confirmado", page: 2, total: confirmed.length });
  });
});
