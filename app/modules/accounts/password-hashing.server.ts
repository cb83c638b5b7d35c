// A small gate in front of argon2 (decision 0016). Each hash or verification takes ~80 ms of
// a core and 64 MB; 300 logins at once used to hold the shop's two cores for 25 s. A few run
// at a time, a few more wait their turn, and the rest are answered at once with 503 and
// Retry-After instead of queueing work nobody will wait for.
import os from "node:os";

export const HASHING_BUSY_MESSAGE =
  "Muitos acessos ao painel neste momento. Tente novamente em alguns segundos.";
/** Seconds a refused client is told to wait (Retry-After). */
export const HASHING_RETRY_AFTER_S = 2;

export class PasswordHashingBusyError extends Error {
  constructor() {
    super(HASHING_BUSY_MESSAGE);
    this.name = "PasswordHashingBusyError";
  }
}

export interface HashingLimits {
  /** Hashes running at once: leave at least one core to the shop itself. */
  running: number;
  /** Requests allowed to wait for a turn; beyond them the answer is 503 at once. */
  waiting: number;
}

function defaultLimits(): HashingLimits {
  const running = Math.max(1, Math.min(4, os.availableParallelism() - 1));
  return { running, waiting: 4 * running };
}

let limits = defaultLimits();
/** Extra waiting places only known devices may take. */
const PRIORITY_PLACES = 4;
let running = 0;
const queue: (() => void)[] = [];

/** For tests: other limits, or the defaults again. */
export function setHashingLimits(next: Partial<HashingLimits> | undefined) {
  limits = next ? { ...defaultLimits(), ...next } : defaultLimits();
}

/** Turns plus waiting places: how many logins the door lets in at once (login-admission). */
export function hashingCapacity(): number {
  return limits.running + limits.waiting;
}

/**
 * Runs `work` (argon2 and whatever must happen with the turn held) when a turn is free.
 * Throws PasswordHashingBusyError at once when every turn and waiting place is taken.
 * `first`: a browser known to the account (its device cookie) waits at the head of the
 * queue, even when the waiting places are taken, so its owner signs in during a flood.
 */
export async function withPasswordHashing<T>(
  work: () => Promise<T>,
  options: { first?: boolean } = {},
): Promise<T> {
  if (running < limits.running) {
    running += 1;
  } else if (options.first && queue.length < limits.waiting + PRIORITY_PLACES) {
    await new Promise<void>((resolve) => queue.unshift(resolve));
  } else if (queue.length < limits.waiting) {
    // The releasing request hands its turn over directly: `running` stays as it is.
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    throw new PasswordHashingBusyError();
  }
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}
