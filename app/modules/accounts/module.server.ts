// The accounts module's declaration of what it adds to the shared machinery (decision 0059).

import { defineModule } from "~/platform/module.server";
import { purgeExpiredSessions } from "./session.server";

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
});
