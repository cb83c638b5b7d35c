// The one interface every online payment provider implements (decision 0014). The rest of
// the app talks to charges through it and never sees a provider's wire format.

import type { ProvedorPagamento } from "~/domain/statuses";
import type { StatusCobranca } from "./cobranca";

export interface CreateCobrancaInput {
  /** Amount in centavos. */
  valor: number;
  descricao: string;
  /** Shown on the provider's side; the order number fits. */
  referencia: string;
  pagador: { email: string; nome: string };
  expiraEm: Date;
  /** Same key, same charge: a retry never charges twice. */
  idempotencyKey: string;
  /** Where the provider should announce changes (absolute URL), when known. */
  notificationUrl?: string | null;
}

/** A card checkout (Mercado Pago Checkout Pro preference) to create (decision 0080). */
export interface CreatePreferenceInput {
  itens: { titulo: string; quantidade: number /** centavos */; precoUnitario: number }[];
  /** Our order's reference; the payments made on it carry it back. */
  referencia: string;
  pagador: { email: string; nome: string };
  /** Where the customer comes back to (the order page), whatever the result. */
  voltarPara: string;
  parcelasMax: number;
  expiraEm: Date;
  idempotencyKey: string;
  notificationUrl?: string | null;
}

/** A charge as the provider reports it, in our words. */
export interface ProviderCobranca {
  externoId: string;
  status: StatusCobranca;
  statusProvedor: string;
  /** Centavos. */
  valor: number;
  referencia: string | null;
  qrCode: string | null;
  qrCodeBase64: string | null;
  ticketUrl: string | null;
  expiraEm: Date | null;
  pagoEm: Date | null;
  /** 'cartao' for a card payment (credit, debit, prepaid), else 'pix'. */
  meio: "pix" | "cartao";
  parcelas: number | null;
  /** Centavos refunded so far (partial refunds leave it approved). */
  valorReembolsado: number;
  /** A chargeback was opened (in mediation) or decided against the shop. */
  contestada: boolean;
}

export interface PaymentProvider {
  readonly nome: ProvedorPagamento;
  createCobranca(input: CreateCobrancaInput): Promise<ProviderCobranca>;
  /** null when the provider does not know the id. */
  getCobranca(externoId: string): Promise<ProviderCobranca | null>;
  /**
   * Checks a notification's signature and freshness and returns the charge it is about,
   * or null when it is authentic but not about a charge. Throws InvalidNotification.
   * The body is never trusted: the caller reads the charge from the provider.
   */
  verifyNotification(request: Request, now?: Date): Promise<{ externoId: string } | null>;
  /**
   * Cancels a charge not paid yet and returns it as it stands afterwards (paid, if the
   * payment came first); null when the provider does not know the id.
   */
  cancelCobranca(externoId: string): Promise<ProviderCobranca | null>;
  /**
   * Refunds the charge, whole or `valor` centavos of it, and returns it as it stands
   * afterwards.
   */
  refundCobranca(
    externoId: string,
    idempotencyKey: string,
    valor?: number,
  ): Promise<ProviderCobranca>;
  /** Creates a card checkout; the same key gives the same one back. */
  createPreference(input: CreatePreferenceInput): Promise<{ externoId: string; initPoint: string }>;
  /** The payments made on our reference, newest first. */
  searchPayments(referencia: string): Promise<ProviderCobranca[]>;
}

/** A notification that is unsigned, wrongly signed or stale: answered 401, nothing changes. */
export class InvalidNotification extends Error {}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
