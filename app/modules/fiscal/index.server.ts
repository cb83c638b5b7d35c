// The fiscal module's server face: the shop's NF-e and NFC-e files read (issue 44), the
// supplier's NF-e received into a unit's stock (decision 0084) and the counter's NFC-e
// recorded as counter sales (decision 0089).
export {
  BALCAO_MOTIVOS,
  counterSalesByUnit,
  importCounterSales,
  mapCounterCode,
  pendingCounterCodes,
  reservationsAtRisk,
} from "./counter-sales.server";
export type { ItemChoice } from "./entries.server";
export {
  confirmEntry,
  ENTRADA_MOTIVOS,
  EntryRefusal,
  previewEntry,
  stagedPreview,
} from "./entries.server";
export { lerArquivosFiscais, MAX_DOCUMENTOS_ENVIO, MOTIVOS_ARQUIVO } from "./files.server";
export { importNfceFolder, NFCE_FOLDER, NFCE_FOLDER_JOB } from "./folder.server";
export {
  configureFiscalReader,
  READER_TOO_HEAVY,
  readFiscalFiles,
  stopFiscalReader,
} from "./reader.server";
