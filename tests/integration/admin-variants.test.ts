// The admin's Variações of a product (options, grid, stock per unit) through its page's
// loader and action, on a real database.
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { VariantRowForm, VariantsForm } from "~/modules/catalog";
import * as catalog from "~/modules/catalog/index.server";
import * as tables from "~/modules/catalog/testing.server";
import { reserveStock } from "~/modules/inventory/index.server";
import { estoque, movimentosEstoque } from "~/modules/inventory/testing.server";
import { itensPedido } from "~/modules/orders/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { db, transaction } from "~/platform/db/client.server";
import { action, loader } from "~/routes/admin/loja/variacoes";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withAdmin } from "../support/admin";
import { auditEntries, insertOrder, productsIn } from "../support/factories";
import { postLoja } from "../support/loja-actions";
import { call } from "../support/routes";

const ctx = withTestDatabase();
const newProduct = productsIn(ctx);
const admin = withAdmin();
let meiaPraia: string;
let novaUnidade: string;

beforeAll(async () => {
  const units = await db().select().from(unidades).orderBy(asc(unidades.posicao));
  meiaPraia = units.find((u) => u.slug === "meia-praia")!.id;
  novaUnidade = units.find((u) => u.slug === "rua-406")!.id;
});

const url = (id: string) => `/admin/loja/produtos/${id}/variacoes`;

function save(id: string, form: VariantsForm) {
  return call(
    action,
    formRequest(
      url(id),
      { intent: "variants-save", dados: JSON.stringify(form) },
      { token: admin.token },
    ),
    { id },
  );
}

function load(id: string) {
  return call(loader, makeRequest(url(id), { token: admin.token }), { id });
}

const peso = { nome: "Peso", valores: ["1 kg", "3 kg", "15 kg"] };

function row(valores: string[], values: Partial<VariantRowForm> = {}): VariantRowForm {
  return {
    valores,
    sku: "",
    ean: "",
    preco: "10,00",
    precoAntes: "",
    pesoG: "",
    imagem: "produto",
    ativo: true,
    estoque: {},
    ...values,
  };
}

/** A product with Peso 1 kg, 3 kg, 15 kg saved through the page; its id and SKU prefix. */
async function productWithWeights() {
  const tag = crypto.randomBytes(3).toString("hex").toUpperCase();
  const product = await newProduct({ nome: `Ração ${tag}`, preco: 1500, estoque: 4 });
  const result = await save(product.id, {
    opcoes: [peso],
    variantes: [
      row(["1 kg"], {
        id: product.id,
        sku: `R${tag}-1`,
        preco: "19,90",
        precoAntes: "24,90",
        pesoG: "1000",
        estoque: { [meiaPraia]: "10", [novaUnidade]: "2" },
      }),
      row(["3 kg"], {
        sku: `R${tag}-3`,
        // The tag read as a number: as unique as the SKUs (its digits alone collided).
        ean: `789${Number.parseInt(tag, 16).toString().padStart(8, "0")}`,
        preco: "49,90",
        estoque: { [meiaPraia]: "5", [novaUnidade]: "0" },
      }),
      row(["15 kg"], {
        sku: `R${tag}-15`,
        preco: "189,90",
        pesoG: "15000",
        custo: "121,00",
        ncm: "2309.10.00",
        estoque: { [meiaPraia]: "0", [novaUnidade]: "3" },
      }),
    ],
  });
  expect(result.data).toMatchObject({ ok: true, message: "Variações salvas" });
  return { product, tag };
}

async function variantsOf(produtoId: string) {
  return db()
    .select()
    .from(tables.variantes)
    .where(eq(tables.variantes.produtoId, produtoId))
    .orderBy(asc(tables.variantes.posicao));
}

/**
 * The form as the page would post it again, from what the loader gives: the variants of
 * the current options (one kept inactive outside them stays out of the grid).
 */
async function formFromLoader(produtoId: string): Promise<VariantsForm> {
  const { data } = await load(produtoId);
  const opcoes: { valores: string[] }[] = data.produto.opcoes;
  const fits = (valores: string[]) =>
    valores.length === opcoes.length && valores.every((v, i) => opcoes[i]!.valores.includes(v));
  return {
    opcoes: data.produto.opcoes,
    variantes: data.variantes
      .filter((v: { valores: string[] }) => fits(v.valores))
      .map(
        (v: {
          id: string;
          valores: string[];
          sku: string;
          ean: string | null;
          preco: number;
          ativo: boolean;
          estoque: { unidadeId: string; emMaos: number }[];
        }) =>
          row(v.valores, {
            id: v.id,
            sku: v.sku,
            ean: v.ean ?? "",
            preco: String(v.preco / 100).replace(".", ","),
            ativo: v.ativo,
            estoque: Object.fromEntries(v.estoque.map((s) => [s.unidadeId, String(s.emMaos)])),
          }),
      ),
  };
}

