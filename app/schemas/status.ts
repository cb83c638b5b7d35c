// The status changes of the admin screens (SPEC §4): validation only. The values and their
// labels live in app/domain/statuses.ts.
import { z } from "zod";
import {
  STATUS_CURRICULO,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
  STATUS_SERVICO,
} from "~/domain/statuses";

const id = z.uuid("Registro inválido");

export const orderStatusSchema = z.object({
  id,
  status: z.enum(STATUS_PEDIDO, { error: "Status inválido" }),
});
export const paymentStatusSchema = z.object({
  id,
  status: z.enum(STATUS_PAGAMENTO, { error: "Status de pagamento inválido" }),
});
export const refundSchema = z.object({ id });
export const groomingStatusSchema = z.object({
  id,
  status: z.enum(STATUS_SERVICO, { error: "Status inválido" }),
});
export const resumeStatusSchema = z.object({
  id,
  status: z.enum(STATUS_CURRICULO, { error: "Status inválido" }),
});
