// What a module adds to the shared machinery, declared in one file per module
// (`app/modules/<concept>/module.server.ts`) and listed once in `app/modules/registry.server.ts`.
// The platform reads these declarations; it never imports a module (decision 0059).

import type { Logger } from "pino";
import { env } from "./env.server";
import type { EventSubscriber } from "./event-types.server";
import type { PersonalDataHandler } from "./personal-data.server";

/** One periodic job: the runner runs it at most once at a time across every instance. */
export interface JobDefinition {
  /** Stable id, `<module>.<what>` (the advisory lock and the run rows derive from it). */
  id: string;
  /** What the owner reads in the admin's job list (pt-BR). */
  label: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** A run longer than this is aborted (its signal fires) and recorded as failed. */
  timeoutMs: number;
  /** Wait this long after an instance starts before its first run (default: at once). */
  firstRunAfterMs?: number;
  /** Whether this instance runs the job at all (e.g. embedded database only). */
  enabled?: () => boolean;
  /** One run; the counts it returns are recorded with the run. */
  run: (context: JobContext) => Promise<JobCounts | undefined>;
}

export type JobCounts = Record<string, number>;

/** The environment's job intervals, in seconds (0: the job never runs). */
type IntervalVariable = Extract<keyof ReturnType<typeof env>, `${string}_INTERVAL`>;

/**
 * A job run every `variable` seconds of the environment, read when the runner asks (the
 * environment is not loaded at import); 0 switches it off. With `waitFirst`, an instance
 * waits one interval before its first run.
 */
export function everyEnvSeconds(
  variable: IntervalVariable,
  job: Omit<JobDefinition, "intervalMs" | "enabled" | "firstRunAfterMs">,
  { waitFirst = false } = {},
): JobDefinition {
  const ms = () => env()[variable] * 1000;
  const definition: JobDefinition = {
    ...job,
    get intervalMs() {
      return ms();
    },
    enabled: () => env()[variable] > 0,
  };
  // A getter, not a spread value: spreading would read the environment at import.
  if (waitFirst)
    Object.defineProperty(definition, "firstRunAfterMs", { get: ms, enumerable: true });
  return definition;
}

export interface JobContext {
  /** Fires when the run times out or the instance stops: finish or release what it holds. */
  signal: AbortSignal;
  logger: Logger;
}

/** How many attempts an operation allows before it blocks the identifier, and for how long. */
export interface RateLimitRule {
  /** Attempts allowed inside the window; the attempt that reaches it blocks. */
  max: number;
  windowMs: number;
  /** How long the identifier stays blocked once it reaches `max`. */
  blockMs: number;
}

/** One counted operation (app/platform/rate-limits.server.ts counts it). */
export interface RateLimitDefinition {
  /** Stable name stored in `rate_limits.operation` (never renamed: counters in flight use it). */
  operation: string;
  /** What staff read on /admin/security (pt-BR). */
  label: string;
  rule: RateLimitRule;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A counted operation as a module declares it, on one line: `max` attempts per `windowMs`,
 * then the identifier is blocked for `blockMs` (as long as the window unless said).
 */
export function rateLimit(
  operation: string,
  label: string,
  max: number,
  windowMs: number,
  blockMs = windowMs,
): RateLimitDefinition {
  return { operation, label, rule: { max, windowMs, blockMs } };
}

/**
 * One kind of e-mail a module sends, declared with the mail module's `defineEmail` (which
 * types its composer; the platform only carries it to the mail module).
 */
interface EmailKindDeclaration {
  kind: string;
  label: string;
  recipient: "cliente" | "loja";
  compose: (row: never) => Promise<unknown>;
}

/**
 * What a backup does with a table (app/platform/backup.server.ts):
 * - `data`: the shop's data, archived and restored;
 * - `live`: live state (sessions, counters, alerts, kept counts), never archived, left empty
 *   by a restore;
 * - `seeded`: data whose first rows a migration writes (a freshly migrated place still counts
 *   as empty), archived, and replaced by the archive's rows on restore;
 * - `derived`: rebuilt by triggers from other tables, never archived.
 */
export type BackupClass = "data" | "live" | "seeded" | "derived";

/** A module's declaration of what it adds to the shared machinery. */
export interface ModuleManifest {
  /** The module's folder name under app/modules. */
  name: string;
  /** Periodic work. */
  jobs?: readonly JobDefinition[];
  /** What it does when other modules' events happen, in their transaction (decision 0061). */
  subscribers?: readonly EventSubscriber[];
  /** The e-mails it sends: kind, name on the admin screens, recipient, composer. */
  emails?: readonly EmailKindDeclaration[];
  /** The attempt counters its public forms and sign-ins use. */
  rateLimits?: readonly RateLimitDefinition[];
  /** The backup class of each of its tables, by table name. */
  backup?: Readonly<Record<string, BackupClass>>;
  /**
   * Its settings: the zod schema of its settings form, and which fields are secret (never in
   * the general read; the module reads its own with shop's `secretSettings(name)`).
   */
  settings?: { schema?: unknown; secret?: readonly string[] };
  /** The personal data it holds: privacy finds, exports, anonymises and expires it here. */
  personalData?: PersonalDataHandler;
}

/** Declares a module's manifest (typed; returned as is). */
export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}

let registered: readonly ModuleManifest[] | null = null;

/**
 * Hands the platform the list of modules (app/modules/registry.server.ts). Called by boot and
 * by the test setup, before anything reads a declaration; calling again replaces the list.
 */
export function registerModules(modules: readonly ModuleManifest[]) {
  registered = modules;
}

/** The registered modules; the platform's services read their declarations from here. */
export function registeredModules(): readonly ModuleManifest[] {
  if (!registered) throw new Error("registerModules() não foi chamado antes de ler os módulos");
  return registered;
}
