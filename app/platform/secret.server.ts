// The secret that signs cookies. SESSION_SECRET wins; otherwise one is made at first
// start and kept in $DATA_DIR, so restarts keep it (set SESSION_SECRET for N instances).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/platform/env.server";

let secret: string | undefined;

export function sessionSecret(): string {
  if (secret) return secret;
  const fromEnv = env().SESSION_SECRET;
  if (fromEnv) {
    secret = fromEnv;
    return secret;
  }
  const file = path.join(env().dataDir, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env().dataDir, { recursive: true });
    secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}

/**
 * Whether two secrets (a signature, a token's hash, a code) are the same, in constant time:
 * `===` answers as soon as one character differs, which tells a guesser how far it got.
 * Strings are compared as their UTF-8 bytes; a different length is simply false.
 */
export function sameSecret(a: string | Buffer, b: string | Buffer): boolean {
  const x = typeof a === "string" ? Buffer.from(a) : a;
  const y = typeof b === "string" ? Buffer.from(b) : b;
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
