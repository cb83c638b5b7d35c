// "Compra programada" (decision 0086): a bag of feed at Centro to subscribe to; the form as a
// customer fills it (one unit picked up at the counter every 30 days from 10/12/2026,
// reminders on); and a subscription made with it.
import { eq } from "drizzle-orm";
import { beforeEach } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { subscribe } from "~/modules/subscriptions/index.server";
import type { Database } from "~/platform/db/client.server";
import { withTestDatabase } from "../setup/db";
import { withTestClock } from "./clock";
import { centroUnit, withDemoShop } from "./demo-shop";
import { createProduct, setStock } from "./factories";

/** The subscribe form's fields; the terms are left out, as the checkbox starts unticked. */
export function subscriptionForm(
  varianteId: string,
  unidadeId: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    varianteId,
    quantidade: "1",
    intervaloDias: "30",
    modo: "retirada",
    unidadeId,
    formaPagamento: "balcao",
    telefone: "(47) 99999-0000",
    primeiraData: "2026-12-10",
    lembretes: "1",
    ...overrides,
  };
}

/** The customer subscribes with these fields, the terms accepted (no delivery address). */
export async function newSubscription(
  titular: Parameters<typeof subscribe>[0],
  fields: Record<string, string>,
) {
  const result = await subscribe(titular, { termos: "1", ...fields }, async () => null);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.assinatura;
}

/**
 * A bag of feed on sale with `emMaos` of it at Centro, the unit subscriptions pick up from;
 * its variant's weight or SKU when given.
 */
export async function feedAtCentro(
  database: Database,
  {
    nome,
    preco,
    emMaos,
    ...variante
  }: { nome: string; preco: number; emMaos: number; pesoG?: number; sku?: string },
) {
  const unidade = await centroUnit(database.db);
  const racao = await createProduct(database, { nome, preco, estoque: 0 });
  if (Object.keys(variante).length > 0) {
    await database.db.update(variantes).set(variante).where(eq(variantes.id, racao.id));
  }
  await setStock(racao.id, unidade, emMaos);
  return { unidade, racao };
}

/**
 * The file's database with the clock at 01/12/2026 12:00 in São Paulo, the demo shop reseeded
 * before each test and `feed` at Centro then: `shop.racao` and `shop.unidade` hold the test's.
 */
export function withSubscriptionShop(feed: Parameters<typeof feedAtCentro>[1]) {
  const ctx = withTestDatabase();
  const clock = withTestClock("2026-12-01T15:00:00Z");
  withDemoShop({ reseedEach: ctx });
  const shop = { ctx, clock, unidade: "", racao: { id: "", categoriaId: null as string | null } };
  beforeEach(async () => {
    Object.assign(shop, await feedAtCentro(ctx.database, feed));
  });
  return shop;
}
