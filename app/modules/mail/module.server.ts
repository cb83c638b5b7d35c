// The mail module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { mailPersonalData } from "./personal-data.server";

export const mailModule = defineModule({
  name: "mail",
  personalData: mailPersonalData,
});
