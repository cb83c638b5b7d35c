// Mercado Pago Pix through its REST API (https://api.mercadopago.com): POST /v1/payments
// with payment_method_id 'pix', GET /v1/payments/{id}, POST /v1/payments/{id}/refunds.
// Notifications are signed: x-signature 'ts=...,v1=...' is the HMAC-SHA256, with the
// webhook secret, of 'id:{data.id};request-id:{x-request-id};ts:{ts};'.
import crypto from "node:crypto";
import { centavosToReais, decimalToCentavos } from "~/domain/money";
import { shopIsoString } from "~/domain/shop-time";
import { sameSecret } from "~/platform/secret.server";
import { statusFromMercadoPago } from "./cobranca";
import {
  type CreateCobrancaInput,
  type CreatePreferenceInput,
  InvalidNotification,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCobranca,
} from "./provider.server";

const MERCADOPAGO_API_URL = "https://api.mercadopago.com";
const TIMEOUT_MS = 10_000;
/** A signature older (or newer) than this is refused: a captured request cannot be replayed. */
const SIGNATURE_MAX_AGE_MS = 5 * 60_000;
const MAX_BODY_BYTES = 64 * 1024;

export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string | null;
  apiUrl?: string;
}

/** The parts of a payment we read (the API sends many more). */
interface MpPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  transaction_amount: number;
  external_reference?: string | null;
  date_of_expiration?: string | null;
  date_approved?: string | null;
  payment_type_id?: string | null;
  installments?: number | null;
  transaction_amount_refunded?: number | null;
  point_of_interaction?: {
    transaction_data?: { qr_code?: string; qr_code_base64?: string; ticket_url?: string };
  };
}

/** Mercado Pago's date format: ISO 8601 with the offset, on the shop's clock. */
export function mpDate(date: Date): string {
  return shopIsoString(date);
}

function toCobranca(p: MpPayment): ProviderCobranca {
  const data = p.point_of_interaction?.transaction_data;
  return {
    externoId: String(p.id),
    status: statusFromMercadoPago(p.status, p.status_detail),
    statusProvedor: p.status_detail ? `${p.status}/${p.status_detail}` : p.status,
    valor: decimalToCentavos(Number(p.transaction_amount).toFixed(2)),
    referencia: p.external_reference ?? null,
    qrCode: data?.qr_code ?? null,
    qrCodeBase64: data?.qr_code_base64 ?? null,
    ticketUrl: data?.ticket_url ?? null,
    expiraEm: p.date_of_expiration ? new Date(p.date_of_expiration) : null,
    pagoEm: p.date_approved ? new Date(p.date_approved) : null,
    meio: CARD_TYPES.has(p.payment_type_id ?? "") ? "cartao" : "pix",
    parcelas: CARD_TYPES.has(p.payment_type_id ?? "") ? Number(p.installments ?? 1) : null,
    valorReembolsado: decimalToCentavos(Number(p.transaction_amount_refunded ?? 0).toFixed(2)),
    contestada: p.status === "charged_back" || p.status === "in_mediation",
  };
}

const CARD_TYPES = new Set(["credit_card", "debit_card", "prepaid_card"]);

/** Parses 'ts=...,v1=...' (order and spaces free). */
export function parseSignature(header: string | null): { ts: string; v1: string } | null {
  if (!header) return null;
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const [key, ...rest] = piece.split("=");
    if (key && rest.length) parts.set(key.trim(), rest.join("=").trim());
  }
  const ts = parts.get("ts");
  const v1 = parts.get("v1");
  return ts && v1 && /^\d+$/.test(ts) && /^[0-9a-f]+$/i.test(v1) ? { ts, v1 } : null;
}

/** The signed text; a part whose value is missing is left out, as Mercado Pago does. */
export function signatureManifest(dataId: string | null, requestId: string | null, ts: string) {
  // Alphanumeric ids are signed in lower case.
  const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ""}${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
}

