// The demo shop an empty database starts with, from the data files in ./demo, written
// through the admin's own code: the catalogue through the product importer, neighbourhoods
// and coupons through the settings forms' schemas and functions, so the demo can hold nothing
// the shop would refuse. All in one transaction, and only when there are no categories yet:
// seeding again changes nothing, and a neighbourhood or coupon the shop removed later never
// comes back.
import { sql } from "drizzle-orm";
import type { ImportProduct } from "~/modules/catalog/index.server";
import {
  checkRows,
  deleteProductImage,
  findOrCreateCategory,
  importCheckedRows,
  listCategories,
  saveProductImage,
} from "~/modules/catalog/index.server";
import { bairroSchema } from "~/modules/delivery";
import { addBairro } from "~/modules/delivery/index.server";
import { agendaSchema, serviceSchema } from "~/modules/grooming";
import { saveGroomingAgenda, saveGroomingService } from "~/modules/grooming/index.server";
import { importStockWriter } from "~/modules/inventory/index.server";
import { couponSchema } from "~/modules/promotions";
import { createCoupon } from "~/modules/promotions/index.server";
import { getSettings, listUnits, updateSettings } from "~/modules/shop/index.server";
import { DEMO_SEED } from "~/platform/admin/actor.server";
import { db, type Executor, SEED_LOCK, transaction } from "~/platform/db/client.server";
import { DEMO_COMPANY } from "~/startup/demo-company";
import {
  type DemoData,
  demoRows,
  drawPicture,
  firstRowOfEachProduct,
  productCode,
  readDemoData,
} from "~/startup/demo-data.server";

async function catalogueStarted(executor: Executor): Promise<boolean> {
  return (await listCategories({}, executor)).length > 0;
}

/**
 * The first start's shop (decision 0057): the demo, or nothing with `empty` (DEMO_DATA=0).
 * Decided once per database: a shop that started empty or removed the demo never gets it
 * back, even with every category deleted.
 */
export async function seedDatabase(
  options: { images?: boolean; empty?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const settings = await getSettings(db());
  if (settings.dadosDemo !== null) return { seeded: false };
  if (await catalogueStarted(db())) return { seeded: false };
  if (options.empty) {
    await updateSettings(db(), { dadosDemo: "vazio" });
    return { seeded: false };
  }
  const demo = readDemoData();
  const rows = await demoRows(demo);
  const variants = rows.map((row) => row.product);
  const products = firstRowOfEachProduct(variants);
  // Pictures are stored (as an uploaded one would be) before the transaction: file writes
  // cannot be rolled back, so they are removed if the catalogue is not written after all.
  // A product with options has a picture per variant too (the bag with its weight, the
  // harness with its size); the product's own is a file of its own, so replacing it in the
  // admin (which deletes the old file) leaves the variants' pictures whole.
  const variantImages = new Map<string, string>();
  const images: (string | null)[] = [];
  if (options.images !== false) {
    for (const v of variants) {
      if (v.opcoes.length > 0 && v.sku) {
        variantImages.set(v.sku, await saveProductImage(await drawPicture(demo, v)));
      }
    }
  }
  for (const p of products) {
    images.push(
      options.images === false ? null : await saveProductImage(await drawPicture(demo, p)),
    );
  }
  let seeded = false;
  try {
    seeded = await transaction(async (tx) => {
      // Two seeds at once (instances starting together): the second waits, then finds it done.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await catalogueStarted(tx)) return false;
      for (const bairro of demo.bairros) await addBairro(bairroSchema.parse(bairro), DEMO_SEED, tx);
      for (const cupom of demo.cupons) await createCoupon(couponSchema.parse(cupom), DEMO_SEED, tx);
      // Categories first, with their descriptions (the import file names them only).
      for (const categoria of demo.categorias) await findOrCreateCategory(categoria, DEMO_SEED, tx);
      const details = { arquivo: "demo/produtos.csv" };
      const result = await importCheckedRows(
        await checkRows(rows, tx),
        DEMO_SEED,
        importStockWriter(null),
        details,
        tx,
      );
      if (result.imported !== variants.length) {
        throw new Error(`demo/produtos.csv recusado em parte: ${result.errors.join("; ")}`);
      }
      await setDemoExtras(tx, demo, products, images, variantImages);
      await setDemoCompany(tx);
      await seedGrooming(tx, demo);
      await updateSettings(tx, { dadosDemo: "carregados" });
      return true;
    });
  } finally {
    if (!seeded) {
      for (const url of new Set([...images, ...variantImages.values()])) {
        await deleteProductImage(url);
      }
    }
  }
  return { seeded };
}

/**
 * Who sells in the demo (footer and legal pages, Decreto 7.962/2013): a plausible company
 * (the CNPJ's check digits are right), only in fields the shop has not filled in.
 */
async function setDemoCompany(tx: Executor) {
  const settings = await getSettings(tx);
  const missing = Object.fromEntries(
    Object.entries(DEMO_COMPANY).filter(
      ([key]) => !settings[key as keyof typeof DEMO_COMPANY]?.trim(),
    ),
  );
  if (Object.keys(missing).length > 0) await updateSettings(tx, missing);
}

/**
 * What the import file has no column for: the pictures (of products, and of the variants of
 * a product with options), the products kept out of the store,
 * and creation times a minute apart in the file's order, so "newest first" lists are stable.
 */
async function setDemoExtras(
  tx: Executor,
  demo: DemoData,
  products: ImportProduct[],
  images: (string | null)[],
  variantImages: Map<string, string>,
) {
  const skus = products.map(productCode);
  if (variantImages.size > 0) {
    await tx.execute(sql`
      update variantes v set imagem_url = t.imagem
      from unnest(
        ${sql.param([...variantImages.keys()])}::text[],
        ${sql.param([...variantImages.values()])}::text[]
      ) as t(sku, imagem)
      where v.sku = t.sku`);
  }
  await tx.execute(sql`
    update produtos p set imagem_url = t.imagem, ativo = not t.inativo,
      created_at = now() - t.minutos * interval '1 minute'
    from unnest(
      ${sql.param(skus)}::text[],
      ${sql.param(images)}::text[],
      ${sql.param(skus.map((sku) => demo.inativos.includes(sku ?? "")))}::bool[],
      ${sql.param(products.map((_, i) => products.length - i))}::int[]
    ) as t(sku, imagem, inativo, minutos)
    where p.sku = t.sku`);
}

/** The grooming services and the agenda of the units that take bookings (by slug). */
async function seedGrooming(tx: Executor, demo: DemoData) {
  for (const form of demo.banhoTosa.servicos) {
    await saveGroomingService(serviceSchema.parse(form), DEMO_SEED, tx);
  }
  for (const { unidade, ...form } of demo.banhoTosa.agendas) {
    const unit = (await listUnits(tx)).find((u) => u.slug === unidade);
    if (!unit) continue; // the shop renamed or removed that unit
    await saveGroomingAgenda(unit.id, agendaSchema.parse(form), DEMO_SEED, tx);
  }
}
