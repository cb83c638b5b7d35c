// The delivery module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

const MINUTE = 60_000;

export const deliveryModule = defineModule({
  name: "delivery",
  backup: { bairros_entrega: "data" },
  rateLimits: [
    // CEP lookups that reach ViaCEP or BrasilAPI (a CEP already known is not counted).
    {
      operation: "cep",
      label: "Consultas de CEP",
      rule: { max: 40, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
    },
  ],
});
