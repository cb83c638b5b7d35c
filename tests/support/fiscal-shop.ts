// The shop the fiscal tests ("Entrada de mercadoria", "Vendas do balcão") start from: Meia
// Praia and a Centro unit, each with the CNPJ its notes name, no fiscal document yet, the
// Golden 15 kg bag the notes carry by its EAN, and the owner signed in. Plus the files the
// staff upload and the upload itself, as the admin pages send them.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { stopFiscalReader } from "~/modules/fiscal/index.server";
import { documentosFiscais } from "~/modules/fiscal/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import type { Database } from "~/platform/db/client.server";
import { makeRequest } from "../setup/requests";
import { withFreshDemoShop } from "./demo-shop";
import * as factories from "./factories";
import { CENTRO, GTIN_RACAO, MEIA_PRAIA } from "./nota-fiscal";
import { call } from "./routes";
import { type StaffSession, staffSession } from "./staff";

/**
 * Meia Praia and a Centro that does not deliver, with their CNPJs and no fiscal document; the
 * Golden 15 kg bag (10 in hand, its EAN, `cost` as last and average cost); the owner signed in.
 */
async function setUpFiscalShop(database: Database, cost: { custo: number; custoMedio: number }) {
  const db = database.db;
  const loja = await factories.defaultUnitId();
  await db.delete(documentosFiscais);
  await db.delete(unidades).where(eq(unidades.slug, "centro-teste"));
  const centro = await factories.addCentroUnit(db, { atendeEntregas: false });
  await db.update(unidades).set({ cnpj: MEIA_PRAIA.cnpj }).where(eq(unidades.id, loja));
  await db.update(unidades).set({ cnpj: CENTRO.cnpj }).where(eq(unidades.id, centro));
  const racao = (
    await factories.createProduct(database, {
      nome: "Ração Golden 15 kg",
      preco: 18990,
      estoque: 10,
      sku: "GOLD15",
    })
  ).id;
  await db
    .update(variantes)
    .set({ ean: GTIN_RACAO, ...cost })
    .where(eq(variantes.id, racao));
  const dono = await staffSession({ papel: "dono", unidades: null, nome: "Dona Rita" });
  return { loja, centro, racao, dono };
}

type FiscalShop = Awaited<ReturnType<typeof setUpFiscalShop>>;

/**
 * The file's database with the demo shop seeded again and `setUpFiscalShop(cost)` before each
 * test, and the fiscal reader's worker stopped after the file. `shop` is filled in then.
 */
export function withFiscalShop(cost: { custo: number; custoMedio: number }) {
  const { ctx, product } = withFreshDemoShop();
  const shop = {} as FiscalShop;
  beforeEach(async () => {
    Object.assign(shop, await setUpFiscalShop(ctx.database, cost));
  });
  afterAll(async () => {
    await stopFiscalReader();
  });
  return { ctx, product, shop };
}

/** A file as the staff pick it: a .zip, or an XML. */
export const fiscalFile = (name: string, text: string | Uint8Array) =>
  new File([typeof text === "string" ? text : new Uint8Array(text)], name, {
    type: name.endsWith(".zip") ? "application/zip" : "text/xml",
  });

/** Posts `files` as the page's "arquivos" with `intent` to the admin route at `path`. */
export function uploadFiscalFiles(
  action: (args: never) => unknown,
  path: string,
  intent: string,
  files: File[],
  who: StaffSession,
) {
  const body = new FormData();
  body.set("intent", intent);
  for (const f of files) body.append("arquivos", f);
  return call(action, makeRequest(path, { method: "POST", body, token: who.token }));
}
