// The alerts module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { alertsPersonalData } from "./personal-data.server";

export const alertsModule = defineModule({
  name: "alerts",
  personalData: alertsPersonalData,
});
