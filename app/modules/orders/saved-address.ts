import type { StreetAddress } from "~/modules/delivery";

/**
 * A saved address as the checkout form's fields: the page's button fills the form in place
 * with them, and the server does the same when that button posts without JavaScript.
 */
export function savedAddressFields(saved: StreetAddress & { bairro: string | null }) {
  return {
    cep: saved.cep ?? "",
    endereco: saved.logradouro,
    numero: saved.numero,
    complemento: saved.complemento ?? "",
    referencia: saved.referencia ?? "",
    bairro: saved.bairro ?? "",
  };
}
