// How an order's line is named wherever staff or customers read it (the admin card and its
// compact row, the print sheet, the e-mails, the WhatsApp message): the product and its pack,
// so the staff pick the 15 kg bag and not the 1 kg one.
import { lineName } from "~/modules/catalog";

/** "Ração Quatree Supreme — 15 kg"; the product's name alone for its only variant. */
export function orderLineName(item: { produtoNome: string; varianteRotulo?: string | null }) {
  return lineName(item.produtoNome, item.varianteRotulo ?? "");
}
