// Secrets kept at rest (TOTP secrets today), sealed with AES-256-GCM under a key derived
// from the session secret. The backup re-seals them when it moves between machines.
import crypto from "node:crypto";
import { sessionSecret } from "~/platform/secret.server";

/** The key TOTP secrets are sealed with on a machine whose session secret is `secret`. */
export function totpSealKey(secret = sessionSecret()): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "agropet-totp", "totp-secret-v1", 32));
}

export function sealTotpSecret(secret: string, key = totpSealKey()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The base32 secret, or null when the sealed value cannot be opened (fails closed). */
export function openTotpSecret(sealed: string | null, key = totpSealKey()): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
