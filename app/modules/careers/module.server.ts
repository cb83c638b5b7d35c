// The careers module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { careersPersonalData } from "./personal-data.server";

export const careersModule = defineModule({
  name: "careers",
  personalData: careersPersonalData,
});
