// Online Pix in integration tests: the fake Mercado Pago server of a test file, the
// environment pointed at it (restored after the file), the settings that switch it on, and
// an order switched to online Pix with or without its charge.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { chargeOrderPix, placeOrder } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import type { Database } from "~/platform/db/client.server";
import { resetEnvCache } from "~/platform/env.server";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { createProduct, orderInput } from "./factories";
import {
  type FakeMercadoPago,
  signedPaymentNotice,
  startFakeMercadoPago,
} from "./fake-mercadopago";

const ENV_KEYS = [
  "MERCADOPAGO_API_URL",
  "MERCADOPAGO_ACCESS_TOKEN",
  "MERCADOPAGO_WEBHOOK_SECRET",
  "PUBLIC_URL",
] as const;

/**
 * Starts a fake Mercado Pago for the test file and points MERCADOPAGO_API_URL at it (the
 * credentials come from the settings, never from the environment); PUBLIC_URL is set to
 * `publicUrl`, or unset. Each test starts with no recorded requests and no failures queued.
 * The returned object stands for the server once it has started.
 */
export function withFakeMercadoPago(options: { publicUrl?: string } = {}): FakeMercadoPago {
  const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  let current: FakeMercadoPago | undefined;
  beforeAll(async () => {
    current = await startFakeMercadoPago();
    process.env.MERCADOPAGO_API_URL = current.url;
    if (options.publicUrl) process.env.PUBLIC_URL = options.publicUrl;
    else delete process.env.PUBLIC_URL;
    delete process.env.MERCADOPAGO_ACCESS_TOKEN;
    delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
    resetEnvCache();
  });
  afterAll(async () => {
    for (const k of ENV_KEYS) {
      if (savedEnv[k] === undefined) delete process.env[k];
      else process.env[k] = savedEnv[k];
    }
    resetEnvCache();
    await current?.close();
  });
  beforeEach(() => {
    current!.requests.length = 0;
    current!.failNext(0);
    current!.delayRefunds(false);
  });
  return new Proxy({} as FakeMercadoPago, {
    get(_target, key) {
      if (!current) throw new Error("o Mercado Pago falso só existe dentro dos testes");
      return Reflect.get(current, key);
    },
  });
}

/** The settings that switch online Pix on against the fake server. */
export function mercadoPagoOn(mp: FakeMercadoPago, webhookSecret: string) {
  return {
    mercadopagoAtivo: true,
    mercadopagoAccessToken: mp.accessToken,
    mercadopagoWebhookSecret: webhookSecret,
  };
}

/** An order placed as cash and then switched to online Pix (quicker than a checkout). */
export async function pixOrder(database: Database, preco = 4590) {
  const item = await createProduct(database, {
    nome: `Ração ${crypto.randomUUID()}`,
    preco,
    estoque: 5,
  });
  const result = await placeOrder(
    orderInput([{ varianteId: item.id, quantidade: 1 }], { bairro: "Centro" }),
  );
  if (!result.ok) throw new Error(result.message);
  const [pedido] = await database.db
    .update(pedidos)
    .set({ formaPagamento: "pix_mercadopago" })
    .where(eq(pedidos.id, result.pedido.id))
    .returning();
  return pedido!;
}

/** An online-Pix order with its charge created at the fake server. */
export async function pixOrderWithCharge(database: Database) {
  const pedido = await pixOrder(database);
  const cobranca = await chargeOrderPix(pedido.id, { email: "maria@example.com" });
  return { pedido, cobranca };
}

/** The webhook secret the Pix shop of `withPixShop` signs notifications with. */
export const PIX_WEBHOOK_SECRET = "segredo-do-webhook-de-teste";

/**
 * A test file's own database and fake Mercado Pago (public URL https://loja.example.com);
 * before each test the database is emptied, the demo shop seeded and online Pix switched on,
 * with any other `settings`.
 */
export function withPixShop(settings: Parameters<typeof updateSettings>[1] = {}) {
  const ctx = withTestDatabase();
  const mp = withFakeMercadoPago({ publicUrl: "https://loja.example.com" });
  beforeEach(async () => {
    await truncateAll(ctx.database);
    await seedDatabase({ images: false });
    await updateSettings(ctx.database.db, {
      ...mercadoPagoOn(mp, PIX_WEBHOOK_SECRET),
      ...settings,
    });
  });
  return { ctx, mp };
}

/** A payment notification as Mercado Pago sends it, signed, as a request to the route. */
export function signedNotification(dataId: string, secret = PIX_WEBHOOK_SECRET) {
  const { path, init } = signedPaymentNotice(secret, dataId);
  return makeRequest(path, init);
}