export function signNotification(
  secret: string,
  dataId: string | null,
  requestId: string | null,
  ts: string,
) {
  return crypto
    .createHmac("sha256", secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest("hex");
}

/** ts is documented in seconds but has been seen in milliseconds: take both. */
function tsToMs(ts: string): number {
  const n = Number(ts);
  return n > 1e11 ? n : n * 1000;
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) return {};
  const text = await request.text().catch(() => "");
  if (!text || text.length > MAX_BODY_BYTES) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function mercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const base = (options.apiUrl || MERCADOPAGO_API_URL).replace(/\/+$/, "");

  async function call(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.accessToken}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey) headers["x-idempotency-key"] = idempotencyKey;
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      throw new PaymentProviderError(
        `Não foi possível falar com o Mercado Pago: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function expectPayment(response: Response, what: string): Promise<MpPayment> {
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 200);
      throw new PaymentProviderError(
        `Mercado Pago recusou ${what} (HTTP ${response.status})${detail ? `: ${detail}` : ""}`,
        response.status,
      );
    }
    const payment = (await response.json()) as MpPayment;
    if (!payment || payment.id === undefined || typeof payment.status !== "string") {
      throw new PaymentProviderError(`Resposta inesperada do Mercado Pago ao ${what}`);
    }
    return payment;
  }

  async function getCobranca(externoId: string): Promise<ProviderCobranca | null> {
    if (!/^\d{1,20}$/.test(externoId)) return null;
    const response = await call("GET", `/v1/payments/${externoId}`);
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    return toCobranca(await expectPayment(response, "consultar o pagamento"));
  }

  return {
    nome: "mercadopago",

    async createCobranca(input: CreateCobrancaInput) {
      const [firstName, ...rest] = input.pagador.nome.trim().split(/\s+/);
      const response = await call(
        "POST",
        "/v1/payments",
        {
          transaction_amount: centavosToReais(input.valor),
          description: input.descricao,
          payment_method_id: "pix",
          external_reference: input.referencia,
          date_of_expiration: mpDate(input.expiraEm),
          ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
          payer: {
            email: input.pagador.email,
            first_name: firstName ?? "",
            last_name: rest.join(" "),
          },
        },
        input.idempotencyKey,
      );
      return toCobranca(await expectPayment(response, "criar a cobrança Pix"));
    },

    getCobranca,

    async verifyNotification(request: Request, now = new Date()) {
      if (!options.webhookSecret) {
        throw new InvalidNotification("Segredo do webhook do Mercado Pago não configurado");
      }
      const signature = parseSignature(request.headers.get("x-signature"));
      if (!signature) throw new InvalidNotification("Notificação sem assinatura");
      const age = Math.abs(now.getTime() - tsToMs(signature.ts));
      if (!(age <= SIGNATURE_MAX_AGE_MS)) throw new InvalidNotification("Assinatura vencida");

      const url = new URL(request.url);
      const body = await readBody(request);
      const bodyData = body.data as { id?: unknown } | undefined;
      // Mercado Pago signs the id of the query string; older senders put it only in the body.
      const dataId =
        url.searchParams.get("data.id") ??
        (bodyData && (typeof bodyData.id === "string" || typeof bodyData.id === "number")
          ? String(bodyData.id)
          : null);
      const expected = Buffer.from(
        signNotification(
          options.webhookSecret,
          dataId,
          request.headers.get("x-request-id"),
          signature.ts,
        ),
        "hex",
      );
      const given = Buffer.from(signature.v1, "hex");
      if (!sameSecret(expected, given)) {
        throw new InvalidNotification("Assinatura inválida");
      }

      const type = url.searchParams.get("type") ?? url.searchParams.get("topic") ?? body.type;
      if (type !== "payment" || !dataId) return null;
      return { externoId: dataId };
    },

    async cancelCobranca(externoId: string) {
      if (!/^\d{1,20}$/.test(externoId)) return null;
      // PUT /v1/payments/{id} with status 'cancelled': a pending Pix can no longer be paid.
      const response = await call("PUT", `/v1/payments/${externoId}`, { status: "cancelled" });
      if (response.ok) return toCobranca(await expectPayment(response, "cancelar o Pix"));
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 400 && response.status < 500) {
        // Not cancellable (paid, expired meanwhile): what it became is what counts.
        return getCobranca(externoId);
      }
      throw new PaymentProviderError(
        `Mercado Pago não cancelou o Pix (HTTP ${response.status})`,
        response.status,
      );
    },

    async createPreference(input: CreatePreferenceInput) {
      const [firstName, ...rest] = input.pagador.nome.trim().split(/\s+/);
      const response = await call(
        "POST",
        "/checkout/preferences",
        {
          items: input.itens.map((item, i) => ({
            id: String(i + 1),
            title: item.titulo.slice(0, 250),
            quantity: item.quantidade,
            unit_price: centavosToReais(item.precoUnitario),
            currency_id: "BRL",
          })),
          payer: { email: input.pagador.email, name: firstName ?? "", surname: rest.join(" ") },
          external_reference: input.referencia,
          back_urls: {
            success: input.voltarPara,
            pending: input.voltarPara,
            failure: input.voltarPara,
          },
          auto_return: "all",
          ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
          // Cards only: Pix is offered by the shop's own flow, boleto takes days.
          payment_methods: {
            installments: input.parcelasMax,
            default_installments: 1,
            excluded_payment_types: [{ id: "ticket" }, { id: "bank_transfer" }, { id: "atm" }],
          },
          expires: true,
          expiration_date_to: mpDate(input.expiraEm),
          statement_descriptor: "AGROPET",
        },
        input.idempotencyKey,
      );
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new PaymentProviderError(
          `Mercado Pago recusou criar o checkout (HTTP ${response.status})${detail ? `: ${detail}` : ""}`,
          response.status,
        );
      }
      const body = (await response.json()) as { id?: unknown; init_point?: unknown };
      if (typeof body.id !== "string" || typeof body.init_point !== "string") {
        throw new PaymentProviderError("Resposta inesperada do Mercado Pago ao criar o checkout");
      }
      return { externoId: body.id, initPoint: body.init_point };
    },

    async searchPayments(referencia: string) {
      const query = new URLSearchParams({
        external_reference: referencia,
        sort: "date_created",
        criteria: "desc",
        limit: "30",
      });
      const response = await call("GET", `/v1/payments/search?${query}`);
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new PaymentProviderError(
          `Mercado Pago recusou a busca de pagamentos (HTTP ${response.status})`,
          response.status,
        );
      }
      const body = (await response.json()) as { results?: MpPayment[] };
      return (body.results ?? [])
        .filter((p) => p && p.id !== undefined && typeof p.status === "string")
        .map(toCobranca);
    },

    async refundCobranca(externoId: string, idempotencyKey: string, valor?: number) {
      const response = await call(
        "POST",
        `/v1/payments/${externoId}/refunds`,
        valor === undefined ? {} : { amount: centavosToReais(valor) },
        idempotencyKey,
      );
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new PaymentProviderError(
          `Mercado Pago recusou o reembolso (HTTP ${response.status})${detail ? `: ${detail}` : ""}`,
          response.status,
        );
      }
      await response.body?.cancel().catch(() => undefined);
      // The refund answer describes the refund; the payment's new status is read back.
      const after = await getCobranca(externoId);
      if (!after) throw new PaymentProviderError("Pagamento não encontrado no Mercado Pago");
      return after;
    },
  };
}
