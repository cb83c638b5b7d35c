// Faults that are nobody's mistake and pass on their own: the database cannot be reached
// (PostgreSQL stopped, restarting, out of connections; PGlite closed) or the disk refuses
// writes (full, over quota, read-only). One classifier for all of them, the same on PGlite
// and on PostgreSQL, so every answer to such a fault is the same: 503 with Retry-After and
// a pt-BR message, never a 500 (docs/decisions/0018-enderecos-absolutos-e-falhas.md).
//
// No React Router here: the HTTP entry (http/security-headers.ts) uses it too.

export type UnavailableKind = "banco" | "disco";

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

export const UNAVAILABLE_MESSAGES: Record<UnavailableKind, string> = {
  banco:
    "Estamos com uma instabilidade momentânea e não conseguimos concluir agora. Nada foi perdido: tente de novo em alguns instantes.",
  disco:
    "Estamos com uma instabilidade momentânea no armazenamento e não conseguimos concluir agora. Tente de novo em alguns instantes.",
};

/** Node's and the file system's codes: the disk refuses writes. */
const DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS"]);
/** Node's network codes: the database server cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/**
 * SQLSTATEs: 08xxx connection exceptions, 57P01-57P03 shutting down / crashed / starting
 * up, 53300 too many connections, 25006 read-only (a standby after failover); 53100 disk
 * full.
 */
const DATABASE_STATES = new Set([
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "25006",
]);
const DISK_STATES = new Set(["53100"]);
/** node-postgres and PGlite say these in words only. */
const DATABASE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Cannot use a pool after calling end|not queryable|PGlite is closed|Banco de dados não inicializado/i;
const DISK_MESSAGES = /No space left on device|Disk quota exceeded|Read-only file system/i;
/**
 * Emscripten's errno numbers, which PGlite's file system throws as `ErrnoError { errno }`:
 * 51 ENOSPC, 69 EROFS (musl's numbering, which emscripten uses).
 */
const EMSCRIPTEN_DISK_ERRNOS = new Set([51, 69]);

/** What kind of unavailability `error` is (searching its causes), or null for anything else. */
export function unavailableKind(error: unknown): UnavailableKind | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const e = current as {
      code?: unknown;
      errno?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    // "write_failed": the object storage (S3) refused or could not be reached for a write.
    const storage = code === "write_failed";
    if (storage || DISK_CODES.has(code) || DISK_STATES.has(code) || DISK_MESSAGES.test(message)) {
      return "disco";
    }
    const emscripten = e.name === "ErrnoError" || current.constructor?.name === "ErrnoError";
    if (emscripten && EMSCRIPTEN_DISK_ERRNOS.has(Number(e.errno))) return "disco";
    if (NETWORK_CODES.has(code) || DATABASE_STATES.has(code) || DATABASE_MESSAGES.test(message)) {
      return "banco";
    }
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return null;
}

export function isUnavailable(error: unknown): boolean {
  return unavailableKind(error) !== null;
}

let diskRefusedAt = 0;

/**
 * Remembers that the disk refused a write just now: /readyz answers 503 for a while after
 * (a disk full on the database's own server shows only in the errors of its writes).
 */
export function noteUnavailable(kind: UnavailableKind, now = Date.now()): void {
  if (kind === "disco") diskRefusedAt = now;
}

/** Whether a write was refused for lack of disk in the last `windowMs`. */
export function diskRecentlyRefused(windowMs = 15_000, now = Date.now()): boolean {
  return diskRefusedAt > 0 && now - diskRefusedAt < windowMs;
}

/** Forgets the last refusal (a write went through again). */
export function diskAcceptedWrites(): void {
  diskRefusedAt = 0;
}

/** The headers of every 503 answer. */
export function unavailableHeaders(): Record<string, string> {
  return { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
}

/**
 * The 503 answer to an unavailability: JSON `{ ok: false, indisponivel: true, message }`.
 * Thrown from a loader or action, React Router renders the page's error screen with it (a
 * document or .data request) or sends it as is (a resource route: the forms' scripts read
 * its message).
 */
export function unavailableResponse(kind: UnavailableKind): Response {
  return Response.json(
    { ok: false, indisponivel: true, message: UNAVAILABLE_MESSAGES[kind] },
    { status: 503, headers: unavailableHeaders() },
  );
}

/** In a `catch`: an unavailability leaves as the 503 answer; anything else returns. */
export function rethrowIfUnavailable(error: unknown): void {
  const kind = unavailableKind(error);
  if (!kind) return;
  noteUnavailable(kind);
  throw unavailableResponse(kind);
}
