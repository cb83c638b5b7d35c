// The import worker (a piscina thread with its own heap limit): reads an uploaded spreadsheet
// off the main thread, so a file built to exhaust memory or time fails alone. Plain .mjs
// loaded straight from the source tree in development, tests and production alike (the
// server bundle does not hold it); the TypeScript it needs is loaded through tsx.
import { tsImport } from "tsx/esm/api";

const { parseImportBytes, warmUp } = await tsImport("./import-parse.server.ts", import.meta.url);

/** @param {{ bytes: Uint8Array, fileName: string } | { warm: true }} task */
export default function parse(task) {
  // A warm-up task loads this module (tsx, exceljs) and reads two tiny files: a second or two
  // on a busy machine, spent when the import screen opens rather than on the first upload.
  if ("warm" in task) return warmUp().then(() => null);
  return parseImportBytes(task.bytes, task.fileName);
}
