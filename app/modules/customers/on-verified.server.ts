// What a proved e-mail unlocks, run in the sign-in's transaction right after a right code
// (issue 42). The history (orders and bookings with that e-mail) needs nothing here: it is
// read by the verified e-mail itself. The guest's pets are attached here (point 3).
import type { Executor } from "~/platform/db/client.server";
import type { Cliente } from "./tables.server";

/** Runs after a right code proved `cliente.email`, inside the sign-in's transaction. */
export async function customerVerified(_tx: Executor, _cliente: Cliente): Promise<void> {}
