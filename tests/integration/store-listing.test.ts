// The store list's filters, counts, sorts and pages on a fixture with known answers, on the
// real database (PGlite, and PostgreSQL in CI), through the summary the triggers keep
// (produtos_resumo, migration 0007).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STORE_SORTS } from "~/modules/catalog";
import {
  listStoreProducts,
  refreshBestSellers,
  VARIANT_SUMMARY_SQL,
} from "~/modules/catalog/index.server";
import { categorias } from "~/modules/catalog/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { db, queryRows } from "~/platform/db/client.server";
import { loader as storeLoader } from "~/routes/loja";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { insertOrder, insertProduct, setStock } from "../support/factories";

const ctx = withTestDatabase();

let meiaPraia: string;
let rua406: string;
const ids: Record<string, string> = {};

const names = (list: { produtos: { nome: string }[] }) => list.produtos.map((p) => p.nome);

beforeAll(async () => {
  await truncateAll(ctx.database);
  // Both units open, both with pick-up: "retire hoje" has two places.
  await db().update(unidades).set({ emBreve: false, ativo: true, retiradaAtiva: true });
  const units = await db().select({ id: unidades.id, slug: unidades.slug }).from(unidades);
  meiaPraia = units.find((u) => u.slug === "meia-praia")!.id;
  rua406 = units.find((u) => u.slug === "rua-406")!.id;
  const [racoes] = await db()
    .insert(categorias)
    .values({ nome: "Rações", ativo: true })
    .returning();
  const [acessorios] = await db()
    .insert(categorias)
    .values({ nome: "Acessórios", ativo: true })
    .returning();
  const make = async (
    key: string,
    nome: string,
    marca: string,
    categoriaId: string,
    preco: number,
    emMaos: number,
    unidadeId: string,
    precoAntes: number | null = null,
  ) => {
    const p = await insertProduct({
      nome,
      marca,
      categoriaId,
      sku: key,
      busca: nome
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase(),
      precoAtual: preco,
      precoAntes,
      estoque: 0,
    });
    await setStock(p.id, unidadeId, emMaos);
    ids[key] = p.id;
  };
  await make("A", "Ração Golden Cães Adultos 15 kg", "Golden", racoes!.id, 15000, 10, meiaPraia);
  await make(
    "B",
    "Ração Premier Gatos Castrados",
    "Premier",
    racoes!.id,
    9000,
    3,
    meiaPraia,
    10000,
  );
  await make("C", "Coleira Cães Vermelha", "Zee", acessorios!.id, 3000, 0, meiaPraia);
  await make("D", "Ração Golden Gatos", "Golden", racoes!.id, 12000, 5, rua406);
});

