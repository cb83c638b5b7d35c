// /admin/unidades on the real database (decision 0027): the two units migration 0006 brought
// over, a unit created and edited through the page's action (audited, in one transaction),
// the refusals in pt-BR (nothing written), and a neighbourhood's delivering unit.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bairrosEntrega } from "~/modules/delivery/testing.server";
import { listUnits } from "~/modules/shop/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { db } from "~/platform/db/client.server";
import { loader as lojaLoader } from "~/routes/admin/loja";
import { action as bairrosAction } from "~/routes/admin/loja/bairros";
import { action, loader } from "~/routes/admin/unidades";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeAdmin, makeCustomer } from "../support/factories";
import { call } from "../support/routes";
import { MIGRATED_UNITS, USUAL_WEEK, unitEditForm, unitForm } from "../support/units";

withTestDatabase();
let token: string;

beforeAll(async () => {
  ({ token } = await makeAdmin());
});

const post = (fields: Record<string, string>, as = token) =>
  call(action, formRequest("/admin/unidades", fields, { token: as }));
const postBairro = (fields: Record<string, string>) =>
  call(bairrosAction, formRequest("/admin/loja/bairros", fields, { token }));

/** Adds a neighbourhood with its delivery fee, delivered from `unidadeId`. */
const createBairro = (nome: string, taxaEntrega: string, unidadeId: string) =>
  postBairro({ intent: "bairro-create", nome, taxaEntrega, unidadeId });

async function unitBySlug(slug: string) {
  const [row] = await db().select().from(unidades).where(eq(unidades.slug, slug));
  return row!;
}

/** The unit's row as the edit dialog sends it back, with `changes` typed over it. */
async function editForm(slug: string, changes: Record<string, string | undefined>) {
  const unit = await unitBySlug(slug);
  return unitEditForm(unit, changes);
}

describe("units migrated from the old content file", () => {
  it("are the two units the site showed, in their order, with their hours", async () => {
    const { status, data } = await call(loader, makeRequest("/admin/unidades", { token }));
    expect(status).toBe(200);
    const units = data.units as Awaited<ReturnType<typeof listUnits>>;
    expect(units.map((u) => u.slug)).toEqual(["meia-praia", "rua-406"]);
    for (const [i, expected] of MIGRATED_UNITS.entries()) {
      const { id: _id, ...fields } = expected;
      expect(units[i]).toMatchObject(fields);
    }
    expect(units[0]).toMatchObject({ retiradaAtiva: true, atendeEntregas: true, ativo: true });
    expect(units[1]).toMatchObject({ retiradaAtiva: false, atendeEntregas: false });
    expect(units[0]!.horarios).toEqual(USUAL_WEEK);
  });
});

