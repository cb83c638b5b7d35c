// OWASP's device cookie (decision 0016): a browser that signed in holds a signed cookie naming
// the account and a random device id. Its sign-ins are counted per device, not per e-mail,
// so someone guessing passwords from elsewhere can lock the e-mail but not its owner.
import crypto from "node:crypto";
import { readCookie } from "~/lib/cookies";
import { sameSecret, sessionSecret } from "~/platform/secret.server";

const DEVICE_COOKIE = "agropet_dispositivo";
/** Over HTTPS, like the session cookie: Secure, Path=/, no Domain, no sibling can plant it. */
const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** A browser stays known for six months after its last sign-in. */
export const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function cookieName(request: Request): string {
  return isSecure(request) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
}

/** Its own key, derived from the session secret, so no other signed value passes for it. */
let keyFor: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = sessionSecret();
  if (keyFor?.secret !== secret) {
    const derived = crypto.hkdfSync("sha256", secret, "", "agropet:dispositivo", 32);
    keyFor = { secret, key: Buffer.from(derived) };
  }
  return keyFor.key;
}

function mac(payload: string): string {
  return crypto.createHmac("sha256", key()).update(payload).digest("base64url");
}

/** The Set-Cookie header of a new device cookie for `userId`, valid for DEVICE_MAX_AGE_S. */
export function deviceCookie(userId: string, request: Request, at = new Date()): string {
  const deviceId = crypto.randomBytes(16).toString("base64url");
  const expires = Math.floor(at.getTime() / 1000) + DEVICE_MAX_AGE_S;
  const payload = `${userId}.${deviceId}.${expires}`;
  const secure = isSecure(request) ? "; Secure" : "";
  return `${cookieName(request)}=${payload}.${mac(payload)}; Path=/; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The account a valid, unexpired device cookie in `cookieHeader` names, or null: read
 * before the database is asked anything (the login's door, login-admission.server.ts).
 */
export function deviceCookieHolder(
  cookieHeader: string | null,
  secure: boolean,
  at = new Date(),
): string | null {
  const value = readCookie(cookieHeader, secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [owner, deviceId, expires, given] = parts as [string, string, string, string];
  if (!sameSecret(given, mac(`${owner}.${deviceId}.${expires}`))) return null;
  return Number(expires) * 1000 > at.getTime() ? owner : null;
}

/**
 * The device id when the request carries a valid, unexpired device cookie of `userId`;
 * null otherwise (absent, altered, expired, or another account's).
 */
export function knownDevice(request: Request, userId: string, at = new Date()): string | null {
  const value = readCookie(request.headers.get("cookie"), cookieName(request));
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [owner, deviceId, expires, given] = parts as [string, string, string, string];
  const expected = mac(`${owner}.${deviceId}.${expires}`);
  if (!sameSecret(given, expected)) {
    return null;
  }
  if (owner !== userId || Number(expires) * 1000 <= at.getTime()) return null;
  return deviceId;
}
