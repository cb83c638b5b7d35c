// The secret of a booking's status link. Only its sha256 is stored; the secret itself derives
// from the booking form's one-time key (HMAC with the session secret), so a retried submit
// gets the same link back and an e-mail sent later can carry it.
import crypto from "node:crypto";
import { sameSecret, sessionSecret } from "~/platform/secret.server";

function derivedToken(chaveEnvio: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`agendamento:${chaveEnvio}`)
    .digest("base64url");
}

/** A new booking's link secret (from its form key) and the hash that is kept. */
export function newToken(chaveEnvio: string): { token: string; hash: string } {
  const token = derivedToken(chaveEnvio);
  return { token, hash: hashBookingToken(token) };
}

/** The status link's secret of a booking made online (walk-ins have no link). */
export function bookingLinkToken(booking: { chaveEnvio: string | null }): string | null {
  return booking.chaveEnvio ? derivedToken(booking.chaveEnvio) : null;
}

function hashBookingToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function tokenMatches(token: string, hash: string): boolean {
  return sameSecret(hashBookingToken(token), hash);
}
