// The delivery module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

export const deliveryModule = defineModule({
  name: "delivery",
});
