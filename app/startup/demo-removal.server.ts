// "Remover dados de demonstração" (decision 0057): the demo shop the first start brought
// goes, in one transaction, except what an order or a booking uses (a sale's product, a
// coupon an order took, a service a booking has), so no order or booking loses what it
// names. The demo is known by its own data files (app/startup/demo): product codes,
// category names, coupon codes, neighbourhood names and service slugs; the made-up company
// fields are cleared where they still hold the demo's values. The database then says the
// demo was removed, so no later start brings it back.
import { sql } from "drizzle-orm";
import { deleteProductImage } from "~/modules/catalog/index.server";
import { getSettings, updateSettings } from "~/modules/shop/index.server";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { queryRows, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { demoCompanyFields } from "~/startup/demo-company";
import { type DemoData, demoProducts, readDemoData } from "~/startup/demo-data.server";

/**
 * What of the demo is still in the database: products (and how many of them an order sold,
 * which stay), and the coupons no order took, neighbourhoods, services no booking has and
 * made-up company fields, which "Remover" would take.
 */
export interface DemoLeft {
  produtos: number;
  produtosEmPedidos: number;
  cupons: number;
  bairros: number;
  servicos: number;
  empresa: number;
}

async function demoKeys(demo: DemoData) {
  return {
    produtos: (await demoProducts(demo)).map((p) => p.skuProduto ?? p.sku ?? ""),
    categorias: demo.categorias.map((c) => c.nome),
    cupons: demo.cupons.map((c) => (c.codigo ?? "").toUpperCase()),
    bairros: demo.bairros.map((b) => (b.nome ?? "").toLowerCase()),
    servicos: demo.banhoTosa.servicos.map((s) => s.slug ?? ""),
  };
}

const productInOrder = sql`exists (select 1 from itens_pedido i where i.produto_id = p.id)`;
const couponInOrder = sql`exists (select 1 from pedidos o where o.cupom_id = c.id)`;
const serviceInBooking = sql`exists (
  select 1 from agendamento_pets ap, jsonb_array_elements(ap.servicos) s
  where s->>'servicoId' = sv.id::text)`;

/** How much of the demo is still there (for the admin's card). */
export async function demoDataLeft(): Promise<DemoLeft> {
  const keys = await demoKeys(readDemoData());
  return transaction(async (tx) => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number | string }>(tx, query))[0]!.n);
    return {
      produtos: await count(
        sql`select count(*) as n from produtos p where p.sku = any(${sql.param(keys.produtos)}::text[])`,
      ),
      produtosEmPedidos: await count(
        sql`select count(*) as n from produtos p
          where p.sku = any(${sql.param(keys.produtos)}::text[]) and ${productInOrder}`,
      ),
      cupons: await count(
        sql`select count(*) as n from cupons c
          where upper(c.codigo) = any(${sql.param(keys.cupons)}::text[]) and not ${couponInOrder}`,
      ),
      bairros: await count(
        sql`select count(*) as n from bairros_entrega b where lower(b.nome) = any(${sql.param(keys.bairros)}::text[])`,
      ),
      servicos: await count(
        sql`select count(*) as n from servicos_banho sv
          where sv.slug = any(${sql.param(keys.servicos)}::text[]) and not ${serviceInBooking}`,
      ),
      empresa: demoCompanyFields(await getSettings(tx)).length,
    };
  });
}

/** Whether anything of the demo is left to remove. */
export function hasDemoData(left: DemoLeft): boolean {
  return (
    left.produtos - left.produtosEmPedidos > 0 ||
    left.cupons + left.bairros + left.servicos + left.empresa > 0
  );
}

/**
 * Removes the demo, in one transaction: products no order sold (their variants, stock and
 * ledger go with them), then the demo categories left empty, the coupons no order took, the
 * neighbourhoods, the services no booking has, and the company fields that still hold the
 * demo's values. Pictures of the removed products are deleted after the commit.
 */
export async function removeDemoData(actor: AdminActor): Promise<Record<string, number>> {
  const keys = await demoKeys(readDemoData());
  const { removed, pictures } = await transaction(async (tx) => {
    const removable = sql`p.sku = any(${sql.param(keys.produtos)}::text[]) and not ${productInOrder}`;
    // The variants' pictures, read before their rows go with the product's.
    const variantPictures = await queryRows<{ imagem_url: string | null }>(
      tx,
      sql`
        select v.imagem_url from variantes v join produtos p on p.id = v.produto_id
        where ${removable}`,
    );
    const products = await queryRows<{ id: string; imagem_url: string | null }>(
      tx,
      sql`delete from produtos p where ${removable} returning p.id, p.imagem_url`,
    );
    const categories = await queryRows<{ id: string }>(
      tx,
      sql`
        delete from categorias k
        where k.nome = any(${sql.param(keys.categorias)}::text[])
          and not exists (select 1 from produtos p where p.categoria_id = k.id)
        returning k.id`,
    );
    const coupons = await queryRows<{ id: string }>(
      tx,
      sql`
        delete from cupons c
        where upper(c.codigo) = any(${sql.param(keys.cupons)}::text[]) and not ${couponInOrder}
        returning c.id`,
    );
    const neighbourhoods = await queryRows<{ id: string }>(
      tx,
      sql`
        delete from bairros_entrega b
        where lower(b.nome) = any(${sql.param(keys.bairros)}::text[])
        returning b.id`,
    );
    const services = await queryRows<{ id: string }>(
      tx,
      sql`
        delete from servicos_banho sv
        where sv.slug = any(${sql.param(keys.servicos)}::text[]) and not ${serviceInBooking}
        returning sv.id`,
    );
    const company = demoCompanyFields(await getSettings(tx));
    await updateSettings(tx, {
      ...Object.fromEntries(company.map((field) => [field, null])),
      dadosDemo: "removidos",
    });
    const removed = {
      produtos: products.length,
      categorias: categories.length,
      cupons: coupons.length,
      bairros: neighbourhoods.length,
      servicos: services.length,
      empresa: company.length,
    };
    await audit(tx, actor, "demo_data_remove", "configuracoes", null, removed);
    return {
      removed,
      pictures: [
        ...products.map((p) => p.imagem_url),
        ...variantPictures.map((v) => v.imagem_url),
      ].filter((url): url is string => Boolean(url)),
    };
  });
  for (const url of new Set(pictures)) {
    await deleteProductImage(url).catch((error) =>
      logger.warn({ err: error, url }, "imagem de demonstração não apagada"),
    );
  }
  return removed;
}
