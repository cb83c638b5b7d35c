// A test against a shop of its own with online payments on, talking to the local Mercado Pago
// fake (tests/support/payments-e2e.ts `startPaymentShop`): the server starts before the
// test's steps and stops after them whatever happened. One way to open these, so a spec
// shows only its story.
import type { Browser } from "@playwright/test";
import { signedPaymentNotice } from "../support/fake-mercadopago";
import { startPaymentShop } from "../support/payments-e2e";
import { test } from "./fixtures";
import { ownShop } from "./own-shop";

type FakeMercadoPago = Awaited<ReturnType<typeof startPaymentShop>>["mp"];

interface PaymentShop {
  /** The shop's port: the shared e2e port plus this offset (see own-shop.ts). */
  offset: number;
  /** The server's name in the logs (and in its webhook secret). */
  name: string;
  /** Online Pix only, or card too (the default). */
  online?: "pix" | "card";
  /** The test's timeout in ms: it starts a server of its own. */
  timeout: number;
}

interface PaymentSteps {
  browser: Browser;
  /** The fake provider: its payments, their status, its hosted page's URL. */
  mp: FakeMercadoPago;
  /** The shop's address, for the browser contexts' baseURL. */
  base: string;
  /** Delivers the provider's signed notification of payment `dataId` to the shop's webhook. */
  notify: (dataId: string) => Promise<Response>;
}

/** Declares test `title`: `steps` run against the payment shop `shop`, started for them. */
export function paymentTest(
  title: string,
  shop: PaymentShop,
  steps: (given: PaymentSteps) => Promise<void>,
) {
  const { port, base } = ownShop(shop.offset);
  // The webhook secret the provider signs its notifications with: the shop's own.
  const secret = `segredo-do-webhook-e2e-${shop.name}`;
  const notify = (dataId: string) => {
    const { path, init } = signedPaymentNotice(secret, dataId);
    return fetch(`${base}${path}`, init);
  };
  test(title, async ({ browser }) => {
    test.setTimeout(shop.timeout);
    const { mp, stop } = await startPaymentShop(port, shop.name, secret, shop.online);
    try {
      await steps({ browser, mp, base, notify });
    } finally {
      await stop();
    }
  });
}
