import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { produtos, variantes } from "~/modules/catalog/testing.server";
import { bairrosEntrega } from "~/modules/delivery/testing.server";
import { movimentosEstoque } from "~/modules/inventory/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { cupons } from "~/modules/promotions/testing.server";
import { getSettings, secretSettings } from "~/modules/shop/index.server";
import { db } from "~/platform/db/client.server";
import { adminAuditLog } from "~/platform/tables.server";
import { readToast } from "~/platform/toast.server";
import { loader } from "~/routes/admin/loja";
import { action as produtoAction } from "~/routes/admin/loja/produtos";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withDemoShop } from "../support/demo-shop";
import {
  auditEntries,
  defaultUnitId,
  firstCategoryId,
  insertOrder,
  insertProduct,
  makeAdmin,
  makeCustomer,
  stockAt,
} from "../support/factories";
import { LOJA_ROUTES, type LojaRoute, postLoja } from "../support/loja-actions";
import { call, expectRedirect, expectRefused, multipartRequest } from "../support/routes";

const ctx = withTestDatabase();
withDemoShop();
let token: string;
let categoriaId: string;

beforeAll(async () => {
  ({ token } = await makeAdmin());
  categoriaId = await firstCategoryId();
});

const post = (route: LojaRoute, fields: Record<string, string>) => postLoja(route, fields, token);
/** The coupon form, sent. */
const createCoupon = (fields: Record<string, string>) =>
  post("cupons", { intent: "coupon-create", ...fields });
/** The new-product form, sent. */
const createProduct = (fields: Record<string, string>) =>
  post("produtos", { intent: "product-create", ...fields });
/** The new-neighbourhood form, sent. */
const addBairro = (fields: Record<string, string>) =>
  post("bairros", { intent: "bairro-create", ...fields });

