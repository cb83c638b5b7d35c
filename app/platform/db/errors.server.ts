// What a database error means, the same on PGlite and on PostgreSQL (node-postgres), where
// the driver's error may sit a few `cause`s deep inside Drizzle's.

/**
 * The constraint a unique violation (SQLSTATE 23505) broke: its name when the driver says
 * it, else the index named in the message, else "unique"; null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === "23505") {
      return e.constraint ?? (e.message?.match(/"([^"]+_idx)"/)?.[1] || "unique");
    }
    current = e.cause;
  }
  return null;
}

/** True when a database error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}

/**
 * True when a database error is a foreign key refusing the write: 23503, or 23001 for an
 * ON DELETE RESTRICT reference.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: string }).code;
    if (code === "23503" || code === "23001") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATEs of a write the database refused for its data: class 22 (a number out of range,
 * a text too long or not of its type) and the integrity rules that are not a race (23502
 * not null, 23514 check, 23P01 exclusion). A route that lets one reach the database missed a
 * validation; the answer is still a pt-BR refusal that changed nothing (the transaction
 * rolled back), never a 500. Unique and foreign-key refusals stay with the routes that
 * expect them.
 */
const DATA_REFUSAL_STATES = /^(22[0-9A-Z]{3}|23502|23514|23P01)$/;

/** True when the database refused a write for the data it was given (see above). */
export function isDataRefusal(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && DATA_REFUSAL_STATES.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DATA_REFUSAL_MESSAGE =
  "Não foi possível salvar: um dos dados informados não foi aceito. Nada foi alterado. Confira os campos e tente de novo.";
