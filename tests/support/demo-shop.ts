// The demo shop as most integration tests start from it: seeded once for the file (no
// images), its first unit (Meia Praia) and its grooming services; a customer's pet; the
// second unit "Centro" made once whatever the file truncates.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import { pets } from "~/modules/customers/testing.server";
import { listGroomingServices } from "~/modules/grooming/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { type Database, db, type Executor } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { addCentroUnit, defaultUnitId, productsIn } from "./factories";

type Servico = Awaited<ReturnType<typeof listGroomingServices>>[number];

/**
 * The file's database with the demo shop seeded again before each test (`withDemoShop`'s
 * `reseedEach`), and a maker of products in it.
 */
export function withFreshDemoShop() {
  const ctx = withTestDatabase();
  return { ctx, product: productsIn(ctx), shop: withDemoShop({ reseedEach: ctx }) };
}

/**
 * Seeds the demo shop before the file's tests (call it after `withTestDatabase()` and the
 * file's other fixtures): the object it returns is filled in then. `online` lists only the
 * services booked online; `centro` adds the unit Centro; `reseedEach` (the file's database)
 * starts every test on a truncated database seeded again, for tests that write orders, stock
 * or e-mails.
 */
export function withDemoShop({
  online = true,
  centro = false,
  reseedEach,
}: {
  online?: boolean;
  centro?: boolean;
  reseedEach?: { database: Database };
} = {}) {
  const shop = {
    /** Meia Praia, the unit orders, stock and the agenda go to when a test names none. */
    unidadeId: "",
    /** Centro, the second unit (pick-up only), when asked for. */
    centroId: "",
    /** The grooming services, in the agenda's order. */
    servicos: [] as Servico[],
    /** The id of the service with this slug ("banho", "tosa-completa", "corte-unhas"...). */
    servico(slug: string): string {
      const found = shop.servicos.find((s) => s.slug === slug);
      if (!found) throw new Error(`no grooming service "${slug}" in the demo shop`);
      return found.id;
    },
  };
  const seed = async () => {
    await seedDatabase({ images: false });
    shop.unidadeId = await defaultUnitId();
    shop.servicos = await listGroomingServices({ online });
    if (centro) shop.centroId = await centroUnit();
  };
  if (reseedEach) {
    beforeEach(async () => {
      await truncateAll(reseedEach.database);
      await seed();
    });
  } else {
    beforeAll(seed);
  }
  return shop;
}

/** A small short-coated dog of this customer whose size needs no confirming. */
export async function customerDog(clienteId: string, nome: string, executor: Executor = db()) {
  const [pet] = await executor
    .insert(pets)
    .values({
      clienteId,
      nome,
      especie: "cao",
      porte: "P",
      pelagem: "curta",
      porteAConfirmar: false,
    })
    .returning();
  return pet!;
}

/**
 * The unit "Centro" (slug `centro-teste`, pick-up only): units outlive a file's truncation
 * (they are seeded data), so it is made once, then found.
 */
export async function centroUnit(executor: Executor = db()): Promise<string> {
  const [kept] = await executor
    .select({ id: unidades.id })
    .from(unidades)
    .where(eq(unidades.slug, "centro-teste"));
  return kept?.id ?? (await addCentroUnit(executor, { atendeEntregas: false }));
}

/**
 * The demo shop seeded again on the truncated database with a new unit "Centro" (open for
 * pick-up, delivering or not); answers Meia Praia's id and Centro's.
 */
export async function reseedWithNewCentro(database: Database, atendeEntregas: boolean) {
  await truncateAll(database);
  await database.db.delete(unidades).where(eq(unidades.slug, "centro-teste"));
  await seedDatabase({ images: false });
  const meiaPraia = await defaultUnitId();
  const centro = await addCentroUnit(database.db, { atendeEntregas });
  return { meiaPraia, centro };
}
