// Optional second factor for admin accounts: TOTP secrets sealed with AES-256-GCM (key
// derived from the session secret), one-time recovery codes stored as sha256 hashes.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { shop } from "~/content/shop";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { openTotpSecret, sealTotpSecret } from "~/platform/secret-box.server";
import { sha256 } from "./session.server";
import { type Usuario, usuarios } from "./tables.server";
import {
  generateRecoveryCodes,
  generateTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
  verifyTotp,
} from "./totp-code.server";

/** Starts (or restarts) an enrolment: a new secret, not active until a code confirms it. */
export async function startTotpEnrolment(userId: string): Promise<string> {
  const secret = generateTotpSecret();
  await db()
    .update(usuarios)
    .set({ totpSecret: sealTotpSecret(secret), totpAtivo: false, updatedAt: now() })
    .where(eq(usuarios.id, userId));
  return secret;
}

/** The QR code (as a data: URL) and the key to type, for an enrolment in progress. */
export async function enrolmentView(user: Usuario) {
  if (user.totpAtivo) return null;
  const secret = openTotpSecret(user.totpSecret);
  if (!secret) return null;
  const uri = otpauthUri(secret, user.email, shop.name);
  const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { qrDataUrl, secret: secret.replace(/(.{4})/g, "$1 ").trim() };
}

/** Writes the user's second-factor columns and audits the change (a security event). */
async function setTotp(
  user: Usuario,
  request: Request,
  action: "totp_enable" | "totp_disable",
  columns: Partial<typeof usuarios.$inferInsert>,
) {
  await transaction(async (tx) => {
    await tx
      .update(usuarios)
      .set({ ...columns, updatedAt: now() })
      .where(eq(usuarios.id, user.id));
    await logAudit(
      {
        request,
        adminUserId: user.id,
        action,
        resourceType: "usuario",
        resourceId: user.id,
        details: { security_event: true },
      },
      tx,
    );
  });
}

/** Confirms the enrolment with a first code; returns the recovery codes (shown once). */
export async function confirmTotpEnrolment(
  user: Usuario,
  code: string,
  request: Request,
): Promise<string[] | null> {
  const secret = openTotpSecret(user.totpSecret);
  const step = secret && !user.totpAtivo ? verifyTotp(secret, code, now()) : null;
  if (step === null) return null;
  const codes = generateRecoveryCodes();
  await setTotp(user, request, "totp_enable", {
    totpAtivo: true,
    // The confirming code cannot then be used to sign in.
    totpUltimoPasso: step,
    codigosRecuperacao: codes.map((c) => sha256(normalizeRecoveryCode(c))),
  });
  return codes;
}

export async function disableTotp(user: Usuario, request: Request) {
  await setTotp(user, request, "totp_disable", {
    totpSecret: null,
    totpAtivo: false,
    totpUltimoPasso: null,
    codigosRecuperacao: [],
  });
}

/**
 * Records `step` as used, atomically, only if it is newer than the last one accepted: a
 * code seen once (by a shoulder-surfer, a phishing proxy) cannot be replayed in its window.
 */
async function spendTotpStep(userId: string, step: number, executor: Executor): Promise<boolean> {
  const spent = await executor
    .update(usuarios)
    .set({ totpUltimoPasso: step })
    .where(
      and(
        eq(usuarios.id, userId),
        or(isNull(usuarios.totpUltimoPasso), lt(usuarios.totpUltimoPasso, step)),
      ),
    )
    .returning({ id: usuarios.id });
  return spent.length > 0;
}

/**
 * Checks the second factor at login: a current TOTP code, or an unused recovery code
 * (which is then spent). Returns how it matched, or null.
 */
export async function verifySecondFactor(
  user: Usuario,
  code: string,
  executor: Executor = db(),
): Promise<"totp" | "recovery" | null> {
  if (!user.totpAtivo) return null;
  const secret = openTotpSecret(user.totpSecret);
  const step = secret ? verifyTotp(secret, code, now()) : null;
  if (step !== null) return (await spendTotpStep(user.id, step, executor)) ? "totp" : null;
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 12) return null;
  const hash = sha256(normalized);
  // Spent atomically: of two requests racing with the same code, only one wins.
  const spent = await executor
    .update(usuarios)
    .set({
      codigosRecuperacao: sql`${usuarios.codigosRecuperacao} - ${hash}::text`,
      updatedAt: now(),
    })
    .where(
      and(
        eq(usuarios.id, user.id),
        sql`${usuarios.codigosRecuperacao} @> ${JSON.stringify([hash])}::jsonb`,
      ),
    )
    .returning({ id: usuarios.id });
  if (spent.length === 0) return null;
  return "recovery";
}
