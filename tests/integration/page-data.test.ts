// The public pages' data generation, on the real database (PGlite, and PostgreSQL in CI):
// a committed change to what the pages show moves it, through the trigger and NOTIFY of
// migration 0003; orders, sessions and the like do not; a rolled-back change does not; on
// PostgreSQL a lost listening connection stops caching until it is back.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStoreProducts } from "~/modules/catalog/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import { queryRows } from "~/platform/db/client.server";
import {
  keptByKeyUntilChanged,
  keptUntilChanged,
  onPageDataChange,
  PAGE_DATA_CHANNEL,
  pageDataGeneration,
  QUANTITY_REFRESH_MS,
  stopPageDataWatch,
  watchPageData,
} from "~/platform/page-data.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";

const ctx = withTestDatabase();

const heard: string[] = [];
let stopHearing: () => void;

beforeAll(async () => {
  await seedDatabase();
  await watchPageData(ctx.database);
  // What the watcher itself heard, in its order: a marker heard means all before it was.
  stopHearing = onPageDataChange((table) => heard.push(table));
});
afterAll(async () => {
  stopHearing();
  await stopPageDataWatch();
});

let markers = 0;

/** How many times `change` moved the generation (notices arrive a moment after commit). */
async function generationAfter(change: () => Promise<unknown>): Promise<number> {
  const before = pageDataGeneration() ?? 0;
  await change();
  // A marker through the same channel: once it is heard, any earlier notice was too.
  const marker = `marca-${++markers}`;
  await ctx.database.db.execute(sql`select pg_notify(${PAGE_DATA_CHANNEL}, ${marker})`);
  await expect.poll(() => heard.includes(marker), { timeout: 5_000 }).toBe(true);
  return (pageDataGeneration() ?? 0) - before - 1;
}

describe("page data generation", () => {
  it("moves on each committed change to products, categories, coupons, neighbourhoods and settings", async () => {
    expect(pageDataGeneration()).not.toBeNull();
    const db = ctx.database.db;
    // One notice per change (plus the marker's own).
    expect(await generationAfter(() => db.execute(sql`update produtos set ativo = ativo`))).toBe(1);
    expect(await generationAfter(() => db.execute(sql`update categorias set nome = nome`))).toBe(1);
    // What a product page shows of its packs, their stock per unit, and the units.
    expect(await generationAfter(() => db.execute(sql`update variantes set preco = preco`))).toBe(
      1,
    );
    expect(await generationAfter(() => db.execute(sql`delete from estoque where false`))).toBe(1);
    expect(await generationAfter(() => db.execute(sql`update unidades set nome = nome`))).toBe(1);
    expect(await generationAfter(() => db.execute(sql`delete from cupons where false`))).toBe(1);
    expect(await generationAfter(() => db.execute(sql`update bairros_entrega set id = id`))).toBe(
      1,
    );
    expect(
      await generationAfter(() =>
        db.execute(sql`update configuracoes set frete_gratis_minimo = frete_gratis_minimo`),
      ),
    ).toBe(1);
  });

  it("a sale that crosses what the lists tell (esgotado, últimas 1 to 5) moves it at once; any other quantity once, seconds later, however many sales", async () => {
    const db = ctx.database.db;
    const [row] = await queryRows<{ v: string; u: string; em_maos: number; reservado: number }>(
      db,
      sql`select variante_id as v, unidade_id as u, em_maos, reservado from estoque
          where em_maos - reservado > 20 limit 1`,
    );
    const key = sql`variante_id = ${row!.v} and unidade_id = ${row!.u}`;
    // 40 -> 39 available tells nothing new to a list: not at once…
    const quiet = await generationAfter(async () => {
      for (let i = 0; i < 5; i++) {
        await db.execute(sql`update estoque set em_maos = em_maos - 1 where ${key}`);
      }
    });
    expect(quiet).toBe(0);
    // …but once, a few seconds later (the product page's exact number, the cart's bound).
    const before = pageDataGeneration() ?? 0;
    await expect
      .poll(() => (pageDataGeneration() ?? 0) - before, { timeout: QUANTITY_REFRESH_MS + 3_000 })
      .toBe(1);
    // Down to 5 available: "últimas 5 unidades", at once; and to 0, at once.
    expect(
      await generationAfter(() =>
        db.execute(sql`update estoque set em_maos = reservado + 5 where ${key}`),
      ),
    ).toBe(1);
    expect(
      await generationAfter(() =>
        db.execute(sql`update estoque set em_maos = reservado where ${key}`),
      ),
    ).toBe(1);
    // Back as it was; its own refresh, seconds later, is awaited here, not in the next test.
    const settled = pageDataGeneration() ?? 0;
    await db.execute(
      sql`update estoque set em_maos = reservado + ${row!.em_maos - row!.reservado} where ${key}`,
    );
    await expect
      .poll(() => (pageDataGeneration() ?? 0) - settled, { timeout: QUANTITY_REFRESH_MS + 3_000 })
      .toBe(2);
  });

  it("a coupon used at checkout moves nothing until it runs out; the staff's edits move it", async () => {
    const db = ctx.database.db;
    // A new coupon is heard (awaited here, so its notice is not counted below).
    expect(
      await generationAfter(() =>
        db.execute(
          sql`insert into cupons (codigo, tipo, valor, ativo, limite_usos) values ('PAGINAS3', 'percentual', 5, true, 3)`,
        ),
      ),
    ).toBe(1);
    const use = () => db.execute(sql`update cupons set usos = usos + 1 where codigo = 'PAGINAS3'`);
    expect(await generationAfter(use)).toBe(0);
    expect(await generationAfter(use)).toBe(0);
    // The third use reaches the limit: the pages hear of it.
    expect(await generationAfter(use)).toBe(1);
    expect(
      await generationAfter(() =>
        db.execute(sql`update cupons set ativo = false where codigo = 'PAGINAS3'`),
      ),
    ).toBe(1);
  });

  it("stays put for what no public page shows, and for a change rolled back", async () => {
    const db = ctx.database.db;
    expect(await generationAfter(() => db.execute(sql`delete from sessoes where false`))).toBe(0);
    expect(await generationAfter(() => db.execute(sql`update pedidos set id = id`))).toBe(0);
    expect(
      await generationAfter(() =>
        db
          .transaction(async (tx) => {
            await tx.execute(sql`update produtos set ativo = ativo`);
            throw new Error("desfaz");
          })
          .catch(() => undefined),
      ),
    ).toBe(0);
  });

  // Runs in the PostgreSQL round (.ci/run): the embedded database has no connection to lose.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "PostgreSQL: while the listening connection is down nothing is cached; it comes back by itself",
    async () => {
      const db = ctx.database.db;
      const terminated = await queryRows<{ ok: boolean }>(
        db,
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(terminated.some((row) => row.ok)).toBe(true);
      await expect.poll(() => pageDataGeneration(), { timeout: 5_000 }).toBeNull();
      await expect.poll(() => pageDataGeneration(), { timeout: 10_000 }).not.toBeNull();
      expect(await generationAfter(() => db.execute(sql`update produtos set ativo = ativo`))).toBe(
        1,
      );
    },
  );
});

