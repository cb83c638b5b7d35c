// Runs fiscal's file reader (files.server.ts) in a worker thread (reader-worker.mjs, through
// the platform's uploadWorker, as the catalogue's import): the zips are opened within bounds
// and each XML parsed there, so a hostile upload costs a bounded thread, never the request
// thread. A file that exhausts the worker's heap or time is refused with a pt-BR reason and
// nothing is read.
import { uploadWorker } from "~/platform/worker-pool.server";
import type { ArquivoEnviado, ArquivoLido } from "./files.server";

export const READER_TOO_HEAVY =
  "Não foi possível ler os arquivos: eles exigem memória ou tempo demais. Envie em partes menores.";

const reader = uploadWorker<{ files: ArquivoEnviado[] }, ArquivoLido[]>({
  file: "app/modules/fiscal/reader-worker.mjs",
  name: "leitor de notas fiscais",
  heapMb: 256,
  /** A month of a supplier's notes in one zip reads in a few seconds. */
  timeoutMs: 30_000,
  idleMs: 5 * 60_000,
  busy: "Outro envio de notas está sendo lido. Tente novamente em instantes.",
  tooHeavy: READER_TOO_HEAVY,
});

/** Other limits (tests make them tiny to see a file exhaust them); ends the current thread. */
export const configureFiscalReader = reader.configure;

/** Ends the reader thread (server shutdown, end of a test file). */
export const stopFiscalReader = reader.stop;

/** Reads an upload's files in the worker thread. */
export function readFiscalFiles(files: ArquivoEnviado[]): Promise<ArquivoLido[]> {
  return reader.run({ files });
}
