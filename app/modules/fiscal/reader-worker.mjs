// The fiscal reader (a piscina thread with its own heap limit): opens the uploaded zips and
// parses the XML files off the request thread, so a file built to exhaust memory or time
// fails alone and the shop's pages keep answering. Plain .mjs loaded straight from the source
// tree (the server bundle does not hold it), like the catalogue's import worker; the
// TypeScript it needs is loaded through tsx.
import { tsImport } from "tsx/esm/api";

const { lerArquivosFiscais } = await tsImport("./files.server.ts", import.meta.url);

/** @param {{ files: { name: string, bytes: Uint8Array }[] } | { warm: true }} task */
export default function read(task) {
  if ("warm" in task) return null;
  return lerArquivosFiscais(task.files);
}