describe("storefront reads kept until their tables change", () => {
  it("reads once, until its own table announces a change; another table's change keeps it", async () => {
    const db = ctx.database.db;
    let loads = 0;
    const kept = keptUntilChanged(["configuracoes"], async () => {
      loads += 1;
      const [row] = await queryRows<{ minimo: string }>(
        db,
        sql`select frete_gratis_minimo::text as minimo from configuracoes where id = 1`,
      );
      return Number(row!.minimo);
    });
    const before = await kept.get();
    expect(await kept.get()).toBe(before);
    expect(loads).toBe(1);
    await generationAfter(() => db.execute(sql`update produtos set ativo = ativo`));
    await kept.get();
    expect(loads).toBe(1);

    await generationAfter(() =>
      db.execute(sql`update configuracoes set frete_gratis_minimo = frete_gratis_minimo + 1`),
    );
    expect(await kept.get()).toBe(before + 1);
    expect(loads).toBe(2);
    kept.forget();
    await kept.get();
    expect(loads).toBe(3);
  });

  it("the settings the storefront reads follow a change made anywhere", async () => {
    const db = ctx.database.db;
    const before = await currentSettings();
    await generationAfter(() =>
      db.execute(sql`update configuracoes set taxa_entrega_padrao = taxa_entrega_padrao + 1`),
    );
    expect((await currentSettings()).taxaEntregaPadrao).toBe(before.taxaEntregaPadrao + 100);
  });

  it("reads every time while changes cannot be heard", async () => {
    let loads = 0;
    const kept = keptUntilChanged(["bairros_entrega"], async () => ++loads);
    await kept.get();
    await kept.get();
    expect(loads).toBe(1);
    await stopPageDataWatch();
    try {
      await kept.get();
      await kept.get();
      expect(loads).toBe(3);
    } finally {
      await watchPageData(ctx.database);
    }
    // Hearing again: what was kept before may have missed a change, so it is read anew.
    await kept.get();
    expect(loads).toBe(4);
  });

  it("a read with arguments keeps each key until its tables change, the oldest leaving past the limit", async () => {
    const db = ctx.database.db;
    const loads: string[] = [];
    const kept = keptByKeyUntilChanged(
      ["categorias"],
      (key: string) => key,
      async (key: string) => {
        loads.push(key);
        return `${key}:${loads.length}`;
      },
      2,
    );
    expect(await kept.get("a")).toBe("a:1");
    expect(await kept.get("b")).toBe("b:2");
    expect(await kept.get("a")).toBe("a:1");
    // "b" is now the least recently used: a third key pushes it out, "a" stays.
    expect(await kept.get("c")).toBe("c:3");
    expect(await kept.get("a")).toBe("a:1");
    expect(await kept.get("b")).toBe("b:4");
    await generationAfter(() => db.execute(sql`update produtos set ativo = ativo`));
    expect(await kept.get("b")).toBe("b:4");
    await generationAfter(() => db.execute(sql`update categorias set nome = nome`));
    expect(await kept.get("b")).toBe("b:5");
  });

  it("the store listing follows a product change made anywhere", async () => {
    const db = ctx.database.db;
    const first = await listStoreProducts({});
    const product = first.produtos[0]!;
    expect(await listStoreProducts({})).toBe(first);
    await generationAfter(() =>
      db.execute(
        sql`update produtos set nome = ${`${product.nome} (novo)`} where id = ${product.id}`,
      ),
    );
    const after = await listStoreProducts({});
    expect(after.produtos.some((p) => p.nome === `${product.nome} (novo)`)).toBe(true);
  });
});
