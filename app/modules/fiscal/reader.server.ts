// Runs fiscal's file reader (files.server.ts) in a worker thread (reader-worker.mjs, piscina,
// as the catalogue's import does): the zips are opened within bounds and each XML parsed
// there, so a hostile upload costs a bounded thread, never the request thread. A file that
// exhausts the worker's heap or time is refused with a pt-BR reason and nothing is read.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { AdminError } from "~/platform/admin/actor.server";
import { logger } from "~/platform/logger.server";
import type { ArquivoEnviado, ArquivoLido } from "./files.server";

const READER_HEAP_MB = 256;
/** A month of a supplier's notes in one zip reads in a few seconds. */
const READER_TIMEOUT_MS = 30_000;

const READER_BUSY = "Outro envio de notas está sendo lido. Tente novamente em instantes.";
export const READER_TOO_HEAVY =
  "Não foi possível ler os arquivos: eles exigem memória ou tempo demais. Envie em partes menores.";

let limits = { heapMb: READER_HEAP_MB, timeoutMs: READER_TIMEOUT_MS };
let pool: Piscina | undefined;

function workerFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of ["reader-worker.mjs", "app/modules/fiscal/reader-worker.mjs"]) {
      const file = path.join(dir, candidate);
      if (fs.existsSync(file)) return pathToFileURL(file).href;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("reader-worker.mjs não encontrado");
    dir = parent;
  }
}

/** One thread (the machine serves the shop first), started on demand, ended when idle. */
function readerPool(): Piscina {
  if (pool) return pool;
  const created = new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5 * 60_000,
    maxQueue: 4,
    atomics: "disabled",
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: Math.min(32, limits.heapMb),
    },
  });
  created.on("error", (error) => {
    logger.error({ err: error }, "leitor de notas fiscais encerrado");
    if (pool === created) pool = undefined;
    void created.destroy().catch(() => undefined);
  });
  pool = created;
  return created;
}

/** Other limits (tests make them tiny to see a file exhaust them); ends the current thread. */
export async function configureFiscalReader(next: Partial<typeof limits> = {}): Promise<void> {
  await stopFiscalReader();
  limits = {
    heapMb: next.heapMb ?? READER_HEAP_MB,
    timeoutMs: next.timeoutMs ?? READER_TIMEOUT_MS,
  };
}

/** Ends the reader thread (server shutdown, end of a test file). */
export async function stopFiscalReader(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}

/** Reads an upload's files in the worker thread. */
export async function readFiscalFiles(files: ArquivoEnviado[]): Promise<ArquivoLido[]> {
  const workers = readerPool();
  if (workers.queueSize >= workers.options.maxQueue) throw new AdminError(READER_BUSY);
  try {
    return await workers.run({ files }, { signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (error) {
    logger.warn({ err: error }, "arquivos fiscais abandonados");
    throw new AdminError(READER_TOO_HEAVY);
  }
}