describe("admin units: access", () => {
  it("refuses a visitor and a signed-in non-admin, loader and action", async () => {
    const anonymous = await call(loader, makeRequest("/admin/unidades"));
    expect(anonymous.response!.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const { token: customer } = await makeCustomer();
    const refused = await post(unitForm({ intent: "unit-create", slug: "intrusa" }), customer);
    expect(refused.response!.headers.get("location")).toBe("/");
    expect(await db().select().from(unidades).where(eq(unidades.slug, "intrusa"))).toEqual([]);
  });

  it("answers an unknown intent and control characters without writing", async () => {
    const unknown = await post(unitForm({ intent: "unit-delete" }));
    expect(unknown).toMatchObject({ status: 400, data: { message: "Ação desconhecida" } });
    const nul = await post(unitForm({ intent: "unit-create", nome: "Centro\u0000" }));
    expect(nul.status).toBe(400);
    expect(nul.data.message).toMatch(/caracteres inválidos/);
    expect(await db().select().from(unidades).where(eq(unidades.slug, "centro"))).toEqual([]);
  });

  it("a unit's and a neighbourhood's name need letters and no direction override (issue 39)", async () => {
    for (const [field, value] of [
      ["nome", "true"],
      ["nome", '{"a":1}'],
      ["nome", "Centro\u202E"],
      ["bairro", "Set-Cookie: x=1"],
      ["cidade", "\u2067Itapema"],
    ] as const) {
      const refused = await post(unitForm({ intent: "unit-create", [field]: value }));
      expect(refused.status, value).toBe(400);
    }
    expect(await db().select().from(unidades).where(eq(unidades.slug, "centro"))).toEqual([]);
    for (const nome of ["true", "Set-Cookie: x=1", "Meia\u202EPraia"]) {
      const refused = await postBairro({ intent: "bairro-create", nome, taxaEntrega: "5,00" });
      expect(refused.status, nome).toBe(400);
    }
    const created = await post(
      unitForm({ intent: "unit-create", nome: "Unidade 2 - Centro", slug: "unidade-2" }),
    );
    expect(created.status).toBe(200);
    // The next tests count the units: this one goes.
    await db().delete(unidades).where(eq(unidades.slug, "unidade-2"));
  });
});

describe("admin units: create and edit", () => {
  it("creates a unit from the form, audited, and lists it by position", async () => {
    const created = await post(unitForm({ intent: "unit-create" }));
    expect(created).toMatchObject({
      status: 200,
      data: { ok: true, message: "Unidade Unidade Centro criada" },
    });
    const row = await unitBySlug("centro");
    expect(row).toMatchObject({
      nome: "Unidade Centro",
      uf: "SC",
      cep: "88220-000",
      telefone: "4733330416",
      whatsapp: "47988880416",
      servicos: ["Loja", "Rações e acessórios"],
      horarios: USUAL_WEEK,
      retiradaAtiva: true,
      preparoHoras: 3,
      atendeEntregas: true,
      posicao: 2,
      ativo: true,
    });
    const [entry] = await auditEntries("unit_create");
    expect(entry).toMatchObject({ resourceType: "unidade", resourceId: row.id });
    expect(entry!.details).toEqual({ slug: "centro", nome: "Unidade Centro" });
    expect((await listUnits()).map((u) => u.slug)).toEqual(["meia-praia", "rua-406", "centro"]);
  });

  it("refuses a slug already in use, on create and on edit", async () => {
    const dup = await post(unitForm({ intent: "unit-create", nome: "Outra", slug: "meia-praia" }));
    expect(dup.status).toBe(400);
    expect(dup.data.errors).toEqual({ slug: "Já existe uma unidade com este identificador" });
    const edit = await post(await editForm("centro", { slug: "rua-406" }));
    expect(edit.status).toBe(400);
    expect(edit.data.errors).toEqual({ slug: "Já existe uma unidade com este identificador" });
    expect((await unitBySlug("rua-406")).nome).toBe("Nova Unidade");
  });

  it("refuses an invalid form field by field, in pt-BR, and writes nothing", async () => {
    const before = await auditEntries("unit_create");
    const refused = await post(
      unitForm({
        intent: "unit-create",
        slug: "Nova Loja",
        nome: "",
        abre_6: "18:00",
        fecha_6: "09:00",
        preparoHoras: "200",
        telefone: "123",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, message: "Confira os campos destacados" });
    expect(refused.data.errors).toEqual({
      slug: "Use letras minúsculas sem acento, números e hífens (ex.: meia-praia)",
      nome: "Informe o nome da unidade",
      fecha_6: "O fechamento de Sábado deve ser depois da abertura",
      preparoHoras: "Tempo de preparo deve ser de 0 a 168 horas",
      telefone: "Telefone deve ter 10 ou 11 dígitos, com DDD",
    });
    expect(await auditEntries("unit_create")).toHaveLength(before.length);
    expect(await listUnits()).toHaveLength(3);
  });

  it("edits a unit: the whole form saved over it, the audit naming the fields that changed", async () => {
    const edited = await post(
      await editForm("meia-praia", {
        nome: "Unidade Meia Praia Centro",
        abre_6: "08:00",
        fecha_6: "13:00",
        abre_0: "09:00",
        fecha_0: "12:00",
      }),
    );
    expect(edited).toMatchObject({
      status: 200,
      data: { ok: true, message: "Unidade Unidade Meia Praia Centro atualizada" },
    });
    const row = await unitBySlug("meia-praia");
    expect(row.nome).toBe("Unidade Meia Praia Centro");
    expect(row.horarios[0]).toEqual({ abre: "09:00", fecha: "12:00" });
    expect(row.horarios[6]).toEqual({ abre: "08:00", fecha: "13:00" });
    expect(row.endereco).toBe("Rua 416");
    const [entry] = await auditEntries("unit_update");
    expect(entry).toMatchObject({ resourceType: "unidade", resourceId: row.id });
    expect(entry!.details).toEqual({
      slug: "meia-praia",
      nome: "Unidade Meia Praia Centro",
      campos: ["nome", "horarios"],
    });
  });

  it("answers an unknown unit with its message", async () => {
    for (const id of ["00000000-0000-4000-8000-00000000dead", "nao-e-id", ""]) {
      const missing = await post({ ...(await editForm("centro", {})), id, slug: "outra" });
      expect(missing.status).toBe(400);
      expect(missing.data.message).toBe("Unidade não encontrada");
    }
  });
});

describe("a unit's fiscal identity (issue 44)", () => {
  it("keeps the CNPJ and the IE bare, masks and letters of the new CNPJ accepted", async () => {
    const saved = await post(
      await editForm("meia-praia", { cnpj: "27.865.431/0001-77", ie: "257.138.471" }),
    );
    expect(saved.status).toBe(200);
    expect(await unitBySlug("meia-praia")).toMatchObject({
      cnpj: "27865431000177",
      ie: "257138471",
    });
    const alnum = await post(
      await editForm("rua-406", { cnpj: "12.abc.345/01de-35", ie: "isento" }),
    );
    expect(alnum.status).toBe(200);
    expect(await unitBySlug("rua-406")).toMatchObject({ cnpj: "12ABC34501DE35", ie: "ISENTO" });
    const [entry] = await auditEntries("unit_update");
    expect(entry!.details).toMatchObject({ campos: ["cnpj", "ie"] });
  });

  it("refuses wrong check digits and an IE of another state, saying which, and writes nothing", async () => {
    const before = await unitBySlug("meia-praia");
    const refused = await post(
      await editForm("meia-praia", { cnpj: "27.865.431/0001-78", ie: "110.042.490.114" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({
      cnpj: "CNPJ inválido: confira os dígitos",
      ie: "Inscrição estadual inválida para SC: confira os dígitos",
    });
    // The same IE is right for a unit in São Paulo.
    const sp = await post(
      await editForm("centro", { uf: "SP", ie: "110.042.490.114", cnpj: "123" }),
    );
    expect(sp.data.errors).toEqual({
      cnpj: "CNPJ inválido: são 14 caracteres, ex.: 12.345.678/0001-95 ou 12.ABC.345/01DE-35",
    });
    expect(await unitBySlug("meia-praia")).toEqual(before);
  });

  it("gives each branch its own CNPJ, also when two saves race", async () => {
    const taken = await post(await editForm("centro", { cnpj: "27865431000177" }));
    expect(taken.status).toBe(400);
    expect(taken.data.errors).toEqual({
      cnpj: "Outra unidade já tem este CNPJ: cada filial tem o seu",
    });
    const answers = await Promise.all([
      post(await editForm("centro", { cnpj: "27.865.431/0002-58" })),
      post(await editForm("rua-406", { cnpj: "27.865.431/0002-58" })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const holders = (await listUnits()).filter((u) => u.cnpj === "27865431000258");
    expect(holders).toHaveLength(1);
  });
});

describe("a neighbourhood's delivering unit", () => {
  it("is chosen among the units, those that deliver marked so (store settings view)", async () => {
    const { data } = await call(
      lojaLoader,
      makeRequest("/admin/loja?view=configuracoes", { token }),
    );
    expect(
      (data.configuracoes.unidades as { nome: string; entrega: boolean }[]).map((u) => [
        u.nome,
        u.entrega,
      ]),
    ).toEqual([
      ["Unidade Meia Praia Centro", true],
      ["Nova Unidade", false],
      ["Unidade Centro", true],
    ]);
  });

  it("is saved from the neighbourhood forms, blank meaning the first unit that delivers", async () => {
    const centro = await unitBySlug("centro");
    const added = await createBairro("Morretes", "7,00", centro.id);
    expect(added.data).toMatchObject({ ok: true, message: "Bairro Morretes adicionado" });
    const [row] = await db()
      .select()
      .from(bairrosEntrega)
      .where(eq(bairrosEntrega.nome, "Morretes"));
    expect(row!.unidadeId).toBe(centro.id);

    const automatic = await postBairro({ intent: "bairro-unit", id: row!.id, unidadeId: "" });
    expect(automatic.data).toMatchObject({
      ok: true,
      message: "Unidade de entrega de Morretes atualizada",
    });
    const meiaPraia = await unitBySlug("meia-praia");
    await postBairro({ intent: "bairro-unit", id: row!.id, unidadeId: meiaPraia.id });
    const [saved] = await db().select().from(bairrosEntrega).where(eq(bairrosEntrega.id, row!.id));
    expect(saved!.unidadeId).toBe(meiaPraia.id);
    const [entry] = await auditEntries("bairro_update");
    expect(entry!.details).toMatchObject({ nome: "Morretes", unidadeId: meiaPraia.id });
  });

  it("refuses a unit that does not deliver, an inactive one, one that does not exist", async () => {
    const novaUnidade = await unitBySlug("rua-406");
    const refused = await createBairro("Canto da Praia", "6,00", novaUnidade.id);
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual({ unidadeId: "Escolha uma unidade que faz entregas" });
    expect(
      await db().select().from(bairrosEntrega).where(eq(bairrosEntrega.nome, "Canto da Praia")),
    ).toEqual([]);

    const [morretes] = await db()
      .select()
      .from(bairrosEntrega)
      .where(eq(bairrosEntrega.nome, "Morretes"));
    await post(await editForm("centro", { ativo: undefined }));
    const centro = await unitBySlug("centro");
    expect(centro.ativo).toBe(false);
    for (const unidadeId of [centro.id, novaUnidade.id, "00000000-0000-4000-8000-00000000dead"]) {
      const change = await postBairro({ intent: "bairro-unit", id: morretes!.id, unidadeId });
      expect(change.status).toBe(400);
      expect(change.data.message).toBe("Escolha uma unidade que faz entregas");
    }
    const garbage = await postBairro({ intent: "bairro-unit", id: morretes!.id, unidadeId: "x" });
    expect(garbage.data.errors).toEqual({ unidadeId: "Escolha uma unidade que faz entregas" });
    const [unchanged] = await db()
      .select()
      .from(bairrosEntrega)
      .where(eq(bairrosEntrega.id, morretes!.id));
    expect(unchanged!.unidadeId).toBe((await unitBySlug("meia-praia")).id);
  });
});
