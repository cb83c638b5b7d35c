// The delivery module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule, MINUTE_MS, rateLimit } from "~/platform/module.server";

export const deliveryModule = defineModule({
  name: "delivery",
  backup: { bairros_entrega: "data" },
  rateLimits: [
    // CEP lookups that reach ViaCEP or BrasilAPI (a CEP already known is not counted).
    rateLimit("cep", "Consultas de CEP", 40, 10 * MINUTE_MS),
  ],
});
