// What happens once a customer proved their e-mail with a code (issue 42): each point of the
// issue adds its step here, in order.
import type { Executor } from "~/platform/db/client.server";
import { attachGuestPets } from "./pets.server";
import type { Cliente } from "./tables.server";

export async function customerVerified(cliente: Cliente, executor?: Executor): Promise<void> {
  // The pets of the guest bookings made with this e-mail join the account (point 3).
  await attachGuestPets(cliente, executor);
}
