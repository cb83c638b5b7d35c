// The customers module's declaration of what it adds to the shared machinery (decision 0059).
// Helpers working on issue 42 add their e-mails, limits, jobs and personal data here.
import { defineEmail } from "~/modules/mail/index.server";
import { DAY_MS, defineModule, rateLimit } from "~/platform/module.server";
import { composeCustomerEmail } from "./emails.server";
import { customersPersonalData } from "./personal-data.server";
import { purgeExpiredCustomerSessions } from "./session.server";
import { SIGN_IN_CODE_EMAIL, SIGN_IN_LIMITS } from "./sign-in.server";

export const customersModule = defineModule({
  name: "customers",
  jobs: [
    {
      id: "customers.purge-sessions",
      label: "Limpeza de sessões expiradas dos clientes",
      intervalMs: 60 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => ({ removidas: await purgeExpiredCustomerSessions() }),
    },
  ],
  emails: [
    defineEmail({
      kind: SIGN_IN_CODE_EMAIL,
      label: "Conta: código para entrar",
      recipient: "cliente",
      compose: composeCustomerEmail,
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
  ],
  personalData: customersPersonalData,
});
