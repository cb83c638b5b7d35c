// The grooming module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { groomingPersonalData } from "./personal-data.server";

export const groomingModule = defineModule({
  name: "grooming",
  personalData: groomingPersonalData,
});
