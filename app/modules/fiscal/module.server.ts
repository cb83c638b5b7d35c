// The fiscal module's declaration of what it adds to the shared machinery (decision 0059).
// It reads the shop's NF-e and NFC-e files (issue 44, decision 0082) and keeps the documents
// applied to the stock and the suppliers' codes remembered (decision 0084).
import { defineModule } from "~/platform/module.server";

export const fiscalModule = defineModule({
  name: "fiscal",
  // The shop's record of what entered and left by invoice; the staff e-mail of who applied a
  // note is the team's (kept like the stock ledger's usuario_email), not a customer's.
  backup: { documentos_fiscais: "data", codigos_fornecedor: "data" },
});
