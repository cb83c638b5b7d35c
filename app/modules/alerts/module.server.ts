// The alerts module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { alertsPersonalData } from "./personal-data.server";
import { recordAlert } from "./record.server";

export const alertsModule = defineModule({
  name: "alerts",
  subscribers: [
    {
      // New orders, photo quotes and resumes are announced by triggers on their tables (every
      // path that inserts one, decision 0035); the code's own events add what no insert shows.
      name: "alerts.record",
      events: ["pedido.pago_apos_cancelamento", "pedido.contestado", "estoque.reserva_em_risco"],
      handle: async (executor, event) => {
        if (!event.aviso) return;
        await recordAlert(executor, {
          tipo: event.aviso.tipo,
          referenciaId: event.resourceId,
          dados: event.aviso.dados,
        });
      },
    },
  ],
  // The staff's live alerts: the orders a restore writes back are not new, and their triggers
  // stay quiet during it (agropet.sem_avisos, migration 0009).
  backup: { avisos: "live" },
  personalData: alertsPersonalData,
});
