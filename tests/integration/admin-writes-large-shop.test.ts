// Routine admin writes that used to hold the whole shop (issue 39, point 8; decision 0055):
// saving a unit recomputed every product's summary in the save itself (54 s with 10,000
// products on PGlite), and a 2,000-row import wrote in two long transactions. Now a save
// that leaves a unit selling as it did touches no summary; one that closes it, or turns it
// "em breve", lists only the products stocked there, which the app recomputes a slice at a
// time; an import writes in short slices.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { importProducts, refreshPendingSummaries } from "~/modules/catalog/index.server";
import { importStockWriter } from "~/modules/inventory/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { db, queryRows } from "~/platform/db/client.server";
import { action } from "~/routes/admin/unidades";
import { withTestDatabase } from "../setup/db";
import { formRequest } from "../setup/requests";
import { auditEntries, defaultUnitId, insertProduct, makeAdmin } from "../support/factories";
import { call } from "../support/routes";
import { unitEditForm } from "../support/units";

withTestDatabase();
let token: string;
let adminId: string;
const STOCKED = 450;

beforeAll(async () => {
  const admin = await makeAdmin();
  token = admin.token;
  adminId = admin.user.id;
  await db().execute(sql`insert into categorias (nome) values ('Rações') on conflict do nothing`);
});

async function unitRow(id: string) {
  const [row] = await db().select().from(unidades).where(sql`${unidades.id} = ${id}`);
  return row!;
}

/** Saves the unit through /admin/unidades as the dialog sends it, with `changes` over it. */
async function saveUnit(id: string, changes: Record<string, string | undefined> = {}) {
  const unit = await unitRow(id);
  const fields = unitEditForm(unit, changes);
  const result = await call(action, formRequest("/admin/unidades", fields, { token }));
  expect(result.data).toMatchObject({ ok: true });
}

async function summary(produtoId: string) {
  const [row] = await queryRows<{ disponivel: number; unidades: string[] }>(
    db(),
    sql`select disponivel, unidades_com_estoque as unidades from produtos_resumo
      where produto_id = ${produtoId}`,
  );
  return row!;
}

async function pending(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db(),
    sql`select produto_id as id from produtos_resumo_pendentes`,
  );
  return rows.map((r) => r.id);
}

/** Many products with one variant stocked (5) at `unidadeId`, in three statements. */
async function stockedProducts(n: number, unidadeId: string, tag: string): Promise<string[]> {
  const [categoria] = await queryRows<{ id: string }>(
    db(),
    sql`insert into categorias (nome) values (${`Lote ${tag}`}) returning id`,
  );
  const ids = await queryRows<{ id: string }>(
    db(),
    sql`insert into produtos (nome, categoria_id)
      select ${`Lote ${tag} `} || g, ${categoria!.id}::uuid
      from generate_series(1, ${n}) g returning id`,
  );
  await db().execute(sql`insert into variantes (id, produto_id, sku, preco)
    select p.id, p.id, ${`LOTE-${tag}-`} || p.id, 10 from produtos p
    where p.nome like ${`Lote ${tag} %`}`);
  await db().execute(sql`insert into estoque (variante_id, unidade_id, em_maos)
    select p.id, ${unidadeId}, 5 from produtos p where p.nome like ${`Lote ${tag} %`}`);
  return ids.map((r) => r.id);
}

describe("saving a unit", { timeout: 120_000 }, () => {
  it("as it is, or renamed, recomputes no product's summary", async () => {
    const unidadeId = await defaultUnitId();
    const product = await insertProduct({ estoque: 10 });
    expect((await summary(product.id)).disponivel).toBe(6);
    // A summary made stale by hand: a save that recomputed every product would mend it.
    await db().execute(
      sql`update produtos_resumo set disponivel = 0 where produto_id = ${product.id}`,
    );

    await saveUnit(unidadeId);
    expect((await summary(product.id)).disponivel).toBe(0);
    const unit = await unitRow(unidadeId);
    await saveUnit(unidadeId, { nome: `${unit.nome} Centro` });
    await saveUnit(unidadeId, { nome: unit.nome, telefone: "(47) 3368-1234" });
    expect((await summary(product.id)).disponivel).toBe(0);
    expect(await pending()).toEqual([]);

    // Mended by what does touch it (its stock), for the tests below.
    await db().execute(sql`select agropet_resume_produtos(array[${product.id}]::uuid[])`);
    expect((await summary(product.id)).disponivel).toBe(6);
  });

  it(`closed and opened again: only the products stocked there are listed, and ${STOCKED} are recomputed in slices`, async () => {
    const unidadeId = await defaultUnitId();
    const [other] = await queryRows<{ id: string }>(
      db(),
      sql`select id from unidades where id <> ${unidadeId} order by posicao limit 1`,
    );
    const here = await stockedProducts(STOCKED, unidadeId, "aqui");
    const elsewhere = await stockedProducts(3, other!.id, "ali");
    expect((await summary(here[0]!)).unidades).toEqual([unidadeId]);

    await saveUnit(unidadeId, { ativo: undefined });
    const listed = new Set(await pending());
    for (const id of here) expect(listed.has(id)).toBe(true);
    for (const id of elsewhere) expect(listed.has(id)).toBe(false);
    // Not yet recomputed: the save did not wait for them.
    expect((await summary(here[0]!)).disponivel).toBe(5);

    expect(await refreshPendingSummaries()).toBe(listed.size);
    expect(await pending()).toEqual([]);
    for (const id of [here[0]!, here.at(-1)!]) {
      expect(await summary(id)).toEqual({ disponivel: 0, unidades: [] });
    }

    await saveUnit(unidadeId, { ativo: "on" });
    expect(await refreshPendingSummaries()).toBe(listed.size);
    expect(await summary(here[200]!)).toEqual({ disponivel: 5, unidades: [unidadeId] });
    // While another request asks for the same work, it is done once more, not twice at once.
    const [a, b] = await Promise.all([refreshPendingSummaries(), refreshPendingSummaries()]);
    expect([a, b]).toEqual([0, 0]);
  });
});

describe("a large import", { timeout: 180_000 }, () => {
  it("is written in short slices, each a transaction with its audit entry", async () => {
    const rows = 600;
    const lines = [
      "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade",
    ];
    for (let i = 1; i <= rows; i++) {
      lines.push(
        `Ração Fatia ${i};Em fatias;Rações;Ração seca;Golden;20,00;39,90;;7;FATIA-${i};UN`,
      );
    }
    const before = (await auditEntries("product_import")).length;
    const actor = { request: new Request("http://localhost/admin/importar"), userId: adminId };
    const result = await importProducts(
      Buffer.from(lines.join("\n")),
      "fatias.csv",
      actor,
      importStockWriter(null),
    );
    expect(result.imported).toBe(rows);
    const lotes = (await auditEntries("product_import")).length - before;
    // 600 rows in slices of at most 200 variants: at least three transactions.
    expect(lotes).toBeGreaterThanOrEqual(3);
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from produtos where nome like 'Ração Fatia %'`,
    );
    expect(count!.n).toBe(rows);
  });
});
