// One-time codes sent by e-mail (decision 0071, generalising decision 0047's tutor codes):
// a 6-digit code kept only as an HMAC under the server's secret, valid 10 minutes, one use,
// dead after 5 wrong tries (counted under the row's lock, so tries at once count each), and a
// new code replaces the ones before. The caller sends the code (through the outbox, in the
// same transaction) and decides what a right code opens; each purpose has its own key space.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { now as clockNow } from "./clock.server";
import { type Executor, transaction } from "./db/client.server";
import { sameSecret, sessionSecret } from "./secret.server";
import { codigosAcesso } from "./tables.server";

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_TRIES = 5;

/** What a code opens: 'conta' (a customer's sign-in, keyed by e-mail), 'tutor' (by phone). */
export type CodePurpose = "conta" | "tutor";

function codeHash(purpose: CodePurpose, key: string, code: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`codigo-${purpose}:${key}:${code}`)
    .digest("hex");
}

/**
 * Issues a code for `key` inside the caller's transaction (where the e-mail carrying it is
 * queued too) and returns it with the row's id; earlier unused codes of that key stop working.
 */
export async function issueCode(
  tx: Executor,
  purpose: CodePurpose,
  key: string,
  at: Date = clockNow(),
): Promise<{ id: string; code: string }> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await tx
    .update(codigosAcesso)
    .set({ usadoEm: at })
    .where(
      and(
        eq(codigosAcesso.finalidade, purpose),
        eq(codigosAcesso.chave, key),
        isNull(codigosAcesso.usadoEm),
      ),
    );
  const [row] = await tx
    .insert(codigosAcesso)
    .values({
      finalidade: purpose,
      chave: key,
      codigoHash: codeHash(purpose, key, code),
      expiraEm: new Date(at.getTime() + CODE_TTL_MS),
      createdAt: at,
    })
    .returning({ id: codigosAcesso.id });
  return { id: row!.id, code };
}

/**
 * Checks a typed code against the key's newest live one: right, it is used up; wrong, one try
 * is counted, and the fifth wrong try kills it. False for anything not a 6-digit code.
 */
export async function checkCode(
  purpose: CodePurpose,
  key: string,
  typed: string,
  at: Date = clockNow(),
): Promise<boolean> {
  const code = typed.trim();
  if (!/^\d{6}$/.test(code)) return false;
  return transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(codigosAcesso)
      .where(
        and(
          eq(codigosAcesso.finalidade, purpose),
          eq(codigosAcesso.chave, key),
          isNull(codigosAcesso.usadoEm),
          gt(codigosAcesso.expiraEm, at),
        ),
      )
      .orderBy(desc(codigosAcesso.createdAt))
      .limit(1)
      .for("update");
    if (!row || row.tentativas >= CODE_MAX_TRIES) return false;
    const right = sameSecret(codeHash(purpose, key, code), row.codigoHash);
    await tx
      .update(codigosAcesso)
      .set(right ? { usadoEm: at } : { tentativas: row.tentativas + 1 })
      .where(eq(codigosAcesso.id, row.id));
    return right;
  });
}

/** Forgets every code of these keys (a person anonymised). */
export async function forgetCodes(tx: Executor, purpose: CodePurpose, keys: string[]) {
  for (const key of keys) {
    await tx
      .delete(codigosAcesso)
      .where(and(eq(codigosAcesso.finalidade, purpose), eq(codigosAcesso.chave, key)));
  }
}
