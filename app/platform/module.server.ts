// What a module adds to the shared machinery, declared in one file per module
// (`app/modules/<concept>/module.server.ts`) and listed once in `app/modules/registry.server.ts`.
// The platform reads these declarations; it never imports a module (decision 0059).

import type { Logger } from "pino";
import type { PersonalDataHandler } from "./personal-data.server";

/** One periodic job: the runner runs it at most once at a time across every instance. */
interface JobDefinition {
  /** Stable id, `<module>.<what>` (the advisory lock and the run rows derive from it). */
  id: string;
  /** What the owner reads in the admin's job list (pt-BR). */
  label: string;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** A run longer than this is aborted (its signal fires) and recorded as failed. */
  timeoutMs: number;
  /** Whether this instance runs the job at all (e.g. embedded database only). */
  enabled?: () => boolean;
  /** One run; the counts it returns are recorded with the run. */
  run: (context: JobContext) => Promise<JobCounts | undefined>;
}

type JobCounts = Record<string, number>;

interface JobContext {
  /** Fires when the run times out or the instance stops: finish or release what it holds. */
  signal: AbortSignal;
  logger: Logger;
}

/** A module's declaration of what it adds to the shared machinery. */
export interface ModuleManifest {
  /** The module's folder name under app/modules. */
  name: string;
  /** Periodic work. */
  jobs?: readonly JobDefinition[];
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
