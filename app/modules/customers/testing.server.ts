// The module's testing face: its tables, for tests and scripts that set up or inspect rows
// directly. Only tests/ and scripts/ import it (dependency-cruiser: testing-face-for-tests).
import { customerByEmail, startCustomerSession } from "./session.server";

export * from "./tables.server";

/**
 * A signed-in customer for a test: the account of `email` (created if new) and the Cookie
 * header value of a fresh session, as if the e-mail code had just been typed.
 */
export async function customerCookie(
  email: string,
  origin = "http://localhost",
): Promise<{ clienteId: string; cookie: string }> {
  const cliente = await customerByEmail(email);
  const setCookie = await startCustomerSession(cliente.id, new Request(`${origin}/conta`));
  return { clienteId: cliente.id, cookie: setCookie.split(";")[0]! };
}
