// The module's testing face: its tables, for tests and scripts that set up or inspect rows
// directly. Only tests/ and scripts/ import it (dependency-cruiser: testing-face-for-tests).
import type { Executor } from "~/platform/db/client.server";
import { customerByEmail, startCustomerSession } from "./session.server";

export * from "./tables.server";

/**
 * A signed-in customer for a test: the account of `email` (created if new) and the Cookie
 * header value of a fresh session, as if the e-mail code had just been typed.
 */
export async function customerCookie(
  email: string,
  origin = "http://localhost",
  /** Another database than the app's (an e2e spec writing its own server's, before it starts). */
  executor?: Executor,
): Promise<{ clienteId: string; cookie: string }> {
  const cliente = await customerByEmail(email, executor);
  const setCookie = await startCustomerSession(
    cliente.id,
    new Request(`${origin}/conta`),
    executor,
  );
  return { clienteId: cliente.id, cookie: setCookie.split(";")[0]! };
}
