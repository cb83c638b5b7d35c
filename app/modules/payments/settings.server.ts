// Online Pix settings: the switch and expiry live in the settings row; the access token and
// webhook secret too, unless MERCADOPAGO_ACCESS_TOKEN / MERCADOPAGO_WEBHOOK_SECRET are set,
// which win (a deploy can keep them out of the database and its backups).

import {
  getSettings,
  type SecretsOf,
  type Settings,
  saveSettingsAudited,
  secretSettings,
} from "~/modules/shop/index.server";
import { type AdminActor, AdminError } from "~/platform/admin/actor.server";
import { db, type Executor } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import type { PaymentSettingsInput } from "./settings.schema";

export interface PaymentConfig {
  ativo: boolean;
  accessToken: string | null;
  webhookSecret: string | null;
  expiracaoMinutos: number;
  apiUrl: string;
  cartao: CartaoConfig;
}

/** Card online: switched on, the most installments and how many are interest-free. */
interface CartaoConfig {
  ativo: boolean;
  parcelasMax: number;
  parcelasSemJuros: number;
}

function cartaoConfigOf(settings: Settings): CartaoConfig {
  return {
    ativo: settings.cartaoAtivo,
    parcelasMax: settings.cartaoParcelasMax,
    parcelasSemJuros: Math.min(settings.cartaoParcelasSemJuros, settings.cartaoParcelasMax),
  };
}

/** Server-side only: carries the secrets. */
function paymentConfigFrom(settings: Settings & SecretsOf<"payments">): PaymentConfig {
  const e = env();
  return {
    ativo: settings.mercadopagoAtivo,
    accessToken: e.MERCADOPAGO_ACCESS_TOKEN || settings.mercadopagoAccessToken || null,
    webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET || settings.mercadopagoWebhookSecret || null,
    expiracaoMinutos: settings.pixExpiracaoMinutos,
    apiUrl: e.MERCADOPAGO_API_URL,
    cartao: cartaoConfigOf(settings),
  };
}

export async function getPaymentConfig(executor: Executor = db()): Promise<PaymentConfig> {
  return paymentConfigFrom({
    ...(await getSettings(executor)),
    ...(await secretSettings("payments", executor)),
  });
}

/** What a page may see: whether each secret is set and where from, never the secret itself. */
export interface PaymentSettingsView {
  mercadopagoAtivo: boolean;
  pixExpiracaoMinutos: number;
  accessToken: { definido: boolean; doAmbiente: boolean };
  webhookSecret: { definido: boolean; doAmbiente: boolean };
  /** True when online Pix can be offered: switched on and an access token is set. */
  disponivel: boolean;
  cartao: CartaoConfig & { disponivel: boolean };
}

export function paymentSettingsView(settings: Settings): PaymentSettingsView {
  const e = env();
  const token =
    Boolean(e.MERCADOPAGO_ACCESS_TOKEN) || settings.segredosDefinidos.mercadopagoAccessToken;
  return {
    mercadopagoAtivo: settings.mercadopagoAtivo,
    pixExpiracaoMinutos: settings.pixExpiracaoMinutos,
    accessToken: { definido: token, doAmbiente: Boolean(e.MERCADOPAGO_ACCESS_TOKEN) },
    webhookSecret: {
      definido:
        Boolean(e.MERCADOPAGO_WEBHOOK_SECRET) ||
        settings.segredosDefinidos.mercadopagoWebhookSecret,
      doAmbiente: Boolean(e.MERCADOPAGO_WEBHOOK_SECRET),
    },
    disponivel: pixOnlineOffered(settings),
    cartao: { ...cartaoConfigOf(settings), disponivel: cardOnlineOffered(settings) },
  };
}

/** Card online can be offered: Mercado Pago is set up (as for Pix) and cards are switched on. */
export function cardOnlineOffered(settings: Settings): boolean {
  return pixOnlineOffered(settings) && settings.cartaoAtivo;
}

/**
 * Online Pix can be offered (the checkout, the order): switched on and an access token is
 * set, read off the general settings, which say whether a secret is set, never what it is.
 */
export function pixOnlineOffered(settings: Settings): boolean {
  return (
    settings.mercadopagoAtivo &&
    (Boolean(env().MERCADOPAGO_ACCESS_TOKEN) || settings.segredosDefinidos.mercadopagoAccessToken)
  );
}

export async function getPaymentSettingsView(): Promise<PaymentSettingsView> {
  return paymentSettingsView(await getSettings());
}

export async function savePaymentSettings(
  input: PaymentSettingsInput,
  actor: AdminActor,
): Promise<PaymentSettingsView> {
  const saved = await saveSettingsAudited(
    actor,
    "pagamentos",
    (before) => {
      const changes = {
        mercadopagoAtivo: input.mercadopagoAtivo,
        pixExpiracaoMinutos: input.pixExpiracaoMinutos,
        cartaoAtivo: input.cartaoAtivo,
        cartaoParcelasMax: input.cartaoParcelasMax,
        cartaoParcelasSemJuros: input.cartaoParcelasSemJuros,
        // Blank keeps the saved value; the 'limpar' boxes remove it.
        mercadopagoAccessToken: input.limparAccessToken
          ? null
          : (input.mercadopagoAccessToken ?? before.mercadopagoAccessToken),
        mercadopagoWebhookSecret: input.limparWebhookSecret
          ? null
          : (input.mercadopagoWebhookSecret ?? before.mercadopagoWebhookSecret),
      };
      const config = paymentConfigFrom({ ...before, ...changes });
      if (config.ativo && !config.accessToken) {
        throw new AdminError(
          "Informe o access token do Mercado Pago para ativar o Pix automático",
          "mercadopagoAccessToken",
        );
      }
      if (config.ativo && !config.webhookSecret) {
        throw new AdminError(
          "Informe a assinatura secreta do webhook do Mercado Pago para ativar o Pix automático",
          "mercadopagoWebhookSecret",
        );
      }
      return changes;
    },
    "payments",
  );
  return paymentSettingsView(saved);
}
