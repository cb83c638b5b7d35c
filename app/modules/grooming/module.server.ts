// The grooming module's declaration of what it adds to the shared machinery (decision 0059).

import { defineModule } from "~/platform/module.server";
import { releaseUnconfirmedBookings, sendDueReminders } from "./bookings.server";

export const groomingModule = defineModule({
  name: "grooming",
  jobs: [
    {
      // Bookings the staff did not confirm in time free their places; then tomorrow's reminders.
      id: "grooming.release-unconfirmed",
      label: "Liberação de agendamentos não confirmados e lembretes do dia seguinte",
      intervalMs: 5 * 60_000,
      timeoutMs: 2 * 60_000,
      run: async () => {
        const liberados = await releaseUnconfirmedBookings();
        return { liberados, lembretes: await sendDueReminders() };
      },
    },
  ],
});
