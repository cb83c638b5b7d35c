// The secret that signs cookies. SESSION_SECRET wins; otherwise one is made at first
// start and kept in $DATA_DIR, so restarts keep it (set SESSION_SECRET for N instances).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/infra/env.server";

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
