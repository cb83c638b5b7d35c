// The customers module's declaration of what it adds to the shared machinery (decision 0059).
import { defineEmail } from "~/modules/mail/index.server";
import { DAY_MS, defineModule, HOUR_MS, rateLimit } from "~/platform/module.server";
import {
  BACK_IN_STOCK_EMAIL,
  BACK_IN_STOCK_JOB,
  BACK_IN_STOCK_LIMIT,
  notifyBackInStock,
  openBackInStockCount,
  wakeBackInStock,
} from "./back-in-stock.server";
import { composeBackInStockEmail } from "./back-in-stock-email.server";
import { composeCustomerEmail } from "./emails.server";
import { customersPersonalData } from "./personal-data.server";
import { purgeExpiredCustomerSessions } from "./session.server";
import { SIGN_IN_CODE_EMAIL, SIGN_IN_LIMITS } from "./sign-in.server";

export const customersModule = defineModule({
  name: "customers",
  subscribers: [
    {
      // Units arrived at a unit (inventory, issue 44): "avise-me" requests may be answered.
      name: "customers.back-in-stock",
      events: ["estoque.entrada"],
      handle: async () => wakeBackInStock(),
    },
  ],
  jobs: [
    {
      id: "customers.purge-sessions",
      label: "Limpeza de sessões expiradas dos clientes",
      intervalMs: 60 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => ({ removidas: await purgeExpiredCustomerSessions() }),
    },
    {
      // "Avise-me quando chegar" (decision 0074): woken right after stock changes too.
      id: BACK_IN_STOCK_JOB,
      label: "Avisos de produto que voltou ao estoque",
      intervalMs: 5 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => ({
        avisados: await notifyBackInStock(),
        esperando: await openBackInStockCount(),
      }),
    },
  ],
  emails: [
    defineEmail({
      kind: SIGN_IN_CODE_EMAIL,
      label: "Conta: código para entrar",
      recipient: "cliente",
      compose: composeCustomerEmail,
    }),
    defineEmail({
      kind: BACK_IN_STOCK_EMAIL,
      label: "Produto de volta ao estoque (avise-me)",
      recipient: "cliente",
      compose: composeBackInStockEmail,
    }),
  ],
  // Sessions are live state (no session outlives a restore); the rest is the customer's data.
  backup: {
    clientes: "data",
    sessoes_clientes: "live",
    pets_clientes: "data",
    pet_pesos: "data",
    pet_vacinas: "data",
    pet_notas: "data",
    enderecos_clientes: "data",
    consentimentos_clientes: "data",
    avisos_chegada: "data",
  },
  // "Baixar meus dados" builds a ZIP with every photo: a few a day per account (decision 0075).
  rateLimits: [
    ...SIGN_IN_LIMITS,
    rateLimit("conta_exportar", "Cópias dos dados pedidas pelo cliente", 5, DAY_MS),
    // Per IP: a person asks for a few packs; a script asking for thousands is stopped.
    rateLimit(BACK_IN_STOCK_LIMIT, "Avise-me quando chegar (IP)", 10, HOUR_MS),
  ],
  personalData: customersPersonalData,
});
