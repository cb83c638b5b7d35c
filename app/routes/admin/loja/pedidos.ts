// POST /admin/loja/pedidos: an order's status, its payment status, the refund of an
// automatic-Pix payment, and reopening an order paid after its cancellation.

import { adminFormRoute } from "~/components/admin/page";
import {
  refundOrderPix,
  reopenPaidOrder,
  setOrderStatus,
  setPaymentStatus,
} from "~/modules/orders/index.server";
import { attempt, fail, ok } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { pedidoIntent } from "~/schemas/admin-loja-intents";
import {
  handOverPayment,
  orderStatusSchema,
  paymentRefundSchema,
  paymentStatusSchema,
  refundSchema,
} from "~/schemas/status";

const route = adminFormRoute("/admin/loja?view=pedidos", "pedidos.operar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(
  route,
  pedidoIntent,
  async ({ actor, fields, intent }) => {
    switch (intent) {
      case "order-status": {
        const parsed = orderStatusSchema.safeParse(fields);
        if (!parsed.success) {
          const reason = parsed.error.issues.find((i) =>
            [
              "motivo",
              "pagamentoMetodo",
              "pagamentoValor",
              "pagamentoRecebido",
              "pagamentoMotivo",
            ].includes(String(i.path[0])),
          );
          return fail(intent, reason?.message ?? "Erro ao atualizar status");
        }
        return attempt(intent, "Erro ao atualizar status", async () => {
          const { estoque } = await setOrderStatus(parsed.data.id, parsed.data.status, actor, {
            codigoRetirada: parsed.data.codigoRetirada,
            voltarAoEstoque: parsed.data.voltarAoEstoque,
            motivo: parsed.data.motivo,
            pagamento: handOverPayment(parsed.data),
          });
          return ok(
            intent,
            "Status do pedido atualizado",
            estoque === "devolvido"
              ? "Os itens voltaram para o estoque."
              : estoque === "liberado"
                ? "A reserva dos itens foi liberada."
                : undefined,
          );
        });
      }
      case "payment-status": {
        const parsed = paymentStatusSchema.safeParse(fields);
        if (!parsed.success) return fail(intent, "Erro ao atualizar pagamento");
        return attempt(intent, "Erro ao atualizar pagamento", async () => {
          await setPaymentStatus(parsed.data.id, parsed.data.status, actor);
          return ok(intent, "Pagamento atualizado");
        });
      }
      case "pix-refund": {
        const parsed = paymentRefundSchema.safeParse(fields);
        if (!parsed.success) return fail(intent, "Erro ao reembolsar pagamento");
        return attempt(intent, "Erro ao reembolsar pagamento", async () => {
          const cobranca = await refundOrderPix(parsed.data.id, actor, parsed.data.valor);
          return cobranca.status === "reembolsada"
            ? ok(intent, "Pagamento reembolsado", "O valor foi devolvido ao cliente.")
            : ok(intent, "Reembolso parcial feito", "O valor foi devolvido ao cliente.");
        });
      }
      case "order-reopen": {
        const parsed = refundSchema.safeParse(fields);
        if (!parsed.success) return fail(intent, "Erro ao reabrir pedido");
        return attempt(intent, "Erro ao reabrir pedido", async () => {
          await reopenPaidOrder(parsed.data.id, actor);
          return ok(intent, "Pedido reaberto", "Os itens foram reservados de novo.");
        });
      }
      default:
        return intent satisfies never;
    }
  },
  { "pix-refund": "pedidos.reembolsar" },
);
