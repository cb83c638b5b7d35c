// POST /admin/loja/pedidos: an order's status, its payment status, and the refund of an
// automatic-Pix payment.
import { redirect } from "react-router";
import { pedidoIntent } from "~/schemas/admin-loja-intents";
import { orderStatusSchema, paymentStatusSchema, refundSchema } from "~/schemas/status";
import { attempt, fail, ok } from "~/server/admin-action.server";
import { requireAdmin } from "~/server/auth.server";
import { answerLoja, readLojaForm } from "~/server/loja-action.server";
import { refundOrderPix, setOrderStatus, setPaymentStatus } from "~/server/orders-admin.server";
import type { Route } from "./+types/pedidos";

/** The panel this route serves. */
const SCREEN = "/admin/loja?view=pedidos";

// Nothing to show here: an admin who opens the address lands on the list it serves.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(SCREEN);
}

export async function action({ request }: Route.ActionArgs) {
  return answerLoja(request, SCREEN, await act(request));
}

async function act(request: Request) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const read = await readLojaForm(request, pedidoIntent);
  if (!read.ok) return read.refusal;
  const { fields, intent } = read;

  switch (intent) {
    case "order-status": {
      const parsed = orderStatusSchema.safeParse(fields);
      if (!parsed.success) return fail(intent, "Erro ao atualizar status");
      return attempt(intent, "Erro ao atualizar status", async () => {
        const { estoque } = await setOrderStatus(parsed.data.id, parsed.data.status, actor);
        return ok(
          intent,
          "Status do pedido atualizado",
          estoque === "devolvido"
            ? "Os itens voltaram para o estoque."
            : estoque === "retirado"
              ? "Os itens foram retirados do estoque novamente."
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
      const parsed = refundSchema.safeParse(fields);
      if (!parsed.success) return fail(intent, "Erro ao reembolsar pagamento");
      return attempt(intent, "Erro ao reembolsar pagamento", async () => {
        await refundOrderPix(parsed.data.id, actor);
        return ok(intent, "Pagamento reembolsado", "O valor foi devolvido ao cliente pelo Pix.");
      });
    }
    default:
      return intent satisfies never;
  }
}
