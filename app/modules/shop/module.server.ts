// The shop module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

const MINUTE = 60_000;

export const shopModule = defineModule({
  name: "shop",
  // A migration writes the shop's units: a freshly migrated place still counts as empty.
  backup: { configuracoes: "data", unidades: "seeded" },
  rateLimits: [
    {
      operation: "form:contato",
      label: "Mensagens de contato",
      rule: { max: 12, windowMs: 10 * MINUTE, blockMs: 30 * MINUTE },
    },
  ],
});