describe("store listing: filters, counts, sorts and pages", () => {
  it("lists what is available at an open unit, by name; the counts tell each filter's answer", async () => {
    const list = await listStoreProducts({});
    expect(names(list)).toEqual([
      "Ração Golden Cães Adultos 15 kg",
      "Ração Golden Gatos",
      "Ração Premier Gatos Castrados",
    ]);
    expect(list.total).toBe(3);
    const f = list.facetas;
    expect(f.categorias).toEqual([{ valor: "racoes", rotulo: "Rações", n: 3 }]);
    expect(f.marcas).toEqual([
      { valor: "Golden", rotulo: "Golden", n: 2 },
      { valor: "Premier", rotulo: "Premier", n: 1 },
    ]);
    expect(f.especies).toEqual([
      { valor: "caes", rotulo: "Cães", n: 1 },
      { valor: "gatos", rotulo: "Gatos", n: 2 },
    ]);
    expect(f.promocao).toBe(1);
    expect(f.esgotados).toBe(1);
    expect(f.unidades.map((u) => [u.valor, u.n])).toEqual(
      expect.arrayContaining([
        ["meia-praia", 2],
        ["rua-406", 1],
      ]),
    );
    expect(f.preco).toEqual({ min: 90, max: 150 });
  });

  it("a chosen brand narrows the list, not the brand counts (each count leaves its own filter out)", async () => {
    const list = await listStoreProducts({ marca: "golden" });
    expect(names(list)).toEqual(["Ração Golden Cães Adultos 15 kg", "Ração Golden Gatos"]);
    expect(list.facetas.marcas.map((m) => [m.valor, m.n])).toEqual([
      ["Golden", 2],
      ["Premier", 1],
    ]);
    expect(list.facetas.especies.map((e) => [e.valor, e.n])).toEqual([
      ["caes", 1],
      ["gatos", 1],
    ]);
  });

  it("sorts by the price customers pay, by newness and by name", async () => {
    expect(names(await listStoreProducts({ ordem: "menor-preco" }))).toEqual([
      "Ração Premier Gatos Castrados",
      "Ração Golden Gatos",
      "Ração Golden Cães Adultos 15 kg",
    ]);
    expect(names(await listStoreProducts({ ordem: "maior-preco" }))).toEqual([
      "Ração Golden Cães Adultos 15 kg",
      "Ração Golden Gatos",
      "Ração Premier Gatos Castrados",
    ]);
    expect(names(await listStoreProducts({ ordem: "novidades" }))[0]).toBe("Ração Golden Gatos");
  });

  it("filters by price, promotion, species and pick-up unit; sold-out ones only when asked, last", async () => {
    expect(names(await listStoreProducts({ precoMin: 100 }))).toEqual([
      "Ração Golden Cães Adultos 15 kg",
      "Ração Golden Gatos",
    ]);
    expect(names(await listStoreProducts({ precoMax: 100, precoMin: 0 }))).toEqual([
      "Ração Premier Gatos Castrados",
    ]);
    expect(names(await listStoreProducts({ promocao: true }))).toEqual([
      "Ração Premier Gatos Castrados",
    ]);
    expect(names(await listStoreProducts({ especie: "gatos", ordem: "menor-preco" }))).toEqual([
      "Ração Premier Gatos Castrados",
      "Ração Golden Gatos",
    ]);
    expect(names(await listStoreProducts({ unidade: "rua-406" }))).toEqual(["Ração Golden Gatos"]);
    const all = await listStoreProducts({ esgotados: true, ordem: "menor-preco" });
    expect(names(all).at(-1)).toBe("Coleira Cães Vermelha");
    expect(all.total).toBe(4);
    expect(all.facetas.categorias.map((c) => [c.valor, c.n])).toEqual([
      ["acessorios", 1],
      ["racoes", 3],
    ]);
  });

  it("pages keep the total honest, past the last page too", async () => {
    const first = await listStoreProducts({ porPagina: 2 });
    expect(first.paginas).toBe(2);
    expect(first.produtos).toHaveLength(2);
    const second = await listStoreProducts({ porPagina: 2, pagina: 2 });
    expect(names(second)).toEqual(["Ração Premier Gatos Castrados"]);
    const past = await listStoreProducts({ porPagina: 2, pagina: 9 });
    expect(past.produtos).toEqual([]);
    expect(past.total).toBe(3);
  });

  it("'mais vendidos' follows the recount of sales", async () => {
    await insertOrder(
      [{ produtoId: ids.D!, nome: "Ração Golden Gatos", preco: 120, quantidade: 3 }],
      { unidadeId: rua406 },
    );
    expect(await refreshBestSellers()).toBeGreaterThan(0);
    expect(names(await listStoreProducts({ ordem: "mais-vendidos" }))[0]).toBe(
      "Ração Golden Gatos",
    );
    // Nothing moved: nothing announced.
    expect(await refreshBestSellers()).toBe(0);
  });

  it("the summary the lists read always equals the variants and stock it sums up", async () => {
    // Sell B out, bring C back, move D's stock across units, deactivate A's variant.
    await setStock(ids.B!, meiaPraia, 0);
    await setStock(ids.C!, rua406, 7);
    await setStock(ids.D!, rua406, 3); // the 3 of the order above stay reserved: 0 available
    await setStock(ids.D!, meiaPraia, 2);
    const list = await listStoreProducts({});
    expect(names(list)).toEqual([
      "Coleira Cães Vermelha",
      "Ração Golden Cães Adultos 15 kg",
      "Ração Golden Gatos",
    ]);
    expect(list.produtos.find((p) => p.nome === "Coleira Cães Vermelha")?.estoque).toBe(7);
    expect(names(await listStoreProducts({ unidade: "rua-406" }))).toEqual([
      "Coleira Cães Vermelha",
    ]);
    await db().execute(sql`update variantes set ativo = false where id = ${ids.A!}`);
    const drift = await queryRows<{ id: string }>(
      db(),
      sql.raw(`select p.id from produtos p ${VARIANT_SUMMARY_SQL}
        join produtos_resumo r on r.produto_id = p.id
        where r.disponivel <> least(coalesce(a.estoque, 0), 6)
          or r.preco_min is distinct from a.preco_min
          or r.variacoes <> coalesce(a.variacoes, 0)`),
    );
    expect(drift).toEqual([]);
    await db().execute(sql`update variantes set ativo = true where id = ${ids.A!}`);
  });

  it("reads every filter from the address in the /loja loader, ignoring what it does not know", async () => {
    const result = (await storeLoader({
      request: makeRequest(
        "/loja?marca=Golden&ordem=maior-preco&preco_min=abc&especie=dragoes&pagina=-3",
      ),
      params: {},
      context: {},
    } as never)) as unknown as {
      data: { produtos: { nome: string }[]; query: Record<string, unknown> };
    };
    expect(result.data.query).toMatchObject({
      marca: "Golden",
      ordem: "maior-preco",
      precoMin: null,
      especie: "",
      pagina: 1,
    });
    expect(result.data.produtos.map((p) => p.nome)[0]).toBe("Ração Golden Cães Adultos 15 kg");
    // A category that does not exist: nothing, not an error.
    const none = await listStoreProducts({ categoria: "nao-existe" });
    expect(none.total).toBe(0);
  });
});