async function png(color = "#3a7") {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const uploaded = (url: string, width: number) =>
  path.join(
    ctx.uploadsDir,
    "public",
    url.replace("/uploads/", "").replace(/-\d+\.webp$/, `-${width}.webp`),
  );

describe("admin store hub: access", () => {
  it("refuses loaders and actions without an admin session", async () => {
    const anonymous = await call(loader, makeRequest("/admin/loja"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.response!.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const { token: userToken } = await makeCustomer();
    const notAdmin = await postLoja("produtos", { intent: "product-create", nome: "X" }, userToken);
    expect(notAdmin.status).toBe(302);
    expect(notAdmin.response!.headers.get("location")).toBe("/");
  });

  it("loads each view from the URL", async () => {
    for (const view of ["dashboard", "produtos", "pedidos", "configuracoes"]) {
      const { data } = await call(loader, makeRequest(`/admin/loja?view=${view}`, { token }));
      expect(data.view).toBe(view);
    }
    const { data } = await call(loader, makeRequest("/admin/loja?view=configuracoes", { token }));
    expect(data.configuracoes.settings).not.toHaveProperty("webhookSecret");
    expect(data.configuracoes.bairros.length).toBeGreaterThan(0);
  });

  it("falls back to the defaults for query values the screens never write", async () => {
    const unknown = await call(loader, makeRequest("/admin/loja?view=cupons", { token }));
    expect(unknown.data.view).toBe("dashboard");
    const products = await call(
      loader,
      makeRequest("/admin/loja?view=produtos&categoria=nao-e-id&pagina=-3&estoque_baixo=sim", {
        token,
      }),
    );
    expect(products.status).toBe(200);
    expect(products.data.produtos.filters).toEqual({
      q: "",
      categoriaId: "",
      estoqueBaixo: false,
      semEstoque: false,
      semImagem: false,
      inativo: false,
      page: 1,
    });
    const orders = await call(
      loader,
      makeRequest("/admin/loja?view=pedidos&status=talvez&pagamento=PAGO&pagina=dois", { token }),
    );
    expect(orders.status).toBe(200);
    expect(orders.data.pedidos).toMatchObject({ page: 1, filters: { status: "", pagamento: "" } });
  });
});

describe("admin store hub: one resource route per concept", () => {
  const routes = Object.keys(LOJA_ROUTES) as LojaRoute[];
  const OWN_INTENT: Record<LojaRoute, string> = {
    produtos: "product-create",
    cupons: "coupon-create",
    pedidos: "order-status",
    bairros: "bairro-create",
    configuracoes: "settings-save",
  };
  const HUB_VIEW: Record<LojaRoute, string> = {
    produtos: "produtos",
    cupons: "produtos",
    pedidos: "pedidos",
    bairros: "configuracoes",
    configuracoes: "configuracoes",
  };
  const auditCount = async () => (await db().select().from(adminAuditLog)).length;

  it("answers an intent it does not own with 400 'Ação desconhecida' and writes nothing", async () => {
    const before = await auditCount();
    for (const route of routes) {
      const others = routes.filter((r) => r !== route).map((r) => OWN_INTENT[r]);
      for (const intent of ["apagar-tudo", "", ...others]) {
        const result = await post(route, { intent, nome: "Intruso", codigo: "INTRUSO" });
        expect(result.status, `${route}: ${intent}`).toBe(400);
        expect(result.data).toEqual({ ok: false, intent, message: "Ação desconhecida" });
      }
      const none = await post(route, { nome: "Intruso" });
      expect(none.status).toBe(400);
      expect(none.data).toEqual({ ok: false, intent: "", message: "Ação desconhecida" });
    }
    expect(await auditCount()).toBe(before);
  });

  it("sends a form the browser posted as a document back to its screen with the result as a toast", async () => {
    const asDocument = (fields: Record<string, string>, referer: string) =>
      makeRequest("/admin/loja/cupons", {
        method: "POST",
        body: new URLSearchParams(fields),
        token,
        headers: { "Sec-Fetch-Mode": "navigate", Referer: referer },
      });
    const toastOf = async (response: Response) => {
      const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
      return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
    };
    const coupon = { intent: "coupon-create", codigo: "DOC10", tipo: "percentual", valor: "10" };

    const saved = await call(
      LOJA_ROUTES.cupons.action,
      asDocument(coupon, "http://localhost/admin/loja?view=produtos&q=racao"),
    );
    expect(saved.response!.status).toBe(303);
    expect(saved.response!.headers.get("location")).toBe("/admin/loja?view=produtos&q=racao");
    expect(await toastOf(saved.response!)).toMatchObject({
      type: "success",
      title: "Cupom criado com sucesso!",
    });

    // A refusal too; a referer from elsewhere never decides where the admin lands.
    const refused = await call(
      LOJA_ROUTES.cupons.action,
      asDocument({ intent: "coupon-create" }, "https://exemplo.com/admin/loja?view=pedidos"),
    );
    expect(refused.response!.headers.get("location")).toBe("/admin/loja?view=produtos");
    expect(await toastOf(refused.response!)).toMatchObject({ type: "error" });

    // The panel's fetchers still get the result itself.
    const fetched = await post("cupons", { ...coupon, codigo: "FETCH10" });
    expect(fetched.data).toMatchObject({ ok: true, message: "Cupom criado com sucesso!" });

    // Leave the coupons and their audit entries to the coupon tests' own counts.
    const made = await db()
      .delete(cupons)
      .where(inArray(cupons.codigo, ["DOC10", "FETCH10"]))
      .returning();
    expect(made).toHaveLength(2);
    const ids = made.map((c) => c.id);
    await db()
      .delete(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, "coupon_create"), inArray(adminAuditLog.resourceId, ids)),
      );
  });

  it("refuses a visitor and a signed-in non-admin on every route, writing nothing", async () => {
    const before = await auditCount();
    const { token: userToken } = await makeCustomer();
    for (const route of routes) {
      const fields = { intent: OWN_INTENT[route], nome: "Intruso" };
      expectRedirect(await postLoja(route, fields), /^\/admin\/login\?redirectTo=/);
      expectRedirect(await postLoja(route, fields, userToken), "/");
      const { loader: open } = LOJA_ROUTES[route];
      expectRedirect(
        await call(open, makeRequest(`/admin/loja/${route}`)),
        /^\/admin\/login\?redirectTo=/,
      );
      expectRedirect(
        await call(open, makeRequest(`/admin/loja/${route}`, { token: userToken })),
        "/",
      );
    }
    expect(await auditCount()).toBe(before);
  });

  it("sends an admin who opens a route's address to the view it serves", async () => {
    for (const route of routes) {
      const opened = await call(
        LOJA_ROUTES[route].loader,
        makeRequest(`/admin/loja/${route}`, { token }),
      );
      expectRedirect(opened, `/admin/loja?view=${HUB_VIEW[route]}`);
    }
  });
});

describe("admin store hub: products", () => {
  it("refuses a NUL byte or another control character in any store write (issue 22, point 8)", async () => {
    const before = await db().select().from(produtos);
    for (const [route, fields] of [
      [
        "produtos",
        {
          intent: "product-create",
          nome: "Ração\u0000",
          categoriaId,
          precoAtual: "12,90",
          estoque: "5",
        },
      ],
      [
        "produtos",
        {
          intent: "product-create",
          nome: "Ração",
          descricao: "boa\u0007",
          categoriaId,
          precoAtual: "12,90",
          estoque: "5",
        },
      ],
      ["cupons", { intent: "coupon-create", codigo: "NUL\u0000", tipo: "percentual", valor: "10" }],
      ["bairros", { intent: "bairro-create", nome: "Centro\u001b", taxa: "5,00" }],
    ] as const) {
      const result = await post(route, fields);
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.data.message).toBe("Remova os caracteres inválidos (caracteres de controle)");
    }
    expect(await db().select().from(produtos)).toEqual(before);
  });

  it("refuses an invalid product with the messages of SPEC §5.7 and writes nothing", async () => {
    const before = await db().select().from(produtos);
    const result = await createProduct({
      nome: " ",
      categoriaId: "",
      precoAtual: "",
      estoque: "-1",
    });
    expectRefused(result, 400, {
      nome: "Nome é obrigatório",
      categoriaId: "Categoria é obrigatória",
      precoAtual: "Preço atual é obrigatório",
      estoque: "Estoque deve ser positivo",
    });
    for (const [prices, field, message] of [
      [
        { precoAtual: "doze", precoAntes: "1,00" },
        "precoAtual",
        "Preço inválido. Use o formato 12,90",
      ],
      [
        { precoAtual: "12,90", precoAntes: "10,00" },
        "precoAntes",
        "Preço anterior deve ser maior que o preço atual",
      ],
    ] as const) {
      const bad = await createProduct({ nome: "A", categoriaId, ...prices });
      expect(bad.data.errors[field]).toBe(message);
    }
    expect(await db().select().from(produtos)).toHaveLength(before.length);
  });

  it("creates a product from Brazilian prices, with its search text and an audit entry", async () => {
    const result = await createProduct({
      nome: "Ração Teste Pássaros 500 g",
      descricaoCurta: "Mistura de sementes",
      categoriaId,
      precoAtual: "1.234,56",
      precoAntes: "1.500,00",
      estoque: "7",
      sku: "TST-001",
      ativo: "on",
    });
    expect(result.data).toMatchObject({ ok: true, message: "Produto criado com sucesso!" });
    const [row] = await db().select().from(produtos).where(eq(produtos.sku, "TST-001"));
    expect(row).toMatchObject({ ativo: true, unidade: "UN" });
    // Its one variant (the product's id and SKU) holds the price; the stock is at the unit.
    const [variant] = await db().select().from(variantes).where(eq(variantes.produtoId, row!.id));
    expect(variant).toMatchObject({
      id: row!.id,
      sku: "TST-001",
      preco: 123456,
      precoAntes: 150000,
    });
    expect(await stockAt(ctx.database, row!.id, await defaultUnitId())).toMatchObject({
      emMaos: 7,
    });
    expect(row!.busca).toBe("racao teste passaros 500 g mistura de sementes tst-001");
    const [entry] = await auditEntries("product_create");
    expect(entry).toMatchObject({ resourceType: "produto", resourceId: row!.id });
    expect(entry!.adminUserId).toBeTruthy();

    const duplicate = await createProduct({
      nome: "Outro",
      categoriaId,
      precoAtual: "5",
      sku: "TST-001",
    });
    expect(duplicate.data.errors.sku).toBe("Já existe um produto com este SKU");

    const edit = await post("produtos", {
      intent: "product-update",
      id: row!.id,
      nome: "Ração Teste Aves",
      categoriaId,
      precoAtual: "10,00",
      estoque: "3",
    });
    expect(edit.data.message).toBe("Produto atualizado com sucesso!");
    const [edited] = await db().select().from(produtos).where(eq(produtos.id, row!.id));
    // The product's own code was cleared; its variant keeps its SKU (a variant always has one).
    expect(edited).toMatchObject({
      nome: "Ração Teste Aves",
      sku: null,
      ativo: false,
      busca: "racao teste aves tst-001",
    });
    const [editedVariant] = await db().select().from(variantes).where(eq(variantes.id, row!.id));
    expect(editedVariant).toMatchObject({ preco: 1000, precoAntes: null });
    expect(await stockAt(ctx.database, row!.id, await defaultUnitId())).toMatchObject({
      emMaos: 3,
    });
    expect(await auditEntries("product_update")).toHaveLength(1);

    const toggled = await post("produtos", {
      intent: "product-toggle",
      id: row!.id,
      ativo: "true",
    });
    expect(toggled.data.ok).toBe(true);
    expect((await db().select().from(produtos).where(eq(produtos.id, row!.id)))[0]!.ativo).toBe(
      true,
    );
    expect(await auditEntries("product_activate")).toHaveLength(1);
  });

  it("lists newest first with search, category and low-stock filters", async () => {
    const cat2 = (await db().execute(
      sql`select id from categorias order by nome desc limit 1`,
    )) as unknown as { rows: { id: string }[] };
    await insertProduct({ nome: "Filtro Zerado", estoque: 0, busca: "filtro zerado" });
    const low = await insertProduct({
      nome: "Filtro Baixo Único",
      estoque: 2,
      busca: "filtro baixo unico",
      categoriaId: cat2.rows[0]!.id,
    });
    // One rule (issue 13, point 13): 'estoque baixo' is 1 to 5, 'sem estoque' (0) apart,
    // so the hub counter and the list it links to agree.
    const { data } = await call(
      loader,
      makeRequest("/admin/loja?view=produtos&estoque_baixo=1&pagina=1", { token }),
    );
    expect(
      data.produtos.products.every((p: { estoque: number }) => p.estoque >= 1 && p.estoque <= 5),
    ).toBe(true);
    expect(data.produtos.products.map((p: { id: string }) => p.id)).toContain(low.id);
    const hub = await call(loader, makeRequest("/admin/loja", { token }));
    expect(hub.data.dashboard.estoqueBaixo).toBe(data.produtos.total);
    expect(hub.data.dashboard.semEstoque).toBeGreaterThanOrEqual(1);
    const search = await call(
      loader,
      makeRequest("/admin/loja?view=produtos&q=FILTRO%20baixo%20unico", { token }),
    );
    expect(search.data.produtos.products.map((p: { id: string }) => p.id)).toEqual([low.id]);
    const byCat = await call(
      loader,
      makeRequest(`/admin/loja?view=produtos&categoria=${cat2.rows[0]!.id}`, { token }),
    );
    expect(
      byCat.data.produtos.products.every(
        (p: { categoriaId: string }) => p.categoriaId === cat2.rows[0]!.id,
      ),
    ).toBe(true);
    const all = await call(loader, makeRequest("/admin/loja?view=produtos", { token }));
    const ids: string[] = all.data.produtos.products.map((p: { id: string }) => p.id);
    const created = new Map(
      (
        await db()
          .select({ id: produtos.id, createdAt: produtos.createdAt })
          .from(produtos)
          .where(inArray(produtos.id, ids))
      ).map((r) => [r.id, r.createdAt.getTime()]),
    );
    const dates = ids.map((id) => created.get(id)!);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The rows carry what the list and its edit form use, not the search text or the cost.
    expect(Object.keys(all.data.produtos.products[0])).not.toContain("busca");
    expect(Object.keys(all.data.produtos.products[0])).not.toContain("precoCusto");
    expect(all.data.produtos.products[0].id).toBe(low.id);
  });

  it("re-encodes an uploaded image in every size, replaces it and removes the old files", async () => {
    const create = await call(
      produtoAction,
      multipartRequest(
        "/admin/loja/produtos",
        {
          intent: "product-create",
          nome: "Produto Com Foto",
          categoriaId,
          precoAtual: "19,90",
          ativo: "on",
        },
        { imagem: { name: "foto.png", type: "image/png", data: await png() } },
        token,
      ),
    );
    expect(create.data.ok).toBe(true);
    const [row] = await db().select().from(produtos).where(eq(produtos.nome, "Produto Com Foto"));
    expect(row!.imagemUrl).toMatch(/^\/uploads\/produtos\/.+-800\.webp$/);
    for (const w of [200, 400, 800]) {
      const meta = await sharp(fs.readFileSync(uploaded(row!.imagemUrl!, w))).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w, height: w });
    }
    const replace = await call(
      produtoAction,
      multipartRequest(
        "/admin/loja/produtos",
        {
          intent: "product-update",
          id: row!.id,
          nome: "Produto Com Foto",
          categoriaId,
          precoAtual: "19,90",
        },
        { imagem: { name: "nova.jpg", type: "image/jpeg", data: await png("#a33") } },
        token,
      ),
    );
    expect(replace.data.ok).toBe(true);
    const [after] = await db().select().from(produtos).where(eq(produtos.id, row!.id));
    expect(after!.imagemUrl).not.toBe(row!.imagemUrl);
    for (const w of [200, 400, 800]) {
      expect(fs.existsSync(uploaded(row!.imagemUrl!, w))).toBe(false);
      expect(fs.existsSync(uploaded(after!.imagemUrl!, w))).toBe(true);
    }
    // A PDF named .png is refused by its content.
    const fake = await call(
      produtoAction,
      multipartRequest(
        "/admin/loja/produtos",
        { intent: "product-create", nome: "Falso", categoriaId, precoAtual: "1,00" },
        { imagem: { name: "x.png", type: "image/png", data: Buffer.from("%PDF-1.4\n%%EOF\n") } },
        token,
      ),
    );
    expect(fake.data).toMatchObject({
      ok: false,
      message: "Erro ao fazer upload da imagem",
      errors: { imagem: "Envie apenas arquivos de imagem (JPG, PNG, etc)." },
    });
    expect(await db().select().from(produtos).where(eq(produtos.nome, "Falso"))).toHaveLength(0);
  });

  it("keeps a product that appears in past orders (soft delete) and hard-deletes one that does not", async () => {
    const sold = await insertProduct({ nome: "Vendido Antes", estoque: 5 });
    const order = await insertOrder([
      { produtoId: sold.id, nome: sold.nome, preco: 1000, quantidade: 1 },
    ]);
    const result = await post("produtos", { intent: "product-delete", id: sold.id });
    expect(result.data.message).toBe("Produto excluído com sucesso!");
    const [kept] = await db().select().from(produtos).where(eq(produtos.id, sold.id));
    expect(kept!.excluidoEm).toBeInstanceOf(Date);
    expect(kept!.ativo).toBe(false);
    const list = await call(loader, makeRequest("/admin/loja?view=produtos", { token }));
    expect(list.data.produtos.products.map((p: { id: string }) => p.id)).not.toContain(sold.id);
    const orders = await call(loader, makeRequest("/admin/loja?view=pedidos", { token }));
    const listed = orders.data.pedidos.orders.find((o: { id: string }) => o.id === order.id);
    expect(listed.itens[0].produtoId).toBe(sold.id);
    // Even a direct delete is refused by the database.
    await expect(db().delete(produtos).where(eq(produtos.id, sold.id))).rejects.toThrow();
    expect(await auditEntries("product_soft_delete")).toHaveLength(1);

    const unsold = await insertProduct({ nome: "Nunca Vendido" });
    await post("produtos", { intent: "product-delete", id: unsold.id });
    expect(await db().select().from(produtos).where(eq(produtos.id, unsold.id))).toHaveLength(0);
    expect(await auditEntries("product_delete")).toHaveLength(1);
  });

  it("writes the change and its audit entry in one transaction: no audit, no change", async () => {
    await db().execute(sql`alter table admin_audit_log rename to admin_audit_log_off`);
    try {
      const result = await createProduct({
        nome: "Sem Auditoria",
        categoriaId,
        precoAtual: "1,00",
      });
      expect(result.status).toBe(500);
      expect(result.data.message).toBe("Erro ao salvar produto");
    } finally {
      await db().execute(sql`alter table admin_audit_log_off rename to admin_audit_log`);
    }
    expect(
      await db().select().from(produtos).where(eq(produtos.nome, "Sem Auditoria")),
    ).toHaveLength(0);
  });

  it("creates a category only when none has that name (case-insensitive)", async () => {
    const first = await post("produtos", { intent: "category-create", nome: "Farmácia Pet" });
    expect(first.data.message).toBe("Categoria criada com sucesso!");
    const again = await post("produtos", { intent: "category-create", nome: "FARMÁCIA PET" });
    expect(again.data.message).toBe("A categoria Farmácia Pet já existe");
    const rows = await db().execute(
      sql`select count(*)::int as n from categorias where lower(nome) = lower('Farmácia Pet')`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(await auditEntries("category_create")).toHaveLength(1);
  });
});

