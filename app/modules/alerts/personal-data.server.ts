// A live alert on the panel copies the name of whoever ordered, asked for a quote or sent a
// resume: it goes with what it announces (anonymised, or past the retention period).
import { inArray } from "drizzle-orm";
import { NOTHING, type PersonalDataHandler } from "~/platform/personal-data.server";
import { avisos } from "./tables.server";

/** What an alert may announce. */
const ANNOUNCED = new Set(["pedido", "servico", "curriculo"]);

export const alertsPersonalData: PersonalDataHandler = {
  label: "Avisos do painel",
  async forgetCopies({ references }, tx) {
    const ids = references.filter((r) => ANNOUNCED.has(r.type)).map((r) => r.id);
    if (ids.length > 0) await tx.delete(avisos).where(inArray(avisos.referenciaId, ids));
    return NOTHING;
  },
};