describe("store listing: the counts kept for the catalogue's version (loja_facetas)", () => {
  const version = async () =>
    Number(
      (await queryRows<{ versao: string }>(db(), sql`select versao from loja_facetas_versao`))[0]
        ?.versao,
    );

  it("are counted again after each change that can move them, and only then", async () => {
    const before = await listStoreProducts({});
    const v0 = await version();
    // A sale that leaves some of A: pages go stale, the counts do not.
    await setStock(ids.A!, meiaPraia, 9);
    expect(await version()).toBe(v0);
    expect((await listStoreProducts({})).facetas).toEqual(before.facetas);

    // A brand renamed.
    await db().execute(sql`update produtos set marca = 'Quatree' where id = ${ids.A!}`);
    expect(await version()).toBeGreaterThan(v0);
    const renamed = await listStoreProducts({});
    expect(renamed.facetas.marcas.map((m) => m.valor)).toContain("Quatree");
    await db().execute(sql`update produtos set marca = 'Golden' where id = ${ids.A!}`);

    // Sold out: it leaves the total and its unit's count.
    const v1 = await version();
    await setStock(ids.A!, meiaPraia, 0);
    expect(await version()).toBeGreaterThan(v1);
    const soldOut = await listStoreProducts({});
    expect(soldOut.total).toBe(before.total - 1);
    expect(soldOut.facetas.esgotados).toBe(before.facetas.esgotados + 1);
    await setStock(ids.A!, meiaPraia, 10);

    // A unit stops offering pick-up; a price changes; a category is switched off.
    await db().update(unidades).set({ retiradaAtiva: false }).where(sql`slug = 'meia-praia'`);
    expect((await listStoreProducts({})).facetas.unidades.map((u) => u.valor)).not.toContain(
      "meia-praia",
    );
    await db().update(unidades).set({ retiradaAtiva: true });
    await db().execute(sql`update variantes set preco = 200 where id = ${ids.A!}`);
    expect((await listStoreProducts({})).facetas.preco?.max).toBe(200);
    await db().execute(sql`update variantes set preco = 150 where id = ${ids.A!}`);
    await db().execute(sql`update categorias set ativo = false where nome = 'Rações'`);
    expect((await listStoreProducts({})).facetas.categorias.map((c) => c.valor)).not.toContain(
      "racoes",
    );
    await db().execute(sql`update categorias set ativo = true where nome = 'Rações'`);

    // Everything back: the same counts as at the start.
    expect((await listStoreProducts({})).facetas).toEqual(before.facetas);
  });

  it("keep up to 500 listings per version; past that a listing is counted, not kept", async () => {
    const stored = async () =>
      Number(
        (await queryRows<{ n: string }>(db(), sql`select count(*) as n from loja_facetas`))[0]?.n,
      );
    await listStoreProducts({ marca: "Golden" });
    const v = await version();
    const before = await stored();
    await db().execute(
      sql`insert into loja_facetas (chave, versao, facetas)
          select 'enchimento ' || i, ${v}, '{}'::jsonb from generate_series(1, ${500 - before}) i`,
    );
    const list = await listStoreProducts({ precoMin: 100 });
    expect(names(list)).toEqual(["Ração Golden Cães Adultos 15 kg", "Ração Golden Gatos"]);
    expect(await stored()).toBe(500);
    // A change that moves the counts: the old version's rows go with the next one kept.
    await db().execute(sql`update produtos set marca = 'Golden' where id = ${ids.B!}`);
    await listStoreProducts({ precoMin: 100 });
    expect(await stored()).toBe(1);
    await db().execute(sql`update produtos set marca = 'Premier' where id = ${ids.B!}`);
  });
});

describe("store listing: a search with every sort", () => {
  it("searches and sorts by each order without failing", async () => {
    for (const { value: ordem } of STORE_SORTS) {
      const list = await listStoreProducts({ q: "racao golden", ordem });
      expect(names(list).sort()).toEqual(["Ração Golden Cães Adultos 15 kg", "Ração Golden Gatos"]);
    }
  });
});
