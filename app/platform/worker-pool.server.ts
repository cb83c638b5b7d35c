// One worker thread (piscina) for reading what an admin uploads (the catalogue's import, the
// fiscal notes): a hostile file costs a bounded thread, never the request thread. The machine
// serves the shop first, so one thread, started on demand and ended when idle; a few uploads
// wait their turn, more are refused at once; one that exhausts the thread's heap or time is
// refused with the caller's pt-BR reason while the server goes on.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { AdminError } from "./admin/actor.server";
import { logger } from "./logger.server";

interface Limits {
  heapMb: number;
  timeoutMs: number;
}

interface UploadWorkerOptions extends Limits {
  /** The worker's path from the project root (app/modules/<m>/<name>.mjs). */
  file: string;
  /** How long an idle thread stays. */
  idleMs: number;
  /** Its name in the logs ("leitor de notas fiscais"). */
  name: string;
  /** The refusal while the queue is full, and the one for a file too heavy to read. */
  busy: string;
  tooHeavy: string;
}

/**
 * The worker's file from this module: walking up from here to the project root, which holds
 * it in the source tree and above the server bundle (build/server) alike.
 */
function workerUrl(file: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, file);
    if (fs.existsSync(candidate)) return pathToFileURL(candidate).href;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${file} não encontrado`);
    dir = parent;
  }
}

export function uploadWorker<Task, Result>(options: UploadWorkerOptions) {
  const defaults: Limits = { heapMb: options.heapMb, timeoutMs: options.timeoutMs };
  let limits = defaults;
  let pool: Piscina | undefined;
  let warming: Promise<void> | undefined;

  function threads(): Piscina {
    if (pool) return pool;
    const created = new Piscina({
      filename: workerUrl(options.file),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: options.idleMs,
      maxQueue: 4,
      atomics: "disabled",
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, limits.heapMb),
      },
    });
    // A worker that dies outside a task (while loading, or idle) is reported here rather than
    // thrown at the process; piscina would not start another, so the pool is replaced.
    created.on("error", (error) => {
      logger.error({ err: error }, `${options.name} encerrado`);
      if (pool === created) pool = undefined;
      void created.destroy().catch(() => undefined);
    });
    pool = created;
    return created;
  }

  async function stop(): Promise<void> {
    const current = pool;
    pool = undefined;
    warming = undefined;
    await current?.destroy();
  }

  return {
    /** Runs one task; `context` goes into the log line of an abandoned one. */
    async run(task: Task, context: Record<string, unknown> = {}): Promise<Result> {
      const workers = threads();
      if (workers.queueSize >= workers.options.maxQueue) throw new AdminError(options.busy);
      try {
        return await workers.run(task, { signal: AbortSignal.timeout(limits.timeoutMs) });
      } catch (error) {
        logger.warn({ err: error, ...context }, `${options.name}: tarefa abandonada`);
        throw new AdminError(options.tooHeavy);
      }
    },
    /** Starts the thread ahead of an upload (again once the idle one has ended). */
    warm(task: Task): Promise<void> {
      const workers = threads();
      if (!warming || workers.threads.length === 0) {
        warming = workers.run(task).then(
          () => undefined,
          (error) => logger.warn({ err: error }, `falha ao iniciar o ${options.name}`),
        );
      }
      return warming;
    },
    /** Other limits (tests make them tiny to see a file exhaust them); ends the current thread. */
    async configure(next: Partial<Limits> = {}): Promise<void> {
      await stop();
      limits = {
        heapMb: next.heapMb ?? defaults.heapMb,
        timeoutMs: next.timeoutMs ?? defaults.timeoutMs,
      };
    },
    /** Ends the thread (server shutdown, end of a test file). */
    stop,
  };
}
