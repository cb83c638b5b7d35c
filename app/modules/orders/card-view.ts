// What the order page shows of an order paid by card online (decision 0080), as the
// customer reads it: approved (with the installments), in analysis, refused (with "Tentar de
// novo" and Pix), waiting for the customer to pay, expired, refunded.
export type CardOnlineView =
  | { estado: "aprovado"; parcelas: number | null }
  | { estado: "analise" }
  | {
      estado: "recusado" | "aguardando";
      motivo: string | null;
      /** The payment deadline, dd/MM/yyyy HH:mm. */
      prazo: string;
      /** Online Pix is on: the page offers switching to it. */
      pix: boolean;
    }
  | { estado: "expirado" }
  | { estado: "reembolsado" };
