// The promotions module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

export const promotionsModule = defineModule({
  name: "promotions",
  backup: { cupons: "data" },
});