describe("admin store hub: coupons", () => {
  it("uppercases the code and stores one meaning per type", async () => {
    const missing = await createCoupon({ codigo: "", tipo: "percentual", valor: "" });
    expect(missing.data.message).toBe("Preencha todos os campos do cupom");
    expect(missing.data.errors.codigo).toBe("Preencha todos os campos do cupom");

    const pct = await createCoupon({
      codigo: "natal10",
      tipo: "percentual",
      valor: "10,5",
      limiteUsos: "50",
      validoAte: "2026-12-31",
    });
    expect(pct.data.message).toBe("Cupom criado com sucesso!");
    const fixed = await createCoupon({
      codigo: "menos5",
      tipo: "valor",
      valor: "5,00",
      pedidoMinimo: "30,00",
    });
    expect(fixed.data.ok).toBe(true);
    const [natal] = await db().select().from(cupons).where(eq(cupons.codigo, "NATAL10"));
    expect(natal).toMatchObject({
      tipo: "percentual",
      valor: 1050,
      limiteUsos: 50,
      ativo: true,
      usos: 0,
    });
    // Valid through the whole last day in the shop's time zone (UTC-3).
    expect(natal!.validoAte!.toISOString()).toBe("2027-01-01T02:59:59.999Z");
    const [menos] = await db().select().from(cupons).where(eq(cupons.codigo, "MENOS5"));
    expect(menos).toMatchObject({ tipo: "valor", valor: 500, pedidoMinimo: 3000 });

    const over = await createCoupon({ codigo: "x", tipo: "percentual", valor: "150" });
    expect(over.data.errors.valor).toBe("O percentual deve ser no máximo 100");
    const dup = await createCoupon({ codigo: "Natal10", tipo: "valor", valor: "1" });
    expect(dup.data.errors.codigo).toBe("Já existe um cupom com este código");

    await post("cupons", { intent: "coupon-toggle", id: natal!.id, ativo: "false" });
    expect((await db().select().from(cupons).where(eq(cupons.id, natal!.id)))[0]!.ativo).toBe(
      false,
    );
    expect(await auditEntries("coupon_create")).toHaveLength(2);
    expect(await auditEntries("coupon_deactivate")).toHaveLength(1);
  });
});

