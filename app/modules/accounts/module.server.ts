// The accounts module's declaration of what it adds to the shared machinery (decision 0059).

import { defineEmail } from "~/modules/mail/index.server";
import { defineModule } from "~/platform/module.server";
import { TEAM_EMAIL_KINDS } from "./invitations.server";
import { purgeExpiredSessions } from "./session.server";
import { LOGIN_OPS, LOGIN_RULE } from "./sign-in.server";
import { composeTeamEmail } from "./team-emails.server";

export const accountsModule = defineModule({
  name: "accounts",
  jobs: [
    {
      // One DELETE of the sessions past either limit (absolute or idle).
      id: "accounts.purge-sessions",
      label: "Limpeza de sessões expiradas do painel",
      intervalMs: 15 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => ({ removidas: await purgeExpiredSessions() }),
    },
  ],
  // Sessions are live state: no session outlives a restore.
  // An open invitation or reset link is data (it still opens); sessions are live state.
  backup: { usuarios: "data", sessoes: "live", convites: "data", redefinicoes_senha: "data" },
  emails: [
    defineEmail({
      kind: TEAM_EMAIL_KINDS.convite,
      label: "Convite para a equipe",
      recipient: "loja",
      compose: composeTeamEmail,
    }),
    defineEmail({
      kind: TEAM_EMAIL_KINDS.senha,
      label: "Redefinição de senha da equipe",
      recipient: "loja",
      compose: composeTeamEmail,
    }),
  ],
  rateLimits: [
    { operation: LOGIN_OPS.email, label: "Login (e-mail)", rule: LOGIN_RULE },
    { operation: LOGIN_OPS.ip, label: "Login (IP)", rule: LOGIN_RULE },
    // Sign-ins from a browser that already signed in (device cookie, decision 0016): counted
    // per device, apart from the e-mail, so strangers cannot lock the owner out.
    { operation: LOGIN_OPS.device, label: "Login (aparelho conhecido)", rule: LOGIN_RULE },
    { operation: LOGIN_OPS.totp, label: "Código 2FA", rule: LOGIN_RULE },
    { operation: LOGIN_OPS.password, label: "Troca de senha", rule: LOGIN_RULE },
  ],
});
