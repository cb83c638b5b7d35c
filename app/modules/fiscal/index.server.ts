// The fiscal module's server face: the shop's NF-e and NFC-e files read (issue 44), and the
// supplier's NF-e received into a unit's stock (decision 0084).
export type { ItemChoice } from "./entries.server";
export {
  confirmEntry,
  ENTRADA_MOTIVOS,
  EntryRefusal,
  previewEntry,
  stagedPreview,
} from "./entries.server";
export { lerArquivosFiscais, MAX_DOCUMENTOS_ENVIO, MOTIVOS_ARQUIVO } from "./files.server";
export {
  configureFiscalReader,
  READER_TOO_HEAVY,
  stopFiscalReader,
} from "./reader.server";
