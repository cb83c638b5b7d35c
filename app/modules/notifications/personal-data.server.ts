// A webhook delivery copies the order, grooming request or resume it announces: it goes with
// them (anonymised, or past the retention period).
import { inArray } from "drizzle-orm";
import { NOTHING, type PersonalDataHandler } from "~/platform/personal-data.server";
import { webhookEntregas } from "./tables.server";

/** What a delivery may announce (a booking is never announced by webhook). */
const ANNOUNCED = new Set(["pedido", "servico", "curriculo"]);

export const notificationsPersonalData: PersonalDataHandler = {
  label: "Entregas de webhook",
  async forgetCopies({ references }, tx) {
    const ids = references.filter((r) => ANNOUNCED.has(r.type)).map((r) => r.id);
    if (ids.length > 0) {
      // Ids are UUIDs: one list finds each delivery whatever its resource_type.
      await tx.delete(webhookEntregas).where(inArray(webhookEntregas.resourceId, ids));
    }
    return NOTHING;
  },
};
