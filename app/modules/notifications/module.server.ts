// The notifications module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { notificationsPersonalData } from "./personal-data.server";

export const notificationsModule = defineModule({
  name: "notifications",
  settings: { secret: ["webhookSecret"] },
  personalData: notificationsPersonalData,
});
