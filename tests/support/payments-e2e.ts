// The payment steps the issue-43 e2e specs share (decisions 0079, 0080, 0088, 0091): the
// fake provider's hosted card page, a pick-up order handed over paid in cash at the counter,
// and the day close of a unit read back as figures.
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { confirmPickup, fillPickupCheckout } from "../e2e/fixtures";
import { startFakeMercadoPago } from "./fake-mercadopago";
import { startPixServer } from "./own-server";

/**
 * A server of the spec's own on `port` with online Pix on (and card too, by default), talking
 * to a fresh fake Mercado Pago whose hosted card page delivers its signed notifications to it;
 * the e2e admin is made at its first start. `stop` ends both.
 */
export async function startPaymentShop(
  port: number,
  name: string,
  secret: string,
  online: "pix" | "card" = "card",
) {
  const mp = await startFakeMercadoPago("TEST-e2e-token");
  mp.setWebhookSecret(secret);
  mp.setNotifyBase(`http://127.0.0.1:${port}`);
  process.env.ADMIN_EMAIL = E2E_ADMIN.email;
  process.env.ADMIN_PASSWORD = E2E_ADMIN.password;
  const server = startPixServer(port, {
    mp,
    secret,
    setup: `tests/support/enable-${online}-online.ts`,
    name,
  });
  const stop = async () => {
    await server.stop();
    await mp.close();
  };
  try {
    await server.ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { mp, stop };
}

/** On the fake's hosted checkout page (reached by a plain redirect): pays by card. */
export async function payOnHostedPage(
  page: Page,
  mpUrl: string,
  choice: { resultado?: "approved" | "in_process" | "rejected"; parcelas?: number } = {},
) {
  await expect(page).toHaveURL(new RegExp(`^${mpUrl}/checkout/pref-`));
  await page.getByLabel("Resultado").selectOption(choice.resultado ?? "approved");
  await page.getByLabel("Parcelas").selectOption(String(choice.parcelas ?? 1));
  await page.getByRole("button", { name: "Pagar" }).click();
}

/**
 * The checkout of the cart for pick-up at `unit`, paid at the pick-up: the order's number
 * and its pick-up code, from its page.
 */
export async function placePickupOrder(page: Page, unit: string, total: string | RegExp) {
  await fillPickupCheckout(page, {
    nome: "Cliente Fechamento E2E",
    telefone: "(47) 98888-4646",
    unidade: unit,
  });
  await expect(page.getByTestId("summary-total")).toHaveText(total);
  return confirmPickup(page);
}

/** At the counter (signed in): ready, then handed over with the code, paid in cash. */
export async function handOverInCash(page: Page, numero: string, codigo: string, dado: string) {
  await page.goto("/admin/loja?view=pedidos&modo=retirada");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) }) });
  const status = card.getByLabel("Status do pedido");
  await status.selectOption("pronto_retirada");
  await expect(page.getByText("Status do pedido atualizado")).toBeVisible();
  await status.selectOption("retirado");
  const ask = page.getByRole("dialog", { name: `Retirada do pedido ${numero}` });
  await ask.getByLabel("Código de retirada").fill(codigo);
  await expect(ask.getByLabel("Como foi pago")).toHaveValue("dinheiro");
  await ask.getByLabel(/Dinheiro entregue pelo cliente/).fill(dado);
  await ask.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(ask).toBeHidden();
  await expect(status).toHaveValue("retirado");
}

/** "R$ 1.234,56" (or "Dinheiro (2) … R$ 1.234,56") as centavos: the last money figure. */
export function centavos(text: string): number {
  const all = [...text.matchAll(/R\$\s*([\d.]+,\d{2})/g)];
  const last = all.at(-1)?.[1] ?? "0,00";
  return Number(last.replace(/\./g, "").replace(",", ""));
}

/** Today's "Fechamento do dia" of `unit` (signed in): the cash figures. */
export async function openDayClose(page: Page, unit: string) {
  await page.goto("/admin/fechamento");
  await page.getByLabel("Unidade").selectOption({ label: unit });
  await page.getByRole("button", { name: "Ver fechamento" }).click();
  await expect(page.getByTestId("fechamento-unidade")).toHaveText(unit);
  return {
    dinheiro: centavos((await page.getByTestId("forma-dinheiro").textContent()) ?? ""),
    gaveta: centavos((await page.getByTestId("gaveta-esperado").textContent()) ?? ""),
    troco: centavos((await page.getByTestId("gaveta-troco").textContent()) ?? ""),
  };
}