async function snapshot(produtoId: string) {
  const [vars, stock, moves, produto] = await Promise.all([
    variantsOf(produtoId),
    db().execute(
      sql`select e.* from estoque e join variantes v on v.id = e.variante_id where v.produto_id = ${produtoId} order by 1, 2`,
    ),
    db().execute(
      sql`select count(*)::int as n from movimentos_estoque m join variantes v on v.id = m.variante_id where v.produto_id = ${produtoId}`,
    ),
    db().select().from(tables.produtos).where(eq(tables.produtos.id, produtoId)),
  ]);
  return JSON.stringify([vars, stock, moves, produto]);
}

describe("admin: a product's variations", () => {
  it("saves options, three variants with prices, and stock per unit with its ledger", async () => {
    const { product, tag } = await productWithWeights();
    const vars = await variantsOf(product.id);
    expect(vars.map((v) => [v.rotulo, v.sku, v.preco, v.precoAntes, v.pesoG, v.opcao1])).toEqual([
      ["1 kg", `R${tag}-1`, 1990, 2490, 1000, "1 kg"],
      ["3 kg", `R${tag}-3`, 4990, null, null, "3 kg"],
      ["15 kg", `R${tag}-15`, 18990, null, 15000, "15 kg"],
    ]);
    // Each pack size its own cost and NCM (issue 44).
    expect(vars.map((v) => [v.custo, v.ncm])).toEqual([
      [null, null],
      [null, null],
      [12100, "23091000"],
    ]);
    // The default variant became the first combination, keeping the product's id.
    expect(vars[0]!.id).toBe(product.id);
    const [stored] = await db()
      .select()
      .from(tables.produtos)
      .where(eq(tables.produtos.id, product.id));
    expect(stored!.opcoes).toEqual([peso]);
    // The variants' codes are searchable.
    expect(stored!.busca).toContain(`r${tag.toLowerCase()}-15`);
    expect(stored!.busca).toContain("15 kg");

    const stock = await db()
      .select()
      .from(estoque)
      .where(
        sql`${estoque.varianteId} in (select id from variantes where produto_id = ${product.id})`,
      );
    const emMaos = (varianteId: string, unidadeId: string) =>
      stock.find((s) => s.varianteId === varianteId && s.unidadeId === unidadeId)?.emMaos ?? 0;
    expect(emMaos(vars[0]!.id, meiaPraia)).toBe(10);
    expect(emMaos(vars[0]!.id, novaUnidade)).toBe(2);
    expect(emMaos(vars[1]!.id, meiaPraia)).toBe(5);
    expect(emMaos(vars[2]!.id, novaUnidade)).toBe(3);

    const moves = await db()
      .select()
      .from(movimentosEstoque)
      .where(eq(movimentosEstoque.motivo, "Variações do produto"));
    const mine = moves.filter((m) => vars.some((v) => v.id === m.varianteId));
    // 4 → 10 and 0 → 2 for 1 kg, 5 for 3 kg, 3 for 15 kg; unchanged zeros write nothing.
    expect(mine).toHaveLength(4);
    expect(mine.every((m) => m.tipo === "ajuste" && m.usuarioEmail === admin.email)).toBe(true);
    expect(
      mine.find((m) => m.varianteId === product.id && m.unidadeId === meiaPraia),
    ).toMatchObject({ deltaEmMaos: 6, emMaosDepois: 10 });

    const [entry] = await auditEntries("product_variants_update");
    expect(entry!.resourceId).toBe(product.id);
  });

  it("shows the store a price 'a partir de' and each variant, and finds a variant by SKU", async () => {
    const { product, tag } = await productWithWeights();
    const store = await catalog.getStoreProduct(product.id);
    // Available at the open unit only (Nova Unidade is "em breve"): 10 + 5 + 0.
    expect(store).toMatchObject({ precoAtual: 1990, precoMax: 18990, variacoes: 3, estoque: 15 });
    const sale = await catalog.productSaleVariants(product.id);
    expect(sale.map((v) => [v.rotulo, v.preco, v.precoAntes, v.estoque])).toEqual([
      ["1 kg", 1990, 2490, 10],
      ["3 kg", 4990, null, 5],
      ["15 kg", 18990, null, 0],
    ]);
    const found = await catalog.listStoreProducts({ q: `R${tag}-3` });
    expect(found.produtos.map((p) => p.id)).toEqual([product.id]);
  });

  it("lists the price range and the stock per unit in the admin's product list", async () => {
    const { product, tag } = await productWithWeights();
    const { products } = await catalog.listAdminProducts({ q: `ração ${tag}` });
    expect(products).toHaveLength(1);
    const listed = products[0]!;
    expect(listed).toMatchObject({
      id: product.id,
      precoAtual: 1990,
      precoMax: 18990,
      estoque: 15,
    });
    expect(listed.porUnidade.map((u) => [u.unidadeId, u.disponivel, u.emBreve])).toEqual([
      [meiaPraia, 15, false],
      [novaUnidade, 5, true],
    ]);
  });

  it("loads the page's data, and answers 404 for an unknown product", async () => {
    const { product } = await productWithWeights();
    const { data } = await load(product.id);
    expect(data.produto.opcoes).toEqual([peso]);
    expect(data.unidades.map((u: { id: string }) => u.id)).toEqual([meiaPraia, novaUnidade]);
    expect(data.variantes).toHaveLength(3);
    expect(data.variantes[0].estoque).toEqual(
      expect.arrayContaining([{ unidadeId: meiaPraia, emMaos: 10, reservado: 0 }]),
    );
    const missing = await load(crypto.randomUUID());
    expect(missing.status).toBe(404);
  });

  it("refuses a SKU twice in the grid or taken by another product, writing nothing", async () => {
    const { product, tag } = await productWithWeights();
    const before = await snapshot(product.id);
    const form = await formFromLoader(product.id);

    form.variantes[1]!.sku = `R${tag}-1`;
    const twice = await save(product.id, form);
    expect(twice.status).toBe(400);
    expect(twice.data.message).toBe(`Variação 3 kg: o SKU R${tag}-1 já está na Variação 1 kg`);
    expect(twice.data.errors["variantes.1.sku"]).toBeDefined();

    const other = await newProduct({ nome: "Outro", preco: 1000, estoque: 1, sku: `OUT${tag}` });
    const [otherVariant] = await variantsOf(other.id);
    form.variantes[1]!.sku = otherVariant!.sku;
    const taken = await save(product.id, form);
    expect(taken.status).toBe(400);
    expect(taken.data.message).toBe(`Já existe uma variação com o SKU ${otherVariant!.sku}`);
    expect(taken.data.errors).toEqual({
      "variantes.1.sku": `Já existe uma variação com o SKU ${otherVariant!.sku}`,
    });
    expect(await snapshot(product.id)).toBe(before);
  });

  it("refuses a repeated combination", async () => {
    const { product } = await productWithWeights();
    const before = await snapshot(product.id);
    const form = await formFromLoader(product.id);
    form.variantes[2]!.valores = ["3 kg"];
    const result = await save(product.id, form);
    expect(result.status).toBe(400);
    expect(result.data.message).toBe("Variação 3 kg: a combinação 3 kg está repetida");
    expect(await snapshot(product.id)).toBe(before);
  });

  it("removing a sold variant deactivates it; an unsold one is deleted", async () => {
    const { product } = await productWithWeights();
    const vars = await variantsOf(product.id);
    const sold = vars[1]!; // 3 kg
    const unsold = vars[2]!; // 15 kg
    await sellOne(product.id, sold.id, product.nome);

    const form = await formFromLoader(product.id);
    form.opcoes = [{ nome: "Peso", valores: ["1 kg"] }];
    form.variantes = form.variantes.slice(0, 1);
    const result = await save(product.id, form);
    expect(result.data).toMatchObject({
      ok: true,
      description: "Desativadas por terem vendas: 3 kg. Excluídas: 15 kg.",
    });
    const after = await variantsOf(product.id);
    expect(after.map((v) => [v.rotulo, v.ativo])).toEqual([
      ["1 kg", true],
      ["3 kg", false],
    ]);
    expect(after.some((v) => v.id === unsold.id)).toBe(false);
    const [item] = await db().select().from(itensPedido).where(eq(itensPedido.varianteId, sold.id));
    expect(item).toBeDefined();

    // Back to the three weights: 3 kg comes back (the same variant), 15 kg is new.
    const again = await formFromLoader(product.id);
    again.opcoes = [peso];
    again.variantes.push(
      row(["3 kg"], { sku: sold.sku, preco: "49,90" }),
      row(["15 kg"], { sku: `${sold.sku}-NOVO`, preco: "189,90" }),
    );
    const revived = await save(product.id, again);
    expect(revived.data.ok).toBe(true);
    const now = await variantsOf(product.id);
    expect(now.map((v) => [v.rotulo, v.ativo])).toEqual([
      ["1 kg", true],
      ["3 kg", true],
      ["15 kg", true],
    ]);
    expect(now[1]!.id).toBe(sold.id);
  });

  it("refuses stock below what orders reserve, naming the variant and the unit", async () => {
    const { product } = await productWithWeights();
    const vars = await variantsOf(product.id);
    await sellOne(product.id, vars[1]!.id, product.nome, 3);
    const before = await snapshot(product.id);
    const form = await formFromLoader(product.id);
    form.variantes[1]!.estoque[meiaPraia] = "2";
    form.variantes[0]!.estoque[meiaPraia] = "7";
    const result = await save(product.id, form);
    expect(result.status).toBe(400);
    expect(result.data.message).toBe(
      "Variação 3 kg: não é possível deixar menos que o reservado (3) na unidade Unidade Meia Praia",
    );
    expect(await snapshot(product.id)).toBe(before);
  });

  it("the product form of a product with options leaves its variants alone", async () => {
    const { product } = await productWithWeights();
    const before = await variantsOf(product.id);
    const [stored] = await db()
      .select()
      .from(tables.produtos)
      .where(eq(tables.produtos.id, product.id));
    const result = await postLoja(
      "produtos",
      {
        intent: "product-update",
        id: product.id,
        nome: `${product.nome} Premium`,
        categoriaId: stored!.categoriaId,
        precoAtual: "19,90",
        ativo: "on",
      },
      admin.token,
    );
    expect(result.data).toMatchObject({ ok: true });
    expect(await variantsOf(product.id)).toEqual(
      before.map((v) => ({ ...v, updatedAt: expect.any(Date) })),
    );
    const [after] = await db()
      .select()
      .from(tables.produtos)
      .where(eq(tables.produtos.id, product.id));
    expect(after!.nome).toBe(`${product.nome} Premium`);
    // The search text keeps the variants' codes after the product's edit.
    expect(after!.busca).toContain(before[2]!.sku.toLowerCase());
  });

  it("keeps a product without options as its one default variant", async () => {
    const product = await newProduct({ nome: "Coleira simples", preco: 2500, estoque: 3 });
    const form = await formFromLoader(product.id);
    expect(form.opcoes).toEqual([]);
    expect(form.variantes).toHaveLength(1);
    form.variantes[0]!.preco = "27,50";
    form.variantes[0]!.sku = "COLEIRA-S";
    const result = await save(product.id, form);
    expect(result.data.ok).toBe(true);
    const vars = await variantsOf(product.id);
    expect(vars.map((v) => [v.id, v.sku, v.preco, v.rotulo])).toEqual([
      [product.id, "COLEIRA-S", 2750, ""],
    ]);
  });
});

/** An order that reserved `quantidade` of one variant at Meia Praia, with its item. */
async function sellOne(produtoId: string, varianteId: string, nome: string, quantidade = 1) {
  // insertOrder takes products' default variants: one line of another product, then ours.
  const other = await newProduct({ nome: "Brinde", preco: 100, estoque: 1 });
  const order = await insertOrder(
    [{ produtoId: other.id, nome: other.nome, preco: 100, quantidade: 1 }],
    { unidadeId: meiaPraia },
  );
  await transaction(async (tx) => {
    const reserved = await reserveStock(
      tx,
      meiaPraia,
      [{ varianteId, quantidade }],
      order.id,
      new Date(),
    );
    if (!reserved.ok) throw new Error("reserva falhou");
  });
  await db()
    .insert(itensPedido)
    .values({
      pedidoId: order.id,
      produtoId,
      varianteId,
      unidadeId: meiaPraia,
      produtoNome: nome,
      produtoPreco: 4990,
      quantidade,
      subtotal: 4990 * quantidade,
    });
}
