// The fiscal module's declaration of what it adds to the shared machinery (decision 0059).
// It reads the shop's NF-e and NFC-e files (issue 44, decision 0082); its tables come with
// the supplier entries and counter sales that apply them to the stock.
import { defineModule } from "~/platform/module.server";

export const fiscalModule = defineModule({ name: "fiscal" });
