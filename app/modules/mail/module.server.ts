// The mail module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { mailPersonalData } from "./personal-data.server";
import { mailSettingsSchema } from "./settings.schema";

export const mailModule = defineModule({
  name: "mail",
  settings: { schema: mailSettingsSchema, secret: ["smtpSenha"] },
  personalData: mailPersonalData,
});
