// The import worker (a piscina thread with its own heap limit): reads an uploaded spreadsheet
// off the main thread, so a file built to exhaust memory or time fails alone. Plain .mjs
// loaded straight from the source tree in development, tests and production alike (the
// server bundle does not hold it); the TypeScript it needs is loaded through tsx.
import { tsImport } from "tsx/esm/api";

const { parseImportBytes } = await tsImport("./import-parse.server.ts", import.meta.url);

/** @param {{ bytes: Uint8Array, fileName: string } | { warm: true }} task */
export default function parse(task) {
  // A warm-up task only loads this module (tsx, exceljs): about a second on a busy machine.
  if ("warm" in task) return null;
  return parseImportBytes(task.bytes, task.fileName);
}
