// The fiscal module's declaration of what it adds to the shared machinery (decision 0059).
// It reads the shop's NF-e and NFC-e files (issue 44, decision 0082), keeps the documents
// applied to the stock and the suppliers' codes remembered (decision 0084), and picks the
// counter's NFC-e up from the import folder (decision 0089).
import { defineModule } from "~/platform/module.server";
import { importNfceFolder, NFCE_FOLDER_JOB } from "./folder.server";

export const fiscalModule = defineModule({
  name: "fiscal",
  jobs: [
    {
      id: NFCE_FOLDER_JOB,
      label: "Vendas do balcão: NFC-e da pasta de importação",
      intervalMs: 5 * 60_000,
      timeoutMs: 10 * 60_000,
      run: async ({ signal }) => importNfceFolder(signal),
    },
  ],
  // The shop's record of what entered and left by invoice; the staff e-mail of who applied a
  // note is the team's (kept like the stock ledger's usuario_email), not a customer's.
  backup: {
    documentos_fiscais: "data",
    codigos_fornecedor: "data",
    vendas_balcao_itens: "data",
    cancelamentos_nfce: "data",
  },
});
