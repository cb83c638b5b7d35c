// The import folder of counter sales (issue 44 point 3, decision 0089): the point of sale
// program (or whoever copies its exports) drops the day's NFC-e XMLs, or ZIPs of them, in
// `importar/nfce/` of the private storage area — $DATA_DIR/uploads/private/importar/nfce/ on
// the local disk, `private/importar/nfce/` under the S3 bucket when S3 is configured — and
// this job applies them as an upload would, then moves each file to `processados/<dia>/`, or
// to `recusados/<dia>/` with a `.motivo.txt` beside it. One run at a time across instances
// (the job runner's advisory lock); even two runs at once apply each note once (its access
// key) and a file another run already moved is skipped.
import { now } from "~/platform/clock.server";
import { logger } from "~/platform/logger.server";
import { storage } from "~/platform/storage.server";
import { importCounterSales } from "./counter-sales.server";
import { readFiscalFiles } from "./reader.server";

export const NFCE_FOLDER = "importar/nfce/";
export const NFCE_FOLDER_JOB = "fiscal.nfce-folder";
/** Files read by one worker call (a ZIP counts as one). */
const BATCH = 100;

/** The day folder of a moved file (America/Sao_Paulo). */
function day(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

/** Files waiting directly in the folder (not in its processados/recusados subfolders). */
async function waitingFiles(): Promise<string[]> {
  const keys = await storage().list("private", NFCE_FOLDER);
  return keys
    .filter((k) => k.startsWith(NFCE_FOLDER) && !k.slice(NFCE_FOLDER.length).includes("/"))
    .filter((k) => /\.(xml|zip)$/i.test(k))
    .sort();
}

async function move(
  key: string,
  bytes: Uint8Array,
  to: "processados" | "recusados",
  motivo?: string,
) {
  const name = key.slice(NFCE_FOLDER.length);
  const dest = `${NFCE_FOLDER}${to}/${day(now())}/${name}`;
  await storage().put("private", dest, bytes);
  if (motivo) await storage().put("private", `${dest}.motivo.txt`, Buffer.from(`${motivo}\n`));
  await storage().delete("private", key);
}

/** One run of the folder: every file waiting, in name order. */
export async function importNfceFolder(signal?: AbortSignal) {
  const counts = { arquivos: 0, vendas: 0, devolvidas: 0, recusados: 0, pendentes: 0 };
  const keys = await waitingFiles();
  for (let i = 0; i < keys.length; i += BATCH) {
    signal?.throwIfAborted();
    const batch: { key: string; bytes: Buffer }[] = [];
    for (const key of keys.slice(i, i + BATCH)) {
      // A name the storage refuses (spaces, accents) stays where it is, said in the log.
      const bytes = await storage()
        .read("private", key)
        .catch((error) => {
          logger.warn({ err: error, key }, "arquivo com nome inválido na pasta de NFC-e");
          return null;
        });
      if (bytes) batch.push({ key, bytes });
    }
    if (batch.length === 0) continue;
    const lidos = await readFiscalFiles(batch.map((f) => ({ name: f.key, bytes: f.bytes })));
    for (const file of batch) {
      const name = file.key.slice(NFCE_FOLDER.length);
      const docs = lidos.filter((l) => l.arquivo === name || l.arquivo.startsWith(`${name} › `));
      const result = await importCounterSales(docs, { email: null });
      const failed = result.recusados.filter((r) => !r.repetido);
      // Another run moved it while this one applied it: nothing left to move.
      if (!(await storage().read("private", file.key))) continue;
      if (failed.length > 0) {
        await move(
          file.key,
          file.bytes,
          "recusados",
          failed.map((r) => `${r.arquivo}: ${r.motivo}`).join("\n"),
        );
        counts.recusados++;
      } else await move(file.key, file.bytes, "processados");
      counts.arquivos++;
      counts.vendas += result.vendas;
      counts.devolvidas += result.devolvidas;
      counts.pendentes += result.itensPendentes;
    }
  }
  if (counts.recusados > 0)
    logger.warn(counts, "arquivos de NFC-e recusados na pasta de importação");
  return counts;
}
