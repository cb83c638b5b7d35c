// What a proved e-mail unlocks, run in the sign-in's transaction right after a right code
// (issue 42). The history (orders and bookings with that e-mail) needs nothing here: it is
// read by the verified e-mail itself. Each point of the issue adds its step here, in order.
import type { Executor } from "~/platform/db/client.server";
import { attachGuestPets } from "./pets.server";
import type { Cliente } from "./tables.server";

/** Runs after a right code proved `cliente.email`, inside the sign-in's transaction. */
export async function customerVerified(tx: Executor, cliente: Cliente): Promise<void> {
  // The pets of the guest bookings made with this e-mail join the account (point 3).
  await attachGuestPets(cliente, tx);
}
