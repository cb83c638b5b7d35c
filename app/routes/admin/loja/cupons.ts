// POST /admin/loja/cupons: the discount coupons (their panel sits on the product list).
import { redirect } from "react-router";
import { cupomIntent } from "~/schemas/admin-loja-intents";
import { COUPON_REQUIRED, couponSchema } from "~/schemas/coupon";
import { attempt, invalid, ok } from "~/server/admin-action.server";
import { requireAdmin } from "~/server/auth.server";
import { createCoupon, setCouponActive } from "~/server/coupons.server";
import { answerLoja, readLojaForm } from "~/server/loja-action.server";
import type { Route } from "./+types/cupons";

/** The panel this route serves. */
const SCREEN = "/admin/loja?view=produtos";

// Nothing to show here: an admin who opens the address lands on the panel it serves.
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
  const read = await readLojaForm(request, cupomIntent);
  if (!read.ok) return read.refusal;
  const { fields, intent } = read;

  switch (intent) {
    case "coupon-create": {
      const parsed = couponSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, COUPON_REQUIRED);
      return attempt(intent, "Erro ao criar cupom", async () => {
        await createCoupon(parsed.data, actor);
        return ok(intent, "Cupom criado com sucesso!");
      });
    }
    case "coupon-toggle":
      return attempt(intent, "Erro ao salvar cupom", async () => {
        const row = await setCouponActive(fields.id ?? "", fields.ativo === "true", actor);
        return ok(
          intent,
          row.ativo ? `Cupom ${row.codigo} ativado` : `Cupom ${row.codigo} desativado`,
        );
      });
    default:
      return intent satisfies never;
  }
}
