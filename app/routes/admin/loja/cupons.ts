// POST /admin/loja/cupons: the discount coupons (their panel sits on the product list).

import { adminFormRoute } from "~/components/admin/page";
import { COUPON_REQUIRED, couponSchema } from "~/modules/promotions";
import { createCoupon, setCouponActive } from "~/modules/promotions/index.server";
import { attempt, invalid, ok } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { cupomIntent } from "~/schemas/admin-loja-intents";

const route = adminFormRoute("/admin/loja?view=produtos", "cupons.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(route, cupomIntent, async ({ actor, fields, intent }) => {
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
});
