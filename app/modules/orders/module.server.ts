// The orders module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { ordersPersonalData } from "./personal-data.server";

export const ordersModule = defineModule({
  name: "orders",
  personalData: ordersPersonalData,
});
