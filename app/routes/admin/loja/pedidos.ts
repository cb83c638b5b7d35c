// POST /admin/loja/pedidos: an order's status, its payment status, the refund of an
// automatic-Pix payment, and reopening an order paid after its cancellation.

import { adminFormRoute } from "~/components/admin/page";
import * as orders from "~/modules/orders/index.server";
import { adminIntent, fail } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { statusIntent } from "~/routes/admin/status-intent.server";
import * as status from "~/schemas/status";

const route = adminFormRoute("/admin/loja?view=pedidos", "pedidos.operar");
export const handle = route.handle;
export const loader = lojaLoader(route);

/** The fields of the status form whose refusal says what to fix; any other, the generic text. */
const STATUS_REASON_FIELDS = [
  "motivo",
  "pagamentoMetodo",
  "pagamentoValor",
  "pagamentoRecebido",
  "pagamentoMotivo",
];

/** The refusal of a form that shows one message: the action's own failure text. */
const refuseWith = (message: string) => (_error: unknown, intent: string) => fail(intent, message);

export const action = lojaAction(route, {
  "order-status": adminIntent({
    schema: status.orderStatusSchema,
    refusal: (error, intent) => {
      const reason = error.issues.find((i) => STATUS_REASON_FIELDS.includes(String(i.path[0])));
      return fail(intent, reason?.message ?? "Erro ao atualizar status");
    },
    failure: "Erro ao atualizar status",
    run: async (data, { actor }) => {
      const { estoque } = await orders.setOrderStatus(data.id, data.status, actor, {
        codigoRetirada: data.codigoRetirada,
        voltarAoEstoque: data.voltarAoEstoque,
        motivo: data.motivo,
        pagamento: status.handOverPayment(data),
      });
      return [
        "Status do pedido atualizado",
        estoque === "devolvido"
          ? "Os itens voltaram para o estoque."
          : estoque === "liberado"
            ? "A reserva dos itens foi liberada."
            : undefined,
      ] as const;
    },
  }),
  "payment-status": statusIntent({
    schema: status.paymentStatusSchema,
    set: orders.setPaymentStatus,
    success: "Pagamento atualizado",
    failure: "Erro ao atualizar pagamento",
  }),
  "pix-refund": adminIntent({
    schema: status.paymentRefundSchema,
    refusal: refuseWith("Erro ao reembolsar pagamento"),
    failure: "Erro ao reembolsar pagamento",
    capability: "pedidos.reembolsar",
    run: async (data, { actor }) => {
      const cobranca = await orders.refundOrderPix(data.id, actor, data.valor);
      return [
        cobranca.status === "reembolsada" ? "Pagamento reembolsado" : "Reembolso parcial feito",
        "O valor foi devolvido ao cliente.",
      ] as const;
    },
  }),
  "order-reopen": adminIntent({
    schema: status.refundSchema,
    refusal: refuseWith("Erro ao reabrir pedido"),
    failure: "Erro ao reabrir pedido",
    run: async (data, { actor }) => {
      await orders.reopenPaidOrder(data.id, actor);
      return ["Pedido reaberto", "Os itens foram reservados de novo."] as const;
    },
  }),
});