describe("admin store hub: orders", () => {
  it("filters by status and payment status, newest first, with items", async () => {
    const p = await insertProduct();
    const a = await insertOrder([{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 2 }], {
      statusPagamento: "pago",
    });
    const b = await insertOrder([{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 1 }], {
      statusPedido: "entregue",
    });
    const paid = await call(
      loader,
      makeRequest("/admin/loja?view=pedidos&pagamento=pago", { token }),
    );
    expect(paid.data.pedidos.orders.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(paid.data.pedidos.orders[0].itens[0]).toMatchObject({ quantidade: 2, subtotal: 2000 });
    expect(paid.data.pedidos.orders[0]).not.toHaveProperty("tokenHash");
    const delivered = await call(
      loader,
      makeRequest("/admin/loja?view=pedidos&status=entregue", { token }),
    );
    expect(delivered.data.pedidos.orders.map((o: { id: string }) => o.id)).toEqual([b.id]);
  });

  it("cancelling releases the reservation once, and a cancelled order is never reopened", async () => {
    const p = await insertProduct({ nome: "Estoque Teste", estoque: 10 });
    const unit = await defaultUnitId();
    const order = await insertOrder([
      { produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 3 },
    ]);
    const stock = () => stockAt(ctx.database, p.id, unit);
    expect(await stock()).toEqual({ emMaos: 10, reservado: 3, disponivel: 7 });

    const cancel = await post("pedidos", {
      intent: "order-status",
      id: order.id,
      status: "cancelado",
    });
    expect(cancel.data.ok).toBe(true);
    expect(cancel.data.description).toBe("A reserva dos itens foi liberada.");
    expect(await stock()).toEqual({ emMaos: 10, reservado: 0, disponivel: 10 });
    // Cancelling again (a double click, a second admin) changes nothing.
    await post("pedidos", { intent: "order-status", id: order.id, status: "cancelado" });
    await Promise.all([
      post("pedidos", { intent: "order-status", id: order.id, status: "cancelado" }),
      post("pedidos", { intent: "order-status", id: order.id, status: "cancelado" }),
    ]);
    expect(await stock()).toEqual({ emMaos: 10, reservado: 0, disponivel: 10 });
    const [row] = await db().select().from(pedidos).where(eq(pedidos.id, order.id));
    expect(row).toMatchObject({ statusPedido: "cancelado", estoqueSituacao: "liberado" });

    // A terminal order never reserves again: reopening is refused, nothing changes.
    const refused = await post("pedidos", { intent: "order-status", id: order.id, status: "novo" });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(
      "Pedido cancelado não pode ser reaberto. Faça um novo pedido.",
    );
    expect(await stock()).toEqual({ emMaos: 10, reservado: 0, disponivel: 10 });
    const ledger = await db()
      .select()
      .from(movimentosEstoque)
      .where(eq(movimentosEstoque.pedidoId, order.id));
    expect(ledger.map((m) => [m.tipo, m.deltaReservado]).sort()).toEqual([
      ["liberacao", -3],
      ["reserva", 3],
    ]);

    const audits = await auditEntries("order_status_update");
    expect(audits.filter((a) => a.resourceId === order.id)).toHaveLength(1);
  });

  it("hand-over sells at the order's unit; cancelling after it returns stock only when asked", async () => {
    const p = await insertProduct({ nome: "Entregue Teste", estoque: 8 });
    const unit = await defaultUnitId();
    const stock = () => stockAt(ctx.database, p.id, unit);
    // Paid in cash at the door (issue 43): the hand-over records how.
    const deliver = async (id: string, total: string) => {
      await post("pedidos", { intent: "order-status", id, status: "saiu_entrega" });
      await post("pedidos", {
        intent: "order-status",
        id,
        status: "entregue",
        pagamentoMetodo: "dinheiro",
        pagamentoValor: total,
      });
    };
    const kept = await insertOrder([{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 2 }]);
    const back = await insertOrder([{ produtoId: p.id, nome: p.nome, preco: 1000, quantidade: 3 }]);
    expect(await stock()).toEqual({ emMaos: 8, reservado: 5, disponivel: 3 });
    await deliver(kept.id, "25,00");
    await deliver(back.id, "35,00");
    expect(await stock()).toEqual({ emMaos: 3, reservado: 0, disponivel: 3 });
    // Delivered orders only move to cancelled.
    const wrong = await post("pedidos", { intent: "order-status", id: kept.id, status: "preparo" });
    expect(wrong.status).toBe(400);

    await post("pedidos", { intent: "order-status", id: kept.id, status: "cancelado" });
    expect(await stock()).toEqual({ emMaos: 3, reservado: 0, disponivel: 3 });
    const returned = await post("pedidos", {
      intent: "order-status",
      id: back.id,
      status: "cancelado",
      voltarAoEstoque: "on",
    });
    expect(returned.data.description).toBe("Os itens voltaram para o estoque.");
    expect(await stock()).toEqual({ emMaos: 6, reservado: 0, disponivel: 6 });
    const [row] = await db().select().from(pedidos).where(eq(pedidos.id, back.id));
    expect(row!.estoqueSituacao).toBe("devolvido");
  });

  it("sets the payment status, audited, and refuses unknown values", async () => {
    const p = await insertProduct();
    const order = await insertOrder([{ produtoId: p.id, nome: p.nome, preco: 500, quantidade: 1 }]);
    const result = await post("pedidos", {
      intent: "payment-status",
      id: order.id,
      status: "pago",
    });
    expect(result.data.ok).toBe(true);
    expect(
      (await db().select().from(pedidos).where(eq(pedidos.id, order.id)))[0]!.statusPagamento,
    ).toBe("pago");
    const bad = await post("pedidos", { intent: "payment-status", id: order.id, status: "talvez" });
    expect(bad.data.message).toBe("Erro ao atualizar pagamento");
    const [entry] = await auditEntries("payment_status_update");
    expect(entry!.details).toMatchObject({ de: "aguardando", para: "pago" });
  });
});

describe("admin store hub: settings and neighbourhoods", () => {
  const base = {
    intent: "settings-save",
    whatsappNumero: "(47) 99999-0416",
    whatsappAtivo: "on",
    taxaEntregaPadrao: "7,50",
    freteGratisMinimo: "40,00",
    webhookAtivo: "on",
  };

  it("validates and saves the store settings", async () => {
    const bad = await post("configuracoes", {
      ...base,
      pixManualAtivo: "on",
      pixChave: "chave@pix.com",
      pixNomeRecebedor: "Agropet Litoral Comércio de Rações",
      pixCidade: "Balneário Camboriú",
      webhookUrl: "não é url",
      whatsappNumero: "4799",
      taxaEntregaPadrao: "",
    });
    expect(bad.data.errors).toMatchObject({
      pixNomeRecebedor: "Nome do recebedor deve ter no máximo 25 caracteres",
      pixCidade: "Cidade deve ter no máximo 15 caracteres",
      webhookUrl: "URL inválida",
      whatsappNumero: "Número deve ter pelo menos 10 dígitos",
      taxaEntregaPadrao: "Taxa de entrega padrão é obrigatória",
    });
    const good = await post("configuracoes", {
      ...base,
      pixManualAtivo: "on",
      pixChave: "chave@pix.com",
      pixNomeRecebedor: "Agropet Litoral",
      pixCidade: "Itapema",
      webhookUrl: "https://exemplo.com/webhook",
      webhookSecret: "segredo-longo",
    });
    expect(good.data.message).toBe("Configurações salvas com sucesso!");
    const settings = await getSettings();
    expect(settings).toMatchObject({
      whatsappNumero: "47999990416",
      whatsappAtivo: true,
      taxaEntregaPadrao: 750,
      freteGratisMinimo: 4000,
      pixManualAtivo: true,
      pixNomeRecebedor: "Agropet Litoral",
      webhookUrl: "https://exemplo.com/webhook",
    });
    // The general read says the secret is set; only its owner reads it (decision 0063).
    expect(settings.segredosDefinidos.webhookSecret).toBe(true);
    expect((await secretSettings("notifications")).webhookSecret).toBe("segredo-longo");
    // Saving without typing the secret keeps it.
    await post("configuracoes", { ...base, webhookUrl: "https://exemplo.com/webhook" });
    expect((await secretSettings("notifications")).webhookSecret).toBe("segredo-longo");
    const [entry] = await auditEntries("settings_update");
    expect(JSON.stringify(entry!.details)).not.toContain("segredo-longo");
  });

  it("tests the webhook with the settings payload of SPEC §7.5", async () => {
    const received: { body: string; signature?: string }[] = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({ body, signature: req.headers["x-signature"] as string | undefined });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      await post("configuracoes", { ...base, webhookUrl: "", limparSegredo: "on" });
      expect((await post("configuracoes", { intent: "webhook-test" })).data.message).toBe(
        "Configure a URL do webhook primeiro",
      );

      await post("configuracoes", { ...base, webhookUrl: url });
      const okResult = await post("configuracoes", { intent: "webhook-test" });
      expect(okResult.data).toMatchObject({ ok: true, message: "Teste enviado com sucesso!" });
      const payload = JSON.parse(received[0]!.body);
      expect(payload.pedido).toMatchObject({
        cliente: expect.any(String),
        telefone: expect.any(String),
        total: expect.any(Number),
        status: "novo",
      });
      expect(payload.pedido.numero).toMatch(/^TESTE/);
      expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);

      status = 500;
      expect((await post("configuracoes", { intent: "webhook-test" })).data.message).toBe(
        "Erro no teste. Verifique a URL do webhook.",
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect((await post("configuracoes", { intent: "webhook-test" })).data.message).toBe(
      "Erro ao enviar teste",
    );
  });

  it("tests the webhook URL on the screen, not the saved one, validated and for admins only", async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      req.resume();
      req.on("end", () => {
        res.statusCode = req.url === "/digitada" ? 404 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await post("configuracoes", { ...base, webhookUrl: `${origin}/salva`, limparSegredo: "on" });
      expect((await getSettings()).webhookUrl).toBe(`${origin}/salva`);

      // Typed but not saved: that is the URL tested, and its failure is reported.
      const typed = await post("configuracoes", {
        intent: "webhook-test",
        webhookUrl: `${origin}/digitada`,
      });
      expect(hits).toEqual(["/digitada"]);
      expect(typed.data).toMatchObject({
        ok: false,
        message: "Erro no teste. Verifique a URL do webhook.",
        description: "HTTP 404 Not Found",
      });
      // The field emptied on the screen: nothing to test, even with a saved URL.
      const blank = await post("configuracoes", { intent: "webhook-test", webhookUrl: "  " });
      expect(blank.data.message).toBe("Configure a URL do webhook primeiro");
      // Not an http(s) URL: refused before any request.
      for (const bad of ["ftp://exemplo.com/hook", "javascript:alert(1)", "nao e url"]) {
        const refused = await post("configuracoes", { intent: "webhook-test", webhookUrl: bad });
        expect(refused.status).toBe(400);
        expect(refused.data).toMatchObject({ ok: false, errors: { webhookUrl: "URL inválida" } });
      }
      expect(hits).toEqual(["/digitada"]);
      // Signed in without admin rights, or not signed in: no request goes out.
      const { token: userToken } = await makeCustomer();
      const user = await postLoja(
        "configuracoes",
        { intent: "webhook-test", webhookUrl: `${origin}/intruso` },
        userToken,
      );
      expect(user.status).toBe(302);
      const anonymous = await postLoja("configuracoes", {
        intent: "webhook-test",
        webhookUrl: `${origin}/intruso`,
      });
      expect(anonymous.status).toBe(302);
      expect(hits).toEqual(["/digitada"]);
      // A request without a URL (an older page) still tests the saved one.
      expect((await post("configuracoes", { intent: "webhook-test" })).data.ok).toBe(true);
      expect(hits).toEqual(["/digitada", "/salva"]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("adds, edits, deactivates and removes neighbourhoods; refuses a duplicate name", async () => {
    const missing = await addBairro({ nome: "", taxaEntrega: "" });
    expect(missing.data.errors.nome).toBe("Preencha o nome do bairro e a taxa de entrega");
    const added = await addBairro({ nome: "Jardim  Praia Mar", taxaEntrega: "9,50" });
    expect(added.data.ok).toBe(true);
    const dup = await addBairro({ nome: "jardim praia mar", taxaEntrega: "1,00" });
    expect(dup.data.errors.nome).toBe("Este bairro já está cadastrado");
    const seeded = await addBairro({ nome: "MEIA PRAIA", taxaEntrega: "1,00" });
    expect(seeded.data.message).toBe("Este bairro já está cadastrado");
    const [row] = await db()
      .select()
      .from(bairrosEntrega)
      .where(eq(bairrosEntrega.nome, "Jardim Praia Mar"));
    expect(row!.taxaEntrega).toBe(950);
    await post("bairros", { intent: "bairro-fee", id: row!.id, taxaEntrega: "12,00" });
    await post("bairros", { intent: "bairro-toggle", id: row!.id, ativo: "false" });
    const [edited] = await db().select().from(bairrosEntrega).where(eq(bairrosEntrega.id, row!.id));
    expect(edited).toMatchObject({ taxaEntrega: 1200, ativo: false });
    await post("bairros", { intent: "bairro-delete", id: row!.id });
    expect(
      await db().select().from(bairrosEntrega).where(eq(bairrosEntrega.id, row!.id)),
    ).toHaveLength(0);
    expect(await auditEntries("bairro_create")).toHaveLength(1);
    expect(await auditEntries("bairro_update")).toHaveLength(2);
    expect(await auditEntries("bairro_delete")).toHaveLength(1);
  });
});
