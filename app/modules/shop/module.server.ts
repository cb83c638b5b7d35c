// The shop module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule, MINUTE_MS, rateLimit } from "~/platform/module.server";

export const shopModule = defineModule({
  name: "shop",
  // A migration writes the shop's units: a freshly migrated place still counts as empty.
  backup: { configuracoes: "data", unidades: "seeded" },
  rateLimits: [
    rateLimit("form:contato", "Mensagens de contato", 12, 10 * MINUTE_MS, 30 * MINUTE_MS),
  ],
});
