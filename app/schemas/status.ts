// The status changes of the admin screens (SPEC §4): validation only. The values and their
// labels live in app/domain/statuses.ts.
import { z } from "zod";
import { METODOS_RECEBIMENTO } from "~/domain/counter-payment";
import {
  STATUS_CURRICULO,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
  STATUS_SERVICO,
} from "~/domain/statuses";
import { optionalMoneyField, positiveReais } from "./money-field";

const id = z.uuid("Registro inválido");

/** A record's new status: its id and one of `values`. */
function statusChange<const V extends readonly [string, ...string[]]>(
  values: V,
  error = "Status inválido",
) {
  return z.object({ id, status: z.enum(values, { error }) });
}

/**
 * A payment received in person (issue 43): how, how much, cash handed over, why. Shared by an
 * order's hand-over and a grooming booking's (decisions 0077, 0078).
 */
export const counterPaymentFields = {
  pagamentoMetodo: z.enum(METODOS_RECEBIMENTO, { error: "Escolha como foi pago" }).optional(),
  pagamentoValor: optionalMoneyField("Valor recebido inválido"),
  pagamentoRecebido: optionalMoneyField("Valor entregue inválido"),
  pagamentoMotivo: z
    .string()
    .trim()
    .max(200, "Use no máximo 200 caracteres")
    .optional()
    .transform((v) => v || null),
};

export const orderStatusSchema = statusChange(STATUS_PEDIDO).extend({
  /** "Retirado" asks for the code the customer says at the counter. */
  codigoRetirada: z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((v) => v || null),
  /** A cancellation: the reason the customer's e-mail gives (the shop's default when empty). */
  motivo: z
    .string()
    .trim()
    .max(300, "Use no máximo 300 caracteres")
    .optional()
    .transform((v) => v || null),
  /** A cancellation after hand-over: put the units back in hand. */
  voltarAoEstoque: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  /** The hand-over of an order paid then (issue 43): how, how much, cash handed over, why. */
  ...counterPaymentFields,
});

type CounterPaymentData = z.infer<z.ZodObject<typeof counterPaymentFields>>;

/** The payment of a hand-over as the modules take it (null when none was sent). */
export function handOverPayment(data: CounterPaymentData) {
  if (!data.pagamentoMetodo) return null;
  return {
    metodo: data.pagamentoMetodo,
    valor: data.pagamentoValor ?? 0,
    recebido: data.pagamentoRecebido,
    motivo: data.pagamentoMotivo,
  };
}
export const paymentStatusSchema = statusChange(STATUS_PAGAMENTO, "Status de pagamento inválido");
export const refundSchema = z.object({ id });
/** A refund: whole (no amount) or part of what was paid, in reais ("50,00"). */
export const paymentRefundSchema = z.object({
  id,
  valor: z.string().trim().max(20, "Valor inválido").optional().transform(positiveReais(undefined)),
});
export const groomingStatusSchema = statusChange(STATUS_SERVICO);
export const resumeStatusSchema = statusChange(STATUS_CURRICULO);
