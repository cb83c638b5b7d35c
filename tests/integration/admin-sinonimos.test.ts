// /admin/loja/sinonimos: the search's synonym groups listed, added, edited and deleted
// through the page's action (audited), the refusals in pt-BR (nothing written), and the
// store's search following the change at once.
import { beforeAll, describe, expect, it } from "vitest";
import { listStoreProducts } from "~/modules/catalog/index.server";
import { action, loader } from "~/routes/admin/loja/sinonimos";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeCustomer } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
let token: string;

beforeAll(async () => {
  ({ token } = await seededShopWithAdmin(ctx.database));
});

const post = (fields: Record<string, string>, as = token) =>
  call(action, formRequest("/admin/loja/sinonimos", fields, { token: as }));

async function groups(): Promise<{ id: string; termos: string[] }[]> {
  const { status, data } = await call(loader, makeRequest("/admin/loja/sinonimos", { token }));
  expect(status).toBe(200);
  return data.groups;
}

async function groupWith(term: string) {
  return (await groups()).find((g) => g.termos.includes(term));
}

describe("admin synonyms", () => {
  it("lists the seeded groups", async () => {
    const list = await groups();
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(await groupWith("pulgas")).toMatchObject({
      termos: ["antipulga", "antipulgas", "pulga", "pulgas"],
    });
  });

  it("refuses a visitor and a signed-in non-admin", async () => {
    const visitor = await call(action, formRequest("/admin/loja/sinonimos", { intent: "x" }));
    expect(visitor.response?.headers.get("location")).toMatch(/^\/admin\/login/);
    const { token: customer } = await makeCustomer();
    const refused = await post({ intent: "synonyms-create", termos: "a1, b1" }, customer);
    expect(refused.status).not.toBe(200);
    expect(await groupWith("a1")).toBeUndefined();
  });

  it("adds a group, normalised, audited, and the store's search follows", async () => {
    expect((await listStoreProducts({ q: "vasilha" })).total).toBe(0);
    const created = await post({
      intent: "synonyms-create",
      termos: "Comedouro, Vasilha\nTigela, comedouro",
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ ok: true, message: "Grupo de sinônimos criado" });
    const group = await groupWith("vasilha");
    expect(group?.termos).toEqual(["comedouro", "vasilha", "tigela"]);
    const [entry] = await auditEntries("synonyms_create");
    expect(entry).toMatchObject({ resourceType: "sinonimos", resourceId: group!.id });
    expect(entry!.details).toMatchObject({ termos: ["comedouro", "vasilha", "tigela"] });
    // "vasilha" now finds what says "comedouro" (the demo's Gaiola has "comedouros").
    const found = await listStoreProducts({ q: "vasilha" });
    expect(found.produtos.map((p) => p.nome)).toContain("Gaiola para Calopsita Pintada nº 3");
  });

  it("edits a group, audited with what it was", async () => {
    const group = (await groupWith("vasilha"))!;
    const edited = await post({
      intent: "synonyms-update",
      id: group.id,
      termos: "comedouro, vasilha, pote",
    });
    expect(edited.data).toMatchObject({ ok: true, message: "Grupo de sinônimos atualizado" });
    expect((await groupWith("pote"))?.termos).toEqual(["comedouro", "vasilha", "pote"]);
    const [entry] = await auditEntries("synonyms_update");
    expect(entry!.details).toMatchObject({
      antes: ["comedouro", "vasilha", "tigela"],
      termos: ["comedouro", "vasilha", "pote"],
    });
  });

  it("refuses, in pt-BR and writing nothing, a group that is too small, too big, odd or overlapping", async () => {
    const before = (await groups()).length;
    const cases: [string, string][] = [
      ["", "Informe ao menos 2 termos, separados por vírgula"],
      ["sozinho", "Informe ao menos 2 termos, separados por vírgula"],
      ["gato, gato, GATO", "Informe ao menos 2 termos, separados por vírgula"],
      [
        Array.from({ length: 21 }, (_, i) => `termo${i}`).join(", "),
        "Use no máximo 20 termos por grupo",
      ],
      ["x".repeat(601), "Use no máximo 600 caracteres"],
      [
        "ração golden, golden",
        "O termo “racao golden” deve ser uma palavra só (letras, números ou hífen)",
      ],
      ["a, bb", "O termo “a” é curto demais"],
      [`${"y".repeat(41)}, zz`, "Cada termo deve ter no máximo 40 caracteres"],
    ];
    for (const [termos, message] of cases) {
      const refused = await post({ intent: "synonyms-create", termos });
      expect(refused.status, termos).toBe(400);
      expect(refused.data.errors?.termos, termos).toBe(message);
    }
    // A term of another group.
    const overlap = await post({ intent: "synonyms-create", termos: "pulgas, parasitas" });
    expect(overlap.status).toBe(400);
    expect(overlap.data.errors?.termos).toBe(
      "O termo “pulgas” já está no grupo “antipulga, antipulgas, pulga, pulgas”",
    );
    // Editing a group to take another's term, and unknown ids.
    const group = (await groupWith("pote"))!;
    const taken = await post({ intent: "synonyms-update", id: group.id, termos: "pote, gatos" });
    expect(taken.data.errors?.termos).toMatch(/^O termo “gatos” já está no grupo/);
    for (const id of ["nao-e-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await post({ intent: "synonyms-update", id, termos: "aa, bb" });
      expect(missing.data.message).toBe("Grupo de sinônimos não encontrado");
    }
    const unknown = await post({ intent: "synonyms-purge", termos: "aa, bb" });
    expect(unknown.data.message).toBe("Ação desconhecida");
    const control = await post({ intent: "synonyms-create", termos: "aa\u0000, bb" });
    expect(control.status).toBe(400);
    expect((await groups()).length).toBe(before);
  });

  it("deletes a group, audited, and the search forgets it", async () => {
    const group = (await groupWith("pote"))!;
    const deleted = await post({ intent: "synonyms-delete", id: group.id });
    expect(deleted.data).toMatchObject({
      ok: true,
      message: "Grupo “comedouro, vasilha, pote” excluído",
    });
    expect(await groupWith("pote")).toBeUndefined();
    const [entry] = await auditEntries("synonyms_delete");
    expect(entry).toMatchObject({ resourceId: group.id });
    expect((await listStoreProducts({ q: "vasilha" })).total).toBe(0);
    const again = await post({ intent: "synonyms-delete", id: group.id });
    expect(again.data.message).toBe("Grupo de sinônimos não encontrado");
  });
});
