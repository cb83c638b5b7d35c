// The alerts module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";

export const alertsModule = defineModule({
  name: "alerts",
  // The staff's live alerts: the orders a restore writes back are not new, and their triggers
  // stay quiet during it (agropet.sem_avisos, migration 0009).
  backup: { avisos: "live" },
});
